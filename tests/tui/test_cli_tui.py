"""`mtg-tui`, `mtg-tui play`, `mtg-tui goldfish`: bad input is one clear line, never a
traceback; a terminal below 100x30 says how big it must be."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import mtg_tui.launch as launch
from mtg_tui.app import MtgApp
from mtg_tui.cli import main

from conftest import screen_text


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list:
    calls: list = []
    monkeypatch.setattr(launch, "run_app", lambda config=None: calls.append(config))
    return calls


def test_play_starts_a_checked_hotseat_game(started: list) -> None:
    r = CliRunner().invoke(main, ["play", "red-green", "white-blue", "--names", "ann,ben", "--seed", "4",
                                  "--rules", "2009", "--open"])
    assert r.exit_code == 0, r.output
    cfg = started[0]
    assert cfg.names == ("ann", "ben") and cfg.seed == 4 and cfg.ruleset == "2009" and cfg.open_hands
    assert cfg.cards["ann"] and cfg.cards["ben"]


def test_goldfish_and_the_bare_command(started: list) -> None:
    assert CliRunner().invoke(main, ["goldfish", "mono-black", "--mulligan", "london"]).exit_code == 0
    assert started[0].mode == "goldfish" and started[0].mulligan == "london"
    assert CliRunner().invoke(main, []).exit_code == 0
    assert started[1] is None  # the main menu


@pytest.mark.parametrize("args, message", [
    (["play", "no-such-deck", "red-green"], "no deck called 'no-such-deck'"),
    (["goldfish", "red-green", "--name", "two words"], "single words"),
    (["play", "red-green", "red-green", "--names", "al,al"], "different names"),
])
def test_bad_input_is_one_clear_line(started: list, args: list[str], message: str) -> None:
    r = CliRunner().invoke(main, args)
    assert r.exit_code != 0 and message in r.output and "Traceback" not in r.output
    assert not started


def test_a_file_that_is_not_a_deck_is_summed_up(started: list, tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("\n".join(f"line {i}" for i in range(40)))
    r = CliRunner().invoke(main, ["goldfish", str(bad)])
    assert r.exit_code == 1 and "more problems" in r.output and r.output.count("\n") == 1


@pytest.mark.asyncio
async def test_a_small_terminal_says_how_big_it_must_be() -> None:
    app = MtgApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "needs a terminal of at least 100x30" in screen_text(app) and "This one is 80x24" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "New hotseat game" in screen_text(app)


@pytest.mark.asyncio
async def test_the_main_menu_opens_the_rules_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    from mtg_tui.screens.menu import MenuScreen
    from mtg_tui.screens.rules_ref import RulesScreen

    monkeypatch.delenv("MTG_TUI_CR_FILE", raising=False)
    app = MtgApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        for ch in "704.5g":
            await pilot.press(ch)
        await pilot.pause()
        assert "lethal" in screen_text(app) or "toughness" in screen_text(app)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
