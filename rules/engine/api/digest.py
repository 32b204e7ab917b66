"""A digest of everything a game's state holds: two games with the same digest are the same
game (same objects with the same ids, zones, counters, effects, stack, pending decision,
log, record and random generator state).

Undo, saved games and refused actions are checked with it: undoing an action and taking
it again, or saving and loading, must give back the same digest; a refused action must
leave it unchanged.  It walks the state generically, so state added later is covered
without touching this module; a field added later is named in `LATER_FIELDS`, which leaves it
out while it is at its default, so saves written before it still verify."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Mapping
from typing import Any

from ...cards.digest import NO_DEFAULT, field_defaults
from ...cards.model import Ability, CardDef
from ..core.state import GameState

# never part of the state: caches and indexes derived from the rest of it, what a batch of
# permanents leaving together holds only while they leave (empty at every decision), and which
# action of the record is being announced (where the game loop is within it, as the loop's own
# position, which the record determines)
NOT_STATE = frozenset({"chars_cache", "board", "derived", "token_ids", "leaving", "announcing"})

# State added after saves began to carry digests, by class: left out of the digest while it has
# its default value (the value it has wherever it plays no part), so a save written before it
# was added still verifies.  A field added to a class the digest walks goes here;
# tests/engine/test_digest_compat.py names any that doesn't.
LATER_FIELDS: dict[str, frozenset[str]] = {
    "Obj": frozenset({"copiable", "last_known"}),
    "Activate": frozenset({"modes"}),
    "Replacement": frozenset({"prevents", "unpreventable_by"}),
    "GameSetup": frozenset({"ask_every_search"}),
    "ChooseObjectDecision": frozenset({"may_find_nothing"}),
}

_ALWAYS = object()  # a field always in the digest
_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def digest_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields of dataclass `cls` the digest reads, each with the default at which it is
    left out (`LATER_FIELDS`), or a marker that it never is."""
    found = _FIELDS.get(cls)
    if found is None:
        later = LATER_FIELDS.get(cls.__name__, frozenset())
        found = _FIELDS[cls] = tuple((name, default if name in later else _ALWAYS)
                                     for name, default in field_defaults(cls) if name not in NOT_STATE)
        if any(default is NO_DEFAULT for _, default in found):
            raise TypeError(f"{cls.__name__}: a field added later must have a default")
    return found


def _parts(value: Any, inner: frozenset[int]) -> tuple[Any, ...]:
    return tuple((name, canonical(v, inner)) for name, default in digest_fields(type(value))
                 if (v := getattr(value, name)) is not default and (default is _ALWAYS or v != default))


def canonical(value: Any, seen: frozenset[int] = frozenset()) -> Any:
    """A plain, comparable form of a piece of game state (tuples, strings and numbers)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, CardDef):
        return ("card", value.name)
    if isinstance(value, Ability):
        return ("ability", type(value).__name__, value.text)
    if isinstance(value, random.Random):
        return ("rng", hashlib.sha256(repr(value.getstate()).encode()).hexdigest())
    if id(value) in seen:
        return ("cycle", type(value).__name__)
    inner = seen | {id(value)}
    if isinstance(value, Mapping):
        return ("map", tuple(sorted(((repr(canonical(k, inner)), canonical(v, inner)) for k, v in value.items()),
                                    key=lambda kv: kv[0])))
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted(repr(canonical(v, inner)) for v in value)))
    if isinstance(value, (list, tuple)):
        return tuple(canonical(v, inner) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + _parts(value, inner)
    if callable(value):  # a compiled effect or filter: named by where it was written
        return ("fn", getattr(value, "__qualname__", type(value).__name__))
    if hasattr(value, "__dict__"):
        return (type(value).__name__,) + tuple((k, canonical(v, inner)) for k, v in sorted(vars(value).items()))
    return (type(value).__name__, repr(value))


def state_digest(state: GameState) -> str:
    """The digest of a game's whole state (hex)."""
    root = frozenset({id(state)})  # effects that remember the state refer back to it
    parts = _parts(state, root)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
