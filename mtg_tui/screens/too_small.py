"""Shown instead of everything else while the terminal is below the minimum size."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from ..colours import resolve

MIN_WIDTH, MIN_HEIGHT = 100, 30


def too_small_text(width: int, height: int) -> Text:
    return Text.assemble(
        ("mtg-tui needs a terminal of at least ", ""), (f"{MIN_WIDTH}x{MIN_HEIGHT}", "bold"),
        (" (columns x rows).\n", ""), (f"This one is {width}x{height}.\n", ""),
        ("Make the window bigger, or press Ctrl+Q to quit.", resolve("$text-warning")))


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size.width, self.app.size.height), id="too-small")

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#too-small", Static).update(too_small_text(event.size.width, event.size.height))
