"""What one player may see of the game (hidden zones hidden): what the client renders."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...cards.ir import PlayerRule
from ..continuous.abilities import is_summoning_sick
from ..continuous.characteristics import chars
from ..continuous.player_rules import player_rules
from ..core.decisions import Decision
from ..core.objects import Obj, Player
from ..core.refs import name_of
from ..core.state import GameState, LogEvent
from ..loop.kinds import home_of
from ..resolution.turn_control import sees_hand_of
from .view_types import CardView, DecisionView, GameView, LogLineView, PermanentView, PlayerView, StackItemView


def card_view(state: GameState, o: Obj) -> CardView:
    """`o` as a player sees it: its card, its characteristics now, and on the battlefield its state."""
    ch = chars(state, o)
    c = o.card
    creature, planeswalker = ch.is_type("Creature"), ch.is_type("Planeswalker")
    return CardView(o.id, o.name, name_of(state, o.id), o.owner, o.controller,
                    str(c.mana_cost) if c.mana_cost else "", str(c.type_line), c.text, c.status,
                    tuple(c.unsupported), o.token, o.zone,
                    permanent_view(state, o, ch.keywords) if o.zone == "battlefield" else None,
                    creature, ch.power if creature else None, ch.toughness if creature else None,
                    planeswalker, o.counters.get("loyalty", c.loyalty) if planeswalker else None)


def permanent_view(state: GameState, o: Obj, keywords: frozenset[str]) -> PermanentView:
    """What a permanent shows besides its card: tapped, damage, counters, combat, ..."""
    return PermanentView(o.tapped, is_summoning_sick(state, o), o.damage, MappingProxyType(dict(o.counters)),
                         o.attached_to, tuple(sorted(keywords)), o.attacking is not None, tuple(o.blocking),
                         # what changes it until end of turn (611.2a / 418.2): keywords it gained, its
                         # regeneration shields (701.12a / 501.5); whom it attacks (508.1)
                         tuple(granted_this_turn(state, o, keywords)), tuple(pumped_this_turn(state, o)),
                         o.regen_shields, name_of(state, o.attacking) if o.attacking is not None else None,
                         o.chosen or None)  # what was chosen as it entered: a land type, a name (614.12)


def granted_this_turn(state: GameState, o: Obj, keywords: frozenset[str] | set[str]) -> list[str]:
    """The keywords `o` has from effects that end with the turn ("gains flying until end of
    turn"), in the order they were granted."""
    out: list[str] = []
    for e in state.effects:
        if e.duration == "eot" and o.id in e.affected:
            out += [k for k in e.grants if k in keywords and k not in out]
    return out


def pumped_this_turn(state: GameState, o: Obj) -> list[str]:
    """The P/T changes on `o` that end with the turn ("+3/+3" from Giant Growth), in order."""
    return [f"{e.power:+d}/{e.toughness:+d}" for e in state.effects
            if e.duration == "eot" and o.id in e.affected and (e.power or e.toughness)]


class LogLines:
    """The log lines of views, each built once: a view is built for every frame of a client,
    and the log (1,700 lines at the end of a long game) is most of it.  Keyed by the event's
    identity, the event kept with its line so that its id is never reused while here; a log
    event is never changed once logged."""

    def __init__(self) -> None:
        self.lines: dict[int, tuple[LogEvent, LogLineView]] = {}

    def for_log(self, log: list[LogEvent]) -> LogLines:
        """Itself, emptied first when it holds far more lines than the log has (the events of
        states left behind by undo): it never grows without bound."""
        if len(self.lines) > 2 * len(log) + 4096:
            self.lines.clear()
        return self

    def line(self, e: LogEvent) -> LogLineView:
        known = self.lines.get(id(e))
        if known is None:
            known = self.lines[id(e)] = (e, LogLineView(e.text, e.rule, e.turn, e.step))
        return known[1]


def build_view(state: GameState, viewer: str | None, log: bool = True, lines: LogLines | None = None) -> GameView:
    """Everything `viewer` may see: their own hand, every public zone, counts of hidden ones.
    With viewer None, an observer's view (no hands).  With `log` False, the view has no
    log (None): the log is the one part that grows with the game (a line each per event,
    1,700 at the end of a long game), and a client that shows the log lines itself (the replay
    viewer) need not have them all copied at every step.  `lines`: the log lines built before."""
    d = state.decision
    lines = (lines or LogLines()).for_log(state.log)
    return GameView(
        viewer=viewer, turn=state.turn, active=state.active, step=state.step, priority=state.priority,
        players=tuple(player_view(state, p, viewer) for p in state.players),
        stack=tuple(StackItemView(id=it.id, name=it.name, kind=it.kind, controller=it.controller,
                                  targets=tuple(name_of(state, t) for t in it.targets), target_ids=tuple(it.targets))
                    for it in reversed(state.stack)),
        decision=decision_view(state, d, viewer) if d is not None else None,
        result=state.result, ruleset=state.rules.name,
        # a private line (what a player looked at) only for who looked
        log=tuple(lines.line(e) for e in state.log if e.to is None or e.to == viewer) if log else None)


def player_view(state: GameState, p: Player, viewer: str | None) -> PlayerView:
    """One player's entry: their hand only where `viewer` may see it, their library's top where revealed."""
    objects = state.objects
    rules = player_rules(state, p.name)
    # their own hand, a hand revealed to all, or one this viewer may look at (Telepathy)
    sees_hand = p.name == viewer or PlayerRule.HAND_REVEALED in rules or sees_hand_of(state, viewer, p.name)
    top_revealed = PlayerRule.TOP_REVEALED in rules and p.library  # "Play with the top card of your library revealed"
    return PlayerView(
        name=p.name, life=p.life, poison=p.poison, library=len(p.library), hand_count=len(p.hand),
        graveyard=tuple(card_view(state, objects[i]) for i in p.graveyard),
        exile=tuple(card_view(state, objects[i]) for i in p.exile), pool=MappingProxyType(dict(p.pool)),
        battlefield=tuple(card_view(state, o) for o in state.permanents(p.name)), lost=p.lost,
        hand=tuple(card_view(state, objects[i]) for i in p.hand) if sees_hand else None,
        library_top=card_view(state, objects[p.library[0]]) if top_revealed else None)


def decision_view(state: GameState, d: Decision, viewer: str | None) -> DecisionView:
    """The decision waited for; what it offers, named, only for the player who decides."""
    options = tuple(name_of(state, o) if isinstance(o, int) else str(o) for o in offered(d)) \
        if d.player == viewer else None
    return DecisionView(kind=d.kind, player=d.player, prompt=d.prompt, details=home_of(d).view(d), options=options)


def offered(d: Decision) -> tuple[Any, ...]:
    """What a decision offers to choose from, for a view: objects (ids), players or words."""
    return home_of(d).offered(d)
