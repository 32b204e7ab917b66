"""The levels of computer player, by name, and how to make one for a seat."""

from __future__ import annotations

from collections.abc import Callable

from .base import Player, RandomPlayer
from .easy import easy_player

# level name -> how to make a player of it for a seat, from a seed
LEVELS: dict[str, Callable[[str, int], Player]] = {"random": RandomPlayer, "easy": easy_player}


class UnknownLevel(ValueError):
    """A level no player has registered."""


def make_player(level: str, seat: str, seed: int = 0) -> Player:
    """A player of `level` for `seat`; UnknownLevel names the levels there are."""
    make = LEVELS.get(level)
    if make is None:
        raise UnknownLevel(f"no computer player {level!r}: the levels are {', '.join(LEVELS)}")
    return make(seat, seed)
