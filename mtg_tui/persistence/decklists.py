"""Finding decks: a bundled deck by name ("red-green") or, for an official precon, by its
product name ("Arcanis's Guile"), or a deck file by path, in any of the formats
`rules.play.deck_formats` reads (plain text, MTGO, Arena, Forge, XMage, Cockatrice, Magarena).

A bundled precon is played as it was sold: 40 and 41 cards are below the 60-card minimum
(100.2a), so its own size is its minimum, and whoever loads one says so (`precon_notice`)."""

from __future__ import annotations

from pathlib import Path

from rules.engine.core.ruleset import get_ruleset
from rules.play.construction import MIN_CARDS, RULE, check_construction
from rules.play.deck_formats import read_deck_file
from rules.play.decklist import DeckError, DeckList, parse_deck

from .precons import PRODUCT_LINES, Precon, ProductLine, precon_named

OWN_DECKS = "Decks of this project"  # the heading of the bundled decks that are no product


def decks_dir() -> Path:
    """Installed, the decks are package data in mtg_tui/decks; in a checkout, ./decks."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "decks"
    return installed if installed.is_dir() else package.parent / "decks"


def bundled_names() -> list[str]:
    """The names of the decks shipped with the package, in name order (no file is read)."""
    return sorted(p.stem for p in decks_dir().glob("*.txt"))


def bundled_text(name: str) -> str:
    """The deck list text of the bundled deck `name` (one of `bundled_names`)."""
    return (decks_dir() / f"{name}.txt").read_text(encoding="utf-8")


def bundled_decks() -> dict[str, str]:
    """Name -> deck list text of every deck shipped with the package."""
    return {name: bundled_text(name) for name in bundled_names()}


def deck_description(name: str) -> str:
    """What a bundled deck is, from its file's first line when that is a comment ("" if not)."""
    first = bundled_text(name).split("\n", 1)[0].strip()
    return first.lstrip("#").strip() if first.startswith("#") else ""


def deck_groups(names: list[str] | None = None, short: bool = False) -> list[tuple[str, list[str]]]:
    """The bundled decks by group, as the deck picker and `mtg-tui decks` list them: the
    project's own decks first, then each product line's title (`short`: "10E theme decks")
    with its decks in product order."""
    names = bundled_names() if names is None else names
    lines = [(line.short_title if short else line.title, [d for d in line.decks if d in names])
             for line in PRODUCT_LINES]
    in_lines = {d for _, decks in lines for d in decks}
    groups = [(OWN_DECKS, [n for n in names if n not in in_lines])] + lines
    return [(title, decks) for title, decks in groups if decks]


def bundled_name(ref: str) -> str | None:
    """The bundled deck `ref` names: its file name, or a precon's product name; None if none."""
    decks = bundled_names()
    if ref in decks:
        return ref
    found = precon_named(ref)
    return found[1].deck if found is not None and found[1].deck in decks else None


def bundled_precon(ref: str) -> tuple[ProductLine, Precon] | None:
    """The product line and product of the bundled precon `ref` names (a file path is no precon)."""
    name = bundled_name(ref)
    return precon_named(name) if name is not None else None


def load_deck(ref: str) -> DeckList:
    """A bundled deck's name (or a precon's product name) or a path to a deck file of any
    format; DeckError says what is wrong."""
    name = bundled_name(ref)
    if name is not None:
        return parse_deck(bundled_text(name), name)
    path = Path(ref)
    if path.is_file():
        return read_deck_file(path)
    raise DeckError(f"no deck called {ref!r}{closest_decks(ref)}: `mtg-tui decks` lists the bundled decks by "
                    f"group (the new-game form too), or give the path of a deck file")


def closest_decks(ref: str) -> str:
    """" (did you mean ...?)" naming the bundled decks closest to a name not found, or ""."""
    from difflib import get_close_matches

    names = {name: name for name in bundled_names()}
    names |= {p.product.lower(): p.deck for line in PRODUCT_LINES for p in line.precons if p.deck in names}
    close = dict.fromkeys(names[n] for n in get_close_matches(ref.lower(), list(names), n=3, cutoff=0.6))
    return f" (did you mean {' or '.join(close)}?)" if close else ""


def minimum_cards(ref: str) -> int:
    """The fewest cards the deck `ref` may hold: a bundled precon's size as sold, else 60 (100.2a)."""
    found = bundled_precon(ref)
    return min(found[0].size, MIN_CARDS) if found is not None else MIN_CARDS


def precon_notice(ref: str, ruleset: str = "2014") -> str | None:
    """The line saying a bundled precon is played as sold below the 60-card minimum, or None
    (not a precon, or one of sixty)."""
    found = bundled_precon(ref)
    if found is None or found[0].size >= MIN_CARDS:
        return None
    line, precon = found
    rule = RULE[get_ruleset(ruleset).name]
    return (f"{precon.product} is a {line.size}-card {line.kind}: played as sold, "
            f"below the {MIN_CARDS}-card minimum ({rule})")


def load_checked(ref: str, ruleset: str, allow_illegal: bool = False) -> tuple[DeckList, str | None]:
    """The deck `ref` names, checked for the construction rules unless `allow_illegal` (a
    bundled precon against its own size as sold), and the precon's notice if it has one;
    IllegalDeck (a DeckError) says what breaks the rules."""
    deck = load_deck(ref)
    if not allow_illegal:
        check_construction(deck, ruleset, minimum_cards(ref))
    return deck, precon_notice(ref, ruleset)
