"""Every trigger condition of the card IR has a check: whether an ability triggers is decided by
its condition's check, looked up by the condition's IR class, and the table holds exactly the
classes of `rules.cards.ir.TriggerCondition` (a condition without a check would only fail when a
game met it)."""

from __future__ import annotations

import typing

from rules.cards import ir
from rules.engine.changes.events import TRIGGER_CONDITION_CHECKS, TRIGGER_EVENT_KINDS


def test_the_table_holds_exactly_the_trigger_condition_classes_of_the_ir() -> None:
    classes = set(typing.get_args(ir.TriggerCondition))
    assert not sorted(c.__name__ for c in classes - set(TRIGGER_CONDITION_CHECKS)), "conditions without a check"
    assert not sorted(c.__name__ for c in set(TRIGGER_CONDITION_CHECKS) - classes), \
        "checks for classes that are no trigger condition"



def test_every_trigger_condition_class_has_its_event_kinds() -> None:
    """`event_kinds` (which events a condition waits for, 603.2) reads `TRIGGER_EVENT_KINDS` for
    every class but the two whose kinds are in their fields."""
    classes = set(typing.get_args(ir.TriggerCondition))
    listed = set(TRIGGER_EVENT_KINDS) | {ir.PlayerEventTrigger, ir.EitherTrigger}
    assert not sorted(c.__name__ for c in classes - listed), "conditions without their event kinds"
    assert not sorted(c.__name__ for c in listed - classes), "event kinds for classes that are no trigger condition"
