"""Prevention and redirection shields that activated abilities leave (2014: 614.9, 615.5,
615.7; 2009: 419.6c, 419.7b, 419.7e): Story Circle's "the next time a source of your choice
of the chosen color would deal damage to you", Vengeful Archon's "prevent the next X damage
... if damage is prevented this way", Kjeldoran Royal Guard's redirection of the combat
damage unblocked creatures would deal.  The shields themselves are applied by
`rules.engine.changes.replacement`; this module makes them."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards import ir
from ..continuous.characteristics import chars, matches
from ..core.decisions import Decision
from ..core.objects import Shield
from ..core.refs import name_of
from ..core.state import EffectContext, GameState
from .effects import choose_object

Gen = Generator[Decision, Any, Any]


def prevent_next_time_from_chosen_source(state: GameState, ctx: EffectContext, test: ir.Pred) -> Gen:
    """The source is chosen as the ability resolves (609.7a / 419.8a) among the permanents and
    spells matching `test`; the next time it would deal damage to the controller this turn,
    all of that damage is prevented (615.7 / 419.7b)."""
    spells = [it for it in state.stack if it.kind == "spell" and it.source_id in state.objects]
    cands: list[Any] = [oid for oid in state.battlefield
                        if matches(state, test, state.objects[oid], chars(state, state.objects[oid]), ctx.controller,
                                   ctx.source)]
    cands += [it.id for it in spells
              if matches(state, test, state.objects[it.source_id], chars(state, state.objects[it.source_id]),
                         ctx.controller, ctx.source)]
    if not cands:
        state.log_event(f"{ctx.source.name}: there is no source to choose", "source_of_choice")
        return
    choice = yield from choose_object(state, ctx.controller, f"{ctx.source.name}: choose a source", cands,
                                      zones=("battlefield", "stack"), concept="source_of_choice")
    if choice is None:
        return
    item = state.stack_item(choice) if not isinstance(choice, str) else None
    src = item.source_id if item is not None and item.kind == "spell" else choice
    state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "target",
                                target=ctx.controller, from_source=src, uses=1))
    state.log_event(f"{ctx.controller} chooses {name_of(state, src)}: the next time it would deal damage to "
                    f"{ctx.controller} this turn, that damage is prevented", "source_of_choice", player=ctx.controller)


def prevent_next_and_reflect(state: GameState, ctx: EffectContext, amount: int, to: list[Any],
                             reflect_to: list[Any]) -> None:
    """"Prevent the next X damage that would be dealt to you this turn.  If damage is
    prevented this way, ~ deals that much damage to target player" (615.5 / 419.7e)."""
    dest = next((t for t in reflect_to if t is not None), None)
    for t in to:
        if t is None or amount <= 0:
            continue
        state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "target", left=amount,
                                    target=t, reflect=(ctx.source, dest) if dest is not None else None))
        state.log_event(f"{ctx.source.name}: the next {amount} damage that would be dealt to {name_of(state, t)} "
                        "this turn is prevented", "prevention_shield")


def redirect_unblocked_combat_damage(state: GameState, ctx: EffectContext) -> None:
    """"All combat damage that would be dealt to you by unblocked creatures this turn is dealt
    to ~ instead" (614.9 / 419.6c): if ~ has left the battlefield the effect does nothing."""
    state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "target",
                                target=ctx.controller, combat_only=True, redirect_to=ctx.source.id,
                                source_test=ir.Unblocked()))
    state.log_event(f"{ctx.source.name}: combat damage unblocked creatures would deal to {ctx.controller} this turn "
                    f"is dealt to {ctx.source.name} instead", "redirection")
