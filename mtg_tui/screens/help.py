"""`?`: the keys of the screen it was opened on, generated from that screen's bindings (so
the help can't drift from what the keys do), grouped, and what the markers on the board
mean.  It scrolls (↑↓ PgUp PgDn Home End); Escape or `?` closes it."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from ..render import MARKERS, styled
from ..textual_compat import action_state, bindings_of

# the help's groups, by action name (the part before any "(arguments)"); the rest is "other"
GROUPS: dict[str, str] = {
    "move": "move", "command_bar": "move", "close_command_bar": "move",
    "play": "play", "pay_by_hand": "play", "pass_priority": "play", "pass_to_end_of_turn": "play",
    "confirm": "choose", "cancel": "choose", "open_dialog": "choose", "clear_message": "choose",
    "toggle_stop": "stops", "switch_stops": "stops",
    "zones": "look", "fold_log": "look", "toggle_explain": "rules", "open_rules": "rules", "rule_at_line": "rules",
    "hint": "puzzle", "retry": "puzzle",
    "undo": "game", "save": "game", "deck_lab": "game", "summary": "game", "leave": "game", "concede": "game",
    "app.show_help": "app", "command_palette": "app", "quit": "app",
}
# Textual's own bindings that mean nothing here (copying text, moving the focus)
SKIP = frozenset({"copy_text", "screen.copy_text", "app.focus_next", "app.focus_previous", "focus_next",
                  "focus_previous", "screen.minimize", "screen.maximize"})
ORDER = ["move", "play", "choose", "stops", "look", "rules", "puzzle", "game", "other", "app"]


def action_name(binding: Binding) -> str:
    return binding.action.split("(")[0]


def key_rows(screen: Screen[Any]) -> list[tuple[str, str, str, bool]]:
    """(group, keys, what, usable now) for each action bound on `screen` and the app: keys
    bound to the same action and description are listed together."""
    app = screen.app
    rows: dict[tuple[str, str], list[Any]] = {}
    chain = [(screen, bindings_of(screen)), (app, bindings_of(app))]
    for node, bindings in chain:
        for _key, binding in bindings:
            if (binding.system and binding.action not in ("command_palette", "quit")) or binding.action in SKIP:
                continue
            what = binding.tooltip or binding.description
            if not what:
                continue
            group = GROUPS.get(action_name(binding), "app" if node is app else "other")
            display = binding.key_display or app.get_key_display(binding)
            state = action_state(app, binding.action, node)
            entry = rows.setdefault((binding.action, what), [group, [], what, False])
            if display not in entry[1]:
                entry[1].append(display)
            entry[3] = entry[3] or bool(state)
    out = [(g, " / ".join(keys), what, now) for g, keys, what, now in rows.values()]
    return sorted(out, key=lambda r: ORDER.index(r[0]) if r[0] in ORDER else len(ORDER))


class HelpScreen(ModalScreen[None]):
    """The keys of `screen` (the screen under the help)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help-box { width: 100; max-width: 95%; height: 95%; border: thick $accent; background: $surface;
                padding: 0 1; }
    #help-title { height: 1; }
    #help-body { height: 1fr; }
    """
    BINDINGS = [Binding("escape,question_mark", "close", "close", key_display="Esc"),
                Binding("q", "close", "close", show=False)]

    def __init__(self, screen: Screen[Any] | None = None) -> None:
        super().__init__()
        self.under = screen

    def key_table(self) -> Text:
        """The keys in three columns: group, keys, what they do (wrapped under its column)."""
        screen = self.under if self.under is not None else self.app.screen
        rows = key_rows(screen)
        width = min(100, self.app.size.width * 95 // 100) - 8  # the box's border, padding and scrollbar
        key_width = max(len(keys) for _g, keys, _w, _n in rows) if rows else 0
        what_width = max(width - 11 - key_width, 20)
        table = Text()
        last = ""
        for group, keys, what, now in rows:
            lines = textwrap.wrap(what, what_width) or [""]
            key_style = "bold $text-warning" if now else "dim"
            table += styled(f" {group if group != last else '':<8} ", "bold $text-primary")
            table += styled(f"{keys:<{key_width}} ", key_style)
            table += Text(lines[0], style="" if now else "dim") + Text("\n")
            for more in lines[1:]:  # the columns' own (blank) cells first: the text stays in its column
                table += styled(" " * 10, "bold $text-primary") + styled(" " * (key_width + 1), key_style)
                table += Text(more, style="" if now else "dim") + Text("\n")
            last = group
        return table

    def texts(self) -> dict[str, Text]:
        """What each part of the help shows, by its id."""
        self.table = self.key_table()
        return {"help-title": styled("Keys", "bold") + styled("  (dim: not usable right now)", "dim"),
                "help-keys": self.table, "help-markers": styled("\n" + MARKERS, "dim"),
                "help-foot": styled("↑↓ PgUp PgDn scroll · Esc or ? closes this help", "dim italic")}

    def compose(self) -> ComposeResult:
        texts = self.texts()
        with Vertical(id="help-box"):
            yield Static(texts["help-title"], id="help-title")
            with VerticalScroll(id="help-body"):
                yield Static(texts["help-keys"], id="help-keys")
                yield Static(texts["help-markers"], id="help-markers")
            yield Static(texts["help-foot"], id="help-foot")
        yield Footer(compact=True, show_command_palette=False)

    def redraw(self) -> None:
        """After a change of theme (the app calls this): the same text in the new colours."""
        for id, text in self.texts().items():
            self.query_one(f"#{id}", Static).update(text)

    def on_mount(self) -> None:
        self.query_one("#help-body", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
