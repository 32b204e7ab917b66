"""Partial cards are never inert: a line the compiler can't read still gets the timing the
compiler can read.  A triggered line whose condition compiles triggers and, as it resolves,
names the sentence it doesn't enforce; an activated line whose cost compiles can be activated
(its cost paid) with the same result.  The line stays unsupported (the card is partial): the
players carry the sentence out by hand with manual actions.  Spells and static abilities need
no ability of their own: the engine names a spell's unsupported lines as it resolves, and a
permanent's as it enters the battlefield."""

from __future__ import annotations

import re
from typing import Any

from .ir import Unenforced
from .model import Ability, ActivatedAbility, TriggeredAbility
from .targets import Unsupported
from .trigger_templates import trigger_condition


def unenforced_ability(raw: str, normalised: str, parse_cost: Any) -> Ability | None:
    """The ability that carries `raw`'s timing with an `Unenforced` effect, or None when
    not even its timing can be read."""
    m = re.fullmatch(r"(?:When|Whenever|At) (.+?), (?:if .+?, )?.+", normalised)
    if m:
        try:
            event, condition, _, leaves = trigger_condition(m.group(1))
        except Unsupported:
            return None
        return TriggeredAbility(raw, event=event, condition=condition, effect=(Unenforced(raw),),
                                leaves_battlefield=leaves)
    m = re.fullmatch(r"([^:\"]+?): (.+)", normalised)
    if m and re.search(r"\{|Sacrifice|^[+-]?(\d+|X)$", m.group(1)):
        try:
            cost = parse_cost(m.group(1))
        except Unsupported:
            return None
        if cost.life:
            return None
        return ActivatedAbility(raw, cost=cost, effect=(Unenforced(raw),), sorcery_speed=cost.loyalty is not None)
    return None
