"""Partial cards are never inert: an unreadable sentence is named in the log where it applies,
and the players carry it out by hand with manual actions, which go through the engine like any
other action (checked, recorded, state-based actions and triggers after them)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game
from rules.cards import with_cards
from rules.engine.core.actions import IllegalAction
from rules.play.scenario import build_game, parse_scenario, run_scenario

ODDITY = {"name": "Test Oddity", "type": "Creature — Horror", "cost": "{1}{B}", "pt": "2/2",
          "text": "When Test Oddity enters the battlefield, each player chants the name of a forgotten plane."}
RITE = {"name": "Test Rite", "type": "Sorcery", "cost": "{B}",
        "text": "Each player recites the rules of a game nobody has played."}


@pytest.fixture(autouse=True)
def partial_cards() -> Any:
    with with_cards([ODDITY, RITE]) as cards:
        assert not any(c.supported for c in cards), "the test cards must stay partial"
        yield cards


def _game(manual: bool = True) -> Game:
    doc = {"name": "manual", "start": {"turn": 3}, "manual": manual,
           "players": {"alice": {"hand": ["Test Oddity", "Test Rite"], "battlefield": ["Swamp", "Swamp", "Swamp"],
                                 "library": ["Swamp"] * 3},
                       "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Runeclaw Bear"],
                               "library": ["Island"] * 3}}}
    return build_game(parse_scenario(doc))


def _log(game: Game) -> str:
    return "\n".join(e.text for e in game.state.log)


def test_a_partial_card_is_resolved_by_hand_end_to_end() -> None:
    game = _game()
    game.act("alice: cast Test Oddity")
    game.act("alice: pass")
    game.act("bob: pass")  # Test Oddity resolves; its trigger (condition read, effect not) goes on the stack
    assert [it.name for it in game.stack] == ["Test Oddity"]
    game.act("alice: pass")
    game.act("bob: pass")
    assert 'Test Oddity: not carried out by the engine: "When Test Oddity enters the battlefield, each player ' \
           'chants the name of a forgotten plane."' in _log(game)
    # the players do it by hand
    game.act("alice: manual life bob -2")
    game.act("alice: manual counters Test Oddity +1/+1 +1")
    game.act("alice: manual tap Runeclaw Bear")
    game.act("alice: manual move Lightning Bolt to graveyard")
    game.act("alice: manual token Craw Wurm")
    game.act("alice: manual control Runeclaw Bear")
    s = game.state
    assert s.player("bob").life == 18
    oddity = next(o for o in game.permanents("alice") if o.name == "Test Oddity")
    assert game.chars(oddity).power == 3
    bear = next(o for o in s.objects.values() if o.name == "Runeclaw Bear")
    assert bear.tapped and bear.controller == "alice"
    assert [s.objects[i].name for i in s.player("bob").graveyard] == ["Lightning Bolt"]
    assert any(o.name == "Craw Wurm" and o.token for o in game.permanents("alice"))
    assert "alice (by hand): bob's life -2" in _log(game)
    assert "alice (by hand): gains control of Runeclaw Bear until end of turn" in _log(game)
    # the record replays the manual actions exactly
    again = Game.from_record(game.to_record())
    assert again.digest() == game.digest()
    # control by hand lasts until end of turn
    game.act("alice: manual untap Runeclaw Bear")
    game.act("alice: pass")
    game.act("bob: pass")
    while game.turn == 3:
        game.act(f"{game.decision.player}: pass")
    assert bear.id in s.objects and s.objects[bear.id].controller == "bob"


def test_a_partial_spell_names_its_sentence_as_it_resolves() -> None:
    game = _game()
    game.act("alice: cast Test Rite")
    game.act("alice: pass")
    game.act("bob: pass")
    assert 'Test Rite: not carried out by the engine: "Each player recites the rules of a game nobody has ' \
           'played."' in _log(game)


def test_state_based_actions_follow_a_manual_action() -> None:
    game = _game()
    game.act("alice: manual life bob -20")
    assert game.winner == "alice"


def test_manual_actions_are_refused_unless_the_game_allows_them() -> None:
    game = _game(manual=False)
    with pytest.raises(IllegalAction, match="manual actions are off"):
        game.act("alice: manual life bob -2")
    result = run_scenario(parse_scenario({
        "name": "no opt-in", "start": {"turn": 3}, "actions": ["!alice: manual life bob -2"],
        "players": {"alice": {}, "bob": {}}, "expect": {"players": {"bob": {"life": 20}}}}))
    assert result.passed, result.message


@pytest.mark.parametrize("text", ["alice: manual move Runeclaw Bear to nowhere", "alice: manual life Runeclaw Bear -1",
                                  "alice: manual counters Runeclaw Bear +1/+1 0", "alice: manual token No Such Card",
                                  "alice: manual tap Lightning Bolt", "alice: manual juggle Runeclaw Bear"])
def test_bad_manual_actions_are_refused_with_a_reason(text: str) -> None:
    game = _game()
    before = game.digest()
    with pytest.raises(IllegalAction):
        game.act(text)
    assert game.digest() == before
