"""`mtg-tui practice PUZZLE`: the app opened on one puzzle."""

from __future__ import annotations

from typing import Any

from textual import events

from rules.play.puzzle import Puzzle

from .app import MtgApp
from .practice import Progress, next_puzzle


class PracticeApp(MtgApp):
    """The client with the practice screen instead of the menu; no game-over screen."""

    def __init__(self, puzzle: Puzzle, progress: Progress | None = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.progress = progress

    def on_mount(self, event: events.Mount) -> None:
        from .screens.practice import PracticeScreen

        event.prevent_default()  # not the menu: MtgApp.on_mount would run next otherwise

        self.restore_theme()
        self.push_screen(PracticeScreen(self.puzzle, self.progress))
        self.check_size()

    def next_puzzle(self, puzzle: Puzzle) -> Puzzle | None:
        return next_puzzle(puzzle)

    def show_game_over(self, session: Any) -> None:
        """A puzzle's end is its verdict box, shown by the practice screen."""


def run_practice(puzzle: Puzzle, progress: Progress | None = None) -> None:
    PracticeApp(puzzle, progress).run()
