"""Whole games from the first key to the last, keyboard only: a goldfish game started from
the main menu, and a hotseat game with its cover screens."""

from __future__ import annotations

import pytest
from conftest import SIZE, game_screen, screen_text

from mtg_tui.app import MtgApp
from mtg_tui.config import GameConfig
from mtg_tui.screens.game_over import GameOverScreen
from mtg_tui.screens.menu import NewGameScreen

from driver import play_to_the_end

pytestmark = pytest.mark.asyncio


async def test_a_goldfish_game_from_the_main_menu_to_the_kill_and_the_next_game() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "New hotseat game" in screen_text(app)
        await pilot.press("g")
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#deck1").value = "red-green"
        app.screen.query_one("#seed").value = "1"
        await pilot.press("enter")
        session = game_screen(app).session
        assert session.goldfish and session.game.setup.seed == 1
        done = await play_to_the_end(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "The goldfish is dead on turn" in text and "average kill on your turn" in text
        assert session.game.winner == "alice" and session.game.player("goldfish").life <= 0
        assert "attack" in done
        await pilot.press("n")
        nxt = game_screen(app).session
        assert nxt is not session and nxt.game.setup.seed == 2 and app.kill_turns == [session.kill_turn()]


async def test_a_hotseat_game_with_cover_screens_to_the_end() -> None:
    cfg = GameConfig("hotseat", ("red-green", "white-blue"), seed=1).checked()
    app = MtgApp(cfg)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Pass the keyboard to" in screen_text(app)
        done = await play_to_the_end(pilot, app)
        assert done.count("uncover") >= 4
        game = game_screen(app).game
        assert game.over and game.winner in ("alice", "bob")
        assert f"{game.winner} wins on turn {game.turn}" in screen_text(app)


async def test_random_keys_never_crash_the_client_or_lose_its_screen() -> None:
    """A player mashing keys (2009 rules, 100x30): every key is answered, nothing escapes."""
    import random

    keys = ["enter", "space", "escape", "tab", "shift+tab", "left", "right", "up", "down", "a", "b", "c", "e", "p",
            "f", "g", "k", "m", "n", "y", "s", "question_mark", "ctrl+z", "backspace"]
    rng = random.Random(5)
    cfg = GameConfig("hotseat", ("white-blue", "red-green"), seed=5, ruleset="2009").checked()
    app = MtgApp(cfg)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(80):
            await pilot.press(rng.choice(keys))
            assert len(app.screen_stack) >= 2
        assert game_screen(app).game.record  # the keys did play
