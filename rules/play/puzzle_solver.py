"""A computer player on the solver's side of a puzzle (`mtg-tui practice PUZZLE --ai LEVEL`):
it answers every decision of the solver's seat, the opponent answering from the puzzle's
script as in a client, until the puzzle's verdict.  A searching level plays the puzzle with a
planner for its goal (puzzle_search), with PLANNER_PLAYOUTS playouts for each of its
budget's.  A level's puzzle rate is the share of puzzles it solves."""

from __future__ import annotations

from ..engine.core import actions as A
from .players import Player
from .players.search import SearchPlayer
from .puzzle import PLAYING, Puzzle, PuzzleError, PuzzleRun
from .puzzle_search import PuzzlePlanner

PLANNER_PLAYOUTS = 200  # a searching level's puzzle playouts per searched decision, per playout of its budget
MOST_DECISIONS = 2000  # a puzzle lasts a turn or a few: far more decisions than any needs


def solve_with(puzzle: Puzzle, player: Player) -> PuzzleRun:
    """Play `puzzle` with `player` (made for the solver's seat) deciding for the solver; the
    run's `status()` is the verdict.  PuzzleError when the player offers an illegal answer."""
    run = PuzzleRun(puzzle)
    if isinstance(player, SearchPlayer):  # a searching player plans for the puzzle's goal
        player = PuzzlePlanner(run, player.seed, playouts=PLANNER_PLAYOUTS * player.budget)
    for _ in range(MOST_DECISIONS):
        d = run.game.decision
        if d is None or run.status()[0] != PLAYING:
            return run
        action = player.answer(run.game, d)
        try:
            run.act(action)
        except A.IllegalAction as e:
            raise PuzzleError(f"{puzzle.title}: the computer offered an illegal action "
                              f"({run.game.notation(action)}): {e}") from None
    raise PuzzleError(f"{puzzle.title}: no verdict after {MOST_DECISIONS} decisions")  # pragma: no cover
