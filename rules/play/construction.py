"""Deck construction: what a constructed deck may hold (2014 CR 100.2a, 2009 CR 100.2).

Both rulesets say the same: at least sixty cards, and at most four cards with any one
English name other than basic land cards.  A card whose text sets its own limit ("A deck can
have any number of cards named Relentless Rats.") overrides the four: a card's text takes
precedence over the rules (2014 CR 101.1, 2009 CR 103.1).

The sideboard (kept apart by the deck readers) is where the eras differ: the 2014 rules limit
it to fifteen cards and count it with the deck for the four-card limit (100.4a); the Feb 2009
rules state no sideboard rule at all (../shared/design/rulesets.md), so under 2009 only the
main deck is checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import get_card
from ..cards.ir import ANY_NUMBER, DeckLimit
from ..cards.model import CardDef
from ..engine.core.ruleset import get_ruleset
from .decklist import SHOWN_PROBLEMS, DeckError, DeckList

MIN_CARDS = 60
MAX_COPIES = 4
RULE = {"2014": "100.2a", "2009": "100.2"}  # the construction rule, in each ruleset's numbering
MAX_SIDEBOARD = 15
SIDEBOARD_RULE = {"2014": "100.4a"}  # the 2009 rules state no sideboard limit

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
    for rule in card.effects_of(DeckLimit):
        return None if rule.limit >= ANY_NUMBER else rule.limit
    return MAX_COPIES


def construction_problems(cards: Sequence[str], minimum: int = MIN_CARDS) -> list[str]:
    """What makes `cards` (a main deck, by card name) an illegal constructed deck; [] if nothing.
    `minimum` is the rule's sixty unless the caller plays a deck as it was sold (a 40-card
    theme deck): the copy limit stays."""
    problems = []
    if len(cards) < minimum:
        problems.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''}, at least {minimum} are needed")
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


def deck_problems(deck: DeckList, ruleset: str = "2014", minimum: int = MIN_CARDS) -> list[str]:
    """What makes `deck` illegal under `ruleset`: the main deck's size (at least `minimum`), the
    copies (2014: of the deck and sideboard together, 100.4a) and the sideboard's size (2014:
    at most 15, 100.4a)."""
    era = get_ruleset(ruleset).name
    side_rule = SIDEBOARD_RULE.get(era)
    if side_rule is None or not deck.sideboard:
        return construction_problems(deck.cards, minimum)
    problems = construction_problems(deck.cards, minimum)
    with_side = [p for p in construction_problems(deck.cards + deck.sideboard) if p.startswith("too many copies")]
    problems = [p for p in problems if not p.startswith("too many copies")]
    problems += [p + f" counting the sideboard ({side_rule})" for p in with_side]
    if len(deck.sideboard) > MAX_SIDEBOARD:
        problems.append(f"a sideboard of {len(deck.sideboard)} cards, at most {MAX_SIDEBOARD} ({side_rule})")
    return problems


def check_construction(deck: DeckList, ruleset: str = "2014", minimum: int = MIN_CARDS) -> None:
    """Raise IllegalDeck, naming the problems and the rule in the ruleset's numbering, unless
    `deck` is a legal constructed deck under `ruleset` ("2014" or "2009"), of at least
    `minimum` cards (the rule's sixty unless a deck is played as it was sold)."""
    rule = RULE[get_ruleset(ruleset).name]
    problems = deck_problems(deck, ruleset, minimum)
    if problems:
        raise IllegalDeck(f"{deck.name} is not a legal constructed deck (rule {rule}): " + "; ".join(problems), rule)
