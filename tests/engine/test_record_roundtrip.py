"""The game record gives back exactly the game: over random games (seeded, both rulesets),
every action's notation parses back to the same action, undo then redo gives the same
state, and a record saved as JSON and loaded replays to the same state: also for the
simulator's games between random decks of the whole pool (`mtg-tui simulate --random-decks
--pool all`), whose rarer choices (a basic land type for Convincing Mirage) the decks above
never meet."""

from __future__ import annotations

import functools
import json
import random

import pytest

from rules import Game, GameSetup
from rules.cards.wording import BASIC_LAND_TYPES
from rules.engine.core.decisions import SHAPES
from rules.engine.loop.legal import random_answer
from rules.play.decklist import parse_deck
from rules.play.simulate import DEFAULT_TURN_CAP, GameSpec, game_decks, play_random_game

from paths import DECKS

DECKS = DECKS
NAMES = sorted(p.stem for p in DECKS.glob("*.txt"))
GAMES_PER_RULESET = 6


def _deck(name: str) -> list[str]:
    return parse_deck((DECKS / f"{name}.txt").read_text(encoding="utf-8"), name).cards


def _check_undo_and_record(game: Game, action: object) -> None:
    before = game.digest()
    game.act(action)
    after = game.digest()
    game.undo()
    assert game.digest() == before, "undo did not give back the state before the action"
    game.act(action)
    assert game.digest() == after, "taking the undone action again gave another state"
    record = json.loads(json.dumps(game.to_record()))
    assert Game.from_record(record).digest() == after, "the saved record replays to another state"


@pytest.mark.parametrize("ruleset", ["2014", "2009"])
@pytest.mark.parametrize("seed", range(GAMES_PER_RULESET))
def test_random_game_round_trips(ruleset: str, seed: int) -> None:
    rng = random.Random(seed)
    a, b = rng.sample(NAMES, 2)
    game = Game(GameSetup.from_decks({"alice": _deck(a), "bob": _deck(b)}, ruleset=ruleset, seed=seed,
                                     turn_cap=30))
    n = checked = 0
    while game.decision is not None:
        d = game.decision
        assert d.shape in SHAPES, f"a decision of a shape no client flow knows: {d.shape}"
        action = random_answer(game.state, d, rng)
        text = game.notation(action)
        assert game.parse(text) == action, f"{text!r} reads back as another action"
        if rng.random() < 0.01 or n == 40:  # a few actions at random, and always one
            _check_undo_and_record(game, action)
            checked += 1
        else:
            game.act(action)
        n += 1
    assert n > 50 and checked, f"{n} decisions, {checked} checked"


# the simulator's seeds: random decks 2*seed and 2*seed+1 of the whole pool, its random agent;
# 2014's seeds 2 and 7 and 2009's 2 and 23 choose a basic land type for Convincing Mirage
SIMULATED = [("2014", seed) for seed in range(8)] + [("2009", seed) for seed in (0, 1, 2, 23)]


@functools.cache
def _simulated(ruleset: str, seed: int) -> Game:
    spec = GameSpec(None, seed, ruleset, None, DEFAULT_TURN_CAP, False, "all")
    return play_random_game(game_decks(spec), seed, ruleset)[0]


@pytest.mark.parametrize(("ruleset", "seed"), SIMULATED)
def test_a_simulated_game_between_random_decks_loads_as_the_same_game(ruleset: str, seed: int) -> None:
    game = _simulated(ruleset, seed)
    record = json.loads(json.dumps(game.to_record()))
    loaded = Game.from_record(record)
    assert loaded.digest() == game.digest(), "the saved record replays to another game"
    assert loaded.to_record()["actions"] == record["actions"], "the replayed game writes its record otherwise"


def test_the_simulated_games_include_basic_land_type_choices_in_both_rulesets() -> None:
    """The games above cover the choice that once loaded as another game ("choose island")."""
    chosen = {f"choose {t}" for t in BASIC_LAND_TYPES}
    rulesets = {ruleset for ruleset, seed in SIMULATED
                if any(text.split(": ", 1)[1] in chosen for text in _simulated(ruleset, seed).to_record()["actions"])}
    assert rulesets == {"2014", "2009"}
