"""Templates for static abilities: anthems and lords ("Other Elf creatures you control get
+1/+1"), Auras and Equipment ("Enchanted creature gets +1/+2", "Equipped creature can't be
blocked and has shroud"), characteristic-defining P/T, "can't" restrictions, replacement
and prevention effects ("enters the battlefield tapped unless ...", "prevent 1 of that
damage") and rules for players ("You have no maximum hand size").

An `affects(game, obj, source, base)` test judges the object's base characteristics, so
that computing one object's characteristics never needs another's."""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

from .model import StaticAbility
from .targets import Unsupported, object_phrase
from .wording import BASIC_LAND_TYPES, keyword_list

Affects = Callable[[Any, Any, Any, Any], bool]


def _keywords(text: str) -> tuple[str, ...]:
    kws = keyword_list(text)
    if kws is None:
        raise Unsupported(text)
    return kws


def creature_group(phrase: str, other: bool) -> Affects:
    """"creatures you control", "White creatures you control", "Elf creatures you control",
    "Goblin creatures", "Creatures your opponents control"."""
    p = phrase[0].lower() + phrase[1:] if phrase.split(" ")[0] in ("Creatures", "Each") else phrase
    _, test = object_phrase(p)

    def affects(game: Any, o: Any, src: Any, base: Any) -> bool:
        if not base.is_type("Creature") or (other and o.id == src.id):
            return False
        return test(game, o, base, src.controller, src)
    return affects


def _attached(game: Any, o: Any, src: Any, base: Any) -> bool:
    return src.attached_to == o.id


def _itself(game: Any, o: Any, src: Any, base: Any) -> bool:
    return o.id == src.id


def _count_bonus(phrase: str, p: int, t: int) -> Callable[..., tuple[int, int]]:
    """"+1/+1 for each Plains you control": counted by printed subtypes (no recursion)."""
    m = re.fullmatch(r"(\w+?)s? you control", phrase)
    if not m or m.group(1) not in BASIC_LAND_TYPES + ("Plain",):
        raise Unsupported(phrase)
    sub = "Plains" if m.group(1) == "Plain" else m.group(1)

    def bonus(game: Any, o: Any, src: Any) -> tuple[int, int]:
        n = sum(1 for x in game.permanents(src.controller) if sub in x.card.type_line.subtypes)
        return p * n, t * n
    return bonus


def _lands_unless(words: str) -> Callable[..., None]:
    """"enters the battlefield tapped unless you control a Swamp or a Mountain"."""
    subs = [s for s in re.split(r",?\s*(?:or )?an? ", " " + words) if s.strip()]
    for s in subs:
        if s.strip() not in BASIC_LAND_TYPES:
            raise Unsupported(words)
    wanted = {s.strip() for s in subs}

    def etb(game: Any, obj: Any) -> None:
        if not any(wanted & set(game.chars(o).subtypes) for o in game.permanents(obj.controller)):
            obj.tapped = True
            game._log(f"{obj.name} {game.rules.word('enters')} tapped", "etb_replacement")
    return etb


def compile_static(t: str, raw: str) -> Optional[StaticAbility]:
    """A static ability line, or None if `t` isn't one this module knows."""
    s = t.rstrip(".")
    # --- anthems and lords
    m = re.fullmatch(r"(Other )?((?:[A-Z]?\w+ )?[Cc]reatures(?: you control| your opponents control)?) get "
                     r"([+-]\d+)/([+-]\d+)(?: and have (.+))?", s)
    if m:
        grants = _keywords(m.group(5)) if m.group(5) else ()
        return StaticAbility(raw, affects=creature_group(m.group(2), bool(m.group(1))), power=int(m.group(3)),
                             toughness=int(m.group(4)), grants=grants)
    m = re.fullmatch(r"(Other )?((?:[A-Z]?\w+ )?[Cc]reatures(?: you control| your opponents control)?) have (.+)", s)
    if m:
        return StaticAbility(raw, affects=creature_group(m.group(2), bool(m.group(1))), grants=_keywords(m.group(3)))
    m = re.fullmatch(r"Each creature gets \+1/\+1 for each other creature on the battlefield that shares at least "
                     r"one creature type with it", s)
    if m:
        def shares(game: Any, o: Any, src: Any) -> tuple[int, int]:
            mine = set(o.card.type_line.subtypes)
            n = sum(1 for x in game.permanents() if x.id != o.id and x.card.is_type("Creature")
                    and mine & set(x.card.type_line.subtypes))
            return n, n
        return StaticAbility(raw, affects=lambda g, o, src, base: base.is_type("Creature"), bonus=shares)
    m = re.fullmatch(r"~ gets \+1/\+1 for each other creature on the battlefield named ~", s)
    if m:
        def same_name(game: Any, o: Any, src: Any) -> tuple[int, int]:
            n = sum(1 for x in game.permanents() if x.id != o.id and x.name == o.name and x.card.is_type("Creature"))
            return n, n
        return StaticAbility(raw, affects=_itself, bonus=same_name)
    # --- Auras and Equipment
    m = re.fullmatch(r"(?:Enchanted|Equipped) (?:creature|permanent) (gets|has|can't|doesn't) (.+)", s)
    if m:
        return _attached_static(m.group(1), m.group(2), raw)
    # --- the permanent itself
    m = re.fullmatch(r"~ can't (attack or block|attack|block|be blocked)", s)
    if m:
        r = {"attack or block": "cant_attack_or_block", "attack": "cant_attack", "block": "cant_block",
             "be blocked": "unblockable"}[m.group(1)]
        return StaticAbility(raw, affects=None, restriction=r)
    m = re.fullmatch(r"~ can't attack unless defending player controls an? (\w+)", s)
    if m and m.group(1) in BASIC_LAND_TYPES:
        sub = m.group(1)

        def no_island(game: Any, o: Any, src: Any, base: Any) -> bool:
            return o.id == src.id and not any(sub in x.card.type_line.subtypes for p in game.opponents(src.controller)
                                              for x in game.permanents(p))
        return StaticAbility(raw, affects=no_island, restriction="cant_attack")
    m = re.fullmatch(r"~'s power and toughness are each equal to (.+)", s)
    if m:
        return StaticAbility(raw, affects=None, cda=_cda(m.group(1)))
    if s == "This spell can't be countered":
        return StaticAbility(raw, affects=None, restriction="uncounterable")
    m = re.fullmatch(r"~ enters the battlefield tapped unless you control (.+)", s)
    if m:
        return StaticAbility(raw, affects=None, etb=_lands_unless(m.group(1)))
    if s == "If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead":
        return StaticAbility(raw, affects=None, graveyard_to_library=True)
    # --- prevention
    if s == "If a source an opponent controls would deal damage to you, prevent 1 of that damage":
        return StaticAbility(raw, affects=None, prevent=lambda g, src, source, target, n, combat:
                             1 if target == src.controller and source.controller != src.controller else 0)
    if s == "Prevent all noncombat damage that would be dealt to equipped creature":
        return StaticAbility(raw, affects=None, prevent=lambda g, src, source, target, n, combat:
                             n if not combat and target == src.attached_to else 0)
    # --- rules for players
    if s == "You have no maximum hand size":
        return StaticAbility(raw, affects=None, player_rule="no_max_hand_size")
    return None


def _cda(what: str) -> Callable[..., tuple[int, int]]:
    """"the number of Swamps you control", "your life total"."""
    if what == "your life total":
        def life(game: Any, o: Any) -> tuple[int, int]:
            n = game.player(o.controller).life
            return n, n
        return life
    m = re.fullmatch(r"the number of (\w+?)s? you control", what)
    if not m:
        raise Unsupported(what)
    sub = m.group(1)

    def count(game: Any, o: Any) -> tuple[int, int]:
        n = sum(1 for x in game.permanents(o.controller) if sub in x.card.type_line.subtypes)
        return n, n
    return count


def _attached_static(verb: str, rest: str, raw: str) -> StaticAbility:
    """"Enchanted creature gets +1/+1 for each Plains you control and has flying", "Equipped
    creature can't be blocked and has shroud", "Enchanted creature doesn't untap ..."."""
    if verb == "gets":
        m = re.fullmatch(r"([+-]\d+)/([+-]\d+)(?: for each (.+?))?(?: and (has|loses) (.+))?", rest)
        if not m:
            raise Unsupported(raw)
        p, t = int(m.group(1)), int(m.group(2))
        bonus = _count_bonus(m.group(3), p, t) if m.group(3) else None
        kws = _keywords(m.group(5)) if m.group(5) else ()
        grants, removes = (kws, ()) if m.group(4) == "has" else ((), kws)
        if bonus is not None:
            p = t = 0
        return StaticAbility(raw, affects=_attached, power=p, toughness=t, grants=grants, removes=removes, bonus=bonus)
    if verb == "has":
        return StaticAbility(raw, affects=_attached, grants=_keywords(rest))
    if verb == "doesn't":
        if rest == "untap during its controller's untap step":
            return StaticAbility(raw, affects=_attached, restriction="doesnt_untap")
        raise Unsupported(raw)
    m = re.fullmatch(r"(attack or block|attack|block|be blocked)(?: and has (.+))?", rest)
    if not m:
        raise Unsupported(raw)
    r = {"attack or block": "cant_attack_or_block", "attack": "cant_attack", "block": "cant_block",
         "be blocked": "unblockable"}[m.group(1)]
    grants = _keywords(m.group(2)) if m.group(2) else ()
    return StaticAbility(raw, affects=_attached, restriction=r, grants=grants)
