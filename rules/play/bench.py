"""The engine's benchmarks (`mtg-tui bench` prints them with the client's): random self-play
speed under each ruleset, and how long undo takes late in a game.  Measured, never asserted:
tests check that they run, not how fast."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.legal import random_answer
from ..engine.setup import GameSetup
from .simulate import SimResult, simulate


def self_play(decks: dict[str, list[str]], games: int, ruleset: str, seed: int = 1) -> SimResult:
    """Random agents play `games` games in this process (no invariant checks)."""
    return simulate(decks, games, seed, ruleset)


@dataclass(frozen=True)
class UndoTimes:
    """Undo late in random games with undo points: the turn reached, the record's length and
    each undo's milliseconds (several undos in a row per game)."""

    turns: tuple[int, ...]
    actions: tuple[int, ...]
    ms: tuple[float, ...]

    @property
    def median_ms(self) -> float:
        return statistics.median(self.ms) if self.ms else 0.0

    @property
    def worst_ms(self) -> float:
        return max(self.ms, default=0.0)


def undo_times(decks: dict[str, list[str]], turn: int = 40, games: int = 3, undos: int = 5,
               ruleset: str = "2014", seed: int = 1) -> UndoTimes:
    """Play random games with undo points until `turn` (seeds from `seed` on, skipping games
    that end sooner), then undo `undos` times in a row, timing each."""
    turns: list[int] = []
    actions: list[int] = []
    ms: list[float] = []
    s = seed
    while len(turns) < games and s < seed + 50 * games:
        game = Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=s, turn_cap=turn + 10), undo_points=True)
        rng = random.Random(s)
        s += 1
        while game.decision is not None and game.turn < turn:
            game.act(random_answer(game.state, game.decision, rng))
        if game.turn < turn or game.decision is None:
            continue
        turns.append(game.turn)
        actions.append(len(game.record))
        for _ in range(undos):
            start = time.perf_counter()
            game.undo()
            ms.append((time.perf_counter() - start) * 1000)
    return UndoTimes(tuple(turns), tuple(actions), tuple(ms))
