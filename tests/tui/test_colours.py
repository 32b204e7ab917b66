"""Colour roles come from the app's theme: a light theme gives darker text colours."""

from __future__ import annotations

import pytest

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
