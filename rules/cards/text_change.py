"""Text-changing effects (2014: 612; 2009: 418.6): a card's text with one color word or one
basic land type replaced by another everywhere it is used as one (Mind Bend), and the card
definition that text compiles to.

Only words used as a color word or a land type change (612.2 / 418.6a): "black", "nonblack",
"Forest", "Forests", "forestwalk", and a land type on the type line; never the card's name
("Karplusan Forest deals 1 damage to you"), nor a mana symbol ({B} is not a word).  Its name,
mana cost and colors are untouched: a spell's color comes from its cost."""

from __future__ import annotations

import dataclasses
import re

from .compiler import compile_abilities
from .model import Ability, CardDef
from .wording import BASIC_LAND_TYPES

COLOR_WORDS = ("white", "blue", "black", "red", "green")

# (a word, what it becomes): one text change; several apply in timestamp order
Swap = tuple[str, str]

_COLOR = re.compile(r"\b([Nn]on)?(white|blue|black|red|green|White|Blue|Black|Red|Green)\b")
_LAND = re.compile(r"\b(?:(an?) )?(plains|islands?|swamps?|mountains?|forests?)(walk)?\b", re.IGNORECASE)


def swap_kind(word: str) -> str:
    """"color" for a color word, "land type" for a basic land type ("" for neither)."""
    if word.lower() in COLOR_WORDS:
        return "color"
    return "land type" if word.capitalize() in BASIC_LAND_TYPES else ""


def _matched_case(new: str, old: str) -> str:
    """`new` written as `old` is: "Black" -> "Red", "black" -> "red", "Forest" -> "Island"."""
    return new[:1].upper() + new[1:] if old[:1].isupper() else new[:1].lower() + new[1:]


def _swap_colors(text: str, old: str, new: str) -> str:
    def one(m: re.Match[str]) -> str:
        if m.group(2).lower() != old:
            return m.group(0)
        return (m.group(1) or "") + _matched_case(new, m.group(2))
    return _COLOR.sub(one, text)


def _swap_lands(text: str, old: str, new: str) -> str:
    """"Forest" -> "Island", "Forests" -> "Islands", "forestwalk" -> "islandwalk", "a Forest"
    -> "an Island"; "Plains" is its own plural (read as one: Armored Ascension's "for each
    Plains")."""
    def one(m: re.Match[str]) -> str:
        article, word, walk = m.group(1), m.group(2), m.group(3) or ""
        singular = word if word.lower() == "plains" else re.sub(r"s$", "", word, flags=re.IGNORECASE)
        if singular.lower() != old:
            return m.group(0)
        plural = not walk and word.lower() != "plains" and word != singular
        out = new + ("s" if plural and new != "Plains" else "")
        out = _matched_case(out.lower(), word) + walk
        if article:  # "a Plains or an Island": the article agrees with the new word
            article = _matched_case("an" if out[0].lower() in "aeiou" else "a", article) + " "
        return (article or "") + out
    return _LAND.sub(one, text)


def swap_text(text: str, name: str, swap: Swap) -> str:
    """`text` with every instance of the word `swap[0]` as a color word or basic land type
    replaced by `swap[1]`; the card's own name (and its short form, "Cho-Manno") is a proper
    noun and stays (612.2 / 418.6a)."""
    old, new = swap
    change = _swap_colors if swap_kind(old) == "color" else _swap_lands
    names = [n for n in dict.fromkeys((name, re.split(r",| the ", name)[0])) if n]
    pieces = re.split("(" + "|".join(re.escape(n) for n in names) + ")", text) if names else [text]
    return "".join(p if i % 2 else change(p, old.lower(), new) for i, p in enumerate(pieces))


def _swap_subtypes(subtypes: tuple[str, ...], swap: Swap) -> tuple[str, ...]:
    old, new = swap
    if swap_kind(old) != "land type":
        return subtypes
    return tuple(dict.fromkeys(new if s == old else s for s in subtypes))


def _not_from_text(card: CardDef) -> list[Ability]:
    """The abilities `card` has beyond what its type line and text compile to: a copy
    effect's exception ("and it gains ...", 706.9a / 503.9), kept as they are."""
    own = dataclasses.replace(card, abilities=[], unsupported=[])
    compile_abilities(own)
    return [ab for ab in card.abilities if ab not in own.abilities]


# (id of the printed card, swaps) -> (the printed card, the changed one): the printed card is
# kept with its entry so its id is never reused while the entry lives
_CHANGED: dict[tuple[int, tuple[Swap, ...]], tuple[CardDef, CardDef]] = {}


def text_changed(card: CardDef, swaps: tuple[Swap, ...]) -> CardDef:
    """`card` as its text reads after `swaps`, in order: its type line's land types and its
    rules text changed, its abilities compiled from them (once per card and swaps)."""
    if not swaps:
        return card
    hit = _CHANGED.get((id(card), swaps))
    if hit is not None and hit[0] is card:
        return hit[1]
    text, subtypes = card.text, card.type_line.subtypes
    for swap in swaps:
        text = swap_text(text, card.name, swap)
        subtypes = _swap_subtypes(subtypes, swap)
    changed = dataclasses.replace(card, text=text, type_line=dataclasses.replace(card.type_line, subtypes=subtypes),
                                  abilities=[], unsupported=[])
    compile_abilities(changed)
    changed.abilities += _not_from_text(card)
    _CHANGED[(id(card), swaps)] = (card, changed)
    return changed
