"""`?`: every key, and what the markers on the board mean."""

from __future__ import annotations

from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..render import MARKERS, styled

KEYS: list[tuple[str, str, str]] = [
    ("move", "← → / h l", "select the previous / next card in the zone"),
    ("", "↑ ↓ / k j", "move between zones (in the stack and log: between lines)"),
    ("", "Tab / Shift+Tab", "cycle: hand, your battlefield, theirs, stack, log, phase bar"),
    ("play", "Enter", "play the selected land, cast the selected spell, activate the selected permanent"),
    ("", "p", "the same, choosing the mana sources yourself"),
    ("", "Space", "pass priority"),
    ("", "e", "pass until end of turn (stops if a spell goes on the stack or you are attacked)"),
    ("", ":", "command bar: type an action in notation, Tab completes names"),
    ("choose", "a-z A-Z", "pick the choice with that letter (targets, attackers, blockers)"),
    ("", "Enter", "confirm attackers / blockers, finish \"up to\" targets, reopen a closed dialog"),
    ("", "Esc", "cancel what you were choosing; nothing changes"),
    ("stops", "Enter on the phase bar", "toggle a priority stop on that step (for your or their turn)"),
    ("look", "g", "browse graveyards and exile"),
    ("", "f", "show or fold routine log lines (passes, steps ending)"),
    ("rules", "L", "explain each log line with a summary of its rule"),
    ("", "/", "rules reference at the selected log line's rule or step"),
    ("puzzle", "H / Ctrl+R", "next hint / start the puzzle again"),
    ("game", "Ctrl+Z", "undo your last action (goldfish games)"),
    ("", "d", "deck lab: 1,000 autopilot games of your deck and its kill-turn chart (goldfish games)"),
    ("", "Ctrl+S", "save the game"),
    ("", "?", "this help"),
    ("", "q", "quit (asks first)"),
]



class HelpScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold cyan")
        table.add_column(style="bold yellow", no_wrap=True)
        table.add_column()
        for group, key, what in KEYS:
            table.add_row(group, key, what)
        with Vertical(id="help"):
            yield Static(styled("Keys", "bold"), id="help-title")
            yield Static(table)
            yield Static(styled("\n" + MARKERS, "dim"))
            yield Static(styled("\nany key closes this help", "dim italic"))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)
