"""`@frozen` behaves as `@dataclass(frozen=True)`: the same equality, hash values (so sets
and dicts iterate in the same order, and games play the same), repr, immutability and
dataclass helpers; only the methods are shared instead of generated per class."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, dataclass, field, fields, replace

import pytest

from rules.cards import ir
from rules.cards.frozen import frozen


@frozen
class Point:
    x: int
    y: tuple[int, ...] = ()
    note: str = field(default="", compare=False)


@dataclass(frozen=True)
class PointDC:
    x: int
    y: tuple[int, ...] = ()
    note: str = field(default="", compare=False)


@frozen
class Empty:
    pass


@frozen
class Point3(Point):
    z: int = 0


@frozen(eq=False)
class Token:
    name: str


@frozen
class OwnMethods:
    x: int

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 7

    def __repr__(self) -> str:
        return "mine"


def test_equality_hash_and_repr_are_dataclasss() -> None:
    a, b = Point(1, (2,), "p"), PointDC(1, (2,), "p")
    assert a == Point(1, (2,), "other note") and a != Point(2, (2,))
    assert hash(a) == hash(b) and hash(Point(5)) == hash(PointDC(5))
    assert repr(a) == repr(b).replace("PointDC", "Point") == "Point(x=1, y=(2,), note='p')"
    assert a.__eq__(b) is NotImplemented  # only the very same class compares equal
    assert Empty() == Empty() and hash(Empty()) == hash(()) and repr(Empty()) == "Empty()"


def test_a_subclass_compares_with_its_own_fields_and_never_equals_its_base() -> None:
    assert Point3(1, z=2) == Point3(1, z=2) != Point3(1, z=3)
    assert Point3(1) != Point(1) and Point(1) != Point3(1)
    assert repr(Point3(1)) == "Point3(x=1, y=(), note='', z=0)"


def test_eq_false_keeps_identity_and_own_methods_are_kept() -> None:
    t = Token("a")
    assert t == t and Token("a") != Token("a") and hash(t) == object.__hash__(t)
    assert OwnMethods(1) == OwnMethods(2) and hash(OwnMethods(1)) == 7 and repr(OwnMethods(1)) == "mine"


def test_instances_are_frozen_and_the_dataclass_helpers_work() -> None:
    p = Point(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del p.x  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        p.other = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    assert replace(p, x=3) == Point(3) and [f.name for f in fields(p)] == ["x", "y", "note"]
    assert pickle.loads(pickle.dumps(Point3(1, (2,), z=4))) == Point3(1, (2,), z=4)
    assert Point.__match_args__ == ("x", "y", "note")


def test_the_card_ir_is_made_of_frozen_classes_with_the_shared_methods() -> None:
    shared = [cls for cls in vars(ir).values() if isinstance(cls, type) and cls.__module__ == ir.__name__
              and "__frozen_repr__" in vars(cls)]
    assert len(shared) > 250
    assert all(vars(cls)["__hash__"] is vars(Point)["__hash__"] for cls in shared if "__frozen_hash__" in vars(cls))
