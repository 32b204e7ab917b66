"""Effects on turns and on what players may do this turn: extra turns and phases, ending the
turn, skipping combat, controlling another player's turn, attacking next turn, and the rules
that change for players until end of turn (can't cast, can't be countered, draws replaced)."""

from __future__ import annotations

from ....cards import ir
from ...continuous.effect_store import add_effect
from ...core.objects import DrawReplacementEffect, PlayerRuleEffect, SpellImmunityEffect
from ...core.state import EffectContext, GameState
from .. import effects as E, turn_effects as T
from ..meanings import refs
from ..turn_control import control_next_turn
from . import Gen, Handler


def extra_turn(state: GameState, ctx: EffectContext, effect: ir.ExtraTurn) -> None:
    E.extra_turn(state, ctx, refs(state, ctx, effect.players))


def end_the_turn(state: GameState, ctx: EffectContext, effect: ir.EndTheTurn) -> Gen:
    yield from T.end_the_turn(state, ctx)


def additional_combat_phase(state: GameState, ctx: EffectContext, effect: ir.AdditionalCombatPhase) -> None:
    T.additional_combat(state, ctx)


def untap_attacked_this_turn(state: GameState, ctx: EffectContext, effect: ir.UntapAttackedThisTurn) -> None:
    T.untap_attacked_this_turn(state, ctx)


def skip_next_combat(state: GameState, ctx: EffectContext, effect: ir.SkipNextCombat) -> None:
    for p in refs(state, ctx, effect.players):
        if p is not None:
            state.player(p).skip_combats += 1
            state.log_event(f"{p} will skip their next combat phase", "skip_phase", player=p)


def control_player_next_turn(state: GameState, ctx: EffectContext, effect: ir.ControlPlayerNextTurn) -> None:
    for p in refs(state, ctx, effect.players):
        if p is not None:
            control_next_turn(state, ctx.controller, p, ctx.source.name)


def attack_next_turn_if_able(state: GameState, ctx: EffectContext, effect: ir.AttackNextTurnIfAble) -> None:
    T.attack_next_turn(state, ctx, refs(state, ctx, effect.players), refs(state, ctx, effect.whom))


def opponents_cant_cast(state: GameState, ctx: EffectContext, effect: ir.OpponentsCantCast) -> None:
    foes = frozenset(p for p in state.opponents(ctx.controller))
    add_effect(state, PlayerRuleEffect(state.new_timestamp(), frozenset(), ctx.source.name, "eot",
                                       rule=ir.PlayerRule.CANT_CAST.value, players=foes))  # a plain str: state
    state.log_event(f"{', '.join(sorted(foes))} can't cast spells this turn", "cant")


def spell_immunity_this_turn(state: GameState, ctx: EffectContext, effect: ir.SpellImmunityThisTurn) -> None:
    add_effect(state, SpellImmunityEffect(state.new_timestamp(), frozenset(), ctx.source.name, "eot",
                                          player=ctx.controller, test=effect.test,
                                          uncounterable=effect.uncounterable, untargetable=effect.untargetable))
    state.log_event(f"{ctx.source.name}: this turn, spells {ctx.controller} controls can't be countered and "
                    f"creatures {ctx.controller} controls can't be targeted by some spells", "cant")


def draw_instead_this_turn(state: GameState, ctx: EffectContext, effect: ir.DrawInsteadThisTurn) -> None:
    drawer = next((p for p in refs(state, ctx, effect.to) if p is not None), ctx.controller)
    for p in refs(state, ctx, effect.players):
        if p is not None:
            add_effect(state, DrawReplacementEffect(state.new_timestamp(), frozenset(), ctx.source.name,
                                                    "eot", player=p, to=drawer))
            state.log_event(f"{ctx.source.name}: until end of turn, if {p} would draw a card, {drawer} "
                            "draws a card instead", "replacement_instead")


HANDLERS: dict[type, Handler] = {
    ir.ExtraTurn: extra_turn,
    ir.EndTheTurn: end_the_turn,
    ir.AdditionalCombatPhase: additional_combat_phase,
    ir.UntapAttackedThisTurn: untap_attacked_this_turn,
    ir.SkipNextCombat: skip_next_combat,
    ir.ControlPlayerNextTurn: control_player_next_turn,
    ir.AttackNextTurnIfAble: attack_next_turn_if_able,
    ir.OpponentsCantCast: opponents_cant_cast,
    ir.SpellImmunityThisTurn: spell_immunity_this_turn,
    ir.DrawInsteadThisTurn: draw_instead_this_turn,
}
