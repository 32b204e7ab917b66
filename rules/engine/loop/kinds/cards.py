"""The homes of the decisions that pick cards among those offered: a discard (to hand size in
the cleanup step, 514.1, or for an effect) and up to a number of cards in a zone
(`ChooseCardsDecision`: "choose up to seven face-up exiled cards you own")."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from ...core import actions as A
from ...core.actions import NotationError
from ...core.decisions import ChooseCardsDecision, DiscardDecision
from ...core.refs import candidates, name_of, resolve_ref, split_refs
from ...core.state import GameState
from .home import Home, not_an_answer


def cards_from(state: GameState, offered: tuple[int, ...], ids: tuple[Any, ...], count: int, what: str,
               rule: str) -> None:
    """Refuse an answer that isn't `count` different cards among those `offered`."""
    if len(ids) != count:
        raise A.IllegalAction(f"choose exactly {count} card{'s' if count != 1 else ''} to {what}", rule)
    if len(set(ids)) != len(ids):
        raise A.IllegalAction("the same card was chosen twice", rule)
    for i in ids:
        if i not in offered:
            raise A.IllegalAction(f"{name_of(state, i)} is not a card you can choose here", rule)


def offered_cards(d: DiscardDecision | ChooseCardsDecision) -> tuple[Any, ...]:
    return d.cards


# ------------------------------------------------------------------ discard
def _discards(state: GameState, d: DiscardDecision) -> Iterator[A.Action]:
    yield from (A.Discard(d.player, c) for c in itertools.combinations(d.cards, d.count))


def _check_discard(state: GameState, d: DiscardDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Discard):
        raise not_an_answer(d)
    cards_from(state, d.cards, action.cards, d.count, "discard", state.rules.cite("cleanup_discard"))
    return None


def _random_discard(state: GameState, d: DiscardDecision, rng: random.Random) -> A.Action:
    return A.Discard(d.player, tuple(rng.sample(list(d.cards), d.count)))


def _first_discards(state: GameState, d: DiscardDecision) -> A.Action:
    return A.Discard(d.player, d.cards[: d.count])


DISCARD = Home(DiscardDecision, _discards, _check_discard, _random_discard, _first_discards, offered_cards)


# ------------------------------------------------------------------ up to N cards
def _card_choices(state: GameState, d: ChooseCardsDecision) -> Iterator[A.Action]:
    yield from (A.Choose(d.player, c) for k in range(min(d.most, len(d.cards)) + 1)
                for c in itertools.combinations(d.cards, k))


def _check_cards(state: GameState, d: ChooseCardsDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Choose):
        raise not_an_answer(d)
    ids = tuple(resolve_ref(state, w, zones=(d.zone,), controller=d.player) if isinstance(w, str) else w
                for w in action.words)
    rule = state.rules.cite(d.concept) if d.concept else ""
    if len(ids) > d.most:
        raise A.IllegalAction(f"choose at most {d.most} card{'s' if d.most != 1 else ''}", rule)
    cards_from(state, d.cards, ids, len(ids), "choose", rule)
    return None


def _random_cards(state: GameState, d: ChooseCardsDecision, rng: random.Random) -> A.Action:
    return A.Choose(d.player, tuple(rng.sample(list(d.cards), rng.randint(0, min(d.most, len(d.cards))))))


def _no_cards(state: GameState, d: ChooseCardsDecision) -> A.Action:
    return A.Choose(d.player, ())


def _read_cards(state: GameState, d: ChooseCardsDecision, player: str, verb: str, rest: str) -> A.Action | None:
    """`choose NAME, NAME` among the cards offered in the zone, or `choose none`."""
    if verb != "choose":
        return None
    if rest.strip().lower() == "none":
        return A.Choose(player, ())
    chosen: list[int] = []
    for ref in split_refs(rest, state):
        found = [i for i in candidates(state, ref, (d.zone,)) if i in d.cards and i not in chosen]
        if not found:
            raise NotationError(f"no {ref!r} to choose in {d.zone}")
        chosen.append(found[0])
    return A.Choose(player, tuple(chosen))


def _write_cards(state: GameState, d: ChooseCardsDecision, action: A.Action) -> str | None:
    if isinstance(action, A.Choose) and not action.words:
        return f"{action.player}: choose none"
    return None


CHOOSE_CARDS = Home(ChooseCardsDecision, _card_choices, _check_cards, _random_cards, _no_cards, offered_cards,
                    read=_read_cards, write=_write_cards)
