"""The static abilities on the battlefield that affect objects, found once until the permanents
change, and whether any of them looks beyond the object it affects (so that a permanent coming
or going, or a life total changing, changes other objects' characteristics too)."""

from __future__ import annotations

from ...cards import ir
from ...cards.model import StaticAbility
from ..core.objects import Obj
from ..core.state import GameState


def affecting_statics(state: GameState) -> list[tuple[Obj, int, StaticAbility]]:
    """The static abilities on the battlefield that affect objects (with their source and
    index), found once until the permanents change rather than once per object."""
    found = state.board.get("affecting_statics")
    if found is None:
        found = state.board["affecting_statics"] = [
            (src, index, ab) for src in (state.objects[i] for i in state.battlefield)
            for index, ab in enumerate(src.card.abilities) if isinstance(ab, StaticAbility) and ab.affects is not None]
        state.board["top_card_statics"] = any(ab.while_top_card is not None for _, _, ab in found)
    return found


def looks_at_others(state: GameState, o: Obj | None = None) -> bool:
    """Whether some object's characteristics may change when a permanent (`o`) comes or goes,
    or a life total, the turn or the players change: `o` has a static ability that affects
    objects or a characteristic-defining ability, or one on the battlefield looks beyond the
    object it affects and its source (`_looks_around`).  Other static abilities ("creatures
    you control get +1/+1", "enchanted creature can't attack") judge each object by itself,
    so a permanent coming or going changes only its own characteristics."""
    if o is not None and (o.card.has_cda or any(isinstance(ab, StaticAbility) and ab.affects is not None
                                                 for ab in o.card.abilities)):
        return True
    found = state.board.get("looks_at_others")
    if found is None:
        found = state.board["looks_at_others"] = any(_looks_around(ab) for _, _, ab in affecting_statics(state)) \
            or any(state.objects[i].card.has_cda for i in state.battlefield)
    return found


def _looks_around(ab: StaticAbility) -> bool:
    """A static ability whose effect depends on more than the affected object and its source:
    counts of permanents ("+1/+1 for each ..."), "as long as you control ...", life totals,
    the top card of a library, an opponent's permanents or damage this turn."""
    return (any(isinstance(effect, ir.PTBonus) for effect in ab.effects) or ab.while_top_card is not None
            or (ab.while_condition is not None and not isinstance(ab.while_condition, ir.SourceCountersAtLeast))
            or isinstance(ab.affects, ir.AffectsSelfUnlessDefenderHas | ir.AffectsSelfUnlessCount
                          | ir.AffectsSelfUnlessOpponentDamaged))


def watched_state_changed(state: GameState) -> None:
    """Something only static and characteristic-defining abilities look at changed (a life
    total, the turn, a player dealt damage this turn or leaving the game): characteristics are
    recomputed if such an ability is on the battlefield, and kept otherwise."""
    if looks_at_others(state):
        state.invalidate()
