"""The stack, top first, with each spell's or ability's controller and targets (named as
the board names them)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..render import stack_line, styled
from .zone import ZonePanel


class StackPanel(ZonePanel):
    def set(self, items: list[dict], *, selected: int | None, labels: dict[Any, str], active: bool,
            names: dict[Any, str] | None = None) -> None:
        def build(width: int) -> tuple[list[Text], int]:
            if not items:
                return [styled("empty", "dim")], 0
            lines = [stack_line(it, i + 1, label=labels.get(it["id"]), selected=(i == selected), names=names)
                     for i, it in enumerate(items)]
            for t in lines:
                t.truncate(width, overflow="ellipsis")
            return lines, selected or 0
        self.show(build, f"stack ({len(items)})" if items else "stack", active, inputs=(items, selected, labels, names))
