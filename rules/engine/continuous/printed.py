"""A card's printed characteristics: what its definition gives (with any copy effect, which is
in its card: layer 1) before any other continuous effect, computed once per card definition and
shared (read, never changed)."""

from __future__ import annotations

from collections import Counter

from ...cards.model import CardDef, KeywordAbility
from ..core.objects import Characteristics, Obj
from ..core.state import GameState

# a card's characteristics, computed once per card definition (the card is kept with them,
# so its id is never reused while the entry lives)
_PRINTED: dict[int, tuple[CardDef, Characteristics]] = {}


def printed_chars(c: CardDef) -> Characteristics:
    """The characteristics a card's definition gives (with any copy effect: layer 1)."""
    hit = _PRINTED.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    counts = Counter(ab.keyword for ab in c.abilities if isinstance(ab, KeywordAbility))
    restrictions = frozenset(r for ab in c.static_abilities if ab.affects is None for r in ab.restrictions)
    ch = Characteristics(
        name=c.name, types=frozenset(c.type_line.types), subtypes=frozenset(c.type_line.subtypes),
        supertypes=frozenset(c.type_line.supertypes), colors=c.colors,
        power=_num(c.power), toughness=_num(c.toughness), abilities=list(c.abilities),
        keywords=frozenset(counts), restrictions=restrictions, keyword_counts=dict(counts))
    _PRINTED[id(c)] = (c, ch)
    return ch


def base_chars(state: GameState, o: Obj) -> Characteristics:
    """Its card's characteristics before any continuous effect (shared: read, never change)."""
    return printed_chars(o.card)


def _num(v: str | None) -> int | None:
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        return None  # "*": defined by a characteristic-defining ability
