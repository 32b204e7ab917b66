"""Templates of effects on hidden information (rules/cards/library_templates.py): a sentence
that only starts an effect compiles only when the sentences it expects follow, in order."""

from __future__ import annotations

import pytest

from rules.cards.effect_templates import compile_effect
from rules.cards.ir import Fixed, HandCardsOnTop, LookAndDistribute, LookAtHand, LookMayTakeRestBottom
from rules.cards.targets import Unsupported


def test_peek_is_a_look_at_the_target_players_hand() -> None:
    c = compile_effect("Look at target player's hand. Draw a card.")
    assert isinstance(c.steps[0], LookAtHand) and c.specs[0].kind == "player"


def test_a_look_at_the_top_alone_leaves_the_cards_where_they_are() -> None:
    c = compile_effect("Look at the top three cards of your library.")
    assert c.steps == [LookAndDistribute(Fixed(3), ())]


def test_the_next_sentence_says_what_happens_to_the_cards_looked_at() -> None:
    tt = compile_effect("Look at the top three cards of your library. Put one of those cards into your hand, one on "
                        "top of your library, and one on the bottom of your library.")
    assert tt.steps == [LookAndDistribute(Fixed(3), ("hand", "top", "bottom"))]
    cwn = compile_effect("Look at the top five cards of your library. You may reveal a creature card from among them "
                         "and put it into your hand. Put the rest on the bottom of your library in any order.")
    assert isinstance(cwn.steps[0], LookMayTakeRestBottom)


def test_an_effect_missing_the_sentences_it_expects_does_not_compile() -> None:
    with pytest.raises(Unsupported):
        compile_effect("Look at target player's hand and choose two cards from it.")
    with pytest.raises(Unsupported):  # the sentences out of order
        compile_effect("Target opponent puts the cards from their hand on top of their library. The player puts "
                       "those cards into their hand, then shuffles their library. Search that player's library for "
                       "that many cards.")
    with pytest.raises(Unsupported):  # without a look first
        compile_effect("Put one of those cards into your hand, one on top of your library, and one on the bottom of "
                       "your library.")


def test_choosing_one_card_from_a_hand_is_not_this_template() -> None:
    """Thrull Surgeon's "choose a card from it" is a discard, not cards put on top."""
    try:
        c = compile_effect("Look at target player's hand and choose a card from it. That player discards that card.")
    except Unsupported:
        return
    assert not any(isinstance(s, HandCardsOnTop) for s in c.steps)
