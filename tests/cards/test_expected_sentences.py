"""One way for a sentence to need the ones after it (rules.cards.phrases.expect): an expected
sentence is either completed by a template of its own or already carried out (adds nothing);
an effect whose expected sentences don't come, in order, doesn't compile."""

from __future__ import annotations

import pytest

from rules.cards.effect_templates import compile_effect
from rules.cards.ir import MayPay, PreventNextAndReflect, Scramble, XValue
from rules.cards.targets import Unsupported


def test_a_completing_sentence_adds_to_the_step_before_it() -> None:
    c = compile_effect("Prevent the next X damage that would be dealt to you this turn. If damage is prevented "
                       "this way, ~ deals that much damage to target player.")
    assert len(c.steps) == 1 and isinstance(c.steps[0], PreventNextAndReflect)
    assert c.steps[0].amount == XValue() and c.steps[0].reflect_to is not None and len(c.specs) == 1


def test_a_carried_out_sentence_adds_nothing() -> None:
    c = compile_effect("For each nonland permanent, choose a player at random. Then each player gains control of "
                       "each permanent for which they were chosen. Untap those permanents.")
    assert c.steps == [Scramble()]


def test_an_expected_sentence_left_out_leaves_the_effect_unsupported() -> None:
    with pytest.raises(Unsupported):
        compile_effect("Prevent the next X damage that would be dealt to you this turn.")
    with pytest.raises(Unsupported):  # the second of two expected sentences missing
        compile_effect("For each nonland permanent, choose a player at random. Then each player gains control of "
                       "each permanent for which they were chosen.")
    with pytest.raises(Unsupported):
        compile_effect("You may pay {2}.")


def test_a_completing_sentence_that_does_not_compile_is_not_taken_as_carried_out() -> None:
    """"If you do, ..." whose body no template understands fails; it isn't silently dropped."""
    assert isinstance(compile_effect("You may pay {2}. If you do, draw a card.").steps[0], MayPay)
    with pytest.raises(Unsupported):
        compile_effect("You may pay {2}. If you do, frobnicate the widget.")


def test_an_expected_sentence_elsewhere_is_not_accepted() -> None:
    with pytest.raises(Unsupported):  # "Untap those permanents" compiles alone, but Scrambleverse's needs its order
        compile_effect("For each nonland permanent, choose a player at random. Untap those permanents. Then each "
                       "player gains control of each permanent for which they were chosen.")


def test_a_sentence_inside_another_must_not_leave_expected_sentences_behind() -> None:
    """"If you win the flip, ..." compiles its sentence apart: a step there that expects the
    next sentence has none, so the whole doesn't compile (rather than a step half done)."""
    with pytest.raises(Unsupported):
        compile_effect("Flip a coin. If you win the flip, prevent the next X damage that would be dealt to you this "
                       "turn.")
