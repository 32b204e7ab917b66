"""Rules practice: a puzzle played on the game screen.

The solver plays from the puzzle's start position; the opponent answers from the puzzle's
script (`rules.play.puzzle.PuzzleRun`).  A panel above the board shows the goal, the verdict and
the hints.  Keys on top of the game's: H next hint, Ctrl+R retry (back to the start), and the
rules keys (L explain the log, / the rules reference).  When the puzzle is solved or failed
a box says so with the explanation; the board stays to look at.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from rules.engine import actions as A
from rules.engine.decisions import Decision
from rules.play.puzzle import FAILED, PLAYING, SOLVED, Puzzle, PuzzleRun

from ..practice import Progress
from ..render import styled
from ..session import Session
from ..widgets.prompt import PromptLine
from .game import GameScreen
from .rules_keys import RulesKeys

PRACTICE_KEYS = "H hint · Ctrl+R retry · L explain the log · / rules · ? help · q quit"
# keys that only look (allowed once the puzzle is decided)
LOOKING = {"left", "right", "up", "down", "tab", "shift+tab", "escape"}
LOOKING_CHARS = {"h", "j", "k", "l", "g", "f", "?", "q"}


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

    def can_undo(self) -> bool:
        return False  # Ctrl+R retries from the start


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
    """Solved or failed, and why, with the explanation.  Returns "retry", "quit" or None."""

    def __init__(self, puzzle: Puzzle, status: str, why: str, hints: int, has_next: bool = False) -> None:
        super().__init__()
        self.puzzle, self.status, self.why, self.hints = puzzle, status, why, hints
        self.has_next = has_next

    def compose(self) -> ComposeResult:
        solved = self.status == SOLVED
        head = styled("Solved!" if solved else "Failed.", "bold green" if solved else "bold red")
        head += Text(f"  {self.puzzle.title}")
        if solved and self.hints:
            head += styled(f"  ({self.hints} hint{'s' if self.hints != 1 else ''} used)", "dim")
        if not solved:  # why, in the player's words (rules.puzzle_words), as a sentence of its own
            head += Text("\n" + self.why[:1].upper() + self.why[1:] + ("" if self.why.endswith(".") else "."))
        with Vertical(id="dialog"):
            yield Static(head, id="dialog-title")
            yield Static(styled("Why: ", "bold") + Text(self.puzzle.explain or "(no explanation given)"),
                         id="dialog-body")
            keys = "r: retry · " + ("n: next puzzle · " if self.has_next else "") + \
                "Enter / Esc: look at the board · q: quit"
            yield Static(styled(keys, "dim"), id="dialog-keys")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if event.character in ("r", "R") or event.key == "ctrl+r":
            self.dismiss("retry")
        elif event.character == "q":
            self.dismiss("quit")
        elif event.character == "n" and self.has_next:
            self.dismiss("next")
        elif event.key in ("enter", "escape"):
            self.dismiss(None)


class PracticeScreen(RulesKeys, GameScreen):
    def __init__(self, puzzle: Puzzle, progress: Progress | None = None) -> None:
        self.puzzle = puzzle
        self.progress = progress
        self.hints_shown = 0
        self.announced = False  # the verdict box was shown for this attempt
        super().__init__(PuzzleSession(PuzzleRun(puzzle)))

    @property
    def run(self) -> PuzzleRun:
        return self.session.run  # type: ignore[attr-defined]

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
            if self.serial != (id(g), len(g.record)):  # GameScreen.sync's bookkeeping
                self.serial = (id(g), len(g.record))
                self.picker = None
                self.player_picker = False
        if status != PLAYING and not self.announced:
            self.announced = True
            if self.progress is not None:
                self.progress.record(self.puzzle.key, status == SOLVED, self.hints_shown)
            self.render_board()
            has_next = getattr(self.app, "next_puzzle", lambda p: None)(self.puzzle) is not None
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
            self.app.exit()
        elif what == "next":
            nxt = self.app.next_puzzle(self.puzzle)  # type: ignore[attr-defined]
            self.app.switch_screen(PracticeScreen(nxt, self.progress))
        else:
            self.render_board()

    def retry(self) -> None:
        """Back to the start position (hints already shown stay shown)."""
        self.session = PuzzleSession(PuzzleRun(self.puzzle))
        self.announced = False
        self.serial = ()
        self.picker = None
        self.player_picker = False
        self.viewer = self.puzzle.player
        self.message = styled("back to the start", "green")
        self.sync()

    def hint(self) -> None:
        if not self.puzzle.hints:
            self.message = styled("this puzzle has no hints", "yellow")
        elif self.hints_shown < len(self.puzzle.hints):
            self.hints_shown += 1
        else:
            self.message = styled("that was the last hint", "yellow")
        self.render_board()

    # ------------------------------------------------------------ drawing
    def render_board(self) -> None:
        super().render_board()
        self.query_one("#puzzle", PuzzlePanel).set(self.panel_text())
        status, why = self.verdict()
        if status != PLAYING:
            word = "solved" if status == SOLVED else f"failed: {why}"
            self.query_one("#prompt", PromptLine).set(
                self.puzzle.player, f"puzzle {word}", "Ctrl+R retry · ←→↑↓ Tab look around · L / rules · q quit",
                self.message)

    def panel_text(self) -> Text:
        p = self.puzzle
        status, why = self.verdict()
        t = styled(f" {p.title} ", "bold black on yellow") + styled(
            f"  {p.difficulty} · {p.rules} rules · teaches {', '.join(p.teaches)}", "dim")
        if self.progress is not None and self.progress.solved(p.key):
            t += styled("  (solved before)", "green")
        t += Text("\n") + styled("goal: ", "bold") + Text(p.goal)
        if status == SOLVED:
            t += Text("\n") + styled("SOLVED", "bold green") + Text(" — r or Ctrl+R to try again, q to quit")
        elif status == FAILED:
            t += Text("\n") + styled("FAILED", "bold red") + Text(f": {why} — Ctrl+R to retry")
        for i in range(self.hints_shown):
            t += Text("\n") + styled(f"hint {i + 1}/{len(p.hints)}: ", "bold cyan") + Text(p.hints[i])
        t += Text("\n") + styled(PRACTICE_KEYS, "dim")
        return t

    # ------------------------------------------------------------ keys
    def on_key(self, event: events.Key) -> None:
        """The practice keys; any other key goes on along the MRO (Textual calls each class's
        on_key until one prevents the default): the rules keys, then the game's."""
        if self.query_one("#command").has_class("-visible"):
            return
        ch, k = event.character, event.key
        over = self.verdict()[0] != PLAYING
        if ch == "H" or k == "ctrl+r" or (ch == "r" and over):
            self.hint() if ch == "H" else self.retry()
        elif over and k not in LOOKING and ch not in LOOKING_CHARS and ch not in ("L", "/"):
            self.message = styled("this attempt is over: Ctrl+R to retry, q to quit", "yellow")
            self.render_board()
        else:
            return
        event.stop()
        event.prevent_default()
