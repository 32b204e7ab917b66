"""Copies of a game's state, for undo points: a copy taken at a step's priority
(`GameState.resumable`) carries the game on through `turn.resume_game`, so going back needs
only the actions since the copy, not the whole record.

The copy is deep where the game changes things (objects, players, the stack, effects) and
shares what never changes once made: card definitions and abilities, the setup and the
ruleset, log lines, recorded actions and the last known information of objects that left
their zones.  The caches start empty.
"""

from __future__ import annotations

import copy
from typing import Any

from ..core.state import GameState


def copy_state(state: GameState) -> GameState:
    """A copy of `state` that shares nothing the game will change."""
    memo: dict[int, Any] = {
        id(state.setup): state.setup,
        id(state.rules): state.rules,
        id(state.log): list(state.log),
        id(state.record): list(state.record),
        id(state.record_texts): list(state.record_texts),
        id(state.lki): dict(state.lki),
        id(state.chars_cache): {},
        id(state.board): {},
        id(state.derived): {},
    }
    for old in state.lki.values():  # gone from its zone: never changed again
        memo[id(old)] = old
    return copy.deepcopy(state, memo)

