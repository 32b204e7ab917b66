"""`g`: browse every graveyard and exile (public zones), with the card detail beside them."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..render import card_detail, styled


class ZonesScreen(ModalScreen[None]):
    def __init__(self, view: dict) -> None:
        super().__init__()
        self.lists: list[tuple[str, list[dict]]] = []
        for p in view["players"]:
            self.lists.append((f"{p['name']}'s graveyard", p["graveyard"]))
            self.lists.append((f"{p['name']}'s exile", p["exile"]))
        self.which = 0
        self.cursor = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="zones"):
            yield Static(id="zones-title")
            with Horizontal():
                yield Static(id="zones-list")
                yield Static(id="zones-detail")
            yield Static(styled("Tab / ←→: next zone · ↑↓: card · Esc: close", "dim"))

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        name, cards = self.lists[self.which]
        self.query_one("#zones-title", Static).update(
            styled(f"{name} ({len(cards)})   ", "bold") + styled(
                "  ".join(n for n, _ in self.lists), "dim"))
        lines = Text()
        for i, c in enumerate(cards):
            line = Text(c["name"])
            if i == self.cursor:
                line.stylize("reverse")
            lines += line + Text("\n")
        self.query_one("#zones-list", Static).update(lines if cards else styled("empty", "dim"))
        self.query_one("#zones-detail", Static).update(card_detail(cards[self.cursor] if cards else None))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        k = event.key
        if k in ("escape", "q", "g"):
            self.dismiss(None)
            return
        if k in ("tab", "right", "l"):
            self.which, self.cursor = (self.which + 1) % len(self.lists), 0
        elif k in ("shift+tab", "left", "h"):
            self.which, self.cursor = (self.which - 1) % len(self.lists), 0
        elif k in ("down", "j"):
            self.cursor = min(self.cursor + 1, max(len(self.lists[self.which][1]) - 1, 0))
        elif k in ("up", "k"):
            self.cursor = max(self.cursor - 1, 0)
        self.redraw()
