"""The game screen: draws the board for the player at the keyboard and turns keys into
actions.  It holds no rules: legal actions, targets and blocks come from the engine
(`legal_actions`, `rules.play.assist`), and the session logic (the decision on screen, the
board its player sees and the selection on it, what Enter on a card sends and what is asked
on the way, the letters on the board, the prompt line, which keys apply, the answer sent and
its refusal, passing, undo, conceding, saving, the computer's pacing) is the headless
`GameController` (mtg_tui/game_controller.py), and each dialog (its options and what each
sends) is described headless too (mtg_tui/decision_dialogs.py); the screen keeps the widgets,
the timers and workers, pushes the dialogs, and draws what the controller says; the keys, which
apply and what each does are its base `BoardKeys` (board_keys.py), the F-keys `PassingKeys` (passing.py).

Each decision kind has one flow: priority (Enter / p / Space / e on the selected card),
attackers, blockers and targets (letters on the board), everything else a dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Generic, TypeVar, overload

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message

from rules import Game
from rules.engine.api.view_types import CardView
from rules.engine.core import actions as A
from rules.engine.core.decisions import (
    AttackersDecision,
    BlockersDecision,
    CastFreeDecision,
    Decision,
    PriorityDecision,
    TargetsDecision,
)

from ..board import Board
from ..decision_dialogs import FIND_NOTHING_LABEL, Assign, Cards, Choice, Dialog, Division, Names, Order, lettered
from ..game_controller import DIALOG_TYPES, Announced, Ask, GameController, PickTargets, Step, Stoppable
from ..grouping import CardFacts
from ..key_guard import hold_from_now
from ..persistence.rulings import rulings_of
from ..picking import Picker
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
from .board_keys import BoardKeys
from .cover import CoverScreen, cover_text
from .modals import AssignDialog, ChoiceDialog, NameDialog, OrderDialog, PickCardsDialog

# every class of decision the engine asks -> how a player answers it here (tests check the two agree)
FLOWS: dict[type[Decision], str] = {
    PriorityDecision: "keys on the selected card (Enter, p, Space, e) or the command bar",
    **dict.fromkeys((AttackersDecision, BlockersDecision, TargetsDecision, CastFreeDecision),
                    "letters on the board, then Enter"),
    **dict.fromkeys(DIALOG_TYPES, "a dialog"),
}
__all__ = ["FIND_NOTHING_LABEL", "FLOWS", "GameScreen"]  # the search dialog's last option: its tests read it here


T = TypeVar("T")


class _OnController(Generic[T]):
    """A screen attribute that is the controller's attribute of the same name: read and set
    there (the screen's flows and the Pilot tests use the screen's name for it)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, screen: None, owner: type) -> _OnController[T]: ...
    @overload
    def __get__(self, screen: GameScreen, owner: type) -> T: ...

    def __get__(self, screen: GameScreen | None, owner: type) -> _OnController[T] | T:
        if screen is None:
            return self
        value: T = getattr(screen.control, self.name)
        return value

    def __set__(self, screen: GameScreen, value: T) -> None:
        setattr(screen.control, self.name, value)


class GameScreen(BoardKeys):
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
        self._shared: tuple[object, ...] = ()  # (board, size) the battlefields' heights were last shared for

    # the controller's state the screen's flows (and its subclasses) read and set
    session: _OnController[Session] = _OnController()
    viewer: _OnController[str | None] = _OnController()  # the player at the keyboard: the board as they see it
    picker: _OnController[Picker | None] = _OnController()  # letters on the board (targets, attackers, blockers)
    zone: _OnController[str] = _OnController()  # the selected zone of the board (ZONES)
    computer_pause: _OnController[float] = _OnController()

    @property
    def cursor(self) -> dict[str, int]:
        """The selected card (line, step) in each zone."""
        return self.control.cursor

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
        self.set_cursor()
        self.render_board()
        self.covering = True
        decider, ask = self.control.cover_ask()
        why = cover_text(self.game, decider, self.session.seen.get(decider), ask)
        cover = CoverScreen.shared(self.app, decider, why)
        # hold keys from now: one queued behind the key that handed over may yet reach
        # the cover before it has heard that it is up
        hold_from_now(self.app, f"{decider}'s cover came up")
        self.app.push_screen(cover, self._uncovered)

    def hides_hands(self) -> bool:
        """Hotseat with hidden hands: the keyboard changes hands behind a cover."""
        return self.control.hides_hands()

    # ------------------------------------------------------------ the computer's seat
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
        words, searched = self.control.computer_ask()
        ask = words if searched is None else styled(words, "bold") + progress_bar(*searched)
        self.query_one("#prompt", PromptLine).set(self.session.label(seat), ask, "", self.message)

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
        held = self.control.moment_hold()
        if held is not None:
            hold_from_now(self.app, held[0], hold=held[1])

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
        self.control.keep_cursors_on(b)

        def sel(zone: str) -> int | None:
            return self.cursor[zone] if self.zone == zone else None

        me, them = b.me.name, b.them.name
        prio = g.priority
        self.query_one("#phase", PhaseBar).set(
            turn=g.turn, active=g.active, step=g.step, priority=d.player if d is not None else None,
            stops=self._stops_shown(), own_turn=self.editing_own_turns(),
            cursor=self.cursor["phases"] if self.zone == "phases" else None, **self.phase_extras())
        # what the selected stack object targets gets a mark on the board
        marks = b.targets_of(self.cursor["stack"]) if self.zone == "stack" else frozenset()
        self.query_one("#them", PlayerPanel).set(self.control.named(b.them), active=g.active == them,
                                                 priority=prio == them, label=labels.get(them), mark=them in marks)
        self.query_one("#me", PlayerPanel).set(self.control.named(b.me), active=g.active == me, priority=prio == me,
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
        self.query_one("#log", LogPanel).set(b.log, selected=sel("log"), folded=self.control.folded,
                                             active=self.zone == "log")
        card, extra = self.selected_card(b)
        self.query_one("#detail", CardDetail).set(card, extra, rulings_of(card.name) if card else [])
        self._render_prompt(b, labels, off_board)
        self.refresh_bindings()  # the decision, the zone or the picker may have changed: the Footer follows
        self.query_one(KeyBar).redraw()  # in this frame, not in a second one after the bindings signal

    def _stops_shown(self) -> set[str]:
        return self.control.stops_shown()

    def editing_own_turns(self) -> bool:
        return self.control.editing_own_turns()

    def _render_prompt(self, b: Board, labels: dict[Any, str], off_board: list[Any]) -> None:
        """The prompt line, as the controller says it (GameController.prompt)."""
        said = self.control.prompt(labels, off_board)
        prompt = self.query_one("#prompt", PromptLine)
        if said.kind == "over":
            prompt.set("game over", said.ask, "")
        elif said.kind == "computer":
            self._computer_prompt(said.who)
        else:
            extra = Text()
            for letter, name in said.off_board:
                extra += styled(letter, "bold $mtg-label") + Text(f" {name}  ")
            warning = styled(said.warning, "$text-warning") if said.warning else Text()
            prompt.set(said.who, said.ask, said.keys, self.message or warning, extra)

    def selected_card(self, b: Board) -> tuple[CardView | CardFacts | None, list[str]]:
        """What the card panel shows: the selected card and facts about it, or the selected step."""
        return self.step_facts() if self.zone == "phases" else self.control.selected_card(b)

    def step_facts(self) -> tuple[CardFacts, list[str]]:
        """The card panel while the phase bar is selected: the selected step and its stop."""
        return self.control.step_facts()

    # ------------------------------------------------------------ keys (the rest: BoardKeys)
    # the two that post the screen's own messages to the app
    def action_summary(self) -> None:
        self.post_message(self.GameOver(self.session))

    def action_leave(self) -> None:
        """`q`: save and quit, back to the menu, quit (the autosave keeps the game), or cancel."""
        from .modals import LeaveDialog

        def chosen(what: str | None) -> None:
            if what:
                self.post_message(self.LeaveGame(self.session, what))
        self.app.push_screen(LeaveDialog(), chosen)

    # ------------------------------------------------------------ flows
    def picker_key(self, k: str, ch: str | None) -> None:
        if self.control.picker_key(k, ch) == "finish":
            self.finish_picker()
        else:
            self.render_board()

    def finish_picker(self) -> None:
        """Send the picker's answer (the player's own picker: on to its mana, `p`), dividing its
        damage in a dialog first when it has some to divide."""
        then: Callable[[A.Action], Any] = self.try_act
        if self.control.player_picker and self._after_targets is not None:
            then = self._after_targets
        answer = self.control.picked()
        if answer is None:
            self.render_board()
        elif isinstance(answer, Division):
            self.divide(answer, then)
        else:
            then(answer)

    def divide(self, division: Division, then: Callable[[A.Action], Any]) -> None:
        """Damage divided among the chosen targets (601.2d): a dialog moves it between them;
        Escape drops the choices (GameController.drop_picking)."""
        box: dict[str, A.Action] = {}

        def submit(given: tuple[tuple[int, Any], ...]) -> str | None:
            answer = division.divided(given)
            if isinstance(answer, str):
                return answer
            box["action"] = answer
            return None

        def closed(ok: Any) -> None:
            if ok and "action" in box:
                then(box["action"])
            else:
                self.control.drop_picking("cancelled")
                self.render_board()
        self.app.push_screen(AssignDialog(division.title, division.recipients, division.total, division.start,
                                          submit), closed)

    def enter(self, manual: bool) -> None:
        step = self.control.enter()
        if step == "dialog":
            self.open_dialog()
        elif step is None:
            self.render_board()
        else:
            self.follow(step, manual)

    def follow(self, step: Step, manual: bool) -> None:
        """The next step of using a card: a question in a menu, targets by letters on the
        board, or the action sent (with `p`, a spell or ability has its mana sources chosen)."""
        if isinstance(step, Ask):
            self.ask(step.title, lettered(step.options), lambda value: self.follow(step.then(value), manual))
        elif isinstance(step, PickTargets):
            self._after_targets = partial(self.send_announced, manual=manual)
            if self.control.start_picking(step.picker):  # every phrase was "up to" with nothing to choose
                self.finish_picker()
            else:
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
        """`p`: the spell or ability sent with the mana sources chosen in a dialog."""
        dialog = self.control.pay_by_hand(action)
        self.render_board()
        self.show_dialog(dialog)

    # ------------------------------------------------------------ dialogs
    def open_dialog(self) -> None:
        """The decision's dialog, as the controller describes it (mtg_tui.decision_dialogs)."""
        dialog = self.control.dialog()
        if dialog is not None:  # None: the game is over
            self.show_dialog(dialog)

    def show_dialog(self, dialog: Dialog) -> None:
        """Show a described dialog; its answer is sent (a refusal keeps it open)."""
        def send(value: Any) -> str | None:
            return self.try_act(dialog.build(value), sync=False)

        screen: AssignDialog | ChoiceDialog | NameDialog | OrderDialog | PickCardsDialog
        match dialog:
            case Choice():
                intro = Text("  ".join(dialog.intro)) if dialog.intro is not None else None
                screen = ChoiceDialog(dialog.title, dialog.options, send, intro=intro)
            case Names():
                screen = NameDialog(dialog.title, dialog.names, dialog.suggested, send)
            case Cards():
                screen = PickCardsDialog(dialog.title, [(i, hand_chip(c)) for i, c in dialog.cards], dialog.count, send)
            case Order():
                screen = OrderDialog(dialog.title, dialog.items, send, dialog.first_word)
            case Assign():
                screen = AssignDialog(dialog.title, dialog.recipients, dialog.total, dialog.start, send)
            case _:  # pragma: no cover - every description has its widget
                return
        if dialog.escape_note:
            screen.escape_note = dialog.escape_note
        self.app.push_screen(screen, self._dialog_closed)

    def _dialog_closed(self, accepted: Any = None) -> None:
        """A dialog answered (accepted) or closed with Escape.  Escape on a cost or a choice
        made while casting a spell or activating an ability cancels the whole action."""
        self.sync() if self.control.dialog_closed(bool(accepted)) else self.render_board()

    # ------------------------------------------------------------ command bar

    def on_input_submitted(self, event: CommandBar.Submitted) -> None:
        event.stop()
        sent = self.control.command(event.value)
        if sent == "refused":
            self.render_board()
            return
        self.close_command_bar()
        if sent == "sent":
            self.sync()

    def _completion_names(self) -> list[str]:
        return self.control.completion_names()
