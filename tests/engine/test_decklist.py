"""Deck lists: `COUNT Card Name` lines; clear errors with line numbers."""

from __future__ import annotations

import pytest

from rules.decklist import DeckError, parse_deck


def test_parse_counts_comments_and_sideboard() -> None:
    deck = parse_deck("# a deck\n4 Lightning Bolt\n2x Mountain\n\nSideboard\n3 Shock\n")
    assert deck.cards == ["Lightning Bolt"] * 4 + ["Mountain"] * 2


def test_errors_name_the_line_and_suggest() -> None:
    with pytest.raises(DeckError) as e:
        parse_deck("4 Lightning Blot\nfour Mountain\n", "mine")
    msg = str(e.value)
    assert "line 1" in msg and "Lightning Bolt" in msg and "line 2" in msg


def test_an_empty_deck_is_an_error() -> None:
    with pytest.raises(DeckError):
        parse_deck("# nothing\n")
