"""Facts the view gives a client beyond the printed card: keywords gained until end of turn
(611.2a), regeneration shields (701.12a), whom an attacker attacks (508.1) and what a stack
object targets, by id (115.1)."""

from __future__ import annotations

from rules import Game
from rules.engine.api.view_types import CardView
from rules.play.scenario import build_game, parse_scenario


def _game() -> Game:
    return build_game(parse_scenario({
        "name": "view facts",
        "players": {"alice": {"hand": ["Jump"], "battlefield": ["Island", "Runeclaw Bear"], "library": ["Island"] * 5},
                    "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Swamp", "Mountain", "Drudge Skeletons"],
                            "library": ["Island"] * 5}},
        "start": {"turn": 3, "active": "alice", "step": "main1"},
    }))


def _card(game: Game, player: str, name: str) -> CardView:
    players = game.view(player).players
    return next(c for p in players for c in p.battlefield if c.name == name)


def test_a_keyword_gained_this_turn_is_marked_granted_611_2a() -> None:
    game = _game()
    bear = _card(game, "alice", "Runeclaw Bear")
    assert bear.permanent is not None
    assert bear.permanent.granted == () and "flying" not in bear.permanent.keywords
    game.act("alice: cast Jump targeting Runeclaw Bear")
    game.act("alice: pass")
    game.act("bob: pass")
    bear = _card(game, "alice", "Runeclaw Bear")
    assert bear.permanent is not None
    assert bear.permanent.granted == ("flying",) and "flying" in bear.permanent.keywords and bear.permanent.pumped == ()


def test_a_pump_until_end_of_turn_is_listed_611_2a() -> None:
    game = build_game(parse_scenario({
        "name": "pump", "start": {"turn": 3, "active": "alice", "step": "main1"},
        "players": {"alice": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"],
                              "library": ["Island"] * 5},
                    "bob": {"library": ["Island"] * 5}}}))
    game.act("alice: cast Giant Growth targeting Runeclaw Bear")
    game.act("alice: pass")
    game.act("bob: pass")
    bear = _card(game, "alice", "Runeclaw Bear")
    assert bear.permanent is not None
    assert bear.permanent.pumped == ("+3/+3",) and (bear.power, bear.toughness) == (5, 5)


def test_regeneration_shields_are_counted_701_12a() -> None:
    game = _game()
    game.act("alice: pass")
    game.act("bob: activate Drudge Skeletons")
    game.act("bob: pass")
    game.act("alice: pass")
    skeletons = _card(game, "alice", "Drudge Skeletons").permanent
    assert skeletons is not None and skeletons.regen_shields == 1


def test_a_stack_object_lists_its_targets_by_id_115_1() -> None:
    game = _game()
    game.act("alice: pass")
    game.act("bob: cast Lightning Bolt targeting Runeclaw Bear")
    bear = _card(game, "bob", "Runeclaw Bear")
    item = game.view("bob").stack[0]
    assert item.target_ids == (bear.id,) and item.targets == ("Runeclaw Bear",)
    bear_now = _card(game, "bob", "Runeclaw Bear").permanent
    assert bear_now is not None and bear_now.attacks is None
