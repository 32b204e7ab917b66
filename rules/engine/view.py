"""What one player may see of the game (hidden zones hidden): what the client renders."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .objects import Obj


def card_view(game: "Game", o: "Obj") -> dict[str, Any]:
    ch = game.chars(o)
    c = o.card
    out: dict[str, Any] = {
        "id": o.id, "name": o.name, "ref": game.name_of(o.id), "owner": o.owner, "controller": o.controller,
        "cost": str(c.mana_cost) if c.mana_cost else "", "type": str(c.type_line), "text": c.text,
        "status": c.status, "unsupported": list(c.unsupported), "token": o.token,
    }
    if o.zone == "battlefield":
        out.update(tapped=o.tapped, sick=game.is_summoning_sick(o), damage=o.damage,
                   counters=dict(o.counters), attached_to=o.attached_to,
                   keywords=sorted(ch.keywords), attacking=o.attacking is not None,
                   blocking=list(o.blocking))
    if ch.is_type("Creature"):
        out.update(power=ch.power, toughness=ch.toughness)
    if ch.is_type("Planeswalker"):
        out["loyalty"] = o.counters.get("loyalty", c.loyalty)
    return out


def build_view(game: "Game", viewer: Optional[str]) -> dict[str, Any]:
    """Everything `viewer` may see: their own hand, every public zone, counts of hidden ones.
    With viewer None, an observer's view (no hands)."""
    players = []
    for p in game.players:
        entry: dict[str, Any] = {
            "name": p.name, "life": p.life, "poison": p.poison, "library": len(p.library),
            "hand_count": len(p.hand), "graveyard": [card_view(game, game.objects[i]) for i in p.graveyard],
            "exile": [card_view(game, game.objects[i]) for i in p.exile], "pool": dict(p.pool),
            "battlefield": [card_view(game, o) for o in game.permanents(p.name)],
            "lost": p.lost,
        }
        if p.name == viewer:
            entry["hand"] = [card_view(game, game.objects[i]) for i in p.hand]
        players.append(entry)
    stack = [{"id": it.id, "name": it.name, "kind": it.kind, "controller": it.controller,
              "targets": [game.name_of(t) for t in it.targets]} for it in reversed(game.stack)]
    d = game.decision
    decision = None
    if d is not None:
        decision = {"kind": d.kind, "player": d.player, "prompt": d.prompt}
        if d.player == viewer:
            decision["options"] = [game.name_of(o) if isinstance(o, int) else str(o) for o in d.options]
    return {
        "viewer": viewer, "turn": game.turn, "active": game.active, "step": game.step,
        "priority": game.priority, "players": players, "stack": stack, "decision": decision,
        "log": [{"text": e.text, "rule": e.rule, "turn": e.turn, "step": e.step} for e in game.log],
        "result": game.result, "ruleset": game.rules.name,
    }
