"""The game screen's keys are bindings: they act, the Footer shows the ones that apply now,
and `check_action` hides or greys the rest (issue 15)."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text

from mtg_tui.app import MtgApp
from mtg_tui.screens.game import GameScreen
from mtg_tui.screens.menu import MenuScreen
from mtg_tui.screens.modals import LeaveDialog
from mtg_tui.session import Session


def footer(app: MtgApp) -> str:
    """The Footer's line: the last row of the screen."""
    return screen_text(app).rstrip("\n").split("\n")[-1]


def battlefield(game, player: str) -> list[str]:  # noqa: ANN001
    return sorted(o.name for o in game.permanents(player))


def test_every_game_binding_has_an_action_method() -> None:
    for binding in GameScreen.BINDINGS:
        action = binding.action.split("(")[0]  # type: ignore[union-attr]
        if not action.startswith("app."):
            assert callable(getattr(GameScreen, f"action_{action}", None)), action


@pytest.mark.asyncio
async def test_undo_is_hidden_until_there_is_something_to_undo() -> None:
    game = position({"alice": {"hand": ["Forest", "Forest"]}, "goldfish": {}}, goldfish=("goldfish",))
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        assert screen.check_action("undo", ()) is False
        assert "undo" not in footer(app)
        await pilot.press("enter")  # play a Forest
        assert battlefield(screen.game, "alice") == ["Forest"]
        assert screen.check_action("undo", ()) is True
        assert "^z undo" in footer(app)
        await pilot.press("ctrl+z")
        assert battlefield(screen.game, "alice") == []
        assert screen.check_action("undo", ()) is False


@pytest.mark.asyncio
async def test_pay_by_hand_greyed_when_nothing_can_be_cast_and_lab_only_in_goldfish() -> None:
    game = position({"alice": {"hand": ["Craw Wurm"], "battlefield": ["Forest"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        assert screen.check_action("pay_by_hand", ()) is None  # Craw Wurm costs six: greyed
        assert screen.check_action("deck_lab", ()) is False  # hidden: not a goldfish game
        assert "d lab" not in footer(app)
        assert "space pass" in footer(app) and "⏎ play" in footer(app) and "q leave" in footer(app)


@pytest.mark.asyncio
async def test_pass_greyed_while_the_decision_is_not_a_priority() -> None:
    game = position({"alice": {"battlefield": ["Runeclaw Bear"]}, "bob": {}}, step="declare_attackers")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        assert screen.game.decision.kind == "attackers"
        assert screen.check_action("pass_priority", ()) is None
        assert screen.check_action("confirm", ()) is True  # Enter confirms the attackers
        assert screen.check_action("play", ()) is False
        assert "⏎ confirm" in footer(app) and "esc cancel" in footer(app)


@pytest.mark.asyncio
async def test_home_and_end_in_the_hand() -> None:
    game = position({"alice": {"hand": ["Forest", "Shock", "Craw Wurm", "Giant Growth"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("end")
        assert screen.cursor["hand"] == 3
        assert "Giant Growth" in screen.query_one("#detail").render().plain  # type: ignore[union-attr]
        await pilot.press("home")
        assert screen.cursor["hand"] == 0
        await pilot.press("l", "l")
        assert screen.cursor["hand"] == 2


@pytest.mark.asyncio
async def test_command_bar_takes_the_keys_while_open() -> None:
    game = position({"alice": {"hand": ["Forest"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("colon")
        assert screen.check_action("pass_priority", ()) is False and screen.check_action("close_command_bar", ())
        await pilot.press("e", "space")  # typed into the bar, not passing
        assert screen.game.turn == 1 and screen.game.decision.player == "alice"
        await pilot.press("escape")
        assert not screen.command_bar_open()


@pytest.mark.asyncio
async def test_leave_cancel_then_back_to_the_menu_keeps_the_game_in_the_autosave() -> None:
    game = position({"alice": {"hand": ["Forest"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # a Forest played: the autosave has it
        await pilot.press("q")
        assert isinstance(app.screen, LeaveDialog) and "back to the menu" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.is_running
        assert "Continue the autosaved game" in screen_text(app)


@pytest.mark.asyncio
async def test_leave_save_and_quit_saves_and_says_where(tmp_path, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from mtg_tui.persistence.saves import load_checked, saves_dir

    monkeypatch.chdir(tmp_path)
    game = position({"alice": {"hand": ["Forest"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "q", "s")
    assert not app.is_running
    saved = list(saves_dir().glob("mtg-tui-alice-bob-*.json"))  # the data dir (a temp dir in tests)
    assert len(saved) == 1
    assert f"saved to {saved[0]}" in capsys.readouterr().err.replace("\n", "")
    session, _ = load_checked(saved[0])
    assert battlefield(session.game, "alice") == ["Forest"]


@pytest.mark.asyncio
async def test_leave_quit_exits() -> None:
    app = MtgApp(session=Session(position({"alice": {}, "bob": {}}), open_hands=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q", "q")
    assert not app.is_running


@pytest.mark.asyncio
async def test_the_footer_fits_at_the_minimum_size_with_every_key_shown() -> None:
    from mtg_tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH

    game = position({"alice": {"hand": ["Forest", "Llanowar Elves"]}, "goldfish": {}}, goldfish=("goldfish",))
    app = app_for(game, open_hands=False)
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        await pilot.press("enter")  # a Forest: now undo applies too
        await pilot.pause()
        line = footer(app)
        for shown in ("tab zones", "⏎ play", "p pay by hand", "space pass", "e end turn", ": command", "^z undo",
                      "d lab", "? help", "q leave"):
            assert shown in line, (shown, line)
        assert len(line.rstrip()) <= MIN_WIDTH


@pytest.mark.asyncio
async def test_the_graveyards_screen_keys() -> None:
    from mtg_tui.screens.zones import ZonesScreen

    game = position({"alice": {"graveyard": ["Shock", "Giant Growth"]}, "bob": {"graveyard": ["Cancel"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        zones = app.screen
        assert isinstance(zones, ZonesScreen) and "alice's graveyard (2)" in screen_text(app)
        await pilot.press("j")
        assert zones.cursor == 1
        await pilot.press("l", "l")  # alice's exile, then bob's graveyard
        assert "bob's graveyard (1)" in screen_text(app) and zones.cursor == 0
        await pilot.press("h")
        assert "alice's exile (0)" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
