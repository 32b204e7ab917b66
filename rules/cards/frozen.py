"""`@frozen`: a frozen dataclass whose `__eq__`, `__hash__` and `__repr__` are shared functions.

The card IR, the actions, the decisions and the card model are some 340 frozen dataclasses.
For each, `dataclasses` writes and compiles six methods while the module loads; compiling
them was 40% of the client's start (`mtg-tui bench`: first frame).  Here `dataclass` writes
only `__init__` and the frozen `__setattr__`/`__delattr__`; equality, hashing and repr are
the same for every class, reading a per-class tuple of field names.  They behave as
dataclass's own: equal only to an instance of the very same class, field by field (fields
with `compare=False` left out); the hash of the tuple of the hashed fields (so sets and
dicts of these objects iterate in the same order as before); `Name(field=value, ...)`.
A class that defines one of these methods itself keeps it, as with `dataclass`.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, cast, dataclass_transform, overload

T = TypeVar("T", bound=type)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of `names` as a tuple (attrgetter gives a bare value for one name)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return attrgetter(*names)


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__class__.__frozen_compare__
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__class__.__frozen_hash__(self))


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    cls = self.__class__
    return f"{cls.__qualname__}(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in cls.__frozen_repr__) + ")"


def _shared_methods(cls: T, eq: bool) -> T:
    fields = dataclasses.fields(cls)
    own = cls.__dict__
    cls.__frozen_repr__ = tuple(f.name for f in fields if f.repr)  # type: ignore[attr-defined]
    if "__repr__" not in own:
        cls.__repr__ = _repr  # type: ignore[assignment]
    if not eq:
        return cls
    cls.__frozen_compare__ = _getter(tuple(f.name for f in fields if f.compare))  # type: ignore[attr-defined]
    hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    cls.__frozen_hash__ = _getter(hashed)  # type: ignore[attr-defined]
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if "__eq__" not in own:
        cls.__eq__ = _eq  # type: ignore[assignment]
    if not explicit_hash:
        cls.__hash__ = _hash  # type: ignore[assignment]
    return cls


@overload
def frozen(cls: T, /) -> T: ...
@overload
def frozen(*, eq: bool = True) -> Callable[[T], T]: ...


@dataclass_transform(frozen_default=True)
def frozen(cls: T | None = None, /, *, eq: bool = True) -> T | Callable[[T], T]:
    """`@dataclass(frozen=True)` (or `eq=False`: identity equality and hash), sharing
    `__eq__`, `__hash__` and `__repr__`."""
    def wrap(c: T) -> T:
        return _shared_methods(cast(T, dataclasses.dataclass(frozen=True, eq=False, repr=False)(c)), eq)

    return wrap if cls is None else wrap(cls)
