"""What every part of the game controller shares: the session, the player at the keyboard, the
letters under way, the message line and the decision last caught up with (its legal actions,
listed once).  No Textual or Rich here (tests/tui/test_game_controller.py).
"""

from __future__ import annotations

from rules import Game
from rules.engine.core import actions as A
from rules.engine.core.decisions import (
    BlockerOrderDecision,
    BottomDecision,
    ChooseCardsDecision,
    ChooseColorDecision,
    ChooseKeepDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    ChooseWordDecision,
    DamageAssignmentDecision,
    Decision,
    DiscardDecision,
    MulliganDecision,
    TriggerOrderDecision,
    YesNoDecision,
)

from ..picking import Picker
from ..session import Session

# the decisions answered in a dialog (the others: keys on the board, or letters on it)
DIALOG_TYPES: tuple[type[Decision], ...] = (
    MulliganDecision, YesNoDecision, ChooseObjectDecision, ChooseKeepDecision, ChooseColorDecision, ChooseWordDecision,
    ChooseNameDecision, DiscardDecision, BottomDecision, BlockerOrderDecision, TriggerOrderDecision,
    DamageAssignmentDecision, ChooseCardsDecision)


class ControllerState:
    """The state the controller's parts read and set; `say` keeps the message line as text and a
    style of the theme's `$names` (the screen turns it into Rich text when it draws)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.viewer: str | None = session.humans[0] if (session.goldfish or session.open_hands
                                                        or session.computers) else None
        self.picker: Picker | None = None
        self.player_picker = False  # a picker the player started (casting): Escape drops it
        self.said: tuple[str, str] = ("", "")  # the message line: text and style with $names
        self.serial: tuple[object, ...] = ()  # (game, record length) of the decision last caught up with
        self._legal: tuple[tuple[object, ...], list[A.Action]] = ((), [])

    @property
    def game(self) -> Game:
        """The session's game (undo swaps in a replayed one)."""
        return self.session.game

    def say(self, text: str = "", style: str = "") -> None:
        self.said = (text, style)

    def legal(self) -> list[A.Action]:
        """The legal actions now, listed once per decision."""
        if self._legal[0] != self.serial:
            self._legal = (self.serial, self.game.legal_actions())
        return self._legal[1]

    def in_dialog(self) -> bool:
        """Whether the decision now is answered in a dialog."""
        return isinstance(self.game.decision, DIALOG_TYPES)

    def computer_labels(self) -> dict[str, str]:
        """The computer's seats with the names the client shows them by ("bob (computer)")."""
        return {seat: self.session.label(seat) for seat in self.session.computers}
