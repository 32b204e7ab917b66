"""Which keys apply now: shown, greyed (it would be refused: the key says why) or hidden, for the
Footer and the help; and who would concede.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.core import actions as A

from .state import DIALOG_TYPES, ControllerState


class KeyStates(ControllerState):
    """The keys' states, headless."""

    def my_priority(self) -> bool:
        """A priority decision of the player at the keyboard, with no picker under way."""
        d = self.game.decision
        return d is not None and d.kind == "priority" and d.player == self.viewer and self.picker is None

    def conceder(self) -> str | None:
        """Who would concede now: the player at the keyboard (the one answering the decision, or
        controlling its player), never another, nor the computer while it decides; None once the
        game is over."""
        if self.game.decision is None:
            return None
        who = self.session.decider or self.viewer
        return self.viewer if who in self.session.computers else who

    def key_state(self, action: str, *, phases: bool, own_card: Callable[[], bool]) -> bool | None:
        """Whether a key of the board's own flows applies now: True, None (shown greyed: it
        would be refused, say why) or False (hidden).  `phases`: the phase bar is selected;
        `own_card()`: the selection is a card the player at the keyboard may use."""
        d = self.game.decision
        over = d is None
        picking = self.picker is not None
        dialog = isinstance(d, DIALOG_TYPES)
        match action:
            case "confirm":
                return picking and not phases and not over
            case "toggle_stop" | "switch_stops":
                return phases and not over
            case "open_dialog":
                return not over and not phases and not picking and dialog
            case "summary":
                return over
            case "play" | "pay_by_hand" | "pass_priority" | "pass_to_end_of_turn":
                return self.acting_key_state(action, phases=phases, own_card=own_card)
            case "cancel":
                return picking and not over
            case "clear_message":
                return not picking
            case "undo":
                return self.undo_key_state()
            case "deck_lab":
                return self.session.goldfish
            case "concede":
                return self.conceder() is not None
        return True

    def acting_key_state(self, action: str, *, phases: bool, own_card: Callable[[], bool]) -> bool | None:
        """The keys that play or pass (`key_state`): hidden in a dialog's decision or once the
        game is over (playing, with letters on the board too), greyed while they would be refused."""
        d = self.game.decision
        if d is None or isinstance(d, DIALOG_TYPES):
            return False
        match action:
            case "play":
                if phases or self.picker is not None:
                    return False
                return True if self.my_priority() and own_card() else None
            case "pay_by_hand":
                if self.picker is not None:
                    return False
                castable = self.my_priority() and any(isinstance(a, (A.Cast, A.Activate)) for a in self.legal())
                return True if castable and own_card() else None
        return True if self.my_priority() else None

    def undo_key_state(self) -> bool:
        """Ctrl+Z: hidden with nothing to take back; shown when refused, so the key says why."""
        if not self.session.checkpoints:
            return False
        why = self.session.undo_refusal(self.session.decider or self.viewer)
        return why is not None or self.session.can_undo()  # can_undo: False where undo isn't offered
