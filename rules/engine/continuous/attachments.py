"""Protection, and what Auras and Equipment may be attached to (2014 303.4, 301.5, 702.16 /
2009 212.4, 212.2, 502.7)."""

from __future__ import annotations

from typing import Any

from ...cards.mana import COLOR_NAMES
from ...cards.model import TargetSpec
from ..core.objects import Obj
from ..core.state import GameState
from .characteristics import chars, matches


def protected_from(state: GameState, o: Obj, source: Obj) -> bool:
    """Does `o` have protection from `source` (702.16 / 502.7)?"""
    kws = chars(state, o).keywords
    if not any(k.startswith("protection from") for k in kws):
        return False
    sch = chars(state, source)
    for c in sch.colors:
        if f"protection from {COLOR_NAMES[c]}" in kws:
            return True
    return any(f"protection from {t.lower()}s" in kws for t in list(sch.types) + list(sch.subtypes))


def aura_target_spec(o: Obj) -> TargetSpec | None:
    for ab in o.card.abilities:
        spec: TargetSpec | None = getattr(ab, "enchant", None)
        if spec is not None:
            return spec
    return None


def attachment_kind(state: GameState, o: Obj) -> str:
    sub = chars(state, o).subtypes
    if "Aura" in sub:
        return "Aura"
    if "Equipment" in sub:
        return "Equipment"
    return "other"


def attachment_legal(state: GameState, o: Obj) -> bool:
    return can_attach(state, o, o.attached_to)


def can_attach(state: GameState, o: Obj, target: Any) -> bool:
    """Whether `o` (an Aura or Equipment, on the battlefield or about to enter it) could be
    attached to `target`, a permanent's id or a player."""
    kind = attachment_kind(state, o)
    if kind == "other":
        return False
    if isinstance(target, str):
        spec = aura_target_spec(o)
        return kind == "Aura" and spec is not None and spec.kind in ("player", "any")
    host = state.objects.get(target) if target is not None else None
    if host is None or host.zone != "battlefield" or host.id == o.id:
        return False
    if kind == "Equipment":
        return chars(state, host).is_type("Creature") and not protected_from(state, host, o)
    spec = aura_target_spec(o)
    if spec is None:
        return False
    if protected_from(state, host, o):
        return False
    hch = chars(state, host)
    if spec.kind == "creature" and not hch.is_type("Creature"):
        return False
    if spec.kind == "land" and not hch.is_type("Land"):
        return False
    return matches(state, spec.test, host, hch, o.controller, o)
