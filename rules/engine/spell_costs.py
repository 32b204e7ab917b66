"""What a spell costs once it is announced (601.2e / 409.1f): its mana cost with X, cost
increases for targets, and the colors X may be paid with.  Shared by casting from a hand and
casting without paying the mana cost."""

from __future__ import annotations

from ..cards.mana import ManaCost
from ..cards.model import StaticAbility
from .objects import Obj


def x_spend_only(o: Obj) -> str:
    """The colors a spell's X may be paid with ("Spend only black mana on X"), or "" for any."""
    return "".join(ab.x_spend_only for ab in o.card.abilities if isinstance(ab, StaticAbility) and ab.x_spend_only)


def total_cost(o: Obj, x: int, targets: int, restricted: bool = True) -> ManaCost:
    """The mana a spell costs once X and its targets are announced (601.2e / 409.1f): its
    mana cost with X (paid with the colors a "spend only ... mana on X" allows), plus any
    "costs {N} more for each target beyond the first"."""
    cost = (o.card.mana_cost or ManaCost()).with_x(x, x_spend_only(o) if restricted else "")
    extra = extra_cost(o, targets)
    return cost.plus_generic(extra) if extra else cost


def extra_cost(o: Obj, targets: int) -> int:
    """"This spell costs {1} more to cast for each target beyond the first": the generic mana
    added for `targets` targets (paid even when the mana cost isn't, 601.2e / 409.1f)."""
    extra = sum(ab.extra_cost_per_target for ab in o.card.abilities if isinstance(ab, StaticAbility))
    return extra * (targets - 1) if extra and targets > 1 else 0
