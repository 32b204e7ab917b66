"""Oracle templates for combat restrictions and requirements (2014: 508.1c-d, 509.1b-c;
2009: 308.2, 309.2).

A restriction is data on the creature's characteristics: a `Restriction` member for simple ones
(MUST_ATTACK, CANT_ATTACK_ALONE, LURE, BLOCK_ANY_NUMBER, BLOCK_ADDITIONAL, ...) or a record for
evasion that tests the blocker (`BlockedOnlyBy`, `NotBlockedBy`, `MaxBlockers` of `rules.cards.ir`).
The sentences are templates on the compiler's registry (`rules.cards.registry`), tried in order.
Combat reads them; nothing here knows about the rest of the game."""

from __future__ import annotations

import re
from collections.abc import Callable

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
from .registry import first_that_builds, new_registry, registering

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
    m = re.fullmatch(r"can't be blocked by (.+)", c)
    if m:
        test = _creature_test(m.group(1))
        return NotBlockedBy(test, m.group(1)) if test is not None else None
    return None


# a combat template: the static abilities it builds of the wording's match and the line's Oracle
# text, or None where the wording matched but its words are not this template's (a later one is tried)
CombatBuilder = Callable[[re.Match[str], str], list[StaticAbility] | None]

# the combat templates, tried in the order defined: the first whose wording is the whole sentence
# and that builds decides it (`rules.cards.registry`)
_COMBAT = new_registry()


def combat(pattern: str) -> Callable[[CombatBuilder], CombatBuilder]:
    """Register a combat template (tried in the order defined)."""
    return registering(_COMBAT, pattern)


def compile_combat_static(t: str, raw: str) -> list[StaticAbility] | None:
    """Static abilities about attacking and blocking; None if `t` isn't one."""
    built: list[StaticAbility] | None = first_that_builds(_COMBAT, t.rstrip("."), raw)
    return built


@combat(r"~ (.+)")
def _own_restriction(m: re.Match[str], raw: str) -> list[StaticAbility] | None:
    """"~ can't be blocked except by Walls", "~ attacks each turn if able"."""
    r = combat_clause(m.group(1))
    return [StaticAbility(raw, effects=(Restricted(r),))] if r is not None else None


@combat(r"Creatures can't attack you unless their controller pays \{(\d+)\} for each creature "
        r"(?:he or she controls|they controls?) that's attacking you")
def _attack_tax(m: re.Match[str], raw: str) -> list[StaticAbility]:
    """Windborn Muse: a cost to attack (508.1g / 308.2d)."""
    return [StaticAbility(raw, effects=(AttackTax(int(m.group(1))),))]


@combat(r"You may have ~ assign its combat damage as though it weren't blocked")
def _as_though_unblocked(m: re.Match[str], raw: str) -> list[StaticAbility]:
    """Rhox (510.1c / 310.2e)."""
    return [StaticAbility(raw, effects=(Restricted(Restriction.ASSIGN_AS_THOUGH_UNBLOCKED),))]


@combat(r"~ can't block and can't be blocked")
def _cant_block_nor_be_blocked(m: re.Match[str], raw: str) -> list[StaticAbility]:
    """Tormented Soul: two restrictions."""
    return [StaticAbility(raw, effects=(Restricted(Restriction.CANT_BLOCK),)),
            StaticAbility(raw, effects=(Restricted(Restriction.UNBLOCKABLE),))]


@combat(r"All creatures able to block (~|enchanted creature|equipped creature) do so")
def _lure(m: re.Match[str], raw: str) -> list[StaticAbility]:
    """Lure: a requirement on every creature able to block it."""
    who = None if m.group(1) == "~" else AffectsAttached()
    return [StaticAbility(raw, affects=who, effects=(Restricted(Restriction.LURE),))]


@combat(r"(?:Enchanted|Equipped) creature (.+)")
def _attached_restriction(m: re.Match[str], raw: str) -> list[StaticAbility] | None:
    """"Enchanted creature can't block", "Equipped creature gets +1/+0 and can't be blocked
    except by ..."."""
    r = combat_clause(m.group(1))
    if r is not None:
        return [StaticAbility(raw, affects=AffectsAttached(), effects=(Restricted(r),))]
    m2 = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+) and (.+)", m.group(1))
    r = combat_clause(m2.group(3)) if m2 else None
    if m2 is None or r is None:
        return None
    return [StaticAbility(raw, affects=AffectsAttached(), effects=(ModifyPT(int(m2.group(1)), int(m2.group(2))),
                                                                   Restricted(r)))]


@combat(r"Each creature you control (can block an additional creature(?: each combat)?)")
def _your_creatures_block_more(m: re.Match[str], raw: str) -> list[StaticAbility]:
    clause = combat_clause(m.group(1))
    assert clause is not None
    return [StaticAbility(raw, affects=AffectsYourCreatures(), effects=(Restricted(clause),))]
