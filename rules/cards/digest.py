"""A digest of a card's definition: its printed facts and compiled abilities (the CardDef the
compiler makes), in a canonical form that doesn't depend on Python's hash seed (sets sorted).
A saved game records the digest of every card it uses, so a load can say which cards changed."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from typing import Any

from . import UnknownCard, get_card


def canonical(value: Any) -> str:
    """A stable text for a compiled value: dataclasses field by field (a field at its default
    left out, so a field added to the card IR leaves the cards that don't use it as they were),
    sets sorted."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ", ".join(f"{name}={canonical(v)}" for name, default in field_defaults(type(value))
                           if (v := getattr(value, name)) is not default and v != default)
        return f"{type(value).__name__}({fields})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(canonical(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(sorted(f"{canonical(k)}: {canonical(v)}" for k, v in value.items())) + "}"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


NO_DEFAULT = object()  # a dataclass field without a default
_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def field_defaults(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field of dataclass `cls`, in order, with its default value (a default factory's
    value) or NO_DEFAULT: what a digest leaves out a field at."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple((f.name, f.default if f.default is not dataclasses.MISSING
                                      else f.default_factory() if f.default_factory is not dataclasses.MISSING
                                      else NO_DEFAULT) for f in dataclasses.fields(cls))
    return found


_DIGESTS: dict[int, tuple[Any, str]] = {}  # id(CardDef) -> (the CardDef, its digest)


def card_digest(name: str) -> str | None:
    """The sha256 of the card's compiled definition; None for a name the pool doesn't have (a token)."""
    try:
        card = get_card(name)
    except UnknownCard:
        return None
    known = _DIGESTS.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    digest = hashlib.sha256(canonical(card).encode("utf-8")).hexdigest()
    _DIGESTS[id(card)] = (card, digest)
    return digest
