"""The templates of rules.cards.extra_templates and the compiler's modal activated abilities."""

from __future__ import annotations

from rules.cards import get_card, ir
from rules.cards.compiler import modal_ability_lines
from rules.cards.model import ActivatedAbility, StaticAbility


def test_a_modal_activated_ability_is_one_ability_per_mode_with_its_cost() -> None:
    lines = ["{G}: Choose one —", "• Draw a card.", "• Gain 1 life.", "Flying"]
    assert modal_ability_lines(lines) == ["{G}: Draw a card.", "{G}: Gain 1 life.", "Flying"]
    assert modal_ability_lines(["{G}: Choose one —"]) == ["{G}: Choose one —"]


def test_skinshifter_has_three_once_a_turn_modes() -> None:
    modes = [a for a in get_card("Skinshifter").abilities if isinstance(a, ActivatedAbility)]
    assert len(modes) == 3 and all(m.max_per_turn == 1 for m in modes)
    assert [m.effect[0].creature_types for m in modes] == [("Rhino",), ("Bird",), ("Plant",)]


def test_additional_and_alternative_costs_compile_to_static_abilities() -> None:
    grenade = next(a for a in get_card("Goblin Grenade").abilities if isinstance(a, StaticAbility))
    assert grenade.sacrifice_as_cost == ir.SacrificeCost("Goblin", ir.HasSubtype("Goblin"))
    demon = next(a for a in get_card("Demon of Death's Gate").abilities if isinstance(a, StaticAbility))
    assert demon.alternative_cost is not None
    assert (demon.alternative_cost.life, demon.alternative_cost.count) == (6, 3)


def test_tokens_have_the_quoted_triggered_ability() -> None:
    slime = get_card("Mitotic Slime")
    create = slime.abilities[0].effect[0]
    assert isinstance(create, ir.CreateTokens) and create.token.text.startswith("When ~ dies")
