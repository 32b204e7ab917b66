"""Undo points: copies of the state kept once a turn at a step's priority.  Going back from
one (`turn.resume_game` carries the game on from the copy) must give exactly the state a
replay of the whole record gives: the digest covers every object, the log, the record and
the random generator."""

from __future__ import annotations

import random

import pytest

from rules import Game
from rules.engine.api.digest import state_digest
from rules.engine.api.snapshot import copy_state
from rules.engine.core.setup import GameSetup
from rules.engine.loop.legal import random_answer
from rules.play.decklist import parse_deck
from rules.play.random_decks import random_deck

from paths import DECKS


def _deck(name: str) -> list[str]:
    return parse_deck((DECKS / f"{name}.txt").read_text(), name).cards


def _played(ruleset: str, seed: int, decks: dict[str, list[str]], actions: int) -> tuple[Game, list[str]]:
    """A random game with undo points, and the digest of its state before each action."""
    game = Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=seed), undo_points=True)
    rng = random.Random(seed)
    digests = []
    while game.decision is not None and len(digests) < actions:
        digests.append(state_digest(game.state))
        game.act(random_answer(game.state, game.decision, rng))
    return game, digests


CASES = [("2014", 1, "bundled"), ("2009", 2, "bundled"), ("2014", 7, "random"), ("2009", 9, "random")]


@pytest.mark.parametrize(("ruleset", "seed", "kind"), CASES)
def test_undo_and_rewind_from_undo_points_give_the_state_a_replay_gives(ruleset: str, seed: int, kind: str) -> None:
    decks = ({"p1": _deck("red-green"), "p2": _deck("white-blue")} if kind == "bundled"
             else {"p1": random_deck(2 * seed), "p2": random_deck(2 * seed + 1)})
    game, digests = _played(ruleset, seed, decks, 700)
    assert game.points_kept > 3  # several turns, several points
    for _ in range(5):  # undo after undo, across a point
        n = len(game.record)
        game.undo()
        assert len(game.record) == n - 1
        assert state_digest(game.state) == digests[n - 1]
    for keep in sorted(random.Random(seed).sample(range(len(game.record)), 6), reverse=True):
        game.rewind(keep)
        assert state_digest(game.state) == digests[keep]
    # and the game goes on from there as it would have: the same actions reach the same states
    replayed = Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=seed))
    replayed.replay(game.record)
    assert state_digest(replayed.state) == state_digest(game.state)


def test_a_copy_shares_nothing_the_game_changes() -> None:
    game, _ = _played("2014", 3, {"p1": _deck("red-green"), "p2": _deck("white-blue")}, 200)
    before = state_digest(game.state)
    copy = copy_state(game.state)
    assert state_digest(copy) == before
    rng = random.Random(5)
    for _ in range(100):  # the original plays on; the copy stays as it was
        if game.decision is None:
            break
        game.act(random_answer(game.state, game.decision, rng))
    assert state_digest(copy) == before


def test_without_undo_points_undo_replays_the_record() -> None:
    decks = {"p1": _deck("red-green"), "p2": _deck("white-blue")}
    game = Game(GameSetup.from_decks(decks, ruleset="2014", seed=4))
    rng = random.Random(4)
    digests = []
    for _ in range(120):
        digests.append(state_digest(game.state))
        game.act(random_answer(game.state, game.decision, rng))
    game.undo()
    assert game.points_kept == 0
    assert state_digest(game.state) == digests[-1]


@pytest.mark.parametrize(("ruleset", "seed"), [("2014", 3), ("2009", 4)])
def test_a_fork_is_the_game_at_that_point_and_leaves_the_game_as_it_was(ruleset: str, seed: int) -> None:
    """`fork(k)`: a second game after the first k actions, from the shared undo points; the
    first game is untouched, and each goes on (acts, rewinds) without changing the other."""
    decks = {"p1": _deck("red-green"), "p2": _deck("white-blue")}
    game, digests = _played(ruleset, seed, decks, 400)
    end, n, points = state_digest(game.state), len(game.record), game.points_kept
    for keep in [n, n - 1, n // 2, 3, 0]:
        other = game.fork(keep)
        assert state_digest(other.state) == (digests[keep] if keep < n else end)
        assert state_digest(game.state) == end and len(game.record) == n and game.points_kept == points
    other = game.fork(n // 2)
    other.rewind(n // 3)  # the fork goes back on the shared points: the game's are not touched
    assert state_digest(other.state) == digests[n // 3]
    other.replay(game.record[n // 3:n - 5])
    assert state_digest(other.state) == digests[n - 5]
    game.rewind(n - 2)
    assert state_digest(game.state) == digests[n - 2] and state_digest(other.state) == digests[n - 5]
    with pytest.raises(ValueError):
        game.fork(n + 1)
