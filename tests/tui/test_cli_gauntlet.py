"""`mtg-tui gauntlet` (issue 28): starts or continues a gauntlet (saying which) and opens the
client on it; `--status` prints progress and summaries (text or JSON); `--abandon` ends it;
an unknown deck or set, or a second gauntlet, is one clear line and a non-zero exit."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.cli import launch
from mtg_tui.cli.commands import main
from mtg_tui.gauntlet import PLAYER, GameResult
from mtg_tui.persistence import gauntlet_file
from mtg_tui.persistence.decklists import load_deck


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The client is not run: each call records that it would have opened the gauntlet."""
    calls: list[bool] = []
    monkeypatch.setattr(launch, "run_app", lambda gauntlet=False, **_: calls.append(gauntlet))
    return calls


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["gauntlet", *args])
    return r.exit_code, r.output


def test_starts_then_continues_saying_which(opened: list[bool]) -> None:
    code, out = run("red-green", "--set", "m12", "--best-of", "3", "--ai", "easy", "--seed", "4")
    assert code == 0 and "starting the gauntlet: red-green against the M12 precons, best of three, computer easy" in out
    code, out = run("red-green", "--set", "M12")
    assert code == 0 and "continuing the gauntlet" in out and "best of three" in out
    code, out = run()
    assert code == 0 and "continuing the gauntlet" in out
    assert opened == [True, True, True]


def test_a_precon_of_yours_plays_as_sold_a_short_file_of_yours_needs_allow_illegal(
        opened: list[bool], tmp_path: Path) -> None:
    code, out = run("firebomber", "--set", "M11")
    assert code == 0 and "starting the gauntlet" in out
    run("--abandon")
    short = tmp_path / "short.txt"
    short.write_text("".join(f"{n} {name}\n" for name, n in Counter(load_deck("firebomber").cards).items()),
                     encoding="utf-8")
    code, out = run(str(short), "--set", "M11")
    assert code == 1 and "--allow-illegal plays it anyway" in out and "Traceback" not in out


@pytest.mark.parametrize(("args", "said"), [
    (("no-such-deck", "--set", "M10"), "no deck called 'no-such-deck'"),
    (("red-green", "--set", "ZEN"), "no precons of set 'ZEN': a gauntlet is played against one of 10E, M10, M11, M12"),
    (("red-green",), "give the set whose precons you play"),
    ((), "no gauntlet in progress"),
    (("red-green", "--set", "M10", "--ai", "genius"), "no computer player 'genius'"),
])
def test_bad_input_is_one_line(opened: list[bool], args: tuple[str, ...], said: str) -> None:
    code, out = run(*args)
    assert code == 1 and said in out and "Traceback" not in out and out.count("\n") == 1
    assert not opened and gauntlet_file.read().current is None


def test_a_players_precon_with_allow_illegal(opened: list[bool]) -> None:
    code, out = run("firebomber", "--set", "M11", "--allow-illegal")
    assert code == 0 and opened == [True]


def test_a_second_gauntlet_is_refused_until_the_first_is_abandoned(opened: list[bool]) -> None:
    assert run("red-green", "--set", "M10")[0] == 0
    code, out = run("white-blue", "--set", "M10")
    assert code == 1 and "a gauntlet is in progress" in out and "--abandon" in out
    code, out = run("--abandon")
    assert code == 0 and out.startswith("abandoned: red-green against the M10 precons")
    assert run("--abandon")[1].strip() == "no gauntlet in progress"
    assert run("white-blue", "--set", "M10")[0] == 0


def test_status_as_text_and_json(opened: list[bool]) -> None:
    assert run("--status")[1].strip() == "No gauntlet in progress."
    run("red-green", "--set", "M10", "--seed", "9")
    current = gauntlet_file.read().current
    assert current is not None
    gauntlet_file.save_current(current.started())
    ended = ["deaths-minions has 0 life and loses the game"]
    gauntlet_file.record_game(9, (PLAYER, "deaths-minions"), PLAYER, 7, ended)
    code, out = run("--status")
    assert code == 0 and "1 game played" in out
    assert "1. Death's Minions (deaths-minions): won 1-0 [won on turn 7]" in out
    assert "2. Firebomber (firebomber): next" in out
    code, out = run("--status", "--json")
    doc = json.loads(out)
    first = GameResult("won", 7, "deaths-minions has 0 life and loses the game")
    assert doc["current"]["matches"][0]["games"] == [first.as_json()]
    assert doc["current"]["next"] == 1 and doc["finished"] == []


def test_a_damaged_file_is_named_and_kept(opened: list[bool]) -> None:
    path = gauntlet_file.gauntlet_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[1, 2", encoding="utf-8")
    for args in (("--status",), ("red-green", "--set", "M10")):
        code, out = run(*args)
        assert code == 1 and f"the gauntlet file {path} can't be read" in out and "--abandon" in out
    assert path.read_text(encoding="utf-8") == "[1, 2" and not opened
