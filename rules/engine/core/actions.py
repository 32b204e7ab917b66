"""Actions: the answers players give to decisions.  Each has a text form in action notation
(scenarios.md); `Game.parse` reads it and `Game.notation(action)` writes it.

Objects are referred to by id and players by name, so a recorded action replays exactly.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import fields
from typing import Any, Union

from ...cards.frozen import frozen

Ref = int | str  # an object id or a player name


class IllegalAction(Exception):
    """An action the rules forbid.  `rule` is the rule number that forbids it."""

    def __init__(self, message: str, rule: str = ""):
        self.message = message
        self.rule = rule
        super().__init__(f"{message} (rule {rule})" if rule else message)


class NotationError(IllegalAction):
    """Text that doesn't parse as an action, or names nothing in the game."""


@frozen
class Action:
    player: str


@frozen
class Pass(Action):
    pass


@frozen
class PlayLand(Action):
    card: int


MANUAL_KINDS = ("move", "life", "counters", "tap", "untap", "token", "control")


@frozen
class Manual(Action):
    """A manual action: the player with priority carries out by hand what a card says and the
    engine doesn't (`rules.engine.loop.manual`).  `what` is one of MANUAL_KINDS; `subject` the
    object or player it changes; `zone` where a moved card goes; `amount` the life or counters
    added (negative: taken away); `kind` the kind of counter, or the card name of a token."""

    what: str
    subject: Ref | None = None
    zone: str = ""
    amount: int = 0
    kind: str = ""


@frozen
class Cast(Action):
    card: int
    targets: tuple[Ref, ...] = ()
    x: int | None = None
    modes: tuple[int, ...] = ()
    paying: tuple[int, ...] | None = None
    division: tuple[int, ...] = ()  # damage divided among the targets, one amount per target (601.2d)


@frozen
class Activate(Action):
    source: int
    index: int = 1
    targets: tuple[Ref, ...] = ()
    x: int | None = None
    paying: tuple[int, ...] | None = None
    color: str | None = None  # for "one mana of any color": which one
    division: tuple[int, ...] = ()  # damage divided among the targets, one amount per target (601.2d)
    modes: tuple[int, ...] = ()  # a modal ability's chosen mode, 1-based (700.2a / 409.1b)


@frozen
class DeclareAttackers(Action):
    attacks: tuple[tuple[int, Ref], ...] = ()  # (attacker, player or planeswalker)


@frozen
class DeclareBlockers(Action):
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker, attacker)


@frozen
class Order(Action):
    items: tuple[int, ...] = ()


@frozen
class Assign(Action):
    assignments: tuple[tuple[int, Ref], ...] = ()  # (amount, recipient)


@frozen
class Choose(Action):
    words: tuple[Ref, ...] = ()  # words ("red"), object ids, or player names


@frozen
class YesNo(Action):
    yes: bool = True


@frozen
class ChooseTargets(Action):
    targets: tuple[Ref, ...] = ()
    division: tuple[int, ...] = ()  # damage divided among the targets, one amount per target (603.3d)


@frozen
class Discard(Action):
    cards: tuple[int, ...] = ()


@frozen
class Keep(Action):
    pass


@frozen
class Mulligan(Action):
    pass


@frozen
class Concede(Action):
    pass


# ------------------------------------------------------------------ well-formed actions
_FIELD_CHECKS: dict[type[Action], tuple[tuple[str, Callable[[Any], bool]], ...]] = {}


def _field_checks(cls: type[Action]) -> tuple[tuple[str, Callable[[Any], bool]], ...]:
    """Each field of `cls` with a test of its shape, built once per class (every action
    taken is checked)."""
    if cls not in _FIELD_CHECKS:
        hints = typing.get_type_hints(cls)
        _FIELD_CHECKS[cls] = tuple((f.name, _shape_test(hints[f.name])) for f in fields(cls))
    return _FIELD_CHECKS[cls]


def _shape_test(kind: Any) -> Callable[[Any], bool]:
    """A test of whether a value has the shape of the annotation `kind` (int, str, bool,
    Optional, Union, tuple[X, ...], tuple[X, Y])."""
    origin = typing.get_origin(kind)
    if origin is Union or origin is types.UnionType:  # Optional[X], X | None
        tests = [_shape_test(k) for k in typing.get_args(kind)]
        if len(tests) == 2:  # the usual union (X | None, int | str), without a generator per test
            first, second = tests
            return lambda v: first(v) or second(v)
        return lambda v: any(t(v) for t in tests)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            each = _shape_test(args[0])
            return lambda v: isinstance(v, tuple) and (not v or all(each(x) for x in v))
        parts = [_shape_test(k) for k in args]
        return lambda v: isinstance(v, tuple) and len(v) == len(parts) and all(
            t(x) for t, x in zip(parts, v, strict=True))
    if kind is type(None):
        return lambda v: v is None
    if kind is int:
        return lambda v: type(v) is int or (isinstance(v, int) and not isinstance(v, bool))
    if kind is str:
        return lambda v: type(v) is str or isinstance(v, str)
    return lambda v: isinstance(v, kind)


def malformed(action: object) -> str | None:
    """Why `action` is not a well-formed action (an object of the wrong type, or a field of
    the wrong shape), or None.  The engine checks this before anything else, so a value
    that isn't an action is refused like any illegal action instead of failing inside."""
    if type(action) is Pass and type(action.player) is str:
        return None  # the most common action, well formed
    if not isinstance(action, Action) or type(action) is Action:
        return f"{action!r} is not an action: write one in action notation (e.g. 'alice: pass')"
    for name, fits in _field_checks(type(action)):
        if not fits(getattr(action, name)):
            return f"{type(action).__name__}.{name} = {getattr(action, name)!r} is not a {name} the engine can read"
    return None
