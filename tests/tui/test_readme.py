"""The README shows what the app shows now: its text screen and docs/screenshot.svg are
made by the app from a fixed position (tests/tui/readme_screens.py writes both; run it
after a change to how the screen looks)."""

from __future__ import annotations

import pytest
import readme_screens


@pytest.mark.asyncio
async def test_the_readme_screen_is_the_apps() -> None:
    shown = readme_screens.readme_screen(readme_screens.README.read_text(encoding="utf-8"))
    assert shown is not None, "the README lost its generated screen"
    assert shown == await readme_screens.text(), "run tests/tui/readme_screens.py"


@pytest.mark.asyncio
async def test_the_readme_screenshot_is_the_apps() -> None:
    assert "docs/screenshot.svg" in readme_screens.README.read_text(encoding="utf-8")
    assert readme_screens.SVG.read_text(encoding="utf-8") == await readme_screens.svg(), \
        "run tests/tui/readme_screens.py"
