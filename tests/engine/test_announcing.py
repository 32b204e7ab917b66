"""Which action is being announced (`Game.announced_at`): while a spell's or an ability's costs
are paid and its choices made (2014 601.2 / 602.2; 2009 409.1), the current decision is part of
that action, and rewinding to before it reverses the whole action, every payment canceled
(2014 717.1 / 2009 422.1)."""

from __future__ import annotations

import pytest

from rules import Game
from rules.play.scenario import build_game, parse_scenario


def _game(hand: list[str], battlefield: list[str], rules: str = "2014") -> Game:
    doc = {"name": "announcing", "rules": rules, "start": {"turn": 3},
           "players": {"alice": {"hand": hand, "battlefield": battlefield}, "bob": {"battlefield": []}}}
    return build_game(parse_scenario(doc))


@pytest.mark.parametrize("rules", ["2014", "2009"])
def test_an_additional_cost_is_part_of_the_cast_and_rewinding_reverses_it(rules: str) -> None:
    game = _game(["Fling"], ["Mountain", "Mountain", "Runeclaw Bear", "Craw Wurm"], rules)
    before, length = game.digest(), len(game.record)
    assert game.announced_at is None
    game.act("alice: cast Fling targeting bob")
    assert game.decision.kind == "choose" and game.announced_at == length  # the sacrifice: part of the cast
    game.rewind(game.announced_at)
    assert game.digest() == before and game.announced_at is None
    game.act("alice: cast Fling targeting bob")
    game.act("alice: choose Runeclaw Bear")
    assert game.announced_at is None and game.decision.kind == "priority"  # cast (601.2h / 409.1i)


def test_a_spell_without_choices_while_cast_is_never_announced_at_a_decision() -> None:
    game = _game(["Lightning Bolt"], ["Mountain"])
    game.act("alice: cast Lightning Bolt targeting bob")
    assert game.announced_at is None and game.decision.kind == "priority"


def test_an_activation_cost_and_a_mana_abilitys_color_are_part_of_the_activation() -> None:
    game = _game([], ["Phyrexian Vault", "Swamp", "Swamp", "Runeclaw Bear", "Craw Wurm", "Birds of Paradise"])
    game.act("alice: activate Phyrexian Vault")
    assert game.decision.kind == "choose" and game.announced_at == len(game.record) - 1
    game.act("alice: choose Craw Wurm")
    assert game.announced_at is None
    game.act("alice: activate Birds of Paradise")
    assert game.decision.kind == "choose" and game.announced_at == len(game.record) - 1  # its color
    game.act("alice: choose green")
    assert game.announced_at is None
