"""The computer's seat: its answer worked out (the screen runs the search in a thread), followed,
played or dropped when the game moved since (undo), and the pause after each of its actions
so that a person can follow its turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol

from rules import Game
from rules.engine.core import actions as A

from ..board import labelled_log
from ..grouping import scrub
from ..session import Session
from .state import ControllerState

# seconds the screen waits after each action of the computer's (not its passes) before its next
# one, so that a person can follow its turn; Space goes on at once
COMPUTER_PAUSE = 0.45


class Stoppable(Protocol):
    """The pause after the computer's action, as the screen runs it (a Textual timer)."""

    def stop(self) -> None: ...


# what became of the computer's answer (`GameController.computer_answered`)
Answered = Literal["dropped", "stale", "paced", "played"]


def said_once(lines: list[str], subject: str) -> list[str]:
    """`lines` with `subject` left out of each line that follows one it began, as a person
    would say them in one breath."""
    out = []
    for i, line in enumerate(lines):
        again = i > 0 and line.startswith(subject) and lines[i - 1].startswith(subject)
        out.append(line[len(subject):] if again else line)
    return out


class ComputerTurns(ControllerState):
    """The computer's turn-taking and pacing."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.computer_pause = COMPUTER_PAUSE
        self.thinking: object | None = None  # the computer's answer being worked out (a token)
        self.searched: tuple[int, int] | None = None  # its search's (playouts done, budget), once it searches
        self.wait: Stoppable | None = None  # the pause after the computer's last action
        self.computer_acted = False  # since the human's last decision: the board changed under them

    def computer_seat(self) -> str:
        return next(iter(self.session.computers), "")

    def computer_news(self, seat: str, since: int) -> str:
        """What the computer's action did, from the log, its seat named as the client names it,
        once for the lines in a row it begins: "bob (computer) taps Island for {U}; pays {U};
        casts ..."."""
        entries = [e for e in self.game.log[since:] if not e.minor] or self.game.log[since:]
        named = [scrub(e.text) for e in labelled_log(self.game, entries, self.computer_labels())]
        label = self.session.label(seat)
        return "; ".join(said_once(named, label + " ")) or f"{label} acted"

    def computer_ask(self) -> tuple[str, tuple[int, int] | None]:
        """What the prompt line says while the computer decides, and its search's progress
        (done, budget) to draw after it: its last action on show (Space goes on at once), or
        thinking, with a bar once it searches."""
        if self.wait is not None:
            return "is deciding (Space: go on at once)", None
        if self.searched is not None:
            return "is thinking… ", self.searched
        return "is thinking…", None

    def computer_busy(self) -> bool:
        """Whether the computer is deciding or its last action is being shown."""
        return self.thinking is not None or self.wait is not None

    def start_thinking(self) -> tuple[object, Callable[[Callable[[int, int], None] | None], A.Action | None]] | None:
        """The computer must decide: a token for its answer, and the function working it out
        for the game as it is now (the screen runs it in a thread: a search may take seconds);
        None when it is already thinking or pausing."""
        if self.computer_busy():
            return None
        token = self.thinking = object()
        self.searched = None
        session = self.session
        return token, lambda progress: session.computer_answer(progress)

    def search_progress(self, token: object, done: int, budget: int) -> bool:
        """The computer's search got on: whether it is still the answer awaited (the prompt
        line then shows how far it is)."""
        if token is not self.thinking:
            return False  # an answer dropped (undo) or already given
        self.searched = (done, budget)
        return self.session.computer_deciding() is not None

    def computer_answered(self, token: object, game: Game, at: int, action: A.Action | Exception | None) -> Answered:
        """The computer's answer, worked out for `game` at `at` actions: "dropped" (not the
        answer awaited), "stale" (the game moved since: undo, a concession), else played (the
        message line says what it did): "paced" when the screen is to wait `computer_pause`
        before its next decision, "played" when it goes on at once."""
        if token is not self.thinking:
            return "dropped"
        self.thinking = None
        self.searched = None
        if game is not self.game or len(game.record) != at or action is None:
            return "stale"
        if isinstance(action, Exception):
            raise action  # the computer's player failed on a game nobody touched: a bug
        seat = self.session.computer_deciding() or self.computer_seat()
        since = len(game.log)
        self.session.act_for_computer(action)
        shown = not isinstance(action, A.Pass)
        if shown:
            self.computer_acted = True
            self.say(self.computer_news(seat, since), "$text-accent")
        if shown and self.computer_pause > 0 and self.session.computer_deciding() is not None:
            return "paced"
        return "played"

    def end_pause(self) -> None:
        if self.wait is not None:
            self.wait.stop()
        self.wait = None

    def stop_computer(self) -> None:
        """Drop the computer's answer in progress and its pause (undo: the game went back)."""
        self.thinking = None
        self.searched = None
        self.end_pause()
