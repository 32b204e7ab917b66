"""The phrases inside effect text: who ("you", "target player", "that player"), what ("~",
"target creature", "all nonland permanents", "those creatures") and how much ("three", "X",
"the number of Swamps you control").  Each compiles to a getter `(game, ctx) -> list` or an
amount `(game, ctx) -> int`, recording any target it introduces in `Compiled.specs`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..engine import effects as E
from .model import TargetSpec
from .targets import Unsupported, object_phrase, target_spec
from .wording import num, singular

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


def times(a: Amount, b: Amount) -> Amount:
    return lambda game, ctx: a(game, ctx) * b(game, ctx)


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
