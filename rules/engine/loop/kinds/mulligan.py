"""The homes of the mulligan's decisions (103.4): keep or mulligan, and the
London mulligan's cards put on the bottom of the library."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from ...core import actions as A
from ...core.decisions import BottomDecision, MulliganDecision
from ...core.refs import resolve_ref
from ...core.state import GameState
from .cards import cards_from
from .home import Home, any_listed_answer, listed_answers, not_an_answer, random_listed_answer
from .words import cards_in_hand


# ------------------------------------------------------------------ keep or mulligan
def _keep(state: GameState, d: MulliganDecision) -> A.Action:
    return A.Keep(d.player)


def _keep_words(d: MulliganDecision) -> tuple[Any, ...]:
    return ("keep", "mulligan")


MULLIGAN = Home(MulliganDecision, listed_answers, any_listed_answer, random_listed_answer, _keep, _keep_words)


# ------------------------------------------------------------------ the London mulligan's bottom cards
def _bottoms(state: GameState, d: BottomDecision) -> Iterator[A.Action]:
    yield from (A.Choose(d.player, c) for c in itertools.combinations(d.cards, d.count))


def _check_bottom(state: GameState, d: BottomDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Choose):
        raise not_an_answer(d)
    ids = tuple(resolve_ref(state, w, zones=("hand",), controller=d.player) if isinstance(w, str) else w
                for w in action.words)
    cards_from(state, d.cards, ids, d.count, "put on the bottom", state.rules.cite("mulligan"))
    return None


def _random_bottom(state: GameState, d: BottomDecision, rng: random.Random) -> A.Action:
    return A.Choose(d.player, tuple(rng.sample(list(d.cards), d.count)))


def _first_bottom(state: GameState, d: BottomDecision) -> A.Action:
    return A.Choose(d.player, d.cards[: d.count])


def _bottom_offered(d: BottomDecision) -> tuple[Any, ...]:
    return d.cards


def _read_bottom(state: GameState, d: BottomDecision, player: str, verb: str, rest: str) -> A.Action | None:
    """`choose NAME, NAME`: cards in the player's hand."""
    if verb != "choose":
        return None
    return A.Choose(player, cards_in_hand(state, player, rest, "choose"))


BOTTOM = Home(BottomDecision, _bottoms, _check_bottom, _random_bottom, _first_bottom, _bottom_offered,
              read=_read_bottom)
