"""The suggested combat damage assignment (rules.play.assist.default_assignment) counts the
damage other creatures assign to the same creature in the same step, whichever of them is
listed first: lethal damage counts it (2014 510.1c-d, 702.19b; 2009 502.9b, 502.9e, 310.2)."""

from __future__ import annotations

import pytest

from rules import Game
from rules.engine.core.decisions import DamageAssignmentDecision
from rules.play.assist import default_assignment, lethal_damage
from rules.play.scenario import build_game, parse_scenario, play_actions


def trampler_and_bear_blocked_by_one_courser(rules: str) -> Game:
    """Stampeding Wildebeests (5/4 trample), listed first, and a Runeclaw Bear both blocked by
    a Centaur Courser (3/3, High Ground): the game waits for the Wildebeests' assignment."""
    game = build_game(parse_scenario({
        "name": "t", "rules": rules, "start": {"turn": 3},
        "players": {"alice": {"battlefield": ["Stampeding Wildebeests", "Runeclaw Bear"]},
                    "bob": {"battlefield": ["Centaur Courser", "High Ground"]}}}))
    blocks = ["bob: block Centaur Courser -> Stampeding Wildebeests, Centaur Courser -> Runeclaw Bear"]
    if rules == "2014":
        blocks.append("bob: order Runeclaw Bear, Stampeding Wildebeests")
    play_actions(game, ["go to declare_attackers", "alice: attack Stampeding Wildebeests, Runeclaw Bear",
                        "go to declare_blockers", *blocks, "go to combat_damage"])
    return game


@pytest.mark.parametrize("rules", ["2014", "2009"])
def test_the_suggestion_tramples_over_what_the_bear_leaves(rules: str) -> None:
    game = trampler_and_bear_blocked_by_one_courser(rules)
    d = game.decision
    assert isinstance(d, DamageAssignmentDecision) and game.name_of(d.source) == "Stampeding Wildebeests"
    courser = next(r for r in d.recipients if isinstance(r, int))
    assert lethal_damage(game, d)[courser] == 1  # 3 toughness, 2 from the Bear
    suggested = {game.name_of(r): n for n, r in default_assignment(game, d).assignments}
    assert suggested == {"Centaur Courser": 1, "bob": 4}


@pytest.mark.parametrize("rules", ["2014", "2009"])
def test_the_blocker_suggestion_counts_the_other_blocker_of_the_same_attacker(rules: str) -> None:
    """Centaur Courser (High Ground), listed first, blocks Runeclaw Bear and Goblin Piker;
    Grizzly Bears also blocks the Bear: its 2 are lethal, so the Courser's 3 go to the Piker."""
    game = build_game(parse_scenario({
        "name": "t", "rules": rules, "start": {"turn": 3},
        "players": {"alice": {"battlefield": ["Runeclaw Bear", "Goblin Piker"]},
                    "bob": {"battlefield": ["Centaur Courser", "High Ground", "Grizzly Bears"]}}}))
    block = ("bob: block Centaur Courser -> Runeclaw Bear, Centaur Courser -> Goblin Piker, "
             "Grizzly Bears -> Runeclaw Bear")
    if rules == "2014":  # the Bear's 2 go to Grizzly Bears, first in its order, without asking
        choices = ["alice: order Grizzly Bears, Centaur Courser", "bob: order Runeclaw Bear, Goblin Piker",
                   "go to combat_damage"]
    else:
        choices = ["go to combat_damage", "alice: assign 2 to Grizzly Bears"]
    play_actions(game, ["go to declare_attackers", "alice: attack Runeclaw Bear, Goblin Piker",
                        "go to declare_blockers", block, *choices])
    d = game.decision
    assert isinstance(d, DamageAssignmentDecision) and game.name_of(d.source) == "Centaur Courser"
    suggested = {game.name_of(r): n for n, r in default_assignment(game, d).assignments}
    assert suggested == {"Runeclaw Bear": 0, "Goblin Piker": 3}
