"""The game screen's key bar names the command palette's key on its right, as Textual's
Footer does (issue 25): on every screen that has the bar (hotseat, goldfish, a puzzle)."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text

from mtg_tui.app import MtgApp
from mtg_tui.config import GameConfig
from mtg_tui.practice import find_puzzle
from mtg_tui.practice_app import PracticeApp
from mtg_tui.screens.game import GameScreen
from mtg_tui.widgets.key_bar import KeyBar

pytestmark = pytest.mark.asyncio


def bottom_line(app: MtgApp) -> str:
    return screen_text(app).splitlines()[-1].rstrip()


def key_bar_line(app: MtgApp) -> str:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    bar = screen.query_one(KeyBar)
    return str(bar.render()).rstrip()


@pytest.mark.parametrize("make", [
    lambda: app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}})),
    lambda: MtgApp(GameConfig("goldfish", ("red-green",), seed=3).checked()),
    lambda: PracticeApp(find_puzzle("1")),
], ids=["hotseat", "goldfish", "puzzle"])
async def test_the_key_bar_ends_with_the_palettes_key(make) -> None:  # noqa: ANN001
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = key_bar_line(app)
        assert line.endswith("^p commands") and len(line) == SIZE[0] - 1, line
        if isinstance(app.screen, GameScreen):  # not under a dialog: the bar is the screen's bottom line
            assert bottom_line(app).endswith("^p commands")
            assert "? help" in bottom_line(app)  # the screen's own keys are still there, on the left


async def test_the_palettes_key_is_left_out_where_the_keys_fill_the_line() -> None:
    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = game_screen(app).query_one(KeyBar)
        keys = bar.line().cell_len
        await pilot.resize_terminal(keys + 5, SIZE[1])  # too narrow to play: the bar itself is the thing here
        await pilot.pause()
        assert "^p" not in str(bar.render()) and str(bar.render()).rstrip() == bar.line().plain.rstrip()
