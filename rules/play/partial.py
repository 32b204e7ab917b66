"""Decks with partial cards: cards with sentences the engine doesn't carry out.  A game with
them is played with the players doing those sentences by hand (manual actions), so starting
one is a choice the player makes knowingly: `check_supported` refuses such a deck and says
which cards and sentences, unless the player allows partial cards."""

from __future__ import annotations

from ..cards import get_card
from .decklist import SHOWN_PROBLEMS, DeckError, DeckList


class PartialDeck(DeckError):
    """A deck holding partial cards (the message names them and their sentences)."""


def partial_cards(deck: DeckList) -> list[tuple[str, list[str]]]:
    """(card name, sentences the engine doesn't carry out) for each partial card of `deck`."""
    out = []
    for name in dict.fromkeys(deck.cards):
        card = get_card(name)
        if card.unsupported:
            out.append((card.name, list(card.unsupported)))
    return out


def check_supported(deck: DeckList) -> None:
    """Raise PartialDeck naming the partial cards of `deck` and their sentences, if any."""
    found = partial_cards(deck)
    if not found:
        return
    shown = "; ".join(f"{name}: " + " / ".join(f'"{s}"' for s in sentences)
                      for name, sentences in found[:SHOWN_PROBLEMS])
    more = len(found) - SHOWN_PROBLEMS
    raise PartialDeck(f"{deck.name} has {len(found)} partial card{'s' if len(found) != 1 else ''} whose sentences "
                      f"the engine doesn't carry out: {shown}" + (f" and {more} more" if more > 0 else ""))
