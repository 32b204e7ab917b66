"""Changing what is in a mana pool by an effect ("Double the amount of each type of mana in
your mana pool", Doubling Cube, 106.4)."""

from __future__ import annotations

from collections import Counter

from ..cards.mana import mana_symbols
from .state import GameState

ORDER = "WUBRGC"


def double_pool(state: GameState, player: str) -> None:
    """Each type of mana in `player`'s pool doubles (Doubling Cube)."""
    pool = state.player(player).pool
    added = Counter({c: n for c, n in pool.items() if n > 0})
    pool.update(added)
    had = [c for c in ORDER for _ in range(added.get(c, 0))]
    state.log_event(f"{player} doubles the mana in their pool: adds {mana_symbols(had) if had else 'nothing'}",
                    "mana_ability", player=player)
