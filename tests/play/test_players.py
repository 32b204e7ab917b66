"""The computer players' common shape (rules.play.players): a level by name, a player per seat,
a legal answer to every decision of its seat."""

from __future__ import annotations

import pytest

from rules.play.players import LEVELS, UnknownLevel, make_player
from rules.play.simulate import check_invariants, new_game

DECK = ["Mountain"] * 12 + ["Forest"] * 12 + ["Runeclaw Bear", "Lightning Bolt", "Giant Growth", "Craw Wurm"] * 9


def test_an_unknown_level_names_the_levels_there_are() -> None:
    with pytest.raises(UnknownLevel, match="the levels are random"):
        make_player("grandmaster", "alice")


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_two_players_of_a_level_play_a_whole_legal_game(level: str) -> None:
    game = new_game({"alice": DECK, "bob": DECK}, seed=4, ruleset="2014", turn_cap=12)
    players = {p.name: make_player(level, p.name, seed=4) for p in game.players}
    decisions = 0
    while game.decision is not None and decisions < 5000:
        d = game.decision
        action = players[game.decider or d.player].answer(game, d)
        assert game.check(action) is None, (level, game.notation(action))
        game.act(action)
        check_invariants(game)
        decisions += 1
    assert game.over
