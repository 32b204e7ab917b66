"""A search of a library for a card with a stated quality may find nothing (2014 701.16b; 2009:
the glossary's "Search"), one for "a card" must find one (701.16c): the answer `choose
nothing`, its place among the legal answers, the view, the record, and the game option that
asks every such search (`GameSetup.ask_every_search`).  The scenarios
tests/scenarios/rule_search_*.toml play the rules; these check the API around them."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from rules import Game, GameSetup, IllegalAction
from rules.engine.core import actions as A
from rules.engine.core.decisions import ChooseObjectDecision
from rules.engine.core.setup import setup_from_dict, setup_to_dict
from rules.play.scenario import parse_scenario

SWAMPS = ["Swamp"] * 4


def searching(card: str, library: list[str], lands: list[str], ruleset: str = "2014", **options: Any) -> Game:
    """alice has cast `card` and it has resolved to its search question (if it asks one)."""
    doc = {"name": "search", "rules": ruleset, **options,
           "players": {"alice": {"hand": [card], "battlefield": lands, "library": library}, "bob": {}}}
    game = Game(parse_scenario(doc).setup)
    game.act(f"alice: cast {card}")
    while game.decision is not None and game.decision.kind == "priority" and game.state.stack:
        game.act(f"{game.decision.player}: pass")
    return game


def rampant_growth(library: list[str], **options: Any) -> Game:
    return searching("Rampant Growth", library, ["Forest", "Forest"], **options)


def test_a_search_for_a_basic_land_card_offers_finding_nothing_last_701_16b() -> None:
    game = rampant_growth(["Craw Wurm", "Plains", "Island"])
    d = game.decision
    assert isinstance(d, ChooseObjectDecision) and d.may_find_nothing
    assert d.choices[-1] == A.Choose("alice", ())
    assert A.Choose("alice", ()) in game.legal_actions()
    assert len(game.legal_actions()) == 3  # Plains, Island, nothing


def test_the_view_shows_that_the_search_may_find_nothing() -> None:
    view = rampant_growth(["Plains", "Island"]).view("alice")
    assert view.decision is not None and view.decision.details.may_find_nothing is True
    assert sorted(view.decision.options or ()) == ["Island", "Plains", "nothing"]


@pytest.mark.parametrize("ruleset, cites", [("2014", "701.16c"), ("2009", "")])
def test_a_search_for_a_card_refuses_nothing_naming_the_rule(ruleset: str, cites: str) -> None:
    game = searching("Diabolic Tutor", ["Lightning Bolt", "Forest"], SWAMPS, ruleset)
    d = game.decision
    assert isinstance(d, ChooseObjectDecision) and not d.may_find_nothing
    assert A.Choose("alice", ()) not in game.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        game.act("alice: choose nothing")
    assert "must find one" in str(refused.value) and refused.value.rule == cites


def test_finding_nothing_reads_and_writes_as_choose_nothing() -> None:
    game = rampant_growth(["Plains", "Island"])
    action = game.parse("alice: choose Nothing")
    assert action == A.Choose("alice", ())
    assert game.notation(action) == "alice: choose nothing"


def test_a_record_with_a_search_that_found_nothing_replays_to_the_same_game() -> None:
    game = rampant_growth(["Plains", "Island"], ask_every_search=True)
    game.act("alice: choose nothing")
    record = json.loads(json.dumps(game.to_record()))
    assert "alice: choose nothing" in record["actions"]
    again = Game.from_record(record)
    assert again.setup.ask_every_search
    assert again.digest() == game.digest()
    assert [p.name for p in again.permanents("alice")] == ["Forest", "Forest"]


def test_the_option_asks_about_the_only_basic_land_card() -> None:
    off = rampant_growth(["Craw Wurm", "Plains"])
    assert off.decision is not None and off.decision.kind == "priority"  # found without asking, as always
    on = rampant_growth(["Craw Wurm", "Plains"], ask_every_search=True)
    d = on.decision
    assert isinstance(d, ChooseObjectDecision) and d.may_find_nothing
    assert [on.name_of(i) for i in d.ids] == ["Plains"]


def test_the_option_is_kept_in_a_saved_setup_and_an_older_setup_reads_without_it() -> None:
    setup = GameSetup.from_decks({"alice": ["Forest"] * 20, "bob": ["Island"] * 20}, seed=1)
    on = replace(setup, ask_every_search=True)
    assert setup_from_dict(json.loads(json.dumps(setup_to_dict(on)))).ask_every_search
    older = setup_to_dict(setup)
    del older["ask_every_search"]
    assert setup_from_dict(older) == setup


def test_the_random_agent_still_finds_a_card() -> None:
    game = rampant_growth(["Plains", "Island"])
    rng = random.Random(0)
    assert all(game.actions.sample(rng).words for _ in range(200))
