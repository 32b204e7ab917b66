"""`mtg-tui practice PUZZLE`: the app opened on one puzzle."""

from __future__ import annotations

from typing import Any

from textual import events

from rules.play.puzzle import Puzzle, PuzzleError, load_puzzle

from .app import MtgApp
from .practice import Progress, bundled_paths


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
        """The bundled puzzle after `puzzle` (None after the last, or for another file)."""
        paths = bundled_paths()
        if puzzle.path is None or puzzle.path.resolve() not in [p.resolve() for p in paths]:
            return None
        i = [p.resolve() for p in paths].index(puzzle.path.resolve())
        for path in paths[i + 1:]:
            try:
                return load_puzzle(path)
            except PuzzleError:
                continue
        return None

    def show_game_over(self, session: Any) -> None:
        """A puzzle's end is its verdict box, shown by the practice screen."""


def run_practice(puzzle: Puzzle, progress: Progress | None = None) -> None:
    PracticeApp(puzzle, progress).run()
