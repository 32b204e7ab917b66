"""Effects that deal damage, and the shields that prevent or redirect damage this turn (2014 615 /
2009 419)."""

from __future__ import annotations

from ....cards import ir
from ...core.objects import Shield
from ...core.refs import name_of
from ...core.state import EffectContext, GameState
from .. import effects as E, shields as S
from ..meanings import amount, refs
from . import Gen, Handler


def deal_damage(state: GameState, ctx: EffectContext, effect: ir.DealDamage) -> Gen:
    k = amount(state, ctx, effect.amount)
    yield from E.deal_damage(state, ctx, k, refs(state, ctx, effect.to), effect.unpreventable)


def deal_divided_damage(state: GameState, ctx: EffectContext, effect: ir.DealDividedDamage) -> Gen:
    """The division was announced with the targets (601.2d); a target that became illegal is not
    dealt its part (608.2b), and nobody else gets it."""
    chosen = ctx.targets[effect.to.index:effect.to.index + effect.to.count]
    if effect.evenly:
        parts = [amount(state, ctx, effect.amount) // len(chosen)] * len(chosen) if chosen else []
    else:
        parts = list(ctx.item.division) if ctx.item is not None else []
    for target, part in zip(chosen, parts, strict=False):
        if target is not None and part > 0:
            yield from E.deal_damage(state, ctx, part, [target])


def each_deals_power_damage(state: GameState, ctx: EffectContext, effect: ir.EachDealsPowerDamage) -> Gen:
    yield from E.each_deals_power(state, ctx, refs(state, ctx, effect.sources), refs(state, ctx, effect.to))


def power_divided_by_controller(state: GameState, ctx: EffectContext, effect: ir.PowerDividedByController) -> Gen:
    sources = refs(state, ctx, effect.source)
    yield from E.power_divided_by_controller(state, ctx, sources, refs(state, ctx, effect.among))


def prevent_all_damage_to(state: GameState, ctx: EffectContext, effect: ir.PreventAllDamageTo) -> None:
    for t in refs(state, ctx, effect.to):
        if t is not None:
            state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "target", target=t))
            state.log_event(f"{ctx.source.name}: all damage that would be dealt to {name_of(state, t)} this "
                            "turn is prevented", "prevention_shield")


def prevent_this_turn(state: GameState, ctx: EffectContext, effect: ir.PreventThisTurn) -> None:
    what = effect.what
    state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller,
                                "anyone" if what == "combat" else what, combat_only=what == "combat"))
    state.log_event(f"{ctx.source.name}: {effect.text} this turn", "prevention")


def prevent_next_damage_to(state: GameState, ctx: EffectContext, effect: ir.PreventNextDamageTo) -> None:
    how_much = effect.amount
    for t in refs(state, ctx, effect.to):
        if t is not None:
            state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "target",
                                        left=how_much, target=t))
            state.log_event(f"{ctx.source.name}: the next {how_much} damage that would be dealt to "
                            f"{name_of(state, t)} this turn is prevented", "prevention_shield")


def prevent_from_sources_this_turn(state: GameState, ctx: EffectContext, effect: ir.PreventFromSourcesThisTurn) -> None:
    state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "anyone",
                                source_test=effect.test))
    state.log_event(f"{ctx.source.name}: damage those sources would deal this turn is prevented", "prevention")


def redirect_next_damage(state: GameState, ctx: EffectContext, effect: ir.RedirectNextDamage) -> Gen:
    yield from E.redirect_next_damage(state, ctx, effect.amount, refs(state, ctx, effect.to))


def prevent_next_time_from_chosen_source(state: GameState, ctx: EffectContext,
                                         effect: ir.PreventNextTimeFromChosenSource) -> Gen:
    yield from S.prevent_next_time_from_chosen_source(state, ctx, effect.test)


def prevent_next_and_reflect(state: GameState, ctx: EffectContext, effect: ir.PreventNextAndReflect) -> None:
    S.prevent_next_and_reflect(state, ctx, amount(state, ctx, effect.amount), refs(state, ctx, effect.to),
                               refs(state, ctx, effect.reflect_to))


def redirect_combat_damage_from_unblocked(state: GameState, ctx: EffectContext,
                                          effect: ir.RedirectCombatDamageFromUnblocked) -> None:
    S.redirect_unblocked_combat_damage(state, ctx)


HANDLERS: dict[type, Handler] = {
    ir.DealDamage: deal_damage,
    ir.DealDividedDamage: deal_divided_damage,
    ir.EachDealsPowerDamage: each_deals_power_damage,
    ir.PowerDividedByController: power_divided_by_controller,
    ir.PreventAllDamageTo: prevent_all_damage_to,
    ir.PreventThisTurn: prevent_this_turn,
    ir.PreventNextDamageTo: prevent_next_damage_to,
    ir.PreventFromSourcesThisTurn: prevent_from_sources_this_turn,
    ir.RedirectNextDamage: redirect_next_damage,
    ir.PreventNextTimeFromChosenSource: prevent_next_time_from_chosen_source,
    ir.PreventNextAndReflect: prevent_next_and_reflect,
    ir.RedirectCombatDamageFromUnblocked: redirect_combat_damage_from_unblocked,
}
