"""The home of a "may" (603.5, 608.2d): yes or no."""

from __future__ import annotations

from typing import Any

from ...core import actions as A
from ...core.decisions import YesNoDecision
from ...core.state import GameState
from .home import Home, any_listed_answer, listed_answers, random_listed_answer


def _no(state: GameState, d: YesNoDecision) -> A.Action:
    return A.YesNo(d.player, False)


def _words(d: YesNoDecision) -> tuple[Any, ...]:
    return ("yes", "no")


YES_NO = Home(YesNoDecision, listed_answers, any_listed_answer, random_listed_answer, _no, _words)
