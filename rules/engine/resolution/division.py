"""Dividing damage among targets (2014: 601.2d, 603.3d; 2009: 409.1e, 410.4): the controller
announces the division as the spell or ability is put on the stack, each target receiving at
least 1.  A division with one legal outcome (a single target) needs no announcement, and
damage divided evenly (Fireball) is worked out on resolution from the number of targets."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ...cards import ir
from ..core import actions as A
from ..core.refs import name_of
from ..core.state import GameState


def divided_effect(effects: Iterable[ir.Effect]) -> ir.DealDividedDamage | None:
    """The effect whose damage the controller divides as they choose, if there is one."""
    return next((e for e in effects if isinstance(e, ir.DealDividedDamage) and not e.evenly), None)


def amount_to_divide(effect: ir.DealDividedDamage, x: int) -> int:
    """What is divided: a number printed on the card, or X as announced (601.2b)."""
    match effect.amount:
        case ir.Fixed(n):
            return n
        case ir.XValue():
            return x
    raise TypeError(f"an amount known only on resolution can't be divided as it is cast: {effect.amount!r}")


def check_division(state: GameState, effects: Iterable[ir.Effect], targets: tuple[Any, ...],
                   division: tuple[int, ...], x: int) -> tuple[int, ...]:
    """The division to put on the stack with `targets` (aligned with them), or IllegalAction
    naming 601.2d / 409.1e: it must give each target at least 1 and add up to the amount."""
    rule = state.rules.cite("cast_divide")
    effect = divided_effect(effects)
    if effect is None:
        if division and any(isinstance(e, ir.DealDividedDamage) for e in effects):
            raise A.IllegalAction("its damage is divided evenly: there is no division to announce", rule)
        if division:
            raise A.IllegalAction("this spell or ability doesn't divide anything among its targets", rule)
        return ()
    total = amount_to_divide(effect, x)
    if not targets:
        if division:
            raise A.IllegalAction("there are no targets to divide among", rule)
        return ()
    if not division and len(targets) == 1:
        return (total,)  # one target: it receives all of it
    if len(targets) > total:
        raise A.IllegalAction(f"{total} can't be divided among {len(targets)} targets: each must receive at "
                              "least 1", rule)
    if len(division) != len(targets):
        raise A.IllegalAction(f"divide {total} among the targets: say how much each receives "
                              "(divide N to TARGET, ...)", rule)
    for t, k in zip(targets, division, strict=True):
        if k < 1:
            raise A.IllegalAction(f"{name_of(state, t)} must receive at least 1 of the {total}", rule)
    if sum(division) != total:
        raise A.IllegalAction(f"the division adds up to {sum(division)}, not {total}", rule)
    return division


def divisions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to divide `total` among `parts` targets, each receiving at least 1."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        if total >= 1:
            yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in divisions(total - first, parts - 1):
            yield (first, *rest)

