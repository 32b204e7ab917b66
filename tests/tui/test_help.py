"""`?`: the help is generated from the bindings of the screen it was opened on, scrolls at
the layout's minimum size, and Escape or `?` closes it (issue 15)."""

from __future__ import annotations

import io

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text
from rich.console import Console

from mtg_tui.screens.game import GameScreen
from mtg_tui.screens.help import SKIP, HelpScreen, key_rows
from mtg_tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH


def plain(renderable: object, width: int = 200) -> str:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


@pytest.mark.asyncio
async def test_every_binding_of_the_game_screen_is_in_the_help() -> None:
    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = plain(app.screen.table)
        flat = " ".join(text.split())
        for _key, binding in screen._bindings:
            what = binding.tooltip or binding.description
            if binding.action in SKIP:  # Textual's own: copying text
                continue
            assert " ".join(what.split()) in flat, f"{binding.key}: {what!r} not in the help"
        # and the keys themselves, as the Footer shows them
        for key in ("⏎", "space", "^z", "^s", "tab", "esc", "q", "?", "g", "f", "L", "/"):
            assert any(key in keys.split(" / ") for _g, keys, _w, _n in key_rows(screen)), key


@pytest.mark.asyncio
async def test_the_help_scrolls_at_the_minimum_size_and_escape_closes_it() -> None:
    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        body = help_screen.query_one("#help-body")
        assert body.max_scroll_y > 0  # more than fits at 100x30
        assert "Open the command palette" not in screen_text(app)  # the last keys are below the fold
        await pilot.press("x")  # not a closing key
        assert app.screen is help_screen
        await pilot.press("pagedown", "pagedown", "end")
        await pilot.pause()
        assert body.scroll_y > 0
        assert "Open the command palette" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, GameScreen)


@pytest.mark.asyncio
async def test_help_shows_the_keys_of_the_screen_under_it() -> None:
    app = app_for(position({"alice": {"graveyard": ["Shock"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "question_mark")
        text = screen_text(app)
        assert "the next graveyard or exile" in text and "play the selected land" not in text


@pytest.mark.asyncio
async def test_long_descriptions_wrap_under_their_column_and_the_markers_say_highlighted() -> None:
    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        lines = screen_text(app).splitlines()
        first = next(i for i, line in enumerate(lines) if "activate the selected" in line)
        column = lines[first].index("play the selected land")
        assert lines[first + 1][column:].startswith("permanent")  # the second line under the first
        assert not lines[first + 1][:column].strip("│█ ")  # nothing left of the description column
        # and in the table's own cells: the blank group and keys cells carry the columns' styles
        table = help_screen.table.plain.splitlines()
        second = table[table.index(next(t for t in table if "activate the selected" in t)) + 1]
        assert second.index("permanent") == table[0].index("next zone")
        markers = help_screen.query_one("#help-markers").content
        assert "highlighted hand cards: playable now" in str(markers) and "green hand" not in str(markers)
