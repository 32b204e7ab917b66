"""Linked abilities, "for as long as" durations and Auras put onto the battlefield
(rules/engine/resolution/linked.py): the corner cases the card scenarios don't show."""

from __future__ import annotations

from typing import Any

from rules.play.scenario import parse_scenario, run_scenario


def run(doc: dict[str, Any]) -> None:
    doc = {"rules": "2014", "start": {"turn": 3, "active": "alice", "step": "main1"}, **doc}
    result = run_scenario(parse_scenario(doc))
    assert result.passed, result.message


def test_oblivion_ring_leaving_before_its_exile_resolves_exiles_for_good() -> None:
    # 607.2a / 603.10a: the leaves trigger resolves first, finding nothing; the exile then
    # happens, and no ability of the new object is linked to it
    run({
        "actions": [
            "alice: cast Oblivion Ring", "resolve", "alice: target Grizzly Bears",
            "alice: pass", "bob: cast Naturalize targeting Oblivion Ring",
            "resolve",  # Naturalize: Oblivion Ring leaves, its leaves trigger goes on the stack
            "resolve",  # the leaves trigger: no exiled card yet
            "resolve",  # the enters trigger: Grizzly Bears is exiled
        ],
        "players": {
            "alice": {"hand": ["Oblivion Ring"], "battlefield": ["Plains", "Plains", "Plains"]},
            "bob": {"hand": ["Naturalize"], "battlefield": ["Grizzly Bears", "Forest", "Forest"]},
        },
        "expect": {"stack": [], "players": {"bob": {"exile": ["Grizzly Bears"], "battlefield": ["Forest", "Forest"]}}},
    })


def test_master_thief_gone_before_its_trigger_resolves_gains_nothing() -> None:
    # 611.2b: the duration has already ended as the effect would begin, so it does nothing
    run({
        "actions": [
            "alice: cast Master Thief", "resolve", "alice: target Ornithopter",
            "alice: pass", "bob: cast Doom Blade targeting Master Thief", "resolve", "resolve",
        ],
        "players": {
            "alice": {"hand": ["Master Thief"], "battlefield": ["Island"] * 4},
            "bob": {"hand": ["Doom Blade"], "battlefield": ["Ornithopter", "Swamp", "Swamp"]},
        },
        "expect": {
            "stack": [],
            "log_contains": ["which has already ended: it does nothing"],
            "permanents": {"Ornithopter": {"controller": "bob"}},
        },
    })


def test_rootwater_matriarch_on_an_unenchanted_creature_does_nothing() -> None:
    run({
        "actions": ["alice: activate Rootwater Matriarch targeting Grizzly Bears", "resolve"],
        "players": {
            "alice": {"battlefield": ["Rootwater Matriarch"]},
            "bob": {"battlefield": ["Grizzly Bears"]},
        },
        "expect": {"stack": [], "permanents": {"Grizzly Bears": {"controller": "bob"}}},
    })


def test_master_thief_changing_controller_ends_the_control_effect() -> None:
    # "for as long as you control ~": Mind Control takes Master Thief, the artifact goes back
    run({
        "actions": [
            "alice: cast Master Thief", "resolve", "alice: target Ornithopter", "resolve",
            "go to main1 turn 4", "bob: cast Mind Control targeting Master Thief", "resolve",
        ],
        "players": {
            "alice": {"hand": ["Master Thief"], "battlefield": ["Island"] * 4},
            "bob": {"hand": ["Mind Control"], "battlefield": ["Ornithopter"] + ["Island"] * 5, "library": ["Island"]},
        },
        "expect": {"stack": [], "permanents": {"Ornithopter": {"controller": "bob"},
                                               "Master Thief": {"controller": "bob"}}},
    })


def test_academy_researchers_gone_puts_no_aura() -> None:
    # the effect says what the Aura enchants; with that gone, nothing is put onto the battlefield
    run({
        "actions": [
            "alice: cast Academy Researchers", "resolve",
            "alice: pass", "bob: cast Doom Blade targeting Academy Researchers", "resolve",
            "resolve", "alice: yes",
        ],
        "players": {
            "alice": {"hand": ["Academy Researchers", "Holy Strength"], "battlefield": ["Island"] * 3},
            "bob": {"hand": ["Doom Blade"], "battlefield": ["Swamp", "Swamp"], "library": []},
        },
        "expect": {"stack": [], "players": {"alice": {"hand": ["Holy Strength"]}}},
    })


def test_an_aura_card_that_cant_enchant_the_researchers_is_not_offered() -> None:
    # 303.4f: an Aura put onto the battlefield attached to something it couldn't enchant can't be chosen
    run({
        "actions": ["alice: cast Academy Researchers", "resolve", "resolve", "alice: yes"],
        "players": {"alice": {"hand": ["Academy Researchers", "Convincing Mirage"], "battlefield": ["Island"] * 3}},
        "expect": {"stack": [], "players": {"alice": {"hand": ["Convincing Mirage"]}}},
    })


def test_arachnus_spinner_needs_an_untapped_spider() -> None:
    run({
        "actions": ["!alice: activate Arachnus Spinner targeting Grizzly Bears"],
        "players": {
            "alice": {"battlefield": [{"card": "Arachnus Spinner", "tapped": True}], "library": ["Arachnus Web"]},
            "bob": {"battlefield": ["Grizzly Bears"]},
        },
    })
