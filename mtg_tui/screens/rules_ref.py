"""The rules reference inside the app: search as you type, follow "see rule N" references,
and the glossary.

Two modes.  Searching: the search box has the keys; ↓ moves to the results.  Browsing: ↑↓
move through the results, 1-9 follow the selected rule's "see rule" references (Enter the
first), g shows the glossary, / or any letter goes back to the search box.  Esc goes back
to the previous query, then closes.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from rules.reference.lookup import Answer, Entry, Reference, references

from ..render import styled
from ..textual_compat import InOrderInput

# what the Footer can't say
KEYS_SEARCH = "type to search (a number like 704.5g, or words)"
KEYS_BROWSE = "1-9 follow the \"see rule\" references · a letter searches again"


def entry_line(e: Entry, selected: bool, width: int) -> Text:
    label = f"{e.term}:" if e.kind == "glossary" else (f"{e.number}." if e.kind == "section" else e.number)
    t = styled(f"{label:<9}", "bold $text-primary" if e.kind != "glossary" else "bold $text-accent")
    text = e.text.replace("\n", " ")
    room = max(width - max(len(label), 9) - 1, 10)
    t += Text(" " + (text if len(text) <= room else text[:room - 1] + "…"))
    if selected:
        t.stylize("reverse")
    return t


class RulesScreen(Screen[None]):
    """`reference` answers; `query` opens the screen at a rule (in the numbering `era`)."""

    BINDINGS = [
        Binding("escape", "back", "back", tooltip="back to the previous query, then close"),
        Binding("down", "down", "results", key_display="↓", tooltip="to the results; the next result"),
        Binding("up", "move(-1)", "up", show=False, tooltip="the previous result"),
        Binding("pagedown", "move(10)", "page down", show=False, tooltip="ten results down"),
        Binding("pageup", "move(-10)", "page up", show=False, tooltip="ten results up"),
        Binding("enter", "open_selected", "follow", tooltip="follow the first \"see rule\", or open the rule"),
        *[Binding(str(n), f"follow_ref({n})", f"see rule {n}", show=False,
                  tooltip=f"follow the selected rule's reference number {n}") for n in range(1, 10)],
        Binding("g", "glossary", "glossary", tooltip="the glossary (again: the rules)"),
        Binding("slash", "search", "search", key_display="/", tooltip="back to the search box"),
        Binding("backspace", "back_key", "back", show=False, tooltip="back to the previous query"),
    ]

    DEFAULT_CSS = """
    RulesScreen { layout: vertical; }
    #rr-title { height: 1; background: $panel; padding: 0 1; }
    #rr-search { height: 3; }
    #rr-body { height: 1fr; }
    #rr-results { width: 1fr; height: 1fr; border: round $panel-lighten-2; padding: 0 1; }
    #rr-detail { width: 1fr; height: 1fr; border: round $panel-lighten-2; padding: 0 1; }
    #rr-keys { height: auto; padding: 0 1; background: $panel; }
    """

    def __init__(self, reference: Reference, query: str = "", era: str | None = None,
                 warning: str | None = None) -> None:
        super().__init__()
        self.ref = reference
        self.first = (query, era)
        self.warning = warning
        self.query_text = ""
        self.answer = Answer("")
        self.cursor = 0
        self.history: list[str] = []
        self.glossary_mode = False
        self.browsing = False

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="rr-title")
        yield InOrderInput(placeholder="search the rules: 704.5g, regenerate, \"mana burn\"", id="rr-search")
        with Horizontal(id="rr-body"):
            yield Static(id="rr-results")
            yield Static(id="rr-detail")
        yield Static(id="rr-keys")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        query, era = self.first
        self.set_query(query, era)
        if query:
            self.browse()
        else:
            self.search_box()
        self.call_after_refresh(self.redraw)  # the panels know their size only after layout

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()

    @property
    def results(self) -> list[Entry]:
        return self.answer.entries

    @property
    def selected(self) -> Entry | None:
        return self.results[self.cursor] if self.results else None

    # ------------------------------------------------------------ queries
    def set_query(self, text: str, era: str | None = None) -> None:
        """Show the answer to `text` (and put it in the search box)."""
        self.query_text = text
        box = self.query_one("#rr-search", Input)
        if box.value != text:
            box.value = text
            box.cursor_position = len(text)
        self.answer = self._answer(text, era)
        self.cursor = 0
        self.redraw()

    def _answer(self, text: str, era: str | None) -> Answer:
        glossary = self.ref.glossary()
        if self.glossary_mode or not text.strip():
            words = text.lower().split()
            entries = [Entry("", body, self.ref.era, "glossary", term=term) for term, body in sorted(glossary.items())
                       if all(w in f"{term} {body}".lower() for w in words)]
            note = "the glossary" + (f" ({len(entries)} terms)" if not words else f": terms with {text!r}")
            return Answer(text, entries, [note])
        return self.ref.query(text, era)

    def follow(self, number: str) -> None:
        self.history.append(self.query_text)
        self.glossary_mode = False
        self.set_query(number)
        self.browse()

    def back(self) -> None:
        if self.history:
            self.glossary_mode = False
            self.set_query(self.history.pop())
        else:
            self.dismiss(None)

    def refs(self) -> list[str]:
        """The rule numbers the selected entry refers to ("see rule 502.9")."""
        e = self.selected
        return [n for n in references(e.text) if n != e.number] if e is not None else []

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        src = f"rules reference · {self.ref.source}"
        self.query_one("#rr-title", Static).update(styled(src, "bold"))
        self.query_one("#rr-results", Static).update(self._results_text())
        self.query_one("#rr-detail", Static).update(self._detail_text())
        keys = KEYS_BROWSE if self.browsing else KEYS_SEARCH
        extra = styled(f"\n{self.warning}", "$text-warning") if self.warning else Text()
        self.query_one("#rr-keys", Static).update(styled(keys, "dim") + extra)

    def _results_text(self) -> Text:
        t = Text()
        for note in self.answer.notes:
            t += styled(note, "$text-warning") + Text("\n")
        if not self.results:
            return t + styled("nothing found" if self.query_text.strip() else "", "dim")
        width = max(self.query_one("#rr-results", Static).content_size.width, 40)
        height = max(self.query_one("#rr-results", Static).content_size.height - len(self.answer.notes), 5)
        top = min(max(self.cursor - height // 2, 0), max(len(self.results) - height, 0))
        for i in range(top, min(top + height, len(self.results))):
            t += entry_line(self.results[i], i == self.cursor, width) + Text("\n")
        return t

    def _detail_text(self) -> Text:
        e = self.selected
        if e is None:
            return styled("type a rule number or words", "dim")
        if e.kind == "glossary":
            t = styled(e.term, "bold $text-accent") + Text("\n\n" + e.text)
        else:
            title = self.ref.title(e.number, e.era)
            t = styled(f"{e.number[:3]}. {title}\n" if title else "", "dim")
            t += styled(e.number, "bold $text-primary") + Text("  " + e.text)
            if e.links:
                where = ", ".join(x.number for x in e.links)
                how = {"rule": "the same rule", "rule group": "the same group of rules",
                       "section": "the same section"}[e.links[0].how]
                t += styled(f"\n\n{e.links[0].era} rules: {where} ({how})", "$text-success")
            if self.ref.from_file:
                own = self.ref.summary(e.number, e.era)
                if own:
                    t += styled("\n\nin short: " + own, "italic")
        refs = self.refs()
        if refs:
            t += styled("\n\nsee: ", "bold") + Text("  ".join(f"[{i}] {n}" for i, n in enumerate(refs[:9], 1)))
        return t

    # ------------------------------------------------------------ modes and keys
    def search_box(self) -> None:
        self.browsing = False
        self.query_one("#rr-search", Input).focus()
        self.redraw()
        self.refresh_bindings()

    def browse(self) -> None:
        self.browsing = True
        self.set_focus(None)
        self.redraw()
        self.refresh_bindings()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.value != self.query_text:
            self.set_query(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.browse()

    def move(self, delta: int) -> None:
        if self.results:
            self.cursor = max(0, min(self.cursor + delta, len(self.results) - 1))
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("follow_ref", "open_selected", "glossary", "back_key", "search"):
            return self.browsing
        return True

    def action_back(self) -> None:
        self.back()

    def action_back_key(self) -> None:
        self.back()

    def action_down(self) -> None:
        if not self.browsing:
            self.browse()
        else:
            self.move(1)

    def action_move(self, delta: int) -> None:
        self.move(delta)

    def action_follow_ref(self, n: int) -> None:
        refs = self.refs()
        if 0 < n <= len(refs):
            self.follow(refs[n - 1])

    def action_open_selected(self) -> None:
        refs = self.refs()
        e = self.selected
        if refs:
            self.follow(refs[0])
        elif e is not None and e.kind != "glossary" and e.number != self.query_text:
            self.follow(e.number)

    def action_glossary(self) -> None:
        self.glossary_mode = not self.glossary_mode
        self.set_query(self.query_text if not self.glossary_mode else "")

    def action_search(self) -> None:
        self.search_box()

    def on_key(self, event: events.Key) -> None:
        """Browsing, a letter typed goes back to the search box with that letter (any letter:
        not one binding each).  Searching, the search box takes the keys itself."""
        ch = event.character
        if self.browsing and ch and ch.isprintable() and len(ch) == 1 and not ch.isdigit() and ch not in "g/":
            event.stop()
            event.prevent_default()
            self.search_box()
            self.set_query(self.query_text + ch)
