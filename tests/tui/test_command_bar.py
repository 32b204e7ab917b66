"""The `:` command bar: completion that knows where in the action it is, and any text typed
answered with the engine's refusal inline, never a crash."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text

from mtg_tui.widgets.command_bar import CommandBar, complete

NAMES = ["Plains", "Lightning Bolt", "Llanowar Elves", "alice", "bob"]
PLAYERS = ["alice", "bob"]


@pytest.mark.parametrize("typed, expected", [
    ("pl", "play "),
    ("play Pla", "play Plains "),  # after the verb, names: never the verb "play" again
    ("alice: play Pl", "alice: play Plains "),
    ("ali", "alice: "),
    ("cast Lightning Bolt tar", "cast Lightning Bolt targeting "),
    ("cast Lightning Bolt targeting b", "cast Lightning Bolt targeting bob "),
])
def test_completion_knows_verbs_from_names(typed: str, expected: str) -> None:
    assert complete(typed, NAMES, PLAYERS)[0] == expected


def test_an_ambiguous_completion_lists_the_candidates() -> None:
    text, matches = complete("cast L", NAMES, PLAYERS)
    assert text == "cast L" and matches == ["Lightning Bolt", "Llanowar Elves"]
    assert complete("play P", ["Plains", "Pillarfield Ox"], PLAYERS)[1] == ["Pillarfield Ox", "Plains"]


async def type_in(pilot, text: str) -> None:  # noqa: ANN001
    for ch in text:
        await pilot.press("space" if ch == " " else ch)


@pytest.mark.asyncio
async def test_tab_completes_a_land_name_after_play() -> None:
    game = position({"alice": {"hand": ["Plains", "Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(":")
        await type_in(pilot, "play Pla")
        await pilot.press("tab")
        bar = game_screen(app).query_one("#command", CommandBar)
        assert bar.value == "play Plains "
        await pilot.press("enter")
        assert [o.name for o in game_screen(app).game.permanents("alice")] == ["Mountain", "Plains"]


@pytest.mark.asyncio
@pytest.mark.parametrize("typed", ["block -> ->", "cast", "attack ;;", "assign x to", "order ,,,", "choose #",
                                   "bob's", "alice: cast Lightning Bolt targeting ->"])
async def test_any_text_typed_is_refused_inline(typed: str) -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(":")
        await type_in(pilot, typed)
        await pilot.press("enter")
        assert "refused" in screen_text(app)
        assert game_screen(app).game.record == []
