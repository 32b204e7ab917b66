"""XMage's `.dck`: `4 [M10:146] Lightning Bolt` lines, `SB: 2 [M10:12] Shock` for the
sideboard, `NAME:` (and `AUTHOR:`) lines, and `LAYOUT MAIN:` / `LAYOUT SIDEBOARD:` lines that
say how XMage's editor shows the deck (read past, not kept)."""

from __future__ import annotations

import re

from ..decklist import MAIN, SIDE, DeckBuilder, DeckEntry, DeckList, UnknownEntry, one_line, split_lines
from .common import by_section, sideboard_with_extras, with_set

_LINE = re.compile(r"^(SB:\s*)?(\S+)\s+(?:\[([A-Za-z0-9_]*):([^\]]*)\]\s*)?(.+)$")


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    b = DeckBuilder(file, name, unknown)
    for n, raw in enumerate(split_lines(text, file), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        upper = line.upper()
        if upper.startswith("NAME:"):
            b.name = line[5:].strip() or b.name
            continue
        if upper.startswith(("AUTHOR:", "LAYOUT ")):
            continue
        m = _LINE.match(line)
        if not m:
            b.problem(n, f"expected 'COUNT [SET:NUMBER] Card Name', found {one_line(line)}")
            continue
        section = SIDE if m.group(1) else MAIN
        number = (m.group(4) or "").strip()
        b.add(m.group(2), m.group(5), n, line, section, set=(m.group(3) or "").upper(),
              number="" if number == "0" else number)
    return b.deck()


def _line(e: DeckEntry) -> str:
    e = with_set(e)
    return f"{e.count} [{e.set}:{e.number}] {e.name}"


def write(deck: DeckList) -> str:
    """A commander or companion goes with the sideboard (XMage's `.dck` has no such section)."""
    parts = by_section(deck)
    out = [f"NAME:{deck.name}"] + [_line(e) for e in parts[MAIN]]
    out += ["SB: " + _line(e) for e in sideboard_with_extras(parts)]
    return "\n".join(out) + "\n"
