"""Effects on permanents where they are: destroying and regenerating, tapping and untapping,
sacrificing, counters, tokens, and attaching the source."""

from __future__ import annotations

from typing import Any

from ....cards import ir
from ...changes.damage import destroy
from ...continuous.characteristics import chars, matches
from ...core.state import EffectContext, GameState
from .. import effects as E
from ..meanings import amount, refs
from . import Gen, Handler


def chosen_among(state: GameState, ctx: EffectContext, players: ir.Ref, test: ir.Pred,
                 other_than_source: bool = False) -> list[tuple[Any, list[int]]]:
    """Each player with the permanents they control that pass `test`: what each chooses among."""
    return [(p, [o.id for o in state.permanents(p) if matches(state, test, o, chars(state, o), p, ctx.source)
                 and not (other_than_source and o.id == ctx.source.id)]) for p in refs(state, ctx, players)]


def destroy_objects(state: GameState, ctx: EffectContext, effect: ir.Destroy) -> None:
    E.destroy(state, ctx, refs(state, ctx, effect.objects), regenerate=effect.regenerate)


def regenerate(state: GameState, ctx: EffectContext, effect: ir.Regenerate) -> None:
    E.regenerate(state, ctx, refs(state, ctx, effect.objects))


def no_regeneration_if_dealt_damage(state: GameState, ctx: EffectContext,
                                    effect: ir.NoRegenerationIfDealtDamage) -> None:
    dealt = {t for s, t, k in state.damage_this_turn if s == ctx.source.id and k > 0}
    E.no_regeneration(state, ctx, [i for i in refs(state, ctx, effect.objects) if i is not None and i in dealt])


def deathtouch_destroy(state: GameState, ctx: EffectContext, effect: ir.DeathtouchDestroy) -> None:
    victim = ctx.data["victim"]
    if victim in state.objects:
        state.log_event(f"{ctx.source.name}'s deathtouch: destroy {state.objects[victim].name}", "deathtouch")
        destroy(state, victim)


def tap(state: GameState, ctx: EffectContext, effect: ir.Tap) -> None:
    E.tap(state, ctx, refs(state, ctx, effect.objects), untap=effect.untap)


def tap_or_untap(state: GameState, ctx: EffectContext, effect: ir.TapOrUntap) -> Gen:
    yield from E.tap_or_untap(state, ctx, refs(state, ctx, effect.objects))


def dont_untap(state: GameState, ctx: EffectContext, effect: ir.DontUntap) -> None:
    objects = refs(state, ctx, effect.objects)
    E.dont_untap(state, ctx, objects, refs(state, ctx, effect.whose) if effect.whose is not None else [])


def sacrifice_source(state: GameState, ctx: EffectContext, effect: ir.SacrificeSource) -> None:
    E.sacrifice(state, ctx, [ctx.source.id])


def sacrifice_chosen(state: GameState, ctx: EffectContext, effect: ir.SacrificeChosen) -> Gen:
    cands = chosen_among(state, ctx, effect.players, effect.test, effect.other_than_source)
    yield from E.sacrifice_chosen(state, ctx, cands, effect.what)


def sacrifice_several(state: GameState, ctx: EffectContext, effect: ir.SacrificeSeveral) -> Gen:
    cands = chosen_among(state, ctx, effect.players, effect.test)
    yield from E.sacrifice_several(state, ctx, cands, effect.what, effect.count)


def add_counters(state: GameState, ctx: EffectContext, effect: ir.AddCounters) -> None:
    E.add_counters(state, ctx, refs(state, ctx, effect.objects), effect.kind, effect.n)


def double_counters(state: GameState, ctx: EffectContext, effect: ir.DoubleCounters) -> None:
    for oid in refs(state, ctx, effect.objects):
        if oid is not None and oid in state.objects and state.objects[oid].zone == "battlefield":
            E.add_counters(state, ctx, [oid], effect.kind, state.objects[oid].counters.get(effect.kind, 0))


def create_tokens(state: GameState, ctx: EffectContext, effect: ir.CreateTokens) -> None:
    E.create_tokens(state, ctx, effect.token, amount(state, ctx, effect.amount))


def attach_source_to(state: GameState, ctx: EffectContext, effect: ir.AttachSourceTo) -> None:
    eq, host = ctx.source.id, ctx.target(0)
    if eq in state.objects and host is not None:
        state.objects[eq].attached_to = host
        state.objects[eq].timestamp = state.new_timestamp()  # a new timestamp as it's attached (613.7e)
        state.invalidate()
        state.log_event(f"{ctx.source.name} is attached to {state.objects[host].name}", "resolve")


HANDLERS: dict[type, Handler] = {
    ir.Destroy: destroy_objects,
    ir.Regenerate: regenerate,
    ir.NoRegenerationIfDealtDamage: no_regeneration_if_dealt_damage,
    ir.DeathtouchDestroy: deathtouch_destroy,
    ir.Tap: tap,
    ir.TapOrUntap: tap_or_untap,
    ir.DontUntap: dont_untap,
    ir.SacrificeSource: sacrifice_source,
    ir.SacrificeChosen: sacrifice_chosen,
    ir.SacrificeSeveral: sacrifice_several,
    ir.AddCounters: add_counters,
    ir.DoubleCounters: double_counters,
    ir.CreateTokens: create_tokens,
    ir.AttachSourceTo: attach_source_to,
}
