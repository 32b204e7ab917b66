"""Deck files in the formats players already have: read any of them (`read_deck`, the format
found from the content, the file's extension breaking ties) and write any (`write_deck`).

| format  | extension | reads and writes                                                  |
|---------|-----------|-------------------------------------------------------------------|
| txt     | .txt      | `4 Name`, `Sideboard` / `SB:`, `Companion`, `Commander`, comments |
| mtgo    | .txt      | main deck, a blank line, sideboard                                |
| arena   | .txt      | headers, `4 Name (SET) 123`, `About` / `Name`                     |
| dek     | .dek      | MTGO XML: Quantity, Sideboard, Name, CatID                         |
| forge   | .dck      | `[metadata]` Name / Description, sections, `Name+|SET|art`; reads  |
|         |           | past `[shop]`, `[duel]`, other keys, `[Planes]` and other decks    |
| xmage   | .dck      | `NAME:`, `4 [SET:NUM] Name`, `SB:`; reads past `//` comments,      |
|         |           | `AUTHOR:`, `LAYOUT ...:` and other `KEY:` headers                  |
| cod     | .cod      | Cockatrice XML: deckname, comments, zones main / side (reads past  |
|         |           | tokens, bannerCard, tags, lastLoadedTimestamp)                     |
| dec     | .dec      | Magarena (read only): `#` comments, a `>` description line        |

Every card name is checked against the card pool; every problem is a DeckError of one line
naming the file, the line and what is wrong."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path, PurePath

from ..decklist import MAX_CHARS, DeckError, DeckList, UnknownEntry
from . import arena, cockatrice, dek, forge, magarena, text, xmage

WRITERS: dict[str, Callable[[DeckList], str]] = {
    "txt": text.write_txt, "arena": arena.write, "mtgo": text.write_mtgo, "dek": dek.write,
    "forge": forge.write, "xmage": xmage.write, "cod": cockatrice.write,
}
READERS: dict[str, Callable[[str, str, str, list[UnknownEntry] | None], DeckList]] = {
    "txt": text.read, "arena": arena.read, "mtgo": text.read, "dek": dek.read, "forge": forge.read,
    "xmage": xmage.read, "cod": cockatrice.read, "dec": magarena.read,
}
EXTENSIONS = {"txt": ".txt", "arena": ".txt", "mtgo": ".txt", "dek": ".dek", "forge": ".dck",
              "xmage": ".dck", "cod": ".cod"}

_XMAGE_LINE = re.compile(r"^\s*(SB:\s*)?\d+\s+\[[A-Za-z0-9_]*:[^\]]*\]", re.MULTILINE)
_FORGE_SECTION = re.compile(rf"^\s*\[({'|'.join(forge.SECTION_NAMES)})\]\s*$", re.MULTILINE | re.IGNORECASE)
_ARENA = re.compile(r"^\s*(deck|companion|commander|about)\s*$|^\s*\d+x?\s+.+?\s\([A-Za-z0-9]{2,6}\)(\s+\S+)?\s*$",
                    re.MULTILINE | re.IGNORECASE)


def detect_format(content: str, filename: str = "") -> str:
    """Which reader `content` is for: XML by its root element, Forge by its sections (its own
    `[shop]`, `[duel]`, `[Planes]`... too), XMage by its `[SET:NUM]` lines or `NAME:` (and a
    `.dck` without Forge's sections: XMage reads plain `4 Name` lines too), Magarena by its `>`
    line or `.dec`, Arena by its headers or printings; anything else is plain text (which reads
    MTGO's .txt too)."""
    ext = PurePath(filename).suffix.lower()
    head = content.lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        return "cod" if "<cockatrice_deck" in content else "dek"
    if _FORGE_SECTION.search(content):
        return "forge"
    if _XMAGE_LINE.search(content) or re.search(r"^\s*NAME:", content, re.MULTILINE):
        return "xmage"
    if ext == ".dec" or re.search(r"^\s*>", content, re.MULTILINE):
        return "dec"
    if ext == ".dck":
        return "xmage"
    if ext == ".dek":
        return "dek"
    if ext == ".cod":
        return "cod"
    if _ARENA.search(content):
        return "arena"
    return "txt"


def read_deck(content: str, filename: str = "deck", unknown: list[UnknownEntry] | None = None) -> DeckList:
    """The deck in `content` (a file's text; `filename` names it in messages and gives the deck
    its name when the file names none, and its extension breaks ties between formats).
    `unknown`, when given, collects the lines naming unknown cards instead of refusing them."""
    content = content.lstrip("\ufeff")
    if "\x00" in content[:MAX_CHARS]:
        raise DeckError(f"{filename}: binary data, not a deck file")
    if not content.strip():
        raise DeckError(f"{filename}: the file is empty")
    fmt = detect_format(content, filename)
    return READERS[fmt](content, PurePath(filename).stem or filename, filename, unknown)


def read_deck_file(path: str | Path, unknown: list[UnknownEntry] | None = None) -> DeckList:
    """The deck in the file at `path`; DeckError (one line) when it can't be read or isn't a deck."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_CHARS:  # a UTF-8 character is at least one byte: refused unread
            raise DeckError(f"{path}: a file of {size:,} bytes is no deck list (at most {MAX_CHARS:,})")
        raw = path.read_bytes()
    except OSError as e:
        raise DeckError(f"{path}: can't read the file ({e.strerror or e})") from None
    if b"\x00" in raw:
        raise DeckError(f"{path}: binary data, not a deck file")
    try:
        content = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DeckError(f"{path}: not UTF-8 text (byte {e.start}), not a deck file") from None
    return read_deck(content, str(path), unknown)


def write_deck(deck: DeckList, fmt: str) -> str:
    """`deck` in format `fmt` (one of WRITERS)."""
    if fmt not in WRITERS:
        raise DeckError(f"no deck format {fmt!r}: formats are {', '.join(WRITERS)}")
    return WRITERS[fmt](deck)
