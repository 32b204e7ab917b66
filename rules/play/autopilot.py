"""Answers for a player nobody controls: the goldfish.

A goldfish "never acts": it passes priority, keeps its hand and, if the engine ever asks it
anything else, gives the answer that does the least (no attackers, no blockers, the first
legal choice).  Clients call `goldfish_answer` in their loop so they hold no rules logic.
"""

from __future__ import annotations

from ..engine.api.game import Game
from ..engine.core import actions as A
from ..engine.core.decisions import Decision
from ..engine.loop.kinds import home_of


def goldfish_answer(game: Game, d: Decision) -> A.Action:
    """The do-nothing legal answer to `d` (which must be the goldfish's decision): its kind's
    answer that does the least (`Home.least`)."""
    return home_of(d).least(game.state, d)


def is_goldfish(game: Game, player: str) -> bool:
    return game.player(player).goldfish
