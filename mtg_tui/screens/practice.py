"""Rules practice: a puzzle played on the game screen.

The solver plays from the puzzle's start position; the opponent answers from the puzzle's
script (`rules.play.puzzle.PuzzleRun`).  A panel above the board shows the goal, the verdict and
the hints.  Keys on top of the game's: H next hint, Ctrl+R retry (back to the start), and the
rules keys (L explain the log, / the rules reference).  When the puzzle is solved or failed
a box says so with the explanation; the board stays to look at.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Static

from rules import IllegalAction
from rules.engine.core import actions as A
from rules.engine.core.decisions import Decision
from rules.play.puzzle import FAILED, PLAYING, SOLVED, Puzzle, PuzzleError, PuzzleRun, load_puzzle

from ..persistence.rulings import cards_rulings
from ..practice import Progress, bundled_paths, by_topic, next_puzzle, puzzle_cards
from ..render import explanation_rulings, styled
from ..session import Session
from ..widgets.prompt import PromptLine
from .game import GameScreen
from .rules_keys import RulesKeys

PRACTICE_KEYS = "H hint · Ctrl+R retry · L explain the log · / rules · ? help · q {leave}"


class PuzzleSession(Session):
    """A session where the opponent is the puzzle's script and the solver is the one human."""

    def __init__(self, run: PuzzleRun) -> None:
        self.run = run
        super().__init__(run.game, open_hands=True)

    @property
    def humans(self) -> list[str]:
        return [self.run.puzzle.player]

    def auto_answer(self, d: Decision) -> A.Action | None:
        if self.run.status()[0] != PLAYING:
            return None  # decided: the board stays where the verdict was reached
        if d.player == self.run.puzzle.opponent:
            return self.run.opponent_answer(d)
        return super().auto_answer(d)

    def can_undo(self, player: str | None = None) -> bool:
        return False  # Ctrl+R retries from the start

    def act(self, action: A.Action | str, player: str | None = None) -> None:
        """Once the puzzle is decided the board is there to look at: no more actions."""
        if self.run.status()[0] != PLAYING:
            raise IllegalAction("this attempt is over: Ctrl+R to retry, q to leave the puzzle")
        super().act(action, player)


class PuzzlePanel(Widget):
    """Title, goal, verdict and the hints shown so far."""

    DEFAULT_CSS = """
    PuzzlePanel { height: auto; max-height: 8; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()

    def set(self, text: Text) -> None:
        if text != self._text:
            self._text = text
            self.refresh(layout=True)

    def render(self) -> Text:
        return self._text


class VerdictScreen(ModalScreen[str | None]):
    """Solved or failed, and why, with the explanation, and at its end the official rulings of
    the puzzle's cards kept from the player's imported files (in a box that scrolls).  Returns
    "retry", "next", "quit" or None."""

    DEFAULT_CSS = """
    VerdictScreen #verdict-rulings { height: auto; max-height: 25vh; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r,R,ctrl+r", "choose('retry')", "retry"),
        Binding("n", "choose('next')", "next puzzle"),
        Binding("enter,escape", "choose(None)", "look at the board"),
        Binding("q", "choose('quit')", "leave"),
    ]

    def __init__(self, puzzle: Puzzle, status: str, why: str, hints: int, has_next: bool = False) -> None:
        super().__init__()
        self.puzzle, self.status, self.why, self.hints = puzzle, status, why, hints
        self.has_next = has_next

    def compose(self) -> ComposeResult:
        solved = self.status == SOLVED
        head = styled("Solved!" if solved else "Failed.", "bold $text-success" if solved else "bold $text-error")
        head += Text(f"  {self.puzzle.title}")
        if solved and self.hints:
            head += styled(f"  ({self.hints} hint{'s' if self.hints != 1 else ''} used)", "dim")
        if not solved:  # why, in the player's words (rules.puzzle_words), as a sentence of its own
            head += Text("\n" + self.why[:1].upper() + self.why[1:] + ("" if self.why.endswith(".") else "."))
        with Vertical(id="dialog"):
            yield Static(head, id="dialog-title")
            yield Static(styled("Why: ", "bold") + Text(self.puzzle.explain or "(no explanation given)"),
                         id="dialog-body")
            rulings = cards_rulings(puzzle_cards(self.puzzle))
            if rulings:
                with VerticalScroll(id="verdict-rulings"):
                    yield Static(explanation_rulings(rulings))
            keys = "r: retry · " + ("n: next puzzle · " if self.has_next else "") + \
                "Enter / Esc: look at the board · q: leave the puzzle"
            yield Static(styled(keys, "dim"), id="dialog-keys")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("next",):
            return self.has_next
        return True

    def action_choose(self, what: str | None) -> None:
        self.dismiss(what)


# the game's keys that act: once the attempt is decided they are hidden
ACTING = frozenset({"play", "pay_by_hand", "pass_priority", "pass_to_end_of_turn", "confirm", "open_dialog",
                    "command_bar", "undo", "pass_once", "pass_step", "pass_turn_end", "pass_my_turn", "pass_event",
                    "attack_all", "concede"})


class PracticeScreen(RulesKeys, GameScreen):
    """A puzzle on the game screen.  Leaving it (q in the verdict box) and the next puzzle go to
    the app as messages: back to the puzzle list, or the end of `mtg-tui practice PUZZLE`."""

    session: PuzzleSession  # always: set on start and on every retry

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: before the game screen's own keys (check_action lets them through while typing)
        Binding("H", "hint", "hint", priority=True),
        Binding("ctrl+r", "retry", "retry", priority=True),
        Binding("r", "retry_over", "retry", show=False, priority=True),
        # q leaves the puzzle (no save for a puzzle): back to the list, or out of `mtg-tui practice
        # PUZZLE`; the Footer says which (check_action offers the one that applies)
        Binding("q", "leave_to_list", "puzzle list", tooltip="leave the puzzle: back to the puzzle list"),
        Binding("q", "leave_quit", "quit", tooltip="leave the puzzle: quit mtg-tui"),
    ]

    class Leave(Message):
        """The player is done with this puzzle."""

    class Next(Message):
        """Open `puzzle`, the next bundled one."""

        def __init__(self, puzzle: Puzzle, progress: Progress | None) -> None:
            super().__init__()
            self.puzzle = puzzle
            self.progress = progress

    def __init__(self, puzzle: Puzzle, progress: Progress | None = None) -> None:
        self.puzzle = puzzle
        self.progress = progress
        self.hints_shown = 0
        self.announced = False  # the verdict box was shown for this attempt
        self.solved_before = progress is not None and progress.solved(puzzle.key)  # before this visit
        super().__init__(PuzzleSession(PuzzleRun(puzzle, ask_every_search=True)))

    @property
    def from_list(self) -> bool:
        """Opened from the practice list (the menu), which q goes back to; otherwise q quits
        (`mtg-tui practice PUZZLE`: see MtgApp.on_practice_screen_leave)."""
        return any(isinstance(s, PracticeListScreen) for s in self.app.screen_stack)

    @property
    def leave_words(self) -> str:
        return "back to the puzzle list" if self.from_list else "quit"

    @property
    def run(self) -> PuzzleRun:
        return self.session.run

    def compose(self) -> ComposeResult:
        yield PuzzlePanel(id="puzzle")
        yield from super().compose()

    # ------------------------------------------------------------ the verdict
    def verdict(self) -> tuple[str, str]:
        return self.run.status()

    def sync(self) -> None:
        status, why = self.verdict()
        if status != PLAYING or self.game.decision is None:
            g = self.game
            if self.control.serial != (id(g), len(g.record)):  # GameScreen.sync's bookkeeping
                self.control.serial = (id(g), len(g.record))
                self.picker = None
                self.control.player_picker = False
        if status != PLAYING and not self.announced:
            self.announced = True
            if self.progress is not None:
                self.progress.record(self.puzzle.key, status == SOLVED, self.hints_shown)
            self.render_board()
            has_next = next_puzzle(self.puzzle) is not None
            self.app.push_screen(VerdictScreen(self.puzzle, status, why, self.hints_shown, has_next),
                                 self._after_verdict)
            return
        if self.game.decision is None or status != PLAYING:
            self.picker = None
            self.render_board()
            return
        super().sync()

    def _after_verdict(self, what: str | None) -> None:
        if what == "retry":
            self.retry()
        elif what == "quit":
            self.post_message(self.Leave())
        elif what == "next":
            nxt = next_puzzle(self.puzzle)
            if nxt is not None:
                self.post_message(self.Next(nxt, self.progress))
        else:
            self.render_board()

    def retry(self) -> None:
        """Back to the start position (hints already shown stay shown)."""
        self.session = PuzzleSession(PuzzleRun(self.puzzle, ask_every_search=True))
        self.announced = False
        self.control.serial = ()
        self.picker = None
        self.control.player_picker = False
        self.viewer = self.puzzle.player
        self.say("back to the start", "$text-success")
        self.sync()

    def hint(self) -> None:
        if not self.puzzle.hints:
            self.say("this puzzle has no hints", "$text-warning")
        elif self.hints_shown < len(self.puzzle.hints):
            self.hints_shown += 1
        else:
            self.say("that was the last hint", "$text-warning")
        self.render_board()

    # ------------------------------------------------------------ drawing
    def render_board(self) -> None:
        super().render_board()
        self.query_one("#puzzle", PuzzlePanel).set(self.panel_text())
        status, why = self.verdict()
        if status != PLAYING:
            word = "solved" if status == SOLVED else f"failed: {why}"
            self.query_one("#prompt", PromptLine).set(
                self.puzzle.player, f"puzzle {word}",
                f"Ctrl+R retry · ←→↑↓ Tab look around · L / rules · q {self.leave_words}",
                self.message)

    def panel_text(self) -> Text:
        p = self.puzzle
        status, why = self.verdict()
        t = styled(f" {p.title} ", "bold reverse $text-warning") + styled(
            f"  {p.difficulty} · {p.rules} rules · teaches {', '.join(p.teaches)}", "dim")
        if self.solved_before:
            t += styled("  (solved before)", "$text-success")
        t += Text("\n") + styled("goal: ", "bold") + Text(p.goal)
        if status == SOLVED:
            t += Text("\n") + styled("SOLVED", "bold $text-success") + Text(
                f" — r or Ctrl+R to try again, q {self.leave_words}")
        elif status == FAILED:
            t += Text("\n") + styled("FAILED", "bold $text-error") + Text(f": {why} — Ctrl+R to retry")
        for i in range(self.hints_shown):
            t += Text("\n") + styled(f"hint {i + 1}/{len(p.hints)}: ", "bold $text-accent") + Text(p.hints[i])
        t += Text("\n") + styled(PRACTICE_KEYS.format(leave=self.leave_words), "dim")
        return t

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """r alone retries only once the attempt is over (in play it is left to the game); while
        the command bar is open, H and r are letters typed."""
        typing = self.query_one("#command").has_class("-visible")
        if action in ("hint", "retry_over") and typing:
            return False
        decided = self.verdict()[0] != PLAYING
        if action == "retry_over" and not decided:
            return False
        if action in ("leave_to_list", "leave_quit"):
            return self.from_list == (action == "leave_to_list")
        if decided and action in ACTING:  # the board stays to look at; the Footer offers r and q
            return False
        return super().check_action(action, parameters)

    def action_hint(self) -> None:
        self.hint()

    def action_retry(self) -> None:
        self.retry()

    def action_retry_over(self) -> None:
        self.retry()

    def action_leave_to_list(self) -> None:
        self.post_message(self.Leave())

    def action_leave_quit(self) -> None:
        self.post_message(self.Leave())


class PracticeListScreen(Screen[None]):
    """The bundled puzzles grouped by topic, each topic's row saying how many of its puzzles
    are solved; a row per puzzle (number, solved or not, title, level, rules, what it
    teaches).  Enter opens the puzzle under the cursor, which steps over the topic rows; Esc
    goes back to the menu.  Solved marks come from the progress file and are read again each
    time the list is shown."""

    # the table takes what the heading and the progress line leave: the line stays in sight
    DEFAULT_CSS = """
    PracticeListScreen #puzzles { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "open the puzzle", priority=True),
        Binding("escape", "back", "back"),
    ]

    class Open(Message):
        """Play `puzzle` (the app opens it on the practice screen)."""

        def __init__(self, puzzle: Puzzle) -> None:
            super().__init__()
            self.puzzle = puzzle

    def __init__(self) -> None:
        super().__init__()
        self.puzzles: list[tuple[int, Puzzle]] = []  # with their numbers in the list
        self.broken: list[str] = []
        self.rows: list[Puzzle | None] = []  # the table's rows: a puzzle, or None for a topic's row
        self.last_row = 0  # the puzzle row the cursor was on: which way it moves onto a topic row

    def compose(self) -> ComposeResult:
        with Vertical(id="practice-list"):
            yield Static(styled("Practice: rules puzzles", "bold") +
                         styled("   each a position and a goal; the log explains every rule it applies", "dim"))
            yield DataTable(id="puzzles", cursor_type="row", zebra_stripes=True)
            yield Static("", id="puzzles-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", "solved", "puzzle", "level", "rules", "teaches")
        for i, path in enumerate(bundled_paths(), 1):
            try:
                self.puzzles.append((i, load_puzzle(path)))
            except PuzzleError as e:
                self.broken.append(f"{path.name}: {e}")
        self.fill()
        table.focus()

    def on_screen_resume(self) -> None:
        if self.puzzles:
            self.fill()  # a puzzle was just played: its solved mark may be new

    def fill(self) -> None:
        progress = Progress.load()
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        self.rows = []
        for group in by_topic(self.puzzles):
            done = group.solved(progress)
            table.add_row("", styled(f"{done}/{len(group.puzzles)}", "bold $text-success" if done else "bold"),
                          styled(group.topic, "bold $text-accent"), "", "", "", key=f"topic:{group.topic}")
            self.rows.append(None)
            for i, p in group.puzzles:
                mark = styled("✓ solved", "$text-success") if progress.solved(p.key) else styled("·", "dim")
                table.add_row(str(i), mark, p.title, p.difficulty, p.rules, ", ".join(p.teaches), key=p.key)
                self.rows.append(p)
        if self.rows:
            row = min(max(row, 0), len(self.rows) - 1)
            self.last_row = row if self.rows[row] is not None else row + 1
            table.move_cursor(row=self.last_row)
        solved = sum(progress.solved(p.key) for _, p in self.puzzles)
        note = f"{solved} of {len(self.puzzles)} solved"
        if progress.warning:
            note += f" · {progress.warning}"
        if self.broken:
            note += " · can't be loaded: " + "; ".join(self.broken)
        self.query_one("#puzzles-note", Static).update(styled(note, "dim"))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """A topic's row is a heading, not a choice: the cursor steps over it the way it was
        going (onto the first puzzle from the top of the list)."""
        row = event.cursor_row
        if not 0 <= row < len(self.rows):
            return
        if self.rows[row] is not None:
            self.last_row = row
            return
        step = 1 if row >= self.last_row else -1
        target = row + step if 0 <= row + step < len(self.rows) else row - step
        event.data_table.move_cursor(row=target)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return bool(self.puzzles)
        return True

    def action_open(self) -> None:
        row = self.query_one(DataTable).cursor_row
        puzzle = self.rows[row] if 0 <= row < len(self.rows) else None
        if puzzle is not None:
            self.post_message(self.Open(puzzle))

    def action_back(self) -> None:
        self.dismiss(None)
