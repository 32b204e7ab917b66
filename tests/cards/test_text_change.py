"""Text-changing effects on card text (2014 612.2 / 2009 418.6a): which words change, and the
card definition the changed text compiles to (Mind Bend)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.cards import card_names, get_card
from rules.cards.text_change import COLOR_WORDS, swap_kind, swap_text, text_changed
from rules.cards.wording import BASIC_LAND_TYPES


@pytest.mark.parametrize(("text", "swap", "changed"), [
    ("Protection from black", ("black", "red"), "Protection from red"),
    ("Destroy target nonblack creature.", ("black", "green"), "Destroy target nongreen creature."),
    ("Nonblack creatures get -1/-1.", ("black", "white"), "Nonwhite creatures get -1/-1."),
    ("Black creatures get +1/+1.", ("black", "blue"), "Blue creatures get +1/+1."),
    ("Forestwalk", ("Forest", "Island"), "Islandwalk"),
    ("Enchanted creature has forestwalk.", ("Forest", "Swamp"), "Enchanted creature has swampwalk."),
    ("X is the number of Mountains you control.", ("Mountain", "Island"), "X is the number of Islands you control."),
    ("for each Plains you control", ("Plains", "Island"), "for each Island you control"),
    ("unless there are five or more Islands", ("Island", "Plains"), "unless there are five or more Plains"),
    ("unless you control a Plains or an Island.", ("Island", "Swamp"), "unless you control a Plains or a Swamp."),
    ("unless you control a Forest or a Plains.", ("Plains", "Island"), "unless you control a Forest or an Island."),
])
def test_a_word_changes_wherever_it_is_used_as_a_color_word_or_land_type(text: str, swap: tuple[str, str],
                                                                         changed: str) -> None:
    assert swap_text(text, "Some Card", swap) == changed


def test_mana_symbols_other_words_and_other_kinds_of_word_never_change() -> None:
    """{B} is a mana symbol, not a word; "Scarred" and "redirect" merely contain "red"; a color
    swap leaves land types alone and the other way round."""
    text = "{B}, {T}: Regenerate target Scarred creature; redirect it to a Forest. Swampwalk"
    assert swap_text(text, "Some Card", ("black", "red")) == text
    assert swap_text(text, "Some Card", ("red", "white")) == text
    assert swap_text("Protection from green", "Some Card", ("Forest", "Island")) == "Protection from green"


def test_the_cards_own_name_is_a_proper_noun_and_never_changes() -> None:
    """612.2 / 418.6a: Karplusan Forest's text names it; White Knight's name holds a color word."""
    text = "{T}: Add {R} or {G}. Karplusan Forest deals 1 damage to you."
    assert swap_text(text, "Karplusan Forest", ("Forest", "Island")) == text
    knight = text_changed(get_card("White Knight"), (("white", "blue"),))
    assert knight.name == "White Knight" and knight.text == get_card("White Knight").text


def test_a_basic_land_type_changes_on_the_type_line_with_its_mana_ability() -> None:
    """305.7 / 212.6h: a Forest whose Forest becomes Island is an Island with "{T}: Add {U}"; its
    name, supertype and colors stay."""
    forest = get_card("Forest")
    island = text_changed(forest, (("Forest", "Island"),))
    assert island.name == "Forest" and str(island.type_line) == "Basic Land — Island"
    assert [ab.text for ab in island.abilities] == ["{T}: Add {U}."]
    assert forest.type_line.subtypes == ("Forest",)  # the printed card is untouched


def test_changes_apply_in_order_and_compile_once() -> None:
    knight = get_card("White Knight")
    twice = text_changed(knight, (("black", "red"), ("red", "blue")))
    assert "Protection from blue" in twice.text
    assert twice is text_changed(knight, (("black", "red"), ("red", "blue")))
    assert text_changed(knight, ()) is knight
    assert get_card("Ascendant Evincar").colors == text_changed(get_card("Ascendant Evincar"),
                                                                (("black", "green"),)).colors


def test_abilities_a_copy_exception_added_are_kept() -> None:
    """Abilities that aren't compiled from the text (a copy effect's exception, 706.9a) stay."""
    oryx = get_card("Emerald Oryx")
    extra = get_card("Phantasmal Image").abilities[0]
    excepted = dataclasses.replace(oryx, abilities=[*oryx.abilities, extra])
    changed = text_changed(excepted, (("Forest", "Island"),))
    assert [ab.text for ab in changed.abilities] == ["Islandwalk", extra.text]


def test_swap_kinds() -> None:
    assert [swap_kind(w) for w in ("black", "Forest", "plains", "Wastes")] == ["color", "land type", "land type", ""]


def test_every_text_change_of_every_pool_card_compiles_as_fully_as_its_text() -> None:
    """Whatever Mind Bend changes in whatever card of the pool, the engine reads the new text."""
    worse = []
    for name in card_names():
        card = get_card(name)
        for words in (COLOR_WORDS, BASIC_LAND_TYPES):
            for old in words:
                for new in words:
                    changed = text_changed(card, ((old, new),)) if old != new else card
                    if len(changed.unsupported) > len(card.unsupported):
                        worse.append(f"{name}: {old} -> {new}: {changed.unsupported}")
    assert not worse
