"""The game screen: draws the board for the player at the keyboard and turns keys into
actions.  It holds no rules: legal actions, targets and blocks come from the engine
(`legal_actions`, `rules.play.assist`), and the session logic (the decision on screen, the
board its player sees and the selection on it, what Enter on a card sends and what is asked
on the way, which keys apply, the answer sent and its refusal, passing, undo, the computer's
pacing) is the headless `GameController` (mtg_tui/game_controller.py); the screen keeps the
widgets, the keys and the dialogs, and draws what the controller says.

Each decision kind has one flow: priority (Enter / p / Space / e on the selected card),
attackers, blockers and targets (letters on the board), everything else a dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from rules import Game
from rules.engine.api.view_types import CardView, PlayerView
from rules.engine.core import actions as A
from rules.engine.core.decisions import (
    AttackersDecision,
    BlockerOrderDecision,
    BlockersDecision,
    BottomDecision,
    CastFreeDecision,
    ChooseCardsDecision,
    ChooseDecision,
    ChooseKeepDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    DamageAssignmentDecision,
    Decision,
    DiscardDecision,
    MulliganDecision,
    PriorityDecision,
    TargetsDecision,
    TriggerOrderDecision,
    YesNoDecision,
)
from rules.play.assist import (
    choice_view,
    damage_to_divide,
    default_assignment,
    even_division,
    lethal_damage,
    mana_burn_if_passed,
    mana_source_ids,
)

from ..board import Board
from ..game_controller import DIALOG_TYPES, Announced, Ask, GameController, PickTargets, Step, Stoppable
from ..grouping import STEP_NAMES, CardFacts, choice_labels
from ..key_guard import hold_from_now
from ..picking import LETTERS, BlockPicker, Picker, TargetPicker
from ..render import hand_chip, progress_bar, styled
from ..search_progress import ProgressRelay
from ..session import Session
from ..widgets.battlefield import Battlefield
from ..widgets.command_bar import CommandBar
from ..widgets.detail import CardDetail
from ..widgets.hand import HandPanel
from ..widgets.key_bar import KeyBar
from ..widgets.log import LogPanel
from ..widgets.one_layout import Column, Row
from ..widgets.phase_bar import PhaseBar
from ..widgets.player import PlayerPanel
from ..widgets.prompt import PromptLine
from ..widgets.stack import StackPanel
from .cover import CoverScreen, cover_text, on_the_stack
from .modals import AssignDialog, ChoiceDialog, NameDialog, OrderDialog, PickCardsDialog, TextDialog, lettered
from .passing import PassingKeys

# every class of decision the engine asks -> how a player answers it here (tests check the two agree)
FLOWS: dict[type[Decision], str] = {
    PriorityDecision: "keys on the selected card (Enter, p, Space, e) or the command bar",
    **dict.fromkeys((AttackersDecision, BlockersDecision, TargetsDecision, CastFreeDecision),
                    "letters on the board, then Enter"),
    **dict.fromkeys(DIALOG_TYPES, "a dialog"),
}
# the option of a search that may find nothing (701.16b), last in its dialog
FIND_NOTHING_LABEL = "find nothing"
# what the Footer can't say (the keys themselves are bindings, shown by the Footer below)
KEYS_PICK = "press a letter on the board to choose"


class GameScreen(PassingKeys, Screen[None]):
    AUTO_FOCUS = None  # keys go to the screen; only `:` focuses the command bar

    class GameOver(Message):
        """The game has ended (or the player asks for its summary again): the app shows it."""

        def __init__(self, session: Session) -> None:
            super().__init__()
            self.session = session

    class LeaveGame(Message):
        """`q` answered: "save" (save, then quit), "menu" (back to the menu) or "quit"."""

        def __init__(self, session: Session, choice: str) -> None:
            super().__init__()
            self.session = session
            self.choice = choice

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.control = GameController(session)
        self.covering = False
        self._after_targets: Callable[[A.Action], None] | None = None
        self._shared: tuple = ()  # (board, size) the battlefields' heights were last shared for

    # the controller's state the screen's flows (and its subclasses) read and set
    @property
    def session(self) -> Session:
        return self.control.session

    @session.setter
    def session(self, session: Session) -> None:
        self.control.session = session

    @property
    def viewer(self) -> str | None:
        """The player at the keyboard: the board is drawn as they see it."""
        return self.control.viewer

    @viewer.setter
    def viewer(self, viewer: str | None) -> None:
        self.control.viewer = viewer

    @property
    def picker(self) -> Picker | None:
        """Letters on the board under way (targets, attackers, blockers)."""
        return self.control.picker

    @picker.setter
    def picker(self, picker: Picker | None) -> None:
        self.control.picker = picker

    @property
    def player_picker(self) -> bool:
        return self.control.player_picker

    @player_picker.setter
    def player_picker(self, started: bool) -> None:
        self.control.player_picker = started

    @property
    def serial(self) -> tuple:
        return self.control.serial

    @serial.setter
    def serial(self, serial: tuple) -> None:
        self.control.serial = serial

    @property
    def zone(self) -> str:
        """The selected zone of the board (ZONES)."""
        return self.control.zone

    @zone.setter
    def zone(self, zone: str) -> None:
        self.control.zone = zone

    @property
    def cursor(self) -> dict[str, int]:
        """The selected card (line, step) in each zone."""
        return self.control.cursor

    @property
    def stops_own(self) -> bool | None:
        return self.control.stops_own

    @stops_own.setter
    def stops_own(self, own: bool | None) -> None:
        self.control.stops_own = own

    @property
    def folded(self) -> bool:
        """The log's routine lines left out (f shows them)."""
        return self.control.folded

    @folded.setter
    def folded(self, folded: bool) -> None:
        self.control.folded = folded

    @property
    def computer_pause(self) -> float:
        return self.control.computer_pause

    @computer_pause.setter
    def computer_pause(self, seconds: float) -> None:
        self.control.computer_pause = seconds

    @property
    def _computer_wait(self) -> Stoppable | None:
        """The pause after the computer's action (a timer), while it runs."""
        return self.control.wait

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield PhaseBar(id="phase")
        with Row(id="main"):
            with Column(id="left"):
                yield PlayerPanel(id="them")
                yield HandPanel(id="their-hand")
                yield Battlefield(id="theirs")
                yield Battlefield(id="mine")
                yield PlayerPanel(id="me")
                yield HandPanel(id="hand")
            with Column(id="right"):
                yield StackPanel(id="stack")
                yield CardDetail(id="detail")
                yield LogPanel(id="log")
        yield PromptLine(id="prompt")
        yield CommandBar(self._completion_names, lambda: [p.name for p in self.game.players], id="command")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.control.placed = self.control.decision_context()  # the cursor starts in hand (a cover places it)
        self.sync()

    @property
    def game(self) -> Game:
        """The session's game (undo swaps in a replayed one)."""
        return self.control.game

    def say(self, text: str = "", style: str = "") -> None:
        """The message line (a refusal, what a key did): kept with its style's `$names`, so
        that it takes the theme's colours when drawn, after a change of theme too."""
        self.control.say(text, style)

    @property
    def message(self) -> Text:
        said = self.control.said
        return styled(*said) if said[0] else Text()

    # ------------------------------------------------------------ the decision loop
    def sync(self) -> None:
        """Catch up with the game: a new decision sets up its flow (cover, picker, dialog)."""
        if self.covering:
            return
        step = self.control.catch_up()
        if step.kind == "over":
            self.render_board()
            if step.announce:
                self.post_message(self.GameOver(self.session))
            return
        if step.kind == "computer":
            self.render_board()
            self.computer_turn()
            return
        if step.held:
            hold_from_now(self.app, step.held)
        if step.kind == "cover":
            self.show_cover()
            return
        if step.handover:
            self.call_after_refresh(self.place_cursor)  # a player takes the keyboard
        if step.new and self.control.cursor_needs_placing():
            self.set_cursor()  # a new step or kind of decision: the cursor goes where it is useful
        self.render_board()
        if step.new:
            self.hold_keys_for_a_new_moment()
        if step.dialog:
            self.open_dialog()

    def show_cover(self) -> None:
        """Behind the cover (opaque), the board is drawn already for the player taking the
        keyboard, picker and cursor placed as `_uncovered` will place them: uncovering it then
        changes nothing, and the board shows in one frame."""
        g = self.game
        d = g.decision
        assert d is not None
        self.set_cursor()
        self.render_board()
        self.covering = True
        # a controlled player's decisions are made by the player controlling them, who sees
        # what that player sees (712 / 507: Sorin Markov)
        decider = self.control.cover_decider()
        whose = f" for {d.player}" if decider != d.player else ""
        ask = "Your priority." if d.kind == "priority" and not whose else f"You decide{whose}: {d.prompt}"
        if d.kind == "priority" and g.stack:
            ask = f"Your priority: {on_the_stack(g.stack[-1])} is on the stack."
        why = cover_text(g, decider, self.session.seen.get(decider), ask)
        cover = CoverScreen.shared(self.app, decider, why)
        # hold keys from now: one queued behind the key that handed over may yet reach
        # the cover before it has heard that it is up
        hold_from_now(self.app, f"{decider}'s cover came up")
        self.app.push_screen(cover, self._uncovered)

    def hides_hands(self) -> bool:
        """Hotseat with hidden hands: the keyboard changes hands behind a cover."""
        return self.control.hides_hands()

    # ------------------------------------------------------------ the computer's seat
    def computer_seat(self) -> str:
        return self.control.computer_seat()

    def computer_turn(self) -> None:
        """The computer must decide: its player works the answer out in a thread (a search may
        take seconds), so keys (undo, leave, concede) are handled meanwhile."""
        started = self.control.start_thinking()
        if started is None:
            return
        token, answer = started
        game, at = self.game, len(self.game.record)
        post = partial(self.app.call_from_thread, self._search_progress, token)

        def think() -> None:
            try:
                action: A.Action | Exception | None = answer(ProgressRelay(post))
            except Exception as e:  # the game changed under it (undo), or a bug: the screen decides
                action = e
            self.app.call_from_thread(self._computer_answered, token, game, at, action)

        self.run_worker(think, thread=True, group="computer", exit_on_error=False)

    def _computer_answered(self, token: object, game: Game, at: int, action: A.Action | Exception | None) -> None:
        """The computer's answer, worked out for the game as it was (`game` at `at` actions):
        played, unless the game moved since (undo, a concession); then paced."""
        outcome = self.control.computer_answered(token, game, at, action)
        if outcome == "dropped":
            return
        if outcome == "paced":
            self.control.wait = self.set_timer(self.computer_pause, self._computer_go_on)
            self.render_board()  # the prompt line says the pause is on
        else:
            self.sync()

    def computer_labels(self) -> dict[str, str]:
        """The computer's seats with the names the client shows them by ("bob (computer)")."""
        return self.control.computer_labels()

    def _search_progress(self, token: object, done: int, budget: int) -> None:
        """The computer's search got on (from its worker, a few times a second): the prompt
        line says it is thinking, with how far it is."""
        if self.control.search_progress(token, done, budget):
            seat = self.session.computer_deciding()
            if seat is not None:
                self._computer_prompt(seat)

    def _computer_prompt(self, seat: str) -> None:
        """The prompt line while the computer decides: its last action on show (Space goes on
        at once), or thinking, with its search's progress bar once it searches (only the
        bar comes and goes between decisions that follow one another)."""
        prompt = self.query_one("#prompt", PromptLine)
        ask: str | Text = "is thinking…"
        if self.control.wait is not None:
            ask = "is deciding (Space: go on at once)"
        elif self.control.searched is not None:
            ask = styled("is thinking… ", "bold") + progress_bar(*self.control.searched)
        prompt.set(self.session.label(seat), ask, "", self.message)

    def _computer_go_on(self) -> None:
        """The pause after the computer's action is over (or skipped): its next decision."""
        self.control.end_pause()
        self.sync()

    def computer_busy(self) -> bool:
        """Whether the computer is deciding or its last action is being shown."""
        return self.control.computer_busy()

    def handing_over(self) -> bool:
        """The next decision is another player's, and their cover isn't up yet."""
        return self.control.handing_over(self.covering)

    def hold_keys_for_a_new_moment(self) -> None:
        """The player at the keyboard has a decision in a step (or turn) other than their last
        one's: the client played on for them.  Keys they pressed before it was on screen were
        meant for what they saw, so they are dropped; in a new turn, keys are held a moment
        longer (key_guard): an `e` typed a moment late would end the new turn too."""
        g = self.game
        moved = self.control.new_moment()
        if moved == "turn":
            hold_from_now(self.app, f"turn {g.turn} began")
        elif moved == "step":
            hold_from_now(self.app, f"the game moved on to {STEP_NAMES.get(g.step, g.step)}", hold=False)

    def key_held(self, key: str, why: str) -> None:
        """A key was dropped by the app's key hold: say which and why."""
        self.say(f"{key} ignored: {why} just now. Press it again.", "$text-warning")
        self.render_board()

    def _uncovered(self, _: Any = None) -> None:
        """The cover is gone: the board shows.  A second Enter right behind the one that
        revealed it (a double tap) would act on a board its player hasn't seen: keys are held
        a moment here too (key_guard)."""
        self.covering = False
        self.control.uncovered()
        hold_from_now(self.app, f"{self.viewer}'s board came up")
        self.sync()
        self.place_cursor()

    def _board_picker(self) -> Picker | None:
        return self.control.board_picker()

    def legal(self) -> list[A.Action]:
        return self.control.legal()

    def try_act(self, action: A.Action | str, *, sync: bool = True) -> str | None:
        """Send an answer; returns the engine's refusal (and shows it), or None."""
        refused = self.control.act(action)
        if refused is not None:
            self.render_board()
        elif sync:
            self.sync()
        return refused

    # ------------------------------------------------------------ drawing
    def current_board(self) -> Board:
        return self.control.board()

    def labels(self, b: Board) -> tuple[dict[Any, str], list[Any]]:
        """The picker's letters on board `b` (GameController.letters)."""
        return self.control.letters(b)

    def render_board(self) -> None:
        g = self.game
        b = self.current_board()
        d = g.decision
        labels, off_board = self.labels(b)
        notes = self.picker.notes() if self.picker is not None else {}
        for z in ("hand", "mine", "theirs", "stack", "log"):
            n = len(b.items(z))
            self.cursor[z] = min(self.cursor[z], max(n - 1, 0))
        sel = lambda z: self.cursor[z] if self.zone == z else None  # noqa: E731
        me, them = b.me.name, b.them.name
        prio = g.priority
        self.query_one("#phase", PhaseBar).set(
            turn=g.turn, active=g.active, step=g.step, priority=d.player if d is not None else None,
            stops=self._stops_shown(), own_turn=self.editing_own_turns(),
            cursor=self.cursor["phases"] if self.zone == "phases" else None, **self.phase_extras())
        # what the selected stack object targets gets a mark on the board
        marks = b.targets_of(self.cursor["stack"]) if self.zone == "stack" else frozenset()
        self.query_one("#them", PlayerPanel).set(self.named(b.them), active=g.active == them, priority=prio == them,
                                                 label=labels.get(them), mark=them in marks)
        self.query_one("#me", PlayerPanel).set(self.named(b.me), active=g.active == me, priority=prio == me,
                                               label=labels.get(me), mark=me in marks)
        self.query_one("#theirs", Battlefield).set(b.theirs, title=f"{them}'s battlefield", selected=sel("theirs"),
                                                   labels=labels, notes=notes, lands_first=True,
                                                   active=self.zone == "theirs", marks=marks)
        self.query_one("#mine", Battlefield).set(b.mine, title=f"{me}'s battlefield", selected=sel("mine"),
                                                 labels=labels, notes=notes, lands_first=False,
                                                 active=self.zone == "mine", marks=marks)
        # once laid out, the two battlefields share the height by how many lines each needs: when
        # the board or the size changed, not on a cursor move (a selection can rewrap a line and
        # move the split back and forth, a whole layout each time)
        if self._shared != (id(b), self.size):
            self._shared = (id(b), self.size)
            mine, theirs = self.query_one("#mine", Battlefield), self.query_one("#theirs", Battlefield)
            if mine.content_size.width and theirs.content_size.width:
                mine.share(theirs)  # their lines are built for their widths: the split is known now, in this frame
            else:
                self.call_after_refresh(mine.share, theirs)  # not laid out yet: no lines to count
        playable = self.control.playable_names(b)
        hand_title = f"{me}'s hand ({sum(1 for c in b.hand if c.zone != 'graveyard')})"
        self.query_one("#hand", HandPanel).set(b.hand, title=hand_title, selected=sel("hand"), playable=playable,
                                               labels=labels, active=self.zone == "hand")
        their_hand = self.query_one("#their-hand", HandPanel)
        their_hand.display = b.their_hand is not None  # open hands (--open) or a revealed hand (Telepathy)
        if b.their_hand is not None:
            their_hand.set(b.their_hand, title=f"{them}'s hand ({len(b.their_hand)})", selected=None,
                           playable=set(), labels=labels, active=False)
        self.query_one("#stack", StackPanel).set(b.stack, selected=sel("stack"), labels=labels,
                                                 active=self.zone == "stack", names=b.names, marks=marks)
        self.query_one("#log", LogPanel).set(b.log, selected=sel("log"), folded=self.folded,
                                             active=self.zone == "log")
        card, extra = self.selected_card(b)
        self.query_one("#detail", CardDetail).set(card, extra)
        self._render_prompt(b, labels, off_board)
        self.refresh_bindings()  # the decision, the zone or the picker may have changed: the Footer follows
        self.query_one(KeyBar).redraw()  # in this frame, not in a second one after the bindings signal

    def named(self, p: PlayerView) -> PlayerView:
        """A player's view with the name the client shows ("bob (computer)")."""
        label = self.session.label(p.name)
        return p if label == p.name else replace(p, name=label)

    def _stops_shown(self) -> set[str]:
        return self.control.stops_shown()

    def editing_own_turns(self) -> bool:
        return self.control.editing_own_turns()

    def _render_prompt(self, b: Board, labels: dict[Any, str], off_board: list[Any]) -> None:
        d = self.game.decision
        prompt = self.query_one("#prompt", PromptLine)
        if d is None:
            prompt.set("game over", self.control.result(), "")
            return
        seat = self.session.computer_deciding()
        if seat is not None:  # never its prompt: that may name what its hand holds
            self._computer_prompt(seat)
            return
        extra = Text()
        if off_board:
            for ref in off_board:
                extra += styled(f"{labels.get(ref, '?')}", "bold $mtg-label") + Text(
                    f" {self.game.name_of(ref)}  ")
        if self.zone == "phases":
            # short, so the prompt keeps its height (a taller prompt lays the whole screen out
            # again): the card panel explains the selected step's stop
            whose = self.control.whose_turn()
            ask = f"stops on {whose} turns: ←→ pick a step, Enter toggles its stop, t the other turns"
            prompt.set(d.player, ask, "", self.message, extra)
        elif self.picker is not None:
            prompt.set(d.player, self.picker.prompt, KEYS_PICK, self.message, extra)
        elif isinstance(d, DIALOG_TYPES):
            prompt.set(d.player, d.prompt, "", self.message, extra)
        else:
            keys = ""
            burn = mana_burn_if_passed(self.game, d.player)
            burning = styled(f"mana in your pool: passing now burns {burn} life "
                             f"({self.game.rules.cite('mana_burn')})", "$text-warning") if burn else Text()
            message = self.message or burning
            prompt.set(d.player, d.prompt, keys, message, extra)

    def selected_card(self, b: Board) -> tuple[CardView | CardFacts | None, list[str]]:
        """What the card panel shows: the selected card and facts about it, or the selected step."""
        return self.step_facts() if self.zone == "phases" else self.control.selected_card(b)

    def step_facts(self) -> tuple[CardFacts, list[str]]:
        """The card panel while the phase bar is selected: the selected step and its stop."""
        return self.control.step_facts()

    # ------------------------------------------------------------ keys
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

    def own_card_selected(self) -> bool:
        return self.control.own_card_selected()

    def my_priority(self) -> bool:
        """A priority decision of the player at the keyboard, with no picker under way."""
        return self.control.my_priority()

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
        return self.control.key_state(action, phases=self.zone == "phases", own_card=self.own_card_selected)

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
        self.stops_own = not self.editing_own_turns()
        self.render_board()

    def action_open_dialog(self) -> None:
        self.open_dialog()

    def action_summary(self) -> None:
        self.post_message(self.GameOver(self.session))

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
        self.folded = not self.folded
        self.cursor["log"] = 10 ** 6
        self.render_board()

    def action_undo(self) -> None:
        self.undo()

    def action_save(self) -> None:
        self.save()

    def action_deck_lab(self) -> None:
        self.open_lab()

    def action_leave(self) -> None:
        """`q`: save and quit, back to the menu, quit (the autosave keeps the game), or cancel."""
        from .modals import LeaveDialog

        def chosen(what: str | None) -> None:
            if what:
                self.post_message(self.LeaveGame(self.session, what))
        self.app.push_screen(LeaveDialog(), chosen)

    def action_concede(self) -> None:
        self.concede()

    def conceder(self) -> str | None:
        """Who would concede now (GameController.conceder)."""
        return self.control.conceder()

    def concede(self) -> None:
        """Ctrl+D or the palette: concede for the player at the keyboard once they confirm
        (104.3a / 2009 102.3a: a player may concede at any time; they leave the game and lose)."""
        from .modals import ConcedeDialog, Dialog

        who = self.conceder()
        if who is None:
            return
        rest = [p.name for p in self.game.players if p.name != who and not p.lost]
        outcome = f"{rest[0]} wins" if len(rest) == 1 else "the game goes on without them"

        def answered(yes: bool | None) -> None:
            if yes and self.conceder() == who:
                while self.app.screen is not self and isinstance(self.app.screen, Dialog):
                    self.app.pop_screen()  # the decision's dialog it was asked from: no answer now
                self.try_act(A.Concede(who))
        self.app.push_screen(ConcedeDialog(who, outcome, self.game.rules.cite("concede")), answered)

    def move(self, where: str) -> None:
        self.control.move(where)
        self.render_board()

    def toggle_stop(self) -> None:
        self.control.toggle_stop()
        self.render_board()

    # ------------------------------------------------------------ flows
    def picker_key(self, k: str, ch: str | None) -> None:
        p = self.picker
        assert p is not None
        if k == "escape":
            if isinstance(p, BlockPicker) and p.back():
                pass
            elif self.player_picker:
                self.picker = None
                self.player_picker = False
                self.say("cancelled", "dim")
            else:
                self.picker = self._board_picker()  # a decision's picker: start it again
                self.say("choices cleared", "dim")
            self.render_board()
            return
        if k == "enter":
            if isinstance(p, TargetPicker) and not p.complete():
                p.finish_spec()
                if not p.complete():
                    self.say(f"choose {p.spec.text if p.spec else 'a target'} first", "$text-warning")
                    self.render_board()
                    return
            self.finish_picker()
            return
        labels, _ = self.labels(self.current_board())
        by_letter = {v: r for r, v in labels.items()}
        if ch in by_letter:
            p.press(by_letter[ch])
            self.say()
            if isinstance(p, TargetPicker) and p.complete():
                self.finish_picker()
                return
        self.render_board()

    def finish_picker(self) -> None:
        p = self.picker
        if p is None:
            return
        if not p.complete():
            self.say(p.prompt, "$text-warning")
            self.render_board()
            return
        action = p.answer()
        if action is None:
            return
        then: Callable[[A.Action], Any] = self.try_act
        if self.player_picker and self._after_targets is not None:
            then = self._after_targets
        total = damage_to_divide(self.game, action)
        if total and isinstance(action, (A.Cast, A.Activate, A.ChooseTargets)):  # only these divide damage
            self.divide(action, total, then)
        else:
            then(action)

    def divide(self, action: A.Cast | A.Activate | A.ChooseTargets, total: int,
               then: Callable[[A.Action], Any]) -> None:
        """Damage divided among the chosen targets (601.2d): a dialog moves it between them,
        each starting with an even share; the engine checks the division when it is sent."""
        name = self.game.name_of
        box: dict[str, A.Action] = {}

        def submit(given: tuple[tuple[int, Any], ...]) -> str | None:
            if any(n < 1 for n, _ in given):
                return "each target must be dealt at least 1"
            if sum(n for n, _ in given) != total:
                return f"divide all {total} damage"
            box["action"] = replace(action, division=tuple(n for n, _ in given))
            return None

        def closed(ok: Any) -> None:
            if ok and "action" in box:
                then(box["action"])
            else:
                if self.player_picker:  # casting or activating: start over
                    self.picker, self.player_picker = None, False
                else:  # a decision's picker: choose its targets again
                    self.picker = self._board_picker()
                self.say("cancelled", "dim")
                self.render_board()

        title = f"{self.game.decision.player if self.game.decision else action.player}: divide {total} damage"
        self.app.push_screen(AssignDialog(title, [(t, name(t), None) for t in action.targets], total,
                                          even_division(total, len(action.targets)), submit), closed)

    def enter(self, manual: bool) -> None:
        d = self.game.decision
        if d is None:  # the game is over (Enter and p are hidden then)
            return
        if isinstance(d, DIALOG_TYPES):
            self.open_dialog()
            return
        if d.kind != "priority":
            return
        if not self.own_card_selected():
            self.say("select a card in your hand or on your battlefield (Tab / arrows)", "$text-warning")
            self.render_board()
            return
        z = self.zone
        item = self.current_board().items(z)[self.cursor[z]]
        self.follow(self.control.use_card(z, item), manual)

    def follow(self, step: Step, manual: bool) -> None:
        """The next step of using a card: a question in a menu, targets by letters on the
        board, or the action sent (with `p`, a spell or ability has its mana sources chosen)."""
        if isinstance(step, Ask):
            self.ask(step.title, lettered(step.options), lambda value: self.follow(step.then(value), manual))
        elif isinstance(step, PickTargets):
            self.picker = step.picker
            self.player_picker = True
            self._after_targets = partial(self.send_announced, manual=manual)
            self.say()
            if step.picker.complete():  # every phrase was "up to" with nothing to choose
                self.finish_picker()
                return
            self.render_board()
        elif step.announced:
            self.send_announced(step.action, manual=manual)
        else:
            self.try_act(step.action)

    def send_announced(self, action: A.Action, *, manual: bool) -> None:
        """Send the spell or ability as announced, or (p) choose its mana sources first."""
        if manual and isinstance(action, (A.Cast, A.Activate)):
            self.pay_by_hand(action)
        else:
            self.try_act(action)

    def ask(self, title: str, options: list[tuple[str, str, Any]], then: Callable[[Any], None]) -> None:
        """A menu of the client's own (which ability, which X); `then` runs once it is closed."""
        box: dict[str, Any] = {}

        def submit(value: Any) -> str | None:
            box["value"] = value
            return None

        def closed(ok: Any) -> None:
            if ok and "value" in box:
                then(box["value"])
            else:
                self.render_board()
        self.app.push_screen(ChoiceDialog(title, options, submit), closed)

    def pay_by_hand(self, action: Announced) -> None:
        ids = mana_source_ids(self.game, action.player)
        b = self.current_board()
        by_id = {i: g.card for g in b.mine for i in g.ids}
        cards = [(i, Text(by_id[i].name if i in by_id else self.game.name_of(i))) for i in ids]
        self.picker = None
        self.render_board()
        self.app.push_screen(
            PickCardsDialog(f"{self.game.notation(action)}: tap which mana sources?", cards, None,
                            lambda chosen: self.try_act(replace(action, paying=tuple(chosen)), sync=False)),
            self._dialog_closed)

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
        d = self.game.decision
        if d is None:
            return
        if d.kind != "priority":
            self.pass_priority()
            return
        self.pass_with("eot", "e")

    def open_lab(self) -> None:
        """The deck lab for this goldfish game's deck, rules and mulligan rule (`d`)."""
        from .lab import LabScreen

        g = self.game
        human = self.session.humans[0]
        spec = next(p for p in g.setup.players if p.name == human)
        if not spec.deck:
            self.say("the deck lab needs a deck list: this game began from a position", "$text-warning")
            self.render_board()
            return
        cfg = self.session.config
        name = cfg.decks[0] if cfg is not None and cfg.decks else f"{human}'s deck"
        self.app.push_screen(LabScreen(name, spec.deck, g.setup.ruleset, g.setup.mulligan))

    def undo(self) -> None:
        """Take back the player's last decision (Session.undo_refusal says when not, and why)."""
        self.sync() if self.control.undo() else self.render_board()

    def save(self) -> None:
        from ..persistence.saves import SaveError, default_path, save

        def submit(path: Any) -> str | None:
            try:
                where = save(self.session, path or default_path(self.session))
            except SaveError as e:
                return str(e)
            self.say(f"saved to {where}", "$text-success")
            return None
        self.app.push_screen(TextDialog("save the game to:", default_path(self.session), submit), self._dialog_closed)

    # ------------------------------------------------------------ dialogs
    def open_dialog(self) -> None:
        d = self.game.decision
        if d is None:  # the game is over
            return
        g = self.game
        p = d.player
        name = g.name_of

        def send(build: Callable[[Any], A.Action]) -> Callable[[Any], str | None]:
            return lambda v: self.try_act(build(v), sync=False)

        screen: Any
        match d:
            case MulliganDecision():
                hand = Text("  ".join(c.name for c in self.current_board().hand))
                screen = ChoiceDialog(f"{p}: {d.prompt}", [("k", "keep", A.Keep(p)), ("m", "mulligan", A.Mulligan(p))],
                                      send(lambda v: v), intro=hand)
            case YesNoDecision():
                yes_no = [("y", "yes", A.YesNo(p, True)), ("n", "no", A.YesNo(p, False))]
                screen = ChoiceDialog(f"{p}: {d.prompt}", yes_no, send(lambda v: v))
            case ChooseNameDecision():  # hundreds of names: typed, filtered, picked
                screen = NameDialog(f"{p}: {d.prompt}", d.names, d.suggested,
                                    send(lambda v: A.Choose(p, (v,))))
            case ChooseDecision():  # the options are Choose actions: a card, a player or a word each
                objects = isinstance(d, (ChooseObjectDecision, ChooseKeepDecision))
                cards = [choice_view(g, o.words[0]) if objects and o.words
                         else " ".join(str(w) for w in o.words) or FIND_NOTHING_LABEL
                         for o in d.choices]
                items = list(zip(choice_labels(cards), d.choices, strict=True))
                screen = ChoiceDialog(f"{p}: {d.prompt}", lettered(items), send(lambda v: v))
            case DiscardDecision() | BottomDecision():
                by_id = {c.id: c for c in self.current_board().hand}
                chips = [(i, hand_chip(by_id[i]) if i in by_id else Text(name(i))) for i in d.cards]
                discard = isinstance(d, DiscardDecision)
                make = (lambda v: A.Discard(p, tuple(v))) if discard else (lambda v: A.Choose(p, tuple(v)))
                screen = PickCardsDialog(f"{p}: {d.prompt}", chips, d.count, send(make))
            case ChooseCardsDecision():  # up to `most` cards, none allowed
                chips = [(i, hand_chip(choice_view(g, i))) for i in d.cards]
                screen = PickCardsDialog(f"{p}: {d.prompt} (up to {d.most})", chips, None,
                                         send(lambda v: A.Choose(p, tuple(v))))
            case BlockerOrderDecision():
                screen = OrderDialog(f"{p}: {d.prompt}", [(name(i), i) for i in d.items],
                                     send(lambda v: A.Order(p, tuple(v))), "is assigned damage first")
            case TriggerOrderDecision():
                screen = OrderDialog(f"{p}: {d.prompt}", [(str(lab), i) for i, lab in enumerate(d.labels)],
                                     send(lambda v: A.Order(p, tuple(v))), "resolves first")
            case DamageAssignmentDecision():
                lethal = lethal_damage(g, d)
                start = {r: n for n, r in default_assignment(g, d).assignments}
                recips = [(r, name(r), lethal.get(r)) for r in d.recipients]
                screen = AssignDialog(f"{p}: {d.prompt}", recips, d.amount, [start.get(r, 0) for r in d.recipients],
                                      send(lambda v: A.Assign(p, tuple(v))))
            case _:  # pragma: no cover - every dialog kind has a flow
                return
        if g.announced_at is not None:  # a cost or choice of a spell being cast, an ability being activated
            verb = "cast" if isinstance(g.record[g.announced_at], A.Cast) else "activate"
            screen.escape_note = f"Esc: don't {verb} it after all (every cost is given back)"
        self.app.push_screen(screen, self._dialog_closed)

    def _dialog_closed(self, accepted: Any = None) -> None:
        """A dialog answered (accepted) or closed with Escape.  Escape on a cost or a choice
        made while casting a spell or activating an ability cancels the whole action."""
        self.sync() if self.control.dialog_closed(bool(accepted)) else self.render_board()

    # ------------------------------------------------------------ command bar
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

    def on_input_submitted(self, event: CommandBar.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.close_command_bar()
            return
        if self.try_act(text, sync=False) is None:
            self.close_command_bar()
            self.sync()

    def _completion_names(self) -> list[str]:
        b = self.current_board()
        names = {p.name for p in b.view.players}
        for p in b.view.players:
            names |= {c.name for c in p.battlefield + p.graveyard + p.exile + (p.hand or ())}
        names |= {it.name for it in b.stack}
        return sorted(names)
