"""A damaged autosave is named on the main menu (with the reason) instead of silently missing,
and is never written over: the next game moves it aside, where the load list shows it (issue 25)."""

from __future__ import annotations

import pytest
from conftest import SIZE, game_screen, screen_text

from mtg_tui.app import MtgApp
from mtg_tui.config import GameConfig
from mtg_tui.persistence import autosave
from mtg_tui.screens.menu import MenuScreen

pytestmark = pytest.mark.asyncio

DAMAGED = '{"setup": {"players": [ this is not JSON'


def damage_the_autosave(text: str = DAMAGED) -> None:
    path = autosave.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


async def test_the_menu_names_a_damaged_autosave_and_leaves_it_alone() -> None:
    damage_the_autosave()
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)  # nothing to resume: no question
        text = " ".join(screen_text(app).replace("█", " ").split())  # the menu's lines, wrapped in its box
        assert "The autosave could not be read:" in text and "is not a saved game" in text
        assert "a new game first moves it aside" in text
    assert autosave.autosave_path().read_text(encoding="utf-8") == DAMAGED  # untouched


async def test_a_new_game_moves_the_damaged_autosave_aside_never_over_another() -> None:
    damage_the_autosave("first damaged")
    (autosave.autosave_path().parent / "autosave-damaged.json").write_text("older damaged", encoding="utf-8")
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_config(GameConfig("goldfish", ("red-green",), seed=3).checked())
        await pilot.pause()
        game_screen(app)
        folder = autosave.autosave_path().parent
        assert (folder / "autosave-damaged.json").read_text(encoding="utf-8") == "older damaged"
        assert (folder / "autosave-damaged-2.json").read_text(encoding="utf-8") == "first damaged"
        assert autosave.resumable() is not None and autosave.damaged() is None  # this game's autosave
        assert any("autosave-damaged-2.json" in n.message for n in app._notifications)
    listed = {(s.path.name, s.status) for s in autosave.load_list()}
    assert {("autosave-damaged.json", "unreadable"), ("autosave-damaged-2.json", "unreadable")} <= listed


async def test_a_readable_autosave_says_nothing() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert autosave.damaged() is None
        assert "could not be read" not in screen_text(app)
