"""Where the game is: the turn, whose turn it is, each step (the current one lit), who has
priority, a dot on each step where the client stops for the player at the keyboard this turn,
their passing mode (F-keys, screens/passing.py) and, as room allows, their stops on their own
turns and on the opponent's spelt out."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from rules.engine.loop.turn import STEPS

from ..colours import resolve
from ..grouping import STEP_NAMES
from ..render import styled
from .one_layout import OneLayoutWidget

SHORT = {
    "untap": "untap", "upkeep": "upkp", "draw": "draw", "main1": "main1", "begin_combat": "bcomb",
    "declare_attackers": "atk", "declare_blockers": "blk", "first_strike_damage": "1st",
    "combat_damage": "dmg", "end_combat": "ecomb", "main2": "main2", "end": "end", "cleanup": "clnup",
}


def stop_list(stops: set[str] | frozenset[str]) -> str:
    """The steps of a set of stops in turn order, short ("main1 blk main2"), or "none"."""
    return " ".join(SHORT[s] for s in STEPS if s in stops) or "none"


def phase_text(*, turn: int, active: str, step: str, priority: str | None, stops: set[str], own_turn: bool | None,
               cursor: int | None, width: int, other_stops: set[str] | None = None, viewer: str | None = None,
               yielding: str = "") -> Text:
    """The bar: the turn, each step (the current one lit) with a dot where the client stops
    for the player at the keyboard (`stops`; `own_turn`: they are the stops of their own turns), who
    has priority, a passing mode they set (`yielding`), and, as room allows, their stops on
    both kinds of turn spelt out (`other_stops`: the other kind's).  `own_turn` None: nobody is
    at the keyboard (a replay), so no stops are told."""
    head = styled(f" T{turn} ", "bold reverse $text-primary") + styled(f" {active}'s turn ", "bold")
    tail = styled(f" ◆ {priority}", "bold $text-warning") if priority else Text("")
    if yielding:
        tail += styled(f" ⏩ {yielding}", "bold $text-accent")
    who = f"{viewer}'s" if viewer else "your"
    # which of the viewer's two sets of stops the dots are: those for their own turns or the opponent's
    stop_note = styled(f"  •{'your' if own_turn else 'their'} turn", "dim") if own_turn is not None else Text("")
    both = Text("")
    if other_stops is not None:
        mine, theirs = (stops, other_stops) if own_turn else (other_stops, stops)
        both = styled(f"  {who} stops ▸ own turn: {stop_list(mine)} · their turn: {stop_list(theirs)}", "dim")
    if cursor is not None:
        stop_note = styled(f"  stops: {'your' if own_turn else 'their'} turns (Enter toggles, t switches)", "dim")

    def steps(names: dict[str, str], tight: bool = False) -> Text:
        t = Text()
        for i, s in enumerate(STEPS):
            if s == "first_strike_damage" and step != s:
                continue
            # tight: the untap and cleanup steps, where nobody gets priority as a rule, go unless current
            if tight and s in ("untap", "cleanup") and step != s and s not in stops and cursor != i:
                continue
            mark = "•" if s in stops else " "
            label = Text(" ") + styled(mark, "bold $text-success") + Text(names[s])
            if s == step:
                label.stylize("bold reverse", 2)
            if cursor == i:
                label.stylize(resolve("underline bold $text-warning"), 2)
            t += label
        return t

    short_head = styled(f" T{turn} ", "bold reverse $text-primary") + styled(f" {active} ", "bold")
    # while the bar is the zone, which set the dots are stays on it in a short form
    short = styled(f"  •{'your' if own_turn else 'their'} turns", "bold") if cursor is not None else Text("")
    for h, names, note in ((head, STEP_NAMES, stop_note + both), (head, SHORT, stop_note + both),
                           (head, STEP_NAMES, stop_note), (head, SHORT, stop_note), (head, SHORT, short),
                           (short_head, SHORT, short)):
        t = h + Text("│") + steps(names) + Text(" │") + tail + note
        if t.cell_len <= width:
            return t
    t = short_head + Text("│") + steps(SHORT, tight=True) + Text(" │") + tail + short
    t.truncate(width, overflow="ellipsis")
    return t


class PhaseBar(OneLayoutWidget):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._args: dict[str, Any] = {}

    def set(self, **kwargs: object) -> None:
        if kwargs != self._args:
            self._args = kwargs
            self.refresh()

    def render(self) -> Text:
        if not self._args:
            return Text("")
        return phase_text(width=max(self.content_size.width, 1), **self._args)
