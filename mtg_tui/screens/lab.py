"""The deck lab screen: N autopilot goldfish games of a deck, played in a worker thread with
a progress bar, then the report (the kill-turn chart and the figures) until Esc.  Esc
during the run cancels it and closes the screen.  Opened with `d` from a goldfish game and
from the main menu."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import get_current_worker

from rules.play.deck_lab import DEFAULT_TURN_CAP, LabReport, run_lab

from ..lab_render import render_report
from ..render import styled

LAB_GAMES = 1000


class LabScreen(Screen[None]):
    """Runs the lab for `cards` on mount; `report` holds the result once it is done."""

    BINDINGS = [Binding("escape", "close", "close", tooltip="cancel the run if it is going, and close"),
                Binding("question_mark", "app.show_help", "help", key_display="?", tooltip="these keys")]

    def __init__(self, name: str, cards: Sequence[str], ruleset: str = "2014", mulligan: str | None = None,
                 games: int | None = None, seed: int = 0, turn_cap: int = DEFAULT_TURN_CAP) -> None:
        super().__init__()
        self.deck_name = name
        self.cards = list(cards)
        self.ruleset = ruleset
        self.mulligan = mulligan
        self.games = games if games is not None else LAB_GAMES
        self.seed = seed
        self.turn_cap = turn_cap
        self.report: LabReport | None = None
        self.done_games = 0
        self.seconds = 0.0
        self.cancel = threading.Event()

    def texts(self) -> dict[str, RenderableType]:
        """What the title, the report and the line under it show now, by id."""
        title = styled(f"Deck lab: {self.deck_name}", "bold") + styled(
            f" — {self.games} goldfish games, the autopilot at the wheel, rules {self.ruleset}, seed {self.seed}",
            "dim")
        if self.report is None:
            return {"lab-title": title, "lab-report": styled("playing…", "dim italic"),
                    "lab-keys": styled("playing…", "dim")}
        games = self.report.games
        speed = f"{games} games in {self.seconds:.1f} s" if self.seconds else f"{games} games"
        return {"lab-title": title, "lab-report": render_report(self.report), "lab-keys": styled(speed, "dim")}

    def compose(self) -> ComposeResult:
        texts = self.texts()
        with Vertical(id="lab"):
            yield Static(texts["lab-title"], id="lab-title")
            yield ProgressBar(total=self.games, show_eta=False, id="lab-progress")
            with VerticalScroll(id="lab-body"):
                yield Static(texts["lab-report"], id="lab-report")
            yield Static(texts["lab-keys"], id="lab-keys")
        yield Footer(compact=True, show_command_palette=False)

    def redraw(self) -> None:
        """After a change of theme (the app calls this): the same text in the new colours."""
        for id, text in self.texts().items():
            self.query_one(f"#{id}", Static).update(text)

    def on_mount(self) -> None:
        self.run_lab()

    @work(thread=True, exclusive=True, name="deck lab")
    def run_lab(self) -> None:
        worker = get_current_worker()

        def cancelled() -> bool:  # Esc, or the app closing (Textual cancels the screen's workers)
            return self.cancel.is_set() or worker.is_cancelled

        start = time.perf_counter()
        report = run_lab(self.cards, self.games, self.seed, self.ruleset, self.mulligan, turn_cap=self.turn_cap,
                         name=self.deck_name, progress=self._progress_from_thread, cancel=cancelled)
        if not cancelled():
            self.seconds = time.perf_counter() - start
            self._to_screen(self.show_report, report)

    def _progress_from_thread(self, done: int, total: int) -> None:
        if not self.cancel.is_set():
            self._to_screen(self.show_progress, done)

    def _to_screen(self, callback: Callable[..., None], *args: Any) -> None:
        """Run `callback` on the app's thread; nothing when the app has closed meanwhile."""
        try:
            self.app.call_from_thread(callback, *args)
        except RuntimeError:  # the app is no longer running
            self.cancel.set()

    def show_progress(self, done: int) -> None:
        if self.cancel.is_set() or not self.is_attached:
            return
        self.done_games = done
        self.query_one("#lab-progress", ProgressBar).update(progress=done)

    def show_report(self, report: LabReport) -> None:
        if self.cancel.is_set() or not self.is_attached:
            return
        self.report = report
        self.query_one("#lab-progress", ProgressBar).update(progress=report.games)
        self.redraw()

    def action_close(self) -> None:
        """Esc: cancel the run if it is still going, and close."""
        self.cancel.set()
        self.dismiss(None)
