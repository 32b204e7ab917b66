"""Replacement and prevention effects (2014: 614-616; 2009: 419): one mechanism for every
event they modify.

An event about to happen is an event object: damage about to be dealt (`DamageEvent`), a
permanent about to be destroyed (`DestroyEvent`), an object about to move to another zone
(`MoveEvent`) or a permanent entering the battlefield (`EnterEvent`).  `replace` finds the
effects that apply to it (static abilities of permanents and of the moving object itself,
shields that resolved spells left in `state.shields`, regeneration shields, protection),
applies each at most once (614.5 / 419.6a), self-replacement effects first (616.1a / 419.6d)
and the rest in the order the affected player, or the affected object's controller, chooses
(616.1 / 419.9a).  Applying one may turn the event into several (part of the damage
redirected) or into none (prevented, regenerated); each result is offered to the effects
that have not yet applied to it.  Damage that can't be prevented (Leyline of Punishment,
Combust) is decided in one place, `_unless_unpreventable`, for every kind of prevention
effect: each still applies but prevents nothing (615.12 / 103.2).

The choice is asked only when it is real: among identical effects one is applied without
asking, and effects that only change how a permanent enters (tapped, with counters) give the
same result in any order."""

from __future__ import annotations

from collections.abc import Generator, Hashable
from dataclasses import dataclass, replace as with_changes
from typing import Any

from ...cards import ir
from ..continuous.attachments import protected_from
from ..continuous.characteristics import chars, matches
from ..core.decisions import ChooseWordDecision, Decision, YesNoDecision, distinct_labels
from ..core.objects import DrawReplacementEffect, Obj, Shield
from ..core.refs import name_of
from ..core.state import GameState
from .events import remove_counters, tap_permanent
from .static_replacements import StaticReplacement, effects_in_play, own_effects

Gen = Generator[Decision, Any, Any]


# ------------------------------------------------------------------ events
@dataclass
class DamageEvent:
    """`amount` damage `source` would deal to `target` (a player's name or an object id)."""

    source: Obj
    target: int | str
    amount: int
    combat: bool
    applied: frozenset[Hashable] = frozenset()  # the effects that already modified it (614.5)
    unpreventable: bool = False  # "The damage can't be prevented" (Combust)


@dataclass
class DestroyEvent:
    """A permanent would be destroyed (701.6 / 501.4)."""

    obj: Obj
    can_regenerate: bool = True
    applied: frozenset[Hashable] = frozenset()


@dataclass
class MoveEvent:
    """An object would move to `to_zone`; `shuffle` once a replacement sends it into a
    library "and shuffle"."""

    obj: Obj
    to_zone: str
    shuffle: bool = False
    applied: frozenset[Hashable] = frozenset()
    discarded_by: str = ""  # a discard: the controller of the spell or ability that caused it


@dataclass
class EnterEvent:
    """A permanent enters the battlefield (614.1c / 419.1c): `obj` is the new object, which
    the effects change as it enters; `x` is the X of the spell it was."""

    obj: Obj
    x: int = 0
    applied: frozenset[Hashable] = frozenset()


@dataclass
class DrawEvent:
    """`player` would draw a card (2014 120 / 2009 423).  `instead` names what a replacement
    made the player do instead ("land_or_nonland": Abundance), whose source is `by`;
    `rules.engine.resolution.drawing` carries it out."""

    player: str
    applied: frozenset[Hashable] = frozenset()
    instead: str = ""
    by: Obj | None = None


ReplaceableEvent = DamageEvent | DestroyEvent | MoveEvent | EnterEvent | DrawEvent


@dataclass(frozen=True)
class Replacement:
    """One replacement or prevention effect that would apply to an event."""

    key: Hashable  # the effect itself: 614.5 counts applications by it
    label: str  # its source's name, for the choice and the log
    chooser: str  # the affected player or the affected object's controller (616.1)
    what: StaticReplacement | Shield | str  # a static ability's effect, a shield, or "regenerate" / "protection"
    source: Obj | None = None  # the object whose static ability it is
    self_replacement: bool = False
    commutes: bool = False  # changes only how a permanent enters: any order gives the same result
    timestamp: int = 0
    optional: str = ""  # "you may instead ...": the question the affected player answers as it would apply
    prevents: bool = False  # a prevention effect (615 / 419.7), which "can't be prevented" beats
    # what made the damage unpreventable (Leyline of Punishment, Combust): the prevention still
    # applies but prevents nothing (615.12 / 103.2)
    unpreventable_by: str = ""


# ------------------------------------------------------------------ the mechanism
def replace(state: GameState, event: ReplaceableEvent, *, ask: bool = True) -> Gen:
    """The events that happen instead of `event` once every applicable replacement and
    prevention effect has had its one chance at it (a generator: it may ask the affected
    player to choose the order; returns the list of events).  With `ask` false the
    order is the timestamp order, for the few places that can't stop for a question; the
    card pool has no such place where two effects that don't commute could both apply."""
    done: list[ReplaceableEvent] = []
    todo: list[ReplaceableEvent] = [event]
    while todo:
        ev = todo.pop(0)
        options = [r for r in _candidates(state, ev) if r.key not in ev.applied]
        if not options:
            done.append(ev)
            continue
        chosen = yield from _choose(state, options, ask)
        if chosen.optional and ask:  # "you may instead" (Abundance): not applying it is a choice too
            ans, _ = yield YesNoDecision(chosen.chooser, chosen.optional)
            if not ans.yes:
                todo.insert(0, with_changes(ev, applied=ev.applied | {chosen.key}))
                continue
        todo[:0] = _apply(state, chosen, ev)
    return done


def replaced(state: GameState, event: ReplaceableEvent) -> list[ReplaceableEvent]:
    """`replace` where no question can be asked (see there)."""
    gen = replace(state, event, ask=False)
    try:
        next(gen)
    except StopIteration as stop:
        return list(stop.value)
    raise RuntimeError("a replacement asked a question where none can be asked")


def _choose(state: GameState, options: list[Replacement], ask: bool) -> Gen:
    selfs = [r for r in options if r.self_replacement]  # 616.1a / 419.9a: these first
    pool = sorted(selfs or options, key=lambda r: r.timestamp)
    distinct = list({_identity(r): r for r in pool}.values())
    if len(distinct) == 1 or not ask or all(r.commutes for r in distinct):
        return pool[0]
    labels = distinct_labels(r.label for r in distinct)
    ans, _ = yield ChooseWordDecision(
        distinct[0].chooser, "choose which replacement or prevention effect applies first: " + ", ".join(labels),
        options=tuple(labels), concept="replacement_order")
    label = str(ans.words[0])  # one of the labels, as offered (validate)
    chosen = distinct[labels.index(label)]
    state.log_event(f"{chosen.chooser} applies {label} first", "replacement_order",
                    player=chosen.chooser)
    return chosen


def _identity(r: Replacement) -> Hashable:
    """Two effects are identical when they would do the same: two regeneration shields, or
    two copies of the same static ability (which still apply once each)."""
    if isinstance(r.what, StaticReplacement):
        return ("static", r.what.ability, r.what.place[1])
    if isinstance(r.what, Shield):
        s = r.what
        return ("shield", s.protects, s.combat_only, s.from_source, s.left, s.redirect_to, s.target, s.source_test,
                s.uses, (s.reflect[0].id, s.reflect[1]) if s.reflect is not None else None)
    return r.key


def _candidates(state: GameState, ev: ReplaceableEvent) -> list[Replacement]:
    match ev:
        case DamageEvent():
            return _damage_candidates(state, ev)
        case DestroyEvent(obj=o):
            if ev.can_regenerate and o.regen_shields > 0:  # 701.12a / 419.6b
                return [Replacement(("regenerate", o.id), f"regeneration shield ({o.name})", o.controller,
                                    "regenerate")]
            return []
        case MoveEvent(obj=o):
            if ev.to_zone != "graveyard":
                return []
            own = [Replacement(e.key, o.name, o.owner, e, o, timestamp=o.timestamp)
                   for e in effects_in_play(state, ir.GraveyardToLibrary | ir.DiscardedToBattlefield, (o,))
                   if not isinstance(e.effect, ir.DiscardedToBattlefield)
                   or ev.discarded_by in state.opponents(o.owner)]
            return own + _exile_instead(state, o)
        case DrawEvent():
            return _draw_candidates(state, ev)
        case EnterEvent(obj=o):
            own = [Replacement(e.key, o.name, o.controller, e, o, commutes=True)
                   for e in own_effects(o, ir.EntersTappedUnless | ir.EntersWithCounters)
                   if _enter_applies(state, o, e)]
            own += [Replacement(("gained", o.id, i), o.name, o.controller, e, o, commutes=True)
                    for i, e in enumerate(_gained_enters(o))  # gained while a spell (Bloodlord of Vaasgoth)
                    if _enter_applies(state, o, e)]
            return own + [Replacement(e.key, e.source.name, o.controller, e, e.source, commutes=True)
                          for e in effects_in_play(state, ir.OthersEnterTapped, unless_lost=False)
                          if _enter_applies(state, o, e)]
    raise TypeError(ev)


def _apply(state: GameState, r: Replacement, ev: ReplaceableEvent) -> list[ReplaceableEvent]:
    applied = ev.applied | {r.key}
    match ev:
        case DamageEvent():
            return _apply_to_damage(state, r, with_changes(ev, applied=applied))
        case DestroyEvent(obj=o):
            _regenerate(state, o)
            return []
        case MoveEvent(obj=o):
            effect = r.what.effect if isinstance(r.what, StaticReplacement) else None
            if isinstance(effect, ir.DiscardedToBattlefield):  # Obstinate Baloth
                state.log_event(f"{o.name} is discarded by an effect {ev.discarded_by} controls: it is put "
                                f"{state.rules.word('onto_battlefield')} instead ({r.label})", "replacement_instead")
                return [with_changes(ev, to_zone="battlefield", applied=applied)]
            if isinstance(effect, ir.OpponentsGraveyardToExile):
                state.log_event(f"{o.name} would go to {o.owner}'s graveyard: it is {state.rules.word('exiled')} "
                                f"instead ({r.label})", "replacement_instead")
                return [with_changes(ev, to_zone="exile", applied=applied)]
            state.log_event(f"{o.name} would go to a graveyard: it is revealed and shuffled into its owner's "
                            "library instead", "etb_replacement")
            return [with_changes(ev, to_zone="library", shuffle=True, applied=applied)]
        case DrawEvent():
            return _apply_to_draw(state, r, with_changes(ev, applied=applied))
        case EnterEvent(obj=o):
            assert isinstance(r.what, StaticReplacement)
            _enter_modified(state, o, r, ev.x)
            return [with_changes(ev, applied=applied)]
    raise TypeError(ev)


def _exile_instead(state: GameState, o: Obj) -> list[Replacement]:
    """"If a card would be put into an opponent's graveyard from anywhere, exile it instead"
    (Leyline of the Void): from the permanents of the card owner's opponents.  A token is not
    a card."""
    if o.token or o.spell_copy:
        return []
    return [Replacement(e.key, e.source.name, o.owner, e, e.source, timestamp=e.source.timestamp)
            for e in effects_in_play(state, ir.OpponentsGraveyardToExile) if e.source.controller != o.owner]


# ------------------------------------------------------------------ entering and regeneration
def _gained_enters(o: Obj) -> list[StaticReplacement]:
    """The "enters with counters" abilities the object gained while it was a spell."""
    return [StaticReplacement(o, (i, j), ab, effect) for i, ab in enumerate(o.gained_enters)
            for j, effect in enumerate(ab.effects) if isinstance(effect, ir.EntersWithCounters)]


def _enter_applies(state: GameState, o: Obj, e: StaticReplacement) -> bool:
    """Whether an effect on how a permanent enters applies to `o` entering: "Artifacts and lands
    enter the battlefield tapped" to those types; bloodthirst only if an opponent of its
    controller was dealt damage this turn (702.53a / 502.50a)."""
    match e.effect:
        case ir.OthersEnterTapped(types):
            return any(o.card.is_type(t) for t in types)
        case ir.EntersWithCounters(if_opponent_damaged=True):
            return any(state.player(p).damaged_turn == state.turn for p in state.opponents(o.controller))
    return True


def _enter_modified(state: GameState, o: Obj, r: Replacement, x: int) -> None:
    """"enters the battlefield tapped (unless ...)" and "enters with N counters" (614.1c / 419.1c)."""
    assert isinstance(r.what, StaticReplacement)
    match r.what.effect:
        case ir.OthersEnterTapped():  # "Artifacts and lands enter the battlefield tapped"
            o.tapped = True
            state.log_event(f"{o.name} {state.rules.word('enters')} tapped ({r.label})", "etb_replacement")
        case ir.EntersTappedUnless(subtypes):  # "enters tapped unless you control a Swamp or a Mountain"
            wanted = set(subtypes)
            if not any(wanted & set(chars(state, p).subtypes) for p in state.permanents(o.controller)):
                o.tapped = True
                state.log_event(f"{o.name} {state.rules.word('enters')} tapped", "etb_replacement")
        case ir.EntersWithCounters(kind, amount):
            n = _enter_amount(amount, x)
            if n > 0:
                o.counters[kind] += n
                state.invalidate()
                state.log_event(f"{o.name} {state.rules.word('enters')} with {n} {kind} "
                                f"counter{'s' if n != 1 else ''} on it", "etb_replacement")


def _enter_amount(amount: ir.Amount, x: int) -> int:
    match amount:
        case ir.Fixed(n):
            return n
        case ir.XValue():
            return x  # 0 unless it was a spell whose X was announced
    raise TypeError(amount)


def _regenerate(state: GameState, o: Obj) -> None:
    """"The next time it would be destroyed this turn, instead tap it, remove all damage from
    it and remove it from combat" (701.12a / 501.5a)."""
    o.regen_shields -= 1
    tap_permanent(state, o)
    o.damage = 0
    o.deathtouched = False
    in_combat = o.attacking is not None or bool(o.blocking)
    o.leave_combat()
    state.invalidate()
    state.log_event(f"{o.name} regenerates: it is tapped, its damage is removed"
                    + (" and it is removed from combat" if in_combat else ""), "regenerate")


# ------------------------------------------------------------------ damage
def _affected_controller(state: GameState, target: int | str) -> str:
    if isinstance(target, str):
        return target
    o = state.objects.get(target)
    return o.controller if o is not None else ""


def _damage_candidates(state: GameState, ev: DamageEvent) -> list[Replacement]:
    if ev.amount <= 0:
        return []
    target = ev.target
    if isinstance(target, int) and target not in state.objects:
        return []
    chooser = _affected_controller(state, target)
    out: list[Replacement] = []
    if isinstance(target, int) and protected_from(state, state.objects[target], ev.source):
        out.append(Replacement(("protection", target), f"protection ({state.objects[target].name})", chooser,
                               "protection", prevents=True))
    for s in state.shields:
        if _shield_applies(state, s, ev):
            out.append(Replacement(("shield", id(s)), s.source_name, chooser, s, timestamp=s.timestamp,
                                   prevents=s.redirect_to is None))
    out += [Replacement(e.key, e.source.name, chooser, e, e.source, timestamp=e.source.timestamp,
                        prevents=isinstance(e.effect, ir.DamagePrevention))
            for e in effects_in_play(state, ir.DamageModification) if _static_applies(state, e, ev)]
    return _unless_unpreventable(state, ev, out)


def _unless_unpreventable(state: GameState, ev: DamageEvent, options: list[Replacement]) -> list[Replacement]:
    """The one place where "damage can't be prevented" beats prevention effects of every kind
    (static abilities, shields from resolved spells and abilities, protection, a permanent's
    prevention of damage to itself): each still applies, first and in any order, but
    prevents nothing (615.12 / 103.2: the "can't" wins); the other effects follow."""
    pending = [r for r in options if r.prevents and r.key not in ev.applied]
    if not pending:
        return options
    by = _unpreventable_by(state, ev)
    if not by:
        return options
    return [with_changes(r, unpreventable_by=by, commutes=True) for r in pending]


def _unpreventable_by(state: GameState, ev: DamageEvent) -> str:
    """What makes the damage of `ev` unpreventable, or "": the damage's own "can't be
    prevented" (Combust), or a permanent's "Damage can't be prevented" (Leyline of
    Punishment)."""
    if ev.unpreventable:
        return ev.source.name
    found = effects_in_play(state, ir.DamageCantBePrevented)
    return found[0].source.name if found else ""


def _shield_applies(state: GameState, s: Shield, ev: DamageEvent) -> bool:
    if s.left is not None and s.left <= 0:
        return False
    if s.uses is not None and s.uses <= 0:  # "the next time": used up
        return False
    if s.combat_only and not ev.combat:
        return False
    if s.from_source is not None and ev.source.id != s.from_source:
        return False
    if s.source_test is not None and not matches(state, s.source_test, ev.source, chars(state, ev.source),
                                                 s.controller, ev.source):
        return False
    if s.protects == "target":
        return ev.target == s.target
    if s.protects == "anyone":
        return True
    if ev.target == s.controller:
        return True
    o = state.objects.get(ev.target) if isinstance(ev.target, int) else None
    if o is None or o.controller != s.controller:
        return False
    return s.protects == "you_and_your_permanents" or chars(state, o).is_type("Creature")


def _static_applies(state: GameState, e: StaticReplacement, ev: DamageEvent) -> bool:
    src = e.source
    match e.effect:
        case ir.PreventOneFromOpponents():
            return ev.target == src.controller and ev.source.controller != src.controller
        case ir.PreventNoncombatToAttached():
            return not ev.combat and ev.target == src.attached_to
        case ir.PreventToSelfRemoveCounters():
            return ev.target == src.id
        case ir.PreventToYouDuringYourTurn():
            return ev.target == src.controller and state.active == src.controller
        case ir.PreventAllToSelf():
            return ev.target == src.id
        case ir.PreventToAndFromAttached():
            return src.attached_to is not None and src.attached_to in (ev.target, ev.source.id)
        case ir.RedirectToAttached():
            return ev.target == src.controller and isinstance(src.attached_to, int)
        case ir.DoubleAllDamage():
            return True
        case ir.DoubleDamageFromYourSpells(test):
            s = ev.source
            return (s.zone == "stack" and s.controller == src.controller
                    and matches(state, test, s, chars(state, s), src.controller, src))
    raise TypeError(e.effect)


def _apply_to_damage(state: GameState, r: Replacement, ev: DamageEvent) -> list[ReplaceableEvent]:
    if r.unpreventable_by:
        return _prevent_nothing(state, r, ev)
    what = r.what
    if what == "protection":
        state.log_event(f"damage from {ev.source.name} to {name_of(state, ev.target)} is prevented (protection)",
                        "protection_damage")
        return []
    if isinstance(what, Shield):
        return _apply_shield(state, what, ev)
    assert isinstance(what, StaticReplacement) and r.source is not None
    match what.effect:
        case ir.PreventOneFromOpponents():
            return _prevent(state, ev, 1)
        case ir.PreventNoncombatToAttached():
            return _prevent(state, ev, ev.amount)
        case ir.PreventToSelfRemoveCounters(kind):
            n = ev.amount
            left = _prevent(state, ev, n)
            _remove_counters(state, r.source, kind, n)
            return left
        case ir.PreventToYouDuringYourTurn():
            return _prevent(state, ev, ev.amount)
        case ir.PreventAllToSelf() | ir.PreventToAndFromAttached():
            return _prevent(state, ev, ev.amount)
        case ir.RedirectToAttached():
            to = r.source.attached_to
            assert to is not None
            if not _can_be_dealt_damage(state, to):  # 614.9 / 419.6c: the effect does nothing
                return [ev]
            state.log_event(f"{ev.amount} damage {ev.source.name} would deal to {name_of(state, ev.target)} is "
                            f"dealt to {name_of(state, to)} instead ({r.label})", "redirection")
            return [with_changes(ev, target=to)]
        case ir.DoubleDamageFromYourSpells() | ir.DoubleAllDamage():
            state.log_event(f"{ev.source.name} would deal {ev.amount} damage to {name_of(state, ev.target)}: it deals "
                            f"double that, {2 * ev.amount}, instead ({r.label})", "replacement_instead")
            return [with_changes(ev, amount=2 * ev.amount)]
    raise TypeError(what.effect)


def _prevent_nothing(state: GameState, r: Replacement, ev: DamageEvent) -> list[ReplaceableEvent]:
    """A prevention effect applied to damage that can't be prevented (615.12 / 103.2): no
    damage is prevented and a shield isn't used up, but an additional effect that doesn't
    depend on prevented damage still happens (Protean Hydra's "remove that many +1/+1
    counters"; Vengeful Archon's "if damage is prevented this way" doesn't)."""
    state.log_event(f"damage can't be prevented ({r.unpreventable_by}): {r.label} prevents none of the {ev.amount} "
                    f"damage {ev.source.name} would deal to {name_of(state, ev.target)}", "cant_be_prevented")
    what = r.what
    if isinstance(what, StaticReplacement) and isinstance(what.effect, ir.PreventToSelfRemoveCounters) \
            and r.source is not None:
        _remove_counters(state, r.source, what.effect.kind, ev.amount)
    return [ev]


def _prevent(state: GameState, ev: DamageEvent, n: int) -> list[ReplaceableEvent]:
    n = min(n, ev.amount)
    state.log_event(f"{n} damage {ev.source.name} would deal to {name_of(state, ev.target)} is prevented",
                    "prevention")
    return [with_changes(ev, amount=ev.amount - n)] if n < ev.amount else []


def _remove_counters(state: GameState, o: Obj, kind: str, n: int) -> None:
    """615.5 / 419.7e: the prevention's additional effect ("remove that many +1/+1 counters")."""
    if o.id in state.objects:
        remove_counters(state, o, kind, n, concept="prevention_extra")


def _apply_shield(state: GameState, s: Shield, ev: DamageEvent) -> list[ReplaceableEvent]:
    to = s.redirect_to
    if to is not None and not _can_be_dealt_damage(state, to):  # 614.9 / 419.6c: the effect does nothing
        state.log_event(f"{s.source_name} can't redirect {ev.source.name}'s damage: {name_of(state, to)} can't be "
                        "dealt it", "redirection")
        return [ev]
    n = ev.amount if s.left is None else min(s.left, ev.amount)
    if s.left is not None:
        s.left -= n
    if s.uses is not None:
        s.uses -= 1
    if to is None and s.reflect is not None:  # its additional effect follows the event (615.5 / 419.7e)
        s.owed += n
    rest: list[ReplaceableEvent] = [with_changes(ev, amount=ev.amount - n)] if n < ev.amount else []
    if to is None:
        state.log_event(f"{n} damage {ev.source.name} would deal to {name_of(state, ev.target)} is prevented "
                        f"({s.source_name})", "prevention_shield" if s.left is not None else "prevention")
        return rest
    state.log_event(f"{n} damage {ev.source.name} would deal to {name_of(state, ev.target)} is dealt to "
                    f"{name_of(state, to)} instead ({s.source_name})", "redirection")
    return [with_changes(ev, target=to, amount=n), *rest]


def _can_be_dealt_damage(state: GameState, to: int | str) -> bool:
    if isinstance(to, str):
        return state.has_player(to) and not state.player(to).lost
    o = state.objects.get(to)
    if o is None or o.zone != "battlefield":
        return False
    ch = chars(state, o)
    return ch.is_type("Creature") or ch.is_type("Planeswalker")


# ------------------------------------------------------------------ drawing
def _draw_candidates(state: GameState, ev: DrawEvent) -> list[Replacement]:
    """"If target player would draw a card, instead ..." from resolved spells (Plagiarize) and
    "If you would draw a card, you may instead ..." from permanents (Abundance)."""
    if ev.instead:
        return []  # already replaced by something that isn't a draw
    out = [Replacement(("draw_effect", e.timestamp), e.source_name, ev.player, "draw_effect", timestamp=e.timestamp)
           for e in state.effects if isinstance(e, DrawReplacementEffect) and e.player == ev.player]
    return out + [Replacement(e.key, e.source.name, ev.player, e, e.source, timestamp=e.source.timestamp,
                              optional=f"{e.source.name}: instead of drawing a card, choose land or nonland and "
                                       "reveal cards until you reveal one of that kind?")
                  for e in effects_in_play(state, ir.DrawInstead, state.permanents(ev.player),
                                             unless_lost=False)]


def has_draw_replacements(state: GameState, player: str) -> bool:
    """Whether any effect would replace a draw of `player`'s (else draws go the quick way)."""
    return bool(_draw_candidates(state, DrawEvent(player)))


def _apply_to_draw(state: GameState, r: Replacement, ev: DrawEvent) -> list[ReplaceableEvent]:
    if isinstance(r.what, StaticReplacement) and isinstance(r.what.effect, ir.DrawInstead):
        state.log_event(f"{ev.player} would draw a card: {r.label} replaces the draw", "replacement_instead",
                        player=ev.player)
        return [with_changes(ev, instead=r.what.effect.instead, by=r.source)]
    e = next(e for e in state.effects if isinstance(e, DrawReplacementEffect) and ("draw_effect", e.timestamp) == r.key)
    state.log_event(f"{ev.player} would draw a card: instead they skip that draw and {e.to} draws a card ({r.label})",
                    "replacement_instead", player=ev.player)
    return [with_changes(ev, player=e.to)]
