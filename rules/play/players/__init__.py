"""Computer players: each takes one seat of a game and answers that seat's decisions.

Every player has the same shape (`Player`): it is made for a seat with a seed (`make_player`)
and, asked `answer(game, decision)` for a decision of its seat, returns a legal action.  A
player may read only what its seat may know: its own hand, the public zones, what has been
revealed to it, the size of its own library but not its order, the opponent's deck list (known,
as at a precon table) but not where those cards are.  The engine hands it the whole `Game`
(the engine's checks need it); tests hold every player to this by re-dealing what the seat
can't see and asking again (the answer must not change).

Levels: `random` (any legal answer, uniformly: the simulator's agent) and the players of the
modules beside this one, each named in `levels.LEVELS` and said in a few words in
`levels.DESCRIPTIONS` (what the menu and `play --help` show).
"""

from __future__ import annotations

from .base import Player, RandomPlayer
from .levels import DEFAULT_LEVEL, DESCRIPTIONS, LEVELS, UnknownLevel, described, make_player, searches

__all__ = ["DEFAULT_LEVEL", "DESCRIPTIONS", "LEVELS", "Player", "RandomPlayer", "UnknownLevel", "described",
           "make_player", "searches"]
