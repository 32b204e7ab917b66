"""The simulator: random agents play many games; the engine's fuzzer and benchmark.

Each game is a pure function of (decks, seed, ruleset): the agents draw from a generator
seeded from the game's seed, so a run's digest repeats exactly, however many processes play
the games (`jobs`).  With `check` (the fuzzer) the invariants of `check_invariants` are
checked after every action; without it the run measures the engine alone.  An engine
exception or a broken invariant is an error, reported with its seed, and the run goes on."""

from __future__ import annotations

import hashlib
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..engine.api.game import Game
from ..engine.changes import sba
from ..engine.continuous.characteristics import stale_characteristics
from ..engine.core.refs import name_count
from ..engine.core.setup import GameSetup
from ..engine.core.state import GameState
from ..engine.loop.legal import random_answer
from ..engine.loop.priority_moves import prefilter_misses
from .random_decks import imported_sets, random_deck

DEFAULT_TURN_CAP = 40

S = TypeVar("S")  # what one game depends on
R = TypeVar("R")  # what one game adds to its run
# a game still going after this many decisions per turn of its cap (20,000 at the default 40)
# is stuck in a loop: an error
DECISIONS_PER_TURN = 500


class InvariantError(AssertionError):
    """The game state broke a rule the engine must always keep."""


@dataclass
class SimError:
    seed: int
    message: str
    where: str = ""
    decks: str = ""  # random decks: how to rebuild them (`mtg-tui simulate --random-decks --seed S --games 1`)


@dataclass
class SimResult:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    errors: list[SimError] = field(default_factory=list)
    seconds: float = 0.0
    decisions: int = 0
    digest: str = ""

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "wins": dict(self.wins), "draws": self.draws, "errors": len(self.errors),
                "error_details": [e.__dict__ for e in self.errors], "seconds": round(self.seconds, 3),
                "games_per_s": round(self.games_per_s, 2), "decisions_per_s": round(self.decisions_per_s, 1),
                "digest": self.digest}


def check_invariants(game: Game) -> None:
    """Every card in exactly one zone, no object in two places, and no state-based action
    pending whenever a player has priority."""
    state = game.state
    _check_zones(state)
    _check_card_and_spell_counts(state)
    d = game.decision
    if d is not None and d.kind == "priority" and sba.pending(state):
        found = sba.find(state, {})
        raise InvariantError(f"a player has priority while state-based actions apply: {found[0][3]}")
    _check_kept_facts(state)
    if d is not None and d.kind == "priority":
        missed = prefilter_misses(state, d.player)
        if missed:
            raise InvariantError(f"a legal action was left out by the cheap tests: {missed[0]!r}")


def _check_zones(state: GameState) -> None:
    """Each object listed in one zone, the zone it says it is in, and none in no zone."""
    seen: dict[int, str] = {}
    for zone, oid in state.all_zone_ids():
        if oid in seen:
            raise InvariantError(f"object {oid} is in {seen[oid]} and {zone}")
        seen[oid] = zone
        o = state.objects.get(oid)
        if o is None:
            raise InvariantError(f"{zone} lists object {oid}, which doesn't exist")
        if o.zone != zone:
            raise InvariantError(f"{o.name} ({oid}) is listed in {zone} but says it is in {o.zone}")
    missing = set(state.objects) - set(seen)
    if missing:
        raise InvariantError(f"objects in no zone: {sorted(missing)}")


def _check_card_and_spell_counts(state: GameState) -> None:
    """As many cards as began the game, and the spells on the stack those the state lists."""
    cards = sum(1 for o in state.objects.values() if not o.token)
    if cards != state.card_total:
        raise InvariantError(f"{state.card_total} cards began the game but {cards} exist now")
    stack_spells = [it.source_id for it in state.stack if it.kind == "spell"]
    if sorted(stack_spells) != sorted(state.spell_ids):
        raise InvariantError("spells on the stack and stack objects disagree")


def _check_kept_facts(state: GameState) -> None:
    """What the engine keeps rather than recomputes is up to date: the count of objects of each
    name, no last known information left over, the kept characteristics."""
    names = Counter(o.name for o in state.objects.values())
    wrong = [n for n in names if name_count(state, n) != names[n]]
    if wrong:
        raise InvariantError(f"the kept count of objects named {wrong[0]} is {name_count(state, wrong[0])}, "
                             f"not {names[wrong[0]]}")
    if state.leaving or any(o.last_known is not None for o in state.objects.values()):
        raise InvariantError("last known information outlived the event of leaving the battlefield")
    stale = stale_characteristics(state)
    if stale:
        raise InvariantError(f"kept characteristics are out of date: {stale[0]}")


def state_digest(game: Game, seed: int) -> str:
    parts = [str(seed), game.result, str(game.turn), game.step]
    for p in game.players:
        parts.append(f"{p.name}:{p.life}:{p.poison}")
        for zone in ("library", "hand", "graveyard", "exile"):
            parts.append(",".join(game.objects[i].name for i in p.zone(zone)))
        parts.append(",".join(sorted(f"{o.name}{'T' if o.tapped else ''}" for o in game.permanents(p.name))))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def play_random_game(decks: dict[str, list[str]], seed: int, ruleset: str, mulligan: str | None = None,
                     turn_cap: int = DEFAULT_TURN_CAP, check: bool = False) -> tuple[Game, int]:
    """Play one game between uniformly random agents; returns the game and its decision count."""
    game = new_game(decks, seed, ruleset, mulligan, turn_cap)
    return game, play_out(game, seed, check)


def new_game(decks: dict[str, list[str]], seed: int, ruleset: str, mulligan: str | None = None,
             turn_cap: int = DEFAULT_TURN_CAP) -> Game:
    """The game of `seed`, before anyone has decided anything."""
    return Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=seed, mulligan=mulligan, turn_cap=turn_cap))


def decision_cap(turn_cap: int | None) -> int:
    """The decisions after which a game counts as stuck: it follows the turn cap, so that a
    long game that legally reaches its cap (or decks out before it) never meets this first."""
    return DECISIONS_PER_TURN * (turn_cap or DEFAULT_TURN_CAP)


def play_out(game: Game, seed: int, check: bool = False) -> int:
    """Random agents (seeded from `seed`) answer every decision of `game` until it ends;
    returns how many they made.  Raises what the engine raises (the game is left as it was
    then, for a replay to show)."""
    rng = random.Random(seed * 7919 + 17)
    decisions = 0
    cap = decision_cap(game.state.setup.turn_cap)
    while game.decision is not None:
        action = random_answer(game.state, game.decision, rng)
        game.act(action)
        decisions += 1
        if check:
            check_invariants(game)
        if decisions > cap:
            raise InvariantError(f"no end after {cap} decisions (turn {game.turn})")
    return decisions


@dataclass(frozen=True)
class GameOutcome:
    """What one game of a run adds to its result: plain data, so a worker process can send it."""

    seed: int
    decisions: int = 0
    winner: str | None = None
    draw: bool = False
    digest: str = ""
    error: SimError | None = None


@dataclass(frozen=True)
class GameSpec:
    """Everything one game depends on (a game is a pure function of it)."""

    decks: dict[str, list[str]] | None  # None: random decks from `pool`, built from the seed
    seed: int
    ruleset: str
    mulligan: str | None
    turn_cap: int
    check: bool
    pool: str = "supported"


Decks = dict[str, list[str]]  # player name -> the cards of the deck that player plays


def round_robin(names: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of `names` once, in rounds (the circle method): with an even number of names
    each round of len(names) // 2 pairs has every name once, so the first round alone plays
    every deck; an odd number sits one name out of each round."""
    seats: list[str | None] = list(names) + ([None] if len(names) % 2 else [])
    pairs: list[tuple[str, str]] = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        for a, b in zip(seats[:half], reversed(seats[half:]), strict=True):
            if a is not None and b is not None:
                pairs.append((a, b))
        seats = [seats[0], seats[-1], *seats[1:-1]]  # the first stays, the others turn one place
    return pairs


def scheduled_decks(schedule: Sequence[tuple[str, str]], decks: Decks, seed: int) -> Decks:
    """The decks the game of `seed` plays in a schedule of pairs: pair seed mod its length, the
    players named after their decks, the seats swapped on every other pass through the schedule."""
    first, second = schedule[seed % len(schedule)]
    if (seed // len(schedule)) % 2:
        first, second = second, first
    return {first: decks[first], second: decks[second]}


def game_decks(spec: GameSpec) -> dict[str, list[str]]:
    """The game's decks: the given ones, or random decks 2*seed and 2*seed+1 of the pool."""
    if spec.decks is not None:
        return spec.decks
    return {"p1": random_deck(2 * spec.seed, spec.pool), "p2": random_deck(2 * spec.seed + 1, spec.pool)}


def random_decks_said(spec: GameSpec) -> str:
    """Which random decks a game played, as its error line says it: their numbers, the pool
    and, when imported cards are in that pool, their sets (the same seed builds other decks
    without them)."""
    said = f"random decks {2 * spec.seed} and {2 * spec.seed + 1} of the {spec.pool} pool"
    sets = imported_sets(spec.pool)
    return said + (f" with imported cards of sets {', '.join(sets)}" if sets else "")


def decks_said(spec: GameSpec) -> str:
    """Which decks a game played, for its error line: the random decks, a schedule's pair (the
    players are named after their decks), or nothing (the run's two decks, p1 and p2)."""
    if spec.decks is None:
        return random_decks_said(spec)
    return " vs ".join(spec.decks) if set(spec.decks) != {"p1", "p2"} else ""


def play_one(spec: GameSpec) -> GameOutcome:
    """Play one game; an engine exception or a broken invariant is its error."""
    try:
        game, n = play_random_game(game_decks(spec), spec.seed, spec.ruleset, spec.mulligan, spec.turn_cap,
                                   spec.check)
    except Exception as e:  # an engine bug: recorded with its seed, and the run goes on
        tb = traceback.extract_tb(e.__traceback__)[-1]
        where = f"{tb.filename}:{tb.lineno}"
        return GameOutcome(spec.seed, error=SimError(spec.seed, f"{type(e).__name__}: {e}", where, decks_said(spec)))
    return GameOutcome(spec.seed, n, game.winner, game.is_draw, state_digest(game, spec.seed))


def in_order(play: Callable[[S], R], specs: list[S], jobs: int) -> Generator[R, None, None]:
    """`play` of each spec, in the specs' order, computed here or by `jobs` worker processes
    (`play` and the specs must pickle: a module-level function, plain data).  Close the
    generator (contextlib.closing) to end the workers when the caller stops early."""
    if jobs <= 1 or len(specs) <= 1:
        yield from map(play, specs)
        return
    from multiprocessing import Pool  # only here: the client doesn't pay for importing it

    # a Pool, not a ProcessPoolExecutor: leaving its `with` early (the run stopped by a signal,
    # see simulate) terminates the workers at once instead of waiting for their games
    with Pool(jobs, initializer=leave_interrupts_to_the_parent) as workers:
        yield from workers.imap(play, specs, chunksize=max(1, len(specs) // (jobs * 8)))


def leave_interrupts_to_the_parent() -> None:
    """In a worker: Ctrl+C reaches every process of the terminal's foreground group, and the
    parent decides what it means (it ends the workers); a worker ignores it instead of printing
    a KeyboardInterrupt traceback of its own.  SIGTERM, the parent's way of ending a worker,
    does what it does by default: the worker was forked with the parent's Python handlers, and
    one that raised an exception would be caught as a failed task and the worker would go on."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def simulate(decks: dict[str, list[str]] | None, games: int, seed: int = 0, ruleset: str = "2014",
             mulligan: str | None = None, turn_cap: int = DEFAULT_TURN_CAP, *, check: bool = False,
             jobs: int = 1, pool: str = "supported", schedule: Sequence[tuple[str, str]] = ()) -> SimResult:
    """Play `games` games, game i with seed `seed + i` (and, with `decks` None, random decks
    of `pool` built from that seed; with a `schedule` of pairs of the names of `decks`, the
    pair `scheduled_decks` gives that seed, each player named after its deck); the digest
    (over every game's final state, in seed order) is the same for any `jobs`."""
    result = SimResult()
    digest = hashlib.sha256()
    start = time.perf_counter()
    specs = [GameSpec(scheduled_decks(schedule, decks or {}, seed + i) if schedule else decks, seed + i, ruleset,
                      mulligan, turn_cap, check, pool) for i in range(games)]
    with closing(in_order(play_one, specs, jobs)) as outcomes:  # closed even when stopped midway: the workers end
        for out in outcomes:
            result.games += 1
            if out.error is not None:
                result.errors.append(out.error)
                digest.update(f"error:{out.seed}".encode())
                continue
            result.decisions += out.decisions
            if out.draw:
                result.draws += 1
            elif out.winner:
                result.wins[out.winner] += 1
            digest.update(out.digest.encode())
    result.seconds = time.perf_counter() - start
    result.digest = digest.hexdigest()[:16]
    return result
