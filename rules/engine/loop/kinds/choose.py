"""The homes of the choices among a few things, each answered by one `choose` action: an
object or a player (a cost's sacrifice, a search, a redirection to a planeswalker), which
legend or planeswalker to keep (704.5j-k), a color of mana (605), a word the rules offer (a
basic land type) and a card name (201.3)."""

from __future__ import annotations

import random
from typing import Any

from ...core import actions as A
from ...core.decisions import (
    FIND_NOTHING,
    ChooseColorDecision,
    ChooseDecision,
    ChooseKeepDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    ChooseWordDecision,
)
from ...core.refs import candidates, name_of, resolve_ref
from ...core.state import GameState
from .home import DecisionDetails, Home, listed_answers, not_an_answer, random_listed_answer


# ------------------------------------------------------------------ what they share
def _first_choice(state: GameState, d: ChooseDecision) -> A.Action:
    return d.choices[0]


def _one_of(state: GameState, ids: tuple[Any, ...], concept: str) -> A.IllegalAction:
    return A.IllegalAction("choose one of " + ", ".join(name_of(state, i) for i in ids), state.rules.cite(concept))


def _read_word(state: GameState, d: ChooseNameDecision | ChooseWordDecision | ChooseColorDecision, player: str,
               verb: str, rest: str) -> A.Action | None:
    """One answer, the whole text (a name or a label may hold spaces and commas: "Mirri, Cat
    Warrior"), spelled as the engine offers it ("choose island" is Island)."""
    if verb != "choose":
        return None
    return A.Choose(player, (d.canonical(rest) or rest.strip(),))


# ------------------------------------------------------------------ an object or a player
def _check_object(state: GameState, d: ChooseObjectDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Choose):
        raise not_an_answer(d)
    if not action.words:
        _check_find_nothing(state, d)
        return None
    ref: Any = action.words[0]
    if isinstance(ref, str) and not state.has_player(ref):
        ref = next((i for i in candidates(state, ref, d.zones) if i in d.ids), None)
    if ref not in d.ids:
        raise _one_of(state, d.ids, d.concept or "redirect_to_planeswalker")
    return None


def _check_find_nothing(state: GameState, d: ChooseObjectDecision) -> None:
    """Finding nothing answers only a search for a card with a stated quality (701.16b); a
    search for "a card" finds one (701.16c)."""
    if d.may_find_nothing:
        return
    if d.concept == "search":
        raise A.IllegalAction("a search for a card of no stated quality must find one: choose one of "
                              + ", ".join(name_of(state, i) for i in d.ids), state.rules.cite("search_must_find"))
    raise _one_of(state, d.ids, d.concept or "redirect_to_planeswalker")


def _random_pick(state: GameState, d: ChooseObjectDecision, rng: random.Random) -> A.Action:
    return rng.choice(list(d.picks))  # a card, even where nothing may be found: its games play as before


def _objects_offered(d: ChooseObjectDecision) -> tuple[Any, ...]:
    return d.ids + ((FIND_NOTHING,) if d.may_find_nothing else ())


def _object_view(d: ChooseObjectDecision) -> DecisionDetails:
    return DecisionDetails(may_find_nothing=d.may_find_nothing)  # a search that may find nothing (701.16b)


def _read_object(state: GameState, d: ChooseObjectDecision, player: str, verb: str, rest: str) -> A.Action | None:
    if verb != "choose":
        return None
    # a search that finds nothing (701.16b): no card has the name (a player may: among players it is one)
    if rest.strip().lower() == FIND_NOTHING and not any(isinstance(i, str) for i in d.ids):
        return d.nothing
    zones = d.zones
    offered = [i for i in candidates(state, rest, zones) if i in d.ids] or _offered_by_name(state, rest, d.ids)
    return A.Choose(player, (offered[0] if offered else resolve_ref(state, rest, zones, player_ok=True),))


def _offered_by_name(state: GameState, text: str, ids: tuple[Any, ...]) -> list[Any]:
    """The offered choices the notation writes as `text`: an object no zone holds any more
    (a copy's former target that has left the stack) is written `#ID` (`name_of`)."""
    said = text.strip().lower()
    return [i for i in ids if name_of(state, i).lower() == said]


def _write_object(state: GameState, d: ChooseObjectDecision, action: A.Action) -> str | None:
    if isinstance(action, A.Choose) and not action.words:
        return f"{action.player}: choose {FIND_NOTHING}"
    return None


CHOOSE_OBJECT = Home(ChooseObjectDecision, listed_answers, _check_object, _random_pick, _first_choice, _objects_offered,
                     view=_object_view, read=_read_object, write=_write_object)


# ------------------------------------------------------------------ the legend rule's keep
def _check_keep(state: GameState, d: ChooseKeepDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Choose):
        raise not_an_answer(d)
    ref = action.words[0] if action.words else None
    oid = resolve_ref(state, ref, zones=("battlefield",)) if isinstance(ref, str) else ref
    if oid not in d.ids:
        raise _one_of(state, d.ids, d.concept)
    return None


def _kept_offered(d: ChooseKeepDecision) -> tuple[Any, ...]:
    return d.ids


def _read_keep(state: GameState, d: ChooseKeepDecision, player: str, verb: str, rest: str) -> A.Action | None:
    if verb != "choose":
        return None
    return A.Choose(player, (resolve_ref(state, rest, ("battlefield",), controller=player),))


CHOOSE_KEEP = Home(ChooseKeepDecision, listed_answers, _check_keep, random_listed_answer, _first_choice, _kept_offered,
                   read=_read_keep)


# ------------------------------------------------------------------ a color of mana
def _check_color(state: GameState, d: ChooseColorDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Choose):
        raise not_an_answer(d)
    if action not in d.choices:
        raise A.IllegalAction("choose one of: " + ", ".join(" ".join(map(str, c.words)) for c in d.choices))
    return None


def _color_words(d: ChooseColorDecision) -> tuple[Any, ...]:
    return tuple(c.words[0] for c in d.choices)


CHOOSE_COLOR = Home(ChooseColorDecision, listed_answers, _check_color, random_listed_answer, _first_choice,
                    _color_words, read=_read_word)


# ------------------------------------------------------------------ a word the rules offer
# a word or name is taken as the engine spells it, so the record reads back the same (the
# notation maps what is typed, in any case, to that spelling)
def _check_word(state: GameState, d: ChooseWordDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Choose):
        raise not_an_answer(d)
    if len(action.words) != 1 or action.words[0] not in d.options:
        raise A.IllegalAction("choose one of: " + ", ".join(d.options),
                              state.rules.cite(d.concept or "etb_replacement"))
    return None


def _options(d: ChooseWordDecision) -> tuple[Any, ...]:
    return d.options


CHOOSE_WORD = Home(ChooseWordDecision, listed_answers, _check_word, random_listed_answer, _first_choice, _options,
                   read=_read_word)


# ------------------------------------------------------------------ a card name
def _check_name(state: GameState, d: ChooseNameDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Choose):
        raise not_an_answer(d)
    said = " ".join(map(str, action.words))
    if len(action.words) != 1 or d.canonical(said) != said:
        raise A.IllegalAction(f"no card is named {said!r}: choose the name of a card", state.rules.cite(d.concept))
    return None


def _random_name(state: GameState, d: ChooseNameDecision, rng: random.Random) -> A.Action:
    """Mostly the name of a card in the game, now and then any name."""
    names = d.suggested if d.suggested and rng.random() < 0.9 else d.names
    return A.Choose(d.player, (rng.choice(names),))


def _names(d: ChooseNameDecision) -> tuple[Any, ...]:
    return d.names


CHOOSE_NAME = Home(ChooseNameDecision, listed_answers, _check_name, _random_name, _first_choice, _names,
                   read=_read_word)
