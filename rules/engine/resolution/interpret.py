"""The interpreter of card abilities: what the intermediate representation of
`rules.cards.ir` does in a state.

Each effect kind has a handler, found by the effect's IR class in `EFFECT_HANDLERS`: the
tables of `rules.engine.resolution.handlers`, one module per family, and the effects that run
other effects (may, if, unless, for as long as) kept here by the loop they recurse into.
References, amounts and conditions are judged as the effect resolves
(`rules.engine.resolution.meanings`).  Steps run in the order written, and the zone changes of
each are seen as one event before the next (608.2c)."""

from __future__ import annotations

from collections.abc import Mapping

from ...cards import ir
from ..changes.events import flush
from ..changes.unenforced import say_unenforced
from ..core.state import EffectContext, GameState
from . import effects as E, linked as L
from .free_cast import play_without_paying
from .handlers import (
    Gen,
    Handler,
    choices,
    damage,
    delayed,
    hands_and_libraries,
    hidden,
    life,
    links,
    mana,
    modifying,
    permanents,
    spells,
    turns,
    zones,
)
from .meanings import condition, refs


def run_effects(state: GameState, ctx: EffectContext, effects: tuple[ir.Effect, ...]) -> Gen:
    """Carry the effects out in the order written (608.2c)."""
    for effect in effects:
        yield from run_effect(state, ctx, effect)
        flush(state)


def run_effect(state: GameState, ctx: EffectContext, effect: ir.Effect) -> Gen:
    """Carry one effect out with the handler of its kind."""
    handler = EFFECT_HANDLERS.get(type(effect))
    if handler is None:
        raise TypeError(f"not an effect: {effect!r}")
    asks = handler(state, ctx, effect)
    if asks is not None:
        yield from asks


# ------------------------------------------------------------------ effects that run other effects
def may(state: GameState, ctx: EffectContext, effect: ir.May) -> Gen:
    if (yield from E.ask_may(state, ctx, effect.prompt)):
        yield from run_effects(state, ctx, effect.body)


def if_then_else(state: GameState, ctx: EffectContext, effect: ir.If) -> Gen:
    if condition(state, ctx, effect.condition):
        yield from run_effects(state, ctx, effect.body)
    else:
        yield from run_effects(state, ctx, effect.orelse)


def may_pay(state: GameState, ctx: EffectContext, effect: ir.MayPay) -> Gen:
    cost, prompt = effect.cost, f"{ctx.source.name}: pay {effect.cost}?"
    if "{X}" in cost:
        paid = yield from E.pay_x_or_not(state, ctx, cost, prompt)
    else:
        paid = yield from E.pay_or_not(state, ctx.controller, cost, prompt)
    if paid:
        yield from run_effects(state, ctx, effect.body)


def unless_discard(state: GameState, ctx: EffectContext, effect: ir.UnlessDiscard) -> Gen:
    if not (yield from E.may_discard(state, ctx, effect.test, effect.what)):
        yield from run_effects(state, ctx, effect.body)


def play_or_otherwise(state: GameState, ctx: EffectContext, effect: ir.PlayWithoutPaying) -> Gen:
    """Play the card without paying; if none was played, do what the card says otherwise."""
    played = False
    for oid in refs(state, ctx, effect.card):
        played = (yield from play_without_paying(state, ctx, oid)) or played
    if not played:
        yield from run_effects(state, ctx, effect.otherwise)


def for_as_long_as(state: GameState, ctx: EffectContext, effect: ir.ForAsLongAs) -> Gen:
    """The body's continuous effects last as long as the duration says, if it can begin at all."""
    objects = refs(state, ctx, effect.objects) if effect.objects is not None else []
    lasting = L.duration_for(state, ctx, effect.kind, objects)
    if lasting is not None:
        before = list(state.effects)
        yield from run_effects(state, ctx, effect.body)
        L.last_for(state, before, lasting)


def unenforced(state: GameState, ctx: EffectContext, effect: ir.Unenforced) -> None:
    """Text the engine doesn't carry out: it says so in the log."""
    say_unenforced(state, ctx.source.name, effect.text)


RUNNING_OTHER_EFFECTS: dict[type, Handler] = {
    ir.May: may,
    ir.If: if_then_else,
    ir.MayPay: may_pay,
    ir.UnlessDiscard: unless_discard,
    ir.PlayWithoutPaying: play_or_otherwise,
    ir.ForAsLongAs: for_as_long_as,
    ir.Unenforced: unenforced,
}


def joined(*tables: Mapping[type, Handler]) -> dict[type, Handler]:
    """One table from the families' tables; an IR class claimed by two families is a mistake."""
    out: dict[type, Handler] = {}
    for table in tables:
        for kind, handler in table.items():
            if kind in out:
                raise ValueError(f"two handlers for {kind.__name__}")
            out[kind] = handler
    return out


EFFECT_HANDLERS: dict[type, Handler] = joined(
    damage.HANDLERS, life.HANDLERS, permanents.HANDLERS, zones.HANDLERS, hands_and_libraries.HANDLERS,
    hidden.HANDLERS, modifying.HANDLERS, links.HANDLERS, turns.HANDLERS, spells.HANDLERS, delayed.HANDLERS,
    mana.HANDLERS, choices.HANDLERS, RUNNING_OTHER_EFFECTS,
)
