"""Copies of spells on the stack (2014: 706.10; 2009: 503.10): Twincast, Hive Mind.

A copy is a spell with no card (it is made as a token object on the stack, so the rest of
the engine resolves it like any spell); it copies the spell's characteristics and every
choice made for it (targets, X, modes, the division of damage), its controller is the player
who copied it, and it isn't cast, so "whenever a player casts" abilities don't see it.  When
the effect says so, the copier may choose new targets (706.10c / 503.10c): yes or no, then,
for each target, the new one among the legal choices, where keeping the old one (even if it
has become illegal) is one of the options.  A copy that leaves the stack ceases to exist
(704.5e / 420.5j; `zones.spell_leaves_stack`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..changes.events import emit_targeted
from ..changes.zones import create_card
from ..core.decisions import Decision
from ..core.objects import Obj, StackItem
from ..core.state import GameState
from .retarget import choose_new_targets
from .targets import targets_text

Gen = Generator[Decision, Any, Any]


def copy_spell(state: GameState, original: StackItem, copier: str, new_targets: bool) -> Gen:
    """`copier` puts a copy of `original` on the stack (it may be gone from the stack already:
    the copy is made from what it was, 608.2h / 413.2f)."""
    card = state.known(original.source_id)
    if card is None:
        return
    oid = create_card(state, card.name, copier, "stack", token=True, card=card.card)
    state.objects[oid].controller = copier
    state.objects[oid].spell_copy = True
    item = StackItem(state.new_id(), "spell", copier, oid, original.source_name, ability=original.ability,
                     targets=list(original.targets), x=original.x, modes=original.modes,
                     division=original.division, data={"copy": True})
    state.stack.append(item)
    state.log_event(f"{copier} puts a copy of {original.source_name} on the stack"
                    f"{targets_text(state, item.targets, item.division)}", "copy_spell", player=copier)
    if new_targets and item.targets:
        yield from _new_targets(state, item, state.objects[oid])
    emit_targeted(state, item)


def _new_targets(state: GameState, item: StackItem, copy: Obj) -> Gen:
    yield from choose_new_targets(state, item, copy, item.controller, f"the copy of {item.name}",
                                  concept="copy_new_targets", announce=False)
