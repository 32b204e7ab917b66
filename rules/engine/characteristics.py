"""Characteristics: what an object is after continuous effects (2014: 611, 613; 2009: 418),
and the questions asked of it (its abilities, protection, attachments, summoning sickness).

An object's characteristics are computed from its card, then the continuous effects that
apply to it, sorted into layers and then by timestamp.  Layers are data (`LAYER_ORDER`),
so the full layer system adds rows rather than code paths.  Results are cached on the state
until something they depend on changes (`GameState.invalidate`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards import ir
from ..cards.mana import COLOR_NAMES
from ..cards.model import ActivatedAbility, KeywordAbility, SpellAbility, StaticAbility, TargetSpec
from .objects import Characteristics, ContinuousEffect, ControlEffect, Obj
from .state import GameState

# Sort keys for P/T effects by kind, per ruleset: 2014 613.3 (7a CDA, 7b set, 7c modify,
# 7d counters, 7e switch); 2009 418.5a (6a CDA, 6b set and spells' modifications,
# 6c counters, 6d static modifications, 6e switch).
LAYER_ORDER = {
    "2014": {"cda": 0, "set": 1, "modify_resolved": 2, "modify_static": 2, "counters": 3},
    "2009": {"cda": 0, "set": 1, "modify_resolved": 1, "modify_static": 3, "counters": 2},
}


# ------------------------------------------------------------ continuous effects
def add_effect(state: GameState, effect: ContinuousEffect) -> None:
    state.effects.append(effect)
    state.invalidate()


def end_effects(state: GameState, duration: str) -> None:
    """End the effects that last `duration` ("eot", "step:upkeep", "untap:alice"); control
    returns to the old controller as a control effect ends, unless it changed again."""
    ended = [e for e in state.effects if e.duration == duration]
    if not ended:
        return
    state.effects = [e for e in state.effects if e.duration != duration]
    for e in ended:
        if isinstance(e, ControlEffect):
            o = state.objects.get(e.obj)
            if o is not None and o.zone == "battlefield" and o.controller == e.new:
                set_controller(state, o, e.old)
    state.invalidate()


def set_controller(state: GameState, o: Obj, player: str) -> None:
    """`player` gains control of permanent `o`: it leaves combat (506.4) and has not been
    under its new controller's control since their turn began (302.6)."""
    if o.controller == player:
        return
    o.leave_combat()
    o.controller = player
    o.since_turn = state.turn
    state.invalidate()
    state.log_event(f"{player} gains control of {o.name}", "control_change", player=player)


# ------------------------------------------------------------ characteristics
def chars(state: GameState, o: Obj) -> Characteristics:
    ch = state.chars_cache.get(o.id)
    if ch is None or o.id not in state.objects:
        ch = _compute_chars(state, o)
        if o.id in state.objects:
            state.chars_cache[o.id] = ch
    return ch


def base_chars(state: GameState, o: Obj) -> Characteristics:
    c = o.card
    counts = Counter(ab.keyword for ab in c.abilities if isinstance(ab, KeywordAbility))
    restrictions = frozenset(ab.restriction for ab in c.abilities
                             if isinstance(ab, StaticAbility) and ab.restriction and ab.affects is None)
    return Characteristics(
        name=c.name, types=frozenset(c.type_line.types), subtypes=frozenset(c.type_line.subtypes),
        supertypes=frozenset(c.type_line.supertypes), colors=c.colors,
        power=_num(c.power), toughness=_num(c.toughness), abilities=list(c.abilities),
        keywords=frozenset(counts), restrictions=restrictions, keyword_counts=dict(counts))


def _compute_chars(state: GameState, o: Obj) -> Characteristics:
    base = base_chars(state, o)
    if o.zone != "battlefield":
        return _apply_cda(state, o, base)
    order = LAYER_ORDER[state.rules.name]
    grants: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = []
    pt: list[tuple[int, int, str, Any]] = []  # (layer key, timestamp, kind, value)
    restrictions = set(base.restrictions)
    # static abilities of permanents (611.3), affecting what matches now
    for sid in state.battlefield:
        src = state.objects[sid]
        for ab in src.card.abilities:
            if not isinstance(ab, StaticAbility) or ab.affects is None:
                continue
            if not _affects(state, ab.affects, o, src, base):
                continue
            if ab.power or ab.toughness:
                pt.append((order["modify_static"], src.timestamp, "modify", (ab.power, ab.toughness)))
            if ab.bonus is not None:  # "+1/+1 for each ..."
                pt.append((order["modify_static"], src.timestamp, "modify", _bonus(state, ab.bonus, o, src)))
            if ab.grants or ab.removes:
                grants.append((src.timestamp, ab.grants, ab.removes))
            if ab.restriction:
                restrictions.add(ab.restriction)
    # effects from resolved spells and abilities (611.2)
    for e in state.effects:
        if o.id not in e.affected:
            continue
        if e.set_pt is not None:
            pt.append((order["set"], e.timestamp, "set", e.set_pt))
        if e.power or e.toughness:
            pt.append((order["modify_resolved"], e.timestamp, "modify", (e.power, e.toughness)))
        if e.grants or e.removes:
            grants.append((e.timestamp, e.grants, e.removes))
        if e.restriction:
            restrictions.add(e.restriction)
    # layer 6 (2014) / 5 (2009): ability-adding and -removing effects, in timestamp order
    counts = Counter(base.keyword_counts)
    for _, add, remove in sorted(grants, key=lambda g: g[0]):
        counts.update(add)  # each grant is one more instance
        for kw in remove:  # "loses flying": every instance of it
            counts.pop(kw, None)
    ch = Characteristics(base.name, base.types, base.subtypes, base.supertypes, base.colors,
                         base.power, base.toughness, base.abilities, frozenset(counts),
                         frozenset(restrictions), dict(counts))
    ch = _apply_cda(state, o, ch)
    if ch.power is None and not pt and not o.counters:
        return ch
    plus = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
    if plus:
        pt.append((order["counters"], 0, "modify", (plus, plus)))
    power, toughness = ch.power or 0, ch.toughness or 0
    for _, _, kind, value in sorted(pt, key=lambda x: (x[0], x[1])):
        if kind == "set":
            power, toughness = value
        else:
            power += value[0]
            toughness += value[1]
    if ch.is_type("Creature"):
        ch.power, ch.toughness = power, toughness
    return ch


def _apply_cda(state: GameState, o: Obj, ch: Characteristics) -> Characteristics:
    """Characteristic-defining abilities work in every zone (604.3, layer 7a / 6a)."""
    for ab in o.card.abilities:
        if isinstance(ab, StaticAbility) and ab.cda is not None:
            match ab.cda:
                case ir.CountSubtypeCDA(sub):
                    n = sum(1 for x in state.permanents(o.controller) if sub in x.card.type_line.subtypes)
                case ir.LifeTotalCDA():
                    n = state.player(o.controller).life
            ch.power, ch.toughness = n, n
    return ch


# ------------------------------------------------------------ static abilities as data

def _affects(state: GameState, affects: ir.Affects, o: Obj, src: Obj, base: Characteristics) -> bool:
    """Does a static ability of `src` affect `o` (judged on `o`'s base characteristics)?"""
    match affects:
        case ir.AffectsGroup(test, other):
            if not base.is_type("Creature") or (other and o.id == src.id):
                return False
            return matches(state, test, o, base, src.controller, src)
        case ir.AffectsAttached():
            return src.attached_to == o.id
        case ir.AffectsSelf():
            return o.id == src.id
        case ir.AffectsSelfUnlessDefenderHas(sub):
            return o.id == src.id and not any(sub in x.card.type_line.subtypes for p in state.opponents(src.controller)
                                              for x in state.permanents(p))
        case ir.AffectsAllCreatures():
            return base.is_type("Creature")
        case ir.AffectsYourCreatures():
            return base.is_type("Creature") and o.controller == src.controller
    raise TypeError(affects)


def _bonus(state: GameState, bonus: ir.Bonus, o: Obj, src: Obj) -> tuple[int, int]:
    """"+1/+1 for each ...": counted by printed characteristics, so no characteristics
    depend on others'."""
    match bonus:
        case ir.BonusPerSubtypeYouControl(sub, p, t):
            n = sum(1 for x in state.permanents(src.controller) if sub in x.card.type_line.subtypes)
            return p * n, t * n
        case ir.BonusPerSharedCreatureType():
            mine = set(o.card.type_line.subtypes)
            n = sum(1 for x in state.permanents() if x.id != o.id and x.card.is_type("Creature")
                    and mine & set(x.card.type_line.subtypes))
            return n, n
        case ir.BonusPerSameName():
            n = sum(1 for x in state.permanents() if x.id != o.id and x.name == o.name and x.card.is_type("Creature"))
            return n, n
    raise TypeError(bonus)


# ------------------------------------------------------------ predicates

def matches(state: GameState, pred: ir.Pred, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    """Does `o`, with characteristics `ch`, pass `pred` for a spell or ability that
    `controller` controls and `source` is the source of?"""
    match pred:
        case ir.Always():
            return True
        case ir.HasColor(c):
            return c in ch.colors
        case ir.Colorless():
            return not ch.colors
        case ir.IsType(t):
            return t in ch.types
        case ir.HasSubtype(sub):
            return sub in ch.subtypes
        case ir.HasSupertype(sup):
            return sup in ch.supertypes
        case ir.HasKeyword(kw):
            return kw in ch.keywords
        case ir.Tapped():
            return o.tapped
        case ir.Attacking():
            return o.attacking is not None
        case ir.Blocking():
            return bool(o.blocking)
        case ir.ControlledByYou():
            return o.controller == controller
        case ir.OwnedByYou():
            return o.owner == controller
        case ir.ToughnessLessThanSourcePower():
            return (ch.toughness or 0) < (chars(state, source).power or 0)
        case ir.Not(inner):
            return not matches(state, inner, o, ch, controller, source)
        case ir.AllOf(parts):
            return all(matches(state, p, o, ch, controller, source) for p in parts)
        case ir.AnyOf(parts):
            return any(matches(state, p, o, ch, controller, source) for p in parts)
    raise TypeError(pred)


def matches_card(state: GameState, pred: ir.Pred, o: Obj, controller: str, source: Obj) -> bool:
    """`matches` on a card's printed characteristics (a card in a library, hand or graveyard)."""
    return matches(state, pred, o, base_chars(state, o), controller, source)


# ------------------------------------------------------------ keyword helpers

def protected_from(state: GameState, o: Obj, source: Obj) -> bool:
    """Does `o` have protection from `source` (702.16 / 502.7)?"""
    kws = chars(state, o).keywords
    if not any(k.startswith("protection from") for k in kws):
        return False
    sch = chars(state, source)
    for c in sch.colors:
        if f"protection from {COLOR_NAMES[c]}" in kws:
            return True
    return any(f"protection from {t.lower()}s" in kws for t in list(sch.types) + list(sch.subtypes))


def aura_target_spec(o: Obj) -> TargetSpec | None:
    for ab in o.card.abilities:
        spec = getattr(ab, "enchant", None)
        if spec is not None:
            return spec
    return None


def attachment_kind(state: GameState, o: Obj) -> str:
    sub = chars(state, o).subtypes
    if "Aura" in sub:
        return "Aura"
    if "Equipment" in sub:
        return "Equipment"
    return "other"


def attachment_legal(state: GameState, o: Obj) -> bool:
    kind = attachment_kind(state, o)
    target = o.attached_to
    if kind == "other":
        return False
    if isinstance(target, str):
        spec = aura_target_spec(o)
        return kind == "Aura" and spec is not None and spec.kind in ("player", "any")
    host = state.objects.get(target) if target is not None else None
    if host is None or host.zone != "battlefield" or host.id == o.id:
        return False
    if kind == "Equipment":
        return chars(state, host).is_type("Creature") and not protected_from(state, host, o)
    spec = aura_target_spec(o)
    if spec is None:
        return False
    if protected_from(state, host, o):
        return False
    hch = chars(state, host)
    if spec.kind == "creature" and not hch.is_type("Creature"):
        return False
    if spec.kind == "land" and not hch.is_type("Land"):
        return False
    return matches(state, spec.test, host, hch, o.controller, o)


# ------------------------------------------------------------ abilities and questions
def activated_abilities(state: GameState, o: Obj) -> list[ActivatedAbility]:
    return [ab for ab in chars(state, o).abilities if isinstance(ab, ActivatedAbility)]


def spell_ability(o: Obj) -> SpellAbility | None:
    for ab in o.card.abilities:
        if isinstance(ab, SpellAbility):
            return ab
    return None


def spell_targets(o: Obj) -> tuple[TargetSpec, ...]:
    """What a spell targets as it is cast: its spell ability's targets, an Aura's enchant."""
    ab = spell_ability(o)
    if ab is not None:
        return ab.targets
    aura = aura_target_spec(o)
    return (aura,) if aura else ()


def is_summoning_sick(state: GameState, o: Obj) -> bool:
    """A creature that hasn't been under its controller's control continuously since their
    most recent turn began can't attack or use {T} abilities, unless it has haste (302.6)."""
    if not chars(state, o).is_type("Creature"):
        return False
    if "haste" in chars(state, o).keywords:
        return False
    if o.since_turn == -1:
        return False
    return o.since_turn >= state.player(o.controller).last_turn


def creatures(state: GameState, controller: str | None = None) -> list[Obj]:
    return [o for o in state.permanents(controller) if chars(state, o).is_type("Creature")]


def _num(v: str | None) -> int | None:
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        return None  # "*": defined by a characteristic-defining ability
