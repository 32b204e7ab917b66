"""What the engine doesn't carry out, said where it would apply (partial cards are never
inert): a spell's unsupported lines as it resolves, a permanent's static lines as it enters
the battlefield, and a triggered or activated line (whose timing the compiler read) as it
resolves.  The log line names the sentence; the players carry it out by hand with manual
actions (`rules.engine.loop.manual`)."""

from __future__ import annotations

from ..core.objects import Obj
from ..core.state import GameState


def say_unenforced(state: GameState, source_name: str, sentence: str) -> None:
    state.log_event(f"{source_name}: not carried out by the engine: \"{sentence}\" (do it by hand with "
                    "manual actions)", "unenforced")


def lines_without_ability(o: Obj) -> list[str]:
    """Its unsupported lines that no ability carries (those whose timing is unknown)."""
    carried = {ab.text for ab in o.card.abilities}
    return [line for line in o.card.unsupported if line not in carried]


def announce_unenforced(state: GameState, o: Obj) -> None:
    """As a partial permanent enters the battlefield, or a partial spell resolves: each line
    the engine can't place in time is named once."""
    for line in lines_without_ability(o):
        say_unenforced(state, o.name, line)
