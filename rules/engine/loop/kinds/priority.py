"""The home of priority (116) and of casting a card for free while something
resolves (`CastFreeDecision`): the two kinds a `cast` answers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...continuous.abilities import spell_ability, spell_targets
from ...core import actions as A
from ...core.actions import NotationError
from ...core.decisions import CastFreeDecision, PriorityDecision
from ...core.refs import candidates
from ...core.state import GameState
from ...resolution.free_cast import check_cast_free
from ..manual import check_manual
from ..priority_moves import divisions_for, priority_options, sample_priority, target_combos
from ..stack import check_activate, check_cast, check_play_land
from .home import Home, not_an_answer
from .words import cast_of, clauses


# ------------------------------------------------------------------ priority
def _priority_options(state: GameState, d: PriorityDecision) -> Iterator[A.Action]:
    return iter(priority_options(state, d.player))


def _check_priority(state: GameState, d: PriorityDecision, action: A.Action) -> Any:
    """Passing needs no check (117.3d), the most common answer by far; the rest are checked by
    the system that carries them out."""
    if type(action) is A.Pass:
        return None
    if isinstance(action, A.PlayLand):
        return check_play_land(state, action)
    if isinstance(action, A.Cast):
        return check_cast(state, action)
    if isinstance(action, A.Activate):
        return check_activate(state, action)
    if isinstance(action, A.Manual):
        return check_manual(state, action)
    raise not_an_answer(d)


def _random_priority(state: GameState, d: PriorityDecision, rng: random.Random) -> A.Action:
    return sample_priority(state, d.player, rng)


def _pass(state: GameState, d: PriorityDecision) -> A.Action:
    return A.Pass(d.player)


def _nothing_offered(d: PriorityDecision) -> tuple[Any, ...]:
    return ()


PRIORITY = Home(PriorityDecision, _priority_options, _check_priority, _random_priority, _pass, _nothing_offered,
                listed_legal=True)


# ------------------------------------------------------------------ casting for free
def cast_free_options(state: GameState, d: CastFreeDecision) -> list[A.Action]:
    """Every legal `cast` of the card a `CastFreeDecision` offers (its targets and division)."""
    o = state.objects[d.card]
    spell = spell_ability(o)
    out: list[A.Action] = []
    for targets in target_combos(state, spell_targets(o), d.player, o):
        for division in divisions_for(spell.effect if spell else (), targets, 0):
            action = A.Cast(d.player, o.id, targets, division=division)
            try:
                check_cast_free(state, d, action)
                out.append(action)
            except A.IllegalAction:
                pass
    return out


def _cast_free_candidates(state: GameState, d: CastFreeDecision) -> Iterator[A.Action]:
    yield from cast_free_options(state, d)


def _check_cast_free(state: GameState, d: CastFreeDecision, action: A.Action) -> Any:
    if isinstance(action, A.Cast):
        return check_cast_free(state, d, action)
    raise not_an_answer(d)


def _random_cast_free(state: GameState, d: CastFreeDecision, rng: random.Random) -> A.Action:
    return rng.choice(cast_free_options(state, d))


def _first_cast_free(state: GameState, d: CastFreeDecision) -> A.Action:
    return cast_free_options(state, d)[0]


def _the_card(d: CastFreeDecision) -> tuple[Any, ...]:
    return (d.card,)


def _read_cast_free(state: GameState, d: CastFreeDecision, player: str, verb: str, rest: str) -> A.Action | None:
    """`cast NAME`: the card the effect lets them cast, wherever it is (a library, a graveyard)."""
    if verb != "cast" or d.player != player:
        return None
    head, cl = clauses(rest)
    ids = [i for i in candidates(state, head, ("library", "graveyard", "exile", "hand")) if i == d.card]
    if not ids:
        raise NotationError(f"no {head!r} in {player}'s hand")
    return cast_of(state, player, ids[0], cl)


CAST_FREE = Home(CastFreeDecision, _cast_free_candidates, _check_cast_free, _random_cast_free, _first_cast_free,
                 _the_card, read=_read_cast_free)
