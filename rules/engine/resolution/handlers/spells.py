"""Effects on spells on the stack: countering, changing targets, copying, and what a spell gains
as it resolves."""

from __future__ import annotations

from ....cards import ir
from ....cards.model import StaticAbility
from ...core.objects import StackItem
from ...core.state import EffectContext, GameState
from .. import effects as E
from ..meanings import refs
from ..retarget import change_target, choose_new_targets
from ..spell_copies import copy_spell as copy_item
from . import Gen, Handler


def counter_spell(state: GameState, ctx: EffectContext, effect: ir.CounterSpell) -> None:
    E.counter(state, ctx, refs(state, ctx, effect.objects))


def counter_unless_pays(state: GameState, ctx: EffectContext, effect: ir.CounterUnlessPays) -> Gen:
    yield from E.counter_unless_pays(state, ctx, refs(state, ctx, effect.objects), effect.cost)


def change_targets(state: GameState, ctx: EffectContext, effect: ir.ChangeTargets) -> Gen:
    for target in refs(state, ctx, effect.spell):
        item = target if isinstance(target, StackItem) else state.stack_item(target)
        if item is not None and item.source_id in state.objects:
            spell_obj = state.objects[item.source_id]
            if effect.must:
                yield from change_target(state, item, spell_obj, ctx.controller)
            else:
                yield from choose_new_targets(state, item, spell_obj, ctx.controller, item.name, ask=False)


def copy_spell(state: GameState, ctx: EffectContext, effect: ir.CopySpell) -> Gen:
    for original in refs(state, ctx, effect.spell):
        item = original if isinstance(original, StackItem) else state.stack_item(original)
        if item is not None:
            for p in refs(state, ctx, effect.copiers):
                yield from copy_item(state, item, p, effect.new_targets)


def spell_gains_enters_with(state: GameState, ctx: EffectContext, effect: ir.SpellGainsEntersWith) -> None:
    for cast in refs(state, ctx, effect.spell):
        cast_item = cast if isinstance(cast, StackItem) else state.stack_item(cast)
        spell_card = state.objects.get(cast_item.source_id) if cast_item is not None else None
        if spell_card is not None and spell_card.zone == "stack":
            spell_card.gained_enters += (StaticAbility(effect.text, effects=(effect.counters,)),)
            state.log_event(f"{spell_card.name} gains {effect.text}", "continuous")


HANDLERS: dict[type, Handler] = {
    ir.CounterSpell: counter_spell,
    ir.CounterUnlessPays: counter_unless_pays,
    ir.ChangeTargets: change_targets,
    ir.CopySpell: copy_spell,
    ir.SpellGainsEntersWith: spell_gains_enters_with,
}
