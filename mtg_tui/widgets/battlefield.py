"""One player's battlefield: creatures (with what is attached to them), other permanents,
then lands folded into groups."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..render import Group, group_chip, styled, wrap_chips
from .zone import ZonePanel


def battlefield_lines(groups: list[Group], width: int, *, selected: int | None, labels: dict[Any, str],
                      notes: dict[Any, str], lands_first: bool) -> tuple[list[Text], int]:
    """Rows of chips; `labels` and `notes` are keyed by permanent id."""
    rows: dict[str, list[tuple[int, Text]]] = {"creature": [], "other": [], "land": []}
    for i, g in enumerate(groups):
        label = next((labels[x] for x in g.ids if x in labels), None)
        note = next((notes[x] for x in g.ids if x in notes), "")
        rows[g.row].append((i, group_chip(g, label=label, selected=(i == selected), note=note)))
    order = ["land", "other", "creature"] if lands_first else ["creature", "other", "land"]
    lines: list[Text] = []
    keep = 0
    for row in order:
        if not rows[row]:
            continue
        start = len(lines)
        wrapped = wrap_chips([c for _, c in rows[row]], width)
        if selected is not None and any(i == selected for i, _ in rows[row]):
            # find the wrapped line holding the selected chip
            keep = start + _line_of([c for _, c in rows[row]], [i for i, _ in rows[row]].index(selected), width)
        lines += wrapped
    if not lines:
        lines = [styled("no permanents", "dim")]
    return lines, keep


def _line_of(chips: list[Text], k: int, width: int) -> int:
    return len(wrap_chips(chips[:k + 1], width)) - 1


class Battlefield(ZonePanel):
    """A player's permanents."""

    def set(self, groups: list[Group], *, title: str, selected: int | None, labels: dict[Any, str],
            notes: dict[Any, str], lands_first: bool, active: bool) -> None:
        self.show(lambda w: battlefield_lines(groups, w, selected=selected, labels=labels, notes=notes,
                                              lands_first=lands_first), title, active,
                  inputs=(groups, selected, labels, notes, lands_first))
