"""The decision on screen: catching up with the game (a new decision, whose it is, the computer's
turn, the game over), the hotseat handover behind a cover, and the keys dropped when the game
moved on before the player saw it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..grouping import STEP_NAMES, on_the_stack
from ..session import Session
from .card_use import CardUse
from .computer import ComputerTurns
from .state import DIALOG_TYPES


@dataclass(frozen=True)
class CatchUp:
    """What the screen does to catch up with the game (`GameController.catch_up`): `kind` is
    "over" (the game ended; `announce` the first time), "computer" (its seat decides: it
    thinks), "cover" (the keyboard changes hands behind a cover) or "decision" (a human's
    decision on the board).  `new`: a decision not shown before; `held`: why keys pressed
    before now are dropped (the computer played on), or ""; `handover`: another player took
    the keyboard (no cover); `dialog`: the new decision is answered in a dialog."""

    kind: Literal["over", "computer", "cover", "decision"]
    new: bool
    announce: bool = False
    held: str = ""
    handover: bool = False
    dialog: bool = False


class DecisionOnScreen(CardUse, ComputerTurns):
    """Which decision is on screen and for whom."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.game_over_shown = False
        self._moment: tuple[int, str] | None = None  # (turn, step) of the last decision shown

    def catch_up(self) -> CatchUp:
        """Note the decision now (a new one drops the picker and sets up its flow) and say
        what the screen must do for it."""
        g = self.game
        d = g.decision
        serial = (id(g), len(g.record))
        new = serial != self.serial
        if new:
            self.serial = serial
            self.picker = None
            self.player_picker = False
        if d is None:
            self.viewer = self.viewer or self.session.humans[0]
            announce = not self.game_over_shown
            self.game_over_shown = True
            return CatchUp("over", new, announce=announce)
        if self.session.computer_deciding() is not None:
            self.picker = None  # the computer's decision: no picker, no dialog, its hand stays hidden
            return CatchUp("computer", new)
        held = ""
        if self.computer_acted and new:
            # the computer played on: keys pressed before this board was on screen (a Space
            # meant to hurry the computer) must not act on the human's decision (key_guard)
            self.computer_acted = False
            held = f"{self.session.label(self.computer_seat())} acted"
        handover = d.player != self.viewer
        if handover:
            self.viewer = d.player
        if handover and self.hides_hands():
            self.picker = self.board_picker()
            self._moment = (g.turn, g.step)  # the cover holds keys itself
            return CatchUp("cover", new, held=held, handover=True)
        if new:
            self.picker = self.board_picker()
        return CatchUp("decision", new, held=held, handover=handover, dialog=new and isinstance(d, DIALOG_TYPES))

    def hides_hands(self) -> bool:
        """Hotseat with hidden hands: the keyboard changes hands behind a cover."""
        s = self.session
        return not (s.goldfish or s.open_hands or s.computers or not s.humans)

    def handing_over(self, covering: bool) -> bool:
        """The next decision is another player's, and their cover isn't up yet."""
        d = self.game.decision
        return d is not None and d.player != self.viewer and not covering and self.hides_hands()

    def cover_decider(self) -> str:
        """Who takes the keyboard behind the cover: the decider (a controlled player's
        decisions are made by the player controlling them, 712 / 507: Sorin Markov)."""
        d = self.game.decision
        return self.session.decider or (d.player if d is not None else "")

    def cover_ask(self) -> tuple[str, str]:
        """Who takes the keyboard behind the cover, and what the cover says they are asked
        ("Your priority: bob's Lightning Bolt is on the stack.")."""
        g = self.game
        d = g.decision
        assert d is not None
        decider = self.cover_decider()
        whose = f" for {d.player}" if decider != d.player else ""
        ask = "Your priority." if d.kind == "priority" and not whose else f"You decide{whose}: {d.prompt}"
        if d.kind == "priority" and g.stack:
            ask = f"Your priority: {on_the_stack(g.stack[-1])} is on the stack."
        return decider, ask

    def uncovered(self) -> None:
        """The cover is gone: the board shows for the decision's player, as a new moment."""
        d = self.game.decision
        self.viewer = d.player if d is not None else self.viewer
        self.serial = ()

    def new_moment(self) -> Literal["turn", "step", None]:
        """Whether the decision shown is in a new turn or a new step since the last one (the
        client played on for the player: keys they pressed before it was on screen were meant
        for what they saw), or neither."""
        g = self.game
        moment = (g.turn, g.step)
        last, self._moment = self._moment, moment
        if last is None or moment == last:
            return None
        return "turn" if g.turn != last[0] else "step"

    def moment_hold(self) -> tuple[str, bool] | None:
        """Why keys pressed before the decision now was on screen are dropped (`new_moment`:
        the client played on for its player), and whether keys are held a moment longer too
        (a new turn: an `e` typed a moment late would end it too); None when nothing moved."""
        g = self.game
        moved = self.new_moment()
        if moved == "turn":
            return f"turn {g.turn} began", True
        if moved == "step":
            return f"the game moved on to {STEP_NAMES.get(g.step, g.step)}", False
        return None
