"""Effects that add mana to a pool as they resolve (Doubling Cube's doubling too)."""

from __future__ import annotations

from ....cards import ir
from ...changes.mana_pool import add_mana, double_pool
from ...core.state import EffectContext, GameState
from ..meanings import refs
from . import Handler


def add_mana_to(state: GameState, ctx: EffectContext, effect: ir.AddManaTo) -> None:
    for p in refs(state, ctx, effect.players):
        add_mana(state, p, effect.color, effect.amount, ctx.source.name)


def add_mana_effect(state: GameState, ctx: EffectContext, effect: ir.AddManaEffect) -> None:
    state.player(ctx.controller).pool[effect.color] += effect.amount
    mana = "".join("{" + effect.color + "}" for _ in range(effect.amount))
    state.log_event(f"{ctx.controller} adds {mana} to their mana pool", "resolve")


def double_mana_pool(state: GameState, ctx: EffectContext, effect: ir.DoubleManaPool) -> None:
    double_pool(state, ctx.controller)


HANDLERS: dict[type, Handler] = {
    ir.AddManaTo: add_mana_to,
    ir.AddManaEffect: add_mana_effect,
    ir.DoubleManaPool: double_mana_pool,
}
