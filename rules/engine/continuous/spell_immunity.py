"""Effects from resolved spells that keep a player's spells from being countered and their
creatures from being targeted by some spells for a turn ("Spells you control can't be
countered by blue or black spells this turn, and creatures you control can't be the targets
of blue or black spells this turn", Autumn's Veil).  Such an effect changes the rules for the
player (2014 101.2 / 2009 103.2: "can't" wins), so it covers creatures that come under their
control later in the turn too."""

from __future__ import annotations

from ..core.objects import Obj, SpellImmunityEffect, StackItem
from ..core.state import GameState
from .characteristics import chars, matches


def _spell(o: Obj) -> bool:
    return o.zone in ("stack", "hand")  # a spell being cast or on the stack


def cant_be_countered_by(state: GameState, item: StackItem, by: Obj) -> str:
    """The source of the effect that keeps `item` from being countered by the spell `by`, or ""."""
    return _immune(state, item.controller, by, counter=True) if _spell(by) else ""


def cant_be_targeted_by(state: GameState, o: Obj, by: Obj) -> str:
    """The source of the effect that keeps the creature `o` from being the target of the spell
    `by`, or ""."""
    if not _spell(by) or not chars(state, o).is_type("Creature"):
        return ""
    return _immune(state, o.controller, by, counter=False)


def _immune(state: GameState, player: str, by: Obj, *, counter: bool) -> str:
    """The source of an effect of `player` against the spell `by` (countering, or targeting
    their creatures), or ""."""
    for e in state.effects:
        if (isinstance(e, SpellImmunityEffect) and (e.uncounterable if counter else e.untargetable)
                and e.player == player and e.test is not None
                and matches(state, e.test, by, chars(state, by), e.player, by)):
            return e.source_name
    return ""
