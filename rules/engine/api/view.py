"""What one player may see of the game (hidden zones hidden): what the client renders."""

from __future__ import annotations

from typing import Any

from ...cards.ir import PlayerRule
from ..continuous.abilities import is_summoning_sick
from ..continuous.characteristics import chars
from ..continuous.player_rules import player_rules
from ..core.decisions import Decision
from ..core.objects import Obj
from ..core.refs import name_of
from ..core.state import GameState
from ..loop.kinds import home_of
from ..resolution.turn_control import sees_hand_of


def card_view(state: GameState, o: Obj) -> dict[str, Any]:
    ch = chars(state, o)
    c = o.card
    out: dict[str, Any] = {
        "id": o.id, "name": o.name, "ref": name_of(state, o.id), "owner": o.owner, "controller": o.controller,
        "cost": str(c.mana_cost) if c.mana_cost else "", "type": str(c.type_line), "text": c.text,
        "status": c.status, "unsupported": list(c.unsupported), "token": o.token,
    }
    if o.zone == "battlefield":
        out.update(tapped=o.tapped, sick=is_summoning_sick(state, o), damage=o.damage,
                   counters=dict(o.counters), attached_to=o.attached_to,
                   keywords=sorted(ch.keywords), attacking=o.attacking is not None,
                   blocking=list(o.blocking),
                   # what changes it until end of turn (611.2a / 418.2): keywords it gained, its
                   # regeneration shields (701.12a / 501.5); whom it attacks (508.1)
                   granted=granted_this_turn(state, o, ch.keywords), pumped=pumped_this_turn(state, o),
                   regen_shields=o.regen_shields,
                   attacks=name_of(state, o.attacking) if o.attacking is not None else None)
        if o.chosen:  # what was chosen as it entered: a land type, a card name (614.12)
            out["chosen"] = o.chosen
    if ch.is_type("Creature"):
        out.update(power=ch.power, toughness=ch.toughness)
    if ch.is_type("Planeswalker"):
        out["loyalty"] = o.counters.get("loyalty", c.loyalty)
    return out


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


def build_view(state: GameState, viewer: str | None, log: bool = True) -> dict[str, Any]:
    """Everything `viewer` may see: their own hand, every public zone, counts of hidden ones.
    With viewer None, an observer's view (no hands).  With `log` False, the view has no
    "log": the log is the one part that grows with the game (a line each per event, 1,700
    at the end of a long game), and a client that shows the log lines itself (the replay
    viewer) need not have them all copied at every step."""
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name, "life": p.life, "poison": p.poison, "library": len(p.library),
            "hand_count": len(p.hand), "graveyard": [card_view(state, state.objects[i]) for i in p.graveyard],
            "exile": [card_view(state, state.objects[i]) for i in p.exile], "pool": dict(p.pool),
            "battlefield": [card_view(state, o) for o in state.permanents(p.name)],
            "lost": p.lost,
        }
        rules = player_rules(state, p.name)
        if p.name == viewer or PlayerRule.HAND_REVEALED in rules or sees_hand_of(state, viewer, p.name):  # Telepathy
            entry["hand"] = [card_view(state, state.objects[i]) for i in p.hand]
        if PlayerRule.TOP_REVEALED in rules and p.library:  # "Play with the top card of your library revealed"
            entry["library_top"] = card_view(state, state.objects[p.library[0]])
        players.append(entry)
    stack = [{"id": it.id, "name": it.name, "kind": it.kind, "controller": it.controller,
              "targets": [name_of(state, t) for t in it.targets],
              "target_ids": list(it.targets)} for it in reversed(state.stack)]
    d = state.decision
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"kind": d.kind, "player": d.player, "prompt": d.prompt, **home_of(d).view(d)}
        if d.player == viewer:
            decision["options"] = [name_of(state, o) if isinstance(o, int) else str(o) for o in offered(d)]
    out: dict[str, Any] = {
        "viewer": viewer, "turn": state.turn, "active": state.active, "step": state.step,
        "priority": state.priority, "players": players, "stack": stack, "decision": decision,
        "result": state.result, "ruleset": state.rules.name,
    }
    if log:
        out["log"] = [{"text": e.text, "rule": e.rule, "turn": e.turn, "step": e.step} for e in state.log
                      if e.to is None or e.to == viewer]  # a private line only for the player who looked
    return out


def offered(d: Decision) -> tuple[Any, ...]:
    """What a decision offers to choose from, for a view: objects (ids), players or words."""
    return home_of(d).offered(d)
