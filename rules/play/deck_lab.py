"""The deck lab: goldfish at scale.  `run_lab` plays N headless games of a deck, piloted by
`rules.play.pilot.Pilot`, against a goldfish (20 life, never acts), and reports how fast
the deck wins.

Conventions (the client's goldfish counts the same way, `mtg_tui.session.Session.kill_turn`):
the deck's owner starts, and a turn number is the owner's own turn (1 = its first turn, on
the play, without a draw).  Game i of a run uses seed `seed + i`; a report is a function of
(deck, games, seed, ruleset, mulligan rule, turn cap).
"""

from __future__ import annotations

import json
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine.api.game import Game
from ..engine.core.ruleset import get_ruleset
from ..engine.core.setup import GameSetup
from .autopilot import goldfish_answer
from .pilot import Pilot

OWNER = "you"
GOLDFISH = "goldfish"
DEFAULT_TURN_CAP = 20  # the owner's turns: a game not won by then counts as not won
LAND_TURNS = 6  # land drops are reported for the owner's turns 1-6
STALL_FROM = 3  # stalls are counted from the owner's third turn on
# a game still going after this many decisions per turn of its cap (5,000 at the default 20) is
# stopped (an error): the cap follows the turn cap, so a long game never meets it first
DECISIONS_PER_TURN = 250


@dataclass(frozen=True)
class LabReport:
    """What N goldfish games of a deck say.  Every share is a fraction of 0..1.

    - `kill_turns`: {owner's turn: games won on it}; `mean_kill_turn` and `median_kill_turn`
      over the games won (None when none was); `won_by_turn[t-1]`: the share of all games won
      on turn t or before (cumulative), for t = 1..turn_cap.
    - `mulligan_rate`: the share of games with at least one mulligan; `kept_hand_sizes`:
      {cards in the hand kept (after London bottom cards): games}.
    - `land_drops[t-1]`: of the games that reached the owner's turn t (t = 1..6), the share in
      which it played a land on that turn.
    - `missed_land_drop`: games in which, on one of the owner's turns 1-6 the game reached,
      no land was played.
    - `stalled`: games with a *stall turn*: a turn of the owner's, from its third on and
      before the goldfish died, on which the pilot cast no spell while its hand held nonland
      cards, none of which it could cast at its last main-phase look (each cost more mana
      than it had, or the engine refused it: colours, targets).  Cards the pilot holds on
      purpose (tricks, removal with nothing to remove, Auras) count as castable.
    - `damage_by_turn[t-1]`: the mean cumulative damage to the goldfish (life lost from 20)
      at the end of the owner's turn t, a game already over counting its final figure.
    - `not_won`: games not won by the end of the owner's turn `turn_cap` (a draw at the cap,
      or a loss: the owner decked itself, or paid too much life).
    - `errors`: games the engine stopped with an error: (seed, message); they count as not won.
    - `cancelled`: the run was cancelled; the figures are over the `games` played before.
    """

    deck: str
    games: int
    seed: int
    ruleset: str
    mulligan: str
    turn_cap: int
    kill_turns: dict[int, int]
    mean_kill_turn: float | None
    median_kill_turn: float | None
    won_by_turn: tuple[float, ...]
    mulligan_rate: float
    kept_hand_sizes: dict[int, int]
    land_drops: tuple[float, ...]
    missed_land_drop: int
    stalled: int
    damage_by_turn: tuple[float, ...]
    not_won: int
    errors: tuple[tuple[int, str], ...] = ()
    cancelled: bool = False

    @property
    def won(self) -> int:
        return sum(self.kill_turns.values())

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["kill_turns"] = {str(k): v for k, v in sorted(self.kill_turns.items())}
        d["kept_hand_sizes"] = {str(k): v for k, v in sorted(self.kept_hand_sizes.items())}
        d["errors"] = [{"seed": s, "message": m} for s, m in self.errors]
        d["won"] = self.won
        for key in ("won_by_turn", "land_drops", "damage_by_turn"):
            d[key] = list(d[key])
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


@dataclass
class GameFacts:
    """What one game adds to a report."""

    seed: int
    kill_turn: int | None = None
    mulligans: int = 0
    kept: int = 7
    land_turns: dict[int, bool] = field(default_factory=dict)  # owner's turn -> a land played
    damage: dict[int, int] = field(default_factory=dict)  # owner's turn -> damage so far, at its end
    stalled: bool = False
    error: str = ""
    turns: int = 0  # the owner's turns the game reached


def lab_setup(deck: Sequence[str], seed: int, ruleset: str = "2014", mulligan: str | None = None,
              turn_cap: int = DEFAULT_TURN_CAP) -> GameSetup:
    """The game of `seed`: the deck's owner starts against a goldfish; the engine's turn cap
    ends it (a draw) after the goldfish's turn `turn_cap`."""
    return GameSetup.from_decks({OWNER: list(deck), GOLDFISH: []}, ruleset=ruleset, seed=seed, mulligan=mulligan,
                                starting_player=OWNER, goldfish=(GOLDFISH,), turn_cap=2 * turn_cap)


def play_lab_game(deck: Sequence[str], seed: int, ruleset: str = "2014", mulligan: str | None = None,
                  turn_cap: int = DEFAULT_TURN_CAP) -> GameFacts:
    """Play one goldfish game with the pilot and gather its facts (an engine error is
    recorded, not raised)."""
    facts = GameFacts(seed)
    try:
        _play(facts, deck, seed, ruleset, mulligan, turn_cap)
    except Exception as e:  # an engine bug: recorded with its seed, and the run goes on
        tb = traceback.extract_tb(e.__traceback__)[-1]
        facts.error = f"{type(e).__name__}: {e} ({tb.filename}:{tb.lineno})"
        facts.kill_turn = None
    return facts


def _play(facts: GameFacts, deck: Sequence[str], seed: int, ruleset: str, mulligan: str | None,
          turn_cap: int) -> None:
    game = Game(lab_setup(deck, seed, ruleset, mulligan, turn_cap))
    state = game.state
    pilot = Pilot(OWNER, seed)
    me, fish = state.player(OWNER), state.player(GOLDFISH)
    own_turn = 0  # the owner's turns begun
    turn = -1  # the game turn seen last
    decisions = 0
    cap = DECISIONS_PER_TURN * turn_cap
    while True:
        if state.turn != turn:  # a new turn began
            turn = state.turn
            if state.active == OWNER:
                own_turn += 1
                facts.land_turns[own_turn] = False
        if own_turn and state.active == OWNER:
            if me.lands_played:
                facts.land_turns[own_turn] = True
            facts.damage[own_turn] = 20 - fish.life
        d = game.decision
        if d is None:
            break
        action = pilot.answer(game, d) if d.player == OWNER else goldfish_answer(game, d)
        game.act(action)
        decisions += 1
        if decisions > cap:
            raise RuntimeError(f"no end after {cap} decisions (turn {state.turn})")
    facts.turns = own_turn
    facts.mulligans = me.mulligans
    facts.kept = max(7 - me.mulligans, 0)  # each mulligan (any rule) keeps one card fewer
    if game.winner == OWNER:
        facts.kill_turn = own_turn
    last = facts.kill_turn or own_turn
    for game_turn, notes in pilot.notes.items():
        t = (game_turn + 1) // 2  # the owner's turns are the odd ones (no extra turns in a goldfish game)
        if STALL_FROM <= t <= last and notes.cast == 0 and notes.held_uncastable and t != facts.kill_turn:
            facts.stalled = True


def run_lab(deck: Sequence[str], games: int, seed: int = 0, ruleset: str = "2014", mulligan: str | None = None,
            *, turn_cap: int = DEFAULT_TURN_CAP, name: str = "", progress: Callable[[int, int], None] | None = None,
            cancel: Callable[[], bool] | None = None) -> LabReport:
    """Play `games` goldfish games of `deck` (game i with seed `seed + i`) and report them.
    `progress(done, total)` is called after each game; `cancel()` is asked before each, and
    when it says True the run stops and the report covers the games played."""
    if games < 1:
        raise ValueError("the lab needs at least 1 game")
    played: list[GameFacts] = []
    cancelled = False
    for i in range(games):
        if cancel is not None and cancel():
            cancelled = True
            break
        played.append(play_lab_game(deck, seed + i, ruleset, mulligan, turn_cap))
        if progress is not None:
            progress(i + 1, games)
    rule = mulligan or get_ruleset(ruleset).default_mulligan
    return summarize(played, name or "deck", seed, ruleset, rule, turn_cap, cancelled)


def summarize(played: list[GameFacts], deck: str, seed: int, ruleset: str, mulligan: str, turn_cap: int,
              cancelled: bool = False) -> LabReport:
    """The report of the games played."""
    n = len(played)
    kills = Counter(f.kill_turn for f in played if f.kill_turn is not None)
    won = sorted(f.kill_turn for f in played if f.kill_turn is not None)
    mean = round(sum(won) / len(won), 3) if won else None
    median: float | None = None
    if won:
        mid = len(won) // 2
        median = float(won[mid]) if len(won) % 2 else (won[mid - 1] + won[mid]) / 2
    share = (lambda k: round(k / n, 4)) if n else (lambda k: 0.0)
    by_turn, total = [], 0
    for t in range(1, turn_cap + 1):
        total += kills.get(t, 0)
        by_turn.append(share(total))
    land_drops = []
    for t in range(1, LAND_TURNS + 1):
        reached = [f for f in played if t in f.land_turns]
        land_drops.append(round(sum(f.land_turns[t] for f in reached) / len(reached), 4) if reached else 0.0)
    missed = sum(1 for f in played if any(not f.land_turns[t] for t in f.land_turns if t <= LAND_TURNS))
    damage = []
    for t in range(1, turn_cap + 1):
        vals = [_damage_at(f, t) for f in played]
        damage.append(round(sum(vals) / n, 3) if n else 0.0)
    return LabReport(
        deck=deck, games=n, seed=seed, ruleset=ruleset, mulligan=mulligan, turn_cap=turn_cap,
        kill_turns=dict(sorted(kills.items())), mean_kill_turn=mean, median_kill_turn=median,
        won_by_turn=tuple(by_turn), mulligan_rate=share(sum(1 for f in played if f.mulligans)),
        kept_hand_sizes=dict(sorted(Counter(f.kept for f in played).items())), land_drops=tuple(land_drops),
        missed_land_drop=missed, stalled=sum(1 for f in played if f.stalled), damage_by_turn=tuple(damage),
        not_won=n - len(won), errors=tuple((f.seed, f.error) for f in played if f.error), cancelled=cancelled)


def _damage_at(f: GameFacts, t: int) -> int:
    """The damage at the end of the owner's turn t (a game over by then: its last figure)."""
    if t in f.damage:
        return f.damage[t]
    reached = [k for k in f.damage if k <= t]
    return f.damage[max(reached)] if reached else 0
