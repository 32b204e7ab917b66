"""Oracle templates for combat restrictions and requirements (2014: 508.1c-d, 509.1b-c;
2009: 308.2, 309.2).

A restriction is data on the creature's characteristics: a string for simple ones
("must_attack", "cant_attack_alone", "lure", "block_any_number", "block_additional") or a
tuple for evasion that needs a test on the blocker: ("blocked_only_by", test, text),
("not_blocked_by", test, text), ("max_blockers", n, text).  Combat reads them; nothing
here knows about the rest of the game."""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

from .mana import NAME_TO_COLOR
from .model import StaticAbility

Test = Callable[[Any, Any], bool]  # (game, blocker) -> bool


def _creature_test(phrase: str) -> Test:
    """"black creatures", "creatures with flying", "Walls", "artifact creatures",
    "Walls and/or creatures with flying"."""
    parts = [p.strip() for p in re.split(r"\s+and/or\s+|\s+or\s+", phrase)]
    tests: list[Test] = []
    for part in parts:
        m = re.fullmatch(r"(\w+) creatures", part)
        if part == "creatures with flying":
            tests.append(lambda g, b: "flying" in g.chars(b).keywords)
        elif m and m.group(1) in NAME_TO_COLOR:
            c = NAME_TO_COLOR[m.group(1)]
            tests.append(lambda g, b, c=c: c in g.chars(b).colors)
        elif m and m.group(1) == "artifact":
            tests.append(lambda g, b: g.chars(b).is_type("Artifact"))
        elif re.fullmatch(r"[A-Z][a-z]+s", part):
            sub = part[:-1]
            tests.append(lambda g, b, sub=sub: sub in g.chars(b).subtypes)
        else:
            raise ValueError(part)
    return lambda g, b: any(t(g, b) for t in tests)


def combat_clause(clause: str) -> Optional[Any]:
    """The restriction a clause about one creature states, or None if it isn't one.
    `clause` is what follows the creature: "can't be blocked except by black creatures"."""
    c = clause.strip().rstrip(".")
    simple = {
        "attacks each combat if able": "must_attack",
        "attacks each turn if able": "must_attack",
        "can't attack or block alone": "cant_attack_or_block_alone",
        "can't attack alone": "cant_attack_alone",
        "can't block alone": "cant_block_alone",
        "can block any number of creatures": "block_any_number",
        "can block an additional creature": "block_additional",
        "can block an additional creature each combat": "block_additional",
    }
    if c in simple:
        return simple[c]
    m = re.fullmatch(r"can't be blocked except by (.+)", c)
    if m:
        try:
            return ("blocked_only_by", _creature_test(m.group(1)), m.group(1))
        except ValueError:
            return None
    m = re.fullmatch(r"can't be blocked by more than (one|two) creatures?", c)
    if m:
        return ("max_blockers", {"one": 1, "two": 2}[m.group(1)], f"more than {m.group(1)} creature")
    m = re.fullmatch(r"can't be blocked by (.+)", c)
    if m:
        try:
            return ("not_blocked_by", _creature_test(m.group(1)), m.group(1))
        except ValueError:
            return None
    return None


def _attached(game: Any, o: Any, src: Any, base: Any) -> bool:
    return src.attached_to == o.id


def _mine(game: Any, o: Any, src: Any, base: Any) -> bool:
    return base.is_type("Creature") and o.controller == src.controller


def compile_combat_static(t: str, raw: str) -> Optional[list[StaticAbility]]:
    """Static abilities about attacking and blocking; None if `t` isn't one."""
    s = t.rstrip(".")
    m = re.fullmatch(r"~ (.+)", s)
    if m:
        r = combat_clause(m.group(1))
        if r is not None:
            return [StaticAbility(raw, affects=None, restriction=r)]
    m = re.fullmatch(r"All creatures able to block (~|enchanted creature|equipped creature) do so", s)
    if m:
        who = None if m.group(1) == "~" else _attached
        return [StaticAbility(raw, affects=who, restriction="lure")]
    m = re.fullmatch(r"(Enchanted|Equipped) creature (.+)", s)
    if m:
        r = combat_clause(m.group(2))
        if r is not None:
            return [StaticAbility(raw, affects=_attached, restriction=r)]
        m2 = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+) and (.+)", m.group(2))
        if m2:
            r = combat_clause(m2.group(3))
            if r is not None:
                return [StaticAbility(raw, affects=_attached, power=int(m2.group(1)), toughness=int(m2.group(2)),
                                      restriction=r)]
    m = re.fullmatch(r"Each creature you control (can block an additional creature(?: each combat)?)", s)
    if m:
        return [StaticAbility(raw, affects=_mine, restriction=combat_clause(m.group(1)))]
    return None
