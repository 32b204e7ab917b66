"""Phrases that describe objects: "target nonblack creature", "artifact, enchantment, or
land", "black or red permanent", "creature card from your graveyard", "Goblin creatures
you control".  They compile to a kind (what zone and card type to look at) and a test.

A test has the shape `test(game, obj, chars, controller, source) -> bool`, where `chars`
are the characteristics to judge (current ones for targets, the base ones inside a static
ability) and `controller` is the controller of the spell or ability that asks."""

from __future__ import annotations

import re
from typing import Any, Callable

from .mana import NAME_TO_COLOR
from .model import TargetSpec
from .wording import CARD_TYPES, PERMANENT_TYPES, num, singular, split_alternatives

Test = Callable[[Any, Any, Any, str, Any], bool]


class Unsupported(Exception):
    """A sentence (or phrase) no template understands."""


def _always(g: Any, o: Any, ch: Any, ctrl: str, src: Any) -> bool:
    return True


def _all(tests: list[Test]) -> Test:
    tests = [t for t in tests if t is not _always]
    if not tests:
        return _always
    if len(tests) == 1:
        return tests[0]
    return lambda g, o, ch, ctrl, src: all(t(g, o, ch, ctrl, src) for t in tests)


def _any(tests: list[Test]) -> Test:
    return lambda g, o, ch, ctrl, src: any(t(g, o, ch, ctrl, src) for t in tests)


def _type_test(t: str) -> Test:
    return lambda g, o, ch, ctrl, src: t in ch.types


def _word_test(word: str) -> Test:
    """One adjective or noun: a color, "nonblack", a card type, "nonland", "tapped",
    "attacking", "basic", a subtype ("Goblin", "Forest")."""
    low = word.lower()
    if low in NAME_TO_COLOR:
        c = NAME_TO_COLOR[low]
        return lambda g, o, ch, ctrl, src: c in ch.colors
    if low.startswith("non") and low[3:] in NAME_TO_COLOR:
        c = NAME_TO_COLOR[low[3:]]
        return lambda g, o, ch, ctrl, src: c not in ch.colors
    if low.startswith("non") and low[3:] in CARD_TYPES:
        t = CARD_TYPES[low[3:]]
        return lambda g, o, ch, ctrl, src: t not in ch.types
    if low in CARD_TYPES:
        return _type_test(CARD_TYPES[low])
    if low in ("permanent", "spell", "card"):
        return _always
    if low == "tapped":
        return lambda g, o, ch, ctrl, src: o.tapped
    if low == "untapped":
        return lambda g, o, ch, ctrl, src: not o.tapped
    if low == "attacking":
        return lambda g, o, ch, ctrl, src: o.attacking is not None
    if low == "blocking":
        return lambda g, o, ch, ctrl, src: bool(o.blocking)
    if low == "basic":
        return lambda g, o, ch, ctrl, src: "Basic" in ch.supertypes
    if low == "colorless":
        return lambda g, o, ch, ctrl, src: not ch.colors
    if word[:1].isupper() and word.isalpha():
        sub = singular(word)
        return lambda g, o, ch, ctrl, src: sub in ch.subtypes
    raise Unsupported(word)


_CONTROL = re.compile(r"(.*?)\s*\b(you control|you don't control|an opponent controls|your opponents control)$")


def _control_test(which: str) -> Test:
    if which == "you control":
        return lambda g, o, ch, ctrl, src: o.controller == ctrl
    return lambda g, o, ch, ctrl, src: o.controller != ctrl


def object_phrase(phrase: str) -> tuple[str, Test]:
    """Parse a description of permanents (or spells): the noun's kind ("creature", "land",
    "permanent") and the test.  Plural nouns are accepted ("creatures you control")."""
    p = phrase.strip()
    tests: list[Test] = []
    while True:  # suffixes, in any order: "you control", "with flying", "with toughness ..."
        m = _CONTROL.fullmatch(p)
        if m:
            tests.append(_control_test(m.group(2)))
            p = m.group(1)
            continue
        m = re.fullmatch(r"(.*?) with toughness less than ~'s power", p)
        if m:
            tests.append(lambda g, o, ch, ctrl, src: (ch.toughness or 0) < (g.chars(src).power or 0))
            p = m.group(1)
            continue
        m = re.fullmatch(r"(.*?) (with|without) (flying)", p)
        if m:
            has, kw = m.group(2) == "with", m.group(3)
            tests.append(lambda g, o, ch, ctrl, src, has=has, kw=kw: (kw in ch.keywords) == has)
            p = m.group(1)
            continue
        break
    if not p:
        raise Unsupported(phrase)
    alts, joiner = split_alternatives(p)
    nouns: list[str]
    if joiner == "or":
        last = alts[-1].split()
        if len(last) > 1 and all(len(a.split()) == 1 for a in alts[:-1]):
            # "black or red permanent": adjectives, any of them, on one noun
            noun = last[-1]
            tests.append(_any([_word_test(a) for a in alts[:-1] + [" ".join(last[:-1])]]))
            tests.append(_word_test(singular(noun)))
            nouns = [noun]
        elif all(len(a.split()) == 1 for a in alts):
            nouns = alts  # "artifact, enchantment, or land"; "Skeleton, Vampire, or Zombie"
            tests.append(_any([_word_test(singular(a)) for a in alts]))
        else:
            raise Unsupported(phrase)
    else:
        words = p.replace(",", " ").split()
        nouns = [words[-1]]
        tests += [_word_test(w) for w in words[:-1]]
        tests.append(_word_test(singular(words[-1])))
    kinds = {_noun_kind(singular(n)) for n in nouns}
    kind = kinds.pop() if len(kinds) == 1 else "permanent"
    return kind, _all(tests)


def _noun_kind(noun: str) -> str:
    if noun.lower() == "creature":
        return "creature"
    if noun.lower() == "land" or noun in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        return "land"
    return "permanent"


def card_phrase(phrase: str) -> Test:
    """"creature card", "basic land card", "permanent card", "artifact card", "card":
    a test on a card (its printed characteristics) outside the battlefield."""
    p = phrase.strip()
    m = re.fullmatch(r"(.*?)\s*card", p)
    if not m:
        raise Unsupported(phrase)
    words = m.group(1).split()
    tests: list[Callable[[Any], bool]] = []
    for w in words:
        if w == "permanent":
            tests.append(lambda c: any(c.is_type(t) for t in PERMANENT_TYPES))
        elif w in CARD_TYPES:
            t = CARD_TYPES[w]
            tests.append(lambda c, t=t: c.is_type(t))
        elif w.startswith("non") and w[3:] in CARD_TYPES:
            t = CARD_TYPES[w[3:]]
            tests.append(lambda c, t=t: not c.is_type(t))
        elif w == "basic":
            tests.append(lambda c: "Basic" in c.type_line.supertypes)
        else:
            raise Unsupported(phrase)
    return lambda g, o, ch, ctrl, src: all(t(o.card) for t in tests)


def _spec_filter(test: Test) -> Callable[..., bool]:
    """A TargetSpec filter `(game, obj, controller, source)` from a test on current chars."""
    return lambda g, o, ctrl, src: test(g, o, g.chars(o), ctrl, src)


def target_spec(phrase: str) -> TargetSpec:
    """Parse "target nonblack creature", "any target", "target player", "two target lands",
    "up to three target creatures", "target creature spell", "target creature card from a
    graveyard", "target artifact, enchantment, or land"."""
    p = phrase.strip()
    if p == "any target":
        return TargetSpec("any", p)
    m = re.fullmatch(r"(?:(up to )?(\w+) )?target (.+)", p)
    if not m:
        raise Unsupported(phrase)
    up_to, count_word, what = m.group(1), m.group(2), m.group(3)
    count = num(count_word) if count_word else 1
    if count is None:
        raise Unsupported(phrase)
    if what in ("player", "players"):
        return TargetSpec("player", p, count=count, up_to=bool(up_to))
    if what in ("opponent", "opponents"):
        return TargetSpec("opponent", p, count=count, up_to=bool(up_to))
    if what == "player or planeswalker":
        return TargetSpec("player_or_planeswalker", p, count=count, up_to=bool(up_to))
    if what == "creature or player":
        return TargetSpec("any", p, count=count, up_to=bool(up_to))
    m2 = re.fullmatch(r"(.+?) (?:from|in) (your|a|an opponent's) graveyard", what)
    if m2:
        test = card_phrase(m2.group(1))
        whose = m2.group(2)
        own = {"your": lambda o, ctrl: o.owner == ctrl, "a": lambda o, ctrl: True,
               "an opponent's": lambda o, ctrl: o.owner != ctrl}[whose]
        return TargetSpec("card_graveyard", p,
                          lambda g, o, ctrl, src: own(o, ctrl) and test(g, o, None, ctrl, src), count, bool(up_to))
    if re.search(r"\bspells?$", what):
        qualifier = re.sub(r"\s*\bspells?$", "", what)
        if not qualifier:
            return TargetSpec("spell", p, count=count, up_to=bool(up_to))
        _, test = object_phrase(qualifier + " spell")
        return TargetSpec("spell", p, _spec_filter(test), count, bool(up_to))
    kind, test = object_phrase(what)
    return TargetSpec(kind, p, None if test is _always else _spec_filter(test), count, bool(up_to))
