"""Tournaments between computer players (issue 26, "measured, not claimed").

Every pair of entrants plays `games` games on every pair of decks.  The games of a pairing come
in twos: one seed (one deal: the same shuffles, the same player going first) played twice, the
players swapping seats.  A deck belongs to a seat, not to a player: the first deck of the pair
is always seat p1's, the second p2's, so over the two games of a seed each player plays both
decks from the same deal, and neither the deal, the deck nor the seat favours one of them.

A game is a pure function of its `TournamentGame` (the players are seeded from the game's seed,
the decks and their place in the pairing, never from their seat), so the results are the same however
many processes play the games (`jobs`); only the timings differ.  Time per decision is the
CPU time of the process (time.process_time) around each `answer` call of the player: what a
person at the table would wait on a core of their own, and not inflated by other load on the
machine (more jobs than cores, other programs).

A game that raises is an error, reported with its seed and its seats, not a result: an answer
the engine refuses (IllegalAction) or a player that raises names that player; anything else is
the engine's.  With `check` the engine's invariants are checked after every action, too."""

from __future__ import annotations

import math
import time
import traceback
import zlib
from array import array
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..engine.api.game import Game
from ..engine.core import actions as A
from .players.spec import parse_spec, spec_player
from .simulate import DEFAULT_TURN_CAP, InvariantError, check_invariants, decision_cap, in_order, new_game

SEATS = ("p1", "p2")
Z95 = 1.959963984540054  # the standard normal's 97.5th percentile: a two-sided 95% interval


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default z): unlike the normal
    approximation it stays inside [0, 1] and is not empty at 0 or n successes.  No trials:
    (0, 1), nothing known."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def nearest_rank(sorted_values: list[float], fraction: float) -> float:
    """The `fraction` percentile by nearest rank (the smallest value with at least that share
    of the values at or below it); 0 for no values."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


@dataclass(frozen=True)
class Entrant:
    """One player of the tournament: a level, named by it (with its place, `random#2`, when
    the level is entered more than once: `random,random` measures what seats and deals alone do)."""

    name: str
    level: str


def entrants(levels: list[str]) -> list[Entrant]:
    """The entrants of a list of levels, in its order, each with a name of its own.  A level
    may be entered twice, not more: its players' seeds come from their places in a pairing, so
    a third would play the same games against each of the other two (the figures would count
    them twice); ValueError says so."""
    thrice = next((level for level in levels if levels.count(level) > 2), None)
    if thrice is not None:
        raise ValueError(f"{thrice!r} is given {levels.count(thrice)} times: a level plays at most twice "
                         "(a third would replay the same games)")
    repeated = {level for level in levels if levels.count(level) > 1}
    seen: dict[str, int] = {}
    out = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        out.append(Entrant(f"{level}#{seen[level]}" if level in repeated else level, level))
    return out


def deck_pairs(count: int) -> list[tuple[int, int]]:
    """Which decks meet, by index: every pair of different decks; one deck meets itself (a mirror).
    The same deck given twice is a mirror too."""
    return [(0, 0)] if count == 1 else list(combinations(range(count), 2))


@dataclass(frozen=True)
class TournamentGame:
    """Everything one game depends on: plain data, so a worker process can receive it."""

    first: Entrant  # the pairing's first entrant (earlier in the list), the second
    second: Entrant
    swapped: bool  # False: `first` sits in p1; True: `second` does
    deck_names: tuple[str, str]  # p1's deck, p2's deck
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    seed: int
    ruleset: str = "2014"
    mulligan: str | None = None
    turn_cap: int = DEFAULT_TURN_CAP
    check: bool = False

    def seated(self) -> tuple[Entrant, Entrant]:
        """Who sits in p1 and in p2."""
        return (self.second, self.first) if self.swapped else (self.first, self.second)

    def player_seed(self, entrant: Entrant) -> int:
        """The seed of an entrant's player in this game: from the game's seed, its place in the
        pairing (not its seat: the two games of a seed don't replay the same choices) and the
        decks (the same seed on other decks doesn't start with the same choices: a random
        player that mulligans to four in one game would in all of them)."""
        place = 0 if entrant == self.first else 1
        decks = "\n".join(self.decks[0]) + "\n\n" + "\n".join(self.decks[1])
        return (2 * self.seed + place) * 2**32 + zlib.crc32(decks.encode())


def schedule(players: list[Entrant], decks: list[tuple[str, tuple[str, ...]]], games: int, seed: int = 0,
             ruleset: str = "2014", mulligan: str | None = None, turn_cap: int = DEFAULT_TURN_CAP,
             check: bool = False) -> list[TournamentGame]:
    """The tournament's games in the order they are reported: pairing by pairing (entrants in
    the list's order), deck pair by deck pair, seed by seed (seed, seed+1, ...: games/2 of
    them), each seed with the pairing's first entrant in p1, then in p2.  `games` is even."""
    if games < 2 or games % 2:
        raise ValueError(f"games must be a positive even number (each seed is played twice), not {games}")
    out = []
    for first, second in combinations(players, 2):
        for i, j in deck_pairs(len(decks)):
            (name1, cards1), (name2, cards2) = decks[i], decks[j]
            for s in range(seed, seed + games // 2):
                for swapped in (False, True):
                    out.append(TournamentGame(first, second, swapped, (name1, name2), (cards1, cards2), s,
                                              ruleset, mulligan, turn_cap, check))
    return out


@dataclass(frozen=True)
class GameError:
    """A game that ended in an exception: enough to find and replay it."""

    seed: int
    seats: tuple[str, str]  # the entrants in p1 and p2
    deck_names: tuple[str, str]
    message: str
    where: str = ""
    player: str | None = None  # the entrant to blame (an answer refused, or the player raised); None: the engine


@dataclass
class GameRecord:
    """What one game adds to the tournament: plain data, so a worker process can send it."""

    game: TournamentGame
    winner: str | None = None  # an entrant's name
    draw: bool = False
    decisions: dict[str, int] = field(default_factory=dict)  # entrant -> decisions it answered
    seconds: dict[str, array[float]] = field(default_factory=dict)  # entrant -> seconds per answer
    illegal: dict[str, int] = field(default_factory=dict)  # entrant -> answers the engine refused
    error: GameError | None = None


class _Refused(Exception):
    """An answer the engine refused, or a player that raised: the player is to blame."""

    def __init__(self, player: str, message: str) -> None:
        super().__init__(message)
        self.player = player


def play_game(spec: TournamentGame) -> GameRecord:
    """Play one game of the tournament; an exception is its error (the run goes on)."""
    seated = spec.seated()
    record = GameRecord(spec, decisions={e.name: 0 for e in seated}, seconds={e.name: array("d") for e in seated},
                        illegal={e.name: 0 for e in seated})
    try:
        game = new_game(dict(zip(SEATS, (list(d) for d in spec.decks), strict=True)), spec.seed, spec.ruleset,
                        spec.mulligan, spec.turn_cap)
        _play_out(game, spec, record)
    except _Refused as e:
        record.error = _error(spec, e, e.player)
        return record
    except Exception as e:  # an engine bug: recorded with its seed, and the run goes on
        record.error = _error(spec, e, None)
        return record
    by_seat = dict(zip(SEATS, seated, strict=True))
    record.draw = game.is_draw
    record.winner = by_seat[game.winner].name if game.winner in by_seat else None
    return record


def _play_out(game: Game, spec: TournamentGame, record: GameRecord) -> None:
    """The seated players answer every decision until the game ends, each answer timed."""
    seated = dict(zip(SEATS, spec.seated(), strict=True))
    players = {seat: spec_player(e.level, seat, spec.player_seed(e)) for seat, e in seated.items()}
    game.undo_points = any(parse_spec(e.level).searches for e in seated.values())  # cheap copies for a search
    cap = decision_cap(spec.turn_cap)
    made = 0
    while game.decision is not None:
        decision = game.decision
        seat = game.decider or decision.player
        who = seated[seat].name
        start = time.process_time()
        try:
            action = players[seat].answer(game, decision)
        except Exception as e:
            raise _Refused(who, f"the player raised {type(e).__name__}: {e}") from e
        record.seconds[who].append(time.process_time() - start)
        record.decisions[who] += 1
        try:
            game.act(action)
        except A.IllegalAction as e:
            record.illegal[who] += 1
            raise _Refused(who, f"answered {action!r}, which the engine refuses: {e}") from e
        if spec.check:
            check_invariants(game)
        made += 1
        if made > cap:
            raise InvariantError(f"no end after {cap} decisions (turn {game.turn})")


def _error(spec: TournamentGame, e: BaseException, player: str | None) -> GameError:
    frames = traceback.extract_tb((e.__cause__ or e).__traceback__)
    where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    seats = tuple(x.name for x in spec.seated())
    message = str(e) if player else f"{type(e).__name__}: {e}"
    return GameError(spec.seed, (seats[0], seats[1]), spec.deck_names, message, where, player)


@dataclass
class Standing:
    """One entrant's figures over all its games (errors aside)."""

    name: str
    level: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    decisions: int = 0
    illegal: int = 0
    seconds: array[float] = field(default_factory=lambda: array("d"))

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float:
        """Wins over games with a result; a draw is not a win."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games if self.games else 0.0

    def decision_ms(self) -> dict[str, float]:
        """Time per decision in milliseconds: median, 99th percentile (nearest rank), worst."""
        ordered = sorted(self.seconds)
        return {"median": 1000 * nearest_rank(ordered, 0.5), "p99": 1000 * nearest_rank(ordered, 0.99),
                "worst": 1000 * (ordered[-1] if ordered else 0.0)}


@dataclass
class Match:
    """Two sides' results against each other (two entrants, or two decks): the first side's
    wins, the second's, the draws."""

    first: str
    second: str
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.first_wins + self.second_wins + self.draws

    @property
    def win_rate(self) -> float:
        """The first side's wins over the games."""
        return self.first_wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The first side's win rate's 95% interval."""
        return wilson_interval(self.first_wins, self.games)

    def count(self, first_won: bool | None) -> None:
        """One game: won by the first side (True), the second (False), or drawn (None)."""
        if first_won is None:
            self.draws += 1
        elif first_won:
            self.first_wins += 1
        else:
            self.second_wins += 1

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "wins": {self.first: self.first_wins, self.second: self.second_wins},
                "draws": self.draws, "win_rate": round(self.win_rate, 4),
                "interval": [round(x, 4) for x in self.interval]}


@dataclass
class HeadToHead(Match):
    """One pairing's results (the first and second entrant of the pairing)."""

    errors: int = 0
    decisions: int = 0


@dataclass
class DeckMatch(Match):
    """Two different decks' results against each other, whoever played them: the match report
    a player tuning a deck reads (each player plays both decks of a deal, so the players'
    strength cancels out).  The first deck is the one seat p1 plays in these games."""


@dataclass
class TournamentResult:
    standings: list[Standing]
    pairs: list[HeadToHead]
    errors: list[GameError] = field(default_factory=list)
    decks: list[DeckMatch] = field(default_factory=list)  # each pair of different decks, in the order first met
    games: int = 0  # played, errors included
    seconds: float = 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def add(self, record: GameRecord) -> None:
        """Count one game."""
        self.games += 1
        spec = record.game
        pair = next(p for p in self.pairs if (p.first, p.second) == (spec.first.name, spec.second.name))
        standings = {s.name: s for s in self.standings}
        for name in record.decisions:
            standings[name].illegal += record.illegal[name]
        if record.error is not None:
            self.errors.append(record.error)
            pair.errors += 1
            return
        for name, made in record.decisions.items():
            standing = standings[name]
            standing.decisions += made
            standing.seconds.extend(record.seconds[name])
            if record.draw or record.winner is None:
                standing.draws += 1
            elif record.winner == name:
                standing.wins += 1
            else:
                standing.losses += 1
        pair.decisions += sum(record.decisions.values())
        self._add_deck_result(record)
        pair.count(None if record.draw or record.winner is None else record.winner == pair.first)

    def _add_deck_result(self, record: GameRecord) -> None:
        first, second = record.game.deck_names
        if first == second:
            return  # a mirror says nothing about a deck
        match = next((m for m in self.decks if (m.first, m.second) == (first, second)), None)
        if match is None:
            match = DeckMatch(first, second)
            self.decks.append(match)
        p1 = record.game.seated()[0].name
        match.count(None if record.draw or record.winner is None else record.winner == p1)

    def as_json(self, timings: bool = True) -> dict[str, Any]:
        """The report as plain data; `timings` False leaves out what varies between runs."""
        def standing(s: Standing) -> dict[str, Any]:
            doc = {"name": s.name, "level": s.level, "games": s.games, "wins": s.wins, "losses": s.losses,
                   "draws": s.draws, "win_rate": round(s.win_rate, 4),
                   "interval": [round(x, 4) for x in s.interval],
                   "decisions_per_game": round(s.decisions_per_game, 1), "illegal_actions": s.illegal}
            if timings:
                doc["decision_ms"] = {k: round(v, 3) for k, v in s.decision_ms().items()}
            return doc

        doc = {"games": self.games, "players": [standing(s) for s in self.standings],
               "pairs": [{"players": [p.first, p.second], **p.as_json(), "errors": p.errors,
                          "decisions_per_game": round(p.decisions / p.games, 1) if p.games else 0.0}
                         for p in self.pairs],
               "decks": [{"decks": [m.first, m.second], **m.as_json()} for m in self.decks],
               "errors": [{"seed": e.seed, "seats": list(e.seats), "decks": list(e.deck_names), "player": e.player,
                           "message": e.message, "where": e.where} for e in self.errors]}
        if timings:
            doc |= {"seconds": round(self.seconds, 3), "games_per_s": round(self.games_per_s, 2)}
        return doc


def run_tournament(games: list[TournamentGame], players: list[Entrant], jobs: int = 1,
                   progress: Callable[[int, int], None] | None = None) -> TournamentResult:
    """Play the scheduled games (in `jobs` processes) and gather the report; `progress(done,
    total)` after each game.  The same games give the same results for any `jobs`."""
    result = TournamentResult([Standing(e.name, e.level) for e in players],
                              [HeadToHead(a.name, b.name) for a, b in combinations(players, 2)])
    start = time.perf_counter()
    with closing(in_order(play_game, games, jobs)) as records:  # closed even when stopped: the workers end
        for record in records:
            result.add(record)
            if progress is not None:
                progress(result.games, len(games))
    result.seconds = time.perf_counter() - start
    return result
