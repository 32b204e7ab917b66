"""Forge's `.dck`: an INI-like file.  `[metadata]` holds `Name=` and `Description=` (and keys
Forge writes for itself: `Deck Type`, `Set`, `Image`, `Comment`, `Title`, `Icon`, `Tags`, ...,
read past); `[Main]`, `[Sideboard]`, `[Commander]` hold `4 Name|SET` lines, `4 Name|SET|2` with
an art index, and a foil printing marked by `+` after the name (`Name+|SET`).  Forge's own decks
(its quest precons and duels) begin with a `[shop]` or `[duel]` section, read past; sections of
cards no game here uses (`[Planes]`, `[Schemes]`, `[Avatar]`, ...) are read past too, never
merged into the main deck, and the deck says so (`DeckList.skipped`)."""

from __future__ import annotations

import re

from ..decklist import COMMANDER, MAIN, SIDE, DeckBuilder, DeckEntry, DeckList, UnknownEntry, one_line, split_lines
from .common import by_section, with_set

_SECTIONS = {"main": MAIN, "sideboard": SIDE, "commander": COMMANDER}
# sections of `Key=value` lines: the deck's metadata, and what Forge's quest mode keeps
_KEYED = {"metadata", "shop", "duel"}
# sections of cards for other kinds of game (Planechase, Archenemy, Vanguard, Conspiracy, ...)
UNPLAYED = {"avatar": "a Vanguard avatar", "planes": "a planar deck", "schemes": "a scheme deck",
            "conspiracy": "conspiracies", "dungeon": "dungeons", "attractions": "an attraction deck",
            "contraptions": "a contraption deck"}
SECTION_NAMES = sorted(_SECTIONS.keys() | _KEYED | UNPLAYED.keys())
_LINE = re.compile(r"^(\S+?)[xX]?\s+(.+)$")
_KNOWN = "[metadata], [Main], [Sideboard], [Commander], and Forge's [shop], [duel], [Planes], [Schemes], [Avatar]..."


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    b = DeckBuilder(file, name, unknown)
    section: str | None = None
    read_past: dict[str, int] = {}  # an unplayed section -> its cards
    last_key = ""
    for n, raw in enumerate(split_lines(text, file), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.startswith("[") and line.endswith("]"):
            key = line[1:-1].strip().lower()
            if key not in SECTION_NAMES:
                b.problem(n, f"unknown section {one_line(line)} (Forge decks have {_KNOWN})")
                section = "?"
                continue
            section, last_key = key, ""
            if key in UNPLAYED:
                read_past.setdefault(key, 0)
            continue
        if section == "metadata":
            last_key = _metadata_line(b, n, line, last_key)
            continue
        if section in _KEYED or section == "?":
            continue
        if section in UNPLAYED:
            m = _LINE.match(line)
            read_past[section] += int(m.group(1)) if m and m.group(1).isdigit() else 1
            continue
        if section is None:
            b.problem(n, f"a card before any section ([Main]): {one_line(line)}")
            continue
        _card_line(b, n, line, _SECTIONS[section])
    b.skipped += [f"[{key.capitalize()}] ({count} card{'s' if count != 1 else ''}: {UNPLAYED[key]}, "
                  "which no game here uses)" for key, count in read_past.items() if count]
    return b.deck()


def _metadata_line(b: DeckBuilder, n: int, line: str, last_key: str) -> str:
    """One line of [metadata]: Name and Description are kept, Forge's other keys read past; a
    line without `=` goes on the description above it.  Returns the line's key."""
    key, eq, value = line.partition("=")
    key = key.strip().lower()
    if not eq:
        if last_key == "description":
            b.description += "\n" + line
            return last_key
        b.problem(n, f"expected 'Key=value' in [metadata], found {one_line(line)}")
        return ""
    if key == "name" and value.strip():
        b.name = value.strip()
    elif key == "description":
        b.description = value.strip()
    return key


def _card_line(b: DeckBuilder, n: int, line: str, section: str) -> None:
    m = _LINE.match(line)
    if not m:
        b.problem(n, f"expected 'COUNT Card Name|SET', found {one_line(line)}")
        return
    card, _, rest = m.group(2).partition("|")
    fields = (rest.split("|") if rest else []) + ["", ""]
    card = card.strip()
    b.add(m.group(1), card.rstrip("+"), n, line, section,
          set=fields[0].strip().upper(), art=fields[1].strip(), foil=card.endswith("+"))


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
