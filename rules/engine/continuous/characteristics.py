"""Characteristics: what an object is after continuous effects (2014: 611, 613; 2009: 418),
and the questions asked of it (its abilities, protection, attachments, summoning sickness).

An object's characteristics are computed from its card (which holds any copy effect: layer
1), then the continuous effects that apply to it, cut into parts by layer and applied in the
order of `rules.engine.continuous.layers`.  Results are cached on the state until something they depend
on changes (`GameState.invalidate`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...cards import ir
from ...cards.mana import COLOR_NAMES, NAME_TO_COLOR
from ...cards.model import (
    BASIC_MANA,
    ActivatedAbility,
    CardDef,
    KeywordAbility,
    SpellAbility,
    StaticAbility,
    TargetSpec,
    basic_land_ability,
)
from ...cards.subtypes import fitting_subtypes, is_creature_type
from ..core.objects import Characteristics, ContinuousEffect, Obj, PlayerRuleEffect
from ..core.state import GameState
from .becomes import becomes_parts, becomes_static_parts, lost_all
from .layers import Layer, Part, copy_chars, ordered, stage
from .player_rules import player_rules


# ------------------------------------------------------------ continuous effects
def add_effect(state: GameState, effect: ContinuousEffect) -> None:
    state.effects.append(effect)
    if (effect.controller or effect.loses_all or not effect.affected or isinstance(effect, PlayerRuleEffect)
            or looks_at_others(state)):
        # control, "loses all abilities" and rules for players reach further, and so does any
        # effect while a static or characteristic-defining ability counts or looks at other
        # permanents as the type layer leaves them (an animated Forest is one more creature)
        state.invalidate()
    else:  # only the objects it is locked to change
        state.invalidate_objects(effect.affected)
    if effect.controller:
        update_control(state)
    end_lapsed(state)


def end_effects(state: GameState, duration: str) -> None:
    """End the effects that last `duration` ("eot", "step:upkeep", "untap:alice"); as a
    control effect ends, control goes to whoever the remaining effects say (layer 2)."""
    if any(s.duration == duration for s in state.shields):
        state.shields = [s for s in state.shields if s.duration != duration]
    if any(d.duration == duration for d in state.delayed):
        state.delayed = [d for d in state.delayed if d.duration != duration]
    ended = [e for e in state.effects if e.duration == duration]
    if not ended:
        return
    state.effects = [e for e in state.effects if e.duration != duration]
    state.invalidate()
    if any(e.controller for e in ended):
        update_control(state)
    end_lapsed(state)


def lapsed(state: GameState, duration: str) -> bool:
    """Whether an effect lasting "for as long as you control ~" ("control:ID:PLAYER") or "for
    as long as that creature is enchanted" ("enchanted:ID") has ended (2014 611.2b / 2009
    418.3a): ~ left the battlefield or changed controller; the creature left or has no Aura."""
    kind, _, rest = duration.partition(":")
    if kind == "control":
        oid, _, player = rest.partition(":")
        o = state.objects.get(int(oid))
        return o is None or o.zone != "battlefield" or o.controller != player
    if kind == "enchanted":
        o = state.objects.get(int(rest))
        return o is None or o.zone != "battlefield" or not any(
            a.attached_to == o.id and attachment_kind(state, a) == "Aura" for a in state.permanents())
    return False


def end_lapsed(state: GameState) -> None:
    """End the effects whose "for as long as ..." stopped being true (611.2b / 418.3a)."""
    for duration in dict.fromkeys(e.duration for e in state.effects if lapsed(state, e.duration)):
        names = sorted({e.source_name for e in state.effects if e.duration == duration})
        if not names:
            continue  # ended meanwhile, with a control effect that ended before it
        why = "its source left or changed control" if duration.startswith("control:") else "it is no longer enchanted"
        state.log_event(f"the effect of {', '.join(names)} ends: {why}", "duration_while")
        end_effects(state, duration)


def update_control(state: GameState, *, setting_up: bool = False) -> None:
    """Layer 2 (613.1b / 418.5a): each permanent's controller is the one under whose control it
    entered, changed by control-changing effects in timestamp order (the latest wins):
    "gain control of ..." from resolved spells and abilities, and static abilities such as
    Mind Control's "You control enchanted creature".  Called whenever such an effect starts
    or ends, and after objects move (an Aura that leaves takes its control effect away)."""
    permanents = state.permanents()
    statics = [(src, ab) for src in permanents for ab in src.card.control_statics]
    effects = [e for e in state.effects if e.controller]
    if not statics and not effects and all(o.controller == (o.base_controller or o.owner) for o in permanents):
        return  # nothing changes control (the usual case, after every flush)
    for _ in range(3):  # a control effect whose own source changed controller: settle again
        changed = False
        for o in state.permanents():
            claims = [(e.timestamp, e.controller) for e in effects if o.id in e.affected]
            claims += [(src.timestamp, src.controller) for src, ab in statics
                       if ab.affects is not None and _affects(state, ab.affects, o, src, chars(state, o))]
            now = max(claims)[1] if claims else (o.base_controller or o.owner)
            if now != o.controller:
                if setting_up:  # a position as the scenario gives it: under that control all along
                    o.controller = now
                    state.invalidate()
                else:
                    set_controller(state, o, now)
                changed = True
        if not changed:
            return


def set_controller(state: GameState, o: Obj, player: str) -> None:
    """`player` gains control of permanent `o`: it leaves combat (506.4) and has not been
    under its new controller's control since their turn began (302.6 / 212.3f)."""
    if o.controller == player:
        return
    o.leave_combat()
    o.controller = player
    o.since_turn = state.turn
    state.invalidate()
    state.log_event(f"{player} gains control of {o.name}", "control_change", player=player)


# ------------------------------------------------------------ characteristics
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


def base_chars(state: GameState, o: Obj) -> Characteristics:
    """Its card's characteristics before any continuous effect (shared: read, never change)."""
    return printed_chars(o.card)


# a card's characteristics, computed once per card definition (the card is kept with them,
# so its id is never reused while the entry lives)
_PRINTED: dict[int, tuple[CardDef, Characteristics]] = {}


def printed_chars(c: CardDef) -> Characteristics:
    """The characteristics a card's definition gives (with any copy effect: layer 1)."""
    hit = _PRINTED.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    counts = Counter(ab.keyword for ab in c.abilities if isinstance(ab, KeywordAbility))
    restrictions = frozenset(ab.restriction for ab in c.abilities
                             if isinstance(ab, StaticAbility) and ab.restriction and ab.affects is None)
    ch = Characteristics(
        name=c.name, types=frozenset(c.type_line.types), subtypes=frozenset(c.type_line.subtypes),
        supertypes=frozenset(c.type_line.supertypes), colors=c.colors,
        power=_num(c.power), toughness=_num(c.toughness), abilities=list(c.abilities),
        keywords=frozenset(counts), restrictions=restrictions, keyword_counts=dict(counts))
    _PRINTED[id(c)] = (c, ch)
    return ch


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


def _parts(state: GameState, o: Obj, through: Layer = Layer.PT_SWITCH) -> list[Part]:
    """The continuous effects that may apply to `o`, cut into their layers' parts (those of
    layers up to `through`)."""
    parts: list[Part] = []
    lost = lost_all(state)  # "loses all abilities": static abilities stop from layer 6 on
    # characteristic-defining abilities (604.3, 7a / 6a)
    if o.card.has_cda and through >= Layer.PT_CDA:
        for ab in o.card.abilities:
            if isinstance(ab, StaticAbility) and ab.cda is not None and o.id not in lost:
                parts.append(Part(Layer.PT_CDA, o.timestamp, ("cda", o.id), _always,
                                  _set_pt_to(_cda_value(state, o, ab.cda)), cda=True))
    # static abilities of permanents (611.3): what they affect is judged on `o` as it is
    # at the first layer they work in
    for src, index, ab in _affecting_statics(state):
        found = _static_parts(state, o, src, index, ab, through)
        parts += found if src.id not in lost else [p for p in found if p.layer < Layer.ABILITY]
    # effects of resolved spells and abilities (611.2): locked to the objects they affected
    for e in state.effects:
        if o.id in e.affected:
            found = becomes_parts(e, o) + _effect_parts(e)
            parts += found if through >= Layer.PT_SWITCH else [p for p in found if p.layer <= through]
    # counters (7d / 6c)
    plus = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
    if plus and through >= Layer.PT_COUNTERS:
        parts.append(Part(Layer.PT_COUNTERS, 0, ("counters", o.id), _always, _modify_pt(plus, plus)))
    return parts


def _affecting_statics(state: GameState) -> list[tuple[Obj, int, StaticAbility]]:
    """The static abilities on the battlefield that affect objects (with their source and
    index), found once until the permanents change rather than once per object."""
    found = state.board.get("affecting_statics")
    if found is None:
        found = state.board["affecting_statics"] = [
            (src, index, ab) for src in (state.objects[i] for i in state.battlefield)
            for index, ab in enumerate(src.card.abilities) if isinstance(ab, StaticAbility) and ab.affects is not None]
        state.board["top_card_statics"] = any(ab.while_top_card is not None for _, _, ab in found)
    return found


def looks_at_others(state: GameState, o: Obj | None = None) -> bool:
    """Whether some object's characteristics may change when a permanent (`o`) comes or goes,
    or a life total, the turn or the players change: `o` has a static ability that affects
    objects or a characteristic-defining ability, or one on the battlefield looks beyond the
    object it affects and its source (`_looks_around`).  Other static abilities ("creatures
    you control get +1/+1", "enchanted creature can't attack") judge each object by itself,
    so a permanent coming or going changes only its own characteristics."""
    if o is not None and (o.card.has_cda or any(isinstance(ab, StaticAbility) and ab.affects is not None
                                                 for ab in o.card.abilities)):
        return True
    found = state.board.get("looks_at_others")
    if found is None:
        found = state.board["looks_at_others"] = any(_looks_around(ab) for _, _, ab in _affecting_statics(state)) \
            or any(state.objects[i].card.has_cda for i in state.battlefield)
    return found


def _looks_around(ab: StaticAbility) -> bool:
    """A static ability whose effect depends on more than the affected object and its source:
    counts of permanents ("+1/+1 for each ..."), "as long as you control ...", life totals,
    the top card of a library, an opponent's permanents or damage this turn."""
    return (ab.bonus is not None or ab.while_top_card is not None
            or (ab.while_condition is not None and not isinstance(ab.while_condition, ir.SourceCountersAtLeast))
            or isinstance(ab.affects, ir.AffectsSelfUnlessDefenderHas | ir.AffectsSelfUnlessCount
                          | ir.AffectsSelfUnlessOpponentDamaged))


def watched_state_changed(state: GameState) -> None:
    """Something only static and characteristic-defining abilities look at changed (a life
    total, the turn, a player dealt damage this turn or leaving the game): characteristics are
    recomputed if such an ability is on the battlefield, and kept otherwise."""
    if looks_at_others(state):
        state.invalidate()


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
    key = ("static", src.id, index)
    affects = ab.affects
    assert affects is not None

    def applies(ch: Characteristics) -> bool:
        return _affects(state, affects, o, src, ch)

    parts: list[Part] = []
    if ab.grants or ab.removes or ab.restriction:
        parts.append(Part(Layer.ABILITY, src.timestamp, key, applies, _abilities(ab.grants, ab.removes, ab.restriction),
                          from_static=True))
    if ab.chosen_protection and src.chosen:  # "has protection from the chosen color" (layer 6)
        parts.append(Part(Layer.ABILITY, src.timestamp, key, applies,
                          _abilities((f"protection from {src.chosen.lower()}",), (), None), from_static=True))
    if ab.add_subtypes:  # "is an Angel / All lands are Islands in addition to their other types" (layer 4)
        parts.append(Part(Layer.TYPE, src.timestamp, key, applies, _add_subtypes(ab.add_subtypes), from_static=True))
    if ab.grants_abilities:  # 'has "{T}: ..."' (layer 6)
        granted: list[Any] = list(ab.grants_abilities)

        def grant(ch: Characteristics) -> None:
            ch.abilities = list(ch.abilities) + granted
        parts.append(Part(Layer.ABILITY, src.timestamp, key, applies, grant, from_static=True))
    if ab.chosen_land_type and src.chosen:
        parts.append(Part(Layer.TYPE, src.timestamp, key, applies, _land_type(src.chosen), from_static=True))
    parts += becomes_static_parts(o, src, key, applies, ab)
    if ab.no_activating:
        parts.append(Part(Layer.ABILITY, src.timestamp, key, applies, _abilities((), (), "cant_activate"),
                          from_static=True))
    if ab.power or ab.toughness:
        parts.append(Part(Layer.PT_MODIFY, src.timestamp, key, applies, _modify_pt(ab.power, ab.toughness),
                          from_static=True))
    if ab.bonus is not None:
        bonus = ab.bonus

        def add_bonus(ch: Characteristics) -> None:
            _modify_pt(*_bonus(state, bonus, o, ch, src))(ch)
        parts.append(Part(Layer.PT_MODIFY, src.timestamp, key, applies, add_bonus, from_static=True))
    return parts


def _effect_parts(e: ContinuousEffect) -> list[Part]:
    key = ("effect", e.timestamp)
    parts: list[Part] = []
    if e.add_types or e.add_subtypes:
        parts.append(Part(Layer.TYPE, e.timestamp, key, _always, _add_types(e.add_types, e.add_subtypes)))
    if e.set_colors is not None or e.add_colors:
        parts.append(Part(Layer.COLOR, e.timestamp, key, _always, _set_colors(e.set_colors, e.add_colors)))
    if e.grants or e.removes or e.restriction:
        parts.append(Part(Layer.ABILITY, e.timestamp, key, _always, _abilities(e.grants, e.removes, e.restriction)))
    if e.set_pt is not None:
        parts.append(Part(Layer.PT_SET, e.timestamp, key, _always, _set_pt_to(e.set_pt)))
    if e.power or e.toughness:
        parts.append(Part(Layer.PT_MODIFY, e.timestamp, key, _always, _modify_pt(e.power, e.toughness)))
    if e.switch_pt:
        parts.append(Part(Layer.PT_SWITCH, e.timestamp, key, _always, _switch_pt))
    return parts


def _switch_pt(ch: Characteristics) -> None:
    ch.power, ch.toughness = ch.toughness, ch.power


def _always(ch: Characteristics) -> bool:
    return True


def _abilities(grants: tuple[str, ...], removes: tuple[str, ...], restriction: ir.Restriction | None
               ) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        counts = ch.keyword_counts
        for kw in grants:  # each grant is one more instance
            counts[kw] = counts.get(kw, 0) + 1
        for kw in removes:  # "loses flying": every instance of it
            counts.pop(kw, None)
        ch.keywords = frozenset(counts)
        if restriction:
            ch.restrictions = ch.restrictions | {restriction}
    return apply


def _add_types(types: tuple[str, ...], subtypes: tuple[str, ...]) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.types = ch.types | set(types)
        ch.subtypes = ch.subtypes | set(subtypes)
    return apply


def _set_colors(colors: frozenset[str] | None, add: frozenset[str] = frozenset()) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.colors = (ch.colors if colors is None else colors) | add
    return apply


def _add_subtypes(subtypes: tuple[str, ...]) -> Callable[[Characteristics], None]:
    """Subtypes added to the ones it has; a land given a basic land type has that type's
    mana ability too (305.6 / 212.6g)."""
    def apply(ch: Characteristics) -> None:
        new = [s for s in subtypes if s not in ch.subtypes]
        ch.subtypes = ch.subtypes | set(subtypes)
        if ch.is_type("Land"):
            ch.abilities = list(ch.abilities) + [basic_land_ability(s) for s in new if s in BASIC_MANA]
    return apply


def _land_type(subtype: str) -> Callable[[Characteristics], None]:
    """"Enchanted land is the chosen type": its land types are replaced, and with them the
    mana abilities they carried (305.7)."""
    def apply(ch: Characteristics) -> None:
        old = ch.subtypes & set(BASIC_MANA)
        ch.subtypes = (ch.subtypes - set(BASIC_MANA)) | {subtype}
        lost = [basic_land_ability(s) for s in old]
        ch.abilities = [ab for ab in ch.abilities if ab not in lost] + [basic_land_ability(subtype)]
    return apply


def _set_pt_to(value: tuple[int, int]) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.power, ch.toughness = value
    return apply


def _modify_pt(power: int, toughness: int) -> Callable[[Characteristics], None]:
    def apply(ch: Characteristics) -> None:
        ch.power = (ch.power or 0) + power
        ch.toughness = (ch.toughness or 0) + toughness
    return apply


def _apply_cda(state: GameState, o: Obj, ch: Characteristics) -> Characteristics:
    """Characteristic-defining abilities work in every zone (604.3, layer 7a / 6a)."""
    for ab in o.card.abilities:
        if isinstance(ab, StaticAbility) and ab.cda is not None:
            ch.power, ch.toughness = _cda_value(state, o, ab.cda)
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


# ------------------------------------------------------------ static abilities as data

def _affects(state: GameState, affects: ir.Affects, o: Obj, src: Obj, ch: Characteristics) -> bool:
    """Does a static ability of `src` affect `o`, judged on `o`'s characteristics `ch` as the
    earlier layers left them (613.5 / 418.5b)?"""
    match affects:
        case ir.AffectsYourChosenType(other):
            return (ch.is_type("Creature") and o.controller == src.controller and bool(src.chosen)
                    and src.chosen in ch.subtypes and not (other and o.id == src.id))
        case ir.AffectsEachPermanent(test):
            return matches(state, test, o, ch, src.controller, src)
        case ir.AffectsGroup(test, other):
            if not ch.is_type("Creature") or (other and o.id == src.id):
                return False
            return matches(state, test, o, ch, src.controller, src)
        case ir.AffectsAttached():
            return src.attached_to == o.id
        case ir.AffectsSelf():
            return o.id == src.id
        case ir.AffectsSelfUnlessDefenderHas(sub):
            return o.id == src.id and not any(sub in typed_chars(state, x).subtypes
                                              for p in state.opponents(src.controller) for x in state.permanents(p))
        case ir.AffectsChosenName():
            return bool(src.chosen) and ch.name == src.chosen
        case ir.AffectsAllCreatures():
            return ch.is_type("Creature")
        case ir.AffectsYourCreatures():
            return ch.is_type("Creature") and o.controller == src.controller
        case ir.AffectsYourPermanents(test):
            return o.controller == src.controller and matches(state, test, o, ch, src.controller, src)
        case ir.AffectsSelfAndGroup(test):
            return o.id == src.id or (ch.is_type("Creature") and matches(state, test, o, ch, src.controller, src))
        case ir.AffectsSelfUnlessOpponentDamaged():
            return o.id == src.id and not any(state.player(p).damaged_turn == state.turn
                                              for p in state.opponents(src.controller))
        case ir.AffectsSelfUnlessCount(sub, n):
            return o.id == src.id and sum(1 for x in state.permanents() if sub in typed_chars(state, x).subtypes) < n
    raise TypeError(affects)


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


# ------------------------------------------------------------ predicates

def matches(state: GameState, pred: ir.Pred, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:  # noqa: C901 (to split: issue 27)
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
        case ir.Unblocked():
            return o.attacking is not None and not o.blocked
        case ir.OfChosenColor():  # the color the ability's source chose as it entered (Story Circle)
            return bool(source.chosen) and NAME_TO_COLOR.get(source.chosen.lower()) in ch.colors
        case ir.WithSingleTarget():  # a spell on the stack (114.8a)
            return any(it.source_id == o.id and it.kind == "spell" and len(it.targets) == 1 for it in state.stack)
        case ir.AllOf(parts):
            return all(matches(state, p, o, ch, controller, source) for p in parts)
        case ir.AnyOf(parts):
            return any(matches(state, p, o, ch, controller, source) for p in parts)
        case ir.ControlledByPlayer(player):
            return o.controller == player
        case ir.NamedAsSource():
            return ch.name == chars(state, source).name
        case ir.BlockingSource():
            return source.id in o.blocking
        case ir.OtherThanSource():
            return o.id != source.id
        case ir.PowerAtMost(n):
            return (ch.power or 0) <= n
        case ir.ControlledByEventPlayer():
            return False  # bound to the event's player before it is ever judged (triggers.bind_event)
        case ir.ManaValueAtMost(n):
            return o.card.cmc <= n
        case ir.ControlledByDefendingPlayer():
            at = source.attacking
            if at is None:
                return False
            # a planeswalker it attacks may have left since: its controller stays the defending
            # player (506.2, 506.4), known from its last known information
            defender = at if isinstance(at, str) else (state.objects.get(at) or state.lki[at]).controller
            return o.controller == defender
        case ir.ManaValueAtMostX():
            return False  # bound to the announced X before it is judged (x_values.bind_x)
        case ir.PowerAtMost(n):
            return ch.power is not None and ch.power <= n
        case ir.NamedLikeSource():
            return o.name == source.name
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
        spec: TargetSpec | None = getattr(ab, "enchant", None)
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
    return can_attach(state, o, o.attached_to)


def can_attach(state: GameState, o: Obj, target: Any) -> bool:
    """Whether `o` (an Aura or Equipment, on the battlefield or about to enter it) could be
    attached to `target`, a permanent's id or a player."""
    kind = attachment_kind(state, o)
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
    return chars(state, o).activated


def activated_ability(state: GameState, o: Obj, index: int, modes: tuple[int, ...] = ()) -> ActivatedAbility:
    """Its `index`th activated ability (1-based) as activated with `modes` chosen: a modal
    ability's effect and targets are those of the chosen mode (2014 700.2a / 2009 409.1b)."""
    ab = activated_abilities(state, o)[index - 1]
    if len(modes) == 1 and 1 <= modes[0] <= len(ab.modes):
        return ab.with_mode(modes[0])
    return ab


def can_activate_abilities(state: GameState, o: Obj) -> bool:
    """False under "its activated abilities can't be activated" (Ice Cage), mana abilities too;
    and for an artifact, creature or enchantment whose controller "can't activate abilities of
    artifacts, creatures, or enchantments" (Grand Abolisher)."""
    ch = chars(state, o)
    if "cant_activate" in ch.restrictions:
        return False
    return not (("Artifact" in ch.types or "Creature" in ch.types or "Enchantment" in ch.types)
                and "cant_activate_artifacts_creatures_enchantments" in player_rules(state, o.controller))


def can_activate_ability(state: GameState, o: Obj, ab: ActivatedAbility) -> bool:
    """False under Ice Cage's "its activated abilities can't be activated", and under Pithing
    Needle's "... can't be activated unless they're mana abilities" for an ability that isn't
    a mana ability (605.1a / 411.1)."""
    restrictions = chars(state, o).restrictions
    return "cant_activate" not in restrictions and (ab.is_mana or "cant_activate_nonmana" not in restrictions)


def spell_ability(o: Obj) -> SpellAbility | None:
    return o.card.spell_ability


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
    ch = chars(state, o)
    if "Creature" not in ch.types or "haste" in ch.keywords:
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
