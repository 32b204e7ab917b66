"""Token definitions: the card a "Create a 1/1 white Soldier creature token" effect puts onto
the battlefield (2014 111 / 2009 216)."""

from __future__ import annotations

import re
from functools import cache

from .ir import TokenSpec
from .mana import NAME_TO_COLOR
from .model import CardDef, KeywordAbility, TypeLine


@cache
def token_card(spec: TokenSpec) -> CardDef:
    """The card definition of a token an effect creates (2014 110.5c / 2009 216.1a: its name
    is its creature types).  `spec.text` is an ability it has ("This creature's power ...")."""
    cols = frozenset(NAME_TO_COLOR[w] for w in re.split(r"[ ,]+", spec.colors) if w in NAME_TO_COLOR)
    types = ("Artifact", "Creature") if spec.artifact else ("Creature",)
    lines = [", ".join(k.capitalize() for k in spec.keywords)] if spec.keywords else []
    if spec.text:
        lines.append(spec.text)
    type_line = TypeLine((), types, tuple(spec.subtypes.split()))
    card = CardDef(spec.name or spec.subtypes, None, type_line, text="\n".join(lines),
                   power=spec.power or "*", toughness=spec.toughness or "*",
                   abilities=[KeywordAbility(k, keyword=k) for k in spec.keywords], colors_override=cols)
    if spec.text:
        from .compiler import compile_line  # the compiler uses this module's cards too
        card.abilities.extend(compile_line(spec.text, card))
    return card
