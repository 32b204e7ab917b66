"""Where the game is: the turn, whose turn it is, each step (the current one lit), who has
priority, and a dot on each step where the client stops for the player at the keyboard."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from rules.engine.turn import STEPS

from ..render import styled

SHORT = {
    "untap": "untap", "upkeep": "upkp", "draw": "draw", "main1": "main1", "begin_combat": "bcomb",
    "declare_attackers": "atk", "declare_blockers": "blk", "first_strike_damage": "1st",
    "combat_damage": "dmg", "end_combat": "ecomb", "main2": "main2", "end": "end", "cleanup": "clnup",
}
LONG = {
    "untap": "untap", "upkeep": "upkeep", "draw": "draw", "main1": "main 1", "begin_combat": "begin combat",
    "declare_attackers": "attackers", "declare_blockers": "blockers", "first_strike_damage": "first strike",
    "combat_damage": "damage", "end_combat": "end combat", "main2": "main 2", "end": "end", "cleanup": "cleanup",
}


def phase_text(*, turn: int, active: str, step: str, priority: str | None, stops: set[str], own_turn: bool,
               cursor: int | None, width: int) -> Text:
    head = styled(f" T{turn} ", "bold black on cyan") + styled(f" {active}'s turn ", "bold")
    tail = styled(f" ◆ {priority}", "bold yellow") if priority else Text("")
    stop_note = styled(f"  stops: {'your' if own_turn else 'their'} turn", "dim") if cursor is not None \
        else Text("")

    def steps(names: dict[str, str]) -> Text:
        t = Text()
        for i, s in enumerate(STEPS):
            if s == "first_strike_damage" and step != s:
                continue
            mark = "•" if s in stops else " "
            label = Text(" ") + styled(mark, "bold green") + Text(names[s])
            if s == step:
                label.stylize("bold reverse", 2)
            if cursor == i:
                label.stylize("underline bold yellow", 2)
            t += label
        return t

    short_head = styled(f" T{turn} ", "bold black on cyan") + styled(f" {active} ", "bold")
    for h, names, note in ((head, LONG, stop_note), (head, SHORT, stop_note), (head, SHORT, Text("")),
                           (short_head, SHORT, Text(""))):
        t = h + Text("│") + steps(names) + Text(" │") + tail + note
        if t.cell_len <= width:
            return t
    t = short_head + Text("│") + steps(SHORT) + Text(" │") + tail
    t.truncate(width, overflow="ellipsis")
    return t


class PhaseBar(Widget):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._args: dict = {}

    def set(self, **kwargs: object) -> None:
        if kwargs != self._args:
            self._args = kwargs
            self.refresh()

    def render(self) -> Text:
        if not self._args:
            return Text("")
        return phase_text(width=max(self.content_size.width, 1), **self._args)
