"""Tournaments between computer players (rules.play.tournament): the Wilson interval, the
schedule (pairings, decks, seeds played twice with the seats swapped), the same results for
any number of processes, the report's JSON, and errors that name the seed and the player."""

from __future__ import annotations

from collections import Counter

import pytest

from mtg_tui.persistence.decklists import load_deck
from rules.engine.core import actions as A
from rules.play.players import LEVELS
from rules.play.tournament import (
    Entrant,
    TournamentGame,
    deck_pairs,
    entrants,
    nearest_rank,
    run_tournament,
    schedule,
    wilson_interval,
)

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3
# (the Wilson score interval without continuity correction)
NEWCOMBE = [((81, 263), (0.2553, 0.3662)), ((15, 148), (0.0624, 0.1605)), ((0, 20), (0.0, 0.1611)),
            ((1, 29), (0.0061, 0.1718))]


@pytest.mark.parametrize(("counts", "expected"), NEWCOMBE)
def test_the_wilson_interval_gives_the_published_values(counts: tuple[int, int], expected: tuple[float, float]) -> None:
    low, high = wilson_interval(*counts)
    assert (round(low, 4), round(high, 4)) == expected


def test_the_wilson_interval_is_symmetric_and_stays_in_bounds() -> None:
    low, high = wilson_interval(5, 10)
    assert round(low, 4) == round(1 - high, 4) == 0.2366
    assert wilson_interval(10, 10)[1] <= 1.0 and wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_percentiles_are_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert (nearest_rank(values, 0.5), nearest_rank(values, 0.99), nearest_rank(values, 1.0)) == (50.0, 99.0, 100.0)
    assert nearest_rank([7.0], 0.99) == 7.0 and nearest_rank([], 0.5) == 0.0


def test_a_level_entered_twice_makes_two_entrants_with_names_of_their_own() -> None:
    assert entrants(["random", "random"]) == [Entrant("random#1", "random"), Entrant("random#2", "random")]
    assert [e.name for e in entrants(["a", "b", "a"])] == ["a#1", "b", "a#2"]
    assert [e.name for e in entrants(["a", "b"])] == ["a", "b"]
    with pytest.raises(ValueError, match="'a' is given 3 times: a level plays at most twice"):
        entrants(["a", "b", "a", "a"])


def test_decks_meet_in_every_pair_of_different_decks_and_one_deck_meets_itself() -> None:
    assert deck_pairs(1) == [(0, 0)]
    assert deck_pairs(3) == [(0, 1), (0, 2), (1, 2)]


def test_the_schedule_plays_each_seed_twice_with_the_players_swapped_and_the_decks_kept_by_seat() -> None:
    players = entrants(["x", "y", "z"])
    decks = [("A", ("Forest",)), ("B", ("Island",)), ("C", ("Swamp",))]
    games = schedule(players, decks, games=4, seed=10)
    assert len(games) == 3 * 3 * 4  # pairs of players x pairs of decks x games
    pairings = Counter((g.first.name, g.second.name, g.deck_names) for g in games)
    assert set(pairings.values()) == {4}
    for one, two in zip(games[::2], games[1::2], strict=True):
        assert (one.seed, one.deck_names, one.decks) == (two.seed, two.deck_names, two.decks)
        assert one.seated() == tuple(reversed(two.seated())) and not one.swapped and two.swapped
        for e in one.seated():  # a player's seed follows it to the other seat
            assert one.player_seed(e) == two.player_seed(e)
        assert one.player_seed(one.first) != one.player_seed(one.second)
    assert sorted({g.seed for g in games}) == [10, 11]
    first_seeds = {g.player_seed(g.first) for g in games if g.seed == 10 and g.first.name == "x"}
    assert len(first_seeds) == 3  # one per pair of decks: a seed's first choices differ from deck pair to deck pair
    assert all(g.decks[0] == dict(decks)[g.deck_names[0]] for g in games)
    for odd in (0, 3):
        with pytest.raises(ValueError, match="even"):
            schedule(players, decks, games=odd)


def _decks() -> list[tuple[str, tuple[str, ...]]]:
    return [(name, tuple(load_deck(name).cards)) for name in ("red-green", "white-blue")]


def _short(levels: list[str], games: int = 4, check: bool = False) -> tuple[list[Entrant], list]:
    players = entrants(levels)
    return players, schedule(players, _decks(), games, seed=3, ruleset="2014", turn_cap=8, check=check)


def test_the_results_are_the_same_in_one_process_or_two() -> None:
    players, games = _short(["random", "random"])
    alone = run_tournament(games, players, jobs=1)
    spread = run_tournament(games, players, jobs=2)
    assert alone.as_json(timings=False) == spread.as_json(timings=False)
    again = run_tournament(games, players, jobs=1)
    assert again.as_json(timings=False) == alone.as_json(timings=False)


def test_a_searching_player_s_results_are_the_same_in_one_process_or_two() -> None:
    """A fixed budget and the game's seed fix every answer: no clock, no process state."""
    players, games = _short(["hard@3", "easy"], games=2)
    alone = run_tournament(games, players, jobs=1)
    assert alone.as_json(timings=False) == run_tournament(games, players, jobs=2).as_json(timings=False)


def test_every_level_plays_a_checked_tournament_without_errors() -> None:
    players, games = _short([*sorted(LEVELS), "random"], games=2, check=True)
    result = run_tournament(games, players)
    assert result.errors == []
    assert result.games == len(games)
    for s in result.standings:
        assert s.games == 2 * (len(players) - 1) and s.illegal == 0
        assert len(s.seconds) == s.decisions > 0  # every answer timed


def test_the_report_as_json_has_each_players_figures_and_each_pairings() -> None:
    players, games = _short(["random", "random"], games=2)
    doc = run_tournament(games, players).as_json()
    assert set(doc) == {"games", "players", "pairs", "decks", "errors", "seconds", "games_per_s"}
    first = doc["players"][0]
    assert set(first) == {"name", "level", "games", "wins", "losses", "draws", "win_rate", "interval",
                          "decisions_per_game", "illegal_actions", "decision_ms"}
    assert set(first["decision_ms"]) == {"median", "p99", "worst"}
    assert first["decision_ms"]["median"] <= first["decision_ms"]["p99"] <= first["decision_ms"]["worst"]
    assert first["wins"] + first["losses"] + first["draws"] == first["games"] == 2
    low, high = first["interval"]
    assert low <= first["win_rate"] <= high
    pair = doc["pairs"][0]
    assert pair["players"] == ["random#1", "random#2"]
    assert sum(pair["wins"].values()) + pair["draws"] == pair["games"] == 2
    assert doc["players"][1]["wins"] == pair["wins"]["random#2"] == first["losses"]


class _Refuser:
    """A player that answers every decision with an action the engine refuses."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat

    def answer(self, game: object, decision: object) -> A.Action:
        return A.PlayLand(player=self.seat, card=-1)


def test_an_answer_the_engine_refuses_is_an_error_naming_the_player_and_its_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "refuser", _Refuser)
    players, games = _short(["random", "refuser"], games=2)
    result = run_tournament(games, players)
    assert result.games == 2 and len(result.errors) == 2
    assert {e.player for e in result.errors} == {"refuser"} and {e.seed for e in result.errors} == {3}
    assert "refuses" in result.errors[0].message
    assert result.standings[1].illegal == 2 and result.standings[1].games == 0
    assert result.pairs[0].errors == 2


class _Raiser(_Refuser):
    def answer(self, game: object, decision: object) -> A.Action:
        raise RuntimeError("out of ideas")


def test_a_player_that_raises_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "raiser", _Raiser)
    players, games = _short(["raiser", "random"], games=2)
    result = run_tournament(games, players)
    said = ("raiser", "the player raised RuntimeError: out of ideas")
    assert [(e.player, e.message) for e in result.errors] == [said, said]
    assert result.standings[0].illegal == 0


def test_an_engine_error_names_the_seed_and_no_player(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.play.tournament as tournament

    def broken(game: object) -> None:
        raise tournament.InvariantError("a broken invariant")
    monkeypatch.setattr(tournament, "check_invariants", broken)
    players, games = _short(["random", "random"], games=2, check=True)
    result = run_tournament(games, players)
    assert [(e.seed, e.player, e.seats) for e in result.errors] == [(3, None, ("random#1", "random#2")),
                                                                    (3, None, ("random#2", "random#1"))]
    assert "InvariantError: a broken invariant" in result.errors[0].message


def test_the_two_games_of_one_seed_replay_alone_with_the_pairings_levels_in_its_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What an error's replay command does (`--players A,B --games 2 --seed S`): the same two
    games as in the whole tournament, whatever the entrants were called there (their players'
    seeds come from their places in the pairing)."""
    from rules.play.players import RandomPlayer
    from rules.play.tournament import play_game

    monkeypatch.setitem(LEVELS, "other", RandomPlayer)  # another level, any legal answer as random gives
    players = entrants(["random", "random", "other"])
    whole = [g for g in schedule(players, _decks(), 4, seed=3, turn_cap=8)
             if (g.first.name, g.second.name, g.seed) == ("random#2", "other", 4)]
    alone = schedule(entrants(["random", "other"]), _decks(), 2, seed=4, turn_cap=8)
    assert [e.name for e in alone[0].seated()] == ["random", "other"]

    def played(game: TournamentGame) -> tuple:
        """Seat by seat: decisions answered; and which seat won (None: a draw)."""
        record = play_game(game)
        seats = [e.name for e in game.seated()]
        winner = seats.index(record.winner) if record.winner else None
        return tuple(record.decisions[name] for name in seats), winner, record.error

    assert len(whole) == len(alone) == 2
    assert [played(g) for g in whole] == [played(g) for g in alone]
