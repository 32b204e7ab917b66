"""The load list: every save (the autosave, the game kept beside it, the saves folder), newest
first, with its players, mode, turn, date and whether it verifies (read from its header; loading
replays and checks it).  Enter loads, r opens it in the replay viewer, o types a path, Delete
removes a save (after asking), Esc goes back."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..persistence.saves import STATUS_WORDS, SaveError, SaveInfo, read_record, saves_dir
from ..render import styled
from .modals import ConfirmDialog, TextDialog

STATUS_STYLES = {"verified": "$text-success", "changed": "$text-warning", "old": "dim", "unreadable": "$text-error"}


class LoadScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "load", "open", priority=True),
        Binding("r", "replay", "replay viewer"),
        Binding("o", "type_path", "type a path"),
        Binding("delete", "delete", "delete"),
        Binding("escape", "back", "back"),
    ]

    class Open(Message):
        """Load the save at `path` (the app replays and verifies it)."""

        def __init__(self, path: Path) -> None:
            super().__init__()
            self.path = path

    class Replay(Message):
        """Open the save at `path` in the replay viewer."""

        def __init__(self, path: Path) -> None:
            super().__init__()
            self.path = path

    def __init__(self, replay: bool = False) -> None:
        super().__init__()
        self.saves: list[SaveInfo] = []
        self.replay = replay  # opened for the replay viewer: Enter opens the viewer

    def compose(self) -> ComposeResult:
        with Vertical(id="load"):
            head = "Replay viewer: choose a saved game" if self.replay else "Load a saved game"
            yield Static(styled(head, "bold") + styled(f"   saves go to {saves_dir()}", "dim"),
                         id="load-title")
            yield DataTable(id="load-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="load-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("saved", "kind", "players", "mode", "turn", "check", "file (full path below)")
        self.reload()
        table.focus()

    def reload(self) -> None:
        from ..persistence.autosave import load_list

        self.saves = load_list()
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for info in self.saves:
            check = styled(STATUS_WORDS[info.status], STATUS_STYLES[info.status])
            turn = f"{info.turn}" + (" (over)" if info.over else "")
            table.add_row(info.saved_at, info.kind, " vs ".join(info.players) or "?", info.mode, turn, check,
                          short_name(info.path), key=str(info.path))
        if self.saves:
            table.move_cursor(row=min(row, len(self.saves) - 1))
        self.show_note()
        self.refresh_bindings()

    def selected(self) -> SaveInfo | None:
        table = self.query_one(DataTable)
        if not self.saves:
            return None
        return self.saves[min(max(table.cursor_row, 0), len(self.saves) - 1)]

    def show_note(self) -> None:
        info = self.selected()
        if info is None:
            text = styled("No saves yet. Ctrl+S in a game saves it here; o types the path of a save elsewhere.",
                          "dim")
        else:
            text = Text(str(info.path))
            if info.note:
                text += Text("\n") + styled(info.note, STATUS_STYLES[info.status])
        self.query_one("#load-note", Static).update(text)

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.show_note()

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("load", "replay", "delete"):
            return self.selected() is not None and not (action == "replay" and self.replay)
        return True

    def action_load(self) -> None:
        info = self.selected()
        if info is not None:
            self.post_message(self.Replay(info.path) if self.replay else self.Open(info.path))

    def action_replay(self) -> None:
        info = self.selected()
        if info is not None:
            self.post_message(self.Replay(info.path))

    def action_type_path(self) -> None:
        def submit(text: str) -> str | None:
            try:
                read_record(Path(text.strip()))
            except SaveError as e:
                return str(e)
            chosen.append(Path(text.strip()).expanduser())
            return None

        def closed(ok: bool | None) -> None:
            if ok and chosen:
                self.post_message((self.Replay if self.replay else self.Open)(chosen[0]))

        chosen: list[Path] = []
        self.app.push_screen(TextDialog("load a saved game from:", "", submit), closed)

    def action_delete(self) -> None:
        info = self.selected()
        if info is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                info.path.unlink()
            except OSError as e:
                self.notify(f"can't delete {info.path}: {e.strerror or e}", severity="error")
            self.reload()
        self.app.push_screen(ConfirmDialog(f"Delete {info.path.name} ({info.describe()})? It can't be undone."),
                             answered)

    def action_back(self) -> None:
        self.dismiss(None)


def short_name(path: Path) -> str:
    """A save's file name as the list shows it, so that it fits at 120 columns: without the
    "mtg-tui-" every save's name starts with and the ".json" (the line below the list gives
    the full path)."""
    name = path.name
    if name.endswith(".json"):
        name = name[:-len(".json")]
    return name.removeprefix("mtg-tui-") or path.name

