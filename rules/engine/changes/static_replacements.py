"""The replacement and prevention effects that static abilities generate (2014 614-616 /
2009 419), found by kind: `rules.engine.changes.replacement` asks here for the effects of one
family (damage, entering, graveyard, drawing) that objects have, instead of reading fields of
their abilities.  Each card lists its effects once (`CardDef.replacement_effects`); this module
walks the objects that matter for an event."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from types import UnionType

from ...cards import ir
from ...cards.model import StaticAbility
from ..continuous.becomes import lost_all_abilities
from ..core.objects import Obj
from ..core.state import GameState

Kinds = type | UnionType  # an effect class, or a family of them (ir.DamageModification)


@dataclass(frozen=True, eq=False)
class StaticReplacement:
    """One replacement or prevention effect of a static ability of `source` (compared by
    identity: the object it names is mutable state)."""

    source: Obj
    place: tuple[int, int]  # the ability's index among the object's abilities, the effect's in the ability
    ability: StaticAbility
    effect: ir.ReplacementEffect

    @property
    def key(self) -> Hashable:
        """The effect itself, as 614.5 / 419.6a counts its applications to one event."""
        return ("static", self.source.id, *self.place)


def own_effects(o: Obj, kinds: Kinds) -> list[StaticReplacement]:
    """The effects of `kinds` among the object's own static abilities, in printed order,
    whether or not it has lost its abilities (the caller decides where that matters)."""
    return [StaticReplacement(o, place, ab, effect) for place, ab, effect in o.card.replacement_effects
            if isinstance(effect, kinds)]


def effects_in_play(state: GameState, kinds: Kinds, objects: Iterable[Obj] | None = None, *,
                    unless_lost: bool = True) -> list[StaticReplacement]:
    """The effects of `kinds` that the objects (by default the permanents on the battlefield,
    in order) generate; with `unless_lost`, not those of an object that has lost all its
    abilities (613 layer 6)."""
    out: list[StaticReplacement] = []
    for o in (state.objects[oid] for oid in state.battlefield) if objects is None else objects:
        if not o.card.replacement_effects:
            continue
        found = own_effects(o, kinds)
        if found and not (unless_lost and lost_all_abilities(state, o.id)):
            out += found
    return out
