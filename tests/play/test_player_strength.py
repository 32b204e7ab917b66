"""A short tournament in CI (issue 26): a regression in the players (a search that scores the
wrong side, a candidate list that loses the easy answer, a heuristic turned upside down) shows
as lost games.  Small budgets and few games, so it runs in seconds; the long runs, with their
intervals, are benchmarks (`mtg-tui tournament`), their figures in the issue's notes.  Fixed
seeds: the games are the same on every run, so a threshold is not a flaky test."""

from __future__ import annotations

from rules.play.decklist import parse_deck
from rules.play.tournament import entrants, run_tournament, schedule

from paths import DECKS


def _decks() -> list[tuple[str, tuple[str, ...]]]:
    out = []
    for name in ("red-green", "white-blue"):
        out.append((name, tuple(parse_deck((DECKS / f"{name}.txt").read_text(encoding="utf-8"), name).cards)))
    return out


def _standings(levels: list[str], games: int) -> dict[str, tuple[int, int]]:
    players = entrants(levels)
    result = run_tournament(schedule(players, _decks(), games, seed=11, check=True), players, jobs=2)
    assert result.errors == []
    return {s.name: (s.wins, s.games) for s in result.standings}


def test_a_small_search_beats_the_random_player() -> None:
    wins, games = _standings(["hard@6", "random"], 8)["hard@6"]
    assert wins >= games - 1, (wins, games)


def test_a_small_search_holds_its_own_against_the_easy_player() -> None:
    wins, games = _standings(["normal@8", "easy"], 16)["normal@8"]
    assert wins >= games // 2, (wins, games)
