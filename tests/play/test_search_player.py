"""The searching computer players (rules/play/players/search.py): which decisions they search,
the candidates they compare, how a position is scored, that a fixed budget and seed replay, and
that the search finds what the easy player's rules miss, on positions built as scenarios."""

from __future__ import annotations

import pytest
from test_easy_player import blocks, bob_attacks, position

from rules.engine.core import actions as A
from rules.play.players import make_player
from rules.play.players.easy import EasyPlayer
from rules.play.players.levels import UnknownLevel
from rules.play.players.search import SearchPlayer, candidates, score
from rules.play.players.spec import PlayerSpec, parse_spec, spec_player
from rules.play.simulate import new_game

DECK = ["Mountain"] * 12 + ["Forest"] * 12 + ["Runeclaw Bear", "Lightning Bolt", "Giant Growth", "Craw Wurm"] * 9


def test_the_searching_levels_are_search_players_with_a_bigger_budget_for_hard() -> None:
    normal, hard = make_player("normal", "bob", 2), make_player("hard", "bob", 2)
    assert isinstance(normal, SearchPlayer) and isinstance(hard, SearchPlayer)
    assert 0 < normal.budget < hard.budget


def test_a_decision_with_one_candidate_is_answered_without_a_copy() -> None:
    """Nothing to do but pass (no card it can cast, no ability): the easy answer, no playout."""
    game = position({"hand": ["Craw Wurm"], "battlefield": ["Forest"]}, {})
    player = SearchPlayer("alice", budget=16)
    assert player.answer(game, game.decision) == A.Pass("alice")
    assert player.searched == 0 and player.playouts == 0


def test_making_mana_alone_is_not_a_reason_to_search() -> None:
    """A land to tap is an action, but mana abilities only fill the pool: one candidate."""
    game = position({"battlefield": ["Forest", "Mountain"]}, {})
    prior = EasyPlayer("alice").answer(game, game.decision)
    assert candidates(game, game.decision, prior) == [prior]


def test_attack_candidates_go_creature_by_creature() -> None:
    """The easy group first, then none, all, and the easy group with each creature toggled."""
    game = position({"battlefield": ["Centaur Courser", "Runeclaw Bear", "Grizzly Bears"]},
                    {"battlefield": ["Giant Spider"]},
                    step="declare_attackers")
    prior = EasyPlayer("alice").answer(game, game.decision)
    named = [sorted(game.objects[a].name for a, _ in c.attacks) for c in candidates(game, game.decision, prior)
             if isinstance(c, A.DeclareAttackers)]
    assert named[0] == ["Centaur Courser"]  # the easy player's: the spider (2/4) would eat the bear
    assert named[1:] == [[], ["Centaur Courser", "Grizzly Bears", "Runeclaw Bear"],
                         ["Centaur Courser", "Runeclaw Bear"], ["Centaur Courser", "Grizzly Bears"]]


def test_a_position_is_scored_from_the_seat_s_side() -> None:
    """1 for a win, 0 for a loss; a board ahead scores above one behind, the two sides summing to 1."""
    ahead = position({"battlefield": ["Craw Wurm"]}, {"life": 8})
    assert 0.5 < score(ahead, "alice") < 1 and score(ahead, "alice") == pytest.approx(1 - score(ahead, "bob"))
    game = position({}, {"life": 1}, step="main1")
    game.act(A.Concede("bob"))
    assert score(game, "alice") == 1.0 and score(game, "bob") == 0.0


def test_it_gangs_up_on_a_big_attacker_where_the_easy_player_takes_the_hit() -> None:
    """Craw Wurm (6/4) attacks into two Centaur Coursers (3/3): no single block is good, so the
    easy player doesn't block; two blockers kill it for one of theirs (509.1a: any number of
    creatures may block one attacker), and the search finds it."""
    game = bob_attacks({"battlefield": ["Centaur Courser", "Centaur Courser"]}, {"battlefield": ["Craw Wurm"]},
                       "attack Craw Wurm")
    assert blocks(game, EasyPlayer("alice").answer(game, game.decision)) == []
    chosen = SearchPlayer("alice", seed=1, budget=32).answer(game, game.decision)
    assert blocks(game, chosen) == [("Centaur Courser", "Craw Wurm"), ("Centaur Courser", "Craw Wurm")]


def test_a_fixed_budget_and_seed_give_the_same_game() -> None:
    """Deterministic: bug reports replay (no clock, no hidden state, no set order)."""
    def play() -> list[str]:
        game = new_game({"alice": DECK, "bob": DECK}, seed=5, ruleset="2014", turn_cap=6)
        game.undo_points = True
        players = {"alice": SearchPlayer("alice", 5, budget=6), "bob": EasyPlayer("bob", 5)}
        while game.decision is not None:
            d = game.decision
            game.act(players[game.decider or d.player].answer(game, d))
        assert players["alice"].searched > 0
        return game.to_record()["actions"]

    assert play() == play()


def test_player_specs_name_a_budget_and_peek_for_searching_levels_only() -> None:
    assert parse_spec("hard@48+peek") == PlayerSpec("hard", 48, True)
    assert str(parse_spec("normal")) == "normal" and parse_spec("normal").with_budget(8) == PlayerSpec("normal", 8)
    assert parse_spec("easy").with_budget(8) == PlayerSpec("easy")
    player = spec_player("hard@7+peek", "bob", 3)
    assert isinstance(player, SearchPlayer) and player.budget == 7 and player.peek
    bad_specs = (("easy@3", "only a searching level"), ("hard@x", "number of playouts"), ("hardest", "levels are"))
    for bad, words in bad_specs:
        with pytest.raises(UnknownLevel, match=words):
            parse_spec(bad)


def test_the_hidden_card_test_catches_a_player_that_peeks() -> None:
    """The test every level passes (tests/play/test_players.py: the same answer on a re-dealt
    game) has teeth: a search that reads the real hidden cards (`peek`, for measurement only)
    answers differently once the opponent's hand and the libraries are dealt again."""
    import random

    from rules.play.players.seat import redeal

    game = new_game({"alice": DECK, "bob": DECK}, seed=9, ruleset="2014", turn_cap=10)
    game.undo_points = True
    movers = {p.name: EasyPlayer(p.name, 9) for p in game.players}
    rng = random.Random(9)
    differed = 0
    while game.decision is not None and game.turn < 8 and not differed:
        d = game.decision
        seat = game.decider or d.player
        peeker = SearchPlayer(seat, seed=3, budget=24, peek=True)
        here = peeker.answer(game, d)
        if peeker.searched:
            other = redeal(game, seat, rng)
            differed += SearchPlayer(seat, seed=3, budget=24, peek=True).answer(other, other.decision) != here
        game.act(movers[seat].answer(game, d))
    assert differed


def test_successive_halving_spends_the_budget_keeping_the_better_half_each_round() -> None:
    from rules.play.players.search import halving_plan

    assert halving_plan(2, 24) == [(2, 12)]
    assert halving_plan(5, 24) == [(5, 1), (3, 3), (2, 5)]  # 24 playouts, the last two compared on 9 deals
    assert sum(a * e for a, e in halving_plan(12, 8)) == 23  # one playout each a round, whatever the budget


def test_a_search_compares_only_the_candidates_its_budget_affords() -> None:
    """A larger budget buys something: a search compares as many candidates (the first: the
    prior, then the likelier) as it can give one playout each a round, and never spends more
    playouts than its budget."""
    from rules.play.players.search import affordable, halving_plan, plan_cost

    assert [affordable(12, b) for b in (1, 2, 8, 12, 24, 48)] == [1, 2, 4, 6, 12, 12]
    for budget in range(2, 60):
        for n in range(2, 13):
            k = affordable(n, budget)
            assert plan_cost(halving_plan(k, budget)) <= budget
            assert k == n or plan_cost(halving_plan(k + 1, budget)) > budget


def test_a_search_spends_no_more_than_its_budget_on_a_decision() -> None:
    """Counted in a real game: every searched decision of a budget-12 search costs at most 12
    playouts, though its decisions have up to 12 candidates."""
    game = new_game({"alice": DECK, "bob": DECK}, seed=5, ruleset="2014", turn_cap=10)
    game.undo_points = True
    players = {p.name: SearchPlayer(p.name, seed=2, budget=12) for p in game.players}
    while game.decision is not None and game.turn < 6:
        d = game.decision
        player = players[game.decider or d.player]
        before = (player.searched, player.playouts)
        game.act(player.answer(game, d))
        searched, spent = player.searched - before[0], player.playouts - before[1]
        assert spent <= 12 * searched, (d, spent)
    assert sum(p.searched for p in players.values()) > 0
