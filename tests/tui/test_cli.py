"""The mtg-tui command: subcommands, output formats, clear errors without tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.cli.commands import main
from rules.cards.model import CardDef

from paths import SCENARIOS

EXAMPLE = SCENARIOS / "lightning_bolt_kills_creature.toml"


def test_help_lists_the_subcommands() -> None:
    out = CliRunner().invoke(main, ["--help"]).output
    assert "scenario" in out and "simulate" in out


def test_scenario_prints_a_line_per_file_and_a_summary(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text("name = 'broken'\nactions = [\n")
    r = CliRunner().invoke(main, ["scenario", str(EXAMPLE), str(bad)])
    lines = r.output.strip().splitlines()
    assert lines[0].startswith("PASS ")
    assert lines[1].startswith("FAIL broken") and "TOML" in lines[1]
    assert lines[-1] == "1 passed, 1 failed"
    assert r.exit_code == 1
    assert "Traceback" not in r.output


def test_scenario_with_an_unknown_card_fails_clearly(tmp_path: Path) -> None:
    f = tmp_path / "unknown.toml"
    f.write_text('name = "u"\nabout = ["1"]\n[players.a]\nhand = ["Lightnig Bolt"]\n[players.b]\n')
    r = CliRunner().invoke(main, ["scenario", str(f)])
    assert "FAIL u: unknown card 'Lightnig Bolt'" in r.output and "Lightning Bolt" in r.output


def test_simulate_json_has_the_documented_keys() -> None:
    r = CliRunner().invoke(main, ["simulate", "red-green", "white-blue", "--games", "3", "--seed", "4", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    for key in ("games", "wins", "draws", "errors", "seconds", "games_per_s", "decisions_per_s", "digest"):
        assert key in data
    assert data["games"] == 3 and data["errors"] == 0


def test_simulate_check_and_jobs_change_nothing_in_the_games() -> None:
    args = ["simulate", "red-green", "white-blue", "--games", "2", "--seed", "4", "--rules", "2009", "--json"]
    plain = json.loads(CliRunner().invoke(main, args).output)
    checked = json.loads(CliRunner().invoke(main, [*args, "--check", "--jobs", "2"]).output)
    assert (checked["digest"], checked["errors"]) == (plain["digest"], 0)
    r = CliRunner().invoke(main, [*args, "--jobs", "0"])
    assert r.exit_code != 0 and "--jobs" in r.output


def test_simulate_replay_plays_one_game_of_a_run_alone_with_its_log() -> None:
    run = json.loads(CliRunner().invoke(main, ["simulate", "red-green", "white-blue", "--games", "1", "--seed", "6",
                                               "--rules", "2009", "--json"]).output)
    r = CliRunner().invoke(main, ["simulate", "red-green", "white-blue", "--replay", "6", "--rules", "2009"])
    assert r.exit_code == 0, r.output
    last = r.output.strip().splitlines()[-1]
    winner = next(iter(run["wins"]), None)
    assert last.startswith("seed 6: ") and (f"{winner} wins" in last if winner else "a draw" in last)
    assert "T1 " in r.output  # the game's log, turn by turn


def test_simulate_with_an_unknown_deck_says_so() -> None:
    r = CliRunner().invoke(main, ["simulate", "no-such-deck", "red-green"])
    assert r.exit_code != 0
    assert "no deck called 'no-such-deck'" in r.output
    assert "Traceback" not in r.output


def test_simulate_refuses_an_illegal_deck_unless_allow_illegal_100_2a(tmp_path: Path) -> None:
    """61 cards with five Lightning Bolt break 100.2a (2014) and 100.2 (2009)."""
    five = tmp_path / "five.txt"
    five.write_text("5 Lightning Bolt\n4 Shock\n52 Mountain\n")
    for rules, rule in (("2014", "100.2a"), ("2009", "100.2")):
        r = CliRunner().invoke(main, ["simulate", str(five), "red-green", "--games", "1", "--rules", rules])
        assert r.exit_code == 1 and "Traceback" not in r.output
        assert r.output == (f"Error: five is not a legal constructed deck (rule {rule}): too many copies: "
                            "5 Lightning Bolt (at most 4); --allow-illegal plays it anyway\n")
    r = CliRunner().invoke(main, ["simulate", str(five), "red-green", "--games", "1", "--json", "--allow-illegal"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 1


def test_simulate_refuses_a_100000_line_file_before_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    huge.write_text("1 Forest\n" * 100_000)
    r = CliRunner().invoke(main, ["simulate", str(huge), "red-green", "--games", "1", "--allow-illegal"])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.output == f"Error: {huge}: a file of 900,000 bytes is no deck list (at most 200,000)\n"


def test_simulate_refuses_a_count_no_deck_has(tmp_path: Path) -> None:
    absurd = tmp_path / "absurd.txt"
    absurd.write_text("999999999 Forest\n")
    r = CliRunner().invoke(main, ["simulate", str(absurd), "red-green", "--allow-illegal"])
    assert r.exit_code == 1
    assert f"{absurd}: line 1 ('999999999 Forest') brings the deck past 500 cards" in r.output


def test_cards_show_prints_oracle_text_beside_the_compiled_form(partial_card: CardDef) -> None:
    out = CliRunner().invoke(main, ["cards", "show", "Lightning", "Bolt"])
    assert out.exit_code == 0
    assert "> Lightning Bolt deals 3 damage to target creature or player." in out.output
    assert "DealDamage(amount=Fixed(n=3), to=TargetRef(index=0))" in out.output
    partial = CliRunner().invoke(main, ["cards", "show", partial_card.name])
    assert "not supported" in partial.output
    bad = CliRunner().invoke(main, ["cards", "show", "Lightning Bolz"])
    assert bad.exit_code == 1 and "unknown card" in bad.output and "Lightning Bolt" in bad.output


NONSENSE = [
    (["simulate", "red-green", "white-blue", "--games", "0"], "--games must be at least 1, not 0"),
    (["simulate", "red-green", "white-blue", "--games", "-5"], "--games must be at least 1, not -5"),
    (["simulate", "red-green", "white-blue", "--turn-cap", "-1"], "--turn-cap must be at least 1, not -1"),
    (["simulate", "red-green", "white-blue", "--turn-cap", "0"], "--turn-cap must be at least 1, not 0"),
    (["simulate", "--random-decks", "--jobs", "0"], "--jobs must be at least 1, not 0"),
    (["bench", "--games", "0", "--no-client"], "--games must be at least 1, not 0"),
    (["bench", "--lab-games", "-1", "--no-client"], "--lab-games must be at least 1, not -1"),
    (["bench", "--client-runs", "0"], "--client-runs must be at least 1, not 0"),
    (["bench", "--undo-turn", "-3", "--no-client"], "--undo-turn must be at least 2, not -3"),
    (["bench", "--undo-turn", "1", "--no-client"], "--undo-turn must be at least 2, not 1"),
    (["goldfish", "red-green", "--games", "3", "--turn-cap", "-2"], "--turn-cap must be at least 1, not -2"),
]


@pytest.mark.parametrize(("args", "said"), NONSENSE, ids=[" ".join(a[0:1] + a[-2:]) for a, _ in NONSENSE])
def test_nonsensical_numbers_are_refused_in_one_line_as_goldfish_refuses_them(args: list[str], said: str) -> None:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.output
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert lines == [f"Error: {said}"], r.output
