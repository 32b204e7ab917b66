"""Effects that choose as they resolve: a coin flip, an object at random, a card name."""

from __future__ import annotations

from ....cards import ir
from ...core.state import EffectContext, GameState
from .. import effects as E
from ..meanings import refs
from . import Gen, Handler


def flip_coin(state: GameState, ctx: EffectContext, effect: ir.FlipCoin) -> None:
    won = state.rng.random() < 0.5
    ctx.data["flip_won"] = won
    state.log_event(f"{ctx.controller} flips a coin and {'wins' if won else 'loses'} the flip", "coin_flip",
                    player=ctx.controller)


def choose_at_random(state: GameState, ctx: EffectContext, effect: ir.ChooseAtRandom) -> None:
    E.choose_at_random(state, ctx, refs(state, ctx, effect.objects), effect.remember)


def choose_name(state: GameState, ctx: EffectContext, effect: ir.ChooseName) -> Gen:
    yield from E.choose_name(state, ctx, refs(state, ctx, effect.players), effect.remember)


HANDLERS: dict[type, Handler] = {
    ir.FlipCoin: flip_coin,
    ir.ChooseAtRandom: choose_at_random,
    ir.ChooseName: choose_name,
}
