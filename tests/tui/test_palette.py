"""The command palette (Ctrl+P) and the remembered theme (issue 15)."""

from __future__ import annotations

import json

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text
from textual.command import CommandPalette

from mtg_tui.app import MtgApp
from mtg_tui.config import GameConfig
from mtg_tui.palette import commands
from mtg_tui.persistence import settings
from mtg_tui.screens.menu import MenuScreen, NewGameScreen
from mtg_tui.screens.rules_ref import RulesScreen
from mtg_tui.session import Session

pytestmark = pytest.mark.asyncio


async def search(pilot, text: str) -> None:  # noqa: ANN001
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*["space" if c == " " else c for c in text])
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.3)


async def test_ctrl_p_goldfish_enter_opens_the_new_goldfish_game_form() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await search(pilot, "goldfish")
        assert "New goldfish game" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.screen.mode == "goldfish"


async def test_the_palette_finds_rules_by_number_and_by_words() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await search(pilot, "mana burn")
        assert "Rules glossary: Mana burn" in screen_text(app)  # 2009's rule (300.3), from the 2014 reference
        await pilot.press("escape")
        await search(pilot, "601.2")
        assert "Rule 601.2a" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.query_text == "601.2a"


async def test_save_and_deck_lab_only_where_they_work() -> None:
    hot = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with hot.run_test(size=SIZE) as pilot:
        await pilot.pause()
        names = [c.name for c in commands(hot, game_screen(hot))]
        assert "Save the game" in names and "Deck lab" not in names
        assert any(n.startswith("Practice: ") for n in names)
    menu = MtgApp()
    async with menu.run_test(size=SIZE) as pilot:
        await pilot.pause()
        names = [c.name for c in commands(menu, menu.screen)]
        assert "Save the game" not in names and "New hotseat game" in names
    fish = MtgApp(GameConfig("goldfish", ("red-green",), seed=3).checked())
    async with fish.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Deck lab" in [c.name for c in commands(fish, game_screen(fish))]


async def test_practice_puzzles_open_by_name() -> None:
    from mtg_tui.palette import puzzle_titles
    from mtg_tui.screens.practice import PracticeScreen

    title, _ = puzzle_titles()[0]
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await search(pilot, f"Practice: {title}")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen) and app.screen.puzzle.title == title


async def test_save_screenshot_writes_an_svg_to_the_data_folder() -> None:
    from mtg_tui.persistence.userfiles import data_dir

    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "save screenshot")
        await pilot.press("enter")
        await pilot.pause()
        shots = list((data_dir() / "screenshots").glob("*.svg"))
        assert len(shots) == 1 and "<svg" in shots[0].read_text(encoding="utf-8")[:2000]
        assert any("screenshot saved to" in str(n.message) for n in app._notifications)


async def test_the_theme_is_remembered_across_runs() -> None:
    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme != "textual-light"
        app.theme = "textual-light"  # what the palette's theme picker does
        await pilot.pause()
        assert not app.current_theme.dark
    assert json.loads(settings.settings_path().read_text(encoding="utf-8"))["theme"] == "textual-light"
    again = MtgApp(session=Session(position({"alice": {}, "bob": {}}), open_hands=True))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "textual-light"


async def test_a_damaged_settings_file_is_a_warning_not_a_crash() -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    app = MtgApp(session=Session(position({"alice": {}, "bob": {}}), open_hands=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.is_running and app.theme == "textual-dark"
        assert any("can't read the settings file" in str(n.message) for n in app._notifications)


async def test_a_theme_change_redraws_the_screen_in_the_new_colours() -> None:
    from mtg_tui.colours import ROLES
    from mtg_tui.screens.modals import ChoiceDialog

    dark, light = (v.split(" on ")[1] for v in ROLES["mtg-label"])  # the dialog's letters: k keep, m mulligan
    app = MtgApp(GameConfig("goldfish", ("red-green",), seed=3).checked())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        before = app.export_screenshot().lower()
        app.theme = "textual-light"
        await pilot.pause()
        after = app.export_screenshot().lower()
        assert dark in before and light not in before
        assert light in after and dark not in after


async def test_the_palette_theme_setting_is_remembered() -> None:
    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "Settings: theme")
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert isinstance(app.screen, CommandPalette)  # Textual's theme picker
        await pilot.press(*"textual-light")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "textual-light"
    assert settings.theme() == ("textual-light", None)


async def test_one_command_for_each_thing_and_rule_titles_cut_at_a_word() -> None:
    """Issue 15: Textual's Theme, Screenshot, Keys and Quit are left out (mtg-tui's "Settings:
    theme", "Save screenshot", "Keys and help" and "Quit" replace them); a rule's title in the
    palette ends at a word, with an ellipsis."""
    from mtg_tui.palette import clip

    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        system = [c.title for c in app.get_system_commands(app.screen)]
        ours = [c.name for c in commands(app, app.screen, practice=False)]
        assert not {"Theme", "Screenshot", "Keys", "Quit"} & set(system)
        assert {"Settings: theme", "Save screenshot", "Keys and help", "Quit"} <= set(ours)
        await search(pilot, "first")
        rows = [line for line in screen_text(app).splitlines() if "Rule " in line and "—" in line]
        assert rows
        for row in rows:
            title = row.split("—", 1)[1].strip(" │▎▊")
            assert title.endswith(("…", ".")) or len(title) < 55, title
    text = "The player who has priority may cast a spell: a player first announces it"
    assert clip(text, 30) == "The player who has priority…"
    assert clip("short", 30) == "short"


@pytest.mark.parametrize("where", ["menu", "game"])
async def test_the_palette_load_command_opens_the_load_list(where: str) -> None:
    """From the menu, and from a game (which goes to the menu first, its game kept in the autosave)."""
    from mtg_tui.screens.load import LoadScreen

    app = MtgApp() if where == "menu" else app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await search(pilot, "Load a saved game")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen) and not app.screen.replay
