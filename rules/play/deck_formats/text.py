"""Plain text deck lists (`4 Name`, `4x Name`, `Sideboard` / `SB:` sections) and MTGO's `.txt`
(main deck, a blank line, the sideboard).  Reading is `rules.play.decklist.parse_deck`."""

from __future__ import annotations

from ..decklist import COMMANDER, COMPANION, MAIN, SIDE, DeckEntry, DeckList, UnknownEntry, parse_deck
from .common import by_section, sideboard_with_extras


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    return parse_deck(text, name, file=file, unknown=unknown)


def _lines(entries: list[DeckEntry]) -> list[str]:
    return [f"{e.count} {e.name}" for e in entries]


def write_txt(deck: DeckList) -> str:
    """A commented plain list: `# name`, the description as comments, then sections with headers."""
    parts = by_section(deck)
    out = [f"# {deck.name}"] + [f"# {line}" for line in deck.description.splitlines() if line.strip()]
    for header, section in (("Companion", COMPANION), ("Commander", COMMANDER)):
        if parts[section]:
            out += ["", header] + _lines(parts[section])
    out += (["", "Deck"] if parts[COMPANION] or parts[COMMANDER] else []) + _lines(parts[MAIN])
    if parts[SIDE]:
        out += ["", "Sideboard"] + _lines(parts[SIDE])
    return "\n".join(out) + "\n"


def write_mtgo(deck: DeckList) -> str:
    """MTGO's `.txt`: main deck lines, a blank line, sideboard lines; no name, no headers (a
    commander or companion goes with the sideboard, as MTGO lists them)."""
    parts = by_section(deck)
    side = sideboard_with_extras(parts)
    out = _lines(parts[MAIN]) + ([""] + _lines(side) if side else [])
    return "\n".join(out) + "\n"
