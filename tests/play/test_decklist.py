"""Deck lists: `COUNT Card Name` lines; clear errors with line numbers."""

from __future__ import annotations

import pytest

from rules.play.decklist import DeckError, parse_deck


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


# Absurd input is refused before any card is looked up: a 100,000-card library keeps a game
# busy for minutes, and fuzzy suggestions for thousands of unknown names take as long.

def test_a_100000_line_list_is_refused_by_its_size() -> None:
    with pytest.raises(DeckError, match=r"huge: 900,000 characters is no deck list \(at most 200,000\)"):
        parse_deck("1 Forest\n" * 100_000, "huge")


def test_a_100000_line_list_under_the_size_bound_is_refused_by_its_lines() -> None:
    with pytest.raises(DeckError, match=r"blank: 100,000 lines is no deck list \(at most 5,000\)"):
        parse_deck("\n" * 100_000, "blank")


@pytest.mark.parametrize("text, line", [
    ("999999999 Forest\n", 1),
    ("4 Lightning Bolt\n" + "9" * 5000 + " Forest\n", 2),  # int() of 5,000 digits would raise
    ("300 Forest\n300 Island\n", 2),
])
def test_more_cards_than_any_deck_is_refused_at_the_line_that_passes_the_bound(text: str, line: int) -> None:
    with pytest.raises(DeckError, match=rf"line {line} .* brings the deck past 500 cards: no deck is that big"):
        parse_deck(text, "absurd")


def test_many_unknown_names_are_counted_and_only_the_shown_ones_get_suggestions() -> None:
    with pytest.raises(DeckError) as e:
        parse_deck("".join(f"1 Lightning Blot {i}\n" for i in range(4000)), "typos")
    msg = str(e.value)
    assert msg.count("did you mean") == 3 and msg.endswith("; and 3997 more problems")
    assert "line 3: unknown card 'Lightning Blot 2'" in msg and "line 4:" not in msg
