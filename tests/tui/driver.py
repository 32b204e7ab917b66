"""A keyboard-only player for Pilot tests: it looks at the screen's state the way a person
reads the screen, then answers with key presses only (never by calling the engine)."""

from __future__ import annotations

from typing import Any

from conftest import game_screen, press_until
from textual.pilot import Pilot

from mtg_tui.app import MtgApp
from mtg_tui.picking import LETTERS
from mtg_tui.screens.cover import CoverScreen
from mtg_tui.screens.game import GameScreen
from mtg_tui.screens.game_over import GameOverScreen
from mtg_tui.screens.modals import AssignDialog, ChoiceDialog, OrderDialog, PickCardsDialog


async def select(pilot: Pilot, screen: GameScreen, zone: str, index: int) -> None:
    """Tab to a zone, then arrow to an item."""
    for _ in range(8):
        if screen.zone == zone:
            break
        await pilot.press("tab")
    await press_until(pilot, "right", lambda: screen.cursor[zone] == index, f"item {index} of {zone}")


def label_of(screen: GameScreen, ref: Any) -> str:
    labels, _ = screen.labels(screen.current_board())
    return labels[ref]


async def step(pilot: Pilot, app: MtgApp) -> str:
    """One answer by keys; returns what it did (for failure messages)."""
    done = await _answer_screen(pilot, app.screen)
    if done is not None:
        return done
    screen = game_screen(app)
    d = screen.session.decision
    if d is None:
        return "over"
    if d.kind == "attackers":
        for letter in list(screen.labels(screen.current_board())[0].values()):
            await pilot.press(letter)
        await pilot.press("enter")
        return "attack"
    if d.kind in ("blockers",):
        await pilot.press("enter")
        return "no blocks"
    if screen.picker is not None:  # targets: the opponent if possible, else the first letter
        labels, _ = screen.labels(screen.current_board())
        foe = screen.session.opponent_of[d.player]
        await pilot.press(labels.get(foe) or next(iter(labels.values())))
        return "target"
    if d.kind == "priority":
        return await _play_or_pass(pilot, screen)
    await pilot.press("enter")  # reopen a dialog
    return "reopen"


async def _answer_screen(pilot: Pilot, top: Any) -> str | None:
    """The answer when the top screen is not the game's (the cover, the game's end, a dialog);
    None when it is."""
    if isinstance(top, CoverScreen):
        await pilot.press("enter")
        return "uncover"
    if isinstance(top, GameOverScreen):
        return "over"
    if isinstance(top, ChoiceDialog):
        keys = [k for k, _, _ in top.options]
        await pilot.press("k" if "k" in keys else keys[-1])  # keep; the largest X; the last choice
        return f"choice {keys}"
    if isinstance(top, (PickCardsDialog,)):
        for i in range(top.count or 0):
            await pilot.press(LETTERS[i])
        await pilot.press("enter")
        return "pick cards"
    if isinstance(top, (OrderDialog, AssignDialog)):
        await pilot.press("enter")
        return "confirm dialog"
    return None


async def _play_or_pass(pilot: Pilot, screen: GameScreen) -> str:
    """With priority: the first playable land in hand, else the first playable spell, else pass."""
    playable = screen.control.playable_names(screen.current_board())
    hand = screen.current_board().hand
    lands = [i for i, c in enumerate(hand) if c.name in playable and "Land" in c.type]
    spells = [i for i, c in enumerate(hand) if c.name in playable and "Land" not in c.type]
    if lands or spells:
        await select(pilot, screen, "hand", (lands or spells)[0])
        await pilot.press("enter")
        return f"play {hand[(lands or spells)[0]].name}"
    await pilot.press("space")
    return "pass"


async def play_to_the_end(pilot: Pilot, app: MtgApp, limit: int = 1500) -> list[str]:
    done: list[str] = []
    for _ in range(limit):
        what = await step(pilot, app)
        done.append(what)
        if what == "over":
            return done
    raise AssertionError("the game did not end: " + ", ".join(done[-30:]))
