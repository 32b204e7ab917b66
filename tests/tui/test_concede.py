"""Conceding from the keyboard (Ctrl+D) and from the command palette (issue 25): a dialog
asks first (No by default: n, Enter and Escape keep playing), names who concedes and that the
game ends (104.3a / 2009 102.3a); `y` concedes for the player at the keyboard, never the other."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text
from textual.command import CommandPalette
from textual.pilot import Pilot

from mtg_tui.app import MtgApp
from mtg_tui.config import GameConfig
from mtg_tui.practice import find_puzzle
from mtg_tui.practice_app import PracticeApp
from mtg_tui.screens.cover import CoverScreen
from mtg_tui.screens.game_over import GameOverScreen
from mtg_tui.screens.modals import ChoiceDialog, ConcedeDialog
from mtg_tui.screens.practice import PracticeScreen, VerdictScreen
from mtg_tui.widgets.command_bar import CommandBar
from rules.play.puzzle import FAILED

pytestmark = pytest.mark.asyncio


async def reveal(pilot: Pilot) -> None:
    """Take the keyboard behind a hotseat cover (by its action: the cover's own keys are not
    what these tests are about)."""
    await pilot.pause()
    cover = pilot.app.screen
    assert isinstance(cover, CoverScreen)
    cover.action_reveal()
    await pilot.pause()


async def asked(pilot: Pilot, key: str = "ctrl+d") -> ConcedeDialog:
    await pilot.press(key)
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, ConcedeDialog), f"no concede dialog: {dialog}"
    return dialog


async def test_ctrl_d_asks_and_only_y_concedes_for_the_player_at_the_keyboard() -> None:
    """Hotseat: bob has the keyboard (on his turn); n, Escape and Enter keep playing,
    y makes bob concede, and alice wins."""
    game = position({"alice": {"hand": ["Forest"]}, "bob": {"hand": ["Island"]}})
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await reveal(pilot)  # alice's cover
        assert game_screen(app).viewer == "alice"
        for _ in range(3):  # alice passes to the end of her turn (e stops at main 2): bob's turn
            if isinstance(app.screen, CoverScreen):
                break
            await pilot.press("e")
            await pilot.pause()
        await reveal(pilot)
        assert game_screen(app).viewer == "bob" and game.decision.player == "bob"
        for no in ("n", "escape", "enter"):
            dialog = await asked(pilot)
            text = screen_text(app)
            assert "bob: concede the game?" in text and "bob concedes: bob leaves the game and loses it;" in text
            assert dialog.explained == "bob concedes: bob leaves the game and loses it; alice wins. (rule 104.3a)"
            await pilot.press(no)
            await pilot.pause()
            assert not isinstance(app.screen, ConcedeDialog)
            assert not game.over and game.decision.player == "bob", f"{no} conceded"
        await asked(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert game.over and game.winner == "alice"
        assert game.player("bob").conceded and not game.player("alice").lost
        assert isinstance(app.screen, GameOverScreen)


async def test_the_palette_command_concedes_after_asking() -> None:
    game = position({"alice": {"hand": ["Forest"]}, "bob": {}}, rules="2009")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"concede")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette) and "Concede" in screen_text(app)
        dialog = await asked(pilot, "enter")
        assert dialog.explained == "alice concedes: alice leaves the game and loses it; bob wins. (rule 102.3a)"
        await pilot.press("escape")
        await pilot.pause()
        assert not game.over
        await pilot.press("ctrl+p", *"concede")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.3)
        await asked(pilot, "enter")
        await pilot.press("y")
        await pilot.pause()
        assert game.over and game.winner == "bob" and game.player("alice").conceded


async def test_no_concede_once_the_game_is_over() -> None:
    game = position({"alice": {}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await asked(pilot)
        await pilot.press("y")
        await pilot.pause()
        screen = game_screen(app)
        from mtg_tui.palette import commands

        assert screen.check_action("concede", ()) is False
        assert "Concede" not in [c.name for c in commands(app, screen)]


async def test_conceding_a_goldfish_game() -> None:
    app = MtgApp(GameConfig("goldfish", ("red-green",), seed=3).checked())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        me = screen.session.humans[0]
        fish = next(p.name for p in screen.game.players if p.name != me)
        assert isinstance(app.screen, ChoiceDialog)  # keep or mulligan: Ctrl+D asks from the dialog too
        dialog = await asked(pilot)
        assert dialog.title_text == f"{me}: concede the game?"
        await pilot.press("n")
        await pilot.pause()
        assert not screen.game.over and isinstance(app.screen, ChoiceDialog)
        await asked(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.over and screen.game.winner == fish and screen.game.player(me).conceded
        assert isinstance(app.screen, GameOverScreen)


async def test_conceding_a_puzzle_fails_it() -> None:
    app = PracticeApp(find_puzzle("1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await asked(pilot)
        await pilot.press("escape")
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, PracticeScreen))
        assert screen.verdict()[0] != FAILED
        await asked(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and app.screen.status == FAILED
        assert app.screen.why.startswith("bob won, but you still have Giant Growth in your hand")


async def test_ctrl_d_in_the_command_bar_deletes_a_letter() -> None:
    game = position({"alice": {"hand": ["Forest"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", "a", "b", "home", "ctrl+d")
        await pilot.pause()
        assert not isinstance(app.screen, ConcedeDialog)
        assert game_screen(app).query_one("#command", CommandBar).value == "b"
