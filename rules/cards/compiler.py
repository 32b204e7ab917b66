"""The Oracle-text compiler: sentences in, ability objects out.

Each line of Oracle text is one ability (or a keyword list).  A line is matched against
templates; a template turns the wording into ability objects built from the effect
primitives in `rules.effects`.  One template serves every card that uses its wording, and
both eras' wordings ("comes into play" / "enters the battlefield", "removed from the
game" / "exile", "target creature or player" / "any target").  A line no template
understands is recorded in `CardDef.unsupported`, never dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .. import effects as E
from ..mana import COLOR_NAMES, NAME_TO_COLOR, parse_cost
from .combat_templates import compile_combat_static
from .model import (ActivatedAbility, Cost, KeywordAbility, SpellAbility, StaticAbility, TargetSpec,
                    TriggeredAbility)

KEYWORDS = {
    "flying", "first strike", "double strike", "deathtouch", "lifelink", "vigilance", "haste",
    "defender", "trample", "reach", "flash", "fear", "intimidate", "shroud", "hexproof",
    "indestructible", "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}


@dataclass
class EnchantAbility(KeywordAbility):
    """"Enchant creature": what an Aura targets as it is cast and may be attached to."""

    enchant: Optional[TargetSpec] = None


class Unsupported(Exception):
    """A sentence no template understands."""


# ------------------------------------------------------------------ normalising text
def normalise(text: str, name: str) -> str:
    """Strip reminder text, use "~" for the card's own name, unify era wordings."""
    t = re.sub(r"\s*\([^)]*\)", "", text).strip()
    t = t.replace(name, "~")
    short = name.split(",")[0]
    if short != name:
        t = re.sub(rf"\b{re.escape(short)}\b", "~", t)
    t = t.replace("−", "-").replace("—", "-")
    subs = [
        (r"comes into play", "enters the battlefield"),
        (r"come into play", "enter the battlefield"),
        (r"is put into a graveyard from (play|the battlefield)", "dies"),
        (r"into play", "onto the battlefield"),
        (r"in play", "on the battlefield"),
        (r"target creature or player", "any target"),
        (r"\bRemove (.+?) from the game", r"Exile \1"),
        (r"\bremove (.+?) from the game", r"exile \1"),
        (r"removed from the game", "exiled"),
        (r"At end of turn", "At the beginning of the end step"),
        (r"at end of turn", "at the beginning of the end step"),
        (r"this creature", "~"),
        (r"to your mana pool", ""),
        (r" +\.", "."),
    ]
    for a, b in subs:
        t = re.sub(a, b, t)
    return t.strip()


def num(word: str) -> Optional[int]:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def amount_of(word: str) -> Callable[..., int]:
    if word.upper() == "X":
        return E.x_value
    n = num(word)
    if n is None:
        raise Unsupported(word)
    return E.fixed(n)


# ------------------------------------------------------------------ targets and filters
def _type_filter(words: str) -> Callable[..., bool]:
    """Filters such as "nonblack", "tapped", "attacking or blocking", "green or white",
    "artifact or enchantment", "creature you control"."""
    words = words.replace(",", " ").strip()
    checks: list[Callable[..., bool]] = []
    m = re.fullmatch(r"(.*?)\s*with toughness less than ~'s power", words)
    if m:
        checks.append(lambda g, o, ctrl, src: (g.chars(o).toughness or 0) < (g.chars(src).power or 0))
        words = m.group(1).strip()
    m = re.fullmatch(r"(.*?)\s*you control", words)
    if m:
        checks.append(lambda g, o, ctrl, src: getattr(o, "controller", None) == ctrl)
        words = m.group(1).strip()
    m = re.fullmatch(r"(.*?)\s*an opponent controls", words)
    if m:
        checks.append(lambda g, o, ctrl, src: getattr(o, "controller", None) != ctrl)
        words = m.group(1).strip()
    for word in words.split():
        if word.startswith("non") and word[3:] in NAME_TO_COLOR:
            c = NAME_TO_COLOR[word[3:]]
            checks.append(lambda g, o, ctrl, src, c=c: c not in g.chars(o).colors)
        elif word.startswith("non") and word[3:].capitalize() in ("Artifact", "Creature", "Land", "Enchantment"):
            t = word[3:].capitalize()
            checks.append(lambda g, o, ctrl, src, t=t: not g.chars(o).is_type(t))
        elif word == "tapped":
            checks.append(lambda g, o, ctrl, src: o.tapped)
        elif word == "untapped":
            checks.append(lambda g, o, ctrl, src: not o.tapped)
        elif word in ("creature", "creatures", "permanent"):
            pass
        else:
            raise Unsupported(words)
    return lambda g, o, ctrl, src: all(c(g, o, ctrl, src) for c in checks)


def _either(a: str, b: str, kind: str) -> Callable[..., bool]:
    """"attacking or blocking", "green or white", "artifact or enchantment"."""
    def one(word: str) -> Callable[..., bool]:
        if word in NAME_TO_COLOR:
            c = NAME_TO_COLOR[word]
            return lambda g, o: c in g.chars(o).colors
        if word == "attacking":
            return lambda g, o: o.attacking is not None
        if word == "blocking":
            return lambda g, o: bool(o.blocking)
        if word.capitalize() in ("Artifact", "Enchantment", "Land", "Creature", "Planeswalker"):
            t = word.capitalize()
            return lambda g, o: g.chars(o).is_type(t)
        raise Unsupported(word)
    fa, fb = one(a), one(b)
    return lambda g, o, ctrl, src: fa(g, o) or fb(g, o)


def target_spec(phrase: str) -> TargetSpec:
    """Parse "target nonblack creature", "any target", "target player", "two target lands"."""
    p = phrase.strip()
    m = re.fullmatch(r"(?:(up to )?(\w+) )?target (.+)", p)
    if p == "any target":
        return TargetSpec("any", p)
    if not m:
        raise Unsupported(phrase)
    up_to, count_word, what = m.group(1), m.group(2), m.group(3)
    count = num(count_word) if count_word else 1
    if count is None:
        raise Unsupported(phrase)
    what_s = re.sub(r"s$", "", what) if count > 1 else what
    if what_s == "player or planeswalker":
        return TargetSpec("player_or_planeswalker", p, count=count)
    if what_s in ("player",):
        return TargetSpec("player", p, count=count)
    if what_s == "opponent":
        return TargetSpec("opponent", p, count=count)
    if what_s in ("creature or player",):
        return TargetSpec("any", p, count=count)
    m2 = re.fullmatch(r"(\w+) or (\w+) (creature|spell|permanent)", what_s)
    if m2 and m2.group(3) != "spell":
        return TargetSpec("creature" if m2.group(3) == "creature" else "permanent", p,
                          _either(m2.group(1), m2.group(2), m2.group(3)), count)
    m2 = re.fullmatch(r"(\w+) or (\w+)", what_s)
    if m2 and m2.group(1) in ("artifact", "enchantment", "land", "creature"):
        return TargetSpec("permanent", p, _either(m2.group(1), m2.group(2), ""), count)
    if what_s.endswith("spell"):
        return _spell_spec(p, what_s[:-len("spell")].strip(), count)
    if re.fullmatch(r"creature card (?:from|in) your graveyard", what_s):
        return TargetSpec("card_graveyard", p, lambda g, o, ctrl, src: o.owner == ctrl and o.card.is_type("Creature"), count)
    m2 = re.fullmatch(r"(.*?)\b(creature|land|permanent|artifact|enchantment)\b(.*)", what_s)
    if m2:
        noun = m2.group(2)
        pre = m2.group(1).strip()
        post = m2.group(3).strip()
        checks = []
        if pre or post:
            checks.append(_type_filter(f"{pre} {post}".strip()))
        if noun in ("artifact", "enchantment"):
            t = noun.capitalize()
            checks.append(lambda g, o, ctrl, src, t=t: g.chars(o).is_type(t))
        kind = {"creature": "creature", "land": "land"}.get(noun, "permanent")
        flt = (lambda g, o, ctrl, src: all(c(g, o, ctrl, src) for c in checks)) if checks else None
        return TargetSpec(kind, p, flt, count)
    raise Unsupported(phrase)


def _spell_spec(phrase: str, qualifier: str, count: int) -> TargetSpec:
    if not qualifier:
        return TargetSpec("spell", phrase, count=count)
    if qualifier in ("creature", "noncreature", "instant", "sorcery", "artifact", "enchantment"):
        neg = qualifier.startswith("non")
        t = qualifier.removeprefix("non").capitalize()
        return TargetSpec("spell", phrase, lambda g, o, ctrl, src: o.card.is_type(t) != neg, count)
    m = re.fullmatch(r"(\w+) or (\w+)", qualifier)
    if m and m.group(1) in NAME_TO_COLOR and m.group(2) in NAME_TO_COLOR:
        cols = {NAME_TO_COLOR[m.group(1)], NAME_TO_COLOR[m.group(2)]}
        return TargetSpec("spell", phrase, lambda g, o, ctrl, src: bool(cols & g.chars(o).colors), count)
    raise Unsupported(phrase)


# ------------------------------------------------------------------ effects
@dataclass
class Compiled:
    """A compiled effect text: its target specs (in order) and how to run it."""

    specs: list[TargetSpec] = field(default_factory=list)
    steps: list[Callable[..., Any]] = field(default_factory=list)
    no_regenerate: bool = False  # "It can't be regenerated." applies to the destroy before it

    def effect(self) -> Callable[..., Any]:
        return E.sequence(*self.steps)


def _targets(idx: int, n: int = 1) -> Callable[..., list[Any]]:
    return lambda game, ctx: [ctx.target(i) for i in range(idx, idx + n)]


def _me(game: Any, ctx: Any) -> list[str]:
    return [ctx.controller]


def _source(game: Any, ctx: Any) -> list[Any]:
    return [ctx.source.id]


def _split_sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=\.)\s+", text.strip())
    return [p for p in parts if p]


def compile_effect(text: str) -> Compiled:
    """Compile the effect part of a spell or ability: sentences in order (608.2c)."""
    out = Compiled()
    for sentence in _split_sentences(text):
        _compile_sentence(sentence.rstrip("."), out)
    return out


def _who(phrase: str, out: Compiled) -> Callable[..., list[str]]:
    """"you", "target player", "each player", "its controller"."""
    phrase = phrase.strip()
    if phrase in ("you", "You"):
        return _me
    if phrase.lower() in ("target player", "target opponent"):
        out.specs.append(target_spec(phrase.lower()))
        return _targets(len(out.specs) - 1)
    if phrase.lower() == "each player":
        return lambda game, ctx: [p.name for p in game._apnap()]
    if phrase.lower() == "each opponent":
        return lambda game, ctx: game.opponents(ctx.controller)
    raise Unsupported(phrase)


def _objects(phrase: str, out: Compiled) -> Callable[..., list[Any]]:
    phrase = phrase.strip()
    if phrase.split(" ")[0] in ("Target", "Each", "All", "Creatures", "Up", "Two", "Any"):
        phrase = phrase[0].lower() + phrase[1:]
    m = re.fullmatch(r"(?:(\w+) )?creatures (you|your opponents) control", phrase)
    if m:
        group = _creature_group(_group_words(phrase), False)
        return lambda game, ctx: [o.id for o in game.creatures()
                                  if group(game, o, ctx.source, game.chars(o))]
    if phrase == "~":
        return _source
    if phrase in ("it", "that creature") and out.specs:
        return _targets(len(out.specs) - 1)
    if re.match(r"(?:(?:up to )?\w+ )?target ", phrase) or phrase == "any target":
        spec = target_spec(phrase)
        out.specs.append(spec)
        return _targets(len(out.specs) - 1, spec.count)
    m = re.fullmatch(r"(?:each|all) (.+?)s?", phrase)
    if m:
        return _each(m.group(1))
    raise Unsupported(phrase)


def _each(what: str) -> Callable[..., list[Any]]:
    what = what.strip()
    m = re.fullmatch(r"creature( without flying| with flying)?", what)
    if m:
        fly = m.group(1)
        def pick(game: Any, ctx: Any) -> list[Any]:
            out = []
            for o in game.creatures():
                has = "flying" in game.chars(o).keywords
                if fly == " without flying" and has or fly == " with flying" and not has:
                    continue
                out.append(o.id)
            return out
        return pick
    m = re.fullmatch(r"(\w+) creature", what)
    if m and m.group(1) in NAME_TO_COLOR:
        c = NAME_TO_COLOR[m.group(1)]
        return lambda game, ctx: [o.id for o in game.creatures() if c in game.chars(o).colors]
    raise Unsupported(what)


def _pt(text: str) -> tuple[int, int]:
    a, b = text.split("/")
    return int(a), int(b)


def _compile_sentence(s: str, out: Compiled) -> None:
    m = re.fullmatch(r"(?:~|It) deals (\w+) damage to (.+)", s)
    if m:
        amount = amount_of(m.group(1))
        rest = m.group(2)
        m2 = re.fullmatch(r"each (creature(?: without flying| with flying)?) and each player", rest)
        if m2:
            creatures = _each(m2.group(1))
            out.steps.append(lambda g, c: E.deal_damage(g, c, amount,
                             lambda g2, c2: creatures(g2, c2) + [p.name for p in g2._apnap()]))
            return
        if rest == "each player":
            out.steps.append(lambda g, c: E.deal_damage(g, c, amount, lambda g2, c2: [p.name for p in g2._apnap()]))
            return
        who = _who(rest, out) if rest in ("target player", "target opponent") else _objects(rest, out)
        out.steps.append(lambda g, c: E.deal_damage(g, c, amount, who))
        return
    m = re.fullmatch(r"Destroy (that creature) at the beginning of the next end step", s)
    if m:
        which = _objects(m.group(1), out)
        later = TriggeredAbility("Destroy that creature at the beginning of the next end step.",
                                 event="step_begin", matches=lambda g, ev, src: ev.kind == "step_begin" and ev["step"] == "end",
                                 effect=lambda g, c: E.destroy(g, c, lambda g2, c2: [c2.data.get("that")]))
        out.steps.append(lambda g, c: E.delayed(g, c, later, that=lambda g2, c2: which(g2, c2)[0]))
        return
    if s in ("It can't be regenerated", "They can't be regenerated"):
        out.no_regenerate = True
        return
    m = re.fullmatch(r"Destroy (.+?)(?:\. It can't be regenerated)?", s)
    if m:
        which = _objects(m.group(1), out)
        out.steps.append(lambda g, c: E.destroy(g, c, which, regenerate=not out.no_regenerate))
        return
    m = re.fullmatch(r"Regenerate (.+)", s)
    if m:
        which = _objects(m.group(1), out)
        out.steps.append(lambda g, c: E.regenerate(g, c, which))
        return
    m = re.fullmatch(r"Exile (.+)", s)
    if m:
        which = _objects(m.group(1), out)
        out.steps.append(lambda g, c: E.exile(g, c, which))
        return
    m = re.fullmatch(r"Return (.+?) to (?:its owner's|their owners'|your) hand", s)
    if m:
        which = _objects(m.group(1), out)
        out.steps.append(lambda g, c: E.bounce(g, c, which))
        return
    m = re.fullmatch(r"Counter (target .+)", s)
    if m:
        which = _objects(m.group(1), out)
        out.steps.append(lambda g, c: E.counter(g, c, which))
        return
    m = re.fullmatch(r"(?:(.+?) )?(draw|draws) (\w+) cards?(?: and (?:you )?(lose|loses) (\w+) life)?", s, re.I)
    if m:
        who = _who(m.group(1) or "you", out)
        n = amount_of(m.group(3))
        out.steps.append(lambda g, c: E.draw(g, c, who, n))
        if m.group(4):
            loss = amount_of(m.group(5))
            out.steps.append(lambda g, c: E.lose_life(g, c, who, loss))
        return
    m = re.fullmatch(r"(.+?) (gain|gains) (\w+) life", s)
    if m:
        who = _who(m.group(1), out)
        n = amount_of(m.group(3))
        out.steps.append(lambda g, c: E.gain_life(g, c, who, n))
        return
    m = re.fullmatch(r"(.+?) (lose|loses) (\w+) life", s)
    if m:
        who = _who(m.group(1), out)
        n = amount_of(m.group(3))
        out.steps.append(lambda g, c: E.lose_life(g, c, who, n))
        return
    m = re.fullmatch(r"(.+?) discards? (\w+) cards?( at random)?", s)
    if m:
        who = _who(m.group(1), out)
        n = amount_of(m.group(2))
        rnd = bool(m.group(3))
        out.steps.append(lambda g, c: E.discard(g, c, who, n, random=rnd))
        return
    m = re.fullmatch(r"(.+?) gets? ([+-]\d+)/([+-]\d+)(?: and gains? ([a-z ,]+?))? until end of turn", s)
    if m:
        which = _objects(m.group(1), out)
        p, t = int(m.group(2)), int(m.group(3))
        grants = _keyword_list(m.group(4)) if m.group(4) else ()
        out.steps.append(lambda g, c: E.pump(g, c, which, p, t, grants))
        return
    m = re.fullmatch(r"(.+?) gains? ([a-z ,]+?) until end of turn", s)
    if m:
        which = _objects(m.group(1), out)
        grants = _keyword_list(m.group(2))
        out.steps.append(lambda g, c: E.pump(g, c, which, 0, 0, grants))
        return
    m = re.fullmatch(r"(Tap|Untap) (.+)", s)
    if m:
        which = _objects(m.group(2), out)
        untap = m.group(1) == "Untap"
        out.steps.append(lambda g, c: E.tap(g, c, which, untap=untap))
        return
    m = re.fullmatch(r"Sacrifice (~)", s)
    if m:
        out.steps.append(lambda g, c: E.sacrifice(g, c, _source))
        return
    m = re.fullmatch(r"(?:Create|Put) (\w+) (\d+)/(\d+) ([a-z ]+?) ([A-Z][A-Za-z ]*?) creature tokens?"
                     r"(?: with ([a-z ,]+?))?(?: onto the battlefield)?", s)
    if m:
        n = amount_of(m.group(1))
        token = token_card(m.group(5), m.group(4), int(m.group(2)), int(m.group(3)),
                           _keyword_list(m.group(6)) if m.group(6) else ())
        out.steps.append(lambda g, c: E.create_tokens(g, c, token, n))
        return
    raise Unsupported(s)


def _keyword_list(text: str) -> tuple[str, ...]:
    items = [k.strip().lower() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if k.strip()]
    for k in items:
        if k not in KEYWORDS and not k.startswith("protection from"):
            raise Unsupported(text)
    return tuple(items)


_TOKEN_CACHE: dict[tuple, Any] = {}


def token_card(subtypes: str, colors: str, power: int, toughness: int, keywords: tuple[str, ...]) -> Any:
    """The card definition of a token an effect creates (110.5c: its name is its types)."""
    from .model import CardDef, TypeLine
    key = (subtypes, colors, power, toughness, keywords)
    if key not in _TOKEN_CACHE:
        cols = frozenset(NAME_TO_COLOR[w] for w in colors.replace(" and ", " ").split() if w in NAME_TO_COLOR)
        card = CardDef(subtypes.strip(), None, TypeLine((), ("Creature",), tuple(subtypes.split())),
                       text=", ".join(k.capitalize() for k in keywords), power=str(power), toughness=str(toughness),
                       abilities=[KeywordAbility(k, keyword=k) for k in keywords], colors_override=cols)
        _TOKEN_CACHE[key] = card
    return _TOKEN_CACHE[key]


# ------------------------------------------------------------------ costs
def parse_cost_text(text: str) -> Cost:
    """"{2}{R}, {T}, Sacrifice ~" / "+1" / "-3" / "0"."""
    cost = Cost(text=text)
    t = text.strip()
    if re.fullmatch(r"[+-]?\d+", t):
        cost.loyalty = int(t)
        return cost
    if t == "-X":
        cost.loyalty, cost.loyalty_x = 0, True
        return cost
    mana = ""
    for part in [p.strip() for p in t.split(",")]:
        if part == "{T}":
            cost.tap = True
        elif part == "{Q}":
            cost.untap = True
        elif part == "Sacrifice ~":
            cost.sacrifice_self = True
        elif re.fullmatch(r"(\{[^}]+\})+", part):
            mana += part
        elif re.fullmatch(r"Pay (\d+) life", part):
            cost.life = int(part.split()[1])
        else:
            raise Unsupported(part)
    cost.mana = parse_cost(mana) if mana else None
    return cost


# ------------------------------------------------------------------ lines
def compile_line(line: str, card: Any) -> list[Any]:
    """Compile one Oracle line into abilities; raises Unsupported."""
    raw = line
    t = normalise(line, card.name)
    if not t:
        return []
    low = t.lower().rstrip(".")
    kws = _try_keywords(low)
    if kws is not None:
        return [KeywordAbility(raw, keyword=k) for k in kws]
    m = re.fullmatch(r"enchant (creature|land|permanent|player|artifact)", low)
    if m:
        spec = target_spec("target " + m.group(1))
        return [EnchantAbility(raw, keyword="enchant " + m.group(1), enchant=spec)]
    m = re.fullmatch(r"equip (\{[^}]+\}(?:\{[^}]+\})*)", low)
    if m:
        return [_equip(raw, m.group(1).upper())]
    combat = compile_combat_static(t, raw)
    if combat is not None:
        return combat
    for compiler in (_mana_ability, _triggered, _activated, _static):
        ab = compiler(t, raw, card)
        if ab is not None:
            return [ab]
    if card.is_type("Instant") or card.is_type("Sorcery"):
        c = compile_effect(t)
        return [SpellAbility(raw, effect=c.effect(), targets=tuple(c.specs))]
    raise Unsupported(raw)


def _try_keywords(low: str) -> Optional[list[str]]:
    items = [k.strip() for k in re.split(r"[,;]\s*", low) if k.strip()]
    # "protection from black and from red" is two protections (702.16a)
    items = [f"protection from {q}" if i else part
             for k in items for i, part in enumerate(k.split(" and from ")) for q in [part]]
    if items and all(k in KEYWORDS or re.fullmatch(r"protection from (white|blue|black|red|green|artifacts|creatures)", k)
                     for k in items):
        return items
    return None


def _mana_ability(t: str, raw: str, card: Any) -> Optional[ActivatedAbility]:
    m = re.fullmatch(r"(.+?): Add (.+?)\.", t)
    if not m:
        return None
    cost = parse_cost_text(m.group(1))
    what = m.group(2).strip()
    amount: Any = 1
    choose = False
    m2 = re.fullmatch(r"\{(\w)\} for each (\w+) you control", what)
    if m2:
        colors = frozenset(m2.group(1))
        sub = m2.group(2)
        amount = lambda g, src, sub=sub: sum(1 for o in g.permanents(src.controller) if sub in g.chars(o).subtypes)
    elif what == "one mana of any color":
        colors, choose = frozenset("WUBRG"), True
    elif re.fullmatch(r"(\{\w\})( or \{\w\})+", what) or re.fullmatch(r"\{\w\}, \{\w\}, or \{\w\}", what):
        colors, choose = frozenset(re.findall(r"\{(\w)\}", what)), True
    elif re.fullmatch(r"(\{\w\})+", what):
        syms = re.findall(r"\{(\w)\}", what)
        if len(set(syms)) != 1:
            raise Unsupported(raw)
        colors = frozenset("C" if syms[0] in "C123456789" else syms[0])
        amount = len(syms)
    else:
        raise Unsupported(raw)
    return ActivatedAbility(raw, cost=cost, is_mana=True, mana_colors=colors, mana_amount=amount,
                            choose_one=choose, effect=None)


_SORCERY_SPEED = re.compile(r"\s*(?:Activate|Play) this ability only any time you could (?:cast|play) a sorcery\.?$")


def _activated(t: str, raw: str, card: Any) -> Optional[ActivatedAbility]:
    m = re.fullmatch(r"([^:\"]+?): (.+)", t)
    if not m:
        return None
    cost_text, effect_text = m.group(1), m.group(2)
    if not re.search(r"\{|Sacrifice|^[+-]?(\d+|X)$", cost_text):
        return None
    sorcery = bool(_SORCERY_SPEED.search(effect_text))
    effect_text = _SORCERY_SPEED.sub("", effect_text)
    cost = parse_cost_text(cost_text)
    c = compile_effect(effect_text)
    return ActivatedAbility(raw, cost=cost, effect=c.effect(), targets=tuple(c.specs),
                            sorcery_speed=sorcery or cost.loyalty is not None)


def _equip(raw: str, cost_text: str) -> ActivatedAbility:
    spec = target_spec("target creature you control")

    def attach(game: Any, ctx: Any) -> Any:
        eq = ctx.source.id
        host = ctx.target(0)
        if eq in game.objects and host is not None:
            game.objects[eq].attached_to = host
            game._dirty()
            game._log(f"{ctx.source.name} is attached to {game.objects[host].name}", "resolve")
        return
        yield  # pragma: no cover

    return ActivatedAbility(raw, cost=Cost(mana=parse_cost(cost_text), text=cost_text), effect=attach,
                            targets=(spec,), sorcery_speed=True)


# ------------------------------------------------------------------ triggered abilities
def _is_step(step: str, whose: str) -> Callable[..., bool]:
    def matches(game: Any, ev: Any, src: Any) -> bool:
        if ev.kind != "step_begin" or ev["step"] != step:
            return False
        return whose == "each" or ev["active"] == src.controller
    return matches


def _zone(to: str, who: str) -> Callable[..., bool]:
    """ETB or dies, of this object ("self"), of another creature, or of any creature."""
    def matches(game: Any, ev: Any, src: Any) -> bool:
        if ev.kind != "zone_change":
            return False
        old, new = ev["old"], ev["new"]
        if to == "battlefield":
            if new.zone != "battlefield" or old.zone == "battlefield":
                return False
            obj = new
            is_creature = game.chars(new).is_type("Creature") if new.id in game.objects else new.card.is_type("Creature")
        else:  # dies: battlefield -> graveyard
            if old.zone != "battlefield" or new.zone != "graveyard":
                return False
            obj = old
            is_creature = old.card.is_type("Creature")
        if who == "self":
            return obj.id == src.id or (to == "dies" and old.id == src.id)
        if who == "another creature":
            return is_creature and obj.id != src.id
        if who == "a creature":
            return is_creature
        if who == "a creature you control":
            return is_creature and obj.controller == src.controller
        return False
    return matches


def _combat_event(kind: str) -> Callable[..., bool]:
    def matches(game: Any, ev: Any, src: Any) -> bool:
        if kind == "attacks":
            return ev.kind == "attacks" and ev["attacker"] == src.id
        if kind == "blocks":
            return ev.kind == "blocks" and ev["blocker"] == src.id
        if kind == "attacks or blocks":
            return (ev.kind == "attacks" and ev["attacker"] == src.id) or \
                (ev.kind == "blocks" and ev["blocker"] == src.id)
        if kind == "deals combat damage to a player":
            return ev.kind == "damage" and ev["source"] == src.id and ev["combat"] and isinstance(ev["target"], str)
        if kind == "deals damage":
            return ev.kind == "damage" and ev["source"] == src.id
        return False
    return matches


def _triggered(t: str, raw: str, card: Any) -> Optional[TriggeredAbility]:
    m = re.fullmatch(r"(When|Whenever|At) (.+?), (.+)", t)
    if not m:
        return None
    cond, effect_text = m.group(2), m.group(3)
    leaves = False
    event = ""
    matches: Optional[Callable[..., bool]] = None
    m2 = re.fullmatch(r"(~|another creature|a creature|a creature you control) enters the battlefield", cond)
    if m2:
        who = "self" if m2.group(1) == "~" else m2.group(1)
        event, matches = "etb", _zone("battlefield", who)
    m2 = re.fullmatch(r"(~|another creature|a creature|a creature you control) dies", cond)
    if m2:
        who = "self" if m2.group(1) == "~" else m2.group(1)
        event, matches, leaves = "dies", _zone("dies", who), True
    m2 = re.fullmatch(r"the beginning of (your|each) (upkeep|end step|draw step)", cond) or \
        re.fullmatch(r"the beginning of (the) (end step)", cond) or \
        re.fullmatch(r"the beginning of (each) (player's upkeep)", cond)
    if m2:
        step = {"upkeep": "upkeep", "end step": "end", "draw step": "draw", "player's upkeep": "upkeep"}[m2.group(2)]
        whose = "yours" if m2.group(1) == "your" else "each"
        event, matches = step, _is_step(step, whose)
    m2 = re.fullmatch(r"~ (attacks|blocks|attacks or blocks|deals combat damage to a player|deals damage)", cond)
    if m2:
        event, matches = m2.group(1), _combat_event(m2.group(1))
    if matches is None:
        raise Unsupported(raw)
    optional = False
    if effect_text.startswith("you may "):
        optional = True
        effect_text = effect_text[len("you may "):]
        effect_text = effect_text[0].upper() + effect_text[1:]
    effect_text = effect_text[0].upper() + effect_text[1:]
    c = compile_effect(effect_text)
    return TriggeredAbility(raw, event=event, matches=matches, effect=c.effect(), targets=tuple(c.specs),
                            optional=optional, leaves_battlefield=leaves)


# ------------------------------------------------------------------ static abilities
def _creature_group(words: str, other: bool) -> Callable[..., bool]:
    """"creatures you control", "white creatures you control", "Elf creatures you control",
    "other Goblin creatures you control", "creatures your opponents control"."""
    m = re.fullmatch(r"(?:(\w+) )?creatures(?: (you|your opponents) control)?", words)
    if not m:
        raise Unsupported(words)
    qual, whose = m.group(1), m.group(2) or "any"
    color = NAME_TO_COLOR.get(qual.lower()) if qual else None
    sub = qual if qual and not color else None

    def affects(game: Any, o: Any, src: Any, base: Any) -> bool:
        if not base.is_type("Creature"):
            return False
        if other and o.id == src.id:
            return False
        if whose != "any" and (o.controller == src.controller) != (whose == "you"):
            return False
        if color and color not in base.colors:
            return False
        if sub and sub not in base.subtypes:
            return False
        return True
    return affects


def _group_words(words: str) -> str:
    """Lower-case a leading "Creatures"/color word; creature types keep their capital."""
    first, _, rest = words.partition(" ")
    if first.lower() in ("creatures", *COLOR_NAMES.values()):
        first = first.lower()
    return f"{first} {rest}".strip()


def _attached(game: Any, o: Any, src: Any, base: Any) -> bool:
    return src.attached_to == o.id


def _static(t: str, raw: str, card: Any) -> Optional[StaticAbility]:
    s = t.rstrip(".")
    m = re.fullmatch(r"(Other )?(.*?[Cc]reatures(?: you control| your opponents control)?) get ([+-]\d+)/([+-]\d+)"
                     r"(?: and have ([a-z ,]+))?", s)
    if m:
        affects = _creature_group(_group_words(m.group(2)), bool(m.group(1)))
        p, tt = int(m.group(3)), int(m.group(4))
        grants = _keyword_list(m.group(5)) if m.group(5) else ()
        return StaticAbility(raw, affects=affects, power=p, toughness=tt, grants=grants)
    m = re.fullmatch(r"(Other )?(.*?[Cc]reatures(?: you control| your opponents control)?) have ([a-z ,]+)", s)
    if m:
        affects = _creature_group(_group_words(m.group(2)), bool(m.group(1)))
        return StaticAbility(raw, affects=affects, grants=_keyword_list(m.group(3)))
    m = re.fullmatch(r"(Enchanted|Equipped) creature gets ([+-]\d+)/([+-]\d+)(?: and has ([a-z ,]+))?", s)
    if m:
        grants = _keyword_list(m.group(4)) if m.group(4) else ()
        return StaticAbility(raw, affects=_attached, power=int(m.group(2)), toughness=int(m.group(3)), grants=grants)
    m = re.fullmatch(r"(Enchanted|Equipped) creature has ([a-z ,]+)", s)
    if m:
        return StaticAbility(raw, affects=_attached, grants=_keyword_list(m.group(2)))
    m = re.fullmatch(r"Enchanted creature can't (attack or block|attack|block)", s)
    if m:
        r = {"attack or block": "cant_attack_or_block", "attack": "cant_attack", "block": "cant_block"}[m.group(1)]
        return StaticAbility(raw, affects=_attached, restriction=r)
    m = re.fullmatch(r"~ can't (attack or block|attack|block|be blocked)", s)
    if m:
        r = {"attack or block": "cant_attack_or_block", "attack": "cant_attack", "block": "cant_block",
             "be blocked": "unblockable"}[m.group(1)]
        return StaticAbility(raw, affects=None, restriction=r)
    m = re.fullmatch(r"~'s power and toughness are each equal to the number of (\w+?)s? you control", s)
    if m:
        sub = m.group(1)
        def cda(game: Any, o: Any, sub: str = sub) -> tuple[int, int]:
            n = sum(1 for x in game.permanents(o.controller) if sub in x.card.type_line.subtypes)
            return n, n
        return StaticAbility(raw, affects=None, cda=cda)
    return None
