"""Checking an answer against the decision it answers, before anything changes.

`validate` raises `IllegalAction` (naming the rule) or returns a plan the game loop uses to
carry the action out (a mana payment for casting and activating).  Each kind's check is in its
home (`kinds`)."""

from __future__ import annotations

from typing import Any

from ..core import actions as A
from ..core.decisions import Decision
from ..core.state import GameState
from .kinds import home_of


def validate(state: GameState, d: Decision, action: A.Action) -> Any:
    """Check `action` against `d` without changing anything: IllegalAction (naming the rule)
    or the plan to carry it out (the mana payment of a spell or ability)."""
    return home_of(d).check(state, d, action)
