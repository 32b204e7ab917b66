"""`Game.view()` is typed and read-only all the way down (issue 27): frozen dataclasses and
tuples, and the two mappings a view keeps (a permanent's counters, a player's mana pool)
read-only; `to_dict()` gives the plain form for JSON."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pytest

from rules import Game
from rules.engine.api.view_types import CardView, GameView
from rules.engine.loop.kinds import home_of
from rules.play.scenario import build_game, parse_scenario

PRIMITIVES = (str, int, bool, type(None))


def read_only_all_the_way_down(value: Any, path: str = "view") -> None:
    """Fails naming the first dict, list or mutable object found inside `value`."""
    if isinstance(value, PRIMITIVES):
        return
    if isinstance(value, tuple):
        for i, item in enumerate(value):
            read_only_all_the_way_down(item, f"{path}[{i}]")
        return
    if isinstance(value, MappingProxyType):  # counters and the mana pool: by key, read-only
        assert all(isinstance(k, str) and isinstance(v, int) for k, v in value.items()), path
        return
    assert dataclasses.is_dataclass(value) and not isinstance(value, type), f"{path} is a {type(value).__name__}"
    params = type(value).__dataclass_params__  # type: ignore[attr-defined]
    assert params.frozen, f"{path}: {type(value).__name__} is not frozen"
    for f in dataclasses.fields(value):
        read_only_all_the_way_down(getattr(value, f.name), f"{path}.{f.name}")


def busy_game() -> Game:
    """A game with something in every part of the view: permanents (an aura, counters, an
    attacker), a graveyard, a spell on the stack with a target, a decision with options."""
    game = build_game(parse_scenario({
        "name": "busy", "start": {"turn": 3, "step": "main1"},
        "players": {"alice": {"hand": ["Lightning Bolt", "Giant Growth"],
                              "battlefield": ["Mountain", "Forest", "Runeclaw Bear",
                                              {"card": "Holy Strength", "attached_to": "Runeclaw Bear"},
                                              {"card": "Sorin Markov", "counters": {"loyalty": 4}}],
                              "graveyard": ["Shock"], "library": ["Island"] * 5},
                    "bob": {"hand": ["Forest"], "battlefield": ["Grizzly Bears"], "library": ["Island"] * 5}}}))
    game.act("alice: cast Lightning Bolt targeting Grizzly Bears")
    return game


def test_a_view_is_frozen_dataclasses_and_tuples_all_the_way_down() -> None:
    game = busy_game()
    for viewer in ("alice", "bob", None):
        read_only_all_the_way_down(game.view(viewer))
    view = game.view("alice")
    assert view.stack and view.decision is not None and view.decision.options is not None
    assert any(c.permanent is not None and c.permanent.counters for c in view.player("alice").battlefield)


def test_nothing_in_a_view_can_be_changed() -> None:
    view = game_view = busy_game().view("alice")
    with pytest.raises(dataclasses.FrozenInstanceError):
        game_view.turn = 9  # type: ignore[misc]
    bear = next(c for c in view.player("alice").battlefield if c.name == "Runeclaw Bear")
    assert bear.permanent is not None
    with pytest.raises(TypeError):
        bear.permanent.counters["+1/+1"] = 1  # type: ignore[index]


def test_the_types_say_what_is_there() -> None:
    """A permanent's part only on the battlefield, P/T only for a creature, loyalty only for
    a planeswalker, a hand only where the viewer may see it."""
    view = busy_game().view("alice")
    alice, bob = view.players
    cards: dict[str, CardView] = {c.name: c for c in alice.battlefield + alice.graveyard + (alice.hand or ())}
    assert cards["Shock"].permanent is None and cards["Giant Growth"].permanent is None
    bear = cards["Runeclaw Bear"]
    assert bear.is_creature and (bear.power, bear.toughness) == (3, 4)
    assert not cards["Mountain"].is_creature and cards["Mountain"].power is None
    assert cards["Sorin Markov"].is_planeswalker and cards["Sorin Markov"].loyalty == 4
    assert cards["Runeclaw Bear"].loyalty is None
    assert bob.hand is None and bob.hand_count == 1


def plain(value: Any) -> bool:
    """Whether `value` is JSON's kind of data: dicts with string keys, lists, primitives."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return isinstance(value, PRIMITIVES)


def test_to_dict_is_the_plain_form_keys_present_only_where_they_apply() -> None:
    view = busy_game().view("alice")
    out = view.to_dict()
    assert plain(out) and json.loads(json.dumps(out)) == out
    alice, bob = out["players"]
    assert "hand" in alice and "hand" not in bob and "library_top" not in alice
    shock = alice["graveyard"][0]
    assert "tapped" not in shock and "power" not in shock and "loyalty" not in shock
    bear = next(c for c in alice["battlefield"] if c["name"] == "Runeclaw Bear")
    assert bear["keywords"] == [] and bear["attacking"] is False and (bear["power"], bear["toughness"]) == (3, 4)
    assert "chosen" not in bear and "loyalty" not in bear
    assert "options" in out["decision"] and "may_find_nothing" not in out["decision"]
    assert "log" not in busy_game().view("alice", log=False).to_dict()


@pytest.mark.parametrize("seed", [1, 2])
def test_every_view_of_a_random_game_is_read_only(seed: int) -> None:
    """Every decision of a seeded random game (whatever the cards put in the view)."""
    from rules.play.simulate import new_game

    decks = {"alice": ["Mountain"] * 9 + ["Raging Goblin", "Lightning Bolt", "Giant Growth", "Forest"] * 4,
             "bob": ["Forest"] * 9 + ["Grizzly Bears", "Shock", "Holy Strength", "Plains"] * 4}
    game = new_game(decks, seed, "2014")
    rng = random.Random(seed)
    for _ in range(300):
        d = game.decision
        if d is None:
            break
        view = game.view(d.player)
        assert isinstance(view, GameView)
        read_only_all_the_way_down(view)
        assert isinstance(view.player(d.player).pool, Mapping)
        game.act(home_of(d).random_answer(game.state, d, rng))


def test_a_fork_and_a_copy_show_the_same_view() -> None:
    """A fork (the replay viewer's next point) and a copy (a search's) build views of their
    own, log lines included, equal to the game's at the same point."""
    game = busy_game()
    for other in (game.fork(len(game.record)), game.copy()):
        assert other.view("alice") == game.view("alice")
        assert other.view("bob", log=False) == game.view("bob", log=False)
