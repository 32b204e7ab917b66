"""Templates for triggered abilities: "When ~ enters the battlefield, ...", "Whenever ~
attacks, ...", "At the beginning of your upkeep, ...", "Whenever a player casts a white
spell, ...", "Whenever an opponent draws a card, ...".

A trigger condition compiles to a matcher `(game, event, source) -> bool` and the words its
event lets the effect use ("that player", "that creature", "that much": the event's data
is the resolving ability's `ctx.data`)."""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

from ..engine import effects as E
from .effect_templates import Getter, compile_effect
from .model import TriggeredAbility
from .targets import Unsupported, object_phrase

Matcher = Callable[[Any, Any, Any], bool]


def _data(key: str) -> Getter:
    return lambda game, ctx: [ctx.data.get(key)]


def _self(game: Any, ctx: Any) -> list[Any]:
    return [ctx.source.id]


def _player_refs(key: str) -> dict[str, Getter]:
    g = _data(key)
    return {"that player": g, "they": g, "them": g}


def _zone(to: str, who: str) -> Matcher:
    """ETB or dies, of this object ("self"), of another creature, or of any creature."""
    def matches(game: Any, ev: Any, src: Any) -> bool:
        if ev.kind != "zone_change":
            return False
        old, new = ev["old"], ev["new"]
        if to == "battlefield":
            if new.zone != "battlefield" or old.zone == "battlefield":
                return False
            obj = new
            is_creature = game.chars(new).is_type("Creature") if new.id in game.objects else new.card.is_type("Creature")
        else:  # dies: battlefield -> graveyard
            if old.zone != "battlefield" or new.zone != "graveyard":
                return False
            obj = old
            is_creature = old.card.is_type("Creature")
        if who == "self":
            return obj.id == src.id or (to == "dies" and old.id == src.id)
        mine = obj.controller == src.controller
        return is_creature and {
            "another creature": obj.id != src.id,
            "a creature": True,
            "a creature you control": mine,
            "another creature you control": mine and obj.id != src.id,
        }.get(who, False)
    return matches


def _step(step: str, whose: str) -> Matcher:
    def matches(game: Any, ev: Any, src: Any) -> bool:
        if ev.kind != "step_begin" or ev["step"] != step:
            return False
        if whose == "yours":
            return ev["active"] == src.controller
        if whose == "enchanted":  # "the upkeep of enchanted creature's controller"
            host = game.objects.get(src.attached_to) if isinstance(src.attached_to, int) else None
            return host is not None and ev["active"] == host.controller
        return True
    return matches


def _combat(kind: str) -> tuple[Matcher, dict[str, Getter]]:
    """"~ attacks", "~ blocks a creature", "~ deals combat damage to a player", ..."""
    def other(game: Any, ctx: Any) -> list[Any]:
        src = ctx.source.id
        return [ctx.data["attacker"] if ctx.data.get("blocker") == src else ctx.data.get("blocker")]

    if kind == "attacks":
        return (lambda g, ev, src: ev.kind == "attacks" and ev["attacker"] == src.id), {}
    if kind in ("blocks", "blocks a creature"):
        return (lambda g, ev, src: ev.kind == "blocks" and ev["blocker"] == src.id), {"that creature": _data("attacker")}
    if kind == "attacks or blocks":
        return (lambda g, ev, src: (ev.kind == "attacks" and ev["attacker"] == src.id)
                or (ev.kind == "blocks" and ev["blocker"] == src.id)), {}
    if kind == "blocks or becomes blocked by a creature":
        return (lambda g, ev, src: ev.kind == "blocks" and src.id in (ev["blocker"], ev["attacker"])), \
            {"that creature": other}
    if kind == "deals combat damage to a player":
        return (lambda g, ev, src: ev.kind == "damage" and ev["source"] == src.id and ev["combat"]
                and isinstance(ev["target"], str)), _player_refs("target")
    if kind == "deals damage to an opponent":
        return (lambda g, ev, src: ev.kind == "damage" and ev["source"] == src.id and isinstance(ev["target"], str)
                and ev["target"] != src.controller), _player_refs("target")
    if kind == "deals damage":
        return (lambda g, ev, src: ev.kind == "damage" and ev["source"] == src.id), {}
    raise Unsupported(kind)


def _whose(who: str) -> Callable[[str, Any], bool]:
    """"a player", "you", "an opponent": does player `p` qualify, for this source?"""
    return {"a player": lambda p, src: True, "you": lambda p, src: p == src.controller,
            "an opponent": lambda p, src: p != src.controller}[who]


def _casts(who: str, qualifier: str) -> Matcher:
    qualifies = _whose(who)
    test = object_phrase(f"{qualifier} spell")[1] if qualifier else None

    def matches(game: Any, ev: Any, src: Any) -> bool:
        if ev.kind != "cast" or not qualifies(ev["player"], src):
            return False
        if test is None:
            return True
        card = game.objects.get(ev["item"].source_id)
        return card is not None and test(game, card, game.chars(card), src.controller, src)
    return matches


def _player_event(kind: str, who: str) -> Matcher:
    qualifies = _whose(who)
    return lambda game, ev, src: ev.kind == kind and qualifies(ev["player"], src)


def trigger_condition(cond: str) -> tuple[str, Matcher, dict[str, Getter], bool]:
    """(event name, matcher, words the event supplies, looks back in time?)."""
    m = re.fullmatch(r"(~|another creature(?: you control)?|a creature(?: you control)?) "
                     r"(enters the battlefield|dies)", cond)
    if m:
        who = "self" if m.group(1) == "~" else m.group(1)
        refs = {"it": _self} if who == "self" else {}
        if m.group(2) == "dies":
            return "dies", _zone("dies", who), refs, True
        return "etb", _zone("battlefield", who), refs, False
    m = re.fullmatch(r"the beginning of (your|each) (upkeep|end step|draw step)", cond) or \
        re.fullmatch(r"the beginning of (the) (end step)", cond) or \
        re.fullmatch(r"the beginning of (each) player's (upkeep|draw step)", cond)
    if m:
        step = {"upkeep": "upkeep", "end step": "end", "draw step": "draw"}[m.group(2)]
        return step, _step(step, "yours" if m.group(1) == "your" else "each"), _player_refs("active"), False
    if cond == "the beginning of the upkeep of enchanted creature's controller":
        return "upkeep", _step("upkeep", "enchanted"), _player_refs("active"), False
    m = re.fullmatch(r"~ (.+)", cond)
    if m:
        matcher, refs = _combat(m.group(1))
        return m.group(1), matcher, {"it": _self, **refs}, False
    m = re.fullmatch(r"(a player|you|an opponent) casts? (?:a|an) (.*?)\s*spell", cond)
    if m:
        return "cast", _casts(m.group(1), m.group(2)), _player_refs("player"), False
    m = re.fullmatch(r"(a player|you|an opponent) (draws|discards) a card", cond)
    if m:
        kind = {"draws": "draw", "discards": "discard"}[m.group(2)]
        return kind, _player_event(kind, m.group(1)), _player_refs("player"), False
    m = re.fullmatch(r"(you|a player|an opponent) gains? life", cond)
    if m:
        return "life_gain", _player_event("life_gain", m.group(1)), _player_refs("player"), False
    raise Unsupported(cond)


def _intervening_if(text: str) -> Callable[..., bool]:
    """"if ~ is untapped": checked as it triggers and again as it resolves (603.4)."""
    if text == "~ is untapped":
        return lambda game, src: not src.tapped
    raise Unsupported(text)


def compile_triggered(t: str, raw: str) -> Optional[TriggeredAbility]:
    """A "When/Whenever/At ..." line, or None if `t` isn't one."""
    m = re.fullmatch(r"(When|Whenever|At) (.+?), (?:if (.+?), )?(.+)", t)
    if not m:
        return None
    event, matcher, refs, leaves = trigger_condition(m.group(2))
    effect_text = m.group(4)
    optional = effect_text.startswith("you may ")
    if optional:
        effect_text = effect_text[len("you may "):]
    c = compile_effect(effect_text[0].upper() + effect_text[1:], refs)
    effect = c.effect()
    if m.group(3):
        check = _intervening_if(m.group(3))
        base = matcher
        matcher = lambda g, ev, src: base(g, ev, src) and check(g, src)  # noqa: E731
        effect = E.if_(lambda g, ctx: check(g, ctx.source), effect)
    return TriggeredAbility(raw, event=event, matches=matcher, effect=effect, targets=tuple(c.specs),
                            optional=optional, leaves_battlefield=leaves)
