"""MTG Arena's export: `Companion` / `Commander` / `Deck` / `Sideboard` headers, a blank line
between sections, and the printing after each name: `4 Lightning Bolt (M10) 146`.  Reading is
`rules.play.decklist.parse_deck` (it reads headers, printings and Arena's `About` / `Name`)."""

from __future__ import annotations

from ..decklist import COMMANDER, COMPANION, MAIN, SIDE, DeckEntry, DeckList, UnknownEntry, parse_deck
from .common import by_section, with_set


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    return parse_deck(text, name, file=file, unknown=unknown)


def _line(e: DeckEntry) -> str:
    e = with_set(e)
    printing = f" ({e.set})" if e.set else ""
    return f"{e.count} {e.name}{printing}" + (f" {e.number}" if e.number and printing else "")


def write(deck: DeckList) -> str:
    parts = by_section(deck)
    out = ["About", f"Name {deck.name}"]
    for header, section in (("Companion", COMPANION), ("Commander", COMMANDER), ("Deck", MAIN), ("Sideboard", SIDE)):
        if parts[section] or section == MAIN:
            out += ["", header] + [_line(e) for e in parts[section]]
    return "\n".join(out) + "\n"
