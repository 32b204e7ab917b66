"""The Oracle-text compiler: sentences in, ability objects out.

Each line of Oracle text is one ability (or a keyword list).  A line is matched against
templates; a template turns the wording into ability objects built from the effect
primitives of the intermediate representation.  One template serves every card that uses its wording, and
both eras' wordings ("comes into play" / "enters the battlefield", "removed from the
game" / "exile", "target creature or player" / "any target").  A line no template
understands is recorded in `CardDef.unsupported`, never dropped silently.

The result is data (`rules.cards.ir`): the engine interprets it.  This module dispatches a
line to the right kind of template and holds the ones for keywords, Auras, Equipment,
costs, mana and activated abilities; effects, triggers and static abilities have their
own modules.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from .combat_templates import compile_combat_static
from .effect_templates import compile_effect
from .extra_templates import EXTRA_TEMPLATES  # noqa: F401  (registered after effect_templates' own)
from .ir import (
    AffectsAttached,
    AffectsYourPermanents,
    Amount,
    AttachSourceTo,
    Becomes,
    CostsMorePerExtraTarget,
    CountSubtypeYouControl,
    DoubleManaPool,
    EntersAsCopy,
    EntersWithCounters,
    Fixed,
    GrantAbilities,
    ModifyPT,
    Restriction,
    SacrificeAllAsCost,
    SacrificeAsCost,
    SacrificeCost,
    SpendOnlyOnX,
)
from .mana import parse_cost
from .model import (
    BASIC_MANA,
    ActivatedAbility,
    CardDef,
    Cost,
    EnchantAbility,
    KeywordAbility,
    Mode,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    basic_land_ability,
)
from .static_templates import compile_static
from .targets import Unsupported, card_phrase, object_phrase, target_spec
from .trigger_templates import compile_triggered
from .unenforced import unenforced_ability
from .wording import KEYWORDS, keyword_list, normalise, num, singular  # noqa: F401  (re-exported)

__all__ = ["EnchantAbility", "Unsupported", "compile_line", "normalise", "parse_cost_text", "target_spec", "KEYWORDS"]


# ------------------------------------------------------------------ lines
def compile_abilities(card: CardDef) -> None:
    """Fill a new card's abilities from its type line and Oracle text: a basic land type's
    mana ability (305.6 / 212.6g), then each line's; a line no template reads goes to
    `unsupported` (with its timing where that can be read)."""
    for sub in card.type_line.subtypes:
        if sub in BASIC_MANA and card.is_type("Land"):
            card.abilities.append(basic_land_ability(sub))
    for line in modal_ability_lines((card.text or "").split("\n")):
        line = line.strip()
        if not line:
            continue
        try:
            card.abilities.extend(compile_line(line, card))
        except Unsupported:
            card.unsupported.append(line)
            timing = unenforced_ability(line, normalise(line, card.name), parse_cost_text)
            if timing is not None:  # it still triggers or can be activated; the log names the rest
                card.abilities.append(timing)
    merge_spell_lines(card)


def compile_line(line: str, card: Any) -> list[Any]:
    """Compile one Oracle line into abilities; raises Unsupported.  The card's name is read
    as "~"; a card whose name is also a word of its text ("Regenerate target creature.")
    is tried with its name left as written too."""
    try:
        return _compile(line, normalise(line, card.name), card)
    except Unsupported:
        plain = normalise(line, card.name, replace_name=False)
        if plain == normalise(line, card.name):
            raise
        return _compile(line, plain, card)


def _compile(raw: str, t: str, card: Any) -> list[Any]:
    if not t:
        return []
    low = t.lower().rstrip(".")
    m = re.fullmatch(r"bloodthirst (\d+)", low)
    if m:  # 702.53a / 502.50a: a static ability that modifies how it enters
        return [StaticAbility(raw, effects=(EntersWithCounters("+1/+1", Fixed(int(m.group(1))),
                                                                      if_opponent_damaged=True),))]
    kws = keyword_list(low)
    if kws is not None:
        return [KeywordAbility(raw, keyword=k) for k in kws]
    m = re.fullmatch(r"enchant (.+)", low)
    if m:
        spec = target_spec("target " + m.group(1))
        return [EnchantAbility(raw, keyword="enchant " + m.group(1), enchant=spec)]
    m = re.fullmatch(r"equip (\{[^}]+\}(?:\{[^}]+\})*)", low)
    if m:
        return [_equip(raw, m.group(1).upper())]
    combat = compile_combat_static(t, raw)
    if combat is not None:
        return combat
    for compiler in (_modal_activated, _mana_ability, _triggered, _activated, _static):
        ab = compiler(t, raw, card)
        if ab is not None:
            return [ab]
    if card.is_type("Instant") or card.is_type("Sorcery"):
        c = compile_effect(t)
        return [SpellAbility(raw, effect=c.body(), targets=tuple(c.specs))]
    raise Unsupported(raw)


def modal_ability_lines(lines: list[str]) -> list[str]:
    """The lines of Oracle text with each modal activated ability ("{G}: Choose one —" and the
    "• ..." lines of its modes, Skinshifter) joined into one: it is one ability (700.2 / 409.1b),
    compiled whole (`_modal_activated`)."""
    out: list[str] = []
    modal = False
    for line in lines:
        if modal and line.strip().startswith("•"):
            out[-1] += "\n" + line.strip()
            continue
        modal = re.fullmatch(r"[^:]+: Choose one —", line.strip()) is not None
        out.append(line)
    return out


def merge_spell_lines(card: Any) -> None:
    """An instant or sorcery whose effect spans several lines ("... You may shuffle your
    library." / "Draw a card.") does them all, in order, as one spell ability."""
    spells = [a for a in card.abilities if isinstance(a, SpellAbility)]
    if len(spells) < 2:
        return
    text = " ".join(normalise(a.text, card.name) for a in spells)
    try:
        c = compile_effect(text)
    except Unsupported:
        card.unsupported += [a.text for a in spells]
        card.abilities = [a for a in card.abilities if not isinstance(a, SpellAbility)]
        return
    merged = SpellAbility("\n".join(a.text for a in spells), effect=c.body(), targets=tuple(c.specs))
    card.abilities = [merged if a is spells[0] else a for a in card.abilities if a is spells[0] or a not in spells]


def _triggered(t: str, raw: str, card: Any) -> Any:
    return compile_triggered(t, raw)


def _static(t: str, raw: str, card: Any) -> Any:
    excepted = _copy_with_exceptions(t, raw, card)
    if excepted is not None:
        return excepted
    granted = _granting_static(t, raw, card)
    if granted is not None:
        return granted
    ab = compile_static(t, raw)
    works_on_the_stack = ab is not None and (Restriction.UNCOUNTERABLE in ab.restrictions or any(
        isinstance(e, CostsMorePerExtraTarget | SpendOnlyOnX | SacrificeAllAsCost | SacrificeAsCost)
        for e in ab.effects))
    if ab is not None and (card.is_type("Instant") or card.is_type("Sorcery")) and not works_on_the_stack:
        return None  # a spell's text is what it does when it resolves, not a static ability
    return ab


def _copy_with_exceptions(t: str, raw: str, card: Any) -> StaticAbility | None:
    """'You may have ~ enter the battlefield as a copy of any creature on the battlefield, except
    it's an Illusion in addition to its other types and it gains "When this creature becomes the
    target of a spell or ability, sacrifice it."' (Phantasmal Image, 706.9a): the quoted ability
    is compiled like any line (its "this creature" is the copy)."""
    m = re.fullmatch(r"You may have ~ enter the battlefield as a copy of any (.+?) on the battlefield, except it's "
                     r'an? (\w+) in addition to its other types and it gains "([^"]+)"\.?', t)
    if not m:
        return None
    quoted = m.group(3).replace("~", "this creature")
    inner = _compile(quoted, normalise(quoted, card.name), card)
    if len(inner) != 1 or not isinstance(inner[0], TriggeredAbility):
        raise Unsupported(raw)
    return StaticAbility(raw, effects=(EntersAsCopy(object_phrase(m.group(1))[1], (m.group(2),), (inner[0],)),))


def _granting_static(t: str, raw: str, card: Any) -> StaticAbility | None:
    """'Enchanted creature gets +2/+2 and has "{T}: This creature deals 1 damage to any target."',
    'Lands you control have "{T}: Add one mana of any color."': the quoted activated ability is
    compiled like any line (its "this creature" is the object that has it) and granted (layer 6)."""
    m = re.fullmatch(r'(.+?) (?:has|have) "([^"]+)"\.?', t)
    if not m:
        return None
    inner = _compile(m.group(2), normalise(m.group(2), card.name), card)
    head = m.group(1)
    if len(inner) == 1 and isinstance(inner[0], TriggeredAbility) and head == "Enchanted creature" \
            and not inner[0].targets:  # 'has "At the beginning of your upkeep, sacrifice this creature."'
        return StaticAbility(raw, affects=AffectsAttached(), effects=(GrantAbilities((inner[0],)),))
    if len(inner) != 1 or not isinstance(inner[0], ActivatedAbility):
        raise Unsupported(raw)
    m2 = re.fullmatch(r"(.+?) you control", head)
    if m2 and not re.search(r"[Cc]reatures?", m2.group(1)):
        kind, test = object_phrase(m2.group(1))
        return StaticAbility(raw, affects=AffectsYourPermanents(test), effects=(GrantAbilities((inner[0],)),))
    if head in ("Enchanted creature", "Equipped creature"):
        return StaticAbility(raw, affects=AffectsAttached(), effects=(GrantAbilities((inner[0],)),))
    m2 = re.fullmatch(r"(Enchanted|Equipped) creature gets ([+-]\d+)/([+-]\d+) and", head)
    if m2:
        return StaticAbility(raw, affects=AffectsAttached(), effects=(
            ModifyPT(int(m2.group(2)), int(m2.group(3))), GrantAbilities((inner[0],))))
    raise Unsupported(raw)


# ------------------------------------------------------------------ costs
def _counted(word: str, part: str) -> int:
    """A cost's number ("two", "a"); Unsupported(part) when it is none."""
    n = num(word)
    if n is None:
        raise Unsupported(part)
    return n


def _tap_untapped(m: re.Match[str], part: str) -> dict[str, Any]:
    """"Tap two untapped Elves you control" (Arachnus Spinner: any of them, the source too,
    summoning sick or not, 302.6 / 212.3f)."""
    n = num(m.group(1))
    if not n:
        raise Unsupported(part)
    what = singular(m.group(2)) if n > 1 else m.group(2)
    return {"tap_untapped": SacrificeCost(what, object_phrase(what)[1]), "tap_count": n}


_CostPart = Callable[[re.Match[str], str], dict[str, Any]]
# the parts of a cost, in the order they are tried (the first whose pattern matches the whole
# part reads it: "Discard a card" is a count of cards, "Discard a creature card" a kind): the
# Cost fields each part sets; "mana" is the part's mana symbols, added to the others'
_COST_PARTS: tuple[tuple[re.Pattern[str], _CostPart], ...] = tuple((re.compile(pattern), read) for pattern, read in (
    (r"\{T\}", lambda m, part: {"tap": True}),
    (r"\{Q\}", lambda m, part: {"untap": True}),
    (r"Sacrifice ~", lambda m, part: {"sacrifice_self": True}),
    (r"Exile ~", lambda m, part: {"exile_self": True}),  # Brittle Effigy
    (r"Sacrifice (?:a|an) (.+)",
     lambda m, part: {"sacrifice": SacrificeCost(m.group(1), object_phrase(m.group(1))[1])}),
    (r"(\{[^}]+\})+", lambda m, part: {"mana": part}),
    (r"Remove (\w+) ([+\-/\w]+) counters? from ~",
     lambda m, part: {"remove_counters": (m.group(2), _counted(m.group(1), part))}),
    (r"Discard (\w+) cards?", lambda m, part: {"discard_count": _counted(m.group(1), part)}),
    (r"Discard (?:a|an) (.+)",  # Seismic Assault
     lambda m, part: {"discard": SacrificeCost(m.group(1), card_phrase(m.group(1)))}),
    (r"Tap (\w+) untapped (.+?) you control", _tap_untapped),
    (r"Exile (\w+) cards? from your graveyard",  # Grim Lavamancer
     lambda m, part: {"exile_from_graveyard": _counted(m.group(1), part)}),
    (r"Pay (\d+) life", lambda m, part: {"life": int(part.split()[1])}),
))


def _cost_part(part: str) -> dict[str, Any]:
    """One part of a cost (between commas) as the Cost fields it sets."""
    for pattern, read in _COST_PARTS:
        m = pattern.fullmatch(part)
        if m:
            return read(m, part)
    raise Unsupported(part)


def parse_cost_text(text: str) -> Cost:
    """"{2}{R}, {T}, Sacrifice ~" / "Sacrifice a Goblin" / "+1" / "-3" / "-X"."""
    t = text.strip()
    if re.fullmatch(r"[+-]?\d+", t):
        return Cost(loyalty=int(t), text=text)
    if t == "-X":
        return Cost(loyalty=0, loyalty_x=True, text=text)
    parts: dict[str, Any] = {}
    mana = ""
    for part in [p.strip() for p in t.split(",")]:
        found = _cost_part(part)
        mana += found.pop("mana", "")
        parts.update(found)
    return Cost(mana=parse_cost(mana) if mana else None, text=text, **parts)


# ------------------------------------------------------------------ mana and activated abilities
def _mana_ability(t: str, raw: str, card: Any) -> ActivatedAbility | None:
    m = re.fullmatch(r"(.+?): Add ([^.]+?)\.(?: (.+))?", t)
    if not m:
        return None
    cost = parse_cost_text(m.group(1))
    what = m.group(2).strip()
    rider = _mana_rider(m.group(3), raw)
    amount: Amount = Fixed(1)
    choose = False
    m2 = re.fullmatch(r"\{(\w)\} for each (\w+) you control", what)
    if m2:
        colors = frozenset(m2.group(1))
        amount = CountSubtypeYouControl(m2.group(2))
    elif what == "one mana of any color":
        colors, choose = frozenset("WUBRG"), True
    elif re.fullmatch(r"(\{\w\})( or \{\w\})+", what) or re.fullmatch(r"\{\w\}, \{\w\}, or \{\w\}", what):
        colors, choose = frozenset(re.findall(r"\{(\w)\}", what)), True
    elif re.fullmatch(r"(\{\w\})+", what):
        syms = re.findall(r"\{(\w)\}", what)
        if len(set(syms)) != 1:
            if not set(syms) <= set("WUBRGC"):
                raise Unsupported(raw)
            return ActivatedAbility(raw, cost=cost, is_mana=True, mana_colors=frozenset(syms), mana_each="".join(syms),
                                    effect=rider)  # Composite Golem: "Add {W}{U}{B}{R}{G}"
        colors = frozenset("C" if syms[0] in "C123456789" else syms[0])
        amount = Fixed(len(syms))
    else:
        raise Unsupported(raw)
    if cost.sacrifice or cost.life:
        raise Unsupported(raw)  # mana abilities here cost only {T} and mana
    return ActivatedAbility(raw, cost=cost, is_mana=True, mana_colors=colors, mana_amount=amount,
                            choose_one=choose, effect=rider)


def _mana_rider(text: str | None, raw: str) -> tuple[Any, ...]:
    """What a mana ability does besides making mana ("{T}: Add {W} or {U}. ~ deals 1 damage
    to you."): done as the ability resolves, at once (2014 605.3b / 2009 411.3b).  An ability
    that targets isn't a mana ability (605.1a / 411.1a), so a rider may not target."""
    if not text:
        return ()
    c = compile_effect(text)
    if c.specs:
        raise Unsupported(raw)
    return c.body()


_SORCERY_SPEED = re.compile(r"\s*(?:Activate|Play) this ability only any time you could (?:cast|play) a sorcery\.?$")


def _activated(t: str, raw: str, card: Any) -> ActivatedAbility | None:
    m = re.fullmatch(r"([^:\"]+?): (.+)", t)
    if not m:
        return None
    cost_text, effect_text = m.group(1), m.group(2)
    if not re.search(r"\{|Sacrifice|^Remove |Discard|^Exile ~|^[+-]?(\d+|X)$|^Tap \w+ untapped ", cost_text):
        return None
    sorcery = bool(_SORCERY_SPEED.search(effect_text))
    effect_text = _SORCERY_SPEED.sub("", effect_text)
    max_per_turn, only_during, effect_text = _use_limits(effect_text)
    only_if_attacking = bool(_ONLY_IF_ATTACKING.search(effect_text))
    effect_text = _ONLY_IF_ATTACKING.sub("", effect_text)
    cost = parse_cost_text(cost_text)
    if cost.life:
        raise Unsupported(raw)  # paying life isn't part of activation yet
    effect_text, granted = _quoted_grant(effect_text, raw, card)
    c = compile_effect(effect_text)
    if granted:
        c.steps[:] = [_with_granted(s, granted) for s in c.steps]
    # an ability whose effect moves its object out of a zone functions only in that zone
    # (2014 112.6k / 2009 402.8h)
    zone = "graveyard" if re.match(r"Return ~ from your graveyard\b", effect_text) else "battlefield"
    if zone != "battlefield" and (cost.tap or cost.untap or cost.sacrifice_self or cost.exile_self
                                  or cost.loyalty is not None):
        raise Unsupported(raw)  # costs that need a permanent
    # "Double the amount of each type of mana in your mana pool" (Doubling Cube): an ability that
    # adds mana and doesn't target is a mana ability (605.1a / 411.1a)
    is_mana = not c.specs and any(isinstance(s, DoubleManaPool) for s in c.steps)
    return ActivatedAbility(raw, cost=cost, effect=c.body(), targets=tuple(c.specs), is_mana=is_mana,
                            sorcery_speed=sorcery or cost.loyalty is not None, zone=zone,
                            max_per_turn=max_per_turn, only_during=only_during,
                            only_if_attacking=only_if_attacking)


_MODAL = re.compile(r"([^:\"\n]+?): Choose one -((?:\n• [^\n]+)+)")


def _modal_activated(t: str, raw: str, card: Any) -> ActivatedAbility | None:
    """"{G}: Choose one — • ... • ..." (Skinshifter): one activated ability whose mode is chosen
    as it is activated (2014 700.2a / 2009 409.1b).  Each mode is read as the ability with that
    effect; they must agree on everything else (cost, "Activate this ability only once each
    turn", which every mode repeats and which limits the one ability)."""
    m = _MODAL.fullmatch(t)
    if not m:
        return None
    mode_texts = [line.removeprefix("• ") for line in m.group(2).strip("\n").split("\n")]
    raw_texts = [line.strip().removeprefix("•").strip() for line in raw.split("\n")[1:]]
    each = [_activated(f"{m.group(1)}: {text}", text, card) for text in mode_texts]
    if len(raw_texts) != len(each) or any(ab is None or ab.is_mana for ab in each):
        raise Unsupported(raw)
    shared = [dataclasses.replace(ab, text=raw, effect=(), targets=()) for ab in each if ab is not None]
    if any(ab != shared[0] for ab in shared):
        raise Unsupported(raw)  # modes with different costs or limits are not one ability
    modes = tuple(Mode(_mode_wording(text), ab.effect, ab.targets)
                  for text, ab in zip(raw_texts, each, strict=True) if ab is not None)
    return dataclasses.replace(shared[0], modes=modes)


def _mode_wording(text: str) -> str:
    """A mode's Oracle words without the limits on the ability's use it repeats."""
    for limit in (_SORCERY_SPEED, _USE_LIMIT, _ONLY_IF_ATTACKING, _ONLY_DURING):
        text = limit.sub("", text)
    return text


def _quoted_grant(effect_text: str, raw: str, card: Any) -> tuple[str, tuple[ActivatedAbility, ...]]:
    """'~ becomes a 1/1 black Skeleton creature with "{B}: Regenerate this creature" until end
    of turn' (Spawning Pool): the quoted ability is compiled like any line and granted with the
    rest of what it becomes (layer 6)."""
    q = re.search(r' with "([^"]+)"', effect_text)
    if not q:
        return effect_text, ()
    inner = _compile(q.group(1), normalise(q.group(1), card.name), card)
    if len(inner) != 1 or not isinstance(inner[0], ActivatedAbility):
        raise Unsupported(raw)
    return effect_text[:q.start()] + effect_text[q.end():], (inner[0],)


def _with_granted(step: Any, granted: tuple[ActivatedAbility, ...]) -> Any:
    if not isinstance(step, Becomes):
        raise Unsupported(str(step))  # only "becomes ... with" grants here
    return dataclasses.replace(step, grants_abilities=granted)


_USE_LIMIT = re.compile(r"\s*(?:Activate|Play) this ability (?:only (once)|no more than (twice|three times)) "
                        r"each turn\.?$")
_ONLY_IF_ATTACKING = re.compile(r"\s*(?:Activate|Play) this ability only if ~ is attacking\.?$")
_ONLY_DURING = re.compile(r"\s*(?:Activate|Play) this ability only during your (upkeep|turn)\.?$")


def _use_limits(effect_text: str) -> tuple[int, str, str]:
    """"Activate this ability only once each turn" / "no more than twice each turn" / "only
    during your upkeep" (2014 602.5b / 2009 403.4): (most uses a turn, step, the rest)."""
    most, during = 0, ""
    m = _USE_LIMIT.search(effect_text)
    if m:
        most = {"once": 1, "twice": 2, "three times": 3}[m.group(1) or m.group(2)]
        effect_text = effect_text[:m.start()]
    m = _ONLY_DURING.search(effect_text)
    if m:
        during = m.group(1)
        effect_text = effect_text[:m.start()]
    return most, during, effect_text


def _equip(raw: str, cost_text: str) -> ActivatedAbility:
    return ActivatedAbility(raw, cost=Cost(mana=parse_cost(cost_text), text=cost_text), effect=(AttachSourceTo(),),
                            targets=(target_spec("target creature you control"),), sorcery_speed=True)
