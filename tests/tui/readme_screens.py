"""The README's pictures of the client, made by the client itself (not a pytest test; run it
by hand after a change to how the screen looks, then look at them):

    python tests/tui/readme_screens.py

It writes docs/screenshot.svg (the app's own SVG export at 120x40) and the text screen in
the README's "Playing in the terminal" section (100x30, the smallest the client allows),
both of the same fixed position: test_board_look's busy midgame, a combat with Auras,
Equipment, two spells on the stack and bob to answer.  tests/tui/test_readme.py checks that
both are what the app shows now.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "tui"), str(ROOT)]  # this checkout's mtg_tui

from conftest import app_for, screen_text  # noqa: E402
from test_board_look import busy_midgame  # noqa: E402

SVG = ROOT / "docs" / "screenshot.svg"
README = ROOT / "README.md"
SVG_SIZE = (120, 40)
TEXT_SIZE = (100, 30)
# the text screen sits in the README between this marker line and the end of its code block
MARKER = "<!-- the screen below: tests/tui/readme_screens.py writes it -->"
BLOCK = re.compile(re.escape(MARKER) + r"\n```\n(.*?)\n```", re.S)


async def svg() -> str:
    """The busy midgame at 120x40, exported by the app (Textual's SVG screenshot)."""
    app = app_for(busy_midgame(), open_hands=True)
    async with app.run_test(size=SVG_SIZE) as pilot:
        await pilot.pause()
        return app.export_screenshot(title="mtg-tui")


async def text() -> str:
    """The same position at 100x30 as text, trailing spaces dropped."""
    app = app_for(busy_midgame(), open_hands=True)
    async with app.run_test(size=TEXT_SIZE) as pilot:
        await pilot.pause()
        return "\n".join(line.rstrip() for line in screen_text(app).rstrip("\n").splitlines())


def readme_screen(readme: str) -> str | None:
    m = BLOCK.search(readme)
    return m.group(1) if m else None


def main() -> None:
    SVG.parent.mkdir(exist_ok=True)
    SVG.write_text(asyncio.run(svg()), encoding="utf-8")
    readme = README.read_text(encoding="utf-8")
    if readme_screen(readme) is None:
        raise SystemExit(f"no {MARKER!r} followed by a code block in {README}")
    screen = asyncio.run(text())
    README.write_text(BLOCK.sub(lambda _m: f"{MARKER}\n```\n{screen}\n```", readme), encoding="utf-8")
    print(f"wrote {SVG.relative_to(ROOT)} and the screen in {README.name}")


if __name__ == "__main__":
    main()
