"""Playing a card without paying its mana cost while an effect resolves ("You may play that
card without paying its mana cost": Djinn of Wishes).

A land is played as the turn's land play, so only by the active player who hasn't played
one yet (2014 305.3 / 2009 212.6d: the effect gives permission to play it, not an extra land
play).  A spell is cast during the resolution, ignoring timing (608.2g / 413.2e); it goes on
the stack above what is resolving and resolves later.  Its mana cost isn't paid, so X is 0;
a cost increase ("{1} more for each target beyond the first") is still paid (601.2e /
409.1f).  The player says yes or no first; then, when the spell has targets to
choose, a `cast` action for that card announces them (`CastFreeDecision`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards.ir import PlayerRule
from ...cards.mana import ManaCost, Payment
from ..changes.events import emit, emit_targeted
from ..changes.payment import pay_mana, plan_payment
from ..changes.zones import move
from ..continuous.abilities import spell_ability, spell_targets
from ..continuous.player_rules import land_plays, player_rules
from ..core import actions as A
from ..core.decisions import CastFreeDecision, Decision, YesNoDecision
from ..core.objects import Obj, StackItem
from ..core.state import EffectContext, GameState
from .division import check_division, divided_effect
from .spell_costs import (
    additional_sacrifice,
    additional_sacrifice_candidates,
    check_additional_costs,
    cost_increase,
    cost_reduction,
    extra_cost,
    pay_additional_costs,
)
from .targets import check_targets, check_x_targets, legal_targets, targets_can_be_chosen, targets_text

Gen = Generator[Decision, Any, Any]


def play_without_paying(state: GameState, ctx: EffectContext, oid: Any) -> Gen:
    """Offer `ctx.controller` to play card `oid` without paying its mana cost; returns whether
    they did."""
    o = state.objects.get(oid) if isinstance(oid, int) else None
    if o is None:
        return False
    p = ctx.controller
    if o.card.is_type("Land"):
        if state.active != p or state.player(p).lands_played >= land_plays(state, p):
            state.log_event(f"{p} can't play {o.name}: a land can be played only on your own turn, once",
                            "land_by_effect", player=p)
            return False
        ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: play {o.name}?")
        if not ans.yes:
            return False
        move(state, o.id, "battlefield", controller=p)
        state.player(p).lands_played += 1
        state.log_event(f"{p} plays {o.name} ({ctx.source.name})", "land_by_effect", player=p)
        return True
    why = cant_cast(state, p, o)
    if why:
        state.log_event(f"{p} can't cast {o.name}: {why}", "cast_free", player=p)
        return False
    ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: cast {o.name} without paying its mana cost?")
    if not ans.yes:
        return False
    return (yield from cast_now(state, p, o))


def cast_now(state: GameState, p: str, o: Obj) -> Gen:
    """`p` casts `o` without paying its mana cost during a resolution (608.2g / 413.2e): its
    targets (and division) announced if it has any to choose (`CastFreeDecision`); a cost
    increase they can't pay leaves it where it is.  Returns whether it was cast."""
    ab = spell_ability(o)
    if not spell_targets(o) and (ab is None or divided_effect(ab.effect) is None):
        action: A.Cast = A.Cast(p, o.id)  # nothing to announce: cast without asking
        try:
            plan = check_cast_free(state, CastFreeDecision(p, "", card=o.id), action)
        except A.IllegalAction as e:  # a cost increase they can't pay
            state.log_event(f"{p} can't cast {o.name}: {e}", "cast_free", player=p)
            return False
    else:
        action, plan = yield CastFreeDecision(p, f"cast {o.name} without paying its mana cost: choose its targets",
                                              card=o.id)
    yield from cast_free(state, action, plan)
    return True


def cant_cast(state: GameState, player: str, o: Obj) -> str:
    """Why `player` can't cast `o` at all now ("" if they may): a rule against casting, or a
    target it needs and can't have (601.2c)."""
    if PlayerRule.CANT_CAST in player_rules(state, player):
        return "they can't cast spells this turn"
    if o.card.is_type("Creature") and PlayerRule.CANT_CAST_CREATURES in player_rules(state, player):
        return "they can't cast creature spells"
    if state.player(player).spells_cast and PlayerRule.ONE_SPELL_EACH_TURN in player_rules(state, player):
        return "they can't cast more than one spell each turn"
    for spec in spell_targets(o):
        if len(legal_targets(state, spec, player, o)) < spec.fewest:
            return f"nothing to target ({spec.text})"
    if not targets_can_be_chosen(state, spell_targets(o), player, o):
        return "not enough different targets for it"
    if additional_sacrifice(o) is not None and not additional_sacrifice_candidates(state, o, player):
        return "nothing to sacrifice for its additional cost"
    return ""


def check_cast_free(state: GameState, d: CastFreeDecision, a: A.Cast) -> Payment[int]:
    """Check a `cast` answering `d`: that card, X 0, legal targets and division; the plan to
    pay any cost increase."""
    o = state.objects.get(a.card)
    if a.card != d.card or o is None:
        raise A.IllegalAction("cast the card the effect lets you cast", state.rules.cite("cast_free"))
    if a.x not in (None, 0):
        raise A.IllegalAction(f"{o.name} is cast without paying its mana cost, so X is 0",
                              state.rules.cite("cast_free"))
    if a.modes:
        raise A.IllegalAction(f"{o.name} has no modes to choose", state.rules.cite("cast_modes"))
    extra = max(extra_cost(o, len(a.targets)) + cost_increase(state, o, a.player) - cost_reduction(state, o, a.player),
                0)
    plan = plan_payment(state, a.player, ManaCost().plus_generic(extra), a.paying, exclude=(), casting=o.id)
    check_additional_costs(state, o, a.player)
    check_targets(state, spell_targets(o), a.targets, a.player, o)
    check_x_targets(state, spell_targets(o), a.targets, 0, o)
    ab = spell_ability(o)
    check_division(state, ab.effect if ab else (), a.targets, a.division, 0)
    return plan


def cast_free(state: GameState, a: A.Cast, plan: Payment[int]) -> Generator[Decision, Any, None]:
    """Put the spell on the stack (601.2): announced, targets chosen, costs paid, cast."""
    o = state.objects[a.card]
    name = o.name
    ab = spell_ability(o)
    division = check_division(state, ab.effect if ab else (), a.targets, a.division, 0)
    extra = max(extra_cost(o, len(a.targets)) + cost_increase(state, o, a.player) - cost_reduction(state, o, a.player),
                0)
    from_zone = o.zone
    new_id = move(state, a.card, "stack", controller=a.player)
    state.objects[new_id].cast_from = from_zone
    state.player(a.player).spells_cast += 1
    if extra:
        pay_mana(state, a.player, plan, ManaCost().plus_generic(extra))
    item = StackItem(state.new_id(), "spell", a.player, new_id, name, ability=ab, targets=list(a.targets),
                     division=division)
    state.stack.append(item)  # on the stack from the start of casting (601.2a), its costs paid there
    item.data = yield from pay_additional_costs(state, state.objects[new_id], a.player)
    state.log_event(f"{a.player} {state.rules.word('cast')} {name} without paying its mana cost"
                    f"{targets_text(state, item.targets, item.division)}", "cast_free", player=a.player)
    emit(state, "cast", {"item": item, "player": a.player})
    emit_targeted(state, item)
