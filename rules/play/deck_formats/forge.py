"""Forge's `.dck`: an INI-like file.  `[metadata]` holds `Name=` and `Description=`; `[Main]`,
`[Sideboard]`, `[Commander]` hold `4 Name|SET` lines, `4 Name|SET|2` with an art index, and a
foil printing marked by `+` after the name (`Name+|SET`)."""

from __future__ import annotations

import re

from ..decklist import COMMANDER, MAIN, SIDE, DeckBuilder, DeckEntry, DeckList, UnknownEntry, one_line, split_lines
from .common import by_section, with_set

_SECTIONS = {"main": MAIN, "sideboard": SIDE, "commander": COMMANDER}
_OTHER = {"metadata"}
_LINE = re.compile(r"^(\S+?)[xX]?\s+(.+)$")


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    b = DeckBuilder(file, name, unknown)
    section: str | None = None
    for n, raw in enumerate(split_lines(text, file), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.startswith("[") and line.endswith("]"):
            key = line[1:-1].strip().lower()
            if key not in _SECTIONS and key not in _OTHER:
                b.problem(n, f"unknown section {one_line(line)} (Forge decks have [metadata], [Main], "
                             "[Sideboard], [Commander])")
                section = "?"
                continue
            section = key
            continue
        if section == "metadata":
            key, eq, value = line.partition("=")
            if not eq:
                b.problem(n, f"expected 'Key=value' in [metadata], found {one_line(line)}")
            elif key.strip().lower() == "name" and value.strip():
                b.name = value.strip()
            elif key.strip().lower() == "description":
                b.description = value.strip()
            continue
        if section == "?":
            continue
        if section is None:
            b.problem(n, f"a card before any section ([Main]): {one_line(line)}")
            continue
        m = _LINE.match(line)
        if not m:
            b.problem(n, f"expected 'COUNT Card Name|SET', found {one_line(line)}")
            continue
        card, _, rest = m.group(2).partition("|")
        fields = rest.split("|") if rest else []
        card = card.strip()
        foil = card.endswith("+")
        fields += ["", ""]
        b.add(m.group(1), card.rstrip("+"), n, line, _SECTIONS[section],
              set=fields[0].strip().upper(), art=fields[1].strip(), foil=foil)
    return b.deck()


def _line(e: DeckEntry) -> str:
    e = with_set(e)
    printing = (f"|{e.set}" if e.set else "") + (f"|{e.art}" if e.art and e.set else "")
    return f"{e.count} {e.name}{'+' if e.foil else ''}{printing}"


def write(deck: DeckList) -> str:
    parts = by_section(deck)
    out = ["[metadata]", f"Name={deck.name}"]
    if deck.description:
        out.append("Description=" + " ".join(deck.description.split()))
    for header, section in (("Commander", COMMANDER), ("Main", MAIN), ("Sideboard", SIDE)):
        if parts[section] or section == MAIN:
            out += [f"[{header}]"] + [_line(e) for e in parts[section]]
    return "\n".join(out) + "\n"
