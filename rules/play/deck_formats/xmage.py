"""XMage's `.dck`: `4 [M10:146] Lightning Bolt` lines (or plain `4 Lightning Bolt`), `SB: 2
[M10:12] Shock` for the sideboard, a `NAME:` line, and header lines read past: `AUTHOR:`,
`LAYOUT MAIN:` / `LAYOUT SIDEBOARD:` (how XMage's editor shows the deck) and any other
`KEY:` line in capitals, `#` and `//` comments (`//Created with Mage ...`)."""

from __future__ import annotations

import re

from ..decklist import MAIN, SIDE, DeckBuilder, DeckEntry, DeckList, UnknownEntry, one_line, split_lines
from .common import by_section, sideboard_with_extras, with_set

_LINE = re.compile(r"^(SB:\s*)?(\S+)\s+(?:\[([A-Za-z0-9_]*):([^\]]*)\]\s*)?(.+)$")
# a header line: a key in capitals and a colon (NAME:, AUTHOR:, LAYOUT MAIN:, ...)
_HEADER = re.compile(r"^([A-Z][A-Z _]*):")
_NOT_HEADERS = {"SB", "SIDEBOARD", "MAIN", "DECK", "COMMANDER", "COMPANION"}  # sections: cards follow


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    b = DeckBuilder(file, name, unknown)
    for n, raw in enumerate(split_lines(text, file), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        header = _HEADER.match(line)
        if header and header.group(1).strip() not in _NOT_HEADERS:
            if header.group(1) == "NAME":
                b.name = line[header.end():].strip() or b.name
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
