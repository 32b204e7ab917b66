"""The main menu and the new-game form: decks (bundled names or a path), player names,
ruleset, mulligan rule, seed; and loading a saved game."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Select, Static

from rules.engine.ruleset import MULLIGANS, RULESETS

from ..config import GameConfig, Mode
from ..decklists import bundled_decks
from ..render import styled
from .modals import ConfirmDialog, TextDialog

ENTRIES = [("h", "New hotseat game", "hotseat"), ("g", "Goldfish", "goldfish"),
           ("d", "Deck lab: how fast does a deck goldfish?", "lab"), ("l", "Load a saved game", "load"),
           ("r", "Rules reference", "rules"), ("q", "Quit", "quit")]
RESUME = ("c", "Continue the autosaved game", "resume")


class MenuScreen(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0
        self.entries = list(ENTRIES)

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="menu"):
            yield Static(styled("mtg-tui", "bold") + Text("  Magic: The Gathering in the terminal",
                                                          style="dim"), id="menu-title")
            yield Static(id="menu-entries")
            yield Static(styled("↑↓ Enter or a letter · ? help", "dim"), id="menu-keys")

    def on_mount(self) -> None:
        from .. import autosave

        found = autosave.resumable()
        if found is not None:
            self.entries.insert(0, (RESUME[0], f"{RESUME[1]} ({found.describe()})", RESUME[2]))
        self.redraw()
        app: Any = self.app
        if found is not None and not app.resume_offered:  # once per run: the game a crash or a quit left
            app.resume_offered = True
            self.app.push_screen(ConfirmDialog(f"Resume the game you were playing? ({found.describe()})"),
                                 lambda yes: self.choose("resume") if yes else None)

    def redraw(self) -> None:
        t = Text()
        for i, (key, label, _) in enumerate(self.entries):
            line = styled(f" {key} ", "bold black on yellow") + Text(f" {label}")
            if i == self.cursor:
                line.stylize("reverse", 4)
            t += line + Text("\n")
        self.query_one("#menu-entries", Static).update(t)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.key in ("up", "k"):
            self.cursor = (self.cursor - 1) % len(self.entries)
            self.redraw()
        elif event.key in ("down", "j"):
            self.cursor = (self.cursor + 1) % len(self.entries)
            self.redraw()
        elif event.key == "enter":
            self.choose(self.entries[self.cursor][2])
        elif event.character == "?":
            self.app.action_show_help()  # type: ignore[attr-defined]
        else:
            for key, _, what in self.entries:
                if event.character == key:
                    self.choose(what)

    def open_save(self, path: Any, resumed: bool) -> None:
        """Load a save and start it; a save that doesn't replay the same asks first."""
        from ..saves import SaveError, SaveMismatch, load_checked

        try:
            session, check = load_checked(path)
        except SaveMismatch as e:
            self.ask_up_to_last_good(path, e, resumed)
            return
        except SaveError as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        self.started(session, check, resumed)

    def ask_up_to_last_good(self, path: Any, mismatch: Any, resumed: bool) -> None:
        """A confirm dialog: what changed, and whether to open the game up to the last action
        that replays the same (never silently a different game)."""
        from ..saves import SaveError, load_checked

        def answered(yes: Any) -> None:
            if not yes:
                return
            try:
                session, check = load_checked(path, up_to_last_good=True)
            except SaveError as e:
                self.notify(str(e), severity="error", timeout=8)
                return
            self.started(session, check, resumed)
        self.app.push_screen(ConfirmDialog(f"{mismatch} {mismatch.question()}"), answered)

    def started(self, session: Any, check: Any, resumed: bool) -> None:
        self.app.start_session(session, resumed=resumed)  # type: ignore[attr-defined]
        if check.note:
            self.app.notify(check.note, severity="warning", timeout=10)

    def choose(self, what: str) -> None:
        if what == "resume":
            from .. import autosave

            self.open_save(autosave.autosave_path(), resumed=True)
        elif what == "quit":
            self.app.exit()
        elif what == "rules":
            from ..userfiles import app_reference
            from .rules_ref import RulesScreen

            ref, warning = app_reference("2014")
            self.app.push_screen(RulesScreen(ref, "", "2014", warning))
        elif what == "load":
            from ..saves import SaveError, SaveMismatch, load_checked

            loaded: list = []

            def submit(path: Any) -> str | None:
                try:
                    loaded.append(load_checked(path))
                except SaveMismatch as e:
                    loaded.append((path, e))  # asked about once the dialog is gone
                except SaveError as e:
                    return str(e)
                return None

            def closed(ok: Any) -> None:  # after the dialog is gone: then the stack is replaced
                if not (ok and loaded):
                    return
                first, second = loaded[0]
                if isinstance(second, SaveMismatch):
                    self.ask_up_to_last_good(first, second, resumed=False)
                else:
                    self.started(first, second, resumed=False)
            self.app.push_screen(TextDialog("load a saved game from:", "", submit), closed)
        elif what == "lab":
            self.app.push_screen(NewGameScreen("goldfish", lab=True))
        else:
            self.app.push_screen(NewGameScreen(what))  # type: ignore[arg-type]


class NewGameScreen(Screen[None]):
    """Tab moves between fields; Enter in any field starts the game; Esc goes back.  With
    `lab`, the form of the deck lab: Enter runs it for the deck (seed: 0 unless given)."""

    def __init__(self, mode: Mode, lab: bool = False) -> None:
        super().__init__()
        self.mode = mode
        self.lab = lab

    def compose(self) -> ComposeResult:
        decks = list(bundled_decks())
        hotseat = self.mode == "hotseat"
        with Center(), Vertical(id="form"):
            head = "Deck lab: autopilot goldfish games of a deck" if self.lab else \
                f"New {'hotseat' if hotseat else 'goldfish'} game"
            yield Static(styled(head, "bold"))
            yield Static(styled(f"decks: {', '.join(decks)} — or the path of a deck file", "dim"))
            with Horizontal(classes="row"):
                yield Static("deck" if not hotseat else "deck 1", classes="label")
                yield Input(decks[0] if decks else "", id="deck1")
            if hotseat:
                with Horizontal(classes="row"):
                    yield Static("deck 2", classes="label")
                    yield Input(decks[1] if len(decks) > 1 else "", id="deck2")
            with Horizontal(classes="row"):
                yield Static("names" if hotseat else "your name", classes="label")
                yield Input("alice,bob" if hotseat else "alice", id="names")
            with Horizontal(classes="row"):
                yield Static("rules", classes="label")
                yield Select([(r, r) for r in RULESETS], value="2014", allow_blank=False, id="ruleset")
            with Horizontal(classes="row"):
                yield Static("mulligan", classes="label")
                yield Select([("the ruleset's", "default")] + [(m, m) for m in MULLIGANS], value="default",
                             allow_blank=False, id="mulligan")
            with Horizontal(classes="row"):
                yield Static("seed", classes="label")
                yield Input("", placeholder="random", id="seed")
            with Horizontal(classes="row"):
                if hotseat:
                    yield Checkbox("open hands (no cover screen)", id="open")
                yield Checkbox("allow illegal decks", id="allow-illegal")
                yield Checkbox("allow partial cards", id="allow-partial")
            yield Static("", id="form-error")
            yield Static(styled("Tab: next field · Enter: start · Esc: back", "dim"))

    def on_mount(self) -> None:
        self.query_one("#deck1", Input).focus()

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.start()

    def config(self) -> GameConfig:
        decks = [self.query_one("#deck1", Input).value.strip()]
        if self.mode == "hotseat":
            decks.append(self.query_one("#deck2", Input).value.strip())
        names = tuple(n for n in self.query_one("#names", Input).value.replace(" ", ",").split(",") if n)
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            raise ValueError(f"the seed is a whole number, not {seed_text!r}")
        mull = self.query_one("#mulligan", Select).value
        open_hands = self.mode == "hotseat" and self.query_one("#open", Checkbox).value
        return GameConfig(self.mode, tuple(decks), names, str(self.query_one("#ruleset", Select).value),
                          None if mull == "default" else str(mull), int(seed_text) if seed_text else None,
                          open_hands, self.query_one("#allow-illegal", Checkbox).value,
                          self.query_one("#allow-partial", Checkbox).value)

    def start(self) -> None:
        from ..config import IllegalDeck, PartialDeck
        try:
            cfg = self.config().checked()
        except ValueError as e:  # DeckError is a ValueError too
            hint = "; tick 'allow illegal decks' to play it anyway" if isinstance(e, IllegalDeck) else \
                "; tick 'allow partial cards' to play it, those sentences done by hand" if isinstance(e, PartialDeck) \
                else ""
            self.query_one("#form-error", Static).update(styled(str(e) + hint, "bold red"))
            return
        if self.lab:
            from .lab import LabScreen

            given = self.config().seed
            self.app.push_screen(LabScreen(cfg.decks[0], cfg.cards[cfg.names[0]], cfg.ruleset, cfg.mulligan,
                                           seed=given if given is not None else 0))
            return
        self.app.start_config(cfg)  # type: ignore[attr-defined]
