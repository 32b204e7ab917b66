"""How much work a key press makes for Textual (issue 13: a key's frame within 33 ms):
an action that changes panels' heights is laid out once, not twice a frame apart
(mtg_tui.widgets.one_layout); a board uncovered in hotseat was drawn, cursor placed,
behind the cover; the cycle collector is paused while the client starts and its startup
objects are frozen afterwards (mtg_tui.memory)."""

from __future__ import annotations

import gc
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import SIZE, app_for, game_screen, position, uncover

from mtg_tui import memory
from mtg_tui.cli.bench_client import board_game
from mtg_tui.cli.commands import main
from mtg_tui.screens.cover import CoverScreen
from mtg_tui.widgets.one_layout import OneLayoutWidget


def count_layouts(screen: Any) -> list[int]:
    """Count the screen's layout passes from now on (the count is the list's length)."""
    calls: list[int] = []
    layout = screen._refresh_layout

    def counting(*args: Any, **kwargs: Any) -> None:
        calls.append(1)
        layout(*args, **kwargs)

    screen._refresh_layout = counting
    return calls


@pytest.mark.asyncio
async def test_casting_a_spell_that_needs_a_target_is_laid_out_once() -> None:
    """Enter on Lightning Bolt: the prompt grows a line for the target letters, so the board's
    panels all change height; Textual lays the screen out once for it (it used to lay it out
    again a frame later, when the panels stored their new sizes)."""
    app = app_for(board_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        screen = game_screen(app)
        heights = {w.id: w.size.height for w in screen.query("#prompt, #detail, #log, #mine, #theirs")}
        layouts = count_layouts(screen)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert screen.picker is not None  # choosing Lightning Bolt's target
        assert {w.id: w.size.height for w in screen.query("#prompt, #detail, #log, #mine, #theirs")} != heights
        assert len(layouts) == 1


@pytest.mark.asyncio
async def test_every_panel_and_container_of_the_game_screen_is_laid_out_once_when_resized() -> None:
    app = app_for(board_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        for wid in ("main", "left", "right", "them", "theirs", "mine", "me", "hand", "stack", "detail", "log",
                    "prompt", "phase", "keys"):
            assert isinstance(screen.query_one(f"#{wid}"), OneLayoutWidget), wid
        assert screen.query_one("#main").styles.layout.name == "horizontal"  # still laid out as a Horizontal


@pytest.mark.asyncio
async def test_the_board_behind_a_hotseat_cover_is_drawn_with_the_cursor_placed() -> None:
    """alice casts Lightning Bolt at bob; bob's cover comes up (he can Cancel it).  Behind it his board is drawn
    already with the cursor on the stack (he is responding), so Enter on the cover shows it
    in one frame, not a second one for the cursor."""
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Cancel"], "battlefield": ["Island"] * 3}},
                    turn=2, active="alice", step="main1")
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await uncover(pilot)  # alice's cover
        await pilot.press("enter")  # Lightning Bolt
        await pilot.press("b")  # at bob (the letters go a: alice, b: bob)
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen) and app.screen.player == "bob"
        screen = game_screen(app)
        assert screen.viewer == "bob" and screen.zone == "stack" and screen.cursor["stack"] == 0


def test_mtg_tui_starts_with_the_cycle_collector_paused_and_a_command_that_is_not_the_client_resumes_it() -> None:
    memory.pause_collector()
    try:
        assert not gc.isenabled()
        result = CliRunner().invoke(main, ["rules", "--rules", "2014", "601.2"])
        assert result.exit_code == 0, result.output
        assert gc.isenabled()
    finally:
        memory.resume_collector()


def test_the_client_resumes_the_collector_after_freezing_its_startup_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    # as in a fresh process: an app run by an earlier test has settled already, and a replay
    # viewer it closed unfroze everything (gc.unfreeze is all or nothing)
    monkeypatch.setattr(memory, "_settled", False)
    memory.pause_collector()
    memory.settle_after_startup()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    frozen = gc.get_freeze_count()
    memory.settle_after_startup()  # once per process: a later game's objects aren't frozen
    assert gc.get_freeze_count() == frozen
