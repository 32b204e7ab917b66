"""Helpers for driving the terminal client with Textual's Pilot."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot

from mtg_tui import key_guard
from mtg_tui.app import MtgApp
from mtg_tui.screens.game import GameScreen
from mtg_tui.session import Session
from rules import Game
from rules.play.scenario import parse_scenario

SIZE = (120, 40)


def screen_text(app: MtgApp) -> str:
    """The screen as plain text, as a player would read it."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system="truecolor", legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


async def press_until(pilot: Pilot, key: str | Callable[[], str], done: Callable[[], bool], what: str,
                      limit: int = 40) -> None:
    """Press `key` (or the key `key()` names) until `done()`; fails saying `what` was never
    reached instead of pressing forever (an unbounded loop stalls the suite on a regression)."""
    for _ in range(limit):
        if done():
            return
        await pilot.press(key() if callable(key) else key)
    assert done(), f"{what}: not reached after {limit} presses"


async def uncover(pilot: Pilot, key: str = "enter") -> None:
    """Wait for a cover, then reveal the board under it with `key`, pressed again if the
    cover's hold dropped it (under load a key can be stamped before the cover's first frame:
    the hold drops such keys, as it should).  Bounded, so a cover that never comes or never
    goes fails the test instead of stalling the suite."""
    from mtg_tui.screens.cover import CoverScreen

    app = pilot.app
    for _ in range(20):
        if isinstance(app.screen, CoverScreen):
            break
        await pilot.pause()
    assert isinstance(app.screen, CoverScreen), "no cover came up"
    for _ in range(5):
        await pilot.press(key)
        await pilot.pause()
        if not isinstance(app.screen, CoverScreen):
            return
    raise AssertionError(f"{key} never revealed the board")


def position(players: dict[str, Any], goldfish: tuple[str, ...] = (), **start: Any) -> Game:
    """A game from a scenario-style position: {"alice": {"hand": [...], "battlefield": [...]}}."""
    players = {name: {"library": ["Island"] * 5, **zones} if name not in goldfish else zones
               for name, zones in players.items()}  # a library, so nobody loses by drawing
    doc: dict[str, Any] = {"name": "position", "players": players, "start": start}
    if "rules" in start:
        doc["rules"] = start.pop("rules")
    setup = parse_scenario(doc).setup
    if goldfish:
        setup = replace(setup, players=tuple(replace(p, goldfish=p.name in goldfish) for p in setup.players))
    return Game(setup)


def app_for(game: Game, *, open_hands: bool = True) -> MtgApp:
    return MtgApp(session=Session(game, open_hands=open_hands))


def game_screen(app: MtgApp) -> GameScreen:
    screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert screens, f"no game screen in {app.screen_stack}"
    return screens[-1]


@pytest.fixture
def size() -> tuple[int, int]:
    return SIZE


@pytest.fixture(autouse=True)
def no_key_hold(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The client holds keys for HOLD seconds after a cover or a new turn appears
    (mtg_tui.key_guard); a Pilot types faster than any person, so tests not about the hold
    take its length away (keys stamped before such a screen appeared are still dropped).
    Tests of the hold are marked `key_hold` and wait as a person would."""
    if request.node.get_closest_marker("key_hold") is None:
        monkeypatch.setattr(key_guard, "HOLD", 0.0)
