"""What references and amounts mean as an effect resolves (608.2c / 2009 413.2c): each IR class of
`rules.cards.ir.Ref` and `rules.cards.ir.Amount` has its reader in the tables of
`rules.engine.resolution.meanings`, found by its class; a reader that reads other references reads
them in the order written, so a group remembered by the first ("destroy all creatures") is there
for the words that refer back to it ("those creatures")."""

from __future__ import annotations

import typing

import pytest

from rules import Game
from rules.cards import ir
from rules.engine.core.state import EffectContext
from rules.engine.resolution.meanings import AMOUNTS, CONDITIONS, REFERENCES, amount, refs
from rules.play.scenario import build_game, parse_scenario

# amounts no effect reads as it resolves: "{G} for each Forest you control" is a mana ability's
# amount, counted where its mana is made (rules.engine.changes.payment)
READ_ELSEWHERE = {ir.CountSubtypeYouControl}


def _game() -> Game:
    doc = {"name": "meanings", "start": {"turn": 3},
           "players": {"alice": {"battlefield": ["Grizzly Bears", "Forest"]},
                       "bob": {"battlefield": ["Llanowar Elves", "Grizzly Bears"]}}}
    return build_game(parse_scenario(doc))


def _context(game: Game) -> EffectContext:
    forest = next(o for o in game.state.permanents("alice") if o.name == "Forest")
    return EffectContext(game.state, "alice", forest)


def test_the_reference_table_holds_exactly_the_references_of_the_ir() -> None:
    assert set(REFERENCES) == set(typing.get_args(ir.Ref))


def test_the_amount_table_holds_the_amounts_effects_read() -> None:
    assert set(AMOUNTS) == set(typing.get_args(ir.Amount)) - READ_ELSEWHERE


def test_the_condition_table_holds_exactly_the_conditions_of_the_ir() -> None:
    assert set(CONDITIONS) == set(typing.get_args(ir.Condition))


def test_a_class_without_a_reader_is_refused() -> None:
    game = _game()
    ctx = _context(game)
    with pytest.raises(TypeError, match="not an amount"):
        amount(game.state, ctx, ir.CountSubtypeYouControl("Forest"))
    with pytest.raises(TypeError, match="not a reference"):
        refs(game.state, ctx, ir.Fixed(1))  # type: ignore[arg-type]


def test_a_group_remembered_first_is_there_for_the_words_after_it() -> None:
    game = _game()
    ctx = _context(game)
    creatures = ir.Remember("those", ir.Permanents("creature"))
    both = refs(game.state, ctx, ir.Both((creatures, ir.Remembered("those"))))
    found = refs(game.state, ctx, ir.Remembered("those"))
    assert len(found) == 3 and both == found + found
    assert amount(game.state, ctx, ir.Times(ir.Fixed(2), ir.CountObjects(ir.Remembered("those")))) == 6
    assert amount(game.state, ctx, ir.CountYouControl("creature")) == 1
