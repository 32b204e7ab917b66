"""Magarena's `.dec` (read only): plain `COUNT Name` lines grouped by `#` comments and blank
lines (all main deck: Magarena has no sideboard), and one `>` line, the deck's description."""

from __future__ import annotations

from ..decklist import DeckList, UnknownEntry, parse_deck, split_lines


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    described = [line.strip()[1:].strip() for line in split_lines(text, file) if line.strip().startswith(">")]
    lines = ["" if line.strip().startswith(">") else line for line in text.splitlines()]
    deck = parse_deck("\n".join(lines), name, file=file, blank_sideboard=False, unknown=unknown)
    deck.description = "\n".join(described)
    return deck
