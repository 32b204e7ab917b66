"""Smart stops (rules.play.assist.can_act): which priority actions could matter now.  A
regeneration or prevention shield, or an until-end-of-turn change to a creature, matters only
while what it covers is in harm's way: a spell or ability on the stack (405 / 408), or combat
damage still to come in a combat it is part of (506-510 / 306-310).  Mana abilities never
matter (605.1a, 605.3b / 411.1); anything else (damage, a permanent spell, drawing) always does."""

from __future__ import annotations

from typing import Any

from rules import Game
from rules.engine.core import actions as A
from rules.play.assist import can_act, can_act_at_all, hidden_mark, in_harms_way, revealed_since
from rules.play.scenario import parse_scenario

LIBRARY = ["Island"] * 6


def position(players: dict[str, Any], **start: Any) -> Game:
    doc = {"name": "p", "start": start,
           "players": {name: {"library": list(LIBRARY), **zones} for name, zones in players.items()}}
    return Game(parse_scenario(doc).setup)


def pass_until(game: Game, step: str, player: str | None = None) -> None:
    while not (game.step == step and (player is None or game.decision.player == player)):
        game.act(A.Pass(game.decision.player))


def test_mana_abilities_never_count_605_1a() -> None:
    game = position({"alice": {"battlefield": ["Llanowar Elves", "Forest"]}, "bob": {}})
    assert can_act_at_all(game, "alice") is False  # (has_action leaves mana abilities out too)
    assert not can_act(game, "alice")


def test_damage_always_matters() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}}, step="upkeep")
    assert can_act(game, "alice")


def test_a_regeneration_shield_matters_only_when_something_threatens_701_12() -> None:
    """Drudge Skeletons' {B}: Regenerate in an empty upkeep is pointless; with a Lightning
    Bolt on the stack it is the answer (701.12a / 2009 501.5a)."""
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Drudge Skeletons", "Swamp"]}})
    game.act("alice: pass")
    game.act("bob: pass")  # the main phase ends: alice's beginning of combat, nothing on the stack
    assert game.decision.player == "alice" and not game.stack
    game.act("alice: pass")
    assert game.decision.player == "bob" and not game.stack
    assert can_act_at_all(game, "bob") and not can_act(game, "bob")
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Drudge Skeletons", "Swamp"]}})
    game.act("alice: cast Lightning Bolt targeting Drudge Skeletons")
    game.act("alice: pass")
    assert game.decision.player == "bob" and can_act(game, "bob")


def test_a_permanent_spell_on_the_stack_threatens_nothing_608_3() -> None:
    game = position({"alice": {"hand": ["Runeclaw Bear"], "battlefield": ["Forest", "Forest"]},
                     "bob": {"battlefield": ["Drudge Skeletons", "Swamp"]}})
    game.act("alice: cast Runeclaw Bear")
    game.act("alice: pass")
    assert game.decision.player == "bob" and game.stack
    assert not can_act(game, "bob")


def test_a_pump_matters_in_combat_not_under_pacifism_506_509() -> None:
    """Fiery Hellhound's {R}: +1/+0 matters while it attacks, or while it may block an
    attacker; under Pacifism it may do neither, so bob isn't asked (509.1 / 309.1)."""
    game = position({"alice": {"battlefield": ["Runeclaw Bear"]},
                     "bob": {"battlefield": ["Fiery Hellhound", "Mountain"]}}, step="begin_combat")
    assert not can_act(game, "alice")
    pass_until(game, "declare_attackers")
    game.act("alice: attack Runeclaw Bear")
    assert game.decision.player == "alice"
    game.act("alice: pass")
    assert game.decision.player == "bob" and can_act(game, "bob")  # it may block the Bear
    hound = next(o.id for o in game.permanents("bob") if o.name == "Fiery Hellhound")
    assert in_harms_way(game, hound)

    game = position({"alice": {"battlefield": ["Runeclaw Bear"]},
                     "bob": {"battlefield": [{"card": "Fiery Hellhound"}, "Mountain",
                                             {"card": "Pacifism", "attached_to": "Fiery Hellhound"}]}},
                    step="begin_combat")
    pass_until(game, "declare_attackers")
    game.act("alice: attack Runeclaw Bear")
    game.act("alice: pass")
    assert game.decision.player == "bob" and not can_act(game, "bob")


def test_a_targeted_pump_matters_before_attacks_and_in_combat_506_1() -> None:
    """Giant Growth matters on alice's turn before attackers are declared (it decides the
    attack), for a creature in combat, or with something on the stack; not after combat, and
    not for a creature that can't attack (Pacifism)."""
    game = position({"alice": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}, "bob": {}})
    assert can_act(game, "alice")  # main 1: the Bear may attack bigger
    game = position({"alice": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}, "bob": {}},
                    step="main2")
    assert not can_act(game, "alice")  # nothing fights any more, nothing on the stack
    game = position({"alice": {"hand": ["Giant Growth"],
                               "battlefield": ["Forest", "Runeclaw Bear",
                                               {"card": "Pacifism", "attached_to": "Runeclaw Bear"}]}, "bob": {}})
    assert not can_act(game, "alice")
    game = position({"alice": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}, "bob": {}},
                    step="begin_combat")
    pass_until(game, "declare_attackers")
    game.act("alice: attack Runeclaw Bear")
    assert game.decision.player == "alice" and can_act(game, "alice")


def test_what_came_to_light_a_draw_and_a_look_701_13() -> None:
    game = position({"alice": {"hand": ["Divination", "Sage Owl"],
                               "battlefield": ["Island", "Island", "Island", "Island", "Island", "Island"]},
                     "bob": {}})
    mark = hidden_mark(game)
    assert revealed_since(game, mark) is None
    game.act("alice: cast Divination")
    assert revealed_since(game, mark) is None  # cast, not yet resolved
    game.act("alice: pass")
    game.act("bob: pass")
    assert revealed_since(game, mark) == "alice drew a card"
    mark = hidden_mark(game)
    game.act("alice: cast Sage Owl")
    game.act("alice: pass")
    game.act("bob: pass")
    while game.stack or game.decision.kind != "priority":  # its trigger: look at the top four
        d = game.decision
        game.act(next(iter(game.actions)) if d.kind != "priority" else A.Pass(d.player))
    assert revealed_since(game, mark) == "alice looked at or revealed hidden cards"  # 401.1: the top four


def test_tapping_what_is_tapped_changes_nothing_701_18() -> None:
    """Blinding Mage may tap bob's creature; when the only creature there is is tapped already
    (the Mage itself aside, which it can't tap while paying {T}), it has nothing to do."""
    game = position({"alice": {"battlefield": ["Blinding Mage", "Plains"]},
                     "bob": {"battlefield": [{"card": "Runeclaw Bear", "tapped": True}]}}, step="upkeep")
    assert can_act_at_all(game, "alice") and not can_act(game, "alice")
    game = position({"alice": {"battlefield": ["Blinding Mage", "Plains"]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}}, step="upkeep")
    assert can_act(game, "alice")


def test_a_pump_is_no_answer_to_destroy_but_is_to_damage_608_2b() -> None:
    """Royal Assassin's "destroy target tapped creature" on the stack: Giant Growth wouldn't
    change what it does, so alice isn't stopped for it; against Shock it saves the Bear.  A
    pump that grants an ability may answer a target (shroud, protection) and keeps counting."""
    def respond_to(spell_or_ability: str, bob: dict[str, Any], alice_hand: list[str]) -> Game:
        game = position({"alice": {"hand": alice_hand, "battlefield": ["Forest", {"card": "Runeclaw Bear",
                                                                                   "tapped": True}]},
                         "bob": bob}, turn=2, active="bob", step="main1")
        game.act(spell_or_ability)
        game.act("bob: pass")
        assert game.decision.player == "alice" and game.stack
        return game

    assassin = {"battlefield": ["Royal Assassin"]}
    game = respond_to("bob: activate Royal Assassin targeting Runeclaw Bear", assassin, ["Giant Growth"])
    assert can_act_at_all(game, "alice") and not can_act(game, "alice")
    game = respond_to("bob: cast Shock targeting Runeclaw Bear", {"hand": ["Shock"], "battlefield": ["Mountain"]},
                      ["Giant Growth"])
    assert can_act(game, "alice")
    game = position({"alice": {"hand": ["Kindled Fury"], "battlefield": ["Mountain", {"card": "Runeclaw Bear",
                                                                                      "tapped": True}]},
                     "bob": assassin}, turn=2, active="bob", step="main1")
    game.act("bob: activate Royal Assassin targeting Runeclaw Bear")
    game.act("bob: pass")
    assert can_act(game, "alice")  # +1/+0 and first strike: an ability granted counts


def test_a_toughness_cut_that_kills_matters_with_nothing_in_harms_way_704_5f_704_5g() -> None:
    """Wring Flesh (-3/-1) on bob's 1/1 in alice's main 2, no combat and nothing on the stack:
    toughness 0 puts it in the graveyard (704.5f), so the client must not pass for her; the
    same on a 1/3 with 2 damage marked (now lethal, 704.5g).  On an undamaged 1/3 it kills
    nothing and doesn't matter there."""
    for bear, matters in (("Llanowar Elves", True), ({"card": "Canopy Spider", "damage": 2}, True),
                          ("Canopy Spider", False)):
        game = position({"alice": {"hand": ["Wring Flesh"], "battlefield": ["Swamp"]},
                         "bob": {"battlefield": [bear]}}, step="main2")
        assert can_act_at_all(game, "alice")
        assert can_act(game, "alice") is matters, bear
