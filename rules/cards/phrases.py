"""The phrases inside effect text: who ("you", "target player", "that player"), what ("~",
"target creature", "all nonland permanents", "those creatures") and how much ("three", "X",
"the number of Swamps you control").  Each compiles to a reference or an amount of
`rules.cards.ir`, recording any target it introduces in `Compiled.specs`."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from .ir import (
    Amount,
    AttachedHost,
    CardsInGraveyards,
    ControlledBy,
    ControlledByEventPlayer,
    ControllersOf,
    CountYouControl,
    DamageDealtThisWay,
    DealDamage,
    Destroy,
    EachOpponent,
    EachPlayer,
    Effect,
    EventValue,
    Fixed,
    GreatestPowerYouControl,
    HandSize,
    LifeLostThisWay,
    LoseLife,
    ManaValueOf,
    OtherPlayers,
    OwnedBy,
    Permanents,
    Ref,
    Remember,
    Remembered,
    SacrificedPower,
    SourceRef,
    TargetRef,
    TargetSpec,
    ThatMuch,
    Times,
    ToughnessOf,
    XValue,
    You,
    all_of,
)
from .targets import Unsupported, card_phrase, object_phrase, target_spec
from .wording import num, singular


@dataclass
class Compiled:
    """An effect text being compiled: its target specs (in order), its steps, and the words
    that refer back ("it", "that player", "those creatures") to what they mean."""

    specs: list[TargetSpec] = field(default_factory=list)
    steps: list[Effect] = field(default_factory=list)
    refs: dict[str, Ref] = field(default_factory=dict)
    x: Amount | None = None  # "where X is ..."
    no_regenerate: bool = False  # "It can't be regenerated." applies to its destroy effects
    expected: tuple[str, ...] = ()  # sentences that must still come, in order (`expect`)

    def body(self) -> tuple[Effect, ...]:
        """The steps, with "can't be regenerated" applied to every destroy among them; a step
        still expecting sentences (`expect`) is not whole, so neither is the body."""
        if self.expected:
            raise Unsupported(" ".join(self.expected))
        if not self.no_regenerate:
            return tuple(self.steps)
        return tuple(dataclasses.replace(s, regenerate=False) if isinstance(s, Destroy) else s
                     for s in self.steps)

    def child(self) -> Compiled:
        """A sub-effect ("you may ...", "... at the beginning of the next end step") sharing
        targets and refs."""
        return Compiled(self.specs, [], self.refs, self.x)


THOSE = Remembered("those")


# ------------------------------------------------------------------ the shared wordings
# The phrases templates share, by name: a template's wording writes `<name>` and `expand_phrases` puts
# the phrase's regular expression in its place.  Each phrase is one capturing group, read into IR
# by the function named beside it (two groups for "pt change"), or none where it is only a
# choice of words.  A lazy group ends where the words after it in the template begin.
PHRASES: dict[str, str] = {
    "objects": r"(.+?)",  # `objects`: "target creature", "all creatures you control", "it"
    "players": r"(.+?)",  # `players`: "you", "target player", "each opponent", "that player"
    "target player": r"(target player|target opponent)",  # `players`, a target
    "recipients": r"(.+?)",  # `rules.cards.effect_templates.recipients`: "any target", "each creature"
    "card": r"(.+?)",  # `rules.cards.targets.card_phrase`: "creature", "basic land" (before "card")
    "sentence": r"(.+)",  # `rules.cards.effect_templates.compile_sentence`: a sentence of its own
    "number": r"(\w+)",  # `amount`, or `rules.cards.wording.num` where only a number will do
    "amount": r"(\w+|that much)",  # `amount`: a number, or "that much" (the event's)
    "quantity": r"(.+?)",  # `quantity`: "the damage dealt this way", "its toughness", a count
    "pt change": r"([+-]\d+)/([+-]\d+)",  # `int` of each: "+2/-1"
    "a": r"(?:a|an)",  # the article before a singular noun
    "color": r"(?:white|blue|black|red|green)",  # a color word (`rules.cards.mana.NAME_TO_COLOR`)
    "owner's": r"(?:its owner's|their owners')",  # whose library a card goes to
    "~ or it": r"(?:~|It)",  # the source, or the object the sentence before named, as subject
    "who": r"(a player|you|an opponent)",  # a trigger's player: whose action it watches
}
_PLACEHOLDER = re.compile(r"<([a-z~' ]+)>")
# each expanded wording and the shared phrases it was made of, in order (what
# tests/cards/test_template_usage.py measures)
COMPOSED: dict[str, tuple[str, ...]] = {}


def expand_phrases(pattern: str) -> str:
    """A template's regular expression, each `<name>` in it replaced by the shared phrase."""
    names = tuple(_PLACEHOLDER.findall(pattern))
    unknown = [name for name in names if name not in PHRASES]
    if unknown:
        raise KeyError(f"no shared phrase named <{unknown[0]}>")
    expanded = _PLACEHOLDER.sub(lambda m: PHRASES[m.group(1)], pattern)
    if names:
        COMPOSED[expanded] = names
    return expanded


def expect(out: Compiled, *sentences: str) -> None:
    """The sentences that must follow, in order, for the step just compiled to be whole (each a
    regular expression the whole sentence matches; most are plain words).  An expected sentence
    is compiled by a template that completes the step ("If you do, ..." after "You may pay {2}",
    Vengeful Archon's "If damage is prevented this way, ..."), or, when none does, the step
    already carries it out and it adds nothing (Head Games' "Search that player's library for
    that many cards").  An effect whose expected sentences don't all come doesn't compile."""
    out.expected += sentences


def is_expected(sentence: str, out: Compiled) -> bool:
    """Whether `sentence` is the next one `out` expects (`expect`)."""
    return bool(out.expected) and re.fullmatch(out.expected[0], sentence) is not None


def add_target(phrase: str, out: Compiled) -> Ref:
    spec = target_spec(phrase)
    out.specs.append(spec)
    return TargetRef(len(out.specs) - 1, spec.count)


def _cap_lower(phrase: str) -> str:
    first, _, rest = phrase.partition(" ")
    if first in ("Target", "Each", "All", "Creatures", "Up", "Two", "Three", "Any", "Attacking", "Blocking",
                 "Those", "That", "It", "Its", "Enchanted", "Equipped", "Other", "They", "You"):
        return (first.lower() + " " + rest).strip()
    return phrase


def group(phrase: str) -> Ref:
    """Every permanent matching a plural phrase ("creatures you control", "nonland permanents")."""
    kind, test = object_phrase(phrase)
    return Permanents(kind, test)


def objects(phrase: str, out: Compiled) -> Ref:
    """The objects a phrase names: "~", "it", "target creature", "each creature without
    flying", "all enchantments", "creatures you control", "all creatures target player controls"."""
    p = _cap_lower(phrase.strip())
    if p == "~":  # a trigger may say where the source is by then ("When enchanted creature dies")
        return out.refs.get("~", SourceRef())
    if p == "itself":  # "~ deals 2 damage to itself"
        return SourceRef()
    if p in out.refs:
        return out.refs[p]
    if p in ("enchanted creature", "equipped creature", "enchanted permanent"):
        return AttachedHost()
    m = re.fullmatch(r"((?:(?:up to )?(?:that many|\w+) )?target .+?) (that player|defending player) controls", p)
    if m and isinstance(out.refs.get(m.group(2)), EventValue):
        # "target black or red permanent that player controls" (the triggering event's player);
        # "target creature defending player controls" (Cyclops Gladiator's attack)
        event = out.refs[m.group(2)]
        assert isinstance(event, EventValue)
        spec = target_spec(m.group(1))
        spec = dataclasses.replace(spec, text=p, test=all_of(spec.test, ControlledByEventPlayer(event.key)))
        out.specs.append(spec)
        ref: Ref = TargetRef(len(out.specs) - 1, spec.count)
        out.refs.update({"it": ref, "that creature": ref, "that permanent": ref})
        return ref
    if re.match(r"(?:(?:up to )?\w+ )?target ", p) or p == "any target":
        ref = add_target(p, out)
        out.refs.update({"it": ref, "that creature": ref, "that permanent": ref})
        return ref
    m = re.fullmatch(r"(?:all|each) (.+?) (target player|that player|they) controls?", p)
    if m:
        whose = players(m.group(2), out)
        out.refs["those creatures"] = THOSE
        return Remember("those", ControlledBy(group(m.group(1)), whose))
    m = re.fullmatch(r"(?:all|each) (.+?) (target player|that player) owns", p)
    if m:  # Hurkyl's Recall
        whose = players(m.group(2), out)
        out.refs["those creatures"] = THOSE
        return Remember("those", OwnedBy(group(m.group(1)), whose))
    m = re.fullmatch(r"(?:all|each) (.+)", p)
    if m:
        p = m.group(1)
    ref = Remember("those", group(p))
    out.refs["those creatures"] = THOSE
    return ref


def players(phrase: str, out: Compiled) -> Ref:
    """"you", "target player", "target opponent", "each player", "each opponent", "that player"."""
    p = _cap_lower(phrase.strip())
    if p == "you":
        return You()
    if p in ("target player", "target opponent"):
        ref = add_target(p, out)
        out.refs.update({"that player": ref, "they": ref, "them": ref})
        return ref
    if p == "each player":
        return EachPlayer()
    if p == "each opponent":
        return EachOpponent()
    if p == "each other player":  # Grave Pact: every player but you
        return OtherPlayers(You())
    if p in ("that player", "they", "them", "the player"):
        for key in ("that player", "they", "them"):
            if key in out.refs:
                return out.refs[key]
    if p in ("its controller", "their controller") and "it" in out.refs:
        return ControllersOf(out.refs["it"])
    raise Unsupported(phrase)


# ------------------------------------------------------------------ amounts
def quantity(phrase: str, out: Compiled) -> Amount:
    """What "equal to ..." and "where X is ..." say: "the damage dealt this way" (after a damage
    step), "the life lost this way" (after a life loss), "its toughness" and "its converted mana
    cost" (of what "it" is), "the greatest power among creatures you control", or a count
    (`count_phrase`)."""
    p = phrase.strip()
    if p == "the damage dealt this way" and out.steps and isinstance(out.steps[-1], DealDamage):
        return DamageDealtThisWay()  # Corrupt
    if p == "the life lost this way" and any(isinstance(step, LoseLife) for step in out.steps):
        return LifeLostThisWay()  # Blood Tithe
    if p == "its toughness" and "it" in out.refs:
        return ToughnessOf(out.refs["it"])  # Condemn: the creature as it last existed
    if p == "its converted mana cost" and out.refs.get("it") == Remembered("revealed"):
        return ManaValueOf(Remembered("revealed"))  # Dark Tutelage: the card revealed
    if p == "the greatest power among creatures you control":
        return GreatestPowerYouControl()  # Garruk, Primal Hunter; Overwhelming Stampede
    return count_phrase(phrase, out)


def count_phrase(phrase: str, out: Compiled | None = None) -> Amount:
    """"the number of Swamps you control", "land you control" (after "for each"), "the number
    of cards in that player's hand", "card in your graveyard"."""
    if phrase.strip() in ("the total power of the sacrificed creatures", "the sacrificed creature's power"):
        return SacrificedPower()  # Soulblast, Fling
    p = re.sub(r"^the number of ", "", phrase.strip())
    m = re.fullmatch(r"cards in (that player's|target player's|their|your) hand", p)
    if m:
        whose = {"that player's": "that player", "target player's": "target player", "your": "you"}.get(m.group(1))
        if whose is None:
            return HandSize()
        if out is None and whose != "you":
            raise Unsupported(phrase)
        return HandSize(players(whose, out) if out is not None else You())
    m = re.fullmatch(r"(.*?)\s*cards? in (your|all) graveyards?", p)
    if m:
        return CardsInGraveyards(card_phrase((m.group(1) + " card").strip()), yours_only=m.group(2) == "your")
    m = re.fullmatch(r"(.+?) you control", p)
    if not m:
        raise Unsupported(phrase)
    kind, test = object_phrase(singular(m.group(1)) if " " not in m.group(1) else m.group(1))
    return CountYouControl(kind, test)


def amount(word: str, out: Compiled) -> Amount:
    w = word.strip()
    if w.upper() == "X":
        return out.x or XValue()
    if w == "that much":
        return ThatMuch()
    n = num(w)
    if n is None:
        raise Unsupported(word)
    return Fixed(n)


def times(a: Amount, b: Amount) -> Amount:
    return Times(a, b)


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
