"""Which card types each subtype goes with (2014 205.3g-205.3m / 2009 205.3d): the table
covers the pool, and an object keeps only the subtypes its card types allow (2014 205.3d,
205.1b; 2009 205.3e, 212.1b)."""

from __future__ import annotations

from rules.cards import card_names, creature_types, get_card
from rules.cards.subtypes import card_types_of, fitting_subtypes, is_creature_type


def test_every_printed_subtype_goes_with_one_of_its_cards_types() -> None:
    """205.3e / 212.1a: each subtype on a type line is correlated with one of its card types."""
    misfits = []
    for name in card_names():
        line = get_card(name).type_line
        types, subtypes = frozenset(line.types), frozenset(line.subtypes)
        if fitting_subtypes(types, subtypes) != subtypes:
            misfits.append(f"{name}: {sorted(subtypes)} on {sorted(types)}")
    assert misfits == []


def test_the_creature_types_offered_are_all_creature_types() -> None:
    """205.3m / 212.3c: what "choose a creature type" offers holds no land or planeswalker type."""
    assert [t for t in creature_types() if not is_creature_type(t)] == []


def test_subtype_families() -> None:
    assert card_types_of("Illusion") == {"Creature", "Tribal"}
    assert card_types_of("Forest") == {"Land"}
    assert card_types_of("Equipment") == {"Artifact"}
    assert card_types_of("Aura") == {"Enchantment"}
    assert card_types_of("Gideon") == {"Planeswalker"}
    assert card_types_of("Arcane") == {"Instant", "Sorcery"}


def test_a_noncreature_keeps_no_creature_type() -> None:
    """2014 205.3d: a copy of a noncreature artifact "except it's an Illusion" is no Illusion."""
    assert fitting_subtypes(frozenset({"Artifact"}), frozenset({"Illusion"})) == frozenset()
    assert fitting_subtypes(frozenset({"Land"}), frozenset({"Forest", "Frog"})) == {"Forest"}


def test_each_subtype_stays_while_one_of_its_types_does() -> None:
    """A creature land keeps both families; Gideon as a creature keeps his planeswalker type."""
    # the answers are cached by equal arguments: an earlier test's equal set would come back,
    # not this very one (`is` checks that a set that fits whole is returned as it is)
    fitting_subtypes.cache_clear()
    both = frozenset({"Forest", "Treefolk"})
    assert fitting_subtypes(frozenset({"Land", "Creature"}), both) is both
    gideon = frozenset({"Gideon", "Human", "Soldier"})
    assert fitting_subtypes(frozenset({"Planeswalker", "Creature"}), gideon) is gideon
    assert fitting_subtypes(frozenset({"Planeswalker"}), gideon) == {"Gideon"}
