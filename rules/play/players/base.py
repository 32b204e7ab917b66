"""The shape every computer player has (`Player`), and the simplest one (`RandomPlayer`).
See the package's docstring for what a player may read."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from ...engine.api.game import Game
from ...engine.core import actions as A
from ...engine.core.decisions import Decision
from ...engine.loop.legal import random_answer


class Player(Protocol):
    """A computer player for one seat."""

    seat: str

    def answer(self, game: Game, decision: Decision) -> A.Action:
        """A legal answer to `decision`, a decision of this player's seat."""
        ...


@dataclass
class RandomPlayer:
    """Any legal answer, uniformly at random among the kinds of answer (the simulator's agent,
    `rules.engine.loop.legal.random_answer`), seeded."""

    seat: str
    seed: int = 0
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed * 7919 + 17)

    def answer(self, game: Game, decision: Decision) -> A.Action:
        return random_answer(game.state, decision, self._rng)
