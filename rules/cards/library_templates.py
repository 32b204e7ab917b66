"""Templates for effects on hidden information: looking at a hand or at the top of a
library and choosing among the cards, moving whole hands and libraries ("Look at target
player's hand", "Look at the top three cards of your library. Put one of those cards into
your hand, ...", "Each player discards their hand, then draws cards equal to ...").

`LIBRARY_TEMPLATES` are (pattern, builder) pairs that `rules.cards.effect_templates`
registers ahead of its own: each is a whole, specific sentence.  A sentence that only
completes the one before it (the second and third sentences of Head Games) is compiled by
the first one's builder, which says it expects them next (`rules.cards.phrases.expect`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .ir import (
    DiscardHandsDrawGreatest,
    Draw,
    Exile,
    ExileSourceSpell,
    ExileTopUntilNoSharedName,
    FindNamedAttach,
    HandCardsOnTop,
    HandOnTopSearchThatMany,
    LookAndDistribute,
    LookAtHand,
    LookMayTakeRestBottom,
    NameThenRevealTop,
    RevealAtRandom,
    RevealRandomLandOrCast,
    RevealTopOpponentPiles,
    RevealUntilThatMany,
    SearchNamesakesOfEach,
    ShuffleHandAndGraveyardIn,
)
from .phrases import Compiled, amount, expect, objects, players
from .targets import Unsupported, card_phrase
from .wording import num

Builder = Callable[[re.Match[str], Compiled], None]
LIBRARY_TEMPLATES: list[tuple[str, Builder]] = []


def _template(pattern: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        LIBRARY_TEMPLATES.append((pattern, fn))
        return fn
    return register


# ---- looking at a hand
@_template(r"Look at <target player>'s hand")
def _look_at_hand(m: re.Match[str], out: Compiled) -> None:
    """Peek."""
    out.steps.append(LookAtHand(players(m.group(1), out)))


@_template(r"Look at <target player>'s hand and choose <number> cards from it")
def _hand_cards_on_top(m: re.Match[str], out: Compiled) -> None:
    """Agonizing Memories: "Put them on top of that player's library in any order" follows."""
    n = num(m.group(2))
    if n is None or n < 2:
        raise Unsupported(m.group(0))
    out.steps.append(HandCardsOnTop(players(m.group(1), out), n))
    expect(out, "Put them on top of that player's library in any order")


@_template(r"(Target opponent|Target player) puts the cards from their hand on top of their library")
def _hand_on_top_search(m: re.Match[str], out: Compiled) -> None:
    """Head Games."""
    out.steps.append(HandOnTopSearchThatMany(players(m.group(1), out)))
    expect(out, "Search that player's library for that many cards",
            "The player puts those cards into their hand, then shuffles their library")


# ---- looking at the top of a library
@_template(r"Look at the top <number> cards of your library")
def _look_at_top(m: re.Match[str], out: Compiled) -> None:
    """A look the next sentence says what to do with (Telling Time, Commune with Nature)."""
    out.steps.append(LookAndDistribute(amount(m.group(1), out), ()))


def _last_look(m: re.Match[str], out: Compiled) -> LookAndDistribute:
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, LookAndDistribute) or last.dests:
        raise Unsupported(m.group(0))
    return last


@_template(r"Put one of those cards into your hand, one on top of your library, and one on the bottom of your library")
def _distribute(m: re.Match[str], out: Compiled) -> None:
    """Telling Time."""
    last = _last_look(m, out)
    out.steps[-1] = LookAndDistribute(last.amount, ("hand", "top", "bottom"))


@_template(r"You may reveal <a> (.+? card) from among them and put it into your hand")
def _may_take_one(m: re.Match[str], out: Compiled) -> None:
    """Commune with Nature: "Put the rest on the bottom of your library in any order" follows."""
    last = _last_look(m, out)
    out.steps[-1] = LookMayTakeRestBottom(last.amount, card_phrase(m.group(1)), "a " + m.group(1))
    expect(out, "Put the rest on the bottom of your library in any order")


@_template(r"<players> exiles the top <number> cards of their library")
def _exile_top_repeat(m: re.Match[str], out: Compiled) -> None:
    """Scalpelexis: "If two or more of those cards have the same name, repeat this process" follows."""
    n = num(m.group(2))
    if n is None:
        raise Unsupported(m.group(0))
    out.steps.append(ExileTopUntilNoSharedName(players(m.group(1), out), n))
    expect(out, "If two or more of those cards have the same name, repeat this process")


@_template(r"Exile (all .+? you control), then reveal cards from the top of your library until you reveal that many "
           r"(\w+) cards")
def _exile_then_reveal_that_many(m: re.Match[str], out: Compiled) -> None:
    """Mass Polymorph."""
    out.steps.append(Exile(objects(m.group(1), out)))  # remembered as "those": that many
    what = m.group(2) + " card"
    out.steps.append(RevealUntilThatMany(card_phrase(what), what, key="those"))
    expect(out, f"Put all {m.group(2)} cards revealed this way onto the battlefield, then shuffle the rest of the "
                 "revealed cards into your library")


@_template(r"(Each player) chooses a card name")
def _name_then_reveal(m: re.Match[str], out: Compiled) -> None:
    """Conundrum Sphinx."""
    out.steps.append(NameThenRevealTop(players(m.group(1), out)))
    expect(out, "Then each player reveals the top card of their library",
            "If the card a player revealed has the name they chose, that player puts it into their hand",
            "If it doesn't, that player puts it on the bottom of their library")


@_template(r"For each creature you control, you may search your library for <a> (.+? card) with the same name "
           r"as that creature")
def _search_namesakes(m: re.Match[str], out: Compiled) -> None:
    """Doubling Chant."""
    out.steps.append(SearchNamesakesOfEach(card_phrase(m.group(1))))
    expect(out, "Put those cards onto the battlefield, then shuffle your library")


# ---- whole hands and libraries
@_template(r"(Each player) shuffles their hand and graveyard into their library, then draws <number> cards")
def _shuffle_hand_and_graveyard(m: re.Match[str], out: Compiled) -> None:
    """Time Reversal: "Exile ~" follows, the spell exiling itself as it resolves."""
    who = players(m.group(1), out)
    out.steps.append(ShuffleHandAndGraveyardIn(who))
    out.steps.append(Draw(who, amount(m.group(2), out)))
    out.steps.append(ExileSourceSpell())
    expect(out, "Exile ~")


@_template(r"(Each player) discards their hand, then draws cards equal to the greatest number of cards a player "
           r"discarded this way")
def _discard_hands_draw_greatest(m: re.Match[str], out: Compiled) -> None:
    """Jace's Archivist."""
    out.steps.append(DiscardHandsDrawGreatest(players(m.group(1), out)))



# ---- revealed cards
@_template(r"[Rr]eveal the top <number> cards of your library")
def _reveal_top_piles(m: re.Match[str], out: Compiled) -> None:
    """Sphinx of Uthuun: the piles the next two sentences make."""
    out.steps.append(RevealTopOpponentPiles(amount(m.group(1), out)))
    expect(out, "An opponent separates those cards into two piles",
            "Put one pile into your hand and the other into your graveyard")


@_template(r"If it's a land card, the player puts it onto the battlefield")
def _land_or_cast(m: re.Match[str], out: Compiled) -> None:
    """Wild Evocation: what happens to the card revealed at random (the sentence before)."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, RevealAtRandom):
        raise Unsupported(m.group(0))
    out.steps[-1] = RevealRandomLandOrCast(last.players)
    expect(out, "Otherwise, the player casts it without paying its mana cost if able")


@_template(r"Search your graveyard and/or library for a card named ([^.,]+?) and put it onto the battlefield attached "
           r"to (target creature)")
def _find_named_attach(m: re.Match[str], out: Compiled) -> None:
    """Arachnus Spinner: "If you search your library this way, shuffle it" follows."""
    out.steps.append(FindNamedAttach(m.group(1), objects(m.group(2), out)))
    expect(out, "If you search your library this way, shuffle it")
