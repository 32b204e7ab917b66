"""Replacement and prevention effects of static abilities are typed effects (614 / 419), each
of one kind: the compiler puts them in a static ability's `effects`, and the engine finds
those in play by kind (rules.engine.changes.static_replacements) rather than by reading
ability fields."""

from __future__ import annotations

import pytest

from rules import Game, GameSetup
from rules.cards import get_card, ir
from rules.cards.model import StaticAbility
from rules.engine.changes.static_replacements import StaticReplacement, effects_in_play
from rules.engine.core.setup import PermanentSpec, PlayerSpec


@pytest.mark.parametrize(("card", "kind"), [
    ("Leyline of Punishment", ir.DamageCantBePrevented),
    ("Leyline of the Void", ir.OpponentsGraveyardToExile),
    ("Furnace of Rath", ir.DoubleAllDamage),
    ("Cho-Manno, Revolutionary", ir.PreventAllToSelf),
    ("Root Maze", ir.OthersEnterTapped),
    ("Darksteel Colossus", ir.GraveyardToLibrary),
    ("Obstinate Baloth", ir.DiscardedToBattlefield),
    ("Abundance", ir.DrawInstead),
    ("Glacial Fortress", ir.EntersTappedUnless),
    ("Djinn of Wishes", ir.EntersWithCounters),
    ("Bloodrage Vampire", ir.EntersWithCounters),  # bloodthirst 1 (702.53a / 502.50a)
    ("Adaptive Automaton", ir.AsEntersChoose),  # 614.12
    ("Sutured Ghoul", ir.AsEntersExile),
    ("Phylactery Lich", ir.AsEntersCounter),
    ("Clone", ir.EntersAsCopy),  # 614.1c / 706
])
def test_each_replacement_sentence_compiles_to_one_typed_effect(card: str, kind: type) -> None:
    found = [(ab, effect) for _, ab, effect in get_card(card).replacement_effects]
    assert len(found) == 1, found
    ab, effect = found[0]
    assert isinstance(ab, StaticAbility) and ab.effects == (effect,) and isinstance(effect, kind)


def test_a_copy_effect_says_what_it_copies_and_its_exceptions() -> None:
    """Phantasmal Image: "except it's an Illusion ... and it gains "..."" (706.9a / 503.9)."""
    (copy,) = get_card("Phantasmal Image").effects_of(ir.EntersAsCopy)
    assert copy.test == ir.IsType("Creature") and copy.adds_subtypes == ("Illusion",)
    assert [a.text for a in copy.adds_abilities] == [
        "When this creature becomes the target of a spell or ability, sacrifice it."]
    assert get_card("Clone").effects_of(ir.EntersAsCopy) == (ir.EntersAsCopy(ir.IsType("Creature")),)


def test_prevention_and_other_damage_replacements_are_told_apart_by_type() -> None:
    """Doubling and redirecting damage are replacement effects, not prevention: "damage can't be
    prevented" (615.12 / 2009 419.7) leaves them alone."""
    assert isinstance(get_card("Cho-Manno, Revolutionary").replacement_effects[0][2], ir.DamagePrevention)
    for name in ("Furnace of Rath", "Pariah", "Fire Servant"):
        effect = get_card(name).replacement_effects[0][2]
        assert isinstance(effect, ir.DamageModification) and not isinstance(effect, ir.DamagePrevention), name


def position() -> Game:
    alice = PlayerSpec("alice", hand=("Turn to Frog",), library=("Island",) * 3, battlefield=(
        PermanentSpec("Island"), PermanentSpec("Island"), PermanentSpec("Leyline of Punishment"),
        PermanentSpec("Cho-Manno, Revolutionary"), PermanentSpec("Furnace of Rath")))
    bob = PlayerSpec("bob", library=("Plains",) * 3, battlefield=(PermanentSpec("Leyline of the Void"),))
    return Game(GameSetup((alice, bob), position=True, turn=3, active="alice", step="main1"))


def names(found: list[StaticReplacement]) -> list[str]:
    return [e.source.name for e in found]


def test_the_effects_in_play_are_found_by_kind_in_battlefield_order() -> None:
    state = position().state
    assert names(effects_in_play(state, ir.DamageCantBePrevented)) == ["Leyline of Punishment"]
    assert names(effects_in_play(state, ir.DamageModification)) == ["Cho-Manno, Revolutionary", "Furnace of Rath"]
    assert names(effects_in_play(state, ir.OpponentsGraveyardToExile)) == ["Leyline of the Void"]
    assert names(effects_in_play(state, ir.ReplacementEffect)) == [
        "Leyline of Punishment", "Cho-Manno, Revolutionary", "Furnace of Rath", "Leyline of the Void"]
    assert effects_in_play(state, ir.DrawInstead) == []


def test_an_object_that_lost_all_its_abilities_generates_none_of_its_effects() -> None:
    """Turn to Frog: "loses all abilities" (layer 6, 613.1f / 418.5d) takes Cho-Manno's
    prevention away with the rest."""
    g = position()
    g.act("alice: cast Turn to Frog targeting Cho-Manno, Revolutionary")
    g.act("alice: pass")
    g.act("bob: pass")
    assert names(effects_in_play(g.state, ir.DamageModification)) == ["Furnace of Rath"]
    assert names(effects_in_play(g.state, ir.DamageModification, unless_lost=False)) == [
        "Cho-Manno, Revolutionary", "Furnace of Rath"]
