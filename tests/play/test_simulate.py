"""The simulator plays whole games between random agents with no engine error, checks its
invariants after every action, and gives the same digest for the same seed."""

from __future__ import annotations

import pytest

from mtg_tui.decklists import bundled_decks
from rules.play.decklist import parse_deck
from rules.play.simulate import simulate


@pytest.mark.parametrize("ruleset", ["2014", "2009"])
def test_random_games_have_no_errors_and_repeat_exactly(ruleset: str) -> None:
    decks = {name: parse_deck(text, name).cards for name, text in bundled_decks().items()}
    names = sorted(decks)
    pair = {"p1": decks[names[0]], "p2": decks[names[1]]}
    first = simulate(pair, games=6, seed=11, ruleset=ruleset)
    assert [e.message for e in first.errors] == []
    assert first.games == 6 and sum(first.wins.values()) + first.draws == 6
    again = simulate(pair, games=6, seed=11, ruleset=ruleset)
    assert again.digest == first.digest
