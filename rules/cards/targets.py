"""Phrases that describe objects: "target nonblack creature", "artifact, enchantment, or
land", "black or red permanent", "creature card from your graveyard", "Goblin creatures
you control".  They compile to a kind (what card type to look at) and a predicate
(`rules.cards.Pred`), which the engine judges on the characteristics it chooses: current
ones for targets, base ones inside a static ability, printed ones for cards."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from .ir import (
    ALWAYS,
    ANY_NUMBER,
    AnyOf,
    Attacking,
    Blocking,
    BlockingSource,
    Colorless,
    ControlledByDefendingPlayer,
    ControlledByYou,
    HasColor,
    HasKeyword,
    HasSubtype,
    HasSupertype,
    IsType,
    Keyword,
    ManaValueAtMost,
    ManaValueAtMostX,
    NamedAsSource,
    Not,
    OtherThanSource,
    OwnedByYou,
    PowerAtMost,
    Pred,
    Tapped,
    TargetSpec,
    ToughnessLessThanSourcePower,
    all_of,
)
from .mana import NAME_TO_COLOR
from .wording import CARD_TYPES, PERMANENT_TYPES, num, singular, split_alternatives


class Unsupported(Exception):
    """A sentence (or phrase) no template understands."""


def _any(preds: list[Pred]) -> Pred:
    return AnyOf(tuple(preds))


# the words whose test is fixed: "tapped", "attacking", "basic", ...
_WORD_TESTS: dict[str, Pred] = {
    "permanent": ALWAYS,
    "spell": ALWAYS,
    "card": ALWAYS,
    "tapped": Tapped(),
    "untapped": Not(Tapped()),
    "attacking": Attacking(),
    "blocking": Blocking(),
    "basic": HasSupertype("Basic"),
    "other": OtherThanSource(),  # "each other creature you control"
    "colorless": Colorless(),
}


def _word_test(word: str) -> Pred:
    """One adjective or noun: a color, "nonblack", a card type, "nonland", "tapped",
    "attacking", "basic", a subtype ("Goblin", "Forest")."""
    low = word.lower()
    test = _color_or_type_test(low)
    if test is None:
        test = _WORD_TESTS.get(low)
    if test is None:
        test = _subtype_test(word)
    if test is None:
        raise Unsupported(word)
    return test


def _color_or_type_test(low: str) -> Pred | None:
    """A color or a card type, or "non" one (`low`: the word in lower case)."""
    if low in NAME_TO_COLOR:
        return HasColor(NAME_TO_COLOR[low])
    if low.startswith("non") and low[3:] in NAME_TO_COLOR:
        return Not(HasColor(NAME_TO_COLOR[low[3:]]))
    if low.startswith("non") and low[3:] in CARD_TYPES:
        return Not(IsType(CARD_TYPES[low[3:]]))
    if low in CARD_TYPES:
        return IsType(CARD_TYPES[low])
    return None


def _subtype_test(word: str) -> Pred | None:
    """A capitalized word is a subtype ("Goblin"); "non-Zombie" is not one (Call to the Grave)."""
    if word[:1].isupper() and word.isalpha():
        return HasSubtype(singular(word))
    if re.fullmatch(r"non-[A-Z][a-z]+", word):
        return Not(HasSubtype(singular(word[4:])))
    return None


_CONTROL = re.compile(r"(.*?)\s*\b(you control|you don't control|an opponent controls|your opponents control)$")


# what a description's suffixes add, tried in order on what is left of it (each may come in any
# order: "creatures you control with flying"): the pattern (the rest of the phrase its group 1)
# and the test it adds
_SUFFIXES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Pred]]] = [
    (_CONTROL, lambda m: ControlledByYou() if m.group(2) == "you control" else Not(ControlledByYou())),
    (re.compile(r"(.*?) with toughness less than ~'s power"), lambda m: ToughnessLessThanSourcePower()),
    (re.compile(r"(.*?) other than ~"), lambda m: OtherThanSource()),  # Worldslayer: "all permanents other than ~"
    (re.compile(r"(.*?) blocking ~"), lambda m: BlockingSource()),  # Knight of Dusk
    (re.compile(r"(.*?) defending player controls"), lambda m: ControlledByDefendingPlayer()),  # Ancient Hellkite
    (re.compile(r"(.*?) with power (\d+) or less"), lambda m: PowerAtMost(int(m.group(2)))),  # Goblin Tunneler
    (re.compile(r"(.*?) (with|without) (flying)"),
     lambda m: HasKeyword(Keyword(m.group(3))) if m.group(2) == "with" else Not(HasKeyword(Keyword(m.group(3))))),
]


def object_phrase(phrase: str) -> tuple[str, Pred]:
    """Parse a description of permanents (or spells): the noun's kind ("creature", "land",
    "permanent") and the predicate.  Plural nouns are accepted ("creatures you control")."""
    p, tests = _suffix_tests(phrase.strip())
    if not p:
        raise Unsupported(phrase)
    nouns, noun_tests = _nouns(phrase, p)
    kinds = {_noun_kind(singular(n)) for n in nouns}
    kind = kinds.pop() if len(kinds) == 1 else "permanent"
    return kind, all_of(*tests, *noun_tests)


def _suffix_tests(p: str) -> tuple[str, list[Pred]]:
    """The tests the phrase's suffixes add (`_SUFFIXES`), outermost first, and what is left."""
    tests: list[Pred] = []
    while True:
        for pattern, test in _SUFFIXES:
            m = pattern.fullmatch(p)
            if m:
                tests.append(test(m))
                p = m.group(1)
                break
        else:
            return p, tests


def _nouns(phrase: str, p: str) -> tuple[list[str], list[Pred]]:
    """The nouns of what is left of `phrase` and the tests of its words: "black or red
    permanent" (any of the adjectives, on one noun), "artifact, enchantment, or land" (any of
    the nouns), "nonblack attacking creature" (every word)."""
    alts, joiner = split_alternatives(p)
    if joiner != "or":
        words = p.replace(",", " ").split()
        return [words[-1]], [*(_word_test(w) for w in words[:-1]), _word_test(singular(words[-1]))]
    last = alts[-1].split()
    if len(last) > 1 and all(len(a.split()) == 1 for a in alts[:-1]):
        noun = last[-1]
        return [noun], [_any([_word_test(a) for a in alts[:-1] + [" ".join(last[:-1])]]),
                        _word_test(singular(noun))]
    if all(len(a.split()) == 1 for a in alts):
        return alts, [_any([_word_test(singular(a)) for a in alts])]  # "Skeleton, Vampire, or Zombie"
    raise Unsupported(phrase)


def _noun_kind(noun: str) -> str:
    if noun.lower() == "creature":
        return "creature"
    if noun.lower() == "land" or noun in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        return "land"
    return "permanent"


def card_phrase(phrase: str) -> Pred:
    """"creature card", "basic land card", "permanent card", "artifact card", "card": a
    predicate the engine judges on a card's printed characteristics outside the battlefield."""
    p = phrase.strip()
    if p == "card named ~":  # Llanowar Sentinel
        return NamedAsSource()
    tests: list[Pred] = []
    m = re.fullmatch(r"(.*?card) with converted mana cost (\d+|X) or less", p)
    if m:  # Sun Titan; Citanul Flute (X)
        tests.append(ManaValueAtMostX() if m.group(2) == "X" else ManaValueAtMost(int(m.group(2))))
        p = m.group(1)
    m = re.fullmatch(r"(\w+) or (\w+) card", p)
    if m and m.group(1) in CARD_TYPES and m.group(2) in CARD_TYPES:  # "instant or sorcery card" (Call to Mind)
        return all_of(_any([IsType(CARD_TYPES[m.group(1)]), IsType(CARD_TYPES[m.group(2)])]), *tests)
    m = re.fullmatch(r"(.*?)\s*card", p)
    if not m:
        raise Unsupported(phrase)
    alts = re.fullmatch(r"(\w+) or (\w+)", m.group(1))
    if alts and not tests:  # "artifact or creature card"
        return AnyOf((card_phrase(alts.group(1) + " card"), card_phrase(alts.group(2) + " card")))
    for w in m.group(1).split():
        if w == "permanent":
            tests.append(_any([IsType(t) for t in PERMANENT_TYPES]))
        elif w in CARD_TYPES:
            tests.append(IsType(CARD_TYPES[w]))
        elif w.startswith("non") and w[3:] in CARD_TYPES:
            tests.append(Not(IsType(CARD_TYPES[w[3:]])))
        elif w == "basic":
            tests.append(HasSupertype("Basic"))
        elif w[:1].isupper() and w.isalpha():  # "target Zombie card"
            tests.append(HasSubtype(w))
        else:
            raise Unsupported(phrase)
    return all_of(*tests)


_GRAVEYARD_OWNER: dict[str, Pred] = {"your": OwnedByYou(), "a": ALWAYS, "an opponent's": Not(OwnedByYou())}


def target_spec(phrase: str) -> TargetSpec:
    """Parse "target nonblack creature", "any target", "target player", "two target lands",
    "up to three target creatures", "target creature spell", "target creature card from a
    graveyard", "target artifact, enchantment, or land"."""
    p = phrase.strip()
    if p == "any target":
        return TargetSpec("any", p)
    if p == "any number of targets":
        return TargetSpec("any", p, count=ANY_NUMBER, up_to=True)
    m = re.fullmatch(r"[Aa]nother target (.+)", p)
    if m:  # "another target nonland permanent" (Oblivion Ring): not the source itself
        spec = target_spec("target " + m.group(1))
        return TargetSpec(spec.kind, p, all_of(OtherThanSource(), spec.test), spec.count, spec.up_to, spec.at_least)
    if re.fullmatch(r"(?:\w+, )+(?:or|and/or) \w+ targets", p):  # "one, two, or three targets" (Inferno Titan)
        p = p[:-len("targets")] + "target creatures and/or players"
    m = re.fullmatch(r"up to that many target (.+)", p)
    if m:  # Cephalid Constable: as many as the triggering event says (bound as it goes on the stack)
        spec = target_spec("up to one target " + m.group(1))
        return TargetSpec(spec.kind, p, spec.test, ANY_NUMBER, True, 0, count_from="amount")
    m = re.fullmatch(r"X target (.+)", p)
    if m:  # Midnight Ritual: exactly X (rules.engine.resolution.targets)
        spec = target_spec("any number of target " + m.group(1))
        return dataclasses.replace(spec, text=p, x_count=True)
    up_to, count, at_least, what = _target_count(p, phrase)
    return _targets_of(p, what, count, up_to, at_least)


def _target_count(p: str, phrase: str) -> tuple[bool, int, int, str]:
    """How many targets `p` asks for and what they are: (up to, the most, the fewest, the rest
    of the phrase), from "any number of target", "one, two, or three target", "up to three
    target", "two target", "target"."""
    m = re.fullmatch(r"any number of target (.+)", p)
    if m:  # "any number of target creatures and/or players" (601.2c: none is a number too)
        return True, ANY_NUMBER, 0, m.group(1)
    m = re.fullmatch(r"((?:\w+, )+)(?:or|and/or) (\w+) target (.+)", p)
    if m:  # "one, two, or three target creatures": from the first number to the last
        words = [w.strip() for w in m.group(1).split(",") if w.strip()]
        first, last = num(words[0]), num(m.group(2))
        if first is None or last is None:
            raise Unsupported(phrase)
        return True, last, first, m.group(3)
    m = re.fullmatch(r"(?:(up to )?(\w+) )?target (.+)", p)
    if not m:
        raise Unsupported(phrase)
    count_word = m.group(2)
    found = num(count_word) if count_word else 1
    if found is None:
        raise Unsupported(phrase)
    return bool(m.group(1)), found, 0, m.group(3)


# what a target that is a player (or may be) is: its TargetSpec kind
_PLAYER_TARGETS = {"player": "player", "players": "player", "opponent": "opponent", "opponents": "opponent",
                   "player or planeswalker": "player_or_planeswalker", "creature or player": "any",
                   "creatures and/or players": "any"}


def _targets_of(p: str, what: str, count: int, up_to: bool, at_least: int) -> TargetSpec:
    """The TargetSpec for targets that are `what`: players, cards in a graveyard, spells, or
    permanents (an object phrase)."""
    if what in _PLAYER_TARGETS:
        return TargetSpec(_PLAYER_TARGETS[what], p, count=count, up_to=up_to, at_least=at_least)
    m = re.fullmatch(r"(.+?) (?:from|in) (your|a|an opponent's) graveyard", what)
    if m:
        test = all_of(_GRAVEYARD_OWNER[m.group(2)], card_phrase(re.sub(r"\bcards$", "card", m.group(1))))
        return TargetSpec("card_graveyard", p, test, count, up_to, at_least)
    if re.search(r"\bspells?$", what):
        qualifier = re.sub(r"\s*\bspells?$", "", what)
        if not qualifier:
            return TargetSpec("spell", p, count=count, up_to=up_to, at_least=at_least)
        return TargetSpec("spell", p, object_phrase(qualifier + " spell")[1], count, up_to, at_least)
    kind, test = object_phrase(what)
    return TargetSpec(kind, p, test, count, up_to, at_least)
