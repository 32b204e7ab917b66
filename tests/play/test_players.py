"""The computer players' common shape (rules.play.players): a level by name, a player per seat,
a legal answer to every decision of its seat."""

from __future__ import annotations

import pytest

from rules.play.players import DEFAULT_LEVEL, DESCRIPTIONS, LEVELS, UnknownLevel, described, make_player
from rules.play.simulate import check_invariants, new_game

DECK = ["Mountain"] * 12 + ["Forest"] * 12 + ["Runeclaw Bear", "Lightning Bolt", "Giant Growth", "Craw Wurm"] * 9


def test_an_unknown_level_names_the_levels_there_are() -> None:
    with pytest.raises(UnknownLevel, match="the levels are random"):
        make_player("grandmaster", "alice")


def test_every_level_says_what_it_is() -> None:
    """The menu and `play --help` name each level with a few words: every level has them."""
    assert set(DESCRIPTIONS) == set(LEVELS) and DEFAULT_LEVEL in LEVELS
    assert described("hard") == f"hard ({DESCRIPTIONS['hard']})"


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


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_player_reads_nothing_its_seat_may_not_know(level: str) -> None:
    """At its decisions through a game, a player of each level gives the same answer on the game
    and on a copy in which the opponent's hand and both libraries are dealt again (redeal):
    it reads only what its seat may know (the same seed, a fresh player each time)."""
    import random

    from rules.engine.core.decisions import AttackersDecision, BlockersDecision, MulliganDecision, PriorityDecision
    from rules.play.players.seat import redeal

    game = new_game({"alice": DECK, "bob": DECK}, seed=9, ruleset="2014", turn_cap=10)
    movers = {p.name: make_player(level, p.name, seed=9) for p in game.players}
    rng = random.Random(9)
    asked = 0
    while game.decision is not None and asked < 40:
        d = game.decision
        seat = game.decider or d.player
        if isinstance(d, PriorityDecision | AttackersDecision | BlockersDecision | MulliganDecision) and len(
                game.record) % 3 == 0:
            here = make_player(level, seat, seed=len(game.record)).answer(game, d)
            other = redeal(game, seat, rng)
            there = make_player(level, seat, seed=len(game.record)).answer(other, other.decision)
            assert here == there, (level, len(game.record), game.notation(here), other.notation(there))
            asked += 1
        game.act(movers[seat].answer(game, d))
    assert asked >= 10


def test_redeal_deals_again_only_what_the_seat_may_not_know() -> None:
    import random

    from rules.play.players.seat import redeal

    game = new_game({"alice": DECK, "bob": DECK}, seed=2, ruleset="2014")
    for _ in range(2):
        game.act(f"{game.decision.player}: keep")
    other = redeal(game, "alice", random.Random(1))
    mine, theirs = game.player("alice"), game.player("bob")
    assert other.player("alice").hand == mine.hand and sorted(other.player("alice").library) == sorted(mine.library)
    assert len(other.player("bob").hand) == len(theirs.hand)
    assert sorted(other.player("bob").hand + other.player("bob").library) == sorted(theirs.hand + theirs.library)
    assert other.player("bob").hand != theirs.hand  # (seed 1: a different hand)
    assert all(other.objects[i].zone == "hand" for i in other.player("bob").hand)
    assert game.player("bob").hand == theirs.hand  # the game itself is left as it was
