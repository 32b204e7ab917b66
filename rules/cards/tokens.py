"""Token definitions: the card a "Create a 1/1 white Soldier creature token" effect puts onto
the battlefield (2014 111 / 2009 216)."""

from __future__ import annotations

import re
from typing import Optional

from .mana import NAME_TO_COLOR
from .model import CardDef, KeywordAbility, TypeLine

_TOKEN_CACHE: dict[tuple, CardDef] = {}


def token_card(subtypes: str, colors: str, power: Optional[str], toughness: Optional[str],
               keywords: tuple[str, ...], artifact: bool = False, text: str = "") -> CardDef:
    """The card definition of a token an effect creates (2014 110.5c / 2009 216.1a: its name
    is its creature types).  `text` is an ability it has ("This creature's power ...")."""
    key = (subtypes, colors, power, toughness, keywords, artifact, text)
    if key not in _TOKEN_CACHE:
        cols = frozenset(NAME_TO_COLOR[w] for w in re.split(r"[ ,]+", colors) if w in NAME_TO_COLOR)
        types = ("Artifact", "Creature") if artifact else ("Creature",)
        lines = [", ".join(k.capitalize() for k in keywords)] if keywords else []
        if text:
            lines.append(text)
        card = CardDef(subtypes, None, TypeLine((), types, tuple(subtypes.split())), text="\n".join(lines),
                       power=power or "*", toughness=toughness or "*",
                       abilities=[KeywordAbility(k, keyword=k) for k in keywords], colors_override=cols)
        if text:
            from .compiler import compile_line
            card.abilities.extend(compile_line(text, card))
        _TOKEN_CACHE[key] = card
    return _TOKEN_CACHE[key]
