"""Words of Oracle text: normalising both eras' wordings, numbers, keywords, nouns."""

from __future__ import annotations

import re

from .ir import PROTECTION_FROM, Keyword

# the keywords the engine knows by name; protection is from a quality (`is_keyword`)
KEYWORDS = {k.value for k in Keyword if not k.startswith(PROTECTION_FROM)}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twenty": 20}
CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
              "instant": "Instant", "land": "Land", "planeswalker": "Planeswalker", "sorcery": "Sorcery"}
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_IRREGULAR = {"elves": "elf", "plains": "plains", "sorceries": "sorcery", "merfolk": "merfolk",
              "wolves": "wolf", "dwarves": "dwarf", "mice": "mouse", "zombies": "zombie"}

_ERA = [  # older wordings -> today's (the engine understands one wording of each)
    (r"comes into play", "enters the battlefield"),
    (r"come into play", "enter the battlefield"),
    (r"is put into a graveyard from (play|the battlefield)", "dies"),
    (r"into play", "onto the battlefield"),
    (r"in play", "on the battlefield"),
    (r"target creature or player", "any target"),
    (r"target creatures and/or players", "targets"),
    (r"\bRemove (.+?) from the game", r"Exile \1"),
    (r"\bremove (.+?) from the game", r"exile \1"),
    (r"removed from the game", "exiled"),
    (r"At end of turn", "At the beginning of the end step"),
    (r"at end of turn", "at the beginning of the end step"),
    (r"\bhis or her\b", "their"),
    (r"\bhe or she\b", "they"),
    (r"\bhim or her\b", "them"),
    (r"\bthis creature\b", "~"),
    (r"\bThis creature\b", "~"),
    (r"to your mana pool", ""),
    (r" +\.", "."),
]


def normalise(text: str, name: str, replace_name: bool = True) -> str:
    """Strip reminder text, write "~" for the card's own name, unify the eras' wordings."""
    t = re.sub(r"\s*\([^)]*\)", "", text).strip()
    if replace_name:
        t = t.replace(name, "~")
        short = re.split(r",| the ", name)[0]  # "Cho-Manno, Revolutionary"; "Phage the Untouchable"
        if short != name:
            t = re.sub(rf"\b{re.escape(short)}\b", "~", t)
    t = t.replace("−", "-").replace("—", "-")
    for a, b in _ERA:
        t = re.sub(a, b, t)
    return t.strip()


def num(word: str) -> int | None:
    """"3", "three", "a" -> 3, 3, 1; None for anything else."""
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def singular(noun: str) -> str:
    """"Swamps" -> "Swamp", "Elves" -> "Elf", "lands" -> "land" (case kept)."""
    low = noun.lower()
    if low in _IRREGULAR:
        out = _IRREGULAR[low]
        return out.capitalize() if noun[:1].isupper() else out
    if low.endswith("ies") and len(low) > 4:
        return noun[:-3] + "y"
    if low.endswith("s") and not low.endswith("ss"):
        return noun[:-1]
    return noun


def split_alternatives(text: str) -> tuple[list[str], str]:
    """"A, B, or C" -> ([A, B, C], "or"); "A, B" -> ([A, B], "and"); "A" -> ([A], "")."""
    if re.search(r"\b(or|and/or)\b", text):
        parts = re.split(r",\s*(?:or\s+|and/or\s+)?|\s+and/or\s+|\s+or\s+", text)
        return [p.strip() for p in parts if p.strip()], "or"
    if "," in text:
        return [p.strip() for p in text.split(",") if p.strip()], "and"
    return [text.strip()], ""


def is_keyword(word: str) -> bool:
    """A keyword the engine knows; protection is from a color, or from a plural card type
    or creature type ("protection from artifacts", "protection from Dragons")."""
    m = re.fullmatch(r"protection from (white|blue|black|red|green|[a-z]+s)", word)
    return word in KEYWORDS or bool(m and (m.group(1)[-1] != "s" or singular(m.group(1)) + "s" == m.group(1)))


def keyword_list(text: str) -> tuple[Keyword, ...] | None:
    """"flying, first strike, and protection from black" -> keywords; None if any isn't one.
    "protection from blue and from black" is two protections (702.16a)."""
    items = [k.strip().lower() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+(?!from)", text) if k.strip()]
    out: list[str] = []
    for k in items:
        parts = k.split(" and from ")
        out += [parts[0]] + [f"protection from {p}" for p in parts[1:]]
    return tuple(Keyword(k) for k in out) if out and all(is_keyword(k) for k in out) else None
