"""`mtg-tui goldfish DECK --games N`: the deck lab from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mtg_tui.cli.commands import main


def test_games_prints_the_kill_turn_chart_and_the_figures() -> None:
    result = CliRunner().invoke(main, ["goldfish", "red-green", "--games", "20", "--seed", "3"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "red-green — 20 goldfish games, rules 2014" in out and "seed 3" in out
    assert "kill turn (your turn)" in out and "█" in out and "by then" in out
    for figure in ("mean", "median", "mulligans", "land drops", "missed a land drop", "stalled", "damage by turn",
                   "not won"):
        assert figure in out
    assert "playing" not in out  # progress goes to stderr, and only on a terminal


def test_json_prints_one_object_and_the_same_seed_the_same_one() -> None:
    args = ["goldfish", "red-green", "--games", "6", "--seed", "2", "--rules", "2009", "--json"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    report = json.loads(first.output)
    assert report["games"] == 6 and report["ruleset"] == "2009" and report["seed"] == 2
    assert report["mulligan"] == "sequential"  # the 2009 rules' mulligan
    assert sum(report["kill_turns"].values()) + report["not_won"] == 6
    assert CliRunner().invoke(main, args).output == first.output


def test_mulligan_and_turn_cap_options_reach_the_report() -> None:
    result = CliRunner().invoke(main, ["goldfish", "red-green", "--games", "3", "--mulligan", "london",
                                       "--turn-cap", "4", "--json"])
    report = json.loads(result.output)
    assert report["mulligan"] == "london" and report["turn_cap"] == 4 and len(report["won_by_turn"]) == 4


def test_a_deck_file_works_too(tmp_path: Path) -> None:
    deck = tmp_path / "bolts.txt"
    deck.write_text("20 Mountain\n40 Lightning Bolt\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["goldfish", str(deck), "--games", "3", "--json", "--allow-illegal"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["deck"] == "bolts"


def test_bad_input_is_one_clear_line() -> None:
    for args, words in ((["goldfish", "no-such-deck", "--games", "5"], "no deck called 'no-such-deck'"),
                        (["goldfish", "red-green", "--games", "0"], "--games must be at least 1"),
                        (["goldfish", "red-green", "--games", "-3"], "--games must be at least 1")):
        result = CliRunner().invoke(main, args)
        assert result.exit_code != 0
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and words in lines[0], result.output
        assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception,
                                                                                            SystemExit)


def test_json_without_games_is_refused() -> None:
    result = CliRunner().invoke(main, ["goldfish", "red-green", "--json"])
    assert result.exit_code == 2 and "--games" in result.output


def test_without_games_the_goldfish_game_opens_as_before(monkeypatch) -> None:  # noqa: ANN001
    import mtg_tui.cli.launch as launch

    started: list = []
    monkeypatch.setattr(launch, "run_app", lambda config=None, session=None: started.append(config))
    result = CliRunner().invoke(main, ["goldfish", "red-green", "--seed", "4", "--name", "zoe"])
    assert result.exit_code == 0, result.output
    (config,) = started
    assert config.mode == "goldfish" and config.seed == 4 and config.names == ("zoe",)
