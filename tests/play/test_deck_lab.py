"""The deck lab's report (rules/play/deck_lab.py): a function of its seed, and its figures
consistent with each other."""

from __future__ import annotations

import json

import pytest
from test_pilot import RED_GREEN

from rules.play.deck_lab import LAND_TURNS, play_lab_game, run_lab

GAMES = 12


@pytest.fixture(scope="module")
def report():  # noqa: ANN201
    return run_lab(RED_GREEN, GAMES, seed=40, name="red-green")


def test_the_same_seed_gives_the_same_report_and_another_seed_another(report) -> None:  # noqa: ANN001
    again = run_lab(RED_GREEN, GAMES, seed=40, name="red-green")
    assert again == report and again.to_json() == report.to_json()
    other = run_lab(RED_GREEN, GAMES, seed=41, name="red-green")
    assert other.to_json() != report.to_json()


def test_game_i_uses_seed_s_plus_i(report) -> None:  # noqa: ANN001
    from rules.play.deck_lab import play_lab_game

    first = run_lab(RED_GREEN, 1, seed=40 + 5)
    facts = play_lab_game(RED_GREEN, 45)
    assert first.kill_turns == ({facts.kill_turn: 1} if facts.kill_turn else {})


def test_the_figures_are_consistent(report) -> None:  # noqa: ANN001
    r = report
    assert r.games == GAMES and not r.errors and not r.cancelled
    assert sum(r.kill_turns.values()) + r.not_won == r.games == r.won + r.not_won
    assert r.won > 0  # a red-green deck beats a goldfish by turn 20
    kills = sorted(t for t, n in r.kill_turns.items() for _ in range(n))
    assert kills[0] <= r.median_kill_turn <= kills[-1]
    assert kills[0] <= r.mean_kill_turn <= kills[-1]
    assert r.mean_kill_turn == pytest.approx(sum(kills) / len(kills), abs=1e-3)
    assert len(r.won_by_turn) == r.turn_cap
    assert all(a <= b for a, b in zip(r.won_by_turn, r.won_by_turn[1:], strict=False))  # cumulative
    assert r.won_by_turn[-1] == pytest.approx(r.won / r.games, abs=1e-4)
    for t, share in enumerate(r.won_by_turn, 1):
        assert share == pytest.approx(sum(n for k, n in r.kill_turns.items() if k <= t) / r.games, abs=1e-4)
    assert sum(r.kept_hand_sizes.values()) == r.games
    assert r.mulligan_rate == pytest.approx(sum(n for k, n in r.kept_hand_sizes.items() if k < 7) / r.games, abs=1e-4)
    assert len(r.land_drops) == LAND_TURNS and all(0 <= s <= 1 for s in r.land_drops)
    assert r.land_drops[0] > 0.9  # a kept hand has a land, played on turn 1
    assert 0 <= r.missed_land_drop <= r.games and 0 <= r.stalled <= r.games
    assert all(a <= b for a, b in zip(r.damage_by_turn, r.damage_by_turn[1:], strict=False))  # cumulative
    assert r.damage_by_turn[-1] >= 20 * r.won / r.games


def test_the_json_is_one_object_with_every_figure(report) -> None:  # noqa: ANN001
    d = json.loads(report.to_json())
    for key in ("kill_turns", "mean_kill_turn", "median_kill_turn", "won_by_turn", "mulligan_rate",
                "kept_hand_sizes", "land_drops", "missed_land_drop", "stalled", "damage_by_turn", "not_won",
                "games", "seed", "ruleset", "mulligan", "deck"):
        assert key in d
    assert sum(d["kill_turns"].values()) == d["won"] and d["deck"] == "red-green"


def test_progress_is_told_after_each_game_and_cancel_stops_the_run() -> None:
    seen: list[tuple[int, int]] = []
    r = run_lab(RED_GREEN, 10, seed=1, progress=lambda done, total: seen.append((done, total)),
                cancel=lambda: len(seen) >= 3)
    assert seen == [(1, 10), (2, 10), (3, 10)]
    assert r.cancelled and r.games == 3


def test_a_game_not_won_by_the_turn_cap_counts_as_not_won() -> None:
    r = run_lab(RED_GREEN, 3, seed=1, turn_cap=2)
    assert r.not_won == 3 and r.kill_turns == {} and r.mean_kill_turn is None and r.median_kill_turn is None
    assert len(r.won_by_turn) == 2 and r.won_by_turn == (0.0, 0.0)


def test_fewer_than_one_game_is_refused() -> None:
    with pytest.raises(ValueError):
        run_lab(RED_GREEN, 0)


def test_a_long_game_meets_its_turn_cap_not_the_decision_cap() -> None:
    """500 Forests: the pilot plays a land a turn and never wins; the game goes on to the turn
    cap, not an error.  The decision cap follows the turn cap (a fixed 5,000 stopped this
    game as an error near turn 300)."""
    facts = play_lab_game(["Forest"] * 500, 0, turn_cap=400)
    assert facts.error == "" and facts.kill_turn is None
    assert facts.turns >= 400  # every turn up to the cap was played
