"""Which card types each subtype goes with (2014: 205.3g-205.3m; 2009: 205.3d and the
glossary's lists), and the rule that follows from it: an object has a subtype only while it has
a card type that subtype goes with (2014 205.3d "An object can't gain a subtype that doesn't
correspond to one of that object's types", 205.1b; 2009 205.3e, 212.1b).

Every subtype that isn't an artifact, enchantment, land, planeswalker or spell type is a
creature type, shared by creatures and tribals (205.3m / 212.3c, 212.8b).  The lists hold the
types the Comprehensive Rules of 2014 name, a superset of the 2009 ones."""

from __future__ import annotations

from functools import lru_cache

ARTIFACT_TYPES = frozenset({"Contraption", "Equipment", "Fortification"})
ENCHANTMENT_TYPES = frozenset({"Aura", "Curse", "Shrine"})
LAND_TYPES = frozenset({
    "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Power-Plant", "Swamp",
    "Tower", "Urza's",
})
PLANESWALKER_TYPES = frozenset({
    "Ajani", "Ashiok", "Bolas", "Chandra", "Dack", "Daretti", "Domri", "Elspeth", "Freyalise", "Garruk", "Gideon",
    "Jace", "Karn", "Kiora", "Koth", "Liliana", "Nahiri", "Nissa", "Nixilis", "Ral", "Sarkhan", "Sorin", "Tamiyo",
    "Teferi", "Tezzeret", "Tibalt", "Venser", "Vraska", "Xenagos",
})
SPELL_TYPES = frozenset({"Arcane", "Trap"})

_CREATURE_OR_TRIBAL = frozenset({"Creature", "Tribal"})
_FAMILIES: dict[str, frozenset[str]] = {
    **{s: frozenset({"Artifact"}) for s in ARTIFACT_TYPES},
    **{s: frozenset({"Enchantment"}) for s in ENCHANTMENT_TYPES},
    **{s: frozenset({"Land"}) for s in LAND_TYPES},
    **{s: frozenset({"Planeswalker"}) for s in PLANESWALKER_TYPES},
    **{s: frozenset({"Instant", "Sorcery"}) for s in SPELL_TYPES},
}


def card_types_of(subtype: str) -> frozenset[str]:
    """The card types `subtype` is a subtype of (a creature type: Creature and Tribal)."""
    return _FAMILIES.get(subtype, _CREATURE_OR_TRIBAL)


def is_creature_type(subtype: str) -> bool:
    return subtype not in _FAMILIES


@lru_cache(maxsize=4096)
def fitting_subtypes(types: frozenset[str], subtypes: frozenset[str]) -> frozenset[str]:
    """The subtypes an object with card types `types` can have among `subtypes`: those going
    with one of its card types (205.3d / 212.1b).  `subtypes` itself when all of them fit."""
    kept = frozenset(s for s in subtypes if card_types_of(s) & types)
    return subtypes if len(kept) == len(subtypes) else kept
