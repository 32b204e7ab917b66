"""`mtg-tui tournament`: a short tournament of random players (what CI runs), its table and its
JSON, the same results for any --jobs, errors with the command that replays them, bad input in
one line, and the progress bar only on a terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.cli.commands import main
from rules.engine.core import actions as A
from rules.play.players import LEVELS

SHORT = ["tournament", "--players", "random,random", "--decks", "red-green", "white-blue", "--games", "4",
         "--seed", "7", "--turn-cap", "10"]


def run(args: list[str]) -> tuple[int, str]:
    r = CliRunner().invoke(main, args)
    assert "Traceback" not in r.output
    return r.exit_code, r.output


def test_a_short_tournament_of_random_players_prints_a_line_per_player_and_the_head_to_head() -> None:
    code, out = run([*SHORT, "--check"])
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("4 games: 4 per pair of players and pair of decks (1 deck pair), seeds 7-8")
    header = next(i for i, line in enumerate(lines) if line.startswith("player"))
    assert "95% interval (Wilson)" in lines[header] and "median / p99 / worst" in lines[header]
    assert [line.split()[0] for line in lines[header + 1:header + 3]] == ["random#1", "random#2"]
    assert [line.split()[1] for line in lines[header + 1:header + 3]] == ["4", "4"]  # games each
    assert any(line.startswith("  random#1 vs random#2: ") for line in lines)
    assert "errors: 0" in lines and "games/s" in lines[-1]


def test_the_json_is_the_same_with_two_jobs_but_for_the_timings() -> None:
    def figures(args: list[str]) -> dict:
        code, out = run(args)
        assert code == 0, out
        doc = json.loads(out)
        for key in ("seconds", "games_per_s"):
            assert key in doc
            del doc[key]
        for player in doc["players"]:
            assert set(player["decision_ms"]) == {"median", "p99", "worst"}
            del player["decision_ms"]
        return doc

    alone = figures([*SHORT, "--json"])
    spread = figures([*SHORT, "--json", "--jobs", "2"])
    assert alone == spread
    assert alone["games"] == 4 and [p["name"] for p in alone["players"]] == ["random#1", "random#2"]
    assert alone["pairs"][0]["games"] == 4 and alone["errors"] == []


class _Refuser:
    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat

    def answer(self, game: object, decision: object) -> A.Action:
        return A.PlayLand(player=self.seat, card=-1)


def test_an_error_names_the_player_the_seed_and_the_command_that_replays_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "refuser", _Refuser)
    code, out = run(["tournament", "--players", "refuser,random", "--decks", "red-green", "--games", "2",
                     "--seed", "5"])
    assert code == 1
    errors = [line for line in out.splitlines() if line.startswith("  seed 5")]
    assert len(errors) == 2
    assert errors[0].startswith("  seed 5, p1 refuser (red-green) vs p2 random (red-green): refuser: answered ")
    assert errors[1].startswith("  seed 5, p1 random (red-green) vs p2 refuser (red-green): refuser: ")
    assert errors[1].endswith("; replay: mtg-tui tournament --players refuser,random --decks red-green red-green "
                              "--games 2 --seed 5 --rules 2014 --turn-cap 40 --check")


BAD = [
    (["--players", "random,grandmaster", "--decks", "red-green"], "no computer player 'grandmaster': the levels are "),
    (["--players", "random", "--decks", "red-green"], "--players needs at least two players"),
    (["--players", "random,random,random", "--decks", "red-green"],
     "'random' is given 3 times: a level plays at most twice"),
    (["--decks", "red-green"], "--players needs at least two players"),
    (["--players", "random,random", "--decks", "no-such-deck"], "no deck called 'no-such-deck'"),
    (["--players", "random,random"], "give the decks to play: --decks DECK..."),
    (["--players", "random,random", "--decks", "red-green", "--games", "0"], "--games must be at least 1, not 0"),
    (["--players", "random,random", "--decks", "red-green", "--games", "3"],
     "--games must be even (each seed is played twice, the seats swapped), not 3"),
    (["--players", "random,random", "--decks", "red-green", "--jobs", "0"], "--jobs must be at least 1, not 0"),
    (["--players", "random,random", "--decks", "red-green", "--turn-cap", "-1"],
     "--turn-cap must be at least 1, not -1"),
    (["--players", "easy@3,hard", "--decks", "red-green"],
     "'easy@3': only a searching level (normal, hard) takes a budget (@N) or +peek"),
    (["--players", "hard@many,easy", "--decks", "red-green"], "'hard@many': the budget after @ is a number"),
    (["--players", "hard,easy", "--decks", "red-green", "--budget", "0"], "--budget must be at least 1, not 0"),
]


@pytest.mark.parametrize(("args", "said"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_refused_in_one_line(args: list[str], said: str) -> None:
    code, out = run(["tournament", *args])
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 1 and len(lines) == 1 and lines[0].startswith(f"Error: {said}"), out


def test_an_illegal_deck_is_refused_unless_allowed(tmp_path: Path) -> None:
    five = tmp_path / "five.txt"
    five.write_text("5 Forest\n")
    code, out = run(["tournament", "--players", "random,random", "--decks", str(five), "--games", "2"])
    assert code == 1 and "--allow-illegal" in out
    code, out = run(["tournament", "--players", "random,random", "--decks", str(five), "--games", "2",
                     "--turn-cap", "3", "--allow-illegal", "--json"])
    assert code == 0 and json.loads(out)["games"] == 2


def test_the_progress_bar_is_drawn_only_on_a_terminal_and_never_with_json(tmp_path: Path) -> None:
    from test_lab_progress import BAR, lab

    args = [*SHORT[:-4], "--games", "6", "--turn-cap", "6"]
    out, terminal = lab(args, tmp_path, stderr_on_terminal=True)
    assert BAR in terminal and "6/6" in terminal, terminal[-500:]
    piped_out, err = lab(args, tmp_path, stderr_on_terminal=False)
    assert err == ""
    assert out.splitlines()[:-1] != [] and "random#1 vs random#2" in piped_out
    _, terminal = lab([*args, "--json"], tmp_path, stderr_on_terminal=True)
    assert terminal == ""


def test_budget_goes_to_the_searching_players_that_name_none_and_shows_in_their_names() -> None:
    code, out = run(["tournament", "--players", "hard,normal@2,easy", "--budget", "3", "--decks", "red-green",
                     "--games", "2", "--seed", "1", "--turn-cap", "6", "--json"])
    assert code == 0, out
    assert [s["name"] for s in json.loads(out)["players"]] == ["hard@3", "normal@2", "easy"]


def test_the_match_report_gives_each_pair_of_decks_results_whoever_played_them() -> None:
    """For a player tuning a deck: the wins of the deck in p1 against the deck in p2, over both
    players (a mirror pair says nothing about a deck and is left out)."""
    code, out = run(["tournament", "--players", "easy,easy", "--decks", "red-green", "white-blue", "--games", "4",
                     "--seed", "1", "--json"])
    assert code == 0, out
    doc = json.loads(out)
    [match] = doc["decks"]
    assert match["decks"] == ["red-green", "white-blue"] and match["games"] == 4
    assert sum(match["wins"].values()) + match["draws"] == 4
    seat_wins = sum(p["wins"][name] for p in doc["pairs"] for name in p["wins"])  # every game won by a seat
    assert seat_wins == sum(match["wins"].values())
    code, out = run(["tournament", "--players", "easy,easy", "--decks", "red-green", "white-blue", "--games", "4",
                     "--seed", "1"])
    assert "decks (whoever played them):" in out and "  red-green vs white-blue: " in out
