"""Deck construction: what a constructed deck may hold (2014 CR 100.2a, 2009 CR 100.2).

Both rulesets say the same: at least sixty cards, and at most four cards with any one
English name other than basic land cards.  A card whose text sets its own limit ("A deck can
have any number of cards named Relentless Rats.") overrides the four: a card's text takes
precedence over the rules (2014 CR 101.1, 2009 CR 103.1).  The 2014 sideboard limit of
fifteen (100.4a) isn't checked: deck lists stop at "Sideboard" for now.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import get_card
from ..cards.ir import ANY_NUMBER
from ..cards.model import CardDef, StaticAbility
from ..engine.ruleset import get_ruleset
from .decklist import SHOWN_PROBLEMS, DeckError, DeckList

MIN_CARDS = 60
MAX_COPIES = 4
RULE = {"2014": "100.2a", "2009": "100.2"}  # the construction rule, in each ruleset's numbering

class IllegalDeck(DeckError):
    """A deck that parses but breaks the construction rule `rule` (the message says how)."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


def copy_limit(card: CardDef) -> int | None:
    """How many cards named `card.name` a deck may hold; None: any number.  Basic lands are the
    rule's own exception; a card may say otherwise of itself ("A deck can have any number of
    cards named Relentless Rats"), which the compiler reads as a static ability."""
    if "Basic" in card.type_line.supertypes:
        return None
    for ab in card.abilities:
        if isinstance(ab, StaticAbility) and ab.deck_limit is not None:
            return None if ab.deck_limit >= ANY_NUMBER else ab.deck_limit
    return MAX_COPIES


def construction_problems(cards: Sequence[str]) -> list[str]:
    """What makes `cards` (a main deck, by card name) an illegal constructed deck; [] if nothing."""
    problems = []
    if len(cards) < MIN_CARDS:
        problems.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''}, at least {MIN_CARDS} are needed")
    over = []
    for name, count in Counter(cards).items():
        limit = copy_limit(get_card(name))
        if limit is not None and count > limit:
            over.append(f"{count} {name} (at most {limit})")
    if over:
        more = len(over) - SHOWN_PROBLEMS
        shown = ", ".join(over[:SHOWN_PROBLEMS]) + (f" and {more} more" if more > 0 else "")
        problems.append(f"too many copies: {shown}")
    return problems


def check_construction(deck: DeckList, ruleset: str = "2014") -> None:
    """Raise IllegalDeck, naming the problems and the rule in the ruleset's numbering, unless
    `deck` is a legal constructed deck under `ruleset` ("2014" or "2009")."""
    rule = RULE[get_ruleset(ruleset).name]
    problems = construction_problems(deck.cards)
    if problems:
        raise IllegalDeck(f"{deck.name} is not a legal constructed deck (rule {rule}): " + "; ".join(problems), rule)
