"""The end of a game: the result, the goldfish kill turn and its running average, the log."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..colours import resolve
from ..render import log_line, styled
from ..session import Session
from ..widgets.zone import ZonePanel


def result_text(session: Session, kill_turns: list[int]) -> Text:
    g = session.game
    if g.is_draw:
        head = styled("The game is a draw.", "bold")
    elif session.goldfish and session.kill_turn() is not None:
        k = session.kill_turn()
        head = styled(f"The goldfish is dead on turn {g.turn} — your turn {k}.", "bold $text-success")
    else:
        loser = next((p.name for p in g.players if p.name != g.winner), "")
        head = styled(f"{g.winner} wins", "bold $text-success") + Text(f" on turn {g.turn}; {loser} loses.")
    if session.goldfish and kill_turns:
        avg = sum(kill_turns) / len(kill_turns)
        head += Text(f"\n{len(kill_turns)} goldfish game{'s' if len(kill_turns) != 1 else ''}: "
                     f"average kill on your turn {avg:.2f} (" + ", ".join(map(str, kill_turns)) + ")",
                     style=resolve("$text-accent"))
    return head


class GameOverScreen(Screen[str | None]):
    """Keys: n next game (new seed; after a gauntlet's game, back to the gauntlet), s save, m main
    menu, Ctrl+Z undo (goldfish; not a gauntlet's game), q quit.
    What was chosen goes to the app as a `Chosen` message."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "next game"),
        Binding("n", "choose('gauntlet')", "next: the gauntlet"),
        Binding("s", "choose('save')", "save"),
        Binding("m", "choose('menu')", "main menu"),
        Binding("ctrl+z", "choose('undo')", "undo the last action"),
        Binding("q", "app.confirm_quit", "quit"),
        Binding("question_mark", "app.show_help", "help"),
    ]

    class Chosen(Message):
        """`what`: "next", "gauntlet", "save", "menu" or "undo", for the game of `session`."""

        def __init__(self, session: Session, what: str) -> None:
            super().__init__()
            self.session = session
            self.what = what

    def __init__(self, session: Session, kill_turns: list[int], gauntlet_note: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.kill_turns = kill_turns
        self.gauntlet_note = gauntlet_note  # a gauntlet's game: n goes back to the gauntlet, no undo

    def compose(self) -> ComposeResult:
        with Vertical(id="over"):
            result = result_text(self.session, self.kill_turns)
            if self.gauntlet_note:
                result += styled("\n" + self.gauntlet_note, "bold $text-accent")
            yield Static(result, id="over-result")
            yield ZonePanel("game log", id="over-log")
        yield Footer()

    def on_mount(self) -> None:
        entries = [e for e in self.session.game.log if not e.minor]
        self.query_one("#over-log", ZonePanel).show(lambda w: ([log_line(e) for e in entries], len(entries) - 1))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        in_gauntlet = self.gauntlet_note is not None
        if action == "choose" and parameters == ("undo",):  # a gauntlet's result is kept: no taking it back
            return self.session.can_undo() and not in_gauntlet
        if action == "choose" and parameters in (("next",), ("gauntlet",)):
            return (parameters == ("gauntlet",)) == in_gauntlet
        return True

    def action_choose(self, what: str) -> None:
        self.post_message(self.Chosen(self.session, what))
