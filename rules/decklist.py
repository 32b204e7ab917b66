"""Deck lists: plain text, one `COUNT Card Name` line per card ("4 Lightning Bolt").

Blank lines and lines starting with `#` are ignored; a `Sideboard` line ends the main deck
(the sideboard isn't used yet).  Every name is checked against the card database."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cards import UnknownCard, get_card

_LINE = re.compile(r"^(\d+)x?\s+(.+?)\s*$")


class DeckError(ValueError):
    """A deck list that doesn't parse or names unknown cards; says which line."""


@dataclass
class DeckList:
    name: str
    cards: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.cards)


def parse_deck(text: str, name: str = "deck") -> DeckList:
    deck = DeckList(name)
    problems: list[str] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        if line.lower().rstrip(":") == "sideboard":
            break
        m = _LINE.match(line)
        if not m:
            problems.append(f"line {n}: expected 'COUNT Card Name', found {line!r}")
            continue
        count, card = int(m.group(1)), m.group(2)
        try:
            card = get_card(card).name
        except UnknownCard as e:
            problems.append(f"line {n}: {e}")
            continue
        deck.cards += [card] * count
    if problems:
        raise DeckError(f"{name}: " + "; ".join(problems))
    if not deck.cards:
        raise DeckError(f"{name}: the deck has no cards")
    return deck
