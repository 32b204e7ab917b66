"""The gauntlet's screens: the form that starts one (your deck, the set, the match length, the
computer's level, the rules) and the gauntlet screen (the five opponents with their results and
the next one; Enter plays it; the summary at the end).  The games themselves are the app's:
it is told by message (`GauntletScreen.Play`)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Checkbox, Footer, Input, Select, Static

from ..gauntlet import Gauntlet
from ..persistence import gauntlet_file
from ..persistence.decklists import bundled_names
from ..persistence.precons import PRODUCT_LINES
from ..render import deck_choices, styled
from ..textual_compat import InOrderInput
from ..widgets.form_rows import form_row, level_select, ruleset_select
from .modals import ConfirmDialog


def gauntlet_text(gauntlet: Gauntlet) -> Text:
    """The gauntlet as the screen shows it: its title, one line per opponent (the next one
    marked), and the record; finished, the summary's headline first."""
    lines = gauntlet.summary_text()
    t = styled(lines[0], "bold") + Text("\n\n")
    if gauntlet.finished:
        t = styled("The gauntlet is over.\n", "bold $text-success") + t
    for i, line in enumerate(lines[1:-1]):
        mark = "▶ " if i == gauntlet.next_index else "  "
        t += Text(mark) + (styled(line, "bold") if i == gauntlet.next_index else Text(line)) + Text("\n")
    return t + Text("\n") + styled(lines[-1], "$text-accent")


class GauntletScreen(Screen[None]):
    """The gauntlet in progress (or the one just finished): Enter plays the next game, a
    abandons it (asks first), Esc or m goes back to the menu."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "play the next game"),
        Binding("a", "abandon", "abandon the gauntlet"),
        Binding("escape,m", "menu", "main menu"),
        Binding("q", "app.confirm_quit", "quit"),
        Binding("question_mark", "app.show_help", "help"),
    ]

    class Play(Message):
        """Play the gauntlet's next game (or go on with the one the app was closed in)."""

    def __init__(self) -> None:
        super().__init__()
        self.gauntlet: Gauntlet | None = None

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="gauntlet"):
            yield Static(id="gauntlet-view")
            yield Static(id="gauntlet-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def on_screen_resume(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Read the gauntlet from its file (the games change it) and show it."""
        view = self.query_one("#gauntlet-view", Static)
        try:
            store = gauntlet_file.read()
        except ValueError as e:  # GauntletError: a damaged file, named
            self.gauntlet = None
            view.update(styled(str(e), "bold $text-error"))
            return
        self.gauntlet = store.current or (store.finished[-1] if store.finished else None)
        if self.gauntlet is None:
            view.update(Text("No gauntlet in progress: the menu's Gauntlet entry starts one."))
        else:
            view.update(gauntlet_text(self.gauntlet))
        self.query_one("#gauntlet-keys", Static).update(styled(self.keys_hint(), "dim"))
        self.refresh_bindings()

    def keys_hint(self) -> str:
        if self.gauntlet is None or self.gauntlet.finished:
            return "Esc: main menu"
        going = " (go on with the game in progress)" if self.gauntlet.pending is not None else ""
        return f"Enter: play the next game{going} · a: abandon · Esc: main menu"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "abandon"):
            return self.gauntlet is not None and not self.gauntlet.finished
        return True

    def action_play(self) -> None:
        self.post_message(self.Play())

    def action_menu(self) -> None:
        app: Any = self.app
        app.back_to_menu()

    def action_abandon(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                _, said = gauntlet_file.abandon()
                self.app.notify(said, timeout=6)
                self.redraw()

        self.app.push_screen(ConfirmDialog("Abandon the gauntlet? Its results so far are dropped."), answered)


class GauntletFormScreen(Screen[None]):
    """A new gauntlet: Tab moves between fields, Enter starts it, Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back")]

    def compose(self) -> ComposeResult:
        decks = bundled_names()
        with Center(), Vertical(id="form"):
            yield Static(styled("New gauntlet: your deck against the five precons of a set, the computer playing "
                                "them", "bold"))
            yield Static(deck_choices(decks))
            with Horizontal(classes="row"):
                yield Static("your deck", classes="label")
                yield InOrderInput(decks[0] if decks else "", id="deck")
            with Horizontal(classes="row"):
                yield Static("set", classes="label")
                yield Select([(f"{p.set_code}: {p.title}", p.set_code) for p in PRODUCT_LINES],
                             value=PRODUCT_LINES[0].set_code, allow_blank=False, id="set")
            with Horizontal(classes="row"):
                yield Static("matches", classes="label")
                yield Select([("one game each", 1), ("best of three", 3)], value=1, allow_blank=False, id="best-of")
            yield form_row("level", level_select())
            yield form_row("rules", ruleset_select())
            with Horizontal(classes="row"):
                yield Checkbox("allow an illegal deck (yours; the precons are played as sold)", id="allow-illegal")
            yield Static("", id="form-error")
            yield Static(styled("Tab: next field · Enter: start · Esc: back", "dim"))

    def on_mount(self) -> None:
        self.query_one("#deck", Input).focus()

    def action_back(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.start()

    def wanted(self) -> Gauntlet:
        """The gauntlet the form describes, its first game checked (a deck error shows here)."""
        best_of = self.query_one("#best-of", Select).value
        gauntlet = Gauntlet.new(self.query_one("#deck", Input).value, str(self.query_one("#set", Select).value),
                                best_of if isinstance(best_of, int) else 1,
                                str(self.query_one("#level", Select).value),
                                str(self.query_one("#ruleset", Select).value),
                                allow_illegal=self.query_one("#allow-illegal", Checkbox).value)
        gauntlet.game_config()
        return gauntlet

    def start(self) -> None:
        from ..config import IllegalDeck

        try:
            _, continued = gauntlet_file.begin(self.wanted())
        except ValueError as e:  # GauntletError, DeckError
            hint = "; tick 'allow an illegal deck' to play it anyway" if isinstance(e, IllegalDeck) else ""
            self.query_one("#form-error", Static).update(styled(str(e) + hint, "bold $text-error"))
            return
        if continued:
            self.app.notify("continuing the gauntlet in progress (its own settings)", timeout=6)
        self.app.switch_screen(GauntletScreen())
