"""A static ability is a tuple of typed effects, each of one kind (issue 27): a continuous effect
in its layer (2014 613.1-613.3 / 2009 418.5a), a replacement or prevention effect (614-615 /
419), an as-enters or copy effect (614.12, 706 / 503), a restriction or requirement (508.1c-d,
509.1b-c / 308.2, 309.2), a rule for players (613.10 / 418.5k), what casting a spell costs
(601.2b-g / 409.1b-h), a deck rule (100.2a / 100.2). No field bag: the engine finds each kind
by its class, and the layered ones by their layer."""

from __future__ import annotations

import ast
import dataclasses
import pickle
from pathlib import Path
from typing import get_args

import pytest

from rules.cards import card_names, get_card, ir
from rules.cards.model import Ability, EnchantAbility, KeywordAbility, StaticAbility
from rules.engine.continuous.characteristics import STATIC_EFFECT_PARTS

from paths import ROOT

# the kinds a static ability's effect may be, each a union of IR classes
KINDS: dict[str, tuple[type, ...]] = {
    "continuous, with its layer": get_args(ir.LayeredEffect),
    "replacement or prevention": tuple(k for k in get_args(ir.ReplacementEffect)
                                       if k not in get_args(ir.AsEntersEffect)),
    "as-enters or copy": get_args(ir.AsEntersEffect),
    "restriction or requirement": get_args(ir.RestrictionEffect),
    "rule for players": (ir.RuleForPlayers,),
    "casting cost": get_args(ir.CastingCostEffect),
    "deck rule": get_args(ir.DeckRule),
}


def pool_statics() -> list[tuple[str, StaticAbility]]:
    return [(name, ab) for name in card_names() for ab in get_card(name).static_abilities]


def test_a_static_ability_has_no_field_bag() -> None:
    """Its own fields: the text every ability has, what it affects, its two 'as long as'
    conditions, and its effects."""
    names = [f.name for f in dataclasses.fields(StaticAbility)]
    own = [f.name for f in dataclasses.fields(Ability)]
    assert own == ["text"]
    assert sorted(names) == sorted(own + ["affects", "effects", "while_top_card", "while_condition"])


def test_every_static_effect_class_is_of_exactly_one_kind() -> None:
    everything = get_args(ir.StaticEffect)
    for cls in everything:
        kinds = [kind for kind, members in KINDS.items() if cls in members]
        assert len(kinds) == 1, (cls.__name__, kinds)
    assert sorted(c.__name__ for members in KINDS.values() for c in members) == sorted(c.__name__ for c in everything)


def test_continuous_effects_say_their_layer_and_only_they_and_restrictions_go_through_the_layers() -> None:
    """A continuous effect names its layer (613.1 / 418.5a); Mind Control's is control (layer 2),
    a restriction is kept with the characteristics in the ability layer; the other kinds have none."""
    for cls in get_args(ir.LayeredEffect):
        assert isinstance(cls.layer, ir.Layer), cls
    assert ir.ControlAffected.layer == ir.Layer.CONTROL
    assert ir.AddSubtypes.layer == ir.Layer.TYPE
    assert ir.GrantKeywords.layer == ir.Layer.ABILITY
    assert ir.DefinePT.layer == ir.Layer.PT_CDA
    assert ir.SetPTToManaValue.layer == ir.Layer.PT_SET
    assert ir.ModifyPT.layer == ir.Layer.PT_MODIFY == ir.PTBonus.layer
    assert ir.Restricted.layer == ir.Layer.ABILITY
    layered = set(get_args(ir.LayeredEffect)) | {ir.Restricted}
    for cls in get_args(ir.StaticEffect):
        assert hasattr(cls, "layer") == (cls in layered), cls
    # the engine knows how each of them changes what it affects
    assert set(STATIC_EFFECT_PARTS) == layered


def test_the_compiled_pool_gives_the_engine_what_its_indexes_need() -> None:
    """Every static ability of the pool holds only typed effects; those that work through the
    layers are its `layered` ones, and sit on an ability that says what it affects (a
    characteristic-defining ability and a restriction on the source alone excepted); each card
    finds its effects by kind (`effects_of`), all of them, in printed order."""
    kinds_seen: set[type] = set()
    for name, ab in pool_statics():
        assert ab.effects, (name, ab.text)
        assert all(isinstance(e, get_args(ir.StaticEffect)) for e in ab.effects), (name, ab.effects)
        assert ab.layered == tuple(e for e in ab.effects if hasattr(type(e), "layer")), name
        for effect in ab.layered:
            if not isinstance(effect, ir.DefinePT | ir.Restricted):
                assert ab.affects is not None, (name, effect)
        kinds_seen |= {type(e) for e in ab.effects}
    for name in card_names():
        card = get_card(name)
        printed = [e for ab in card.static_abilities for e in ab.effects]
        assert sum(len(v) for v in card.static_effects.values()) == len(printed), name
        for kind in card.static_effects:
            assert card.effects_of(kind) == tuple(e for e in printed if type(e) is kind), (name, kind)
    # the pool uses every layered kind
    assert set(get_args(ir.LayeredEffect)) <= kinds_seen


@pytest.mark.parametrize(("card", "effects"), [
    ("Mind Control", (ir.ControlAffected(),)),
    ("Ice Cage", (ir.Restricted(ir.Restriction.CANT_ATTACK_OR_BLOCK), ir.Restricted(ir.Restriction.CANT_ACTIVATE))),
    ("March of the Machines", (ir.AddTypes(("Creature",)), ir.SetPTToManaValue())),
    ("Windborn Muse", (ir.AttackTax(2),)),
    ("Relentless Rats", (ir.DeckLimit(ir.ANY_NUMBER),)),
    ("Leyline of Vitality", (ir.BeginOnBattlefield(),)),
    ("Mortivore", (ir.DefinePT(ir.GraveyardCardsCDA(ir.IsType("Creature"))),)),
])
def test_a_static_sentence_compiles_to_effects_that_say_what_they_are(card: str, effects: tuple[object, ...]) -> None:
    found = [ab.effects for ab in get_card(card).static_abilities if ab.effects == effects]
    assert found, [ab.effects for ab in get_card(card).static_abilities]


def test_control_and_cda_indexes_read_the_typed_effects() -> None:
    assert [ab.text for ab in get_card("Mind Control").control_statics] == ["You control enchanted creature."]
    assert get_card("Mortivore").has_cda and not get_card("Grizzly Bears").has_cda


def test_named_restrictions_and_keywords_are_members_whose_values_are_the_old_text() -> None:
    """The compiler gives members, never bare strings; a member is equal to (and hashes as) its
    text, so the engine's characteristics, saves and messages read as before."""
    for name, ab in pool_statics():
        for r in ab.restrictions:
            assert type(r) is not str, (name, r)
    for name in card_names():
        for ab in get_card(name).abilities:
            if isinstance(ab, KeywordAbility) and not isinstance(ab, EnchantAbility):
                assert isinstance(ab.keyword, ir.Keyword), (name, ab.keyword)
    assert ir.Restriction.CANT_BLOCK == "cant_block" and "cant_block" in {ir.Restriction.CANT_BLOCK}
    assert repr([ir.Keyword.FLYING]) == "['flying']" and f"{ir.Keyword.FIRST_STRIKE}" == "first strike"


def test_protection_from_any_quality_is_a_keyword_member_702_16a() -> None:
    """Protection is from a quality (702.16a / 502.7a): any 'protection from X' reads as one
    member, the same each time, and pickles back to it; anything else is no keyword."""
    dragons = ir.Keyword("protection from dragons")
    assert dragons is ir.Keyword("protection from dragons") and dragons == "protection from dragons"
    assert pickle.loads(pickle.dumps(dragons)) is dragons
    assert ir.Keyword("protection from red") is ir.Keyword.PROTECTION_FROM_RED
    with pytest.raises(ValueError):
        ir.Keyword("flyng")


def _named_by_text(path: Path, values: set[str]) -> list[str]:
    """Where the module at `path` asks whether one of `values` is among an object's restrictions
    or keywords by its text (`"cant_block" in ch.restrictions`, `{"flying", "reach"} & kws`)
    rather than by its enum member."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) \
                or isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):
            sides = (node.left, *node.comparators) if isinstance(node, ast.Compare) else (node.left, node.right)
            if not any(word in ast.unparse(side) for side in sides for word in ("keyword", "kws", "restriction")):
                continue  # a message's words, not an object's keywords or restrictions
            for side in sides:
                for const in ast.walk(side):
                    if isinstance(const, ast.Constant) and const.value in values:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {const.value!r}")
    return found


def _source_files() -> list[Path]:
    return [path for top in ("rules", "mtg_tui") for path in sorted((ROOT / top).rglob("*.py"))]


def test_the_engine_names_restrictions_by_their_members() -> None:
    """The engine, the players and the client test restrictions as `Restriction` members (a
    misspelt string would be a check that is never true); the one an effect makes about a
    particular attacker is a record too (`CantBlockThis`, Duct Crawler)."""
    values = {r.value for r in ir.Restriction}
    assert [hit for path in _source_files() for hit in _named_by_text(path, values)] == []


def test_the_engine_names_keywords_by_their_members() -> None:
    """The same for keywords (`ir.Keyword`): "flying" in a check is `Keyword.FLYING`."""
    values = {k.value for k in ir.Keyword}
    assert [hit for path in _source_files() for hit in _named_by_text(path, values)] == []
