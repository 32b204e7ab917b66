"""Colour roles come from the app's theme: a light theme gives darker text colours."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import press_until
from textual.pilot import Pilot

from mtg_tui import colours
from mtg_tui.app import MtgApp
from mtg_tui.render import styled


def test_roles_resolve_without_an_app() -> None:
    style = colours.resolve("bold $mtg-red on $panel")
    assert "$" not in style and style.startswith("bold #")
    assert styled("x", "$text-warning").spans[0].style == colours.resolve("$text-warning")


def test_unknown_and_contrast_picked_names_fall_back_to_the_terminal_default() -> None:
    assert colours.resolve("$no-such-role") == "default"
    colours.use({"text-muted": "auto 60%"})
    assert colours.resolve("$text-muted") == "default"
    colours.use({})


@pytest.mark.asyncio
async def test_the_theme_decides_the_colours() -> None:
    app = MtgApp()
    async with app.run_test(size=(120, 40)) as pilot:
        dark = colours.resolve("$mtg-red $text-warning")
        app.theme = "textual-light"
        await pilot.pause()
        light = colours.resolve("$mtg-red $text-warning")
        assert light != dark
        assert light.split()[0] == colours.ROLES["mtg-red"][1]
        assert app.get_css_variables()["mtg-red"] == colours.ROLES["mtg-red"][1]
    colours.use({})


def colours_in(renderable: object) -> set[str]:
    """The foreground colours a renderable is drawn in (as #RRGGBB, as the theme gives them)."""
    import io

    from rich.console import Console

    console = Console(width=100, file=io.StringIO(), color_system="truecolor")
    return {seg.style.color.get_truecolor().hex.upper() for seg in console.render(renderable)  # type: ignore[arg-type]
            if seg.style is not None and seg.style.color is not None}


async def redrawn_in_light_theme(app: MtgApp, pilot: Pilot, variable: str, drawn: Callable[[], object]) -> None:
    """What `drawn` returns is in `variable`'s dark colour, and after a switch to textual-light
    in its light colour and no longer in the dark one."""
    dark = colours.resolve(variable).upper()
    assert dark in colours_in(drawn())
    app.theme = "textual-light"
    await pilot.pause()
    light = colours.resolve(variable).upper()
    now = colours_in(drawn())
    assert light != dark and light in now and dark not in now


@pytest.mark.asyncio
async def test_the_message_line_takes_the_new_themes_colours() -> None:
    """A message already on the message line is drawn in the light theme's colour once the
    theme changes (the line keeps its style's `$names`, not the colours they had)."""
    from conftest import app_for, game_screen, position

    from mtg_tui.widgets.prompt import PromptLine

    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        await press_until(pilot, "tab", lambda: screen.zone == "phases", "the phase bar")
        await pilot.press("enter")  # a stop toggled: the message line says so
        await pilot.pause()
        prompt = screen.query_one("#prompt", PromptLine)
        assert "stop removed on your turns: main 1" in prompt.render().plain
        await redrawn_in_light_theme(app, pilot, "$text-success", prompt.render)
        assert "stop removed on your turns: main 1" in prompt.render().plain
    colours.use({})


@pytest.mark.asyncio
async def test_the_help_screen_redraws_in_the_new_theme() -> None:
    from conftest import app_for, position

    from mtg_tui.screens.help import HelpScreen

    app = app_for(position({"alice": {"hand": ["Forest"]}, "bob": {}}))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = help_screen.query_one("#help-keys")
        await redrawn_in_light_theme(app, pilot, "$text-warning", lambda: keys.content)  # the keys usable now
    colours.use({})


@pytest.mark.asyncio
async def test_the_deck_lab_report_redraws_in_the_new_theme() -> None:
    import time

    from mtg_tui.config import GameConfig
    from mtg_tui.screens.lab import LabScreen

    app = MtgApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lab = LabScreen("red-green", GameConfig("goldfish", ("red-green",)).checked().cards["alice"], games=20)
        await app.push_screen(lab)
        end = time.monotonic() + 60
        while lab.report is None:
            assert time.monotonic() < end, "the lab did not finish"
            await pilot.pause(0.05)
        report = lab.query_one("#lab-report")
        await redrawn_in_light_theme(app, pilot, "$mtg-green", lambda: report.content)  # the kill-turn chart's bars
    colours.use({})
