"""The computer on the solver's side of a puzzle (rules.play.puzzle_solver)."""

from __future__ import annotations

from pathlib import Path

from rules.play.players import make_player
from rules.play.puzzle import PLAYING, load_puzzle
from rules.play.puzzle_solver import solve_with

PUZZLES = sorted((Path(__file__).parents[2] / "puzzles").glob("*.toml"))


def test_the_computer_plays_each_bundled_puzzle_to_a_verdict_the_same_way_twice() -> None:
    for path in PUZZLES:
        puzzle = load_puzzle(path)
        first = solve_with(puzzle, make_player("random", puzzle.player, seed=5))
        again = solve_with(puzzle, make_player("random", puzzle.player, seed=5))
        assert first.status()[0] != PLAYING, path.name
        assert first.status() == again.status() and first.game.record == again.game.record, path.name
