"""A library search for a card with a stated quality may find nothing (2014 701.16b; 2009: the
glossary's "Search"): its dialog has a "find nothing" entry, and the games the client sets up
for people (hotseat, goldfish, practice) ask every such search, one qualifying card too."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import SIZE, app_for, game_screen, position

from mtg_tui.config import GameConfig
from mtg_tui.screens.game import FIND_NOTHING_LABEL
from mtg_tui.screens.modals import ChoiceDialog
from rules import Game
from rules.play.puzzle import PuzzleRun, parse_puzzle

LIBRARY = ["Craw Wurm", "Plains", "Island"]


def rampant_growth(library: list[str], *, ask_every_search: bool = False) -> Game:
    game = position({"alice": {"hand": ["Rampant Growth"], "battlefield": ["Forest", "Forest"], "library": library},
                     "bob": {"battlefield": []}})
    return Game(replace(game.setup, ask_every_search=ask_every_search))


async def cast_to_the_search(pilot) -> ChoiceDialog:  # noqa: ANN001
    await pilot.press("enter")  # cast the only card in hand; nobody can respond: it resolves
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, ChoiceDialog)
    return dialog


@pytest.mark.asyncio
async def test_find_nothing_in_the_search_dialog_leaves_the_library_as_it_was_701_16b() -> None:
    game = rampant_growth(LIBRARY)
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await cast_to_the_search(pilot)
        labels = [label for _, label, _ in dialog.options]
        assert labels[-1] == FIND_NOTHING_LABEL and sorted(labels[:-1]) == ["Island", "Plains"]
        await pilot.press(dialog.options[-1][0])
        await pilot.pause()
        g = game_screen(app).game
        assert sorted(o.name for o in g.permanents("alice")) == ["Forest", "Forest"]
        assert sorted(g.state.objects[i].name for i in g.player("alice").library) == sorted(LIBRARY)
        assert any(e.text == "alice finds nothing" and e.rule == "701.16b" for e in g.log)


@pytest.mark.asyncio
async def test_with_the_option_the_only_basic_land_card_is_asked_about() -> None:
    app = app_for(rampant_growth(["Craw Wurm", "Plains"], ask_every_search=True))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await cast_to_the_search(pilot)
        assert [label for _, label, _ in dialog.options] == ["Plains", FIND_NOTHING_LABEL]
        await pilot.press(dialog.options[0][0])
        await pilot.pause()
        assert sorted(o.name for o in game_screen(app).game.permanents("alice")) == ["Forest", "Forest", "Plains"]


@pytest.mark.parametrize("mode, decks", [("hotseat", ("red-green", "white-blue")), ("goldfish", ("red-green",))])
def test_the_games_the_client_sets_up_ask_every_search(mode: str, decks: tuple[str, ...]) -> None:
    assert GameConfig(mode, decks, seed=1).setup().ask_every_search  # type: ignore[arg-type]


def puzzle_doc(actions: list[str]) -> dict:
    return {"title": "t", "goal": "g", "player": "alice", "actions": actions, "expect": {"winner": "alice"},
            "start": {"turn": 3},
            "players": {"alice": {"hand": ["Rampant Growth", "Rampant Growth"], "library": ["Craw Wurm", "Plains"],
                                  "battlefield": ["Forest"] * 4},
                        "bob": {"library": ["Forest"] * 5}}}


def test_practice_asks_every_search_unless_the_puzzles_setup_was_written_without() -> None:
    run = PuzzleRun(parse_puzzle(puzzle_doc([])), ask_every_search=True)
    assert run.game.setup.ask_every_search
    # setup actions that resolve a search with one qualifying card without a `choose` line (the
    # scenario format allows it): the puzzle is set up as written, without the option
    setup = ["alice: cast Rampant Growth", "resolve", "alice: cast Rampant Growth", "resolve"]
    written = PuzzleRun(parse_puzzle(puzzle_doc(setup)), ask_every_search=True)
    assert not written.game.setup.ask_every_search
    assert sorted(o.name for o in written.game.permanents("alice")) == ["Forest"] * 4 + ["Plains"]


@pytest.mark.asyncio
async def test_the_practice_screen_asks_every_search() -> None:
    from mtg_tui.practice import find_puzzle
    from mtg_tui.practice_app import PracticeApp
    from mtg_tui.screens.practice import PracticeScreen

    app = PracticeApp(find_puzzle("1"))
    async with app.run_test(size=SIZE):
        screen = next(s for s in app.screen_stack if isinstance(s, PracticeScreen))
        assert screen.game.setup.ask_every_search


def test_a_saved_game_that_found_nothing_with_the_option_on_loads_as_the_same_game(tmp_path: Path) -> None:
    from mtg_tui.persistence.saves import load_checked, save
    from mtg_tui.session import Session

    game = rampant_growth(["Craw Wurm", "Plains"], ask_every_search=True)
    game.act("alice: cast Rampant Growth")
    while game.decision is not None and game.decision.kind == "priority":
        game.act(f"{game.decision.player}: pass")
    s = Session(game)
    s.act("alice: choose nothing")
    path = save(s, tmp_path / "search.json")
    loaded, check = load_checked(path)
    assert check.verified and check.note is None
    assert loaded.game.setup.ask_every_search and loaded.game.digest() == s.game.digest()
    assert "alice: choose nothing" in json.loads(path.read_text())["actions"]
