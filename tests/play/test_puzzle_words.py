"""A failed puzzle is explained in its player's words (rules/puzzle_words.py), built from the
structured differences between the goal and the game (rules.play.scenario.expectation_differences),
while the scenario runner keeps its own wording.  Each kind of difference on a small position."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.engine.api.game import Game
from rules.play.puzzle import FAILED, Puzzle, PuzzleRun, parse_puzzle
from rules.play.puzzle_words import failure_sentences
from rules.play.scenario import Difference, check_expectations, expectation_differences

LIBRARY = ["Forest"] * 5  # so nobody loses by drawing


def puzzle(expect: dict[str, Any], alice: dict[str, Any], bob: dict[str, Any], *,
           actions: tuple[str, ...] = (), turn: int = 3, active: str = "alice") -> Puzzle:
    """A puzzle for alice from a scenario-style position."""
    doc = {"title": "t", "goal": "g", "player": "alice", "actions": list(actions), "expect": expect,
           "start": {"turn": turn, "active": active, "step": "main1"},
           "players": {"alice": {"library": LIBRARY, **alice}, "bob": {"library": LIBRARY, **bob}}}
    return parse_puzzle(doc)


def position(alice: dict[str, Any], bob: dict[str, Any], **start: Any) -> Game:
    """A game (no puzzle) from a scenario-style position, in alice's precombat main phase by default."""
    return Game(puzzle({"winner": "alice"}, alice, bob, **start).scenario.setup)


def fail(run: PuzzleRun, line: list[str]) -> str:
    """Play the solver's line, then the verdict's reason (it must be a failure)."""
    run.play(line)
    status, why = run.status()
    assert status == FAILED, (status, why)
    assert "expected" not in why and "players." not in why  # not the runner's wording
    return why


def words(game: Game, expect: dict[str, Any], player: str = "alice") -> list[str]:
    return failure_sentences(game, player, expectation_differences(game, expect))


# ------------------------------------------------------------------ cards
def test_a_card_of_yours_died_and_a_card_left_in_your_hand() -> None:
    p = puzzle({"players": {"alice": {"battlefield": ["Runeclaw Bear", "Forest"], "graveyard": ["Giant Growth"]}}},
               {"hand": ["Giant Growth"], "battlefield": ["Runeclaw Bear", "Forest"]},
               {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
               actions=("bob: cast Lightning Bolt targeting Runeclaw Bear",), active="bob")
    why = fail(PuzzleRun(p), ["alice: pass", "go to upkeep turn 4"])
    assert why == "the turn ended: your Runeclaw Bear died; you still have Giant Growth in your hand"


def test_an_opponents_creature_survived() -> None:
    p = puzzle({"players": {"bob": {"graveyard": ["Craw Wurm"]}}},
               {"hand": ["Shock"], "battlefield": ["Mountain"]}, {"battlefield": ["Craw Wurm"]})
    why = fail(PuzzleRun(p), ["alice: cast Shock targeting Craw Wurm", "resolve", "go to upkeep turn 4"])
    assert why == "the turn ended: bob's Craw Wurm is still on the battlefield"


def test_a_card_where_the_goal_wanted_none_and_a_card_that_is_nowhere() -> None:
    p = puzzle({"players": {"alice": {"graveyard": ["Shock"]}, "bob": {"exile": ["Craw Wurm"]}}},
               {"hand": ["Shock", "Runeclaw Bear"], "battlefield": ["Mountain", "Mountain", "Forest", "Forest"]}, {})
    run = PuzzleRun(p)
    run.play(["alice: cast Runeclaw Bear", "resolve"])
    assert run.failures() == ["you still have Shock in your hand", "Craw Wurm is not in exile"]
    # the Bear is not in the goal at all: only what the goal names is told
    run.play(["alice: cast Shock targeting bob", "resolve"])
    assert run.failures() == ["Craw Wurm is not in exile"]


def test_the_same_sentence_twice_is_said_once_with_how_many() -> None:
    game = position({"battlefield": ["Grizzly Bears", "Grizzly Bears", "Forest"]}, {})
    assert words(game, {"players": {"alice": {"battlefield": ["Forest"]}}}) == [
        "your Grizzly Bears is still on the battlefield (×2)"]


# ------------------------------------------------------------------ life and the winner
def test_life_totals_yours_and_the_opponents() -> None:
    p = puzzle({"players": {"alice": {"life": 20}, "bob": {"life": 3}}},
               {"battlefield": ["Runeclaw Bear"]}, {"battlefield": ["Goblin Piker"], "life": 5},
               actions=("go to declare_attackers", "bob: attack Goblin Piker"), turn=4, active="bob")
    why = fail(PuzzleRun(p), ["go to upkeep turn 5"])
    assert why == "the turn ended: you are at 18 life, not 20; bob is at 5 life, not 3"


def test_winning_was_the_goal_and_the_opponent_is_still_alive() -> None:
    p = puzzle({"winner": "alice"}, {"battlefield": ["Runeclaw Bear"]}, {"life": 3})
    why = fail(PuzzleRun(p), ["go to declare_attackers", "alice: attack Runeclaw Bear", "go to upkeep turn 4"])
    assert why == "the turn ended: bob is at 1 life, not 0"


def test_the_opponent_won_and_how() -> None:
    p = puzzle({"winner": "alice", "players": {"alice": {"life": 2}}}, {"life": 2},
               {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
               actions=("bob: cast Lightning Bolt targeting alice",), active="bob")
    why = fail(PuzzleRun(p), ["alice: pass"])
    assert why == "bob won: you are at -1 life"  # the life total is told once, with the winner


def test_the_game_ended_as_wanted_but_not_all_of_the_goal_holds() -> None:
    p = puzzle({"winner": "alice", "players": {"alice": {"hand": ["Shock"]}}},
               {"hand": ["Shock", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]}, {"life": 2})
    why = fail(PuzzleRun(p), ["alice: cast Shock targeting bob", "resolve"])
    assert why == "you won, but you cast Shock; you still have Lightning Bolt in your hand"


# ------------------------------------------------------------------ when, the stack, permanents
def test_the_wrong_turn_step_and_player() -> None:
    game = position({}, {}, turn=4, active="bob")
    assert words(game, {"turn": 3, "step": "end", "active": "alice"}) == [
        "it is bob's turn 4 now, the goal was to finish on turn 3",
        "it is the precombat main phase now, the goal was to finish in the end step",
        "it is bob's turn, the goal was your turn"]


def test_a_spell_still_on_the_stack() -> None:
    game = position({"battlefield": ["Runeclaw Bear"]}, {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                       active="bob")
    game.act("bob: cast Lightning Bolt targeting Runeclaw Bear")
    assert words(game, {"stack": []}) == ["Lightning Bolt is still on the stack"]
    assert words(game, {"players": {"bob": {"graveyard": ["Lightning Bolt"]}}}) == [
        "bob's Lightning Bolt is still on the stack"]


def test_a_permanents_attributes() -> None:
    game = position({"battlefield": ["Runeclaw Bear", {"card": "Forest", "tapped": True}]}, {})
    expect = {"permanents": {"Runeclaw Bear": {"tapped": True, "power": 5, "toughness": 5, "controller": "bob",
                                               "counters": {"+1/+1": 2}, "has": ["Trample"]},
                             "Forest": {"tapped": False, "damage": 1}}}
    assert words(game, expect) == [
        "your Runeclaw Bear is 2/2, not 5/5", "you control Runeclaw Bear, not bob", "your Runeclaw Bear is untapped",
        "your Runeclaw Bear has no +1/+1 counters, not 2", "your Runeclaw Bear doesn't have trample",
        "your Forest is tapped", "your Forest has no damage marked on it, not 1"]
    # bob's view of the same position: alice is named, bob is "you"
    assert words(game, {"permanents": {"Runeclaw Bear": {"power": 3}}}, player="bob") == [
        "alice's Runeclaw Bear has power 2, not 3"]


def test_a_permanent_the_goal_names_that_left_the_battlefield() -> None:
    game = position({"battlefield": ["Runeclaw Bear"]}, {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                       active="bob")
    game.act("bob: cast Lightning Bolt targeting Runeclaw Bear")
    game.act("bob: pass")
    game.act("alice: pass")
    assert words(game, {"permanents": {"Runeclaw Bear": {"tapped": False}}}) == ["your Runeclaw Bear died"]


# ------------------------------------------------------------------ the runner keeps its wording
def test_the_runner_words_the_same_differences_as_before() -> None:
    game = position({"battlefield": ["Runeclaw Bear"]}, {"life": 7})
    expect = {"players": {"alice": {"battlefield": ["Craw Wurm"]}, "bob": {"life": 3}}}
    assert expectation_differences(game, expect) == [
        Difference("players", "alice", "battlefield", Counter(["Craw Wurm"]), Counter(["Runeclaw Bear"]), "cards"),
        Difference("players", "bob", "life", 3, 7)]
    assert check_expectations(game, expect) == [
        "players.alice.battlefield: expected ['Craw Wurm'], found ['Runeclaw Bear']",
        "players.bob.life: expected 3, found 7"]
    # who won and life totals first, then cards
    assert words(game, expect) == ["bob is at 7 life, not 3", "you control no Craw Wurm",
                                   "your Runeclaw Bear is still on the battlefield"]


def test_conceding_fails_the_puzzle_even_where_the_goal_would_hold() -> None:
    """A concession (104.3a) ends the attempt as a failure: giving up never solves a puzzle,
    here one whose goal (keep 20 life to the end of the turn) held when alice conceded."""
    from dataclasses import replace

    p = replace(puzzle({"players": {"alice": {"life": 20}}}, {"life": 20}, {}), check="end of turn")
    why = fail(PuzzleRun(p), ["alice: concede"])
    assert why == "you conceded: bob won"
