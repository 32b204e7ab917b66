"""How a searching computer player solves a puzzle: it plans for the puzzle's goal, not the game.

A game's search (players.search) compares the answers of one decision by the average score of
short playouts, both seats played by the easy player.  That is the wrong tool for a puzzle:

- the goal is the puzzle's `[expect]` ("kill both attackers", "keep the Giant"), not a won game;
- the opponent is the puzzle's script (or its computer player), so a line that reaches the goal
  once reaches it again: the best playout counts, not the average;
- the answer is usually a line of several unusual moves (float mana before Garruk untaps the
  lands, wait for 2009's combat damage on the stack, give a copy a new target), each of which a
  playout by the easy player never makes.

So the planner searches the puzzle itself.  At a decision of the solver it compares **every**
legal answer (`Game.actions`, mana abilities, payments, orders and copies' targets included),
each followed by playouts to the puzzle's verdict on a copy of the attempt (`PuzzleRun.fork`:
the opponent answering from its script as in a client).  In a playout the solver plays the easy
player's answer, or with a small chance (varied from playout to playout) a random legal answer:
the playouts are where the unusual second and third moves are found.  A playout scores 1 when it
solves the puzzle, else a share of the goal met and of the game's position.  The best line found
is kept (nested Monte Carlo search's memory): the planner plays its moves while the game follows
it and no later search finds better, and a line that solves the puzzle ends the searching.

A puzzle is a stated position: the planner sees it whole (hidden cards too, as the goal's text
tells the solver) and expects the opponent's script.  A computer opponent (`ai`) is another
matter: in playouts it is the easy player wavering at random (`Wavering`), so playouts meet its
tricks, and a line that solves the puzzle there counts only after it solves it again (`_checked`)
when Bob answers any one of the solver's spells or abilities with any of his (the line carried
on as planned), and against two computer players of the puzzle's level with seeds of their own
(the planner knows how Bob plays, not his dice).  A line that walks into the trick fails.

Deterministic: the playouts' randomness comes from the seed and the game's record length.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine.api.game import Game
from ..engine.continuous.abilities import activated_abilities
from ..engine.core import actions as A
from ..engine.core.decisions import Decision
from .players import Player, make_player
from .players.easy import EasyPlayer
from .players.search import score
from .puzzle import PLAYING, SOLVED, PuzzleRun
from .scenario import expectation_differences

MOST_CANDIDATES = 64  # answers compared at one decision (a large attack or block is cut)
PLAYOUT_DECISIONS = 400  # a playout stops there and is scored where it stands
SEARCHES_WORTH = 4  # an attempt's playouts, in searches: then it plays its best line, or the easy answers
MOST_ANSWERS = 4  # an opponent's answers to one of the solver's moves a line is tried against
MOST_CHECKS = 6  # lines checked against a computer opponent in one search (each costs its searches)
CHECK_SEEDS = 2  # computer opponents a line is checked against: it must solve against each
CHECK_FAILED = 0.5  # the most a line that failed its check against the computer opponent scores
RANDOM_SHARES = (0.0, 0.1, 0.2, 0.35)  # a playout's chance of a random answer, by turns

# a line of play: the solver's moves, each with the game's record as it was made
Line = list[tuple[tuple[A.Action, ...], A.Action]]


@dataclass
class PuzzlePlanner:
    """Plays the solver's seat of `run` (module docstring); `playouts` per searched decision."""

    run: PuzzleRun
    seed: int = 0
    playouts: int = 600
    seat: str = field(init=False)  # the solver's
    searched: int = field(default=0, init=False)  # decisions searched
    played: int = field(default=0, init=False)  # playouts run
    checked: int = field(default=0, init=False)  # lines played again against the puzzle's computer
    # the best line known: the solver's moves, each with the game's record as it was made
    _plan: Line = field(default_factory=list, init=False, repr=False)
    _plan_value: float = field(default=-1.0, init=False, repr=False)  # what its playout scored
    _start_differences: int = field(default=1, init=False, repr=False)

    def __post_init__(self) -> None:
        self.seat = self.run.puzzle.player
        self._start_differences = max(1, len(expectation_differences(self.run.game, self.run.puzzle.expect)))

    def answer(self, game: Game, d: Decision) -> A.Action:
        if not self._follows(game):
            self._plan, self._plan_value = [], -1.0
        if self._plan and (self._plan_value >= 1.0 or self.played >= SEARCHES_WORTH * self.playouts):
            return self._next()  # a line that solves it, or the best known once the searching is over
        cands = candidates(game, d, self.seed) if self.played < SEARCHES_WORTH * self.playouts else []
        if len(cands) > 1:
            self.searched += 1
            self._search(game, cands)
        if self._plan:
            return self._next()
        return cands[0] if cands else EasyPlayer(d.player, self.seed).answer(game, d)

    def _follows(self, game: Game) -> bool:
        """Whether the game is where the best known line expects it, its next move legal."""
        if not self._plan:
            return False
        record, action = self._plan[0]
        return len(game.record) == len(record) and tuple(game.record) == record and game.check(action) is None

    def _next(self) -> A.Action:
        (_, action), self._plan = self._plan[0], self._plan[1:]
        return action

    def _search(self, game: Game, cands: list[A.Action]) -> None:
        """Playouts of every candidate, in rounds; the best line found replaces the known one
        when it scores more (a line that solves the puzzle ends the search at once)."""
        rng = random.Random(self.seed * 1_000_003 + len(game.record) * 7 + 3)
        rounds = max(1, self.playouts // len(cands))
        checks = 0
        for r in range(rounds):
            share = RANDOM_SHARES[r % len(RANDOM_SHARES)]
            for first in cands:
                value, line = self._playout(first, rng.getrandbits(48), share)
                if value >= 1.0 and self.run.puzzle.ai is not None:
                    checks += 1
                    if checks > MOST_CHECKS:  # no budget left to tell a good line from a trap
                        return
                    value, line = self._checked(line)
                if value > self._plan_value:
                    self._plan, self._plan_value = line, value
                    if value >= 1.0:
                        return

    def _playout(self, first: A.Action, deal: int, share: float) -> tuple[float, Line]:
        """`first`, then the solver's easy answers (a random one with chance `share`) to the
        verdict, on a fork of the attempt: the score and the solver's moves."""
        self.played += 1
        rng = random.Random(deal)
        run = self.run.fork(Wavering(self.run.puzzle.opponent, rng, share) if self.run.puzzle.ai else None)
        solver = EasyPlayer(run.puzzle.player, rng.getrandbits(16))
        game = run.game
        line: Line = []
        action = first
        for _ in range(PLAYOUT_DECISIONS):
            line.append((tuple(game.record), action))
            try:
                run.act(action)
            except A.IllegalAction:
                return 0.0, line
            d = game.decision
            if d is None or run.status()[0] != PLAYING:
                break
            action = game.actions.sample(rng) if rng.random() < share else solver.answer(game, d)
        return self._value(run), line

    def _checked(self, line: Line) -> tuple[float, Line]:
        """A line that solves the puzzle against the playouts' model of a computer opponent,
        tried against what a computer opponent could do instead.  It still solves only if it
        solves (1) when the opponent answers any one of the solver's spells or abilities with
        a spell or ability of its own (`_answers`: a trick the model seldom plays, a Giant
        Growth in answer to a Bolt), and (2) against computer opponents of the puzzle's level
        (`CHECK_SEEDS` of them, seeds of their own: the planner knows how Bob plays, not his
        dice).  Else it scores at most CHECK_FAILED.  The score and the moves made against the
        first computer opponent."""
        self.checked += 1
        ai = self.run.puzzle.ai
        assert ai is not None
        opponent = self.run.puzzle.opponent
        watcher = Watcher(EasyPlayer(opponent, self.seed), self.run.puzzle.player)
        self._play_against(watcher, line)
        for at, answers in watcher.answers:
            for answer in answers[:MOST_ANSWERS]:
                value, _ = self._play_against(Answering(EasyPlayer(opponent, self.seed), at, answer), line,
                                              loose=True)
                if value < 1.0:
                    return min(value, CHECK_FAILED), line
        first = line
        for k in range(CHECK_SEEDS):
            value, made = self._play_against(make_player(ai, opponent, self.seed + 1 + k), line)
            if k == 0:
                first = made
            if value < 1.0:
                return min(value, CHECK_FAILED), first
        return 1.0, first

    def _play_against(self, computer: Player, line: Line, loose: bool = False) -> tuple[float, Line]:
        """`line` played against `computer`: its moves while the game follows them, then the
        easy answers; or `loose`ly, once the game has left the line, its next move that isn't
        a pass whenever it is legal (the same plan, carried on after an answer it didn't
        expect), passing until then.  The score and the moves made."""
        run = self.run.fork(computer)
        game = run.game
        solver = EasyPlayer(run.puzzle.player, self.seed)
        made: Line = []
        planned = list(line)
        left = False
        for _ in range(PLAYOUT_DECISIONS):
            d = game.decision
            if d is None or run.status()[0] != PLAYING:
                break
            record = tuple(game.record)
            if not left and planned and planned[0][0] == record:
                action = planned.pop(0)[1]
            elif not loose:
                planned, action = [], solver.answer(game, d)
            else:
                if not left:  # from here on, the plan's moves that aren't passes, as they fit
                    left, planned = True, [(r, a) for r, a in planned if not isinstance(a, A.Pass)]
                if planned and game.check(planned[0][1]) is None:
                    action = planned.pop(0)[1]
                elif d.kind == "priority":
                    action = A.Pass(d.player)
                else:
                    action = solver.answer(game, d)
            made.append((record, action))
            try:
                run.act(action)
            except A.IllegalAction:
                break
        return self._value(run), made

    def _value(self, run: PuzzleRun) -> float:
        verdict = run.status()[0]
        if verdict == SOLVED:
            return 1.0
        met = 1.0 - len(expectation_differences(run.game, run.puzzle.expect)) / self._start_differences
        return 0.6 * max(0.0, met) + 0.3 * score(run.game, run.puzzle.player)


@dataclass
class Wavering:
    """A playout's model of a computer opponent: the easy player's answer, or with chance
    `share` a random legal one, so the playouts meet the tricks the easy player never plays
    (a Giant Growth in answer to a Shock) and the lines that answer them."""

    seat: str
    rng: random.Random
    share: float
    _easy: EasyPlayer = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._easy = EasyPlayer(self.seat, self.rng.getrandbits(16))

    def answer(self, game: Game, d: Decision) -> A.Action:
        if self.rng.random() < self.share:
            return game.actions.sample(self.rng)
        return self._easy.answer(game, d)


@dataclass
class Watcher:
    """The easy player as the opponent, noting each time it could answer one of the solver's
    spells or abilities: (the record's length then, the spells and non-mana abilities it
    could answer with)."""

    base: EasyPlayer
    solver: str
    answers: list[tuple[int, list[A.Action]]] = field(default_factory=list)
    seat: str = field(init=False)

    def __post_init__(self) -> None:
        self.seat = self.base.seat

    def answer(self, game: Game, d: Decision) -> A.Action:
        if d.kind == "priority" and game.stack and game.stack[-1].controller == self.solver:
            tricks: list[A.Action] = [a for a in game.actions if isinstance(a, A.Cast) or (isinstance(a, A.Activate)
                                                                           and not _makes_mana(game, a))]
            if tricks:
                self.answers.append((len(game.record), tricks))
        return self.base.answer(game, d)


@dataclass
class Answering:
    """The easy player as the opponent, but answering with `answer` when the record is `at`
    long (the trick `Watcher` saw it could play there)."""

    base: EasyPlayer
    at: int
    answer_then: A.Action
    seat: str = field(init=False)

    def __post_init__(self) -> None:
        self.seat = self.base.seat

    def answer(self, game: Game, d: Decision) -> A.Action:
        if len(game.record) == self.at and game.check(self.answer_then) is None:
            return self.answer_then
        return self.base.answer(game, d)


def _makes_mana(game: Game, a: A.Activate) -> bool:
    return activated_abilities(game.state, game.objects[a.source])[a.index - 1].is_mana


def candidates(game: Game, d: Decision, seed: int) -> list[A.Action]:
    """Every legal answer to `d` (the easy player's first), at most MOST_CANDIDATES."""
    prior = EasyPlayer(d.player, seed).answer(game, d)
    out = [prior]
    for a in game.actions:
        if a != prior:
            out.append(a)
            if len(out) >= MOST_CANDIDATES:
                break
    return out
