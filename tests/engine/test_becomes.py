"""Characteristic-changing effects (rules.engine.continuous.becomes): "becomes a Frog" replaces creature
types and keeps the others, "loses all abilities" stops the object's rules-changing and
replacement abilities too, and X in a search's test is bound as the effect resolves."""

from __future__ import annotations

from rules import Game
from rules.cards import creature_types, ir
from rules.engine.continuous.becomes import set_creature_types
from rules.engine.continuous.player_rules import player_rules
from rules.engine.core.objects import Characteristics
from rules.engine.resolution.x_values import bind_x
from rules.play.scenario import build_game, parse_scenario


def _game(alice: dict, bob: dict) -> Game:
    doc = {"name": "becomes", "start": {"turn": 3}, "players": {"alice": alice, "bob": bob}}
    return build_game(parse_scenario(doc))


def test_becoming_a_creature_type_keeps_land_and_artifact_subtypes() -> None:
    ch = Characteristics(name="x", types=frozenset({"Land", "Creature"}), subtypes=frozenset({"Forest", "Dryad"}),
                         supertypes=frozenset(), colors=frozenset(), power=1, toughness=1, abilities=[],
                         keywords=frozenset(), restrictions=frozenset(), keyword_counts={})
    set_creature_types(("Frog",))(ch)
    assert ch.subtypes == {"Forest", "Frog"}


def test_a_frog_platinum_angel_no_longer_stops_its_controller_losing() -> None:
    game = _game({"hand": ["Turn to Frog"], "battlefield": ["Island", "Island"]},
                 {"battlefield": ["Platinum Angel"]})
    assert "cant_lose" in player_rules(game.state, "bob")
    game.act("alice: cast Turn to Frog targeting Platinum Angel")
    game.act("alice: pass")
    game.act("bob: pass")
    assert "cant_lose" not in player_rules(game.state, "bob")
    angel = next(o for o in game.permanents("bob") if o.name == "Platinum Angel")
    ch = game.chars(angel)
    assert (ch.power, ch.toughness) == (1, 1) and ch.subtypes == {"Frog"} and ch.colors == {"U"}
    assert ch.is_type("Artifact") and ch.is_type("Creature")


def test_x_in_a_search_test_is_bound_to_the_announced_x() -> None:
    pred = ir.AllOf((ir.ManaValueAtMostX(), ir.Not(ir.ManaValueAtMostX()), ir.IsType("Creature")))
    assert bind_x(pred, 3) == ir.AllOf((ir.ManaValueAtMost(3), ir.Not(ir.ManaValueAtMost(3)), ir.IsType("Creature")))


def test_creature_types_come_from_the_card_database() -> None:
    kinds = creature_types()
    assert {"Goblin", "Frog", "Saproling", "Rhino"} <= set(kinds)
    assert not {"Forest", "Aura", "Equipment"} & set(kinds)
