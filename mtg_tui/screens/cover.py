"""Hotseat privacy: before a player's hand is shown, the other player hands over the keyboard."""

from __future__ import annotations

from typing import Self

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Center, Middle
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from ..render import styled

NAME = "cover"  # the app's one cover screen is installed under this name (see `CoverScreen.shared`)


class CoverScreen(Screen[bool]):
    def __init__(self, player: str, why: str) -> None:
        super().__init__()
        self.player = player
        self.why = why

    @classmethod
    def shared(cls, app: App, player: str, why: str) -> CoverScreen:
        """The app's cover screen, made once and installed, now for `player`: Textual keeps an
        installed screen when it is dismissed instead of removing it, and removing a screen
        lays the screen below out again and paints it twice more (Enter on a cover took
        40-60 ms, most of it those repaints)."""
        if app.is_screen_installed(NAME):
            screen = app.get_screen(NAME)
            assert isinstance(screen, cls)
            return screen.show_for(player, why)
        screen = cls(player, why)
        app.install_screen(screen, NAME)
        return screen

    def show_for(self, player: str, why: str) -> CoverScreen:
        self.player, self.why = player, why
        if self.is_mounted:
            self.query_one("#cover-text", Static).update(self.text())
        return self

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Repaint, unless asked to repaint only `regions`: Textual asks that of the top screen
        when the screen below it changed (textual 8, Screen._compositor_refresh), and this
        screen is opaque, so what changed below (the board drawn behind the cover for the
        player taking the keyboard) can't show: repainting would only send the same frame
        again, some 30 ms later."""
        if regions and not layout and not recompose:
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def text(self) -> Text:
        t = styled(f"Pass the keyboard to {self.player}\n\n", "bold")
        t += styled(f"{self.why}\n\n", "")
        t += styled(f"{self.player}: press Enter to see your hand", "bold yellow")
        t += styled("\n\n(q quits)", "dim")
        return t

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.text(), id="cover-text")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.key in ("enter", "space"):
            self.dismiss(True)
        elif event.character == "q":
            self.app.action_confirm_quit()
