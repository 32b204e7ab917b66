"""Passing as fast as MTGO's F-keys: the game screen's keys for passing priority through a
stretch of the game, and "attack with all".

`PassingKeys` is a base of `GameScreen` (a Screen itself, because Textual merges BINDINGS only
from DOMNode classes along the hierarchy).  They are priority bindings, so they act before the
screen's own key handling; each is offered only when it applies (`check_action`: the decision
is the viewer's priority, or their attackers for "attack with all"), and otherwise the key goes
on to the screen as if unbound.  The letters a picker labels choices with (picking.LETTERS) and
the screen's own letters are left alone: these are function keys, `*` and Escape.

  F2  pass priority once (Space does the same)
  F3  pass to the next step
  F4  pass to end of turn (e does the same): stops at your main 2 when you have something to do
  F6  pass to your next turn, unless you are attacked, targeted, or a spell is cast
  F8  pass until something happens: an opponent casts, activates, attacks or targets
  F7  hold priority: after your next spell or ability you get priority back (117.3c), to
      respond to your own spell (the client passes for you there otherwise); again: don't
  *   attack with all (the declare-attackers decision)
  Esc ends a passing mode of the player at the keyboard (the phase bar shows it), before a
      picker's Escape
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen

from rules.engine.core import actions as A
from rules.engine.core.decisions import AttackersDecision

if TYPE_CHECKING:

    from rules import Game

    from ..board import Board
    from ..game_controller import GameController
    from ..picking import Picker
    from ..session import Session

# the actions and the modes of Session.pass_until they set (None: pass once)
PASS_MODES: dict[str, str | None] = {
    "pass_once": None, "pass_step": "step", "pass_turn_end": "eot", "pass_my_turn": "turn", "pass_event": "event",
}


class PassingKeys(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        # the F-keys are in the help, not the Footer (Space and e are there already)
        Binding("f2", "pass_once", "pass", show=False, priority=True, tooltip="pass priority once"),
        Binding("f3", "pass_step", "to next step", show=False, priority=True, tooltip="pass to the next step"),
        Binding("f4", "pass_turn_end", "to end of turn", show=False, priority=True,
                tooltip="pass to end of turn (stops at your main 2 when you have something to do there)"),
        Binding("f6", "pass_my_turn", "to my turn", show=False, priority=True,
                tooltip="pass to your next turn, unless you are attacked, targeted, or a spell is cast"),
        Binding("f8", "pass_event", "until something happens", show=False, priority=True,
                tooltip="pass until an opponent casts, activates, attacks or targets"),
        Binding("f7", "hold_priority", "hold priority", show=False, priority=True,
                tooltip="get priority back after your next spell or ability, to respond to it yourself"),
        Binding("asterisk", "attack_all", "attack with all", priority=True,
                tooltip="attack with every creature able to"),
        # Escape ends a passing mode: bound in GameScreen's BINDINGS (a class's binding for a key
        # replaces its bases' bindings for that key), handled here
    ]

    if TYPE_CHECKING:  # what the game screen provides
        @property
        def session(self) -> Session: ...
        @property
        def viewer(self) -> str | None: ...
        @property
        def picker(self) -> Picker | None: ...

        @property
        def game(self) -> Game: ...
        def render_board(self) -> None: ...
        def sync(self) -> None: ...
        def try_act(self, action: A.Action | str, *, sync: bool = True) -> str | None: ...
        def pass_priority(self) -> None: ...
        def pass_with(self, mode: str, key: str) -> None: ...
        def say(self, text: str = "", style: str = "") -> None: ...
        def current_board(self) -> Board: ...
        def legal(self) -> list[A.Action]: ...
        def _stops_shown(self) -> set[str]: ...
        def editing_own_turns(self) -> bool: ...
        control: GameController
        zone: str

        @property
        def cursor(self) -> dict[str, int]: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in PASS_MODES or action in ("attack_all", "cancel_yield", "hold_priority"):
            d = self.game.decision
            if d is None or self._typing() or self.session.decider != self.viewer:
                return False
            if action == "attack_all":
                return isinstance(d, AttackersDecision) and bool(d.able)
            if action == "cancel_yield":  # before the picker's Escape: the mode is shown, Esc ends it
                return self.session.yield_of(self.viewer) is not None
            return d.kind == "priority" and self.picker is None
        return super().check_action(action, parameters)

    # ------------------------------------------------------------ actions
    def action_pass_once(self) -> None:
        self.pass_priority()

    def action_pass_step(self) -> None:
        self.pass_with("step", "F3")

    def action_pass_turn_end(self) -> None:
        self.pass_with("eot", "F4")

    def action_pass_my_turn(self) -> None:
        self.pass_with("turn", "F6")

    def action_pass_event(self) -> None:
        self.pass_with("event", "F8")

    def action_hold_priority(self) -> None:
        who = self.viewer
        if who is None:
            return
        if self.session.toggle_hold(who):
            self.say("holding priority: after your next spell or ability you get priority back (117.3c)",
                     "$text-success")
        else:
            self.say("not holding priority: the client passes for you after your own spells again")
        self.render_board()

    def action_cancel_yield(self) -> None:
        who = self.viewer
        if who is not None and self.session.cancel_yield(who):
            self.say("stopped passing: the client stops for you again as usual", "$text-success")
        self.render_board()

    def action_attack_all(self) -> None:
        """Declare every creature able to attack as an attacker: each attacks the defender an
        effect requires it to, else the first defending player (508.1)."""
        d = self.game.decision
        if not isinstance(d, AttackersDecision):
            return
        players = [x for x in d.defenders if isinstance(x, str)] or list(d.defenders)
        required = dict(d.required_to)
        plan = tuple((a, required.get(a, players[0])) for a in d.able)
        self.try_act(A.DeclareAttackers(d.player, plan))

    def yield_note(self, player: str | None) -> str:
        """The passing mode `player` set, for the phase bar ("" when none)."""
        y = self.session.yield_of(player)
        if y is None:
            return "holding priority (F7)" if player == self.viewer and player in self.session.holding else ""
        if player == self.viewer:
            return f"passing {y.name.replace('their', 'your')} (Esc)"
        return f"{player} passes {y.name}"

    def phase_extras(self) -> dict[str, Any]:
        """What the phase bar shows besides the step: the viewer's stops on the other kind of
        turn (both kinds spelt out as room allows) and a passing mode set by the viewer, else
        by another player (so the one at the keyboard knows the client passes for them)."""
        viewer = self.viewer
        stops = self.session.stops.get(viewer) if viewer is not None else None
        other = None
        if stops is not None:
            other = set(stops.theirs if self.editing_own_turns() else stops.own)
        note = self.yield_note(viewer) or next(
            (self.yield_note(p) for p in self.session.yields if p != viewer), "")
        return {"other_stops": other, "viewer": None, "yielding": note}

    def _typing(self) -> bool:
        """Whether a text input (the command bar) has the focus: keys are for it then."""
        from textual.widgets import Input

        return isinstance(self.focused, Input)

    def place_cursor(self) -> None:
        """Place the cursor (`set_cursor`) and draw the board."""
        if self.set_cursor():
            self.render_board()

    def set_cursor(self) -> bool:
        """Where the card cursor starts for a new decision (GameController.set_cursor)."""
        return self.control.set_cursor()
