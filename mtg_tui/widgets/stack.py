"""The stack, top first, with each spell's or ability's controller and targets (named as
the board names them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from rules.engine.api.view_types import StackItemView

from ..render import stack_line, styled, wrap_line
from .zone import ZonePanel


class StackPanel(ZonePanel):
    def set(self, items: Sequence[StackItemView], *, selected: int | None, labels: dict[Any, str], active: bool,
            names: dict[Any, str] | None = None, marks: frozenset[int | str] = frozenset()) -> None:
        def build(width: int) -> tuple[list[Text], int]:
            if not items:
                return [styled("empty", "dim")], 0
            lines: list[Text] = []
            keep = 0
            for i, it in enumerate(items):
                if i == selected:
                    keep = len(lines)
                line = stack_line(it, i + 1, label=labels.get(it.id), selected=(i == selected), names=names,
                                  mark=it.id in marks)
                lines += wrap_line(line, width, indent=3)  # a long line goes on, indented
            return lines, keep
        title = f"stack ({len(items)})" if items else "stack"
        self.show(build, title, active, inputs=(items, selected, labels, names, marks))
