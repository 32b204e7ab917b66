"""Finding decks: a bundled deck by name ("red-green") or a deck file by path, in any of the
formats `rules.play.deck_formats` reads (plain text, MTGO, Arena, Forge, XMage, Cockatrice, Magarena)."""

from __future__ import annotations

from pathlib import Path

from rules.play.deck_formats import read_deck_file
from rules.play.decklist import DeckError, DeckList, parse_deck


def decks_dir() -> Path:
    """Installed, the decks are package data in mtg_tui/decks; in a checkout, ./decks."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "decks"
    return installed if installed.is_dir() else package.parent / "decks"


def bundled_decks() -> dict[str, str]:
    """Name -> deck list text of every deck shipped with the package."""
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(decks_dir().glob("*.txt"))}


def load_deck(ref: str) -> DeckList:
    """A bundled deck's name or a path to a deck file of any format; DeckError says what is wrong."""
    decks = bundled_decks()
    if ref in decks:
        return parse_deck(decks[ref], ref)
    path = Path(ref)
    if path.is_file():
        return read_deck_file(path)
    raise DeckError(f"no deck called {ref!r}: bundled decks are {', '.join(decks)}, or give a path to a deck file")
