"""One home per decision kind: everything the engine knows about a kind of decision (its
candidate answers, the check of an answer citing the rule, the random answer, the answer that
does the least, what a view shows of it, and its notation where that reads differently) in
one module, registered in `HOMES` by decision class.  The action space, `validate`, the view,
the notation, the goldfish and the computer players dispatch through `home_of`; a new kind of
decision is a new entry here plus its flow in the client.

Homes are grouped by family: priority (priority, casting for free), mulligan (keep or
mulligan, the bottom cards), cards (discard, up to N cards), yes_no, combat (attackers,
blockers, a damage assignment order, the damage assignment), triggered (the order of
triggers, a trigger's targets) and choose (an object, the legend rule's keep, a color, a word,
a name); home holds the shape every entry has, words the notation's words they read with."""

from __future__ import annotations

from typing import Any

from ...core.decisions import Decision
from .cards import CHOOSE_CARDS, DISCARD
from .choose import CHOOSE_COLOR, CHOOSE_KEEP, CHOOSE_NAME, CHOOSE_OBJECT, CHOOSE_WORD
from .combat import ATTACKERS, BLOCKER_ORDER, BLOCKERS, DAMAGE_ASSIGNMENT
from .home import Home
from .mulligan import BOTTOM, MULLIGAN
from .priority import CAST_FREE, PRIORITY
from .triggered import TARGETS, TRIGGER_ORDER
from .yes_no import YES_NO

__all__ = ["HOMES", "Home", "home_of"]

HOMES: dict[type[Decision], Home[Any]] = {home.decision: home for home in (
    PRIORITY, CAST_FREE, MULLIGAN, BOTTOM, DISCARD, CHOOSE_CARDS, YES_NO, ATTACKERS, BLOCKERS, BLOCKER_ORDER,
    DAMAGE_ASSIGNMENT, TRIGGER_ORDER, TARGETS, CHOOSE_OBJECT, CHOOSE_KEEP, CHOOSE_COLOR, CHOOSE_WORD, CHOOSE_NAME,
)}


def home_of(d: Decision) -> Home[Any]:
    """The home of `d`'s kind (a decision of a class with no home is the engine's bug)."""
    try:
        return HOMES[type(d)]
    except KeyError:
        raise TypeError(f"no home for the decision {d!r}") from None
