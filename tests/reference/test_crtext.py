"""Reading the Comprehensive Rules in the four shapes the seeds come in: the official
plain text (002), reStructuredText (000), a forum copy with repeated posts (001) and the
whole document on one line (003)."""

from __future__ import annotations

from rules.reference.crtext import _one_line_glossary, parse_rules_text

from seed_docs import seed


def test_plain_text_one_rule_per_line() -> None:
    doc = seed("002")
    assert doc.shape == "plain"
    assert len(doc) == 327
    assert doc.get("103.7a").startswith("In a two-player game, the player who plays first skips the draw step")
    assert doc.get("117.8c") is not None  # the copy is cut off here
    assert doc.get("100") == "General"


def test_restructured_text_with_damaged_references() -> None:
    doc = seed("000")
    assert doc.shape == "rst"
    assert len(doc) == 364
    assert doc.get("100.1a") == "A two-player game is a game that begins with only two players."
    assert "referred to as" in doc.get("101.4")  # ":ref:erred" repaired
    assert ":ref:" not in " ".join(doc.rules.values())


def test_forum_copy_drops_repeated_posts() -> None:
    doc = seed("001")
    assert doc.shape == "forum"
    assert len(doc) == 316
    assert doc.get("101.1").startswith("Whenever a card's text directly contradicts these rules")


def test_one_line_document() -> None:
    doc = seed("003")
    assert doc.shape == "one-line"
    assert len(doc) == 1268
    assert doc.get("420.5c").startswith("A creature with lethal damage, but greater than 0 toughness, is destroyed.")
    assert doc.get("300.3").startswith("When a phase ends (but not a step), any unused mana")
    assert [k for k in doc.rules if k.startswith("420.5")][-1] == "420.5q"
    assert doc.glossary["Mana Burn"].startswith("When a phase ends, any unused mana")
    # 377 terms: before the splitter knew definitions that open with any capitalised word
    # ("Game Action Several ..."), 35 entries were merged into the one before them (342)
    assert len(doc.glossary) == 377


def test_search_and_subrules() -> None:
    doc = seed("003")
    assert "300.3" in doc.search("mana burn")
    assert doc.subrules("420.5")[:3] == ["420.5", "420.5a", "420.5b"]


def test_text_that_is_not_rules_gives_an_empty_document() -> None:
    assert len(parse_rules_text("hello\nworld\n")) == 0


def test_one_line_glossary_keeps_terms_whose_definition_opens_with_any_word() -> None:
    """Seed 003's glossary: "Game Action" (see rule 605 for the entry before it) and the other
    terms whose definition opens with a word that isn't "A"/"The" are entries of their own."""
    glossary = seed("003").glossary
    assert "Game Action" in glossary and "Game Action" not in glossary["Free-for-All"]
    assert "rule 605" in glossary["Free-for-All"]  # Free-for-All Variant, and nothing after it
    for term in ["Haste", "Layer", "Event", "Wither", "Win the Game", "Limited Range of Influence", "Flip Cards",
                 "Attack Multiple Players Option", 'Intervening "If" Clause', "One-Shot Effect"]:
        assert term in glossary, term
    for merged in ["Flip", "Attack Multiple", "Intervening"]:  # halves of the terms above
        assert merged not in glossary, merged
    assert "Two-Headed Giant" in glossary and "Grand Melee" in glossary


def test_one_line_glossary_splitting() -> None:
    text = ("Brass Lamp A lamp made of brass. See rule 101.1. Bright Lamp Several lamps glow here. "
            "Bright Lamp Mode Bright lamp mode is on. Call of the Wild Calls happen at night. "
            "Copper Tour The Copper Tour is long. Copper Tour is also fun. Quiet trips follow. "
            "Crown Jewel Every jewel shines.")
    assert _one_line_glossary(text) == {
        "Brass Lamp": "A lamp made of brass. See rule 101.1.",
        "Bright Lamp": "Several lamps glow here.",  # any capitalised word before a lowercase one opens it
        "Bright Lamp Mode": "Bright lamp mode is on.",  # the definition repeats the term
        "Call of the Wild": "Calls happen at night.",
        # "Copper" would be the start of the current term and "Quiet" too far on in the alphabet
        "Copper Tour": "The Copper Tour is long. Copper Tour is also fun. Quiet trips follow.",
        "Crown Jewel": "Every jewel shines.",
    }
