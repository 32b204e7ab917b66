"""No internal name reaches the screen: the notation's `#N` that tells copies apart
(`Runeclaw Bear#2`) and the engine's snake_case words (`combat_damage`,
`declare_attackers`) stay inside.  Every decision position of `decision_positions` is
opened through its flow (its dialog, its letters on the board, or for priority: a spell
cast by hand, with its targets and the mana-sources dialog) and the screen read at each
step."""

from __future__ import annotations

import re

import pytest
from conftest import SIZE, app_for, game_screen, press_until, screen_text
from textual.pilot import Pilot

from mtg_tui.app import MtgApp
from mtg_tui.screens.game import GameScreen

from decision_positions import POSITIONS, VARIANTS, DecisionPosition, _p

# copies on the board: the notation tells them apart as `Runeclaw Bear#1`, `Runeclaw Bear#2`
COPIES = _p("priority", "a spell cast at one of two identical creatures, paid by hand (601.2g-h)",
            {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
            {"battlefield": ["Runeclaw Bear", "Runeclaw Bear"]})
ALL = POSITIONS + VARIANTS + [COPIES]
INTERNAL = re.compile(r"\S#\d|\b[a-z]+_[a-z_]+\b")


def internal_names(text: str) -> list[str]:
    return [m.group(0) for m in INTERNAL.finditer(text)]


async def screens_of_flow(pilot: Pilot, app: MtgApp) -> list[str]:
    """The screen text at each step of opening the flow of the decision on screen."""
    shots = [screen_text(app)]
    top = app.screen
    if not isinstance(top, GameScreen):  # a dialog is open: that is the flow
        return shots
    screen = game_screen(app)
    labels = sorted(screen.labels(screen.current_board())[0].values())
    if screen.picker is not None and labels:  # letters on the board: one pressed
        await pilot.press(labels[0])
        await pilot.pause()
        shots.append(screen_text(app))
        return shots
    d = screen.game.decision
    if d is not None and d.kind == "priority":  # cast the first card in hand, paying by hand
        await press_until(pilot, "tab", lambda: screen.zone == "hand", "the hand")
        await pilot.press("p")
        await pilot.pause()
        shots.append(screen_text(app))
        labels = screen.labels(screen.current_board())[0]
        objects = [letter for ref, letter in labels.items() if isinstance(ref, int)]
        if screen.picker is not None and objects:  # a permanent as the target
            await pilot.press(objects[-1])
            await pilot.pause()
            shots.append(screen_text(app))
    return shots


@pytest.mark.asyncio
@pytest.mark.parametrize("position", ALL, ids=[f"{p.shape}-{p.rules}" for p in POSITIONS + VARIANTS] + ["copies"])
async def test_no_internal_names_on_screen(position: DecisionPosition) -> None:
    app = app_for(position.game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for i, text in enumerate(await screens_of_flow(pilot, app)):
            assert not internal_names(text), f"{position.shape}, step {i}: {internal_names(text)}\n{text}"


@pytest.mark.asyncio
async def test_the_cover_screen_names_no_copy_by_its_number() -> None:
    """Hotseat: the cover before alice keeps one of her two Ajani Goldmanes (704.5j) says
    what she is asked without the notation's `#1`/`#2`."""
    from mtg_tui.screens.cover import CoverScreen

    position = next(p for p in POSITIONS if p.shape == "choose:keep")
    game = position.game()
    assert "#" in game.decision.prompt  # the engine's prompt tells the copies apart
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen)
        text = screen_text(app)
        assert "Ajani Goldmane" in text and not internal_names(text), internal_names(text)
