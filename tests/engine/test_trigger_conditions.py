"""Every trigger condition of the card IR has a check: whether an ability triggers is decided by
its condition's check, looked up by the condition's IR class, and the table holds exactly the
classes of `rules.cards.ir.TriggerCondition` (a condition without a check would only fail when a
game met it)."""

from __future__ import annotations

import typing

from rules.cards import ir
from rules.engine.changes.events import TRIGGER_CONDITION_CHECKS


def test_the_table_holds_exactly_the_trigger_condition_classes_of_the_ir() -> None:
    classes = set(typing.get_args(ir.TriggerCondition))
    assert not sorted(c.__name__ for c in classes - set(TRIGGER_CONDITION_CHECKS)), "conditions without a check"
    assert not sorted(c.__name__ for c in set(TRIGGER_CONDITION_CHECKS) - classes), \
        "checks for classes that are no trigger condition"

