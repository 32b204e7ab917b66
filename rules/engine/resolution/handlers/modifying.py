"""Effects that change what permanents are, may do or who controls them: pumping, becoming,
colours, abilities gained and lost, protection, restrictions and requirements, text changes,
and control changes."""

from __future__ import annotations

from ....cards import ir
from ...continuous.text_changes import change_text as change_texts
from ...core.objects import CantBlockThis
from ...core.state import EffectContext, GameState
from .. import effects as E, linked as L
from ..becomes_effect import becomes_creature_type as become_creature_type
from ..meanings import amount, refs
from . import Gen, Handler


def pump(state: GameState, ctx: EffectContext, effect: ir.Pump) -> None:
    if effect.scale is not None:
        k = amount(state, ctx, effect.scale)
        E.pump(state, ctx, refs(state, ctx, effect.objects), effect.power * k, effect.toughness * k, effect.grants)
    else:
        E.pump(state, ctx, refs(state, ctx, effect.objects), effect.power, effect.toughness, effect.grants)


def pump_by(state: GameState, ctx: EffectContext, effect: ir.PumpBy) -> None:
    k = amount(state, ctx, effect.amount)
    E.pump(state, ctx, refs(state, ctx, effect.objects), k, k, effect.grants)


def switch_pt(state: GameState, ctx: EffectContext, effect: ir.SwitchPT) -> None:
    E.switch_pt(state, ctx, refs(state, ctx, effect.objects))


def becomes(state: GameState, ctx: EffectContext, effect: ir.Becomes) -> None:
    E.becomes(state, ctx, refs(state, ctx, effect.objects), effect)


def becomes_creature_type(state: GameState, ctx: EffectContext, effect: ir.BecomesCreatureType) -> None:
    """Turn to Frog, Skinshifter."""
    become_creature_type(state, ctx, refs(state, ctx, effect.objects), effect)


def is_also(state: GameState, ctx: EffectContext, effect: ir.IsAlso) -> None:
    E.is_also(state, ctx, refs(state, ctx, effect.objects), effect)


def set_color(state: GameState, ctx: EffectContext, effect: ir.SetColor) -> None:
    E.set_color(state, ctx, refs(state, ctx, effect.objects), effect.colors)


def lose_and_gain(state: GameState, ctx: EffectContext, effect: ir.LoseAndGain) -> None:
    E.lose_and_gain(state, ctx, refs(state, ctx, effect.objects), effect.removes, effect.grants)


def protection_from_chosen_color(state: GameState, ctx: EffectContext, effect: ir.ProtectionFromChosenColor) -> Gen:
    yield from E.protection_from_chosen_color(state, ctx, refs(state, ctx, effect.objects))


def restrict(state: GameState, ctx: EffectContext, effect: ir.Restrict) -> None:
    E.restrict(state, ctx, refs(state, ctx, effect.objects), effect.restriction, effect.text)


def cant_block_source(state: GameState, ctx: EffectContext, effect: ir.CantBlockSource) -> None:
    """Duct Crawler."""
    E.restrict(state, ctx, refs(state, ctx, effect.objects), CantBlockThis(ctx.source.id),
               f"can't block {ctx.source.name} this turn")


def attacks_if_able(state: GameState, ctx: EffectContext, effect: ir.AttacksIfAble) -> None:
    E.attacks_if_able(state, ctx, refs(state, ctx, effect.objects), refs(state, ctx, effect.whom))


def change_text(state: GameState, ctx: EffectContext, effect: ir.ChangeText) -> Gen:
    yield from change_texts(state, ctx, refs(state, ctx, effect.objects))


def gain_control(state: GameState, ctx: EffectContext, effect: ir.GainControl) -> None:
    E.gain_control(state, ctx, refs(state, ctx, effect.objects), effect.duration)


def give_control(state: GameState, ctx: EffectContext, effect: ir.GiveControl) -> None:
    for p in refs(state, ctx, effect.players):
        if p is not None:
            E.give_control(state, ctx, refs(state, ctx, effect.objects), p)


def scramble(state: GameState, ctx: EffectContext, effect: ir.Scramble) -> None:
    L.scramble(state, ctx)


HANDLERS: dict[type, Handler] = {
    ir.Pump: pump,
    ir.PumpBy: pump_by,
    ir.SwitchPT: switch_pt,
    ir.Becomes: becomes,
    ir.BecomesCreatureType: becomes_creature_type,
    ir.IsAlso: is_also,
    ir.SetColor: set_color,
    ir.LoseAndGain: lose_and_gain,
    ir.ProtectionFromChosenColor: protection_from_chosen_color,
    ir.Restrict: restrict,
    ir.CantBlockSource: cant_block_source,
    ir.AttacksIfAble: attacks_if_able,
    ir.ChangeText: change_text,
    ir.GainControl: gain_control,
    ir.GiveControl: give_control,
    ir.Scramble: scramble,
}
