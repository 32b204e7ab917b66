"""Whatever is given to `Game.act`, the answer is an IllegalAction with a message (or the
action is taken): never another exception, and a refusal changes nothing (717.1 / 422.1:
an illegal action is reversed; here it is refused before anything happens)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rules import Game, IllegalAction
from rules.engine.api.notation import NotationError
from rules.engine.core import actions as A
from rules.engine.loop.legal import random_answer

from decision_positions import POSITIONS, VARIANTS, DecisionPosition

ALL = POSITIONS + VARIANTS
_GAMES: dict[int, Game] = {}

# pieces of notation a typist might get wrong: arrows, separators, clauses, references
FRAGMENTS = ["->", "-> ->", ",", ";", ":", "'s", "#", "#0", "#99", "x=", "x=-1", "mode=", "mode=1,", "paying",
             "targeting", "ability", "ability 0", "ability 9", "for", "for purple", "none", "to", "0 to", "-1 to",
             "alice", "bob", "carol", "alice:", "bob:", "Runeclaw Bear", "Angel's Feather#2", "Forest#1", "",
             " ", "\t", "\n", "é", "Mirri, Cat Warrior", "999999999999999999999", "divide 2 to bob"]


def _game(p: DecisionPosition) -> Game:
    key = ALL.index(p)
    if key not in _GAMES:
        _GAMES[key] = p.game()
    return _GAMES[key]


def _answer_texts(game: Game) -> list[str]:
    """Notations of a few legal answers to the current decision: the texts to mutate."""
    rng = random.Random(1)
    d = game.decision
    assert d is not None
    acts = game.legal_actions() if d.kind in ("priority", "choose", "mulligan", "yesno") else []
    acts += [random_answer(game.state, d, rng) for _ in range(3)]
    return sorted({game.notation(a) for a in acts})


def _mutate(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    for _ in range(rng.randint(1, 3)):
        how = rng.randrange(5)
        i = rng.randrange(len(words) + 1)
        if how == 0 and words:
            del words[min(i, len(words) - 1)]
        elif how == 1:
            words.insert(i, rng.choice(FRAGMENTS))
        elif how == 2 and words:
            w = words[min(i, len(words) - 1)]
            cut = rng.randrange(len(w) + 1)
            words[min(i, len(words) - 1)] = w[:cut] + rng.choice(FRAGMENTS) + w[cut:]
        elif how == 3 and len(words) > 1:
            j = rng.randrange(len(words))
            words[j], words[-1] = words[-1], words[j]
        else:
            words = words[: rng.randrange(len(words) + 1)]
    return " ".join(words)


def _try(game: Game, given_: Any) -> None:
    """Act; a refusal must be an IllegalAction with a message and change nothing."""
    before = game.digest()
    why = game.check(given_)
    try:
        game.act(given_)
    except IllegalAction as e:
        assert str(e), f"refused without a reason: {given_!r}"
        assert why is not None and str(why) == str(e), "check() and act() disagree"
        assert game.digest() == before, f"refusing {given_!r} changed the game"
        return
    assert why is None, f"check() refused {given_!r} but act() took it"
    game.undo()  # taken: back to the position for the next example
    assert game.digest() == before


@pytest.mark.parametrize("position", ALL, ids=[f"{p.shape}-{p.rules}" for p in ALL])
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_mutated_and_random_texts_are_refused_cleanly(position: DecisionPosition, data: st.DataObject) -> None:
    game = _game(position)
    texts = _answer_texts(game)
    seed = data.draw(st.integers(0, 10 ** 6), label="seed")
    base = data.draw(st.sampled_from(texts), label="answer")
    who = data.draw(st.sampled_from(["", f"{game.decision.player}: ", "bob: ", "alice: "]))
    text = data.draw(st.one_of(st.just(_mutate(base, random.Random(seed))), st.text(max_size=40),
                               st.builds(lambda t, w: w + t, st.text(max_size=30), st.just(who))), label="text")
    _try(game, text)


@pytest.mark.parametrize("position", ALL[:3], ids=[p.shape for p in ALL[:3]])
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(value=st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=False), st.binary(max_size=8), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(A.Cast, st.one_of(st.text(max_size=5), st.none()), st.one_of(st.integers(), st.text(max_size=5))),
    st.builds(A.Choose, st.just("alice"),
              st.one_of(st.tuples(st.integers()), st.tuples(st.none()), st.text(max_size=3))),
    st.builds(A.DeclareBlockers, st.just("alice"), st.lists(st.tuples(st.integers(), st.integers())).map(tuple)),
    st.builds(A.Assign, st.just("alice"),
              st.lists(st.tuples(st.integers(), st.one_of(st.integers(), st.text(max_size=3))), max_size=3).map(tuple)),
    st.builds(A.Order, st.just("alice"), st.lists(st.integers(-3, 60), max_size=4).map(tuple)),
    st.builds(A.Activate, st.just("alice"), st.integers(-2, 60), st.integers(-2, 5)),
    st.builds(A.PlayLand, st.one_of(st.just("alice"), st.just("bob"), st.text(max_size=3)), st.integers(-2, 60)),
    st.just(A.Action("alice")),
))
def test_values_that_are_not_actions_are_refused(position: DecisionPosition, value: Any) -> None:
    _try(_game(position), value)


def test_block_with_arrows_and_no_names_is_refused_as_notation() -> None:
    game = _game(next(p for p in ALL if p.shape == "blockers"))
    for text in ("bob: block -> ->", "bob: block ->", "bob: block Grizzly Bears ->", "bob: block -> Runeclaw Bear"):
        with pytest.raises(NotationError):
            game.act(text)


def test_act_none_is_an_illegal_action() -> None:
    game = _game(ALL[0])
    with pytest.raises(IllegalAction, match="not an action"):
        game.act(None)  # type: ignore[arg-type]
