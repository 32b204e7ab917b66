"""Modal activated abilities (2014 700.2a, 602.2b / 2009 409.1b): one ability, its mode chosen
as it is activated; the legal actions offer one per mode, each written `mode=N` and read back."""

from __future__ import annotations

import pytest

from rules import Game
from rules.engine.core import actions as A
from rules.play.scenario import build_game, parse_scenario


def _game(battlefield: list[str]) -> Game:
    doc = {"name": "modes", "start": {"turn": 3},
           "players": {"alice": {"battlefield": battlefield}, "bob": {"battlefield": []}}}
    return build_game(parse_scenario(doc))


def _activations(game: Game, name: str) -> list[A.Activate]:
    source = next(o.id for o in game.permanents("alice") if o.name == name)
    return [a for a in game.legal_actions("alice") if isinstance(a, A.Activate) and a.source == source]


def test_one_legal_activation_per_mode_each_read_back_from_its_notation() -> None:
    game = _game(["Skinshifter", "Forest"])
    acts = _activations(game, "Skinshifter")
    assert [(a.index, a.modes) for a in acts] == [(1, (1,)), (1, (2,)), (1, (3,))]
    assert [game.notation(a) for a in acts] == [f"alice: activate Skinshifter mode={n}" for n in (1, 2, 3)]
    assert [game.parse(game.notation(a), "alice") for a in acts] == acts


def test_the_chosen_mode_alone_resolves_and_the_ability_is_then_used_for_the_turn() -> None:
    game = _game(["Skinshifter", "Forest", "Forest"])
    game.act(game.parse("alice: activate Skinshifter mode=2", "alice"))
    assert game.stack[-1].modes == (2,) and len(game.stack[-1].ability.effect) == 1
    game.act(A.Pass("alice"))
    game.act(A.Pass("bob"))
    shifter = next(o for o in game.permanents("alice") if o.name == "Skinshifter")
    assert (game.chars(shifter).power, game.chars(shifter).toughness) == (2, 2)
    assert _activations(game, "Skinshifter") == []


def test_a_mode_for_an_ability_without_modes_is_refused() -> None:
    game = _game(["Prodigal Pyromancer"])
    with pytest.raises(A.IllegalAction, match="no modes to choose"):
        game.act(game.parse("alice: activate Prodigal Pyromancer targeting bob mode=1", "alice"))
