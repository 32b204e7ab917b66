"""The layer system (2014: 613; 2009: 418.5) on positions the card pool can't build: these
tests use cards that exist only inside them (`rules.cards.with_cards`), and run each
position as a scenario document under both rulesets where they differ."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cards import with_cards
from rules.play.scenario import parse_scenario, run_scenario

TEST_CARDS = [
    {"name": "Test Shrink", "type": "Instant", "cost": "{U}", "text": "Target creature becomes 0/1 until end of turn."},
    {"name": "Test Might", "type": "Instant", "cost": "{G}", "text": "Target creature gets +4/+4 until end of turn."},
    {"name": "Test Bulwark", "type": "Enchantment", "cost": "{W}", "text": "Creatures you control get +0/+2."},
    {"name": "Test Wings", "type": "Enchantment", "cost": "{W}", "text": "Creatures you control have flying."},
    {"name": "Test Sky Guard", "type": "Enchantment", "cost": "{W}",
     "text": "Creatures with flying have first strike."},
    {"name": "Test Switch", "type": "Instant", "cost": "{U}",
     "text": "Switch target creature's power and toughness until end of turn."},
    {"name": "Test Surge", "type": "Instant", "cost": "{R}", "text": "Target creature gets +2/+0 until end of turn."},
]


@pytest.fixture(autouse=True)
def test_cards() -> Any:
    with with_cards(TEST_CARDS) as cards:
        assert all(c.supported for c in cards), [c.unsupported for c in cards]
        yield cards


def run(doc: dict[str, Any]) -> None:
    result = run_scenario(parse_scenario({"name": "layers", "start": {"turn": 3}, **doc}))
    assert result.passed, result.message


@pytest.mark.parametrize(("rules", "power", "toughness"), [("2009", 1, 4), ("2014", 5, 8)])
def test_the_418_5a_example_counters_before_or_after_static_modifications(rules: str, power: int,
                                                                          toughness: int) -> None:
    """A 2/2 with a +1/+1 counter, +4/+4 from a resolved spell, +0/+2 from a static ability,
    then "becomes 0/1": 2009 applies the set and the spell in 6b by timestamp, counters in 6c
    and the static ability in 6d (418.5a: 1/4); 2014 sets in 7b, modifies in 7c and adds
    counters in 7d (613.3: 5/8)."""
    run({"rules": rules,
         "actions": ["alice: cast Test Might targeting Grizzly Bears", "resolve",
                     "alice: cast Test Shrink targeting Grizzly Bears", "resolve"],
         "players": {"alice": {"hand": ["Test Might", "Test Shrink"],
                               "battlefield": [{"card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                                               "Test Bulwark", "Forest", "Island"]},
                     "bob": {}},
         "expect": {"permanents": {"Grizzly Bears": {"power": power, "toughness": toughness}}}})


@pytest.mark.parametrize("rules", ["2009", "2014"])
def test_an_effect_that_depends_on_another_applies_after_it_whatever_the_timestamps(rules: str) -> None:
    """Test Sky Guard ("Creatures with flying have first strike") is older than Test Wings
    ("Creatures you control have flying"), but what it applies to depends on Test Wings, so
    it applies after it (613.7 / 418.5c-d): the Bear gets both."""
    run({"rules": rules,
         "players": {"alice": {"battlefield": ["Test Sky Guard", "Test Wings", "Runeclaw Bear"]}, "bob": {}},
         "expect": {"permanents": {"Runeclaw Bear": {"has": ["flying", "first strike"]}}}})


@pytest.mark.parametrize("rules", ["2009", "2014"])
def test_which_objects_an_effect_affects_is_judged_after_the_earlier_layers(rules: str) -> None:
    """"Creatures you control have flying" (layer 6 / 5) gives flying to a Forest that
    Awakener Druid made a creature (layer 4) (613.1 / 418.5a)."""
    run({"rules": rules,
         "actions": ["alice: cast Awakener Druid paying Forest, Forest, Forest", "resolve",
                     "alice: target Forest#4", "resolve"],
         "players": {"alice": {"hand": ["Awakener Druid"],
                               "battlefield": ["Test Wings", "Forest", "Forest", "Forest", "Forest"]},
                     "bob": {}},
         "expect": {"permanents": {"Forest#4": {"has": ["flying"], "types": ["Land", "Creature"]}}}})


def test_a_card_of_the_test_pool_is_gone_after_the_block() -> None:
    from rules.cards import UnknownCard, get_card, with_cards as more
    with more([{"name": "Test Ephemeral", "type": "Instant", "cost": "{U}", "text": "Draw a card."}]):
        assert get_card("Test Ephemeral").name == "Test Ephemeral"
    with pytest.raises(UnknownCard):
        get_card("Test Ephemeral")


@pytest.mark.parametrize("rules", ["2009", "2014"])
def test_switching_power_and_toughness_applies_last_whatever_the_timestamps(rules: str) -> None:
    """Horned Turtle (1/4) is switched, then gets +2/+0: the switch is in the last sublayer
    (613.3e / 418.5a, 6e), so +2/+0 applies first (3/4) and the switch after it: 4/3, not
    the 6/1 of applying them in timestamp order."""
    run({"rules": rules,
         "actions": ["alice: cast Test Switch targeting Horned Turtle", "resolve",
                     "alice: cast Test Surge targeting Horned Turtle", "resolve"],
         "players": {"alice": {"hand": ["Test Switch", "Test Surge"],
                               "battlefield": ["Horned Turtle", "Island", "Mountain"]},
                     "bob": {}},
         "expect": {"permanents": {"Horned Turtle": {"power": 4, "toughness": 3}}}})
