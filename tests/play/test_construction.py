"""Deck construction (2014 CR 100.2a, 2009 CR 100.2): at least 60 cards, at most four of any
card other than basic lands, unless the card's own text says otherwise (2014 CR 101.1)."""

from __future__ import annotations

import pytest

from mtg_tui.persistence.decklists import bundled_decks, minimum_cards
from rules.cards import compile_card
from rules.cards.model import CardDef, TypeLine
from rules.play.construction import IllegalDeck, check_construction, construction_problems, copy_limit
from rules.play.decklist import DeckError, DeckList, parse_deck

RULE = {"2014": "100.2a", "2009": "100.2"}
BOTH = pytest.mark.parametrize("ruleset", ["2014", "2009"])


def deck(text: str, name: str = "mine") -> DeckList:
    return parse_deck(text, name)


@BOTH
def test_exactly_60_cards_is_legal_100_2a_100_2(ruleset: str) -> None:
    check_construction(deck("4 Lightning Bolt\n56 Mountain\n"), ruleset)


@BOTH
def test_59_cards_is_refused_naming_the_rule_100_2a_100_2(ruleset: str) -> None:
    with pytest.raises(IllegalDeck) as e:
        check_construction(deck("4 Lightning Bolt\n55 Mountain\n"), ruleset)
    assert str(e.value) == (f"mine is not a legal constructed deck (rule {RULE[ruleset]}): "
                            "59 cards, at least 60 are needed")
    assert e.value.rule == RULE[ruleset] and isinstance(e.value, DeckError)


@BOTH
def test_four_copies_are_legal_five_are_not_100_2a_100_2(ruleset: str) -> None:
    check_construction(deck("4 Lightning Bolt\n4 Shock\n52 Mountain\n"), ruleset)
    with pytest.raises(IllegalDeck) as e:
        check_construction(deck("5 Lightning Bolt\n4 Shock\n52 Mountain\n"), ruleset)
    assert str(e.value).endswith(f"(rule {RULE[ruleset]}): too many copies: 5 Lightning Bolt (at most 4)")


def test_every_problem_is_named_in_one_line_100_2a() -> None:
    with pytest.raises(IllegalDeck) as e:
        check_construction(deck("5 Lightning Bolt\n6 Shock\n"), "2014")
    assert str(e.value) == ("mine is not a legal constructed deck (rule 100.2a): 11 cards, at least 60 are needed; "
                            "too many copies: 5 Lightning Bolt (at most 4), 6 Shock (at most 4)")


@BOTH
def test_basic_lands_are_the_rules_exception_100_2a_100_2(ruleset: str) -> None:
    check_construction(deck("30 Forest\n30 Mountain\n"), ruleset)


@BOTH
def test_relentless_rats_text_lifts_the_four_card_limit_101_1_103_1(ruleset: str) -> None:
    check_construction(deck("24 Relentless Rats\n36 Swamp\n"), ruleset)


def test_a_card_setting_its_own_limit_is_read_from_its_oracle_text_not_its_name_101_1() -> None:
    """Any card saying "A deck can have ... cards named <itself>" is recognised, by its text
    (the compiler reads it as a static ability)."""

    def card(name: str, text: str) -> CardDef:
        return compile_card({"name": name, "type": "Creature — Rat", "cost": "{B}", "text": text})

    assert copy_limit(card("Shadow Apostle", "A deck can have any number of cards named Shadow Apostle.")) is None
    assert copy_limit(card("Seven Dwarves", "Trample\nA deck can have up to seven cards named Seven Dwarves.")) == 7
    # the permission is for the card it names: another card's name, or none, leaves the rule's four
    assert copy_limit(card("Rat Pack", "A deck can have any number of cards named Relentless Rats.")) == 4
    assert copy_limit(card("Plain Rat", "")) == 4
    assert copy_limit(CardDef("Snow-Covered Forest", None, TypeLine(("Basic", "Snow"), ("Land",), ("Forest",)))) is None


@BOTH
def test_the_bundled_decks_are_legal_100_2a_100_2(ruleset: str) -> None:
    """Every bundled deck is legal; a precon of 40 or 41 cards as it was sold (its own size is
    its minimum), and the copy limit holds for all."""
    decks = bundled_decks()
    assert decks
    for name, text in decks.items():
        minimum = minimum_cards(name)
        assert minimum in (40, 41, 60), name
        assert construction_problems(parse_deck(text, name).cards, minimum) == [], name
        check_construction(parse_deck(text, name), ruleset, minimum)
    assert sum(minimum_cards(name) < 60 for name in decks) == 10  # the 10E theme decks and M10 Intro Packs


@BOTH
def test_a_lower_minimum_keeps_the_four_copy_limit_100_2a_100_2(ruleset: str) -> None:
    check_construction(deck("4 Shock\n36 Mountain\n"), ruleset, minimum=40)
    with pytest.raises(IllegalDeck, match="5 Shock"):
        check_construction(deck("5 Shock\n35 Mountain\n"), ruleset, minimum=40)
    with pytest.raises(IllegalDeck, match="39 cards, at least 40"):
        check_construction(deck("4 Shock\n35 Mountain\n"), ruleset, minimum=40)
