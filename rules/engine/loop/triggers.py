"""Putting triggered abilities on the stack: each player in APNAP order, in the order they
choose, with targets chosen as each goes on the stack (2014: 603.3; 2009: 410.3-4)."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from ...cards import ir
from ...cards.model import TargetSpec, TriggeredAbility
from ..changes.events import emit_targeted
from ..core.decisions import Decision, TargetsDecision, TriggerOrderDecision, distinct_labels
from ..core.objects import PendingTrigger, StackItem
from ..core.refs import name_of
from ..core.state import GameState
from ..resolution.division import amount_to_divide, check_division, divided_effect
from ..resolution.targets import legal_targets, targets_text

Gen = Generator[Decision, Any, Any]


def stack_triggers(state: GameState) -> Gen:
    """Each player in APNAP order puts their triggered abilities on the stack in the order
    they choose (603.3b / 410.3); targets are chosen as each goes on the stack."""
    pending, state.pending_triggers = state.pending_triggers, []
    for p in state.apnap():
        mine = [t for t in pending if t.controller == p.name]
        if not mine:
            continue
        if len(mine) > 1 and len({(t.source.name, t.ability.text) for t in mine}) > 1:
            ans, _ = yield TriggerOrderDecision(
                p.name, "order your triggered abilities (the first listed resolves first)",
                labels=distinct_labels(name_of(state, t.source.id) for t in mine), triggers=tuple(mine))
            ordered = [mine[i] for i in ans.items]
            mine = list(reversed(ordered))  # first to resolve goes on the stack last
        for t in mine:
            yield from _put_trigger_on_stack(state, t)


def bind_event(ability: TriggeredAbility, event: dict[str, Any]) -> TriggeredAbility:
    """The ability with "that player" in its target phrases bound to the triggering event's
    player ("target ... that player controls")."""
    def bind(pred: ir.Pred) -> ir.Pred:
        match pred:
            case ir.ControlledByEventPlayer(key):
                return ir.ControlledByPlayer(str(event.get(key)))
            case ir.Not(inner):
                return ir.Not(bind(inner))
            case ir.AllOf(parts):
                return ir.AllOf(tuple(bind(p) for p in parts))
            case ir.AnyOf(parts):
                return ir.AnyOf(tuple(bind(p) for p in parts))
        return pred
    def bind_count(spec: TargetSpec) -> TargetSpec:  # "up to that many target permanents"
        if not spec.count_from:
            return spec
        return dataclasses.replace(spec, count=max(0, int(event.get(spec.count_from) or 0)))
    if not any(_mentions_event(s.test) or s.count_from for s in ability.targets):
        return ability
    return dataclasses.replace(ability, targets=tuple(bind_count(dataclasses.replace(s, test=bind(s.test)))
                                                      for s in ability.targets))


def _mentions_event(pred: ir.Pred) -> bool:
    match pred:
        case ir.ControlledByEventPlayer():
            return True
        case ir.Not(inner):
            return _mentions_event(inner)
        case ir.AllOf(parts) | ir.AnyOf(parts):
            return any(_mentions_event(p) for p in parts)
    return False


def _put_trigger_on_stack(state: GameState, t: PendingTrigger) -> Gen:
    chosen: list[Any] = []
    division: tuple[int, ...] = ()
    t = dataclasses.replace(t, ability=bind_event(t.ability, t.event))
    specs = t.ability.targets
    if specs:
        options = [legal_targets(state, s, t.controller, t.source) for s in specs]
        if any(not opts and s.fewest for s, opts in zip(specs, options, strict=True)):
            # 603.3d: no legal target, so the ability is removed from the stack
            state.log_event(f"{t.source.name}'s ability has no legal target and is removed from the stack",
                            "trigger_targets")
            return
        divided = divided_effect(t.ability.effect)
        # "its controller chooses target creature ..." (Necrotic Plague): another player chooses
        chooser = next((str(t.event.get(s.chosen_by)) for s in specs if s.chosen_by and t.event.get(s.chosen_by)),
                       t.controller)
        ans, _ = yield TargetsDecision(
            chooser, f"choose targets for {t.source.name}'s ability: " + ", ".join(s.text for s in specs),
            specs=tuple(specs), legal=tuple(tuple(o) for o in options), trigger=t,
            divide=amount_to_divide(divided, 0) if divided else 0)
        chosen = list(ans.targets)
        division = check_division(state, t.ability.effect, ans.targets, ans.division, 0)
        state.log_event(f"{chooser} chooses targets for {t.source.name}'s ability:"
                        f"{targets_text(state, chosen, division).removeprefix(' targeting')}", "trigger_targets",
                        player=chooser)
    item = StackItem(state.new_id(), "trigger", t.controller, t.source.id, t.source.name, ability=t.ability,
                     targets=chosen, division=division, data={**t.event, "lki": t.source}, text=t.ability.text)
    state.stack.append(item)
    state.log_event(f"{t.source.name}'s triggered ability goes on the stack{targets_text(state, chosen, division)}",
                    "trigger_apnap")
    emit_targeted(state, item)
