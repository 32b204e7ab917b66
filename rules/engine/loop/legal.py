"""Enumerating legal actions: every answer to a priority decision, and random legal answers
to the other decisions (the simulator's agent and the client's menus use these).  Each kind's
candidates and random answer are in its home (`kinds`); this is the space over them.

Every action listed here has passed the same check `Game.act` applies, so the list is
exactly what the rules allow (up to a cap on target combinations per card)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..core import actions as A
from ..core.decisions import Decision
from ..core.state import GameState
from .kinds import home_of
from .kinds.combat import lethal_first
from .kinds.priority import cast_free_options
from .priority_moves import target_combos
from .validate import validate

__all__ = ["ActionSpace", "cast_free_options", "lethal_first", "random_answer", "target_combos"]


def random_answer(state: GameState, d: Decision, rng: random.Random) -> A.Action:
    """A random legal answer to any decision (the simulator's agent; `ActionSpace.sample`)."""
    return home_of(d).random_answer(state, d, rng)


# ------------------------------------------------------------------ action spaces
class ActionSpace:
    """The legal answers to the decision a game waits for, in the manner of python-chess's
    `legal_moves`: `action in space`, `space.count()`, `space.sample(rng)` and iteration.
    Iteration enumerates lazily, each candidate passing the same check `Game.act` applies;
    sampling never lists them all."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.decision = state.decision

    def __contains__(self, action: object) -> bool:
        d = self.decision
        if d is None or A.malformed(action) or not isinstance(action, A.Action):
            return False
        if action.player != d.player or not d.answered_by(action):
            return False
        try:
            validate(self.state, d, action)
        except A.IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[A.Action]:
        d = self.decision
        if d is None:
            return iter(())
        home = home_of(d)
        if home.listed_legal:
            return home.candidates(self.state, d)
        return (a for a in home.candidates(self.state, d) if a in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def sample(self, rng: random.Random) -> A.Action:
        """A random legal answer (the simulator's agent)."""
        if self.decision is None:
            raise ValueError("the game is over: there is nothing to answer")
        return random_answer(self.state, self.decision, rng)

