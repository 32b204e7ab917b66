"""The state of one game: plain data, and the small kernel every system shares.

`GameState` holds players, objects, zones, the stack, continuous effects, pending and
delayed triggers, turn and step, the random generator, the log and the game record.  The
systems of `rules.engine` (turn structure, priority, casting and resolving, combat,
state-based actions, triggers, continuous and replacement effects) are modules of
functions over it; none of them depends on the `Game` façade.  The kernel here is what
they all need: log an event, new ids and timestamps, look players and objects up, and
invalidate derived characteristics.  A state pickles; only the paused game loop (held by
`Game`) does not."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .decisions import Decision
from .objects import Characteristics, ContinuousEffect, DelayedTrigger, Obj, PendingTrigger, Player, Shield, StackItem
from .ruleset import Ruleset, get_ruleset
from .setup import GameSetup

# routine bookkeeping (passes, steps ending) a client may fold away
MINOR_EVENTS = frozenset({"priority_pass", "all_passed", "priority_after_cast", "step_ends", "new_turn_minor"})


class GameOver(Exception):
    """Raised inside the game loop when the game has ended; caught at its top."""


@dataclass
class LogEvent:
    """One line of the game log, with the rule it applied (in the game's numbering)."""

    text: str
    rule: str
    turn: int
    step: str
    player: str | None = None
    minor: bool = False  # routine bookkeeping (passes, steps ending) a client may fold away
    to: str | None = None  # a private line (what a player looked at): only this player sees it


@dataclass
class Event:
    """A game event that abilities may trigger on."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass
class GameState:
    """Everything one game is, as data."""

    setup: GameSetup
    rules: Ruleset
    mulligan_rule: str
    rng: random.Random
    players: list[Player]
    objects: dict[int, Obj] = field(default_factory=dict)
    lki: dict[int, Obj] = field(default_factory=dict)  # last known information of objects that left a zone
    # damage dealt this turn: (source id, recipient, amount) ("a creature dealt damage by ~ this turn")
    damage_this_turn: list[tuple[int, Any, int]] = field(default_factory=list)
    # cards put into a graveyard from the battlefield this turn (their ids in the graveyard)
    to_graveyard_from_battlefield: list[int] = field(default_factory=list)
    battlefield: list[int] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)  # bottom first
    spell_ids: list[int] = field(default_factory=list)  # the cards of the spells on the stack
    log: list[LogEvent] = field(default_factory=list)
    record: list[Action] = field(default_factory=list)  # the game record: every action taken
    record_texts: list[str] = field(default_factory=list)  # each action in notation, written as taken
    decision: Decision | None = None
    turn: int = 1
    active: str = ""
    step: str = "main1"
    priority: str | None = None
    winner: str | None = None
    is_draw: bool = False
    over: bool = False
    first_turn_player: str | None = None
    next_id: int = 1
    last_timestamp: int = 0
    name_counts: Counter[str] = field(default_factory=Counter)
    card_total: int = 0  # cards (not tokens) created: they never leave the game
    extra_turns: list[str] = field(default_factory=list)  # the newest last (500.7 / 300.6)
    # controlling another player (712 / 507, rules.engine.resolution.turn_control): player -> controller
    turn_control_next: dict[str, str] = field(default_factory=dict)  # waiting for that player's next turn
    turn_controller: dict[str, str] = field(default_factory=dict)  # this turn
    effects: list[ContinuousEffect] = field(default_factory=list)
    shields: list[Shield] = field(default_factory=list)  # prevention and redirection from resolved effects
    pending_triggers: list[PendingTrigger] = field(default_factory=list)
    delayed: list[DelayedTrigger] = field(default_factory=list)
    zone_changes: list[tuple[Obj, Obj]] = field(default_factory=list)  # since the last flush of events
    dealt_first_strike: set[int] = field(default_factory=set)
    attackers_declared: bool = False  # this combat: its blockers and damage steps happen (508.8 / 308.5)
    # linked abilities (607.2a / 407.1): "SOURCE_ID:KEY" -> the cards an ability of that source exiled
    linked: dict[str, list[int]] = field(default_factory=dict)
    ending_turn: bool = False  # "End the turn" resolved: skip to the cleanup step (713.1 / 509.1)
    added_phases: list[str] = field(default_factory=list)  # steps added after this main phase (500.8 / 300.7)
    attacked_this_turn: list[int] = field(default_factory=list)  # creatures declared as attackers this turn
    # "During target opponent's next turn, creatures that player controls attack ~ if able":
    # (player, whom) waiting for the player's next turn, and the ones that apply this turn
    next_turn_requirements: list[tuple[str, Any]] = field(default_factory=list)
    turn_requirements: list[tuple[str, Any]] = field(default_factory=list)
    # where the game loop is, kept here rather than in the loop's locals so a copy of the state
    # taken at a step's priority can carry on from there (`turn.resume_game`, undo points)
    steps_left: list[str] = field(default_factory=list)  # this turn's steps after the current one
    passes: int = 0  # players who passed in succession in this priority round
    resumable: bool = False  # the decision is a step's priority with nothing half done
    # the record index of the cast or activation whose costs and choices are being made now
    # (601.2 / 602.2; 2009 409.1): undoing to before it reverses the whole action (717.1 / 422.1)
    announcing: int | None = None
    # the characteristics of permanents leaving the battlefield together, taken before any of
    # them leaves (603.10a / 410.10d; `zones.leaving_together`): empty between events
    leaving: dict[int, Characteristics] = field(default_factory=dict, compare=False, repr=False)
    # derived from the rest, never part of what the game is
    chars_cache: dict[int, Characteristics] = field(default_factory=dict, compare=False, repr=False)
    # answers that depend only on the permanents, their characteristics and the continuous
    # effects (the rules statics, triggered abilities, mana sources ...): cleared by `invalidate`
    board: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    # answers that depend on other zones too (the cards in hand, the names in the game):
    # cleared by `invalidate` and whenever a card moves between zones other than the battlefield
    derived: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    # ids of the tokens in the game: the state-based action for a token outside the
    # battlefield looks only at these (704.5d / 420.5d)
    token_ids: set[int] = field(default_factory=set, compare=False, repr=False)

    # ------------------------------------------------------------ players
    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def has_player(self, name: object) -> bool:
        return name in [p.name for p in self.players]

    def opponents(self, name: str) -> list[str]:
        return [p.name for p in self.players if p.name != name and not p.lost]

    def live_players(self) -> list[Player]:
        return [p for p in self.players if not p.lost]

    def apnap(self) -> list[Player]:
        """Players in APNAP order: the active player first, then turn order (101.4)."""
        names = [p.name for p in self.players]
        i = names.index(self.active)
        return [self.player(n) for n in names[i:] + names[:i] if not self.player(n).lost]

    def next_player(self, name: str) -> str:
        live = [p.name for p in self.players if not p.lost or p.name == name]
        i = live.index(name)
        return live[(i + 1) % len(live)]

    @property
    def nonactive(self) -> str:
        return self.next_player(self.active)

    # ------------------------------------------------------------ objects and zones
    def new_id(self) -> int:
        i = self.next_id
        self.next_id += 1
        return i

    def new_timestamp(self) -> int:
        self.last_timestamp += 1
        return self.last_timestamp

    def known(self, oid: int) -> Obj | None:
        """The object, or its last known information if it has left its zone."""
        return self.objects.get(oid) or self.lki.get(oid)

    def stack_item(self, sid: Any) -> StackItem | None:
        for it in self.stack:
            if it.id == sid:
                return it
        return None

    def zone_list(self, o: Obj) -> list[int]:
        """The list of ids of the zone `o` is in."""
        if o.zone == "battlefield":
            return self.battlefield
        if o.zone == "stack":
            return self.spell_ids
        return self.player(o.owner).zone(o.zone)

    def permanents(self, controller: str | None = None) -> list[Obj]:
        objects = self.objects
        if controller is None:
            return [objects[i] for i in self.battlefield]
        return [o for i in self.battlefield if (o := objects[i]).controller == controller]

    def all_zone_ids(self) -> list[tuple[str, int]]:
        """(zone, id) of every object in every zone: for invariant checks."""
        out: list[tuple[str, int]] = [("battlefield", i) for i in self.battlefield]
        out += [("stack", i) for i in self.spell_ids]
        for p in self.players:
            for z in ("library", "hand", "graveyard", "exile"):
                out += [(z, i) for i in p.zone(z)]
        return out

    def invalidate(self) -> None:
        """Something characteristics depend on changed: recompute them when next asked."""
        self.chars_cache.clear()
        self.board.clear()
        self.derived.clear()

    def invalidate_objects(self, ids: Iterable[int]) -> None:
        """Only these objects' characteristics changed, and no other object's depend on them
        (an effect locked to them, 611.2c; a permanent coming or going where no static ability
        or characteristic-defining ability looks at others): the rest are kept.  Cards outside
        the battlefield are forgotten too (a characteristic-defining ability may count
        permanents), and so is everything derived from the permanents."""
        for i in ids:
            self.chars_cache.pop(i, None)
        on = set(self.battlefield)
        self.chars_cache = {k: v for k, v in self.chars_cache.items() if k in on}
        self.board.clear()
        self.derived.clear()

    def invalidate_off_battlefield(self) -> None:
        """A card moved between zones other than the battlefield (a draw, a spell cast or
        resolving, a discard): the permanents' characteristics stay as they were, unless one
        has a characteristic-defining ability (which may count cards in other zones, 604.3);
        what other zones' cards were is forgotten."""
        if self.board.get("cda") is None:
            self.board["cda"] = any(self.objects[i].card.has_cda for i in self.battlefield)
        if self.board["cda"]:
            self.invalidate()
            return
        on = set(self.battlefield)
        self.chars_cache = {k: v for k, v in self.chars_cache.items() if k in on}
        self.derived.clear()

    # ------------------------------------------------------------ the log
    def log_event(self, text: str, concept: str = "", player: str | None = None, rule: str = "",
                  to: str | None = None) -> None:
        """Log `text`, citing the rule of `concept` in this game's numbering; with `to`, a
        line only that player sees (the cards of a hidden zone they looked at)."""
        if not rule and concept:
            rule = self.rules.cite(concept)
        self.log.append(LogEvent(text, rule, self.turn, self.step, player, concept in MINOR_EVENTS, to))

    def cited(self) -> set[str]:
        return {e.rule for e in self.log if e.rule}

    # ------------------------------------------------------------ the end of the game
    def check_game_over(self, raise_: bool = True) -> None:
        """Once one player is left, or none: the game is over (104.2a, 104.4a)."""
        alive = self.live_players()
        if len(alive) == len(self.players):
            return
        if not alive:
            self.is_draw = True
            self.log_event("every player has lost: the game is a draw", "draw_game")
        elif len(alive) == 1:
            self.winner = alive[0].name
            self.log_event(f"{self.winner} wins the game", "win", player=self.winner)
        else:
            return
        self.over = True
        if raise_:
            raise GameOver()

    def end_as_draw(self, reason: str) -> None:
        self.is_draw = True
        self.over = True
        self.log_event(f"the game is a draw: {reason}", "draw_game")

    @property
    def result(self) -> str:
        if not self.over:
            return "none"
        return "draw" if self.is_draw else (self.winner or "none")


@dataclass
class EffectContext:
    """What an effect knows while it resolves: its controller, source, targets and X."""

    state: GameState
    controller: str
    source: Obj  # the source object, or its last known information
    targets: list[Any] = field(default_factory=list)  # None where a target became illegal
    x: int = 0
    item: StackItem | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def target(self, i: int = 0) -> Any:
        return self.targets[i] if i < len(self.targets) else None


def new_state(setup: GameSetup) -> GameState:
    """The state of a game about to begin: its players, rules and random generator."""
    rules = get_ruleset(setup.ruleset)
    return GameState(setup=setup, rules=rules, mulligan_rule=setup.mulligan or rules.default_mulligan,
                     rng=random.Random(setup.seed),
                     players=[Player(p.name, goldfish=p.goldfish) for p in setup.players],
                     turn=setup.turn, active=setup.active or setup.players[0].name, step=setup.step)
