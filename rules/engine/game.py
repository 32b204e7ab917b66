"""The Game: the whole state of one game of Magic and the loop that runs it.

The loop is a generator.  Wherever a player must choose, it yields a `Decision` and waits;
`Game.act` checks the answer against the rules *before* anything changes (a refused
action changes nothing and names the rule that refused it) and sends it in.  The engine
never blocks, prints or reads input.  The list of accepted actions is the game record:
`undo` replays it minus the last one.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Generator, Iterable, Optional

from . import actions as A
from ..cards import get_card
from ..cards.model import CardDef
from .combat import CombatMixin
from .continuous import ContinuousMixin
from .decisions import Decision
from .objects import Characteristics, Obj, Player, StackItem
from .replacement import enter_battlefield, graveyard_replacement
from .ruleset import Ruleset, get_ruleset
from .sba import SBAMixin
from .setup import GameSetup
from .stack import StackMixin
from .triggers import TriggerMixin
from .turn import STEPS, TurnMixin

Gen = Generator[Decision, Any, Any]


RECORD_FORMAT = "mtg-tui game record 1"
MINOR_EVENTS = frozenset({"priority_pass", "all_passed", "priority_after_cast", "step_ends", "new_turn_minor"})


class GameOver(Exception):
    """Raised inside the loop when the game has ended; caught at its top."""


@dataclass
class LogEvent:
    """One line of the game log, with the rule it applied (in the game's numbering)."""

    text: str
    rule: str
    turn: int
    step: str
    player: Optional[str] = None
    minor: bool = False  # routine bookkeeping (passes, steps ending) a client may fold away


@dataclass
class Event:
    """A game event that abilities may trigger on."""

    kind: str
    data: dict = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


class Game(TurnMixin, StackMixin, CombatMixin, SBAMixin, TriggerMixin, ContinuousMixin):
    """A game of Magic: state, decisions and the game record."""

    def __init__(self, setup: GameSetup):
        self.setup = setup
        self._start()

    def _start(self) -> None:
        """Set the game up from its setup and run the loop to the first decision (also how
        `undo` begins again: the loop must run on this object, not on a copy)."""
        setup = self.setup
        self.rules: Ruleset = get_ruleset(setup.ruleset)
        self.mulligan_rule = setup.mulligan or self.rules.default_mulligan
        self.rng = random.Random(setup.seed)
        self.players: list[Player] = [Player(p.name, goldfish=p.goldfish) for p in setup.players]
        self._players = {p.name: p for p in self.players}
        self.objects: dict[int, Obj] = {}
        self.lki: dict[int, Obj] = {}  # last known information of objects that left a zone
        self.battlefield: list[int] = []
        self.stack: list[StackItem] = []  # bottom first
        self.log: list[LogEvent] = []
        self.record: list[A.Action] = []
        self.record_texts: list[str] = []  # each action in notation, written as it was taken
        self.turn = setup.turn
        self.active = setup.active or self.players[0].name
        self.step = setup.step
        self.priority: Optional[str] = None
        self.winner: Optional[str] = None
        self.is_draw = False
        self.over = False
        self.first_turn_player: Optional[str] = None
        self.decision: Optional[Decision] = None
        self._next_id = 1
        self._timestamp = 0
        self._name_counts: Counter = Counter()
        self._card_total = 0  # cards (not tokens) created: they never leave the game
        self.extra_turns: list[str] = []  # players' extra turns, the newest last (500.7 / 300.6)
        self._init_continuous()
        self._init_triggers()
        self._init_combat()
        self._proc = self._main()
        self._advance(None)

    # ------------------------------------------------------------ the decision API
    def act(self, action: A.Action | str) -> None:
        """Take one action (an Action, or its text in action notation).  Raises
        IllegalAction, naming the rule, and changes nothing when it is not legal now."""
        action, plan = self._checked(action)
        text = self.notation(action)
        self.record.append(action)
        self.record_texts.append(text)
        if isinstance(action, A.Concede):
            self._concede(action.player)
            return
        self._advance((action, plan))

    def check(self, action: object) -> Optional[A.IllegalAction]:
        """Why `action` would be refused now (an IllegalAction naming the rule), or None when
        it is legal.  Raises nothing and changes nothing."""
        try:
            self._checked(action)
        except A.IllegalAction as e:
            return e
        return None

    def _checked(self, action: object) -> tuple[A.Action, Any]:
        """The action (parsed if it was text) and the plan to carry it out; IllegalAction
        when it is not legal now.  Whatever is given, the answer is one of these two."""
        if isinstance(action, str):
            action = self.parse(action)
        why = A.malformed(action)
        if why:
            raise A.IllegalAction(why)
        assert isinstance(action, A.Action)
        if not self.has_player(action.player):
            raise A.IllegalAction(f"there is no player called {action.player!r} in this game")
        if isinstance(action, A.Concede):
            if self.over or self._players[action.player].lost:
                raise A.IllegalAction(f"{action.player} is no longer in the game", self.rules.cite("concede"))
            return action, None
        d = self.decision
        if d is None:
            raise A.IllegalAction("the game is over", self.rules.cite("win"))
        if action.player != d.player:
            raise A.IllegalAction(
                f"{action.player} cannot act now: the engine is waiting for {d.describe()}",
                self.rules.cite("priority"),
            )
        if not d.answered_by(action):
            raise A.IllegalAction(f"that does not answer the question: {d.describe()}")
        return action, self._validate(d, action)

    def legal_actions(self, player: Optional[str] = None) -> list[A.Action]:
        """Every legal answer to the current decision (priority: every castable card with
        every legal choice of targets, every activatable ability, playing a land, passing)."""
        d = self.decision
        if d is None or (player is not None and player != d.player):
            return []
        if d.kind == "priority":
            from .legal import priority_options
            return priority_options(self, d.player)
        return list(d.options)

    def undo(self) -> None:
        """Go back one action: the game is set up again and the record, minus its last
        action, replayed on this same object (the loop runs on it), so the state is
        exactly what it was before that action."""
        if not self.record:
            return
        actions = self.record[:-1]
        self._start()
        self.replay(actions)

    def replay(self, actions: Iterable[A.Action | str]) -> None:
        for a in actions:
            self.act(a)

    def to_record(self) -> dict:
        """The game record: its setup and every action in notation.  A saved game is this;
        `Game.from_record` replays it to the same state."""
        from .setup import setup_to_dict
        return {"format": RECORD_FORMAT, "setup": setup_to_dict(self.setup), "actions": list(self.record_texts)}

    @classmethod
    def from_record(cls, record: dict) -> "Game":
        """Replay a game record.  ValueError for a record this version can't read;
        IllegalAction (its message says which action) for one that doesn't replay."""
        from .setup import setup_from_dict
        if not isinstance(record, dict):
            raise ValueError("a game record is a JSON object with format, setup and actions")
        fmt = record.get("format")
        if fmt != RECORD_FORMAT:
            raise ValueError(f"its format is {fmt!r}; this version of mtg-tui reads {RECORD_FORMAT!r}")
        texts = record.get("actions")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ValueError("its actions must be a list of action texts")
        game = cls(setup_from_dict(record.get("setup")))
        for i, text in enumerate(texts, 1):
            try:
                game.act(text)
            except A.IllegalAction as e:
                raise A.IllegalAction(f"action {i} of {len(texts)} ({text!r}) doesn't replay: {e.message}",
                                      e.rule) from None
        return game

    def _advance(self, value: Any) -> None:
        try:
            self.decision = self._proc.send(value)
        except StopIteration:
            self.decision = None
            self.over = True

    def _validate(self, d: Decision, action: A.Action) -> Any:
        """Check an action against the rules without changing anything; return a plan."""
        return self._validators[d.kind](self, d, action)

    # ------------------------------------------------------------ the loop
    def _main(self) -> Gen:
        try:
            first_step = self._setup_game()
            if first_step == "mulligan":
                yield from self._mulligans()
                first_step = "untap"
            while True:
                yield from self._run_turn(first_step)
                first_step = "untap"
                self._next_turn()
        except GameOver:
            return

    def _setup_game(self) -> str:
        s = self.setup
        if not s.position or s.step == "mulligan":
            for spec in s.players:
                player = self._players[spec.name]
                player.life = spec.life
                player.poison = spec.poison
                cards = list(spec.deck) or list(spec.library)
                for name in cards:
                    self._create_card(name, spec.name, "library")
                self.rng.shuffle(player.library)
                self._log(f"{spec.name} shuffles their library", "shuffle")
            if s.position:
                starter = s.active or self.players[0].name
            else:
                starter = s.starting_player or self.rng.choice([p.name for p in self.players])
            self.active = starter
            self.first_turn_player = starter
            self.turn = 1
            self._log(f"{starter} will take the first turn", "starting_player")
            for p in self._apnap():
                self._draw(p.name, 7, log_rule="opening_hand")
            return "mulligan"
        # a position (scenario): cards are created in the order the file lists them
        pending_attach: list[tuple[int, str]] = []
        for spec in s.players:
            player = self._players[spec.name]
            player.life = spec.life
            player.poison = spec.poison
            for zone in spec.zone_order:
                if zone == "battlefield":
                    for perm in spec.battlefield:
                        oid = self._create_card(perm.card, spec.name, "battlefield", token=perm.token)
                        o = self.objects[oid]
                        o.tapped = perm.tapped
                        o.since_turn = s.turn if perm.sick else -1
                        o.damage = perm.damage
                        for k, v in perm.counters:
                            o.counters[k] = v
                        if o.card.loyalty is not None and "loyalty" not in dict(perm.counters):
                            o.counters["loyalty"] = o.card.loyalty
                        if perm.attached_to:
                            pending_attach.append((oid, perm.attached_to))
                else:
                    for name in getattr(spec, zone):
                        self._create_card(name, spec.name, zone)
        for oid, ref in pending_attach:
            self.objects[oid].attached_to = self.resolve_ref(ref, zones=("battlefield",), player_ok=True)
        self.turn = s.turn
        self.active = s.active or self.players[0].name
        # turn 1 is the game's first turn: its active player is the starting player, who
        # skips that turn's draw (103.7a / 101.6a); on a later turn nobody skips it
        self.first_turn_player = self.active if self.turn == 1 else None
        # a position is mid-game: the players before the active one took the previous turns
        order = [p.name for p in self.players]
        k = order.index(self.active)
        for back in range(1, len(order)):
            self._players[order[(k - back) % len(order)]].last_turn = self.turn - back
        self._dirty()
        return s.step

    # ------------------------------------------------------------ players
    def player(self, name: str) -> Player:
        return self._players[name]

    def has_player(self, name: str) -> bool:
        return name in self._players

    def opponents(self, name: str) -> list[str]:
        return [p.name for p in self.players if p.name != name and not p.lost]

    def live_players(self) -> list[Player]:
        return [p for p in self.players if not p.lost]

    def _apnap(self) -> list[Player]:
        """Players in APNAP order: the active player first, then turn order (101.4)."""
        names = [p.name for p in self.players]
        i = names.index(self.active)
        return [self._players[n] for n in names[i:] + names[:i] if not self._players[n].lost]

    def next_player(self, name: str) -> str:
        live = [p.name for p in self.players if not p.lost or p.name == name]
        i = live.index(name)
        return live[(i + 1) % len(live)]

    @property
    def nonactive(self) -> str:
        return self.next_player(self.active)

    # ------------------------------------------------------------ objects and zones
    def new_id(self) -> int:
        i = self._next_id
        self._next_id += 1
        return i

    def new_timestamp(self) -> int:
        self._timestamp += 1
        return self._timestamp

    def _create_card(self, name: str, owner: str, zone: str, token: bool = False,
                     card: Optional[CardDef] = None) -> int:
        cdef = card or get_card(name)
        self._name_counts[cdef.name] += 1
        self._card_total += 0 if token else 1
        oid = self.new_id()
        o = Obj(oid, cdef, owner, owner, zone, card_no=self._name_counts[cdef.name], token=token,
                timestamp=self.new_timestamp())
        self.objects[oid] = o
        self._zone_list(o).append(oid)
        return oid

    def _zone_list(self, o: Obj) -> list[int]:
        if o.zone == "battlefield":
            return self.battlefield
        if o.zone == "stack":
            return self._stack_ids
        return self._players[o.owner].zone(o.zone)

    @property
    def _stack_ids(self) -> list[int]:
        # spells on the stack are objects; the list of ids is derived from the stack items
        return self._spell_ids

    def obj(self, oid: int) -> Obj:
        return self.objects[oid]

    def known(self, oid: int) -> Optional[Obj]:
        """The object, or its last known information if it has left its zone."""
        return self.objects.get(oid) or self.lki.get(oid)

    def move(self, oid: int, to_zone: str, *, controller: Optional[str] = None,
             bottom: bool = False, tapped: bool = False, log: bool = True,
             cause: str = "") -> int:
        """Move an object to another zone.  It becomes a new object (400.7 / 217.1c);
        the old id keeps its last known information.  Returns the new id."""
        old = self.objects.pop(oid)
        self._zone_list(old).remove(oid)
        self.lki[oid] = old
        replaced = graveyard_replacement(self, old, to_zone)  # 614.1a / 419.1a
        shuffle_in, to_zone = replaced != to_zone, replaced
        new_id = self.new_id()
        owner = old.owner
        ctrl = controller or owner
        new = Obj(new_id, old.card, owner, ctrl if to_zone in ("battlefield", "stack") else owner,
                  to_zone, card_no=old.card_no, token=old.token, timestamp=self.new_timestamp())
        if to_zone == "battlefield":
            new.tapped = tapped
            new.since_turn = self.turn
            if new.card.loyalty is not None:
                new.counters["loyalty"] = new.card.loyalty
            enter_battlefield(self, new)  # "enters the battlefield tapped ..." (614.1c / 419.1c)
        self.objects[new_id] = new
        lst = self._zone_list(new)
        if bottom or to_zone in ("battlefield", "stack"):
            lst.append(new_id)
        else:
            lst.insert(0, new_id)
        if shuffle_in:
            self.rng.shuffle(lst)
        if old.zone == "battlefield":
            self._leave_combat(old)
        self._dirty()
        self._zone_changes.append((old, new))
        return new_id

    def all_zone_ids(self) -> list[tuple[str, int]]:
        """(zone, id) of every object in every zone: for invariant checks."""
        out: list[tuple[str, int]] = [("battlefield", i) for i in self.battlefield]
        out += [("stack", i) for i in self._spell_ids]
        for p in self.players:
            for z in ("library", "hand", "graveyard", "exile"):
                out += [(z, i) for i in p.zone(z)]
        return out

    def permanents(self, controller: Optional[str] = None) -> list[Obj]:
        objs = [self.objects[i] for i in self.battlefield]
        if controller is not None:
            objs = [o for o in objs if o.controller == controller]
        return objs

    def creatures(self, controller: Optional[str] = None) -> list[Obj]:
        return [o for o in self.permanents(controller) if self.chars(o).is_type("Creature")]

    # ------------------------------------------------------------ drawing and life
    def _draw(self, name: str, n: int = 1, log_rule: str = "draw") -> Gen | None:
        p = self._players[name]
        drawn = 0
        for _ in range(n):
            if not p.library:
                if not p.goldfish:
                    p.drew_from_empty = True
                    self._log(f"{name} can't draw a card: their library is empty", log_rule, player=name)
                break
            oid = p.library[0]
            new = self.move(oid, "hand", log=False)
            drawn += 1
            self._emit(Event("draw", {"player": name, "card": new}))
        if drawn:
            self._log(f"{name} draws {drawn} card{'s' if drawn != 1 else ''}", log_rule, player=name)
        return None

    def gain_life(self, name: str, amount: int, source: str = "", concept: str = "life") -> None:
        if amount <= 0:
            return
        self._players[name].life += amount
        self._log(f"{name} gains {amount} life" + (f" ({source})" if source else ""), concept, player=name)
        self._emit(Event("life_gain", {"player": name, "amount": amount}))

    def lose_life(self, name: str, amount: int, source: str = "", rule: str = "life") -> None:
        if amount <= 0:
            return
        self._players[name].life -= amount
        self._log(f"{name} loses {amount} life" + (f" ({source})" if source else ""), rule, player=name)

    # ------------------------------------------------------------ end of game
    def _concede(self, name: str) -> None:
        p = self._players[name]
        p.lost = p.conceded = True
        self._log(f"{name} concedes", "concede", player=name)
        self._check_game_over(raise_=False)
        if self.over:
            self._proc.close()
            self.decision = None

    def _check_game_over(self, raise_: bool = True) -> None:
        alive = self.live_players()
        if len(alive) == len(self.players):
            return
        if not alive:
            self.is_draw = True
            self._log("every player has lost: the game is a draw", "draw_game")
        elif len(alive) == 1:
            self.winner = alive[0].name
            self._log(f"{self.winner} wins the game", "win", player=self.winner)
        else:
            return
        self.over = True
        if raise_:
            raise GameOver()

    def end_as_draw(self, reason: str) -> None:
        self.is_draw = True
        self.over = True
        self._log(f"the game is a draw: {reason}", "draw_game")

    @property
    def result(self) -> str:
        if not self.over:
            return "none"
        return "draw" if self.is_draw else (self.winner or "none")

    # ------------------------------------------------------------ log
    def _log(self, text: str, concept: str = "", player: Optional[str] = None, rule: str = "") -> None:
        if not rule and concept:
            rule = self.rules.cite(concept)
        self.log.append(LogEvent(text, rule, self.turn, self.step, player, concept in MINOR_EVENTS))

    def cited(self) -> set[str]:
        return {e.rule for e in self.log if e.rule}

    # ------------------------------------------------------------ text forms
    def parse(self, text: str, player: Optional[str] = None) -> A.Action:
        from .notation import parse_action
        return parse_action(self, text, player)

    def notation(self, action: A.Action) -> str:
        from .notation import format_action
        return format_action(self, action)

    def view(self, player: Optional[str] = None) -> dict:
        from .view import build_view
        return build_view(self, player)

    def resolve_ref(self, ref: str, zones: tuple[str, ...] = ("battlefield",), *,
                    player_ok: bool = False, controller: Optional[str] = None) -> int | str:
        from .notation import resolve_reference
        return resolve_reference(self, ref, zones, player_ok=player_ok, controller=controller)

    def name_of(self, ref: Any) -> str:
        """A readable, unambiguous name for an object id, stack item id or player."""
        from .notation import describe_ref
        return describe_ref(self, ref)


from .validate import VALIDATORS  # noqa: E402  (the validators need the Game class defined)

Game._validators = VALIDATORS  # type: ignore[attr-defined]
