"""Deck lists: plain text, one `COUNT Card Name` line per card ("4 Lightning Bolt").

Blank lines and lines starting with `#` are ignored; a `Sideboard` line ends the main deck
(the sideboard isn't used yet).  Every name is checked against the card database.

Input far beyond any real deck (a huge file, thousands of lines, `999999999 Forest`) is
refused before any card is looked up: a 100,000-card library would keep a game busy for
minutes, and fuzzy suggestions for thousands of unknown names take as long.  Whether a deck
is legal to play (60 cards, four copies) is `rules.construction`'s question, not this one's."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..cards import UnknownCard, card_names, get_card

_LINE = re.compile(r"^(\d+)x?\s+(.+?)\s*$")

# Generous bounds: a 60-card list is about 20 lines and 1 KB; even a commented 250-card
# practice deck written one card a line stays far below them.
MAX_CHARS = 200_000
MAX_LINES = 5_000
MAX_CARDS = 500
SHOWN_PROBLEMS = 3  # a file that isn't a deck at all has a problem per line: name a few


class DeckError(ValueError):
    """A deck list that doesn't parse, names unknown cards or is refused; says which line."""


@dataclass
class DeckList:
    name: str
    cards: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.cards)


def summary(name: str, problems: list[str]) -> str:
    """One line naming the first few problems and counting the rest."""
    more = len(problems) - SHOWN_PROBLEMS
    tail = f"; and {more} more problem{'s' if more > 1 else ''}" if more > 0 else ""
    return f"{name}: " + "; ".join(problems[:SHOWN_PROBLEMS]) + tail


@lru_cache(maxsize=1)
def _names_by_lower() -> dict[str, str]:
    """Lower-cased name -> name: knowing a name is unknown costs no fuzzy matching."""
    return {n.lower(): n for n in card_names()}


def _lines(text: str, name: str) -> list[str]:
    """The lines of `text`, unless it is bigger than any deck list; DeckError says which bound."""
    if len(text) > MAX_CHARS:
        raise DeckError(f"{name}: {len(text):,} characters is no deck list (at most {MAX_CHARS:,})")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"{name}: {len(lines):,} lines is no deck list (at most {MAX_LINES:,})")
    return lines


def parse_deck(text: str, name: str = "deck") -> DeckList:
    """The deck `text` lists; DeckError names the bad lines (the first few, and how many more)."""
    known = _names_by_lower()
    deck = DeckList(name)
    problems: list[str] = []
    for n, raw in enumerate(_lines(text, name), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.lower().rstrip(":") == "sideboard":
            break
        m = _LINE.match(line)
        if not m:
            problems.append(f"line {n}: expected 'COUNT Card Name', found {line[:60]!r}")
            continue
        digits, card = m.group(1), m.group(2)
        # checked as text first: int() of thousands of digits is itself refused by Python
        count = int(digits) if len(digits) <= len(str(MAX_CARDS)) else MAX_CARDS + 1
        if len(deck.cards) + count > MAX_CARDS:
            raise DeckError(f"{name}: line {n} ({line[:40]!r}) brings the deck past {MAX_CARDS} cards: "
                            "no deck is that big")
        found = known.get(card.lower())
        if found is None:
            problems.append(f"line {n}: {_unknown(card, suggest=len(problems) < SHOWN_PROBLEMS)}")
            continue
        deck.cards += [get_card(found).name] * count
    if problems:
        raise DeckError(summary(name, problems))
    if not deck.cards:
        raise DeckError(f"{name}: the deck has no cards")
    return deck


def _unknown(card: str, suggest: bool) -> str:
    """Unknown card `card`, with the database's fuzzy suggestions only when `suggest`: they are
    slow, and only the problems the message shows need them."""
    if suggest:
        try:
            get_card(card)
        except UnknownCard as e:
            return str(e)
    return str(UnknownCard(card))
