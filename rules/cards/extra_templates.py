"""More effect templates: coin flips won, looking at a hand to choose a discard, sacrificing
the source and doing more, damage equal to what was sacrificed, becoming a creature type with
base power and toughness.  Registered after those of `effect_templates` (rules.cards.compiler
imports this module after it), so they are tried last."""

from __future__ import annotations

import dataclasses
import re

from .effect_templates import compile_sentence, recipients, template
from .ir import (
    ALWAYS,
    AddManaTo,
    BecomesCreatureType,
    CantBlockSource,
    CountObjects,
    CreateTokens,
    DealDamage,
    DiscardChosen,
    DoubleManaPool,
    Exile,
    Fixed,
    FlipCoin,
    If,
    Keyword,
    SacrificeSource,
    TargetRef,
    WonFlip,
)
from .mana import NAME_TO_COLOR
from .phrases import Compiled, expect, objects, players, quantity
from .targets import Unsupported
from .trigger_templates import compile_triggered
from .wording import keyword_list


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _color_and_type_words(words: str, sentence: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """"blue Frog": color words, then capitalised creature types."""
    colors: list[str] = []
    types: list[str] = []
    for word in words.split():
        if word in NAME_TO_COLOR:
            colors.append(NAME_TO_COLOR[word])
        elif word[:1].isupper():
            types.append(word)
        else:
            raise Unsupported(sentence)
    return tuple(colors), tuple(types)


@template(r"If you win the flip, <sentence>")
def _if_won_flip(m: re.Match[str], out: Compiled) -> None:
    """Goblin Bangchuckers, Sorcerer's Strongbox: follows "Flip a coin"."""
    if not any(isinstance(s, FlipCoin) for s in out.steps):
        raise Unsupported(m.group(0))
    sub = out.child()
    compile_sentence(_cap(m.group(1)), sub)
    out.steps.append(If(WonFlip(), sub.body()))


@template(r"[Ss]acrifice ~ and <sentence>")
def _sacrifice_self_and(m: re.Match[str], out: Compiled) -> None:
    """Sorcerer's Strongbox: "sacrifice ~ and draw three cards"."""
    out.steps.append(SacrificeSource())
    compile_sentence(_cap(m.group(1)), out)


@template(r"Look at <target player>'s hand and choose a card from it")
def _look_and_choose(m: re.Match[str], out: Compiled) -> None:
    """Thrull Surgeon: the player whose hand it is discards the chosen card (the next sentence)."""
    who = players(m.group(1), out)
    out.refs["that player"] = who
    out.steps.append(DiscardChosen(who, ALWAYS, "a card"))
    expect(out, "That player discards that card")


@template(r"<~ or it> deals damage equal to <quantity> to <recipients>")
def _damage_equal_to(m: re.Match[str], out: Compiled) -> None:
    """Fling: "deals damage equal to the sacrificed creature's power to any target"."""
    amt = quantity(m.group(1), out)
    out.steps.append(DealDamage(amt, recipients(m.group(2), out)))


@template(r"If it's an? ((?:non\w+, )+non\w+) card, (.+)")
def _if_card_non_list(m: re.Match[str], out: Compiled) -> None:
    """Druidic Satchel: "If it's a noncreature, nonland card, you gain 2 life"."""
    compile_sentence(f"If it's a {m.group(1).replace(',', '')} card, {m.group(2)}", out)


@template(r"<objects> can't block ~ this turn")
def _cant_block_source(m: re.Match[str], out: Compiled) -> None:
    """Duct Crawler: "Target creature can't block ~ this turn"."""
    out.steps.append(CantBlockSource(objects(m.group(1), out)))


@template(r"Double the amount of each type of mana in your mana pool")
def _double_pool(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(DoubleManaPool())


@template(r"Until end of turn, <objects> (loses all abilities and )?becomes an? ([A-Za-z ]+?) with base power and "
          r"toughness (\d+)/(\d+)(?: and gains ([a-z ,]+))?")
def _becomes_creature_type(m: re.Match[str], out: Compiled) -> None:
    """Turn to Frog, Skinshifter: "becomes a blue Frog with base power and toughness 1/1"."""
    colors, types = _color_and_type_words(m.group(3), m.group(0))
    if not types:
        raise Unsupported(m.group(0))
    grants: tuple[Keyword, ...] = ()
    if m.group(6):
        kws = keyword_list(m.group(6))
        if kws is None:
            raise Unsupported(m.group(0))
        grants = tuple(kws)
    out.steps.append(BecomesCreatureType(objects(m.group(1), out), int(m.group(4)), int(m.group(5)), types, colors,
                                         grants, loses_all=bool(m.group(2))))


@template(r'They have "([^"]+)"')
def _tokens_have(m: re.Match[str], out: Compiled) -> None:
    """Mitotic Slime: 'create two 2/2 green Ooze creature tokens. They have "When this creature
    dies, ..."': the tokens just created have the quoted ability (rules.cards.tokens compiles it)."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, CreateTokens) or last.token.text:
        raise Unsupported(m.group(0))
    token = dataclasses.replace(last.token, text=m.group(1))
    if compile_triggered(m.group(1), m.group(1)) is None:  # a triggered ability that compiles, or not here
        raise Unsupported(m.group(0))
    out.steps[-1] = dataclasses.replace(last, token=token)


@template(r"([Ii]ts controller|[Yy]ou) adds? ((?:\{[WUBRGC]\})+)")
def _player_adds(m: re.Match[str], out: Compiled) -> None:
    """Overgrowth: "its controller adds {G}{G}" (one color of mana, some of it)."""
    syms = re.findall(r"\{(\w)\}", m.group(2))
    if len(set(syms)) != 1:
        raise Unsupported(m.group(0))
    out.steps.append(AddManaTo(players(m.group(1).lower(), out), syms[0], len(syms)))


@template(r"For each (.+?) exiled this way, <sentence>")
def _for_each_exiled(m: re.Match[str], out: Compiled) -> None:
    """Midnight Ritual: "Exile X target creature cards from your graveyard. For each creature
    card exiled this way, create a 2/2 black Zombie creature token."."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, Exile) or not isinstance(last.objects, TargetRef):
        raise Unsupported(m.group(0))
    sub = out.child()
    compile_sentence(_cap(m.group(2)), sub)
    if len(sub.steps) != 1 or not isinstance(sub.steps[0], CreateTokens) or sub.steps[0].amount != Fixed(1):
        raise Unsupported(m.group(0))
    out.steps.append(dataclasses.replace(sub.steps[0], amount=CountObjects(last.objects)))


# what this module registers (importing it registers them)
EXTRA_TEMPLATES = (
    _if_won_flip, _sacrifice_self_and, _look_and_choose, _damage_equal_to, _if_card_non_list, _cant_block_source,
    _double_pool, _becomes_creature_type, _tokens_have, _player_adds, _for_each_exiled,
)
