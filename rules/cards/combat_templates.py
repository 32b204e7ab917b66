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
    AnyRestriction,
    AttackTax,
    BlockedOnlyBy,
    BlocksOnly,
    HasColor,
    HasKeyword,
    HasSubtype,
    IsType,
    Keyword,
    MaxBlockers,
    ModifyPT,
    NotBlockedBy,
    Pred,
    Restricted,
    Restriction,
)
from .mana import NAME_TO_COLOR
from .model import StaticAbility

_SIMPLE = {
    "attacks each combat if able": Restriction.MUST_ATTACK,
    "attacks each turn if able": Restriction.MUST_ATTACK,
    "can't attack or block alone": Restriction.CANT_ATTACK_OR_BLOCK_ALONE,
    "can't attack alone": Restriction.CANT_ATTACK_ALONE,
    "can't block alone": Restriction.CANT_BLOCK_ALONE,
    "can block any number of creatures": Restriction.BLOCK_ANY_NUMBER,
    "can block an additional creature": Restriction.BLOCK_ADDITIONAL,
    "can block an additional creature each combat": Restriction.BLOCK_ADDITIONAL,
}


def _creature_test(phrase: str) -> Pred | None:
    """"black creatures", "creatures with flying", "Walls", "artifact creatures",
    "Walls and/or creatures with flying"; None for a phrase this doesn't know."""
    tests: list[Pred] = []
    for part in (p.strip() for p in re.split(r"\s+and/or\s+|\s+or\s+", phrase)):
        m = re.fullmatch(r"(\w+) creatures", part)
        if part == "creatures with flying":
            tests.append(HasKeyword(Keyword.FLYING))
        elif m and m.group(1) in NAME_TO_COLOR:
            tests.append(HasColor(NAME_TO_COLOR[m.group(1)]))
        elif m and m.group(1) == "artifact":
            tests.append(IsType("Artifact"))
        elif re.fullmatch(r"[A-Z][a-z]+s", part):
            tests.append(HasSubtype(part[:-1]))
        else:
            return None
    return AnyOf(tuple(tests))


def combat_clause(clause: str) -> AnyRestriction | None:
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
            return [StaticAbility(raw, effects=(Restricted(r),))]
    m = re.fullmatch(r"Creatures can't attack you unless their controller pays \{(\d+)\} for each creature "
                     r"(?:he or she controls|they controls?) that's attacking you", s)
    if m:  # Windborn Muse: a cost to attack (508.1g / 308.2d)
        return [StaticAbility(raw, effects=(AttackTax(int(m.group(1))),))]
    if s == "You may have ~ assign its combat damage as though it weren't blocked":  # Rhox (510.1c / 310.2e)
        return [StaticAbility(raw, effects=(Restricted(Restriction.ASSIGN_AS_THOUGH_UNBLOCKED),))]
    if s == "~ can't block and can't be blocked":  # Tormented Soul: two restrictions
        return [StaticAbility(raw, effects=(Restricted(Restriction.CANT_BLOCK),)),
                StaticAbility(raw, effects=(Restricted(Restriction.UNBLOCKABLE),))]
    m = re.fullmatch(r"All creatures able to block (~|enchanted creature|equipped creature) do so", s)
    if m:
        who = None if m.group(1) == "~" else AffectsAttached()
        return [StaticAbility(raw, affects=who, effects=(Restricted(Restriction.LURE),))]
    m = re.fullmatch(r"(Enchanted|Equipped) creature (.+)", s)
    if m:
        r = combat_clause(m.group(2))
        if r is not None:
            return [StaticAbility(raw, affects=AffectsAttached(), effects=(Restricted(r),))]
        m2 = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+) and (.+)", m.group(2))
        if m2:
            r = combat_clause(m2.group(3))
            if r is not None:
                return [StaticAbility(raw, affects=AffectsAttached(), effects=(
                    ModifyPT(int(m2.group(1)), int(m2.group(2))), Restricted(r)))]
    m = re.fullmatch(r"Each creature you control (can block an additional creature(?: each combat)?)", s)
    if m:
        clause = combat_clause(m.group(1))
        assert clause is not None
        return [StaticAbility(raw, affects=AffectsYourCreatures(), effects=(Restricted(clause),))]
    return None
