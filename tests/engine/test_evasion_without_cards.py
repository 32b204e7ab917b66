"""Evasion keywords that no card of the pool carries yet: intimidate (2014 702.13b),
islandwalk and plainswalk (702.14c / 2009 502.6b).

Each test compiles a vanilla test creature from Oracle text (as the card data files would),
makes it known to the card database for that test only, and plays a scenario written in the
project's scenario format.  When the pool gains real cards with these keywords, scenario
files under tests/scenarios should replace these."""

from __future__ import annotations

import pytest

from rules import cards
from rules.play.scenario import parse_scenario, run_scenario

TEST_CARDS = [
    {"name": "Test Intimidator", "cost": "{3}{R}", "type": "Creature — Boar", "text": "Intimidate", "pt": "3/2"},
    {"name": "Test Islandwalker", "cost": "{U}", "type": "Creature — Merfolk", "text": "Islandwalk", "pt": "1/1"},
    {"name": "Test Plainswalker", "cost": "{1}{W}", "type": "Creature — Cat", "text": "Plainswalk", "pt": "2/2"},
]


@pytest.fixture(autouse=True)
def test_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    for raw in TEST_CARDS:
        card = cards.compile_card(raw)
        assert card.supported, card.unsupported
        monkeypatch.setitem(cards._CACHE, card.name, card)


def run(doc: dict) -> None:
    doc = {"rules": "2014", "start": {"turn": 3, "active": "alice", "step": "main1"}, **doc}
    result = run_scenario(parse_scenario(doc))
    assert result.passed, result.message


def test_intimidate_blocked_only_by_artifact_or_color_sharing_creatures() -> None:
    # 702.13b: can't be blocked except by artifact creatures and/or creatures that share a color with it
    run({
        "about": ["702.13b", "509.1b"],
        "actions": [
            "go to declare_attackers",
            "alice: attack Test Intimidator, Runeclaw Bear",
            "go to declare_blockers",
            "!bob: block Zombie Goliath -> Test Intimidator",      # black: shares no color
            "!bob: block Centaur Courser -> Test Intimidator",     # green
            "bob: block Goblin Piker -> Test Intimidator, Ornithopter -> Runeclaw Bear",
            "go to main2",
        ],
        "players": {"alice": {"battlefield": ["Test Intimidator", "Runeclaw Bear"]},
                    "bob": {"battlefield": ["Zombie Goliath", "Centaur Courser", "Goblin Piker", "Ornithopter"]}},
        "expect": {"step": "main2", "log_cites": ["509.1", "510.2", "704.5g"],
                   "players": {"bob": {"life": 20, "graveyard": ["Goblin Piker", "Ornithopter"]},
                               "alice": {"graveyard": ["Test Intimidator"]}}},
    })


def test_intimidate_artifact_creature_may_block() -> None:
    run({
        "about": ["702.13b"],
        "actions": [
            "go to declare_attackers",
            "alice: attack Test Intimidator",
            "go to declare_blockers",
            "bob: block Juggernaut -> Test Intimidator",
            "go to main2",
        ],
        "players": {"alice": {"battlefield": ["Test Intimidator"]},
                    "bob": {"battlefield": ["Juggernaut"]}},
        "expect": {"step": "main2",
                   "players": {"bob": {"life": 20, "graveyard": ["Juggernaut"]},
                               "alice": {"graveyard": ["Test Intimidator"]}}},
    })


@pytest.mark.parametrize("rules,about", [("2014", "702.14c"), ("2009", "502.6b")])
@pytest.mark.parametrize("walker,land", [("Test Islandwalker", "Island"), ("Test Plainswalker", "Plains")])
def test_landwalk_unblockable_while_defender_controls_the_land(rules: str, about: str, walker: str,
                                                                land: str) -> None:
    damage_then = ["go to combat_damage", "resolve"] if rules == "2009" else []
    power = 1 if walker == "Test Islandwalker" else 2
    run({
        "rules": rules,
        "about": [about],
        "actions": [
            "go to declare_attackers",
            f"alice: attack {walker}, Runeclaw Bear",
            "go to declare_blockers",
            f"!bob: block Craw Wurm -> {walker}",
            "bob: block Craw Wurm -> Runeclaw Bear",
            *damage_then,
            "go to main2",
        ],
        # alice's own land of that type doesn't matter; bob's does
        "players": {"alice": {"battlefield": [walker, "Runeclaw Bear"]},
                    "bob": {"battlefield": ["Craw Wurm", land]}},
        "expect": {"step": "main2", "players": {"bob": {"life": 20 - power},
                                                "alice": {"graveyard": ["Runeclaw Bear"]}}},
    })


@pytest.mark.parametrize("walker", ["Test Islandwalker", "Test Plainswalker"])
def test_landwalk_blockable_without_the_land(walker: str) -> None:
    land = "Island" if walker == "Test Islandwalker" else "Plains"
    run({
        "about": ["702.14c"],
        "actions": [
            "go to declare_attackers",
            f"alice: attack {walker}",
            "go to declare_blockers",
            f"bob: block Craw Wurm -> {walker}",
            "go to main2",
        ],
        "players": {"alice": {"battlefield": [walker, land]},
                    "bob": {"battlefield": ["Craw Wurm", "Forest"]}},
        "expect": {"step": "main2", "players": {"bob": {"life": 20}, "alice": {"graveyard": [walker]}}},
    })
