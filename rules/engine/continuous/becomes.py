"""Resolved effects that change what an object is, beyond adding types: "becomes a Rhino with
base power and toughness 4/4" (its creature types replaced, 205.1b / 212.3), "loses all
abilities" (layer 6, 613.1f / 418.5a), a granted activated ability ('becomes a 1/1 black
Skeleton creature with "{B}: Regenerate this creature"', layer 6).  Each is a layer part of a
`ContinuousEffect` (rules.engine.continuous.characteristics cuts effects into parts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...cards import ir
from ...cards.subtypes import is_creature_type
from ..core.objects import Characteristics, ContinuousEffect, Obj
from ..core.state import GameState
from .layers import Layer, Part


def set_creature_types(types: tuple[str, ...]) -> Callable[[Characteristics], None]:
    """Layer 4: its creature types are replaced by `types`; it keeps its card types and its
    other subtypes (a land's, a planeswalker's: 205.1b / 212.1b)."""
    def apply(ch: Characteristics) -> None:
        ch.subtypes = frozenset(s for s in ch.subtypes if not is_creature_type(s)) | set(types)
    return apply


def lose_all_abilities(own_restrictions: frozenset[Any]) -> Callable[[Characteristics], None]:
    """Layer 6: it loses every ability it has at this point (keywords, abilities, the
    restrictions its own abilities put on it); abilities granted later still apply."""
    def apply(ch: Characteristics) -> None:
        ch.abilities = []
        ch.keywords = frozenset()
        ch.keyword_counts = {}
        ch.restrictions = ch.restrictions - own_restrictions
    return apply


def grant_abilities(abilities: tuple[Any, ...]) -> Callable[[Characteristics], None]:
    """Layer 6: activated abilities granted by a resolved effect."""
    def apply(ch: Characteristics) -> None:
        ch.abilities = list(ch.abilities) + list(abilities)
    return apply


def lost_all(state: GameState) -> frozenset[int]:
    """The objects a resolved "loses all abilities" effect affects.  Their static abilities stop
    applying from layer 6 on (those of earlier layers have applied by then, 613.6 / 418.5), and
    their rules-changing and replacement abilities don't apply at all."""
    found = state.board.get("lost_all")
    if found is None:
        found = state.board["lost_all"] = frozenset(i for e in state.effects if e.loses_all for i in e.affected)
    return found


def lost_all_abilities(state: GameState, oid: int) -> bool:
    return oid in lost_all(state)


def becomes_parts(e: ContinuousEffect, o: Obj) -> list[Part]:
    """The layer parts of `e` this module adds (none for most effects)."""
    if e.set_creature_types is None and not e.loses_all and not e.grants_abilities:
        return []
    key = ("effect", e.timestamp)
    parts: list[Part] = []
    if e.set_creature_types is not None:
        parts.append(Part(Layer.TYPE, e.timestamp, key, _always, set_creature_types(e.set_creature_types)))
    if e.loses_all:
        own = frozenset(r for ab in o.card.static_abilities if ab.affects is None for r in ab.restrictions)
        parts.append(Part(Layer.ABILITY, e.timestamp, key, _always, lose_all_abilities(own)))
    if e.grants_abilities:
        parts.append(Part(Layer.ABILITY, e.timestamp, key, _always, grant_abilities(e.grants_abilities)))
    return parts


def add_chosen_creature_type(state: GameState, o: Obj, src: Obj, effect: ir.AddChosenCreatureType
                             ) -> Callable[[Characteristics], None] | None:
    """"~ is the chosen type in addition to its other types" (layer 4): once its source has chosen."""
    chosen = src.chosen
    if not chosen:
        return None

    def add_chosen(ch: Characteristics) -> None:
        ch.subtypes = ch.subtypes | {chosen}
    return add_chosen


def add_card_types(state: GameState, o: Obj, src: Obj, effect: ir.AddTypes) -> Callable[[Characteristics], None]:
    """"Each noncreature artifact is an artifact creature ..." (March of the Machines): Creature
    added in layer 4, where what it affects is decided (613.5 / 418.5b)."""
    types = effect.types

    def add(ch: Characteristics) -> None:
        ch.types = ch.types | set(types)
    return add


def set_pt_to_mana_value(state: GameState, o: Obj, src: Obj, effect: ir.SetPTToManaValue
                         ) -> Callable[[Characteristics], None]:
    """"... with power and toughness each equal to its converted mana cost": P/T set in 7b / 6b
    (an effect that sets, not a characteristic-defining ability)."""
    value = o.card.cmc

    def set_pt(ch: Characteristics) -> None:
        ch.power, ch.toughness = value, value
    return set_pt


def _always(ch: Characteristics) -> bool:
    return True
