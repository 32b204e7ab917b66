"""Every object predicate of the card IR has a check: `matches` looks a predicate's check up by
its IR class, and the table holds exactly the classes of `rules.cards.ir.Pred`; so does
`static_affects` for what a static ability affects (`rules.cards.ir.Affects`)."""

from __future__ import annotations

import typing

from rules.cards import ir
from rules.engine.continuous.characteristics import AFFECTS_CHECKS, PREDICATE_CHECKS


def test_the_table_holds_exactly_the_predicate_classes_of_the_ir() -> None:
    classes = set(typing.get_args(ir.Pred))
    assert not sorted(c.__name__ for c in classes - set(PREDICATE_CHECKS)), "predicates without a check"
    assert not sorted(c.__name__ for c in set(PREDICATE_CHECKS) - classes), "checks for classes that are no predicate"


def test_the_affects_table_holds_exactly_the_affects_classes_of_the_ir() -> None:
    classes = set(typing.get_args(ir.Affects))
    assert not sorted(c.__name__ for c in classes - set(AFFECTS_CHECKS)), "kinds of affects without a check"
    assert not sorted(c.__name__ for c in set(AFFECTS_CHECKS) - classes), "checks for classes that affect nothing"
