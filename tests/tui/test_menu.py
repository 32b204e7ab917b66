"""The main menu (issue 15): its keys are bindings (↑↓ Enter and each entry's letter), the
entries open the new-game form, practice, the load list and the replay viewer, the resume
entry is there only when an unfinished game is; the game-over screen goes back to the menu."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text
from saved_games import saved_game

from mtg_tui.app import MtgApp
from mtg_tui.persistence import autosave
from mtg_tui.persistence.saves import saves_dir
from mtg_tui.screens.game_over import GameOverScreen
from mtg_tui.screens.load import LoadScreen
from mtg_tui.screens.menu import MenuScreen, NewGameScreen
from mtg_tui.screens.modals import ConfirmDialog, TextDialog
from mtg_tui.screens.practice import PracticeListScreen
from mtg_tui.screens.replay import ReplayScreen


@pytest.mark.asyncio
async def test_arrows_and_enter_or_a_letter_open_an_entry() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert menu.check_action("choose", ("resume",)) is False  # no autosaved game: no resume key
        await pilot.press("down", "enter")  # the second entry: goldfish
        assert isinstance(app.screen, NewGameScreen) and app.screen.mode == "goldfish"
        await pilot.press("escape")
        assert app.screen is menu
        await pilot.press("up", "up", "up", "enter")  # round the top: the last entry but one, the rules reference
        assert type(app.screen).__name__ == "RulesScreen"
        await pilot.press("escape")
        await pilot.press("p")
        assert isinstance(app.screen, PracticeListScreen)
        await pilot.press("escape")
        await pilot.press("l")
        assert isinstance(app.screen, LoadScreen) and not app.screen.replay


@pytest.mark.asyncio
async def test_v_opens_the_replay_viewer_through_the_list_of_saves() -> None:
    saved_game(saves_dir() / "mtg-tui-ann-ben-1.json", turn=3)
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("v")
        assert isinstance(app.screen, LoadScreen) and app.screen.replay
        assert "Replay viewer: choose a saved game" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("home", "right")
        assert "action 1 of" in screen_text(app)
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.asyncio
async def test_an_unfinished_autosave_is_offered_then_continued_with_c() -> None:
    _, game = saved_game(autosave.autosave_path(), turn=3)
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and "Resume the game you were playing?" in screen_text(app)
        await pilot.press("n")
        menu = app.screen
        assert isinstance(menu, MenuScreen) and menu.check_action("choose", ("resume",)) is True
        assert "Continue the autosaved game (ann vs ben, turn 3" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        loaded = game_screen(app).game
        assert loaded.state.record_texts[:len(game.record)] == game.state.record_texts


def finished_game() -> object:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {"life": 3}})
    game.act("alice: cast Lightning Bolt targeting bob")
    game.act("alice: pass")
    game.act("bob: pass")
    assert game.over and game.winner == "alice"
    return game


@pytest.mark.asyncio
async def test_game_over_m_goes_back_to_the_main_menu() -> None:
    app = app_for(finished_game())  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen) and "alice wins" in screen_text(app)
        assert over.check_action("choose", ("undo",)) == over.session.can_undo()
        await pilot.press("s")  # save: the save dialog over the game, the game-over screen gone
        await pilot.pause()
        assert isinstance(app.screen, TextDialog) and str(saves_dir()) in app.screen.value
        await pilot.press("escape")
        await pilot.pause()
        app.show_game_over(game_screen(app).session)
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 2
        assert "New hotseat game" in screen_text(app)


def test_menu_snapshot(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(MtgApp(), press=["down"], terminal_size=SIZE)


def test_practice_list_snapshot(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(MtgApp(), press=["p", "down"], terminal_size=SIZE)
