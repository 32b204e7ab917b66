"""Every effect the card compiler can produce has a handler, found by its IR class: the table
`EFFECT_HANDLERS` holds exactly the classes of `rules.cards.ir.Effect`, and every effect in the
compiled card pool (nested bodies included) is one of them."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator

import pytest

from rules.cards import card_names, get_card, ir
from rules.engine.resolution.interpret import EFFECT_HANDLERS, joined

EFFECT_CLASSES = set(typing.get_args(ir.Effect))
EFFECT_FIELDS = ("effect", "body", "orelse", "otherwise")  # the fields that hold effects to run


def effects_in(value: object) -> Iterator[object]:
    """Every effect held anywhere in `value` (a card, an ability, an effect with a body)."""
    if isinstance(value, (tuple, list, frozenset)):
        for item in value:
            yield from effects_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            inner = getattr(value, field.name)
            if field.name in EFFECT_FIELDS and isinstance(inner, tuple):
                yield from inner
            yield from effects_in(inner)


def test_the_table_holds_exactly_the_effect_classes_of_the_ir() -> None:
    unhandled = sorted(c.__name__ for c in EFFECT_CLASSES - set(EFFECT_HANDLERS))
    unknown = sorted(c.__name__ for c in set(EFFECT_HANDLERS) - EFFECT_CLASSES)
    assert not unhandled, f"effect classes without a handler: {unhandled}"
    assert not unknown, f"handlers for classes that are not effects of the IR: {unknown}"
    assert all(c.__module__ == ir.__name__ for c in EFFECT_HANDLERS)


def test_every_effect_of_the_compiled_pool_has_a_handler() -> None:
    seen: set[type] = set()
    for name in card_names():
        seen.update(type(e) for e in effects_in(get_card(name)))
    assert seen, "the walk found no effect: it checks nothing"
    assert not {c.__name__ for c in seen - set(EFFECT_HANDLERS)}, "compiled effects without a handler"


def test_an_effect_class_claimed_by_two_families_is_refused() -> None:
    family = {ir.Scry: EFFECT_HANDLERS[ir.Scry]}
    with pytest.raises(ValueError, match="two handlers for Scry"):
        joined(family, family)
