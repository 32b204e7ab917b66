"""Effects that set up delayed triggered abilities (603.7): at the next end step or end of combat,
whenever something happens this turn, when you next cast a spell this turn."""

from __future__ import annotations

import copy

from ....cards import ir
from ....cards.model import TriggeredAbility
from ...changes.events import add_delayed, add_delayed_this_turn
from ...core.state import EffectContext, GameState
from ..meanings import refs
from . import Handler


def with_what_it_knew(ctx: EffectContext) -> EffectContext:
    """A copy of the context for a delayed ability that does its part with what this effect knew."""
    snapshot = copy.copy(ctx)
    snapshot.data = dict(ctx.data)
    return snapshot


def at_next_end_step(state: GameState, ctx: EffectContext, effect: ir.AtNextEndStep) -> None:
    snapshot = with_what_it_knew(ctx)
    ability = TriggeredAbility(effect.text, event="delayed", condition=ir.NextEndStep(effect.step), effect=effect.body,
                               remembers=True)
    add_delayed(state, ability, ctx.source, ctx.controller, snapshot=snapshot)


def at_end_of_combat(state: GameState, ctx: EffectContext, effect: ir.AtEndOfCombat) -> None:
    """At the beginning of the next end of combat step."""
    snapshot = with_what_it_knew(ctx)
    ability = TriggeredAbility(effect.text, event="delayed", condition=ir.NextEndOfCombat(), effect=effect.body,
                               remembers=True)
    add_delayed(state, ability, ctx.source, ctx.controller, snapshot=snapshot)


def whenever_this_turn(state: GameState, ctx: EffectContext, effect: ir.WheneverThisTurn) -> None:
    for oid in refs(state, ctx, effect.objects):
        if oid is not None and oid in state.objects:
            ability = TriggeredAbility(effect.text, event="delayed", condition=ir.CombatTriggerOf(effect.kind, oid),
                                       effect=effect.body)
            add_delayed_this_turn(state, ability, ctx.source, ctx.controller)


def when_you_cast_next_this_turn(state: GameState, ctx: EffectContext, effect: ir.WhenYouCastNextThisTurn) -> None:
    """Triggers once, this turn."""
    text = effect.text
    next_cast = TriggeredAbility(text, event="cast", condition=ir.CastTrigger("you", effect.test), effect=effect.body)
    add_delayed_this_turn(state, next_cast, ctx.source, ctx.controller, once=True)
    state.log_event(f"{ctx.source.name}: {text[0].lower() + text[1:]}", "delayed_trigger")


HANDLERS: dict[type, Handler] = {
    ir.AtNextEndStep: at_next_end_step,
    ir.AtEndOfCombat: at_end_of_combat,
    ir.WheneverThisTurn: whenever_this_turn,
    ir.WhenYouCastNextThisTurn: when_you_cast_next_this_turn,
}
