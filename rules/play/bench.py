"""The engine's benchmarks (`mtg-tui bench` prints them with the client's): random self-play
speed under each ruleset, how long undo takes late in a game, and what a search (a computer
player) pays for its copies of a game: a fork mid-game, a copy of the state, and random
playouts from there.  Measured, never asserted: tests check that they run, not how fast."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from ..engine.api.game import Game
from ..engine.api.snapshot import copy_state
from ..engine.core.decisions import Decision
from ..engine.core.setup import GameSetup
from ..engine.loop.legal import random_answer
from .players import make_player
from .players.search import SearchPlayer
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


@dataclass(frozen=True)
class CopyTimes:
    """A search's copies of a game in the middle of random games (turn `turn`): milliseconds
    per `Game.fork` (a second game at the same point, replayed from the turn's undo point),
    per `Game.copy` (what the search takes: the state copied and carried on) and per
    `copy_state` (the state alone); random playouts to the end of the game from there, and the
    `hard` player's own playouts (a copy, a deal, the easy player for a few turns), per second
    on one core."""

    turn: int
    fork_ms: tuple[float, ...]
    game_copy_ms: tuple[float, ...]
    copy_ms: tuple[float, ...]
    playouts: int
    playout_seconds: float
    search_playouts: int
    search_seconds: float

    @property
    def fork_median_ms(self) -> float:
        return statistics.median(self.fork_ms) if self.fork_ms else 0.0

    @property
    def game_copy_median_ms(self) -> float:
        return statistics.median(self.game_copy_ms) if self.game_copy_ms else 0.0

    @property
    def copy_median_ms(self) -> float:
        return statistics.median(self.copy_ms) if self.copy_ms else 0.0

    @property
    def playouts_per_s(self) -> float:
        return self.playouts / self.playout_seconds if self.playout_seconds else 0.0

    @property
    def search_playouts_per_s(self) -> float:
        return self.search_playouts / self.search_seconds if self.search_seconds else 0.0


def copy_times(decks: dict[str, list[str]], turn: int = 8, games: int = 3, copies: int = 10,
               ruleset: str = "2014", seed: int = 1) -> CopyTimes:
    """Play random games with undo points to `turn` (skipping games that end sooner); at that
    point time `copies` forks and copies, play a random playout to the end from each fork, and
    let the `hard` player search the first decision from there that it searches."""
    fork_ms: list[float] = []
    game_copy_ms: list[float] = []
    copy_ms: list[float] = []
    playouts, seconds = 0, 0.0
    searched, search_seconds = 0, 0.0
    s = seed
    while len(fork_ms) < games * copies and s < seed + 50 * games:
        game = Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=s, turn_cap=turn + 30), undo_points=True)
        rng = random.Random(s)
        s += 1
        while game.decision is not None and (game.turn < turn or not game.state.resumable):
            game.act(random_answer(game.state, game.decision, rng))
        if game.decision is None:
            continue
        for _ in range(copies):
            start = time.perf_counter()
            fork = game.fork(len(game.record))
            fork_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            game.copy()
            game_copy_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            copy_state(game.state)
            copy_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            while fork.decision is not None:
                fork.act(random_answer(fork.state, fork.decision, rng))
            seconds += time.perf_counter() - start
            playouts += 1
        for _ in range(200):  # on to the next decision the hard player searches
            decision: Decision | None = game.decision
            if decision is None:
                break
            player = make_player("hard", game.decider or decision.player, s)
            start = time.perf_counter()
            player.answer(game, decision)
            if isinstance(player, SearchPlayer) and player.playouts:
                search_seconds += time.perf_counter() - start
                searched += player.playouts
                break
            game.act(random_answer(game.state, game.decision, rng))
    return CopyTimes(turn, tuple(fork_ms), tuple(game_copy_ms), tuple(copy_ms), playouts, seconds, searched,
                     search_seconds)
