"""Characteristics: what an object is after continuous effects (2014: 611, 613; 2009: 418),
and the predicates and conditions the layers judge as they go.

An object's characteristics are computed from its card's printed ones (`printed`: its card
holds any copy effect, layer 1), then the continuous effects that apply to it, cut into parts
by layer (`parts`) and applied in the order of `rules.engine.continuous.layers`.  Results are
cached on the state until something they depend on changes (`GameState.invalidate`).

The predicates (`matches`), the static abilities' reach (`static_affects`), their "as long
as" conditions and "+1/+1 for each" bonuses live here with the layers because they are one
recursion: a static ability's reach is judged on characteristics, and a predicate asks for
the characteristics of its source or of other permanents as the type layer leaves them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...cards import ir
from ...cards.model import StaticAbility
from ...cards.subtypes import fitting_subtypes, is_creature_type
from ..core.objects import Characteristics, Obj
from ..core.state import GameState
from .becomes import add_card_types, add_chosen_creature_type, becomes_parts, lost_all, set_pt_to_mana_value
from .layers import Layer, Part, copy_chars, ordered, stage
from .parts import add_subtypes, always, change_abilities, effect_parts, modify_pt, set_land_type, set_pt_to
from .predicates import OBJECT_CHECKS, Check
from .printed import base_chars, printed_chars
from .static_index import affecting_statics


def chars(state: GameState, o: Obj) -> Characteristics:
    """`o`'s characteristics now, kept until something they depend on changes (only live
    objects are kept: an object's entry goes when it leaves its zone).  A permanent that left
    the battlefield has its last known information (603.10a, 608.2h / 410.10d, 413.2f)."""
    ch = state.chars_cache.get(o.id)
    if ch is None:
        if o.last_known is not None:  # gone from the battlefield, so never in the cache
            return o.last_known
        ch = _compute_chars(state, o)
        # "as long as the top card of your library is ...": shuffling and reordering a library
        # change that without moving a card, so while such an ability is around nothing is kept
        if o.id in state.objects and not state.board.get("top_card_statics"):
            state.chars_cache[o.id] = ch
    return ch


def typed_chars(state: GameState, o: Obj) -> Characteristics:
    """`o`'s characteristics as the type layer leaves them: its card types, subtypes and
    supertypes are what they are now; its colors, abilities and P/T may not be yet.  Each layer
    applies to every object before the next one does (2014 613.1, 613.5; 2009 418.5a), so an
    effect of a later layer that counts or looks for other permanents by type ("+1/+1 for each
    other creature that shares a creature type with it", "the number of Swamps you control",
    "unless defending player controls an Island") reads this.  Computing it never asks for a
    later layer (no P/T, no abilities), so such counts can't go round in a loop."""
    full = o.last_known or state.chars_cache.get(o.id)
    if full is not None:
        return full  # every layer done: its types are the same
    kept: dict[int, Characteristics] = state.board.setdefault("typed_chars", {})
    ch = kept.get(o.id)
    if ch is not None:
        return ch
    busy: set[int] = state.board.setdefault("typing", set())
    if o.id in busy:  # a type effect whose own condition reads this object's types: printed ones
        return _with_fitting_subtypes(printed_chars(o.card))
    busy.add(o.id)
    try:
        ch = _compute_chars(state, o, Layer.TYPE)
    finally:
        busy.discard(o.id)
    if o.id in state.objects and o.zone == "battlefield" and not state.board.get("top_card_statics"):
        kept[o.id] = ch
    return ch


def stale_characteristics(state: GameState) -> list[str]:
    """The kept characteristics that differ from what the layers give now (must be none: the
    fuzzer's check that every change that matters clears them).  The kept answers are put
    back afterwards, so checking changes nothing."""
    kept = (dict(state.chars_cache), dict(state.board), dict(state.derived))
    state.invalidate()
    out = []
    for oid, ch in kept[0].items():
        o = state.objects.get(oid)
        if o is None:
            continue
        fresh = chars(state, o)
        if _comparable(fresh) != _comparable(ch):
            out.append(f"{o.name} ({oid}, {o.zone}): kept {_comparable(ch)}, now {_comparable(fresh)}")
    state.chars_cache, state.board, state.derived = kept
    return out


def _comparable(ch: Characteristics) -> tuple[object, ...]:
    return (ch.name, ch.types, ch.subtypes, ch.supertypes, ch.colors, ch.power, ch.toughness,
            tuple(ch.abilities), ch.keywords, ch.restrictions)


def _fresh(ch: Characteristics) -> Characteristics:
    """A copy the layers may change in place."""
    return copy_chars(ch)


def _compute_chars(state: GameState, o: Obj, through: Layer = Layer.PT_SWITCH) -> Characteristics:
    """Its card's characteristics (with any copy effect already in its card: layer 1), then
    every other continuous effect, layer by layer (613 / 418.5, see `rules.engine.continuous.layers`);
    with `through` the type layer, only as far as that (`typed_chars`)."""
    printed = printed_chars(o.card)
    if o.zone != "battlefield":
        if through <= Layer.TYPE:
            return printed  # its characteristic-defining abilities define only P/T
        return _apply_cda(state, o, _fresh(printed)) if o.card.has_cda else printed
    parts = _parts(state, o, through)
    if not parts:  # most permanents: nothing applies to them
        return _with_fitting_subtypes(printed)
    ch = _fresh(printed)
    printed_pt = (ch.power, ch.toughness)
    rules = state.rules.name
    stages: dict[int, list[Part]] = {}
    for part in parts:
        stages.setdefault(stage(part.layer, rules, part.from_static), []).append(part)
    decided: dict[tuple[object, ...], bool] = {}
    keys = sorted(stages)
    for key in keys:
        if key <= Layer.TYPE:
            _apply_stage(stages[key], ch, decided)
    # its card types are settled (layer 4): it keeps only the subtypes they allow (205.3d / 212.1b)
    ch.subtypes = fitting_subtypes(ch.types, ch.subtypes)
    if through <= Layer.TYPE:
        return ch
    for key in keys:
        if key > Layer.TYPE:
            if key >= Layer.PT_CDA and ch.power is None and ch.is_type("Creature"):
                ch.power, ch.toughness = 0, 0  # a creature without printed P/T (it became one) starts at 0/0
            _apply_stage(stages[key], ch, decided)
    if not ch.is_type("Creature"):
        ch.power, ch.toughness = printed_pt  # P/T mean nothing on a noncreature
    return ch


def _apply_stage(parts: list[Part], ch: Characteristics, decided: dict[tuple[object, ...], bool]) -> None:
    """Apply one stage's parts to `ch` in their order; whether an effect applies is decided once,
    at the first layer it works in (613.5 / 418.5b)."""
    for part in ordered(parts, ch, decided):
        if part.key not in decided:
            decided[part.key] = part.applies(ch)
        if decided[part.key]:
            part.apply(ch)


def _with_fitting_subtypes(ch: Characteristics) -> Characteristics:
    """`ch` (with no continuous effect applying) without the subtypes none of its card types
    allows (2014 205.3d, 205.1b; 2009 205.3e, 212.1b): a copy effect's exception can add one
    (Phantasmal Image copying an animated artifact, which is no creature, is no Illusion)."""
    fitting = fitting_subtypes(ch.types, ch.subtypes)
    if fitting is ch.subtypes:
        return ch
    ch = _fresh(ch)
    ch.subtypes = fitting
    return ch


def _parts(state: GameState, o: Obj, through: Layer = Layer.PT_SWITCH) -> list[Part]:
    """The continuous effects that may apply to `o`, cut into their layers' parts (those of
    layers up to `through`)."""
    parts: list[Part] = []
    lost = lost_all(state)  # "loses all abilities": static abilities stop from layer 6 on
    # characteristic-defining abilities (604.3, 7a / 6a)
    if o.card.has_cda and through >= Layer.PT_CDA and o.id not in lost:
        for defined in o.card.effects_of(ir.DefinePT):
            parts.append(Part(Layer.PT_CDA, o.timestamp, ("cda", o.id), always,
                              set_pt_to(_cda_value(state, o, defined.cda)), cda=True))
    # static abilities of permanents (611.3): what they affect is judged on `o` as it is
    # at the first layer they work in
    for src, index, ab in affecting_statics(state):
        found = _static_parts(state, o, src, index, ab, through)
        parts += found if src.id not in lost else [p for p in found if p.layer < Layer.ABILITY]
    # effects of resolved spells and abilities (611.2): locked to the objects they affected
    for e in state.effects:
        if o.id in e.affected:
            found = becomes_parts(e, o) + effect_parts(e)
            parts += found if through >= Layer.PT_SWITCH else [p for p in found if p.layer <= through]
    # counters (7d / 6c)
    plus = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
    if plus and through >= Layer.PT_COUNTERS:
        parts.append(Part(Layer.PT_COUNTERS, 0, ("counters", o.id), always, modify_pt(plus, plus)))
    return parts


def _static_parts(state: GameState, o: Obj, src: Obj, index: int, ab: StaticAbility,
                  through: Layer = Layer.PT_SWITCH) -> list[Part]:
    """The parts (of layers up to `through`) of static ability `ab` of `src` that may apply
    to `o`; its "as long as ..." condition is asked only when it has such parts."""
    parts = _static_ability_parts(state, o, src, index, ab)
    if through < Layer.PT_SWITCH:
        parts = [p for p in parts if p.layer <= through]
    if not parts:
        return parts
    if ab.while_top_card is not None and not top_card_is(state, src.controller, ab.while_top_card, src):
        return []  # "As long as the top card of your library is black"
    if ab.while_condition is not None and not while_holds(state, src, ab.while_condition):
        return []  # "As long as you have 30 or more life"
    return parts


def _static_ability_parts(state: GameState, o: Obj, src: Obj, index: int, ab: StaticAbility) -> list[Part]:
    """One part for each of `ab`'s effects that work through the layers, in its layer (an
    effect about what its source chose makes none until it has chosen)."""
    key = ("static", src.id, index)
    affects = ab.affects
    assert affects is not None

    def applies(ch: Characteristics) -> bool:
        return static_affects(state, affects, o, src, ch)

    parts: list[Part] = []
    for effect in ab.layered:
        apply = STATIC_EFFECT_PARTS[type(effect)](state, o, src, effect)
        if apply is not None:
            parts.append(Part(effect.layer, src.timestamp, key, applies, apply, from_static=True))
    return parts


Apply = Callable[[Characteristics], None]


def _restricted(state: GameState, o: Obj, src: Obj, effect: ir.Restricted) -> Apply:
    return change_abilities((), (), effect.restriction)


def _grant_keywords(state: GameState, o: Obj, src: Obj, effect: ir.GrantKeywords) -> Apply:
    return change_abilities(effect.keywords, (), None)


def _remove_keywords(state: GameState, o: Obj, src: Obj, effect: ir.RemoveKeywords) -> Apply:
    return change_abilities((), effect.keywords, None)


def _chosen_protection(state: GameState, o: Obj, src: Obj, effect: ir.GrantChosenProtection) -> Apply | None:
    """"has protection from the chosen color" (layer 6)."""
    return change_abilities((f"protection from {src.chosen.lower()}",), (), None) if src.chosen else None


def _grant_abilities(state: GameState, o: Obj, src: Obj, effect: ir.GrantAbilities) -> Apply:
    """'has "{T}: ..."' (layer 6)."""
    granted: list[Any] = list(effect.abilities)

    def grant(ch: Characteristics) -> None:
        ch.abilities = list(ch.abilities) + granted
    return grant


def _add_subtypes(state: GameState, o: Obj, src: Obj, effect: ir.AddSubtypes) -> Apply:
    """"is an Angel / All lands are Islands in addition to their other types" (layer 4)."""
    return add_subtypes(effect.subtypes)


def _chosen_land_type(state: GameState, o: Obj, src: Obj, effect: ir.SetChosenLandType) -> Apply | None:
    return set_land_type(src.chosen) if src.chosen else None


def _modify_pt(state: GameState, o: Obj, src: Obj, effect: ir.ModifyPT) -> Apply:
    return modify_pt(effect.power, effect.toughness)


def _pt_bonus(state: GameState, o: Obj, src: Obj, effect: ir.PTBonus) -> Apply:
    """"+1/+1 for each ...": counted as the layers reach it."""
    def add_bonus(ch: Characteristics) -> None:
        modify_pt(*_bonus(state, effect.bonus, o, ch, src))(ch)
    return add_bonus


def _no_part(state: GameState, o: Obj, src: Obj, effect: Any) -> None:
    """Control (layer 2) is settled for all permanents at once (rules.engine.continuous.control),
    characteristic-defining abilities by the object's own card (`_parts`)."""
    return None


# how each effect a static ability applies through the layers changes what it affects
STATIC_EFFECT_PARTS: dict[type, Callable[[GameState, Obj, Obj, Any], Apply | None]] = {
    ir.Restricted: _restricted,
    ir.GrantKeywords: _grant_keywords,
    ir.RemoveKeywords: _remove_keywords,
    ir.GrantChosenProtection: _chosen_protection,
    ir.GrantAbilities: _grant_abilities,
    ir.AddSubtypes: _add_subtypes,
    ir.SetChosenLandType: _chosen_land_type,
    ir.AddChosenCreatureType: add_chosen_creature_type,
    ir.AddTypes: add_card_types,
    ir.SetPTToManaValue: set_pt_to_mana_value,
    ir.ModifyPT: _modify_pt,
    ir.PTBonus: _pt_bonus,
    ir.ControlAffected: _no_part,
    ir.DefinePT: _no_part,
}


def _apply_cda(state: GameState, o: Obj, ch: Characteristics) -> Characteristics:
    """Characteristic-defining abilities work in every zone (604.3, layer 7a / 6a)."""
    for defined in o.card.effects_of(ir.DefinePT):
        ch.power, ch.toughness = _cda_value(state, o, defined.cda)
    return ch


def _cda_value(state: GameState, o: Obj, cda: ir.CDA) -> tuple[int, int]:
    match cda:
        case ir.CountSubtypeCDA(sub):  # "the number of Swamps / lands / creatures you control"
            kind = sub.capitalize()
            if kind in ("Land", "Creature", "Artifact", "Enchantment"):
                n = sum(1 for x in state.permanents(o.controller) if kind in typed_chars(state, x).types)
            else:
                n = sum(1 for x in state.permanents(o.controller) if sub in typed_chars(state, x).subtypes)
        case ir.LifeTotalCDA():
            n = state.player(o.controller).life
        case ir.LinkedTotalCDA(key):  # the exiled cards' printed power and toughness ("*": 0)
            cards = [state.objects[i].card for i in state.linked.get(f"{o.id}:{key}", []) if i in state.objects]
            return (sum(int(c.power) for c in cards if c.power is not None and c.power.isdigit()),
                    sum(int(c.toughness) for c in cards if c.toughness is not None and c.toughness.isdigit()))
        case ir.GraveyardCardsCDA(test):  # printed characteristics: no recursion
            n = sum(1 for p in state.players for i in p.graveyard
                    if matches(state, test, state.objects[i], base_chars(state, state.objects[i]), o.controller, o))
    return n, n


def matches(state: GameState, pred: ir.Pred, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    """Does `o`, with characteristics `ch`, pass `pred` for a spell or ability that
    `controller` controls and `source` is the source of?"""
    check = PREDICATE_CHECKS.get(type(pred))
    if check is None:
        raise TypeError(pred)
    return check(state, pred, o, ch, controller, source)


def fails(state: GameState, pred: ir.Not, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return not matches(state, pred.pred, o, ch, controller, source)


def passes_all(state: GameState, pred: ir.AllOf, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return all(matches(state, p, o, ch, controller, source) for p in pred.preds)


def passes_any(state: GameState, pred: ir.AnyOf, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return any(matches(state, p, o, ch, controller, source) for p in pred.preds)


def toughness_less_than_source_power(state: GameState, pred: ir.ToughnessLessThanSourcePower, o: Obj,
                                     ch: Characteristics, controller: str, source: Obj) -> bool:
    return (ch.toughness or 0) < (chars(state, source).power or 0)


def named_as_source(state: GameState, pred: ir.NamedAsSource, o: Obj, ch: Characteristics, controller: str,
                    source: Obj) -> bool:
    return ch.name == chars(state, source).name


# every predicate's check: those reading only the object (`predicates`), and these, which ask for
# other predicates or for the source's characteristics
PREDICATE_CHECKS: dict[type, Check] = {
    **OBJECT_CHECKS,
    ir.Not: fails,
    ir.AllOf: passes_all,
    ir.AnyOf: passes_any,
    ir.ToughnessLessThanSourcePower: toughness_less_than_source_power,
    ir.NamedAsSource: named_as_source,
}


def matches_card(state: GameState, pred: ir.Pred, o: Obj, controller: str, source: Obj) -> bool:
    """`matches` on a card's printed characteristics (a card in a library, hand or graveyard)."""
    return matches(state, pred, o, base_chars(state, o), controller, source)


def static_affects(state: GameState, affects: ir.Affects, o: Obj, src: Obj, ch: Characteristics) -> bool:
    """Does a static ability of `src` affect `o`, judged on `o`'s characteristics `ch` as the
    earlier layers left them (613.5 / 418.5b)?  Each kind of `affects` has its check in
    `AFFECTS_CHECKS`."""
    check = AFFECTS_CHECKS.get(type(affects))
    if check is None:
        raise TypeError(affects)
    return check(state, affects, o, src, ch)


def _your_chosen_type(state: GameState, a: ir.AffectsYourChosenType, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return (ch.is_type("Creature") and o.controller == src.controller and bool(src.chosen)
            and src.chosen in ch.subtypes and not (a.other and o.id == src.id))


def _each_permanent(state: GameState, a: ir.AffectsEachPermanent, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return matches(state, a.test, o, ch, src.controller, src)


def _group(state: GameState, a: ir.AffectsGroup, o: Obj, src: Obj, ch: Characteristics) -> bool:
    if not ch.is_type("Creature") or (a.other and o.id == src.id):
        return False
    return matches(state, a.test, o, ch, src.controller, src)


def _attached(state: GameState, a: ir.AffectsAttached, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return src.attached_to == o.id


def _itself(state: GameState, a: ir.AffectsSelf, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return o.id == src.id


def _self_unless_defender_has(state: GameState, a: ir.AffectsSelfUnlessDefenderHas, o: Obj, src: Obj,
                              ch: Characteristics) -> bool:
    return o.id == src.id and not any(a.subtype in typed_chars(state, x).subtypes
                                      for p in state.opponents(src.controller) for x in state.permanents(p))


def _chosen_name(state: GameState, a: ir.AffectsChosenName, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return bool(src.chosen) and ch.name == src.chosen


def _all_creatures(state: GameState, a: ir.AffectsAllCreatures, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return ch.is_type("Creature")


def _your_creatures(state: GameState, a: ir.AffectsYourCreatures, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return ch.is_type("Creature") and o.controller == src.controller


def _your_permanents(state: GameState, a: ir.AffectsYourPermanents, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return o.controller == src.controller and matches(state, a.test, o, ch, src.controller, src)


def _self_and_group(state: GameState, a: ir.AffectsSelfAndGroup, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return o.id == src.id or (ch.is_type("Creature") and matches(state, a.test, o, ch, src.controller, src))


def _self_unless_opponent_damaged(state: GameState, a: ir.AffectsSelfUnlessOpponentDamaged, o: Obj, src: Obj,
                                  ch: Characteristics) -> bool:
    return o.id == src.id and not any(state.player(p).damaged_turn == state.turn
                                      for p in state.opponents(src.controller))


def _self_unless_count(state: GameState, a: ir.AffectsSelfUnlessCount, o: Obj, src: Obj, ch: Characteristics) -> bool:
    return o.id == src.id and sum(1 for x in state.permanents() if a.subtype in typed_chars(state, x).subtypes) < a.n


# each kind of what a static ability affects (ir.Affects), and its check
AFFECTS_CHECKS: dict[type, Callable[[GameState, Any, Obj, Obj, Characteristics], bool]] = {
    ir.AffectsYourChosenType: _your_chosen_type,
    ir.AffectsEachPermanent: _each_permanent,
    ir.AffectsGroup: _group,
    ir.AffectsAttached: _attached,
    ir.AffectsSelf: _itself,
    ir.AffectsSelfUnlessDefenderHas: _self_unless_defender_has,
    ir.AffectsChosenName: _chosen_name,
    ir.AffectsAllCreatures: _all_creatures,
    ir.AffectsYourCreatures: _your_creatures,
    ir.AffectsYourPermanents: _your_permanents,
    ir.AffectsSelfAndGroup: _self_and_group,
    ir.AffectsSelfUnlessOpponentDamaged: _self_unless_opponent_damaged,
    ir.AffectsSelfUnlessCount: _self_unless_count,
}


def _bonus(state: GameState, bonus: ir.Bonus, o: Obj, ch: Characteristics, src: Obj) -> tuple[int, int]:
    """"+1/+1 for each ..." for `o` (with characteristics `ch` so far): the other permanents
    are counted by their types as the type layer leaves them (`typed_chars`), which never
    depend on P/T, so no count goes round in a loop."""
    match bonus:
        case ir.BonusPerSubtypeYouControl(sub, p, t):
            n = sum(1 for x in state.permanents(src.controller) if sub in typed_chars(state, x).subtypes)
            return p * n, t * n
        case ir.BonusPerSharedCreatureType():
            mine = {s for s in ch.subtypes if is_creature_type(s)}
            n = sum(1 for x in state.permanents() if x.id != o.id
                    and _shares_creature_type(typed_chars(state, x), mine))
            return n, n
        case ir.BonusPerPermanent(test, p, t):
            n = sum(1 for x in state.permanents()
                    if matches(state, test, x, typed_chars(state, x), src.controller, src))
            return p * n, t * n
        case ir.BonusPerSameName():
            n = sum(1 for x in state.permanents()
                    if x.id != o.id and x.name == o.name and typed_chars(state, x).is_type("Creature"))
            return n, n
    raise TypeError(bonus)


def _shares_creature_type(ch: Characteristics, creature_types: set[str]) -> bool:
    """Whether a creature with `ch` has one of `creature_types` (an animated Forest's Forest
    is a land type, shared with no creature)."""
    return ch.is_type("Creature") and not creature_types.isdisjoint(ch.subtypes)


def while_holds(state: GameState, src: Obj, cond: ir.WhileCondition) -> bool:
    """The condition of an "As long as ..." static ability of `src`: life, counters,
    attachments, and other permanents' types as the type layer leaves them (`typed_chars`)."""
    match cond:
        case ir.LifeAtLeast(n):
            return state.player(src.controller).life >= n
        case ir.ControlsCreatureOfType(sub):
            return any(sub in ch.subtypes and ch.is_type("Creature")
                       for ch in (typed_chars(state, x) for x in state.permanents(src.controller)))
        case ir.SourceCountersAtLeast(kind, n):
            return src.counters.get(kind, 0) >= n
        case ir.SourceEnchanted():
            return any(x.attached_to == src.id and "Aura" in typed_chars(state, x).subtypes for x in state.permanents())
    raise TypeError(cond)


def top_card_is(state: GameState, player: str, test: ir.Pred, source: Obj) -> bool:
    """Whether the top card of `player`'s library matches `test` (printed characteristics)."""
    lib = state.player(player).library
    return bool(lib) and matches_card(state, test, state.objects[lib[0]], player, source)


def board_condition(state: GameState, cond: ir.BoardCondition, src: Obj, controller: str) -> bool:
    """A condition about the game as it is ("if no creatures are on the battlefield", "if
    enchanted creature's power is 4 or greater", "if you have less life than an opponent"),
    for an intervening "if" (603.4) or a spell's "If ..."."""
    match cond:
        case ir.NoCreatures():
            return not any(chars(state, o).is_type("Creature") for o in state.permanents())
        case ir.AttachedPowerAtLeast(n):
            host = state.objects.get(src.attached_to) if isinstance(src.attached_to, int) else None
            return host is not None and host.zone == "battlefield" and (chars(state, host).power or 0) >= n
        case ir.FewerThanAnOpponent(what):
            def count(p: str) -> int:
                if what == "life":
                    return state.player(p).life
                return sum(1 for o in state.permanents(p) if chars(state, o).is_type("Creature"))
            return any(count(controller) < count(p) for p in state.opponents(controller))
    raise TypeError(cond)
