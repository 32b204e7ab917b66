"""The deck lab screen (issue 13): opened from a goldfish game (`d`) and from the main menu,
it plays the games in a worker thread with a progress bar, shows the report until Esc, and
Esc during the run cancels it."""

from __future__ import annotations

import asyncio
import time

import pytest
from conftest import SIZE, game_screen, screen_text

from mtg_tui.app import MtgApp
from mtg_tui.config import GameConfig
from mtg_tui.screens.lab import LabScreen
from mtg_tui.screens.menu import NewGameScreen

pytestmark = pytest.mark.asyncio


async def wait_until(pilot, test, seconds: float = 30.0) -> None:  # noqa: ANN001
    end = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < end, "timed out"
        await pilot.pause(0.02)


@pytest.fixture
def few_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mtg_tui.screens.lab.LAB_GAMES", 5)  # a test: few games


async def test_d_in_a_goldfish_game_runs_the_lab_for_its_deck_and_shows_the_report(few_games: None) -> None:
    cfg = GameConfig("goldfish", ("red-green",), seed=3).checked()
    app = MtgApp(cfg)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "k")  # the mulligan dialog: keep
        await pilot.pause()
        game = game_screen(app)
        assert app.screen is game and "d lab" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        lab = app.screen
        assert isinstance(lab, LabScreen)
        assert lab.deck_name == "red-green" and lab.cards == list(game.game.setup.players[0].deck)
        await wait_until(pilot, lambda: lab.report is not None)
        text = screen_text(app)
        assert "kill turn (your turn)" in text and "█" in text and "mulligans" in text and "esc close" in text
        assert lab.report is not None and lab.report.games == 5 and lab.done_games == 5
        assert lab.report.deck == "red-green" and lab.report.seed == 0
        await pilot.press("space")  # any other key: the report stays
        assert app.screen is lab
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game


async def test_the_main_menu_opens_the_lab_form_and_the_report_for_the_deck(few_games: None) -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Deck lab" in screen_text(app)
        await pilot.press("d")
        assert isinstance(app.screen, NewGameScreen) and app.screen.lab
        app.screen.query_one("#deck1").value = "green-white"
        app.screen.query_one("#seed").value = "5"
        await pilot.press("enter")
        await pilot.pause()
        lab = app.screen
        assert isinstance(lab, LabScreen) and lab.deck_name == "green-white" and lab.seed == 5
        await wait_until(pilot, lambda: lab.report is not None)
        assert lab.report is not None and lab.report.games == 5 and lab.report.deck == "green-white"
        assert lab.report.seed == 5


async def test_progress_moves_while_it_runs_and_esc_cancels_the_run() -> None:
    from rules.play.deck_lab import lab_setup  # noqa: F401 - the lab's module loads before the clock starts

    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        cards = GameConfig("goldfish", ("red-green",)).checked().cards["alice"]
        lab = LabScreen("red-green", cards, games=5000)
        await app.push_screen(lab)
        await wait_until(pilot, lambda: lab.done_games >= 2)
        bar = lab.query_one("#lab-progress")
        assert 0 < bar.progress < 5000  # the screen redraws while the worker plays
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not lab and lab.cancel.is_set()
        workers = [w for w in app.workers if w.name == "deck lab"]
        end = time.monotonic() + 10
        while any(w.is_running for w in workers) and time.monotonic() < end:
            await asyncio.sleep(0.02)
        assert not any(w.is_running for w in workers)  # the run stopped after the game it was playing
        assert lab.report is None


async def test_closing_the_app_mid_run_stops_the_games() -> None:
    app = MtgApp()
    cards = GameConfig("goldfish", ("red-green",)).checked().cards["alice"]
    lab = LabScreen("red-green", cards, games=5000)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(lab)
        await wait_until(pilot, lambda: lab.done_games >= 1)
        workers = [w for w in app.workers if w.name == "deck lab"]
        app.exit()
    end = time.monotonic() + 10
    while any(w.is_running for w in workers) and time.monotonic() < end:
        await asyncio.sleep(0.02)
    assert workers and not any(w.is_running for w in workers) and lab.report is None
