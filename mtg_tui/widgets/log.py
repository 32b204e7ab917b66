"""The game log: turn, rule number and text of each event, newest at the bottom."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..render import log_line, styled, wrap_line
from .zone import ZonePanel


class LogPanel(ZonePanel):
    def set(self, entries: list[Any], *, selected: int | None, folded: bool, active: bool) -> None:
        def build(width: int) -> tuple[list[Text], int]:
            lines: list[Text] = []
            keep = 0
            for i, e in enumerate(entries):
                if i == selected:
                    keep = len(lines)
                lines += wrap_line(log_line(e, selected=(i == selected)), width, indent=4)
            if selected is None:
                keep = len(lines) - 1
            return lines or [styled("nothing yet", "dim")], max(keep, 0)
        title = "log" + (" (routine events folded: f)" if folded else " (all events: f folds)")
        self.show(build, title, active, inputs=(entries, selected, folded))
