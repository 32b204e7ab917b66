"""A spell whose X may be paid only with mana of one color ("Spend only black mana on X"):
legal actions offer only the X values that color can pay for, and a refused payment says
why (601.2g / 409.1h)."""

from __future__ import annotations

import pytest

from rules import Game
from rules.engine.core import actions as A
from rules.play.scenario import build_game, parse_scenario


def _game(rules: str, lands: list[str]) -> Game:
    return build_game(parse_scenario({
        "name": "consume spirit", "rules": rules, "start": {"turn": 3},
        "players": {"alice": {"hand": ["Consume Spirit"], "battlefield": lands, "library": ["Swamp"]},
                    "bob": {"library": ["Island"]}}}))


@pytest.mark.parametrize("rules", ["2014", "2009"])
def test_legal_x_values_are_those_black_mana_can_pay(rules: str) -> None:
    game = _game(rules, ["Swamp", "Swamp", "Mountain", "Mountain", "Mountain"])
    xs = {a.x for a in game.actions if isinstance(a, A.Cast)}
    assert xs == {0, 1}  # {B} for the spell and one more black for X; red pays only the {1}


@pytest.mark.parametrize("rules", ["2014", "2009"])
def test_paying_x_with_other_colors_is_refused_citing_the_rule(rules: str) -> None:
    game = _game(rules, ["Swamp", "Mountain", "Mountain"])
    why = game.check(game.parse("alice: cast Consume Spirit targeting bob x=1"))
    assert why is not None
    assert "spend only black mana on X" in str(why)
    assert ("601.2g" if rules == "2014" else "409.1h") in str(why)
