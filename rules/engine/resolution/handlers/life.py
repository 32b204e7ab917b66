"""Effects on life totals and on the game's result: gaining and losing life, lifelink, setting or
doubling a total, winning and losing the game."""

from __future__ import annotations

from ....cards import ir
from ...changes.damage import gain_life as gain, set_life_total as set_total
from ...core.state import EffectContext, GameState
from .. import effects as E
from ..meanings import amount, refs
from . import Handler


def gain_life(state: GameState, ctx: EffectContext, effect: ir.GainLife) -> None:
    k = amount(state, ctx, effect.amount)
    E.gain_life(state, ctx, refs(state, ctx, effect.players), k)


def lose_life(state: GameState, ctx: EffectContext, effect: ir.LoseLife) -> None:
    amt = effect.amount
    if isinstance(amt, ir.Times) and isinstance(amt.b, ir.CountPlayerControls):
        for p in refs(state, ctx, effect.players):  # "Each player loses 1 life for each creature they control"
            E.lose_life(state, ctx, [p], amount(state, ctx, amt, p))
        return
    k = amount(state, ctx, amt)
    E.lose_life(state, ctx, refs(state, ctx, effect.players), k)


def double_life(state: GameState, ctx: EffectContext, effect: ir.DoubleLife) -> None:
    for p in refs(state, ctx, effect.players):
        if p is not None:
            gain(state, p, max(state.player(p).life, 0), ctx.source.name)


def set_life_total(state: GameState, ctx: EffectContext, effect: ir.SetLifeTotal) -> None:
    for p in refs(state, ctx, effect.players):
        if p is not None:
            set_total(state, p, amount(state, ctx, effect.amount), ctx.source.name)


def lifelink_gain(state: GameState, ctx: EffectContext, effect: ir.LifelinkGain) -> None:
    gain(state, ctx.controller, ctx.data["amount"], f"{ctx.source.name}'s lifelink", concept="lifelink")


def lose_game(state: GameState, ctx: EffectContext, effect: ir.LoseGame) -> None:
    E.lose_game(state, ctx, refs(state, ctx, effect.players))


def win_game(state: GameState, ctx: EffectContext, effect: ir.WinGame) -> None:
    E.win_game(state, ctx, refs(state, ctx, effect.players))


HANDLERS: dict[type, Handler] = {
    ir.GainLife: gain_life,
    ir.LoseLife: lose_life,
    ir.DoubleLife: double_life,
    ir.SetLifeTotal: set_life_total,
    ir.LifelinkGain: lifelink_gain,
    ir.LoseGame: lose_game,
    ir.WinGame: win_game,
}
