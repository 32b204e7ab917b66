"""The gauntlet in the client (issue 28): the menu's entry and form, the gauntlet screen with
the five opponents, a game against the next one, the game over screen back to the gauntlet,
the summary at the end, and progress kept when the app is closed (a game left mid-way goes on
from the autosave; without it, it counts as not played and starts again).  Games are decided
fast by conceding (Ctrl+D, y): a loss."""

from __future__ import annotations

import pytest
from conftest import SIZE, game_screen, screen_text
from textual.pilot import Pilot
from textual.widgets import Input, Select

from mtg_tui.app import MtgApp
from mtg_tui.gauntlet import PLAYER, Gauntlet
from mtg_tui.persistence import autosave, gauntlet_file
from mtg_tui.persistence.saves import read_record
from mtg_tui.screens.game import GameScreen
from mtg_tui.screens.game_over import GameOverScreen
from mtg_tui.screens.gauntlet import GauntletFormScreen, GauntletScreen
from mtg_tui.screens.modals import ConcedeDialog

pytestmark = pytest.mark.asyncio


async def wait_for(pilot: Pilot, kind: type, limit: int = 200) -> None:
    """Pause until the screen on top is a `kind` (the computer may be thinking in a worker)."""
    for _ in range(limit):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.pause(0.02)
    raise AssertionError(f"no {kind.__name__}: {pilot.app.screen}")


async def wait_for_game(pilot: Pilot, limit: int = 200) -> None:
    """Pause until a game is on (its first decision, a mulligan, may be a dialog over it)."""
    for _ in range(limit):
        if any(isinstance(s, GameScreen) for s in pilot.app.screen_stack):
            return
        await pilot.pause(0.02)
    raise AssertionError(f"no game: {pilot.app.screen}")


async def concede(pilot: Pilot) -> None:
    """Concede the game in play (Ctrl+D, then y), whatever dialog is up, until it is over."""
    for _ in range(100):
        if isinstance(pilot.app.screen, GameOverScreen):
            return
        if isinstance(pilot.app.screen, ConcedeDialog):
            await pilot.press("y")
        else:
            await pilot.press("ctrl+d")
        await pilot.pause(0.02)
    raise AssertionError(f"the game never ended: {pilot.app.screen}")


def begun(seed: int = 11, level: str = "random") -> Gauntlet:
    return gauntlet_file.begin(Gauntlet.new("red-green", "M10", level=level, seed=seed))[0]


async def test_the_menus_entry_starts_a_gauntlet_and_a_game_comes_back_to_it() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        form = app.screen
        assert isinstance(form, GauntletFormScreen), "the menu's t opens the gauntlet's form"
        shown = screen_text(app)  # the decks it takes, grouped as the new-game form groups them
        assert "10E theme decks:" in shown and "M12 Intro Packs:" in shown
        form.query_one("#deck", Input).value = "red-green"
        form.query_one("#set", Select).value = "M11"
        form.query_one("#level", Select).value = "random"
        await pilot.press("enter")
        await wait_for(pilot, GauntletScreen)
        text = screen_text(app)
        for product in ("Blades of Victory", "Breath of Fire", "Power of Prophecy", "Reign of Vampirism",
                        "Stampede of Beasts"):
            assert product in text
        assert "▶ 1. Blades of Victory (blades-of-victory): next" in text
        await pilot.press("enter")
        await wait_for_game(pilot)
        session = game_screen(app).session
        assert session.computers == {"blades-of-victory": "random"} and PLAYER in session.humans
        await concede(pilot)
        assert "Gauntlet: against Blades of Victory lost 0-1; next: Breath of Fire. n: the gauntlet." in \
            screen_text(app)
        assert app.screen.check_action("choose", ("undo",)) is False, "a gauntlet's result is not taken back"
        await pilot.press("s")  # saving: the game over screen comes back, still the gauntlet's
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, GameOverScreen)
        assert "n: the gauntlet." in screen_text(app)
        await pilot.press("n")
        await wait_for(pilot, GauntletScreen)
        text = screen_text(app)
        assert "1. Blades of Victory (blades-of-victory): lost 0-1 [lost on turn" in text
        assert "▶ 2. Breath of Fire (breath-of-fire): next" in text
    stored = gauntlet_file.read().current
    assert stored is not None and stored.matches[0].games[0].ending == f"{PLAYER} concedes"


async def test_a_deck_error_shows_in_the_form() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        app.screen.query_one("#deck", Input).value = "no-such-deck"
        await pilot.press("enter")
        assert isinstance(app.screen, GauntletFormScreen)
        assert "no deck called 'no-such-deck'" in screen_text(app)
    assert gauntlet_file.read().current is None


async def test_five_games_then_the_summary() -> None:
    begun()
    app = MtgApp(gauntlet=True)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await wait_for(pilot, GauntletScreen)
            await pilot.press("enter")
            await wait_for_game(pilot)
            await concede(pilot)
            await pilot.press("n")
        await wait_for(pilot, GauntletScreen)
        text = screen_text(app)
        assert "The gauntlet is over." in text and "matches won 0, lost 5; 5 games, average" in text
        assert app.screen.check_action("play", ()) is False, "nothing left to play"
        await pilot.press("escape")
        assert type(app.screen).__name__ == "MenuScreen"
    store = gauntlet_file.read()
    assert store.current is None and store.finished[-1].summary().matches_lost == 5


async def test_progress_survives_closing_the_app_and_the_game_goes_on_from_the_autosave() -> None:
    begun(seed=21)
    app = MtgApp(gauntlet=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for_game(pilot)
        first = game_screen(app).session.game
        seed, actions = first.setup.seed, len(first.record)
    stored = gauntlet_file.read().current  # the app is closed mid-game
    assert stored is not None and stored.pending == 21 and seed == 21

    again = MtgApp(gauntlet=True)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, GauntletScreen)
        assert "a game in progress" in screen_text(again)
        await pilot.press("enter")
        await wait_for_game(pilot)
        resumed = game_screen(again).session.game
        assert resumed.setup.seed == 21 and len(resumed.record) == actions, "the same game, where it was"
        await concede(pilot)
        await pilot.press("n")
        await wait_for(pilot, GauntletScreen)
    stored = gauntlet_file.read().current
    assert stored is not None and stored.games_played == 1 and stored.pending is None


async def test_a_game_left_without_its_autosave_counts_as_not_played() -> None:
    begun(seed=30)
    app = MtgApp(gauntlet=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for_game(pilot)
    autosave.autosave_path().unlink()  # the autosave is gone (another game took its place, or it was removed)
    again = MtgApp(gauntlet=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for_game(pilot)
        game = game_screen(again).session.game
        assert game.setup.seed == 30, "the same opponent, its game started again"
    stored = gauntlet_file.read().current
    assert stored is not None and stored.games_played == 0


async def test_a_game_outside_the_gauntlet_is_not_counted_and_offers_the_next_game() -> None:
    from mtg_tui.config import GameConfig

    begun(seed=40)
    config = GameConfig("computer", ("red-green", "white-blue"), ai="random", seed=40).checked()
    app = MtgApp(config)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_game(pilot)
        await concede(pilot)
        over = app.screen
        assert over.check_action("choose", ("next",)) is True and over.check_action("choose", ("gauntlet",)) is False
        assert "Gauntlet" not in screen_text(app)
    stored = gauntlet_file.read().current
    assert stored is not None and stored.games_played == 0


async def test_a_game_started_in_between_keeps_the_gauntlets_game_beside_the_autosave() -> None:
    """Another game started while the gauntlet's was unfinished moves it to the previous
    autosave: the gauntlet goes on with it from there, and the other game is kept in its turn."""
    from mtg_tui.config import GameConfig

    begun(seed=50)
    app = MtgApp(gauntlet=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for_game(pilot)
        actions = len(game_screen(app).session.game.record)
    other = MtgApp(GameConfig("computer", ("red-green", "white-blue"), ai="random", seed=7).checked())
    async with other.run_test(size=SIZE) as pilot:
        await wait_for_game(pilot)
    previous = autosave.autosave_path().with_name(autosave.PREVIOUS)
    assert gauntlet_file.pending_autosave(begun(seed=50)) == previous
    again = MtgApp(gauntlet=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for_game(pilot)
        game = game_screen(again).session.game
        assert game.setup.seed == 50 and len(game.record) == actions
        kept = read_record(previous)
        assert kept["setup"]["seed"] == 7, "the other unfinished game is kept beside the autosave"


async def test_a_abandons_once_confirmed() -> None:
    from mtg_tui.screens.modals import ConfirmDialog

    begun()
    app = MtgApp(gauntlet=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert gauntlet_file.read().current is not None, "n keeps it"
        await pilot.press("a", "y")
        await wait_for(pilot, GauntletScreen)
        assert "No gauntlet in progress" in screen_text(app)
        assert app.screen.check_action("play", ()) is False
    assert gauntlet_file.read().current is None


async def test_the_menu_names_a_damaged_gauntlet_file_and_leaves_it() -> None:
    path = gauntlet_file.gauntlet_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "another program"}', encoding="utf-8")
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await wait_for(pilot, GauntletScreen)
        text = " ".join(screen_text(app).replace("█", " ").split())  # the message as one line, unwrapped
        assert "is not mtg-tui's gauntlet file" in text and "left as it is" in text
        assert app.screen.check_action("play", ()) is False
    assert path.read_text(encoding="utf-8") == '{"format": "another program"}'
