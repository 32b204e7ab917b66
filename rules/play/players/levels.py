"""The levels of computer player, by name, and how to make one for a seat."""

from __future__ import annotations

from collections.abc import Callable

from .base import Player, RandomPlayer
from .easy import easy_player
from .search import SearchPlayer

# playouts per searched decision of each searching level (rules.play.players.search)
BUDGETS = {"normal": 12, "hard": 24}


def _searching(level: str) -> Callable[[str, int], Player]:
    def make(seat: str, seed: int = 0) -> Player:
        return SearchPlayer(seat, seed, budget=BUDGETS[level])
    make.__doc__ = f"The {level!r} level: a search of {BUDGETS[level]} playouts per searched decision."
    return make

# level name -> how to make a player of it for a seat, from a seed
LEVELS: dict[str, Callable[[str, int], Player]] = {"random": RandomPlayer, "easy": easy_player,
                                                   "normal": _searching("normal"), "hard": _searching("hard")}

# level name -> what it is, in a few words, for a person choosing one (the menu, `play --help`)
DESCRIPTIONS = {"random": "any legal move", "easy": "heuristic", "normal": "search, quick",
                "hard": "search, stronger: twice the playouts"}

# the level a person is offered first: the quick search, a fair game without a wait
DEFAULT_LEVEL = "normal"


def described(level: str) -> str:
    """A level with what it is: "normal (search, quick)"."""
    what = DESCRIPTIONS.get(level)
    return f"{level} ({what})" if what else level


def searches(level: str) -> bool:
    """Whether players of `level` search (copy the game): a game they play should keep undo
    points, so a copy away from a step's priority replays a turn, not the whole game."""
    return level in BUDGETS


class UnknownLevel(ValueError):
    """A level no player has registered."""


def make_player(level: str, seat: str, seed: int = 0) -> Player:
    """A player of `level` for `seat`; UnknownLevel names the levels there are."""
    make = LEVELS.get(level)
    if make is None:
        raise UnknownLevel(f"no computer player {level!r}: the levels are {', '.join(LEVELS)}")
    return make(seat, seed)
