"""The goldfish pilot's policy (rules/play/pilot.py), one rule at a time, on positions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import rules.engine.loop.kinds.priority as priority_home
from rules import Game
from rules.engine.core import actions as A
from rules.play.autopilot import goldfish_answer
from rules.play.deck_lab import OWNER, play_lab_game
from rules.play.pilot import Pilot, keep_hand
from rules.play.scenario import parse_scenario

RED_GREEN = (["Forest"] * 10 + ["Mountain"] * 10 + ["Rootbound Crag"] * 4 + ["Llanowar Elves"] * 4
             + ["Runeclaw Bear"] * 4 + ["Centaur Courser"] * 4 + ["Prodigal Pyromancer"] * 2 + ["Craw Wurm"] * 2
             + ["Giant Growth"] * 3 + ["Lightning Bolt"] * 4 + ["Seismic Strike"] * 2 + ["Giant Spider"] * 2
             + ["Cudgel Troll"] * 2 + ["Fiery Hellhound"] * 2 + ["Stampeding Rhino"] * 2 + ["Overrun"] * 1
             + ["Shivan Dragon"] * 1 + ["Garruk Wildspeaker"] * 1)


def position(me: dict[str, Any], fish: dict[str, Any] | None = None, **start: Any) -> Game:
    """A goldfish game at a position: "you" (the pilot, with a library) against "goldfish"."""
    players = {"you": {"library": ["Forest"] * 10, **me}, "goldfish": fish or {}}
    doc: dict[str, Any] = {"name": "pilot", "players": players, "start": {"active": "you", **start}}
    setup = parse_scenario(doc).setup
    setup = replace(setup, players=tuple(replace(p, goldfish=p.name == "goldfish") for p in setup.players))
    return Game(setup)


def name(game: Game, action: A.Action) -> str:
    return game.notation(action)


def until_pilot_acts(game: Game, pilot: Pilot) -> A.Action:
    """Run the game (the goldfish and the pilot's passes) to the pilot's next action that
    isn't a pass, and return it without taking it."""
    for _ in range(200):
        d = game.decision
        assert d is not None, "the game ended"
        action = pilot.answer(game, d) if d.player == "you" else goldfish_answer(game, d)
        if d.player == "you" and not isinstance(action, A.Pass):
            return action
        game.act(action)
    raise AssertionError("the pilot never acted")


def test_it_plays_a_land_each_turn_preferring_the_colour_its_hand_needs() -> None:
    game = position({"hand": ["Forest", "Mountain", "Lightning Bolt"], "battlefield": ["Forest"]})
    pilot = Pilot("you")
    first = pilot.answer(game, game.decision)
    assert isinstance(first, A.PlayLand) and game.objects[first.card].name == "Mountain"
    game.act(first)
    second = until_pilot_acts(game, pilot)  # no second land this turn: the Bolt goes at the face
    assert isinstance(second, A.Cast) and second.targets == ("goldfish",)
    game.act(second)
    nxt = until_pilot_acts(game, pilot)  # the next turn's land
    assert game.turn == 3 and isinstance(nxt, A.PlayLand) and game.objects[nxt.card].name == "Forest"


def test_a_land_that_enters_tapped_waits_when_a_basic_does_the_same_job() -> None:
    game = position({"hand": ["Rootbound Crag", "Mountain", "Lightning Bolt"], "battlefield": []})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.PlayLand) and game.objects[action.card].name == "Mountain"


def test_curve_order_spends_the_most_mana_creatures_first() -> None:
    """Four mana and Elves (1), Bear (2), Courser (3), Craw Wurm (6), Bolt (1): Courser and
    Elves spend all four with the most on creatures; the Wurm doesn't fit."""
    game = position({"hand": ["Llanowar Elves", "Runeclaw Bear", "Centaur Courser", "Craw Wurm", "Lightning Bolt"],
                     "battlefield": ["Forest", "Forest", "Forest", "Mountain"]})
    pilot = Pilot("you")
    casts = []
    for _ in range(3):
        action = until_pilot_acts(game, pilot)
        if not isinstance(action, A.Cast) or game.step != "main1":
            break
        casts.append(game.objects[action.card].name)
        game.act(action)
    assert casts == ["Centaur Courser", "Llanowar Elves"]


def test_creatures_come_before_sorceries_that_deal_no_damage_to_the_opponent() -> None:
    game = position({"hand": ["Sign in Blood", "Child of Night"], "battlefield": ["Swamp", "Swamp"]})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Cast) and game.objects[action.card].name == "Child of Night"


def test_it_attacks_with_everything_when_the_goldfish_cannot_block() -> None:
    game = position({"battlefield": ["Runeclaw Bear", "Centaur Courser", {"card": "Craw Wurm", "sick": True}]},
                    turn=3)
    pilot = Pilot("you")
    while game.decision.kind != "attackers":
        game.act(pilot.answer(game, game.decision) if game.decision.player == "you"
                 else goldfish_answer(game, game.decision))
    attack = pilot.answer(game, game.decision)
    assert isinstance(attack, A.DeclareAttackers)
    assert sorted(game.objects[a].name for a, _ in attack.attacks) == ["Centaur Courser", "Runeclaw Bear"]
    assert {d for _, d in attack.attacks} == {"goldfish"}


def test_with_a_blocker_in_the_way_only_what_it_cannot_block_attacks() -> None:
    game = position({"battlefield": ["Runeclaw Bear", "Wind Drake"]}, {"battlefield": ["Runeclaw Bear"]}, turn=3)
    pilot = Pilot("you")
    while game.decision.kind != "attackers":
        game.act(pilot.answer(game, game.decision) if game.decision.player == "you"
                 else goldfish_answer(game, game.decision))
    attack = pilot.answer(game, game.decision)
    assert [game.objects[a].name for a, _ in attack.attacks] == ["Wind Drake"]


def test_burn_goes_at_the_goldfish_face_even_with_a_creature_there() -> None:
    game = position({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                    {"battlefield": ["Runeclaw Bear"]})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Cast) and action.targets == ("goldfish",)
    game.act(action)
    game.act("you: pass")
    game.act("goldfish: pass")
    assert game.player("goldfish").life == 17


def test_a_pinger_pings_the_face_in_the_second_main_phase() -> None:
    game = position({"battlefield": ["Prodigal Pyromancer"]}, turn=3, step="main2")
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Activate) and action.targets == ("goldfish",)


def test_a_pump_spell_waits_for_combat_and_goes_on_an_attacker() -> None:
    game = position({"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}, turn=3)
    pilot = Pilot("you")
    assert isinstance(pilot.answer(game, game.decision), A.Pass)  # not in the main phase
    action = until_pilot_acts(game, pilot)
    if isinstance(action, A.DeclareAttackers):
        game.act(action)
        action = until_pilot_acts(game, pilot)
    assert game.step == "declare_blockers" and isinstance(action, A.Cast)
    bear = action.targets[0]
    assert game.objects[bear].name == "Runeclaw Bear" and game.objects[bear].attacking == "goldfish"


def test_removal_is_held_without_an_enemy_creature_and_aimed_at_one() -> None:
    game = position({"hand": ["Seismic Strike"], "battlefield": ["Mountain", "Mountain", "Mountain",
                                                                 "Runeclaw Bear"]})
    assert isinstance(Pilot("you").answer(game, game.decision), A.Pass)
    game = position({"hand": ["Seismic Strike"], "battlefield": ["Mountain", "Mountain", "Mountain",
                                                                 "Runeclaw Bear"]},
                    {"battlefield": ["Centaur Courser"]})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Cast) and game.objects[action.targets[0]].name == "Centaur Courser"


def test_the_mulligan_rule() -> None:
    assert keep_hand(2, 7, 0, "paris") and keep_hand(5, 7, 0, "paris")
    assert not keep_hand(1, 7, 0, "paris") and not keep_hand(6, 7, 0, "paris")
    assert keep_hand(1, 6, 0, "paris") and keep_hand(4, 6, 0, "sequential") and not keep_hand(0, 6, 0, "paris")
    assert not keep_hand(5, 6, 0, "paris")
    assert keep_hand(0, 4, 0, "paris")  # four cards or fewer: kept
    # London: seven cards seen, six kept: 1-4 lands must be possible after the bottom card
    assert keep_hand(5, 7, 1, "london") and not keep_hand(0, 7, 1, "london") and not keep_hand(7, 7, 1, "london")


def test_it_never_lists_every_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slow path (every castable card and ability through the validator) is never taken."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the pilot listed every legal action")

    monkeypatch.setattr(priority_home, "priority_options", refuse)  # the action space's priority listing
    for seed in range(3):
        facts = play_lab_game(RED_GREEN, seed)
        assert not facts.error, facts.error
        assert facts.kill_turn is not None


def test_a_game_is_a_function_of_its_seed() -> None:
    a, b = play_lab_game(RED_GREEN, 7), play_lab_game(RED_GREEN, 7)
    assert a == b and a.seed == 7 and OWNER == "you"


def test_a_land_that_enters_tapped_comes_first_when_only_it_makes_the_colour_needed() -> None:
    game = position({"hand": ["Rootbound Crag", "Mountain", "Runeclaw Bear"], "battlefield": []})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.PlayLand) and game.objects[action.card].name == "Rootbound Crag"


def test_a_spell_that_ends_the_turn_waits_for_the_second_main_phase() -> None:
    game = position({"hand": ["Time Stop"], "battlefield": ["Island"] * 6 + ["Runeclaw Bear"]}, turn=3)
    pilot = Pilot("you")
    assert isinstance(pilot.answer(game, game.decision), A.Pass)
    action = until_pilot_acts(game, pilot)
    while not isinstance(action, A.Cast):  # the attack first
        game.act(action)
        action = until_pilot_acts(game, pilot)
    assert game.step == "main2" and game.player("goldfish").life == 18


def test_a_sweeper_is_held_while_the_owner_has_a_creature() -> None:
    board = ["Plains"] * 4
    game = position({"hand": ["Day of Judgment"], "battlefield": board + ["Runeclaw Bear"]},
                    {"battlefield": ["Centaur Courser"]})
    assert isinstance(Pilot("you").answer(game, game.decision), A.Pass)
    game = position({"hand": ["Day of Judgment"], "battlefield": board}, {"battlefield": ["Centaur Courser"]})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Cast) and game.objects[action.card].name == "Day of Judgment"


@pytest.mark.parametrize("card", ["Blaze", "Fireball"])
def test_an_x_burn_spell_takes_all_the_mana_left_at_the_face(card: str) -> None:
    game = position({"hand": [card], "battlefield": ["Mountain"] * 5}, {"battlefield": ["Runeclaw Bear"]})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Cast) and action.x == 4 and action.targets == ("goldfish",)


def test_a_planeswalker_makes_tokens_when_it_can_and_a_plus_ability_otherwise() -> None:
    game = position({"battlefield": [{"card": "Garruk Wildspeaker", "counters": {"loyalty": 3}}]})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Activate) and action.index == 2  # -1: a 3/3 Beast
    game = position({"battlefield": [{"card": "Garruk Wildspeaker", "counters": {"loyalty": 1}},
                                     {"card": "Forest", "tapped": True}, {"card": "Forest", "tapped": True}]})
    action = Pilot("you").answer(game, game.decision)
    assert isinstance(action, A.Activate) and action.index == 1 and len(action.targets) == 2  # +1: untap two lands
    assert all(game.objects[t].controller == "you" for t in action.targets)
