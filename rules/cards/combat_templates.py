"""Oracle templates for combat restrictions and requirements (2014: 508.1c-d, 509.1b-c;
2009: 308.2, 309.2).

A restriction is data on the creature's characteristics: a string for simple ones
("must_attack", "cant_attack_alone", "lure", "block_any_number", "block_additional") or a
record for evasion that tests the blocker (`BlockedOnlyBy`, `NotBlockedBy`, `MaxBlockers`
of `rules.cards.ir`).  Combat reads them; nothing here knows about the rest of the game."""

from __future__ import annotations

import re

from .ir import (
    AffectsAttached,
    AffectsYourCreatures,
    AnyOf,
    BlockedOnlyBy,
    BlocksOnly,
    HasColor,
    HasKeyword,
    HasSubtype,
    IsType,
    MaxBlockers,
    NotBlockedBy,
    Pred,
    Restriction,
)
from .mana import NAME_TO_COLOR
from .model import StaticAbility

_SIMPLE = {
    "attacks each combat if able": "must_attack",
    "attacks each turn if able": "must_attack",
    "can't attack or block alone": "cant_attack_or_block_alone",
    "can't attack alone": "cant_attack_alone",
    "can't block alone": "cant_block_alone",
    "can block any number of creatures": "block_any_number",
    "can block an additional creature": "block_additional",
    "can block an additional creature each combat": "block_additional",
}


def _creature_test(phrase: str) -> Pred | None:
    """"black creatures", "creatures with flying", "Walls", "artifact creatures",
    "Walls and/or creatures with flying"; None for a phrase this doesn't know."""
    tests: list[Pred] = []
    for part in (p.strip() for p in re.split(r"\s+and/or\s+|\s+or\s+", phrase)):
        m = re.fullmatch(r"(\w+) creatures", part)
        if part == "creatures with flying":
            tests.append(HasKeyword("flying"))
        elif m and m.group(1) in NAME_TO_COLOR:
            tests.append(HasColor(NAME_TO_COLOR[m.group(1)]))
        elif m and m.group(1) == "artifact":
            tests.append(IsType("Artifact"))
        elif re.fullmatch(r"[A-Z][a-z]+s", part):
            tests.append(HasSubtype(part[:-1]))
        else:
            return None
    return AnyOf(tuple(tests))


def combat_clause(clause: str) -> Restriction | None:
    """The restriction a clause about one creature states, or None if it isn't one.
    `clause` is what follows the creature: "can't be blocked except by black creatures"."""
    c = clause.strip().rstrip(".")
    if c in _SIMPLE:
        return _SIMPLE[c]
    m = re.fullmatch(r"can't be blocked except by (.+)", c)
    if m:
        test = _creature_test(m.group(1))
        return BlockedOnlyBy(test, m.group(1)) if test is not None else None
    m = re.fullmatch(r"can block only (.+)", c)
    if m:  # Skywinder Drake
        test = _creature_test(m.group(1))
        return BlocksOnly(test, m.group(1)) if test is not None else None
    m = re.fullmatch(r"can't be blocked by more than (one|two) creatures?", c)
    if m:
        return MaxBlockers({"one": 1, "two": 2}[m.group(1)], f"more than {m.group(1)} creature")
    m = re.fullmatch(r"can block only (.+)", c)
    if m:
        test = _creature_test(m.group(1))
        return BlocksOnly(test, m.group(1)) if test is not None else None
    m = re.fullmatch(r"can't be blocked by (.+)", c)
    if m:
        test = _creature_test(m.group(1))
        return NotBlockedBy(test, m.group(1)) if test is not None else None
    return None


def compile_combat_static(t: str, raw: str) -> list[StaticAbility] | None:
    """Static abilities about attacking and blocking; None if `t` isn't one."""
    s = t.rstrip(".")
    m = re.fullmatch(r"~ (.+)", s)
    if m:
        r = combat_clause(m.group(1))
        if r is not None:
            return [StaticAbility(raw, restriction=r)]
    m = re.fullmatch(r"Creatures can't attack you unless their controller pays \{(\d+)\} for each creature "
                     r"(?:he or she controls|they controls?) that's attacking you", s)
    if m:  # Windborn Muse: a cost to attack (508.1g / 308.2d)
        return [StaticAbility(raw, attack_tax=int(m.group(1)))]
    if s == "You may have ~ assign its combat damage as though it weren't blocked":  # Rhox (510.1c / 310.2e)
        return [StaticAbility(raw, restriction="assign_as_though_unblocked")]
    if s == "~ can't block and can't be blocked":  # Tormented Soul: two restrictions
        return [StaticAbility(raw, restriction="cant_block"), StaticAbility(raw, restriction="unblockable")]
    m = re.fullmatch(r"All creatures able to block (~|enchanted creature|equipped creature) do so", s)
    if m:
        who = None if m.group(1) == "~" else AffectsAttached()
        return [StaticAbility(raw, affects=who, restriction="lure")]
    m = re.fullmatch(r"(Enchanted|Equipped) creature (.+)", s)
    if m:
        r = combat_clause(m.group(2))
        if r is not None:
            return [StaticAbility(raw, affects=AffectsAttached(), restriction=r)]
        m2 = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+) and (.+)", m.group(2))
        if m2:
            r = combat_clause(m2.group(3))
            if r is not None:
                return [StaticAbility(raw, affects=AffectsAttached(), power=int(m2.group(1)),
                                      toughness=int(m2.group(2)), restriction=r)]
    m = re.fullmatch(r"Each creature you control (can block an additional creature(?: each combat)?)", s)
    if m:
        return [StaticAbility(raw, affects=AffectsYourCreatures(), restriction=combat_clause(m.group(1)))]
    return None
