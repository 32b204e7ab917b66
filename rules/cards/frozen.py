"""`@frozen`: a frozen dataclass whose methods are shared functions or written cheaply.

The card IR, the actions, the decisions and the card model are some 370 frozen dataclasses.
For each, `dataclasses` writes and compiles six methods while the module loads, each compiled
by its own `exec` (some 80 microseconds apiece, however small the method); compiling them was
40% of the client's start (`mtg-tui bench`: first frame).  Here `dataclass` writes nothing:
equality, hashing and repr are the same for every class, reading a per-class tuple of field
names; the frozen `__setattr__`/`__delattr__` are one pair for every class; `__init__` is
the one method a class needs its own of, written here from its fields (assigning each as a
frozen dataclass's does).  They behave as dataclass's own: equal only to an instance of the
very same class, field by field (fields with `compare=False` left out); the hash of the tuple
of the hashed fields (so sets and dicts of these objects iterate in the same order as
before); `Name(field=value, ...)`; assigning or deleting a field raises FrozenInstanceError.
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


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def init_source(fields: tuple[dataclasses.Field[Any], ...], post_init: bool) -> tuple[str, dict[str, Any]]:
    """The source of `__init__` for these fields, and the names it reads: each field given
    (or its default, or its factory's value) set with `object.__setattr__`, as a frozen
    dataclass's `__init__` does; a field with `init=False` and a plain default is left to the
    class attribute, as there."""
    names: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    params, body = ["self"], []
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            if f.init:
                params.append(f"{f.name}=_FACTORY")
                body.append(f"_set(self, {f.name!r}, _factory_{f.name}() if {f.name} is _FACTORY else {f.name})")
            else:
                body.append(f"_set(self, {f.name!r}, _factory_{f.name}())")
            continue
        if not f.init:
            continue
        if f.default is not dataclasses.MISSING:
            names[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
        body.append(f"_set(self, {f.name!r}, {f.name})")
    if post_init:
        body.append("self.__post_init__()")
    return f"def __init__({', '.join(params)}):\n    " + "\n    ".join(body or ["pass"]) + "\n", names


class _Factory:
    """The default of an `__init__` parameter whose field has a default factory."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _own_init(cls: type) -> Callable[..., None]:
    source, names = init_source(dataclasses.fields(cls), hasattr(cls, "__post_init__"))
    exec(source, names)  # the source names only the class's fields (tests/tui/test_saves.py checks it)
    init: Callable[..., None] = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


def _shared_methods(cls: T, eq: bool) -> T:
    fields = dataclasses.fields(cls)
    own = cls.__dict__
    if "__init__" not in own:
        cls.__init__ = _own_init(cls)  # type: ignore[misc]
    if "__setattr__" not in own:
        cls.__setattr__ = _frozen_setattr  # type: ignore[assignment]
    if "__delattr__" not in own:
        cls.__delattr__ = _frozen_delattr  # type: ignore[assignment]
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
        return _shared_methods(cast(T, dataclasses.dataclass(init=False, eq=False, repr=False)(c)), eq)

    return wrap if cls is None else wrap(cls)
