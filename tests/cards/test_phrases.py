"""The shared phrases of rules.cards.phrases: one reader of "equal to ..." serves every template
that says it (gaining and losing life, drawing, damage, "where X is ..."), and refuses words
that refer to something the effect before them didn't do."""

from __future__ import annotations

import pytest

from rules.cards import ir
from rules.cards.effect_templates import compile_effect
from rules.cards.targets import Unsupported


def test_life_equal_to_the_damage_dealt_needs_the_damage_first() -> None:
    """Corrupt: "... deals damage to any target equal to ... You gain life equal to the damage
    dealt this way"; alone, "the damage dealt this way" names nothing."""
    c = compile_effect("~ deals 3 damage to any target. You gain life equal to the damage dealt this way.")
    assert c.steps[-1] == ir.GainLife(ir.You(), ir.DamageDealtThisWay())
    with pytest.raises(Unsupported):
        compile_effect("You gain life equal to the damage dealt this way.")


def test_its_toughness_is_of_what_it_names() -> None:
    """Condemn: "Its controller gains life equal to its toughness" (the creature as it last existed)."""
    c = compile_effect("Put target attacking creature on the bottom of its owner's library. "
                       "Its controller gains life equal to its toughness.")
    it = c.steps[0].objects
    assert c.steps[-1] == ir.GainLife(ir.ControllersOf(it), ir.ToughnessOf(it))


def test_one_template_says_every_amount_of_cards_milled() -> None:
    who = ir.TargetRef(0)
    for words, milled in (("the top three cards", ir.Fixed(3)), ("the top card", ir.Fixed(1)),
                          ("the top half", ir.HalfLibrary())):
        rounded = ", rounded down," if words == "the top half" else ""
        c = compile_effect(f"Target player puts {words} of their library{rounded} into their graveyard.")
        assert c.steps == [ir.Mill(who, milled)], words
