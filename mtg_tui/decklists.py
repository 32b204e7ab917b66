"""Finding decks: a bundled deck by name ("red-green") or a deck file by path."""

from __future__ import annotations

from pathlib import Path

from rules.play.decklist import MAX_CHARS, DeckError, DeckList, parse_deck


def decks_dir() -> Path:
    """Installed, the decks are package data in mtg_tui/decks; in a checkout, ./decks."""
    here = Path(__file__).resolve().parent
    installed = here / "decks"
    return installed if installed.is_dir() else here.parent / "decks"


def bundled_decks() -> dict[str, str]:
    """Name -> deck list text of every deck shipped with the package."""
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(decks_dir().glob("*.txt"))}


def load_deck(ref: str) -> DeckList:
    """A bundled deck's name or a path to a deck file; DeckError says what is wrong."""
    decks = bundled_decks()
    if ref in decks:
        return parse_deck(decks[ref], ref)
    path = Path(ref)
    if path.is_file():
        try:
            size = path.stat().st_size
            if size > MAX_CHARS:  # a UTF-8 character is at least one byte: refused unread
                raise DeckError(f"{ref}: a file of {size:,} bytes is no deck list (at most {MAX_CHARS:,})")
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise DeckError(f"{ref}: can't read the file ({e})") from None
        return parse_deck(text, path.stem)
    raise DeckError(f"no deck called {ref!r}: bundled decks are {', '.join(decks)}, or give a path to a deck file")
