"""Hotseat privacy: before a player's hand is shown, the other player hands over the keyboard."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ..render import styled


class CoverScreen(Screen[bool]):
    def __init__(self, player: str, why: str) -> None:
        super().__init__()
        self.player = player
        self.why = why

    def compose(self) -> ComposeResult:
        t = styled(f"Pass the keyboard to {self.player}\n\n", "bold")
        t += styled(f"{self.why}\n\n", "")
        t += styled(f"{self.player}: press Enter to see your hand", "bold yellow")
        t += styled("\n\n(q quits)", "dim")
        with Middle(), Center():
            yield Static(t, id="cover-text")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.key in ("enter", "space"):
            self.dismiss(True)
        elif event.character == "q":
            self.app.action_confirm_quit()
