"""Templates for what spells and abilities do: "~ deals 3 damage to any target", "Destroy
target nonblack creature", "Draw two cards", "Create a 1/1 white Soldier creature token".

`compile_effect(text)` turns the effect text into target specs (in order) and steps built
from the primitives of `rules.effects` and `rules.zone_effects`.  Sentences run in the
order written (608.2c).  Words that refer back ("it", "that creature", "those creatures",
"that player") are resolved through `Compiled.refs`; a triggered ability adds the ones
its event supplies ("that player" for "Whenever an opponent draws a card")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .. import effects as E
from .. import zone_effects as Z
from ..mana import NAME_TO_COLOR
from ..replacement import PreventionEffect
from .model import CardDef, KeywordAbility, TargetSpec, TypeLine
from .targets import Unsupported, card_phrase, object_phrase, target_spec
from .wording import keyword_list, num, singular

Getter = Callable[[Any, Any], list]
Amount = Callable[[Any, Any], int]
Step = Callable[..., Any]


@dataclass
class Compiled:
    """A compiled effect text: its target specs (in order) and its steps."""

    specs: list[TargetSpec] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    refs: dict[str, Getter] = field(default_factory=dict)
    x: Optional[Amount] = None  # "where X is ..."
    no_regenerate: bool = False  # "It can't be regenerated." applies to the destroy before it
    pending: str = ""  # a sentence that the next one completes ("You choose ... from it.")

    def effect(self) -> Callable[..., Any]:
        return E.sequence(*self.steps)

    def child(self) -> "Compiled":
        """A sub-effect ("... at the beginning of the next end step") sharing targets and refs."""
        return Compiled(self.specs, [], self.refs, self.x)


# ------------------------------------------------------------------ getters
def _me(game: Any, ctx: Any) -> list[str]:
    return [ctx.controller]


def _source(game: Any, ctx: Any) -> list[Any]:
    return [ctx.source.id]


def _targets(idx: int, n: int = 1) -> Getter:
    return lambda game, ctx: [ctx.target(i) for i in range(idx, idx + n)]


def _memo(key: str, getter: Getter) -> Getter:
    """Evaluate `getter` and remember the result as ctx.data[key] ("those creatures")."""
    def run(game: Any, ctx: Any) -> list:
        out = list(getter(game, ctx))
        ctx.data[key] = out
        return out
    return run


def _controllers(getter: Getter) -> Getter:
    def run(game: Any, ctx: Any) -> list:
        out = []
        for oid in getter(game, ctx):
            o = game.known(oid) if oid is not None else None
            if o is not None:
                out.append(o.controller)
        return out
    return run


def _attached(game: Any, ctx: Any) -> list[Any]:
    host = getattr(ctx.source, "attached_to", None)
    return [host] if host is not None else []


def _add_target(phrase: str, out: Compiled) -> Getter:
    spec = target_spec(phrase)
    out.specs.append(spec)
    return _targets(len(out.specs) - 1, spec.count)


def _cap_lower(phrase: str) -> str:
    first, _, rest = phrase.partition(" ")
    if first in ("Target", "Each", "All", "Creatures", "Up", "Two", "Three", "Any", "Attacking", "Blocking",
                 "Those", "That", "It", "Its", "Enchanted", "Equipped", "Other", "They", "You"):
        return (first.lower() + " " + rest).strip()
    return phrase


def group(phrase: str) -> Getter:
    """Every permanent matching a plural phrase ("creatures you control", "nonland permanents")."""
    kind, test = object_phrase(phrase)

    def pick(game: Any, ctx: Any) -> list[Any]:
        out = []
        for o in game.permanents():
            ch = game.chars(o)
            if kind == "creature" and not ch.is_type("Creature"):
                continue
            if kind == "land" and not ch.is_type("Land"):
                continue
            if test(game, o, ch, ctx.controller, ctx.source):
                out.append(o.id)
        return out
    return pick


def objects(phrase: str, out: Compiled) -> Getter:
    """The objects a phrase names: "~", "it", "target creature", "each creature without
    flying", "all enchantments", "creatures you control", "all creatures target player controls"."""
    p = _cap_lower(phrase.strip())
    if p == "~":
        return _source
    if p in out.refs:
        return out.refs[p]
    if p in ("enchanted creature", "equipped creature", "enchanted permanent"):
        return _attached
    if re.match(r"(?:(?:up to )?\w+ )?target ", p) or p == "any target":
        getter = _add_target(p, out)
        out.refs.update({"it": getter, "that creature": getter, "that permanent": getter})
        return getter
    m = re.fullmatch(r"(?:all|each) (.+?) (target player|that player|they) controls?", p)
    if m:
        whose = players(m.group(2), out)
        g = group(m.group(1))
        getter = _memo("those", lambda game, ctx: [i for i in g(game, ctx)
                                                   if game.objects[i].controller in whose(game, ctx)])
        out.refs["those creatures"] = lambda game, ctx: ctx.data.get("those", [])
        return getter
    m = re.fullmatch(r"(?:all|each) (.+)", p)
    if m:
        p = m.group(1)
    getter = _memo("those", group(p))
    out.refs["those creatures"] = lambda game, ctx: ctx.data.get("those", [])
    return getter


def players(phrase: str, out: Compiled) -> Getter:
    """"you", "target player", "target opponent", "each player", "each opponent", "that player"."""
    p = _cap_lower(phrase.strip())
    if p == "you":
        return _me
    if p in ("target player", "target opponent"):
        getter = _add_target(p, out)
        out.refs.update({"that player": getter, "they": getter, "them": getter})
        return getter
    if p == "each player":
        return lambda game, ctx: [pl.name for pl in game._apnap()]
    if p == "each opponent":
        return lambda game, ctx: [n for n in (pl.name for pl in game._apnap()) if n != ctx.controller]
    if p in ("that player", "they", "them", "the player"):
        for key in ("that player", "they", "them"):
            if key in out.refs:
                return out.refs[key]
    if p in ("its controller", "their controller") and "it" in out.refs:
        return _controllers(out.refs["it"])
    raise Unsupported(phrase)


# ------------------------------------------------------------------ amounts
def count_phrase(phrase: str) -> Amount:
    """"the number of Swamps you control", "land you control" (after "for each")."""
    p = re.sub(r"^the number of ", "", phrase.strip())
    m = re.fullmatch(r"(.+?) you control", p)
    if not m:
        raise Unsupported(phrase)
    kind, test = object_phrase(singular(m.group(1)) if " " not in m.group(1) else m.group(1))

    def count(game: Any, ctx: Any) -> int:
        n = 0
        for o in game.permanents(ctx.controller):
            ch = game.chars(o)
            if kind == "creature" and not ch.is_type("Creature"):
                continue
            if test(game, o, ch, ctx.controller, ctx.source):
                n += 1
        return n
    return count


def amount(word: str, out: Compiled) -> Amount:
    w = word.strip()
    if w.upper() == "X":
        return out.x or E.x_value
    if w == "that much":
        return lambda game, ctx: int(ctx.data.get("amount", 0))
    n = num(w)
    if n is None:
        raise Unsupported(word)
    return E.fixed(n)


def _times(a: Amount, b: Amount) -> Amount:
    return lambda game, ctx: a(game, ctx) * b(game, ctx)


# ------------------------------------------------------------------ compiling
def split_sentences(text: str) -> list[str]:
    """Sentences, keeping quoted text whole; `It has "..."` joins the sentence before it."""
    parts: list[str] = []
    buf = ""
    quoted = False
    for i, ch in enumerate(text.strip()):
        buf += ch
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(text.strip()) or text.strip()[i + 1] == " "):
            parts.append(buf.strip())
            buf = ""
    if buf.strip():
        parts.append(buf.strip())
    merged: list[str] = []
    for s in parts:
        if merged and s.startswith('It has "'):
            merged[-1] = merged[-1].rstrip(".") + " that has " + s[len("It has "):]
        else:
            merged.append(s)
    return merged


def compile_effect(text: str, refs: Optional[dict[str, Getter]] = None) -> Compiled:
    """Compile the effect part of a spell or ability: sentences in order (608.2c)."""
    out = Compiled(refs=dict(refs or {}))
    for sentence in split_sentences(text):
        compile_sentence(sentence.rstrip("."), out)
    if out.pending:
        raise Unsupported(text)
    return out


_TEMPLATES: list[tuple[re.Pattern, Callable[..., None]]] = []


def template(pattern: str, flags: int = 0) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a sentence template (tried in the order defined)."""
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        _TEMPLATES.append((re.compile(pattern, flags), fn))
        return fn
    return register


def compile_sentence(s: str, out: Compiled) -> None:
    """Compile one sentence into `out`; the first template that understands it wins."""
    m = re.fullmatch(r"(.+), where X is (.+)", s)
    if m:
        out.x = count_phrase(m.group(2))
        s = m.group(1)
    for pattern, fn in _TEMPLATES:
        m = pattern.fullmatch(s)
        if not m:
            continue
        saved = (len(out.specs), len(out.steps), dict(out.refs), out.pending)
        try:
            fn(m, out)
            return
        except Unsupported:  # the wording fits but a phrase in it doesn't: try the next template
            del out.specs[saved[0]:], out.steps[saved[1]:]
            out.refs.clear()
            out.refs.update(saved[2])
            out.pending = saved[3]
    raise Unsupported(s)


# ---- structure: "you may", conditions, delayed effects
@template(r"You may (.+)")
def _you_may(m: re.Match, out: Compiled) -> None:
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:], sub)
    out.steps.append(E.may(body, E.sequence(*sub.steps)))


@template(r"If this ability has been activated (\w+) or more times this turn, (.+)")
def _activated_times(m: re.Match, out: Compiled) -> None:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    sub = out.child()
    rest = m.group(2)
    compile_sentence(rest[0].upper() + rest[1:], sub)
    out.steps.append(E.if_(lambda g, c: c.source.activated_this_turn >= n, E.sequence(*sub.steps)))


def _next_end_step(game: Any, ev: Any, src: Any) -> bool:
    return ev.kind == "step_begin" and ev["step"] == "end"


@template(r"(.+) at the beginning of the next end step")
def _next_end(m: re.Match, out: Compiled) -> None:
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:], sub)
    step = E.sequence(*sub.steps)
    text = m.group(0) + "."
    out.steps.append(lambda g, c: E.later(g, c, step, text, _next_end_step))


@template(r"[Ss]acrifice (?:a|an) (.+?)( other than ~)?, then (.+)")
def _sacrifice_then(m: re.Match, out: Compiled) -> None:
    what = m.group(1)
    _, test = object_phrase(what)
    other = bool(m.group(2))
    out.steps.append(lambda g, c: E.sacrifice_chosen(g, c, _me, test, "a " + what, exclude_source=other))
    compile_sentence(m.group(3)[0].upper() + m.group(3)[1:], out)


@template(r"If you can't sacrifice (?:a|an) .+?, (tap|untap) ~ and (you lose \w+ life)")
def _if_cant_sacrifice(m: re.Match, out: Compiled) -> None:
    sub = out.child()
    compile_sentence(f"{m.group(1).capitalize()} ~", sub)
    compile_sentence(m.group(2)[0].upper() + m.group(2)[1:], sub)
    body = E.sequence(*sub.steps)
    out.steps.append(E.if_(lambda g, c: not c.data.get("sacrificed"), body))


# ---- damage and prevention
def recipients(phrase: str, out: Compiled) -> Getter:
    """"any target", "each creature and each player", "target player and each creature they
    control", "you", "that creature"."""
    parts = [p.strip() for p in re.split(r"\s+and\s+(?=each |you$|target |them$)", phrase)]
    getters: list[Getter] = []
    for part in parts:
        if part == "each player":
            getters.append(lambda game, ctx: [pl.name for pl in game._apnap()])
        elif part in ("you", "that player", "them", "target player", "target opponent", "each opponent"):
            getters.append(players(part, out))
        else:
            getters.append(objects(part, out))
    if len(getters) == 1:
        return getters[0]
    return lambda game, ctx: [r for g in getters for r in g(game, ctx)]


@template(r"(?:~|It) deals damage to (.+?) equal to (.+)")
def _damage_equal(m: re.Match, out: Compiled) -> None:
    who = recipients(m.group(1), out)
    n = count_phrase(m.group(2))
    out.steps.append(lambda g, c: E.deal_damage(g, c, n, who))


@template(r"(?:~|It) deals (\w+) damage to (.+)")
def _damage(m: re.Match, out: Compiled) -> None:
    n = amount(m.group(1), out)
    rest = m.group(2)
    gain = None
    m2 = re.fullmatch(r"(.+?) and you gain (\w+) life", rest)
    if m2:
        rest, gain = m2.group(1), amount(m2.group(2), out)
    second = None
    m2 = re.fullmatch(r"(.+?) and (\w+) damage to (.+)", rest)
    if m2:
        rest, second = m2.group(1), (amount(m2.group(2), out), m2.group(3))
    who = recipients(rest, out)
    out.steps.append(lambda g, c: E.deal_damage(g, c, n, who))
    if second is not None:
        n2, who2 = second[0], recipients(second[1], out)
        out.steps.append(lambda g, c: E.deal_damage(g, c, n2, who2))
    if gain is not None:
        out.steps.append(lambda g, c: E.gain_life(g, c, _me, gain))


def _prevention(prevents: Callable[..., int], text: str) -> Step:
    def run(game: Any, ctx: Any) -> Any:
        game.add_effect(PreventionEffect(game.new_timestamp(), frozenset(), ctx.source.name, "eot",
                                         prevents=prevents, controller=ctx.controller))
        game._log(f"{ctx.source.name}: {text} this turn", "prevention")
        return
        yield  # pragma: no cover
    return run


@template(r"Prevent all combat damage that would be dealt this turn")
def _fog(m: re.Match, out: Compiled) -> None:
    out.steps.append(_prevention(lambda g, e, src, t, n, combat: n if combat else 0,
                                 "all combat damage is prevented"))


@template(r"Prevent all damage that would be dealt to you and creatures you control this turn")
def _safe_passage(m: re.Match, out: Compiled) -> None:
    def prevents(g: Any, e: Any, src: Any, t: Any, n: int, combat: bool) -> int:
        if t == e.controller:
            return n
        o = g.objects.get(t) if isinstance(t, int) else None
        return n if o is not None and o.controller == e.controller and g.chars(o).is_type("Creature") else 0
    out.steps.append(_prevention(prevents, "damage to its controller and their creatures is prevented"))


# ---- destroying, exiling, moving
@template(r"(?:It|They) can't be regenerated")
def _no_regen(m: re.Match, out: Compiled) -> None:
    out.no_regenerate = True


@template(r"Destroy (.+)")
def _destroy(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: E.destroy(g, c, which, regenerate=not out.no_regenerate))


@template(r"Regenerate (.+)")
def _regenerate(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: E.regenerate(g, c, which))


@template(r"Exile (.+)")
def _exile(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: E.exile(g, c, which))


@template(r"Return (.+?) to (?:its owner's|their owners'|your|their) hand")
def _bounce(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: E.bounce(g, c, which))


@template(r"Put (.+?) on top of (?:its owner's|their owners') library")
def _to_top(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: Z.put_on_top(g, c, which))


@template(r"Counter (target .+)")
def _counter(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: E.counter(g, c, which))


@template(r"(Tap|Untap) (.+)")
def _tap(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(2), out)
    untap = m.group(1) == "Untap"
    out.steps.append(lambda g, c: E.tap(g, c, which, untap=untap))


@template(r"[Ss]acrifice ~")
def _sacrifice_self(m: re.Match, out: Compiled) -> None:
    out.steps.append(lambda g, c: E.sacrifice(g, c, _source))


@template(r"(.+?) (?:sacrifice|sacrifices) (?:a|an) (.+)")
def _sacrifice_chosen(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)
    what = m.group(2)
    _, test = object_phrase(what)
    out.steps.append(lambda g, c: E.sacrifice_chosen(g, c, who, test, "a " + what))


# ---- cards and life
@template(r"(?:(.+?) )?(?:draw|draws) (\w+) (?:additional )?cards?(?:, then (?:discard|discards) (\w+) cards?( at random)?)?"
          r"(?: and (?:lose|loses) (\w+) life)?", re.I)
def _draw(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1) or "you", out)
    n = amount(m.group(2), out)
    out.steps.append(lambda g, c: E.draw(g, c, who, n))
    if m.group(3):
        k = amount(m.group(3), out)
        rnd = bool(m.group(4))
        out.steps.append(lambda g, c: E.discard(g, c, who, k, random=rnd))
    if m.group(5):
        loss = amount(m.group(5), out)
        out.steps.append(lambda g, c: E.lose_life(g, c, who, loss))


@template(r"(?:(.+?) )?(?:[Gg]ain|gains) (\w+) life(?: for each (.+))?")
def _gain(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1) or "you", out)
    n = amount(m.group(2), out)
    if m.group(3):
        n = _times(n, count_phrase(m.group(3)))
    out.steps.append(lambda g, c: E.gain_life(g, c, who, n))


@template(r"(.+?) (?:lose|loses) life equal to the sacrificed creature's power")
def _lose_power(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)

    def power(game: Any, ctx: Any) -> int:
        gone = ctx.data.get("sacrificed") or []
        return sum(max(game.chars(o).power or 0, 0) for o in gone)
    out.steps.append(lambda g, c: E.lose_life(g, c, who, power))


@template(r"(.+?) (?:lose|loses) (\w+|that much) life")
def _lose(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)
    n = amount(m.group(2), out)
    out.steps.append(lambda g, c: E.lose_life(g, c, who, n))


@template(r"(.+?) (?:discard|discards) (\w+) cards?( at random)?")
def _discard(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)
    n = amount(m.group(2), out)
    rnd = bool(m.group(3))
    out.steps.append(lambda g, c: E.discard(g, c, who, n, random=rnd))


@template(r"(.+?) reveals their hand")
def _reveal_hand(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)
    out.steps.append(lambda g, c: Z.reveal_hand(g, c, who))
    out.refs["that player"] = who


@template(r"You choose (?:a|an) (.+?) card from it")
def _choose_from_hand(m: re.Match, out: Compiled) -> None:
    words = m.group(1)
    test = card_phrase(words.replace(",", "") + " card")
    who = players("that player", out)
    out.steps.append(lambda g, c: Z.discard_chosen(g, c, who, test, f"a {words} card"))
    out.pending = "That player discards that card"


@template(r"That player discards that card")
def _discard_chosen(m: re.Match, out: Compiled) -> None:
    if out.pending != m.group(0):
        raise Unsupported(m.group(0))
    out.pending = ""


@template(r"(.+?) (?:put|puts) the top (\w+) cards? of their library into their graveyard")
def _mill(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)
    n = amount(m.group(2), out)
    out.steps.append(lambda g, c: Z.mill(g, c, who, lambda g2, c2, p: n(g2, c2)))


@template(r"(.+?) (?:put|puts) the top half of their library, rounded down, into their graveyard")
def _mill_half(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)
    out.steps.append(lambda g, c: Z.mill(g, c, who, lambda g2, c2, p: len(g2.player(p).library) // 2))


@template(r"Search your library for (?:a|an) (.+?)(, reveal it,)? and put (?:it|that card) "
          r"(into your hand|onto the battlefield tapped|onto the battlefield)")
def _search(m: re.Match, out: Compiled) -> None:
    what = m.group(1)
    test = card_phrase(what)
    dest = "hand" if m.group(3) == "into your hand" else "battlefield"
    tapped = m.group(3).endswith("tapped")
    reveal = bool(m.group(2))
    out.steps.append(lambda g, c: Z.search(g, c, test, "a " + what, dest, tapped=tapped, reveal=reveal))


@template(r"Search your library for a card, then shuffle your library and put that card on top of it")
def _search_top(m: re.Match, out: Compiled) -> None:
    test = card_phrase("card")
    out.steps.append(lambda g, c: Z.search(g, c, test, "a card", "top"))


@template(r"(?:Then |If you do, )?[Ss]huffle your library")
def _shuffle(m: re.Match, out: Compiled) -> None:
    out.steps.append(lambda g, c: Z.shuffle(g, c, _me))


@template(r"[Pp]ut (?:a|an) (.+?) from your hand onto the battlefield")
def _from_hand(m: re.Match, out: Compiled) -> None:
    test = card_phrase(m.group(1))
    out.steps.append(lambda g, c: Z.put_from_hand(g, c, test, "a " + m.group(1)))


@template(r"Put all (.+?) cards from all graveyards onto the battlefield under your control")
def _reanimate_all(m: re.Match, out: Compiled) -> None:
    test = card_phrase(m.group(1) + " card")
    out.steps.append(lambda g, c: Z.return_all_from_graveyards(g, c, test))


@template(r"Its controller reveals cards from the top of their library until they reveals? (?:a|an) (.+?)")
def _reveal_until(m: re.Match, out: Compiled) -> None:
    who = players("its controller", out)
    test = card_phrase(m.group(1))
    out.steps.append(lambda g, c: Z.reveal_until(g, c, who, test, "a " + m.group(1)))
    out.pending = ("The player puts that card onto the battlefield, then shuffles all other cards revealed "
                   "this way into their library")


@template(r"The player puts that card onto the battlefield, then shuffles all other cards revealed this way "
          r"into their library")
def _reveal_until_rest(m: re.Match, out: Compiled) -> None:
    if out.pending != m.group(0):
        raise Unsupported(m.group(0))
    out.pending = ""


@template(r"(.+?) takes an extra turn after this one")
def _extra_turn(m: re.Match, out: Compiled) -> None:
    who = players(m.group(1), out)
    out.steps.append(lambda g, c: E.extra_turn(g, c, who))


# ---- continuous effects from resolution
@template(r"(.+?) gets? ([+-]\d+)/([+-]\d+)(?: and gains? (.+?))? until end of turn")
def _pump(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    p, t = int(m.group(2)), int(m.group(3))
    grants = _keywords(m.group(4)) if m.group(4) else ()
    out.steps.append(lambda g, c: E.pump(g, c, which, p, t, grants))


@template(r"(.+?) gains? (.+?) until end of turn")
def _gains(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    grants = _keywords(m.group(2))
    out.steps.append(lambda g, c: E.pump(g, c, which, 0, 0, grants))


@template(r"(.+?) can't block this turn")
def _cant_block(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: E.restrict(g, c, which, "cant_block", "can't block this turn"))


@template(r"(.+?) can't be blocked this turn")
def _unblockable(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(lambda g, c: E.restrict(g, c, which, "unblockable", "can't be blocked this turn"))


@template(r"(.+?) (?:doesn't|don't) untap during (its controller's|that player's) next untap step")
def _dont_untap(m: re.Match, out: Compiled) -> None:
    which = objects(m.group(1), out)
    whose = players("that player", out) if m.group(2) == "that player's" else None
    out.steps.append(lambda g, c: E.dont_untap(g, c, which, whose))


@template(r"Put (\w+) \+1/\+1 counters? on (.+)", re.I)
def _counters(m: re.Match, out: Compiled) -> None:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    which = objects(m.group(2), out)
    out.steps.append(lambda g, c: E.add_counters(g, c, which, "+1/+1", n))


# ---- tokens
_TOKEN = re.compile(
    r"Create (\w+) (?:(\d+)/(\d+) )?((?:white|blue|black|red|green|colorless)(?:(?:,| and) (?:white|blue|black|red|"
    r"green))*) ((?:[A-Z][a-z]+ )+)(artifact )?creature tokens?(?: with (.+?))?(?: that has \"(.+)\")?"
    r"(?: for each (.+))?")


@template(_TOKEN.pattern)
def _tokens(m: re.Match, out: Compiled) -> None:
    n = amount(m.group(1), out)
    if m.group(9):
        n = _times(n, count_phrase(m.group(9)))
    keywords = _keywords(m.group(7)) if m.group(7) else ()
    token = token_card(m.group(5).strip(), m.group(4), m.group(2), m.group(3), keywords,
                       artifact=bool(m.group(6)), text=m.group(8) or "")
    out.steps.append(lambda g, c: E.create_tokens(g, c, token, n))


def _keywords(text: str) -> tuple[str, ...]:
    kws = keyword_list(text)
    if kws is None:
        raise Unsupported(text)
    return kws


# ------------------------------------------------------------------ tokens
_TOKEN_CACHE: dict[tuple, CardDef] = {}


def token_card(subtypes: str, colors: str, power: Optional[str], toughness: Optional[str],
               keywords: tuple[str, ...], artifact: bool = False, text: str = "") -> CardDef:
    """The card definition of a token an effect creates (2014 110.5c / 2009 216.1a: its name
    is its creature types).  `text` is an ability it has ("This creature's power ...")."""
    key = (subtypes, colors, power, toughness, keywords, artifact, text)
    if key not in _TOKEN_CACHE:
        cols = frozenset(NAME_TO_COLOR[w] for w in re.split(r"[ ,]+", colors) if w in NAME_TO_COLOR)
        types = ("Artifact", "Creature") if artifact else ("Creature",)
        lines = [", ".join(k.capitalize() for k in keywords)] if keywords else []
        if text:
            lines.append(text)
        card = CardDef(subtypes, None, TypeLine((), types, tuple(subtypes.split())), text="\n".join(lines),
                       power=power or "*", toughness=toughness or "*",
                       abilities=[KeywordAbility(k, keyword=k) for k in keywords], colors_override=cols)
        if text:
            from .compiler import compile_line
            card.abilities.extend(compile_line(text, card))
        _TOKEN_CACHE[key] = card
    return _TOKEN_CACHE[key]
