"""The explaining log: every line the engine logs carries a rule number, and every such
number has the project's one-sentence summary, in both numberings."""

from __future__ import annotations

import random

import pytest

from mtg_tui.explain import explained_lines, rule_summary
from mtg_tui.persistence.decklists import load_deck
from rules import Game, GameSetup


@pytest.mark.parametrize("era", ["2014", "2009"])
def test_every_log_line_of_a_game_has_a_rule_and_a_summary(era: str) -> None:
    for seed in range(3):
        decks = {"a": load_deck("red-green").cards, "b": load_deck("white-blue").cards}
        game = Game(GameSetup.from_decks(decks, seed=seed, ruleset=era, turn_cap=20))
        rng = random.Random(seed)
        for _ in range(3000):
            if game.decision is None:
                break
            game.act(game.actions.sample(rng))
        assert game.log
        for e in game.log:
            assert e.rule, f"no rule: {e.text}"
            assert rule_summary(e.rule, era), f"no summary of {e.rule} ({era}): {e.text}"


def test_explained_lines_put_the_summary_under_each_line() -> None:
    decks = {"a": load_deck("red-green").cards, "b": load_deck("white-blue").cards}
    game = Game(GameSetup.from_decks(decks, seed=1))
    plain, _ = explained_lines(game.log, "2014", selected=None, width=60, explain=False)
    explained, keep = explained_lines(game.log, "2014", selected=None, width=60, explain=True)
    assert not any("↳" in line.plain for line in plain)
    assert sum("↳" in line.plain for line in explained) == len(game.log)
    assert keep == len(explained) - 1 and all(line.cell_len <= 60 for line in explained)
