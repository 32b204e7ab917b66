"""Mana abilities that make a fixed set of mana of several colors ("Add {W}{U}{B}{R}{G}",
Composite Golem) or change the pool ("Double the amount of each type of mana in your mana
pool", Doubling Cube): they resolve at once, without the stack (2014 605.3b / 2009 411.3b)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards.mana import mana_symbols
from ...cards.model import ActivatedAbility
from ..changes.events import flush
from ..changes.payment import tapped_for_mana
from ..core.decisions import Decision
from ..core.objects import Obj
from ..core.state import EffectContext, GameState
from ..resolution.interpret import run_effects


def resolve_mana_ability(state: GameState, player: str, ab: ActivatedAbility, source: Obj,
                         x: int) -> Generator[Decision, Any, None]:
    """Its costs paid, the mana ability does what it says at once (605.3b / 411.3b)."""
    if ab.mana_each:
        pool = state.player(player).pool
        for col in ab.mana_each:
            pool[col] += 1
        state.log_event(f"{player} activates {source.name}'s mana ability for {mana_symbols(list(ab.mana_each))}",
                        "mana_ability", player=player)
        if ab.cost.tap:
            tapped_for_mana(state, player, source)
    if ab.effect:
        ctx = EffectContext(state, player, source, [], x)
        yield from run_effects(state, ctx, ab.effect)
    flush(state)

