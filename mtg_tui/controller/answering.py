"""Answering for the player at the keyboard: an action sent (the engine's refusal on the message
line), passing once or in a mode (the 2009 mana burn warned of first), undo, a dialog closed,
and a line typed in the command bar.
"""

from __future__ import annotations

from typing import Literal

from rules import IllegalAction
from rules.engine.core import actions as A
from rules.play.assist import (
    mana_burn_if_passed,
)

from ..session import Session
from .computer import ComputerTurns

# what became of a line typed in the command bar (`GameController.command`)
Command = Literal["empty", "refused", "sent"]


class Answering(ComputerTurns):
    """The answer sent, passing and undo."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self._burn_confirmed: tuple[object, ...] = ()  # (decision serial, key) of a mana burn warning shown

    def act(self, action: A.Action | str) -> str | None:
        """Send an answer for the player at the keyboard: the engine's refusal (also on the
        message line), or None, the message then saying where the game went."""
        turn = self.game.turn
        try:
            self.session.act(action, self.viewer)
        except IllegalAction as e:
            self.say("refused: " + str(e), "bold $text-error")
            return str(e)
        self.say(*self.news(turn))
        self.picker = None
        return None

    def news(self, turn: int) -> tuple[str, str]:
        """After the client passed for the players across turns: where the game is now
        (a message and its style), or nothing."""
        g = self.game
        if g.over or g.turn == turn:
            return "", ""
        return (f"now turn {g.turn}, {g.active}'s turn (the client passed where nobody could act; "
                "the log says what happened)", "$text-success")

    def burn_unconfirmed(self, key: str) -> bool:
        """2009 rules: passing with mana in the pool at the end of a phase costs life (mana
        burn, 300.3).  The first press only warns; the same key again passes."""
        d = self.game.decision
        if d is None:
            return False
        burn = mana_burn_if_passed(self.game, d.player)
        if not burn or self._burn_confirmed == (self.serial, key):
            return False
        self._burn_confirmed = (self.serial, key)
        self.say(f"{d.player} has {burn} unused mana: if the phase ends now, {d.player} loses {burn} "
                 f"life to mana burn ({self.game.rules.cite('mana_burn')}). Use it, or press {key} "
                 "again to pass anyway", "bold $text-warning")
        return True

    def pass_priority(self, key: str = "Space") -> bool:
        """Pass once; returns whether the game moved (else the message says why not)."""
        d = self.game.decision
        if d is None:
            return False
        if d.kind != "priority":
            self.say(f"the engine is waiting for {d.kind.replace('_', ' ')}, not a pass", "$text-warning")
            return False
        if self.burn_unconfirmed(key):
            return False
        return self.act(A.Pass(d.player)) is None

    def pass_with(self, mode: str, key: str) -> bool:
        """Pass priority now and keep passing in `mode` (Session.pass_until); returns whether
        the game moved."""
        d = self.game.decision
        if d is None or d.kind != "priority" or self.burn_unconfirmed(key):
            return False
        turn = self.game.turn
        self.session.pass_until(d.player, mode)
        self.say(*self.news(turn))
        return True

    def pass_to_end_of_turn(self) -> bool:
        """e: pass to end of turn (Session.pass_until "eot"), or once when the decision is no
        priority (the message then says what the engine waits for); whether the game moved."""
        d = self.game.decision
        if d is None:
            return False
        if d.kind != "priority":
            return self.pass_priority()
        return self.pass_with("eot", "e")

    def undo(self) -> bool:
        """Take back the player's last decision (Session.undo_refusal says when not, and why,
        on the message line); the computer's answer in progress is dropped."""
        who = self.session.decider or self.viewer
        why = self.session.undo_refusal(who)
        if why is None and not self.session.can_undo():  # a session without undo (practice: Ctrl+R retries)
            why = "undo isn't offered here"
        if why is not None:
            self.say(f"can't undo: {why}", "$text-warning")
            return False
        self.stop_computer()
        self.session.undo(who)
        self.serial = ()
        self.say("undone", "$text-success")
        return True

    def dialog_closed(self, accepted: bool) -> bool:
        """A dialog answered, or closed with Escape: Escape on a cost or a choice made while
        casting a spell or activating an ability cancels the whole action.  Returns whether
        the game moved (the screen catches up) rather than only needing a redraw."""
        said = self.session.cancel_announcement() if not accepted and self.game.decision is not None else None
        if said:
            self.say(said, "$text-success")
            self.serial = ()
            return True
        return accepted

    def command(self, text: str) -> Command:
        """A line typed in the command bar, in notation: nothing typed, refused (the message
        says why) or sent."""
        text = text.strip()
        if not text:
            return "empty"
        return "refused" if self.act(text) is not None else "sent"
