"""Reading the Comprehensive Rules in the four shapes the seeds come in: the official
plain text (002), reStructuredText (000), a forum copy with repeated posts (001) and the
whole document on one line (003)."""

from __future__ import annotations

from rules.crtext import parse_rules_text
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
    assert len(doc.glossary) > 300


def test_search_and_subrules() -> None:
    doc = seed("003")
    assert "300.3" in doc.search("mana burn")
    assert doc.subrules("420.5")[:3] == ["420.5", "420.5a", "420.5b"]


def test_text_that_is_not_rules_gives_an_empty_document() -> None:
    assert len(parse_rules_text("hello\nworld\n")) == 0
