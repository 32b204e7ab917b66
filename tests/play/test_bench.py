"""The benchmarks run and report sensible figures (their speed is measured by `mtg-tui bench`,
never asserted)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mtg_tui.cli.commands import main
from rules.play.bench import copy_times, self_play, undo_times
from rules.play.decklist import parse_deck

from paths import DECKS


def _decks() -> dict[str, list[str]]:
    return {p: parse_deck((DECKS / f"{n}.txt").read_text(), n).cards
            for p, n in (("p1", "red-green"), ("p2", "white-blue"))}


def test_self_play_counts_games_and_decisions() -> None:
    r = self_play(_decks(), 2, "2014")
    assert r.games == 2 and r.decisions > 50 and r.seconds > 0
    assert r.decisions_per_s > r.games_per_s > 0


def test_undo_times_are_taken_at_the_turn_asked() -> None:
    u = undo_times(_decks(), turn=6, games=1, undos=3)
    assert len(u.turns) == 1 and u.turns[0] >= 6
    assert len(u.ms) == 3 and u.worst_ms >= u.median_ms > 0


def test_bench_command_prints_every_figure_as_json() -> None:
    result = CliRunner().invoke(main, ["bench", "--games", "2", "--lab-games", "3", "--undo-turn", "6",
                                       "--no-client", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert {"selfplay_2014", "selfplay_2009", "undo", "deck_lab"} <= set(out)
    assert out["selfplay_2014"]["games"] == 2 and out["deck_lab"]["games"] == 3


def test_copy_times_fork_copy_and_play_out_from_the_turn_asked() -> None:
    c = copy_times(_decks(), turn=4, games=1, copies=2)
    assert c.turn == 4 and len(c.fork_ms) == len(c.copy_ms) == 2 and c.playouts == 2
    assert c.fork_median_ms > 0 and c.copy_median_ms > 0 and c.playouts_per_s > 0
    assert len(c.game_copy_ms) == 2 and c.game_copy_median_ms > 0
    assert c.search_playouts > 12 and c.search_playouts_per_s > 0  # one searched decision of hard
