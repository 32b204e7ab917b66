"""The templates of rules.cards.extra_templates and the compiler's modal activated abilities."""

from __future__ import annotations

import pytest

from rules.cards import get_card, ir
from rules.cards.compiler import compile_line, modal_ability_lines
from rules.cards.model import ActivatedAbility, CardDef, StaticAbility, TypeLine
from rules.cards.targets import Unsupported


def test_a_modal_activated_ability_is_read_as_one_line() -> None:
    lines = ["{G}: Choose one —", "• Draw a card.", "• Gain 1 life.", "Flying"]
    assert modal_ability_lines(lines) == ["{G}: Choose one —\n• Draw a card.\n• Gain 1 life.", "Flying"]
    assert modal_ability_lines(["{G}: Choose one —"]) == ["{G}: Choose one —"]
    assert modal_ability_lines(["Flying", "• Draw a card."]) == ["Flying", "• Draw a card."]


def test_skinshifter_is_one_once_a_turn_ability_with_three_modes() -> None:
    """700.2a / 409.1b: the mode is chosen as the one ability is activated; its "Activate this
    ability only once each turn", repeated by every mode, limits that ability."""
    abilities = [a for a in get_card("Skinshifter").abilities if isinstance(a, ActivatedAbility)]
    assert len(abilities) == 1
    ab = abilities[0]
    assert ab.max_per_turn == 1 and ab.effect == () and ab.targets == ()
    assert [m.effect[0].creature_types for m in ab.modes] == [("Rhino",), ("Bird",), ("Plant",)]
    assert ab.modes[2].text == "Until end of turn, Skinshifter becomes a Plant with base power and toughness 0/8."
    assert ab.with_mode(2).effect == ab.modes[1].effect


def test_modes_that_disagree_on_their_limits_are_not_one_ability() -> None:
    card = CardDef("Test Shifter", None, TypeLine.parse("Creature — Shapeshifter"))
    line = "{G}: Choose one —\n• Draw a card. Activate this ability only once each turn.\n• Gain 1 life."
    with pytest.raises(Unsupported):
        compile_line(line, card)
    ab = compile_line("{G}: Choose one —\n• Draw a card.\n• Gain 1 life.", card)[0]
    assert isinstance(ab, ActivatedAbility) and len(ab.modes) == 2 and ab.max_per_turn == 0


def test_additional_and_alternative_costs_compile_to_static_abilities() -> None:
    grenade = next(a for a in get_card("Goblin Grenade").abilities if isinstance(a, StaticAbility))
    assert grenade.effects == (ir.SacrificeAsCost(ir.SacrificeCost("Goblin", ir.HasSubtype("Goblin"))),)
    (alternative,) = get_card("Demon of Death's Gate").effects_of(ir.AlternativeCost)
    assert (alternative.life, alternative.count) == (6, 3)


def test_tokens_have_the_quoted_triggered_ability() -> None:
    slime = get_card("Mitotic Slime")
    create = slime.abilities[0].effect[0]
    assert isinstance(create, ir.CreateTokens) and create.token.text.startswith("When ~ dies")
