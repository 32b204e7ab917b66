"""The home of a "may" (603.5, 608.2d): yes or no."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...core import actions as A
from ...core.decisions import YesNoDecision
from ...core.state import GameState
from .home import Home


def _yes_and_no(state: GameState, d: YesNoDecision) -> Iterator[A.Action]:
    yield from d.choices


def _any_answer(state: GameState, d: YesNoDecision, action: A.Action) -> Any:
    return None  # the space holds only the two answers (`answered_by`)


def _random_yes_no(state: GameState, d: YesNoDecision, rng: random.Random) -> A.Action:
    return rng.choice(list(d.choices))


def _no(state: GameState, d: YesNoDecision) -> A.Action:
    return A.YesNo(d.player, False)


def _words(d: YesNoDecision) -> tuple[Any, ...]:
    return ("yes", "no")


YES_NO = Home(YesNoDecision, _yes_and_no, _any_answer, _random_yes_no, _no, _words)
