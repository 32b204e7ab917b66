"""The parts continuous effects are cut into (`rules.engine.continuous.layers.Part`): what each
does to characteristics in its layer (abilities gained and lost, types, colours, P/T set,
modified or switched), and the parts of an effect of a resolved spell or ability."""

from __future__ import annotations

from collections.abc import Callable

from ...cards.model import BASIC_MANA, basic_land_ability
from ..core.objects import Characteristics, ContinuousEffect, ObjectRestriction
from .layers import Layer, Part


def effect_parts(e: ContinuousEffect) -> list[Part]:
    key = ("effect", e.timestamp)
    parts: list[Part] = []
    if e.add_types or e.add_subtypes:
        parts.append(Part(Layer.TYPE, e.timestamp, key, always, _add_types(e.add_types, e.add_subtypes)))
    if e.set_colors is not None or e.add_colors:
        parts.append(Part(Layer.COLOR, e.timestamp, key, always, _set_colors(e.set_colors, e.add_colors)))
    if e.grants or e.removes or e.restriction:
        abilities = change_abilities(e.grants, e.removes, e.restriction)
        parts.append(Part(Layer.ABILITY, e.timestamp, key, always, abilities))
    if e.set_pt is not None:
        parts.append(Part(Layer.PT_SET, e.timestamp, key, always, set_pt_to(e.set_pt)))
    if e.power or e.toughness:
        parts.append(Part(Layer.PT_MODIFY, e.timestamp, key, always, modify_pt(e.power, e.toughness)))
    if e.switch_pt:
        parts.append(Part(Layer.PT_SWITCH, e.timestamp, key, always, _switch_pt))
    return parts


def _switch_pt(ch: Characteristics) -> None:
    ch.power, ch.toughness = ch.toughness, ch.power


def always(ch: Characteristics) -> bool:
    return True


def change_abilities(grants: tuple[str, ...], removes: tuple[str, ...], restriction: ObjectRestriction | None
                     ) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        counts = ch.keyword_counts
        for kw in grants:  # each grant is one more instance
            counts[kw] = counts.get(kw, 0) + 1
        for kw in removes:  # "loses flying": every instance of it
            counts.pop(kw, None)
        ch.keywords = frozenset(counts)
        if restriction:
            ch.restrictions = ch.restrictions | {restriction}
    return apply


def _add_types(types: tuple[str, ...], subtypes: tuple[str, ...]) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.types = ch.types | set(types)
        ch.subtypes = ch.subtypes | set(subtypes)
    return apply


def _set_colors(colors: frozenset[str] | None, add: frozenset[str] = frozenset()) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.colors = (ch.colors if colors is None else colors) | add
    return apply


def add_subtypes(subtypes: tuple[str, ...]) -> Callable[[Characteristics], None]:
    """Subtypes added to the ones it has; a land given a basic land type has that type's
    mana ability too (305.6 / 212.6g)."""
    def apply(ch: Characteristics) -> None:
        new = [s for s in subtypes if s not in ch.subtypes]
        ch.subtypes = ch.subtypes | set(subtypes)
        if ch.is_type("Land"):
            ch.abilities = list(ch.abilities) + [basic_land_ability(s) for s in new if s in BASIC_MANA]
    return apply


def set_land_type(subtype: str) -> Callable[[Characteristics], None]:
    """"Enchanted land is the chosen type": its land types are replaced, and with them the
    mana abilities they carried (305.7)."""
    def apply(ch: Characteristics) -> None:
        old = ch.subtypes & set(BASIC_MANA)
        ch.subtypes = (ch.subtypes - set(BASIC_MANA)) | {subtype}
        lost = [basic_land_ability(s) for s in old]
        ch.abilities = [ab for ab in ch.abilities if ab not in lost] + [basic_land_ability(subtype)]
    return apply


def set_pt_to(value: tuple[int, int]) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.power, ch.toughness = value
    return apply


def modify_pt(power: int, toughness: int) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.power = (ch.power or 0) + power
        ch.toughness = (ch.toughness or 0) + toughness
    return apply
