"""The end of a game: the result, the goldfish kill turn and its running average, the log."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ..render import log_line, styled
from ..session import Session
from ..widgets.zone import ZonePanel


def result_text(session: Session, kill_turns: list[int]) -> Text:
    g = session.game
    if g.is_draw:
        head = styled("The game is a draw.", "bold")
    elif session.goldfish and session.kill_turn() is not None:
        k = session.kill_turn()
        head = styled(f"The goldfish is dead on turn {g.turn} — your turn {k}.", "bold green")
    else:
        loser = next((p.name for p in g.players if p.name != g.winner), "")
        head = styled(f"{g.winner} wins", "bold green") + Text(f" on turn {g.turn}; {loser} loses.")
    if session.goldfish and kill_turns:
        avg = sum(kill_turns) / len(kill_turns)
        head += Text(f"\n{len(kill_turns)} goldfish game{'s' if len(kill_turns) != 1 else ''}: "
                     f"average kill on your turn {avg:.2f} (" + ", ".join(map(str, kill_turns)) + ")",
                     style="cyan")
    return head


class GameOverScreen(Screen[str | None]):
    """Keys: n next game (new seed), s save, m main menu, u undo (goldfish), q quit."""

    def __init__(self, session: Session, kill_turns: list[int]) -> None:
        super().__init__()
        self.session = session
        self.kill_turns = kill_turns

    def compose(self) -> ComposeResult:
        with Vertical(id="over"):
            yield Static(result_text(self.session, self.kill_turns), id="over-result")
            yield ZonePanel("game log", id="over-log")
            keys = "n: next game (new seed) · s: save · m: main menu · q: quit"
            if self.session.can_undo():
                keys += " · Ctrl+Z: undo the last action"
            yield Static(styled(keys, "bold yellow"), id="over-keys")

    def on_mount(self) -> None:
        entries = [e for e in self.session.game.log if not e.minor]
        self.query_one("#over-log", ZonePanel).show(lambda w: ([log_line(e) for e in entries], len(entries) - 1))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        ch = event.character
        if ch == "n":
            self.dismiss("next")
        elif ch == "m":
            self.dismiss("menu")
        elif ch == "q":
            self.app.action_confirm_quit()  # type: ignore[attr-defined]
        elif ch == "s":
            self.dismiss("save")
        elif event.key == "ctrl+z" and self.session.can_undo():
            self.dismiss("undo")
        elif ch == "?":
            self.app.action_show_help()  # type: ignore[attr-defined]
