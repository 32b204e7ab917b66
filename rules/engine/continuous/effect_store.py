"""The continuous effects of resolved spells and abilities (2014 611.2 / 2009 418.3): adding one
(and what its start makes stale), ending those of a duration, and ending those whose "for as
long as ..." stopped being true."""

from __future__ import annotations

from ..core.objects import ContinuousEffect, PlayerRuleEffect
from ..core.state import GameState
from .attachments import attachment_kind
from .control import update_control
from .static_index import looks_at_others


def add_effect(state: GameState, effect: ContinuousEffect) -> None:
    state.effects.append(effect)
    if (effect.controller or effect.loses_all or not effect.affected or isinstance(effect, PlayerRuleEffect)
            or looks_at_others(state)):
        # control, "loses all abilities" and rules for players reach further, and so does any
        # effect while a static or characteristic-defining ability counts or looks at other
        # permanents as the type layer leaves them (an animated Forest is one more creature)
        state.invalidate()
    else:  # only the objects it is locked to change
        state.invalidate_objects(effect.affected)
    if effect.controller:
        update_control(state)
    end_lapsed(state)


def end_effects(state: GameState, duration: str) -> None:
    """End the effects that last `duration` ("eot", "step:upkeep", "untap:alice"); as a
    control effect ends, control goes to whoever the remaining effects say (layer 2)."""
    if any(s.duration == duration for s in state.shields):
        state.shields = [s for s in state.shields if s.duration != duration]
    if any(d.duration == duration for d in state.delayed):
        state.delayed = [d for d in state.delayed if d.duration != duration]
    ended = [e for e in state.effects if e.duration == duration]
    if not ended:
        return
    state.effects = [e for e in state.effects if e.duration != duration]
    state.invalidate()
    if any(e.controller for e in ended):
        update_control(state)
    end_lapsed(state)


def lapsed(state: GameState, duration: str) -> bool:
    """Whether an effect lasting "for as long as you control ~" ("control:ID:PLAYER") or "for
    as long as that creature is enchanted" ("enchanted:ID") has ended (2014 611.2b / 2009
    418.3a): ~ left the battlefield or changed controller; the creature left or has no Aura."""
    kind, _, rest = duration.partition(":")
    if kind == "control":
        oid, _, player = rest.partition(":")
        o = state.objects.get(int(oid))
        return o is None or o.zone != "battlefield" or o.controller != player
    if kind == "enchanted":
        o = state.objects.get(int(rest))
        return o is None or o.zone != "battlefield" or not any(
            a.attached_to == o.id and attachment_kind(state, a) == "Aura" for a in state.permanents())
    return False


def end_lapsed(state: GameState) -> None:
    """End the effects whose "for as long as ..." stopped being true (611.2b / 418.3a)."""
    for duration in dict.fromkeys(e.duration for e in state.effects if lapsed(state, e.duration)):
        names = sorted({e.source_name for e in state.effects if e.duration == duration})
        if not names:
            continue  # ended meanwhile, with a control effect that ended before it
        why = "its source left or changed control" if duration.startswith("control:") else "it is no longer enchanted"
        state.log_event(f"the effect of {', '.join(names)} ends: {why}", "duration_while")
        end_effects(state, duration)
