"""One player's battlefield: creatures (attackers and blockers first, each with the Auras
and Equipment attached to it, whoever controls them), other permanents, then lands, identical
permanents folded into one.

Narrow, each permanent is a chip on a line of chips; wide (WIDE columns and more), each is
a card box of a few lines in a grid of columns, so a big terminal shows more of each card.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..grouping import Group
from ..render import Attached, group_box, group_chip, styled, wrap_chips
from .zone import ZonePanel

WIDE = 96  # panel width from which permanents are drawn as boxes in columns
BOX = 34  # the narrowest box column


# a permanent (or group) as drawn: the group indices it stands for (its own, then those attached
# to it), the group, what is attached, its label, whether selected, its note, whether marked
_Drawn = tuple[list[int], Group, Attached, Any, bool, str, bool]


def battlefield_lines(groups: list[Group], width: int, *, selected: int | None, labels: dict[Any, str],
                      notes: dict[Any, str], lands_first: bool, marks: frozenset[int | str] = frozenset()
                      ) -> tuple[list[Text], int]:
    """Rows of chips (or boxes); `labels`, `notes` and `marks` (the targets of the selected
    stack object) are keyed by permanent id."""
    rows = _rows(groups, selected, labels, notes, marks)
    order = ["land", "other", "creature"] if lands_first else ["creature", "other", "land"]
    lines: list[Text] = []
    keep = 0
    for row in order:
        if not rows[row]:
            continue
        if width >= WIDE and row != "land":
            drawn, at = _box_lines(rows[row], width, selected)
        else:
            drawn, at = _chip_lines(rows[row], width, selected)
        if at is not None:
            keep = len(lines) + at
        lines += drawn
    while lines and not lines[-1].cell_len:
        lines.pop()
    if not lines:
        lines = [styled("no permanents", "dim")]
    return lines, min(keep, max(len(lines) - 1, 0))


def _first(d: dict[Any, str], g: Group) -> Any:
    """The first of the group's permanents' entries in `d` (a label, a note), None without."""
    return next((d[x] for x in g.ids if x in d), None)


def _rows(groups: list[Group], selected: int | None, labels: dict[Any, str], notes: dict[Any, str],
          marks: frozenset[int | str]) -> dict[str, list[_Drawn]]:
    """The groups to draw in each row (creature, other, land), each with the Auras and
    Equipment on it; an attachment whose host is drawn is drawn on its host."""
    on_host: dict[int, Attached] = {}
    for i, g in enumerate(groups):
        if g.host_id is not None:
            on_host.setdefault(g.host_id, []).append(
                (g, _first(labels, g), i == selected, _first(notes, g) or "", any(x in marks for x in g.ids)))
    host_index = {g.ids[0]: i for i, g in enumerate(groups) if g.host_id is None}
    rows: dict[str, list[_Drawn]] = {"creature": [], "other": [], "land": []}
    for i, g in enumerate(groups):
        if g.host_id is not None and g.host_id in host_index:
            continue  # drawn on its host
        attached = on_host.get(g.ids[0], []) if g.count == 1 else []
        members = [i] + [groups.index(a) for a, *_ in attached]
        rows[g.row].append((members, g, attached, _first(labels, g), selected in (members[0],),
                            _first(notes, g) or "", any(x in marks for x in g.ids)))
    return rows


def _box_lines(drawn: list[_Drawn], width: int, selected: int | None) -> tuple[list[Text], int | None]:
    """A row as card boxes in columns, a blank line after each line of boxes; and the line
    where the boxes holding the selected group begin (None when it isn't in this row)."""
    cols = max(width // BOX, 1)
    col_w = width // cols
    lines: list[Text] = []
    at: int | None = None
    for start in range(0, len(drawn), cols):
        chunk = drawn[start:start + cols]
        cells = [group_box(g, col_w - 2, label=lb, selected=sel, note=nt, attached=att, mark=mk)
                 for _, g, att, lb, sel, nt, mk in chunk]
        if selected is not None and any(selected in d[0] for d in chunk):
            at = len(lines)
        lines += _side_by_side(cells, col_w)
        lines.append(Text())  # a blank row between rows of boxes
    return lines, at


def _side_by_side(cells: list[list[Text]], col_w: int) -> list[Text]:
    """Boxes of lines next to each other, each but the last padded to the column width."""
    lines: list[Text] = []
    for r in range(max(len(c) for c in cells)):
        line = Text()
        for k, cell in enumerate(cells):
            part = cell[r] if r < len(cell) else Text()
            if k < len(cells) - 1:
                part = part + Text(" " * max(col_w - part.cell_len, 0))
            line += part
        lines.append(line)
    return lines


def _chip_lines(drawn: list[_Drawn], width: int, selected: int | None) -> tuple[list[Text], int | None]:
    """A row as chips wrapped to the width; and the line holding the selected group's chip
    (None when it isn't in this row)."""
    chips = [group_chip(g, label=lb, selected=sel, note=nt, attached=att, mark=mk)
             for _, g, att, lb, sel, nt, mk in drawn]
    at: int | None = None
    for k, d in enumerate(drawn):
        if selected is not None and selected in d[0]:
            at = len(wrap_chips(chips[:k + 1], width)) - 1
    return wrap_chips(chips, width), at


class Battlefield(ZonePanel):
    """A player's permanents."""

    def set(self, groups: list[Group], *, title: str, selected: int | None, labels: dict[Any, str],
            notes: dict[Any, str], lands_first: bool, active: bool, marks: frozenset[int | str] = frozenset()) -> None:
        self.show(lambda w: battlefield_lines(groups, w, selected=selected, labels=labels, notes=notes,
                                              lands_first=lands_first, marks=marks), title, active,
                  inputs=(groups, selected, labels, notes, lands_first, marks))

    def share(self, other: Battlefield) -> None:
        """Split the height between this battlefield and `other` by how many lines each
        needs (the fuller side gets more), laying out again only when the split changes."""
        mine, theirs = max(len(self._built[1]), 3), max(len(other._built[1]), 3)
        for panel, n in ((self, mine), (other, theirs)):
            want = f"{n}fr"
            if str(panel.styles.height) != want:
                panel.styles.height = want
