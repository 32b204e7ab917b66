"""Edge cases of target changes (114.6 / 415.7), draw replacements (614.1a / 419.1a) and the
prevention and redirection shields abilities leave (615.5, 614.9 / 419.7e, 419.6c)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game
from rules.engine.core import actions as A
from rules.engine.loop.legal import target_combos
from rules.play.scenario import build_game, parse_scenario, play_actions


def _game(rules: str, alice: dict[str, Any], bob: dict[str, Any], turn: int = 3, **start: Any) -> Game:
    return build_game(parse_scenario({"name": "t", "rules": rules, "start": {"turn": turn, **start},
                                      "players": {"alice": alice, "bob": bob}}))


def _logged(game: Game, text: str) -> bool:
    return any(text in e.text for e in game.log)


@pytest.mark.parametrize("rules", ["2014", "2009"])
def test_shunt_leaves_a_target_that_has_no_other_legal_choice(rules: str) -> None:
    """114.6a / 415.7a: the target is unchanged when it can't change to another legal one."""
    game = _game(rules, {"hand": ["Shunt"], "battlefield": ["Mountain"] * 3 + ["Grizzly Bears"], "library": ["Island"]},
                 {"hand": ["Unsummon"], "battlefield": ["Island"], "library": ["Island"]})
    play_actions(game, ["alice: pass", "bob: cast Unsummon targeting Grizzly Bears", "bob: pass",
                        "alice: cast Shunt targeting Unsummon", "resolve", "resolve"])
    assert _logged(game, "Unsummon's target can't be changed to another legal target")
    assert [game.objects[i].name for i in game.player("alice").hand] == ["Grizzly Bears"]


def test_cone_of_flame_target_combinations_never_repeat_a_target() -> None:
    game = _game("2014", {"hand": ["Cone of Flame"], "battlefield": ["Mountain"] * 5, "library": ["Mountain"]},
                 {"battlefield": ["Grizzly Bears", "Craw Wurm"], "library": ["Forest"]})
    casts = [a for a in game.actions if isinstance(a, A.Cast)]
    assert casts and all(len(set(map(str, a.targets))) == 3 for a in casts)
    cone = next(o for o in game.objects.values() if o.name == "Cone of Flame")
    specs = game.chars(cone).abilities[0].targets  # type: ignore[union-attr]
    assert all(len(set(map(str, t))) == 3 for t in target_combos(game.state, specs, "alice", cone))


def test_plagiarize_on_yourself_draws_normally() -> None:
    """The replacement applies once to each draw (614.5): targeting yourself, you still draw."""
    game = _game("2014", {"hand": ["Plagiarize", "Divination"], "battlefield": ["Island"] * 7,
                          "library": ["Plains", "Plains"]}, {"library": ["Forest"]})
    play_actions(game, ["alice: cast Plagiarize targeting alice", "resolve", "alice: cast Divination", "resolve"])
    assert len(game.player("alice").hand) == 2
    assert not game.player("alice").library


def test_abundance_declined_is_an_ordinary_draw() -> None:
    game = _game("2014", {"battlefield": ["Abundance"], "library": ["Giant Growth", "Forest"]},
                 {"library": ["Forest"]}, step="upkeep")
    play_actions(game, ["go to draw", "alice: no"])
    assert [game.objects[i].name for i in game.player("alice").hand] == ["Giant Growth"]


def test_story_circle_shield_is_used_up_by_one_damage_event() -> None:
    game = _game("2014", {"hand": ["Story Circle"], "battlefield": ["Plains"] * 4, "library": ["Plains"]},
                 {"hand": ["Lightning Bolt", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"],
                  "library": ["Mountain"]})
    play_actions(game, ["alice: cast Story Circle", "resolve", "alice: choose red", "alice: pass",
                        "bob: cast Lightning Bolt targeting alice", "bob: pass", "alice: activate Story Circle",
                        "resolve", "resolve", "alice: pass",
                        "bob: cast Lightning Bolt targeting alice", "resolve"])
    assert game.player("alice").life == 17


def test_royal_guard_gone_means_the_damage_is_dealt_to_you() -> None:
    """614.9 / 419.6c: redirection to an object that has left the battlefield does nothing."""
    game = _game("2014", {"battlefield": ["Kjeldoran Royal Guard"], "library": ["Plains", "Plains"]},
                 {"hand": ["Doom Blade"], "battlefield": ["Grizzly Bears", "Swamp", "Swamp"],
                  "library": ["Forest", "Forest"]})
    play_actions(game, ["go to declare_attackers turn 4", "bob: attack Grizzly Bears", "bob: pass",
                        "alice: activate Kjeldoran Royal Guard", "resolve",
                        "bob: cast Doom Blade targeting Kjeldoran Royal Guard", "resolve", "go to end_combat"])
    assert game.player("alice").life == 18


@pytest.mark.parametrize("rules", ["2014", "2009"])
def test_sorin_markov_ultimate_hands_the_controlled_turn_to_its_controller(rules: str) -> None:
    """712 / 507: during bob's next turn alice makes bob's decisions and sees bob's hand; the
    actions are still bob's (his cards, his mana); the control ends with that turn."""
    game = _game(rules, {"battlefield": [{"card": "Sorin Markov", "counters": {"loyalty": 7}}],
                         "library": ["Swamp"] * 3},
                 {"hand": ["Grizzly Bears"], "battlefield": ["Forest", "Forest"], "library": ["Forest"] * 3})
    play_actions(game, ["alice: activate Sorin Markov ability 3 targeting bob", "resolve"])
    assert game.decider == "alice" and game.view("alice").players[1].hand is None
    play_actions(game, ["go to main1 turn 4"])
    assert game.decision is not None and game.decision.player == "bob"
    assert game.decider == "alice"
    assert sorted(c.name for c in game.view("alice").players[1].hand or ()) == ["Forest", "Grizzly Bears"]
    play_actions(game, ["bob: cast Grizzly Bears", "resolve", "go to main1 turn 6"])
    assert game.decider == "bob" and game.view("alice").players[1].hand is None
    assert any(o.name == "Grizzly Bears" and o.controller == "bob" for o in game.permanents())
