"""The computer on the solver's side of a puzzle (rules.play.puzzle_solver)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.play.autopilot import goldfish_answer
from rules.play.players import make_player
from rules.play.puzzle import FAILED, PLAYING, SOLVED, PuzzleError, PuzzleRun, load_puzzle, parse_puzzle
from rules.play.puzzle_solver import solve_with

PUZZLES = sorted((Path(__file__).parents[2] / "puzzles").glob("*.toml"))


def test_the_computer_plays_each_bundled_puzzle_to_a_verdict_the_same_way_twice() -> None:
    for path in PUZZLES:
        puzzle = load_puzzle(path)
        first = solve_with(puzzle, make_player("random", puzzle.player, seed=5))
        again = solve_with(puzzle, make_player("random", puzzle.player, seed=5))
        assert first.status()[0] != PLAYING, path.name
        assert first.status() == again.status() and first.game.record == again.game.record, path.name


def _doc(**extra: object) -> dict:
    return {"name": "opponent acts", "player": "alice", "solution": ["alice: pass"],
            "start": {"turn": 3, "active": "bob", "step": "main1"},
            "players": {"alice": {"battlefield": ["Runeclaw Bear"], "library": ["Forest"] * 3},
                        "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"], "library": ["Forest"] * 3}},
            "expect": {"players": {"alice": {"battlefield": ["Runeclaw Bear"]}}}, **extra}


def test_a_puzzles_ai_answers_for_the_opponent_beyond_its_script(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ai = LEVEL`: the computer player of that level answers the opponent's decisions its
    script doesn't (here one that bolts the Bear at its first chance); without it the
    opponent does nothing."""
    from rules.engine.core import actions as A
    from rules.play.players import levels

    class Bolter:
        def __init__(self, seat: str, seed: int) -> None:
            self.seat = seat

        def answer(self, game, d):  # noqa: ANN001, ANN202
            bolt = [a for a in game.legal_actions() if isinstance(a, A.Cast) and "Runeclaw Bear" in str(
                [game.name_of(t) for t in a.targets])]
            return bolt[0] if bolt else goldfish_answer(game, d)

    monkeypatch.setitem(levels.LEVELS, "bolter", Bolter)
    quiet = PuzzleRun(parse_puzzle(_doc()))
    assert [o.name for o in quiet.game.permanents("alice")] == ["Runeclaw Bear"]
    acting = PuzzleRun(parse_puzzle(_doc(ai="bolter")))
    assert acting.game.stack and acting.game.stack[-1].name == "Lightning Bolt"


def test_an_unknown_ai_level_makes_the_puzzle_unusable() -> None:
    with pytest.raises(PuzzleError, match="ai = 'grandmaster': choose random"):
        parse_puzzle(_doc(ai="grandmaster"))


@pytest.mark.parametrize("name", ["04_deathtouch_and_trample.toml", "13_mana_burn_2009.toml"])
def test_the_hard_level_solves_win_this_turn_puzzles_the_easy_level_fails(name: str) -> None:
    """"One is enough": equip Gorgon Flail, then 1 deathtouch damage is lethal to the blocker and 6
    trample over (702.2c, 702.19b).  "Mana burn": attack without the Archdruid and pump twice in
    combat (2009 300.3).  The easy player's rules miss both; the search sees them because its
    playouts stop with the puzzle's last turn (a win next turn counts for nothing)."""
    puzzle = load_puzzle(Path(__file__).parents[2] / "puzzles" / name)
    assert solve_with(puzzle, make_player("easy", puzzle.player, seed=1)).status()[0] == FAILED
    assert solve_with(puzzle, make_player("hard", puzzle.player, seed=1)).status()[0] == SOLVED
