"""`g`: browse every graveyard and exile (public zones), with the card detail beside them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from rules.engine.api.view_types import CardView, GameView

from ..render import card_detail, styled


class ZonesScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("tab,right,l", "zone(1)", "next zone", key_display="→", tooltip="the next graveyard or exile"),
        Binding("shift+tab,left,h", "zone(-1)", "previous zone", key_display="←",
                tooltip="the previous graveyard or exile"),
        Binding("down,j", "card(1)", "card", key_display="↓", show=False, tooltip="the next card"),
        Binding("up,k", "card(-1)", "card", key_display="↑", show=False, tooltip="the previous card"),
        Binding("escape,q,g", "close", "close", key_display="Esc", tooltip="back to the game"),
        Binding("question_mark", "app.show_help", "help", key_display="?", tooltip="these keys"),
    ]

    def __init__(self, view: GameView) -> None:
        super().__init__()
        self.lists: list[tuple[str, tuple[CardView, ...]]] = []
        for p in view.players:
            self.lists.append((f"{p.name}'s graveyard", p.graveyard))
            self.lists.append((f"{p.name}'s exile", p.exile))
        self.which = 0
        self.cursor = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="zones"):
            yield Static(id="zones-title")
            with Horizontal():
                yield Static(id="zones-list")
                yield Static(id="zones-detail")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        name, cards = self.lists[self.which]
        self.query_one("#zones-title", Static).update(
            styled(f"{name} ({len(cards)})   ", "bold") + styled(
                "  ".join(n for n, _ in self.lists), "dim"))
        lines = Text()
        for i, c in enumerate(cards):
            line = Text(c.name)
            if i == self.cursor:
                line.stylize("reverse")
            lines += line + Text("\n")
        self.query_one("#zones-list", Static).update(lines if cards else styled("empty", "dim"))
        self.query_one("#zones-detail", Static).update(card_detail(cards[self.cursor] if cards else None))

    def action_zone(self, step: int) -> None:
        self.which, self.cursor = (self.which + step) % len(self.lists), 0
        self.redraw()

    def action_card(self, step: int) -> None:
        self.cursor = max(0, min(self.cursor + step, max(len(self.lists[self.which][1]) - 1, 0)))
        self.redraw()

    def action_close(self) -> None:
        self.dismiss(None)
