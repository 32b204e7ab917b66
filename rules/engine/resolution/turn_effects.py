"""Effects that change the turn's structure: ending the turn (Time Stop, Sundial of the
Infinite; 2014 713.1 / 2009 509.1) and additional phases (Relentless Assault; 2014 500.8 /
2009 300.7).  They set what the turn does next; `rules.engine.loop.turn` carries it out."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..changes import sba
from ..changes.events import flush
from ..changes.zones import move, spell_to_graveyard
from ..core.decisions import Decision
from ..core.state import EffectContext, GameState

Gen = Generator[Decision, Any, Any]

COMBAT_AND_MAIN = ("begin_combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                   "end_combat", "main2")


def end_the_turn(state: GameState, ctx: EffectContext) -> Gen:
    """"End the turn": every object on the stack is exiled (this one too), creatures and
    planeswalkers leave combat, state-based actions are checked with no player getting
    priority and no triggered ability put on the stack, and the game skips straight to the
    cleanup step (713.1 / 509.1)."""
    rule = "end_the_turn"
    state.log_event(f"{ctx.source.name} ends the turn", rule)
    for item in reversed(list(state.stack)):
        state.stack.remove(item)
        if item.kind == "spell" and item.source_id in state.objects:
            o = state.objects[item.source_id]
            if o.spell_copy:
                spell_to_graveyard(state, o.id)  # a copy ceases to exist
            else:
                move(state, o.id, "exile")
                state.log_event(f"{o.name} is {state.rules.word('exiled')}", rule)
        else:
            state.log_event(f"{item.name}'s ability leaves the stack", rule)
    if any(o.attacking is not None or o.blocking for o in state.permanents()):
        state.log_event("all creatures and planeswalkers are removed from combat", rule)
    for o in state.permanents():
        o.leave_combat()
    flush(state)
    yield from sba.run(state)
    state.ending_turn = True


def additional_combat(state: GameState, ctx: EffectContext) -> None:
    """"After this main phase, there is an additional combat phase followed by an
    additional main phase": added right after the current main phase (500.8 / 300.7; the
    most recently added first)."""
    state.added_phases[0:0] = list(COMBAT_AND_MAIN)
    state.log_event("after this main phase there is an additional combat phase followed by an additional main "
                    "phase", "extra_phase")


def attack_next_turn(state: GameState, ctx: EffectContext, players: list[Any], whom: list[Any]) -> None:
    """"During target opponent's next turn, creatures that player controls attack ~ if able"
    (Gideon Jura): waits for that player's next turn, then applies to every creature they
    control during it (508.1d / 500.2)."""
    target = next((w for w in whom if w is not None), None)
    for p in players:
        if p is not None and target is not None:
            state.next_turn_requirements.append((p, target))
            state.log_event(f"during {p}'s next turn, creatures {p} controls attack {ctx.source.name} if able",
                            "attack_requirement")


def begin_turn_requirements(state: GameState) -> None:
    """As a turn begins, the requirements waiting for its player's next turn apply to it."""
    state.turn_requirements = [r for r in state.next_turn_requirements if r[0] == state.active]
    state.next_turn_requirements = [r for r in state.next_turn_requirements if r[0] != state.active]


def untap_attacked_this_turn(state: GameState, ctx: EffectContext) -> None:
    """"Untap all creatures that attacked this turn" (Relentless Assault)."""
    for oid in dict.fromkeys(state.attacked_this_turn):
        o = state.objects.get(oid)
        if o is not None and o.zone == "battlefield" and o.tapped:
            o.tapped = False
            state.log_event(f"{o.name} untaps", "resolve")
