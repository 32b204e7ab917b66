"""The simulator: random agents play many games; the engine's fuzzer and benchmark.

Each game is a pure function of (decks, seed, ruleset): the agents draw from a generator
seeded from the game's seed, so a run's digest repeats exactly.  After every action the
invariants of `check_invariants` are checked; an engine exception or a broken invariant is
an error, reported with its seed, and the run goes on."""

from __future__ import annotations

import hashlib
import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from ..engine import sba
from ..engine.game import Game
from ..engine.legal import random_answer
from ..engine.setup import GameSetup

DEFAULT_TURN_CAP = 40
MAX_DECISIONS = 20000


class InvariantError(AssertionError):
    """The game state broke a rule the engine must always keep."""


@dataclass
class SimError:
    seed: int
    message: str
    where: str = ""


@dataclass
class SimResult:
    games: int = 0
    wins: Counter = field(default_factory=Counter)
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

    def as_json(self) -> dict:
        return {"games": self.games, "wins": dict(self.wins), "draws": self.draws, "errors": len(self.errors),
                "error_details": [e.__dict__ for e in self.errors], "seconds": round(self.seconds, 3),
                "games_per_s": round(self.games_per_s, 2), "decisions_per_s": round(self.decisions_per_s, 1),
                "digest": self.digest}


def check_invariants(game: Game) -> None:
    """Every card in exactly one zone, no object in two places, and no state-based action
    pending whenever a player has priority."""
    state = game.state
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
    cards = sum(1 for o in state.objects.values() if not o.token)
    if cards != state.card_total:
        raise InvariantError(f"{state.card_total} cards began the game but {cards} exist now")
    stack_spells = [it.source_id for it in state.stack if it.kind == "spell"]
    if sorted(stack_spells) != sorted(state.spell_ids):
        raise InvariantError("spells on the stack and stack objects disagree")
    d = game.decision
    if d is not None and d.kind == "priority" and sba.pending(state):
        found = sba.find(state, {})
        raise InvariantError(f"a player has priority while state-based actions apply: {found[0][3]}")


def state_digest(game: Game, seed: int) -> str:
    parts = [str(seed), game.result, str(game.turn), game.step]
    for p in game.players:
        parts.append(f"{p.name}:{p.life}:{p.poison}")
        for zone in ("library", "hand", "graveyard", "exile"):
            parts.append(",".join(game.objects[i].name for i in p.zone(zone)))
        parts.append(",".join(sorted(f"{o.name}{'T' if o.tapped else ''}" for o in game.permanents(p.name))))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def play_random_game(decks: dict[str, list[str]], seed: int, ruleset: str, mulligan: str | None = None,
                     turn_cap: int = DEFAULT_TURN_CAP, check: bool = True) -> tuple[Game, int]:
    """Play one game between uniformly random agents; returns the game and its decision count."""
    setup = GameSetup.from_decks(decks, ruleset=ruleset, seed=seed, mulligan=mulligan, turn_cap=turn_cap)
    game = Game(setup)
    rng = random.Random(seed * 7919 + 17)
    decisions = 0
    while game.decision is not None:
        action = random_answer(game.state, game.decision, rng)
        game.act(action)
        decisions += 1
        if check:
            check_invariants(game)
        if decisions > MAX_DECISIONS:
            raise InvariantError(f"no end after {MAX_DECISIONS} decisions (turn {game.turn})")
    return game, decisions


def simulate(decks: dict[str, list[str]], games: int, seed: int = 0, ruleset: str = "2014",
             mulligan: str | None = None, turn_cap: int = DEFAULT_TURN_CAP) -> SimResult:
    result = SimResult()
    digest = hashlib.sha256()
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        try:
            game, n = play_random_game(decks, game_seed, ruleset, mulligan, turn_cap)
        except Exception as e:  # an engine bug: record it with its seed and go on
            tb = traceback.extract_tb(e.__traceback__)[-1]
            result.errors.append(SimError(game_seed, f"{type(e).__name__}: {e}", f"{tb.filename}:{tb.lineno}"))
            result.games += 1
            digest.update(f"error:{game_seed}".encode())
            continue
        result.games += 1
        result.decisions += n
        if game.is_draw:
            result.draws += 1
        elif game.winner:
            result.wins[game.winner] += 1
        digest.update(state_digest(game, game_seed).encode())
    result.seconds = time.perf_counter() - start
    result.digest = digest.hexdigest()[:16]
    return result
