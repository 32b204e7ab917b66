"""The game screen's keys: its bindings, which of them apply now (`check_action`, as the
controller's `key_state` says), the picker's letters (`on_key`), and each key's handler.

`BoardKeys` is a base of `GameScreen` (a Screen itself, as `PassingKeys` is: Textual merges
BINDINGS only from DOMNode classes along the hierarchy).  A handler calls the headless
controller (mtg_tui/game_controller.py) and then has the screen catch up with the game (`sync`)
or draw the board again (`render_board`); the screen keeps the layout, the drawing, the dialogs
and the computer's worker and timers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding

from rules.engine.core import actions as A

from ..picking import LETTERS
from ..widgets.command_bar import CommandBar
from .modals import TextDialog
from .passing import PassingKeys


class BoardKeys(PassingKeys):
    if TYPE_CHECKING:  # what the game screen provides (besides what PassingKeys lists)
        def enter(self, manual: bool) -> None: ...
        def open_dialog(self) -> None: ...
        def picker_key(self, k: str, ch: str | None) -> None: ...
        def _computer_go_on(self) -> None: ...
        def _dialog_closed(self, accepted: Any = None) -> None: ...

    # Every key is a binding with an action; `check_action` hides (False) or greys (None) what
    # does not apply to the decision on screen, so the Footer and the `?` help show the keys
    # that work now.  Several bindings share Enter (and Space, Escape): exactly one of them is
    # enabled at a time, and Textual runs the first enabled one.  The description is what the
    # Footer shows; the tooltip is the longer line the help screen prints.
    BINDINGS = [
        Binding("enter", "confirm", "confirm", tooltip="confirm attackers / blockers, finish \"up to\" targets"),
        Binding("enter", "toggle_stop", "stop on/off", tooltip="on the phase bar: toggle a priority stop on that step"),
        Binding("enter", "open_dialog", "dialog", tooltip="open the decision's dialog again"),
        Binding("enter", "summary", "summary", tooltip="the game is over: its summary"),
        Binding("enter", "play", "play", tooltip="play the selected land, cast the selected spell, activate the "
                                                  "selected permanent"),
        Binding("p", "pay_by_hand", "pay by hand", tooltip="the same as Enter, choosing the mana sources yourself"),
        Binding("t", "switch_stops", "your/their turns",
                tooltip="on the phase bar: show and toggle the stops of your turns or of the opponent's turns"),
        Binding("space", "toggle_stop", "stop on/off", show=False,
                tooltip="on the phase bar: toggle a priority stop on that step"),
        Binding("space", "pass_priority", "pass", tooltip="pass priority"),
        Binding("e", "pass_to_end_of_turn", "end turn",
                tooltip="pass until end of turn (stops if a spell goes on the stack, you are attacked, "
                        "or at your main 2 when you have something to do there)"),
        Binding("tab", "move('tab')", "zones", key_display="tab",
                tooltip="next zone: hand, your battlefield, theirs, stack, log, phase bar"),
        Binding("shift+tab", "move('shift+tab')", "previous zone", show=False, tooltip="the previous zone"),
        Binding("left,h", "move('left')", "left", show=False, tooltip="the previous card in the zone"),
        Binding("right,l", "move('right')", "right", show=False, tooltip="the next card in the zone"),
        Binding("up,k", "move('up')", "up", show=False,
                tooltip="the row above (in the stack and log: the line above)"),
        Binding("down,j", "move('down')", "down", show=False,
                tooltip="the row below (in the stack and log: the line below)"),
        Binding("home", "move('home')", "first", show=False, tooltip="the first card of the zone (line of the log)"),
        Binding("end", "move('end')", "last", show=False, tooltip="the last card of the zone (line of the log)"),
        Binding("escape", "close_command_bar", "close", show=False, tooltip="close the command bar"),
        Binding("escape", "cancel_yield", "stop passing", tooltip="stop a passing mode (F3, F4, F6, F8, e)"),
        Binding("escape", "cancel", "cancel", tooltip="cancel what you were choosing; nothing changes"),
        Binding("escape", "clear_message", "clear", show=False, tooltip="clear the message line"),
        Binding("colon", "command_bar", "command", key_display=":",
                tooltip="command bar: type an action in notation, Tab completes names"),
        Binding("g", "zones", "graveyards", show=False, tooltip="browse graveyards and exile"),
        Binding("f", "fold_log", "fold log", show=False, tooltip="show or fold routine log lines"),
        Binding("ctrl+z", "undo", "undo",
                tooltip="undo your last decision (hotseat: while the other player hasn't acted and nothing "
                        "hidden was revealed)"),
        Binding("ctrl+s", "save", "save", show=False, tooltip="save the game"),
        Binding("d", "deck_lab", "lab",
                tooltip="deck lab: 1,000 autopilot games of your deck and its kill-turn chart (goldfish games)"),
        Binding("question_mark", "app.show_help", "help", key_display="?", tooltip="every key, and what the "
                                                                                  "board's markers mean"),
        Binding("q", "leave", "leave", tooltip="leave the game: save and quit, back to the menu, or quit"),
        Binding("ctrl+d", "concede", "concede", show=False,
                tooltip="concede: you lose and the game ends (asks first; the palette's \"Concede\" too)"),
    ]

    # the actions of the board's own flows: all hidden while the command bar has the keys
    BOARD_ACTIONS = frozenset({"confirm", "toggle_stop", "switch_stops", "open_dialog", "summary", "play",
                               "pay_by_hand", "pass_priority", "pass_to_end_of_turn", "move", "cancel", "clear_message",
                               "command_bar", "zones", "fold_log", "undo", "save", "deck_lab", "leave", "concede"})

    def command_bar_open(self) -> bool:
        bar = self.query_one("#command", CommandBar)
        return bar.has_focus and bar.has_class("-visible")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys apply now: False hides a key (Footer and help), None shows it greyed."""
        if action not in self.BOARD_ACTIONS and action != "close_command_bar":
            return super().check_action(action, parameters)
        if not self.is_mounted:
            return True
        if action == "close_command_bar":
            return self.command_bar_open()
        if self.command_bar_open():
            return False
        return self.control.key_state(action, phases=self.zone == "phases", own_card=self.control.own_card_selected)

    def on_key(self, event: events.Key) -> None:
        """The picker's letters: they change with every choice (one per target, attacker or
        blocker on the board), so they are not bindings.  Every other key is a binding."""
        if event.key == "space" and self.control.wait is not None and not self.command_bar_open():
            event.stop()
            event.prevent_default()
            self._computer_go_on()  # the computer's next action now, without the pause
            return
        if self.picker is None or self.command_bar_open() or self.game.decision is None:
            return
        ch = event.character
        if ch and len(ch) == 1 and ch in LETTERS:
            event.stop()
            event.prevent_default()
            self.picker_key(event.key, ch)

    # ------------------------------------------------------------ the keys' actions
    def action_play(self) -> None:
        self.enter(manual=False)

    def action_pay_by_hand(self) -> None:
        self.enter(manual=True)

    def action_pass_priority(self) -> None:
        self.pass_priority()

    def action_pass_to_end_of_turn(self) -> None:
        self.pass_to_end_of_turn()

    def action_confirm(self) -> None:
        if self.picker is not None:
            self.picker_key("enter", None)

    def action_cancel(self) -> None:
        if self.picker is not None:
            self.picker_key("escape", None)

    def action_clear_message(self) -> None:
        self.say()
        self.render_board()

    def action_toggle_stop(self) -> None:
        self.toggle_stop()

    def action_switch_stops(self) -> None:
        self.control.stops_own = not self.editing_own_turns()
        self.render_board()

    def action_open_dialog(self) -> None:
        self.open_dialog()

    def action_move(self, where: str) -> None:
        self.move(where)

    def action_command_bar(self) -> None:
        self.open_command_bar()

    def action_close_command_bar(self) -> None:
        self.close_command_bar()

    def action_zones(self) -> None:
        from .zones import ZonesScreen
        self.app.push_screen(ZonesScreen(self.current_board().view))

    def action_fold_log(self) -> None:
        self.control.folded = not self.control.folded
        self.cursor["log"] = 10 ** 6
        self.render_board()

    def action_undo(self) -> None:
        self.undo()

    def action_save(self) -> None:
        self.save()

    def action_deck_lab(self) -> None:
        self.open_lab()

    def action_concede(self) -> None:
        self.concede()

    # ------------------------------------------------------------ what they do
    def move(self, where: str) -> None:
        self.control.move(where)
        self.render_board()

    def toggle_stop(self) -> None:
        self.control.toggle_stop()
        self.render_board()

    def pass_priority(self) -> None:
        if self.game.decision is None:
            return
        self.sync() if self.control.pass_priority("Space") else self.render_board()

    def pass_with(self, mode: str, key: str) -> None:
        """Pass priority now and keep passing in `mode` (Session.pass_until)."""
        d = self.game.decision
        if d is None or d.kind != "priority":
            return
        self.sync() if self.control.pass_with(mode, key) else self.render_board()

    def pass_to_end_of_turn(self) -> None:
        """Pass to end of turn (e, F4): the client passes for the player through this turn,
        stopping if an opponent's spell or ability needs an answer, if they are attacked, and
        at their own main 2 when they have something to do there (Session.pass_until)."""
        if self.game.decision is not None:
            self.sync() if self.control.pass_to_end_of_turn() else self.render_board()

    def undo(self) -> None:
        """Take back the player's last decision (Session.undo_refusal says when not, and why)."""
        self.sync() if self.control.undo() else self.render_board()

    def save(self) -> None:
        """Ctrl+S: the path asked, the default filled in (GameController.save)."""
        self.app.push_screen(TextDialog("save the game to:", self.control.save_path(), self.control.save),
                             self._dialog_closed)

    def open_lab(self) -> None:
        """The deck lab for this goldfish game's deck, rules and mulligan rule (`d`)."""
        from .lab import LabScreen

        lab = self.control.lab_setup()
        if lab is None:
            self.render_board()
            return
        self.app.push_screen(LabScreen(lab.name, lab.deck, lab.ruleset, lab.mulligan))

    def conceder(self) -> str | None:
        """Who would concede now (GameController.conceder)."""
        return self.control.conceder()

    def concede(self) -> None:
        """Ctrl+D or the palette: concede for the player at the keyboard once they confirm
        (104.3a / 2009 102.3a: a player may concede at any time; they leave the game and lose)."""
        from .modals import ConcedeDialog, Dialog as Asking

        asked = self.control.concession()
        if asked is None:
            return
        who, outcome = asked

        def answered(yes: bool | None) -> None:
            if yes and self.conceder() == who:
                while self.app.screen is not self and isinstance(self.app.screen, Asking):
                    self.app.pop_screen()  # the decision's dialog it was asked from: no answer now
                self.try_act(A.Concede(who))
        self.app.push_screen(ConcedeDialog(who, outcome, self.game.rules.cite("concede")), answered)

    def open_command_bar(self) -> None:
        bar = self.query_one("#command", CommandBar)
        bar.add_class("-visible")
        bar.can_focus = True
        bar.value = ""
        bar.focus()

    def close_command_bar(self) -> None:
        bar = self.query_one("#command", CommandBar)
        bar.remove_class("-visible")
        bar.can_focus = False
        self.set_focus(None)
        self.render_board()
