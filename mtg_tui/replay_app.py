"""The client opened on one of the menu's screens: `mtg-tui replay SAVE` (the replay viewer
alone: leaving it quits) and `mtg-tui load` without a file (the load list, over the menu)."""

from __future__ import annotations

from textual import events

from .app import MtgApp
from .replay import Replay


class ReplayApp(MtgApp):
    """The replay viewer of one save, read-only; Esc or q quits."""

    def __init__(self, replay: Replay, title: str = "") -> None:
        super().__init__()
        self.replay = replay
        self.replay_title = title

    def on_mount(self, event: events.Mount) -> None:
        from .screens.replay import ReplayScreen

        event.prevent_default()  # not the menu: MtgApp.on_mount would run next otherwise
        self.push_screen(ReplayScreen(self.replay, self.replay_title))
        self.check_size()


class LoadListApp(MtgApp):
    """The main menu with the load list open on it (Esc goes back to the menu)."""

    def on_mount(self, event: events.Mount) -> None:
        from .screens.load import LoadScreen
        from .screens.menu import MenuScreen

        event.prevent_default()
        self.resume_offered = True  # the list shows the autosave already: no question over it
        self.push_screen(MenuScreen())
        self.push_screen(LoadScreen())
        self.check_size()


def run_replay(replay: Replay, title: str = "") -> None:
    ReplayApp(replay, title).run()


def run_load_list() -> None:
    LoadListApp().run()
