"""A digest of everything a game's state holds: two games with the same digest are the same
game (same objects with the same ids, zones, counters, effects, stack, pending decision,
log, record and random generator state).

Undo, saved games and refused actions are checked with it: undoing an action and taking
it again, or saving and loading, must give back the same digest; a refused action must
leave it unchanged.  It walks the state generically, so state added later is covered
without touching this module."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Mapping
from typing import Any

from ..cards.model import Ability, CardDef
from .state import GameState

# never part of the state: caches and indexes derived from the rest of it, and what a batch of
# permanents leaving together holds only while they leave (empty at every decision)
_SKIP = frozenset({"chars_cache", "board", "derived", "token_ids", "leaving"})


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
        return (type(value).__name__,) + tuple(
            (f.name, canonical(getattr(value, f.name), inner)) for f in dataclasses.fields(value))
    if callable(value):  # a compiled effect or filter: named by where it was written
        return ("fn", getattr(value, "__qualname__", type(value).__name__))
    if hasattr(value, "__dict__"):
        return (type(value).__name__,) + tuple((k, canonical(v, inner)) for k, v in sorted(vars(value).items()))
    return (type(value).__name__, repr(value))


def state_digest(state: GameState) -> str:
    """The digest of a game's whole state (hex)."""
    root = frozenset({id(state)})  # effects that remember the state refer back to it
    parts = tuple((f.name, canonical(getattr(state, f.name), root)) for f in dataclasses.fields(state)
                  if f.name not in _SKIP)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
