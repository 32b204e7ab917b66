"""Property tests of the notation and the state: for any position reached by random play
(hypothesis picks the decks, the ruleset, the seed and how far to play), every legal answer
written in notation reads back as the same action (`parse(notation(a)) == a`), and the
whole game state pickles and reads back to the same digest (abilities are data, not closures)."""

from __future__ import annotations

import itertools
import pickle
import random

from hypothesis import given, settings, strategies as st

from rules import Game, GameSetup
from rules.engine.digest import state_digest
from rules.play.decklist import parse_deck

from paths import DECKS

NAMES = sorted(p.stem for p in DECKS.glob("*.txt"))


def _position(names: tuple[str, str], ruleset: str, seed: int, steps: int) -> Game:
    decks = {p: parse_deck((DECKS / f"{n}.txt").read_text(encoding="utf-8"), n).cards
             for p, n in zip(("alice", "bob"), names, strict=True)}
    game = Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=seed, turn_cap=30))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.decision is None:
            break
        game.act(game.actions.sample(rng))
    return game


positions = st.builds(_position, st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)),
                      st.sampled_from(["2014", "2009"]), st.integers(0, 10_000), st.integers(0, 400))


@settings(max_examples=25, deadline=None)
@given(positions)
def test_every_legal_answer_reads_back_from_its_notation(game: Game) -> None:
    if game.decision is None:
        return
    player = game.decision.player
    for action in itertools.islice(game.actions, 200):
        text = game.notation(action)
        assert game.parse(text, player) == action, f"{text!r} reads back as another action"


@settings(max_examples=10, deadline=None)
@given(positions)
def test_a_game_state_pickles_to_the_same_state(game: Game) -> None:
    copy = pickle.loads(pickle.dumps(game.state))
    assert copy is not game.state
    assert state_digest(copy) == game.digest()
