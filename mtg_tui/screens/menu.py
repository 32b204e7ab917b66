"""The main menu and the new-game form: decks (bundled names or a path), player names,
ruleset, mulligan rule, seed (and against the computer, its level and seat).  The menu opens
the load list, the replay viewer, practice and the rules reference; what the app must do
(start a game, resume the autosave) it is told by message."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Checkbox, Footer, Input, Select, Static

from rules.engine.core.ruleset import MULLIGANS

from ..config import GameConfig, Mode, is_mode
from ..persistence.decklists import bundled_names, precon_notice
from ..render import deck_choices, styled
from ..textual_compat import InOrderInput
from ..widgets.form_rows import form_row, level_select, ruleset_select
from .modals import ConfirmDialog

ENTRIES = [("h", "New hotseat game", "hotseat"), ("g", "Goldfish", "goldfish"),
           ("a", "Play against the computer", "computer"),
           ("t", "Gauntlet: your deck against a set's five precons", "gauntlet"),
           ("p", "Practice: rules puzzles", "practice"),
           ("l", "Load a saved game", "load"), ("v", "Replay viewer: step through a saved game", "replay"),
           ("d", "Deck lab: how fast does a deck goldfish?", "lab"),
           ("r", "Rules reference", "rules"), ("q", "Quit", "quit")]
RESUME = ("c", "Continue the autosaved game", "resume")


class MenuScreen(Screen[None]):
    """The entries: ↑↓ (or j/k) and Enter, or an entry's letter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1)", "up", show=False),
        Binding("down,j", "move(1)", "down", show=False),
        Binding("enter", "enter", "choose"),
        *[Binding(key, f"choose('{what}')", label.split(":")[0].lower(), show=False)
          for key, label, what in [RESUME, *ENTRIES]],
        Binding("question_mark", "app.show_help", "help"),
    ]

    class Resume(Message):
        """Open the autosaved game (the app replays and verifies it)."""

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
            yield Static(id="menu-warning")
        yield Footer()

    def on_mount(self) -> None:
        from ..persistence import autosave

        found = autosave.resumable()
        if found is not None:
            self.entries.insert(0, (RESUME[0], f"{RESUME[1]} ({found.describe()})", RESUME[2]))
        self.show_damage(autosave.damaged())
        self.redraw()
        app: Any = self.app
        # once per run: the game a crash or a quit left
        if found is not None and not getattr(app, "resume_offered", True):
            app.resume_offered = True
            self.app.push_screen(ConfirmDialog(f"Resume the game you were playing? ({found.describe()})"),
                                 lambda yes: self.action_choose("resume") if yes else None)

    def show_damage(self, why: str | None) -> None:
        """A damaged autosave, named instead of silently missing from the menu, and what becomes of it."""
        warning = self.query_one("#menu-warning", Static)
        warning.display = why is not None
        if why is not None:
            warning.update(styled(f"The autosave could not be read: {why}.", "$text-error") + styled(
                " It stays where it is; a new game first moves it aside (the load list shows it).", "dim"))

    def redraw(self) -> None:
        t = Text()
        for i, (key, label, _) in enumerate(self.entries):
            line = styled(f" {key} ", "bold reverse $text-warning") + Text(f" {label}")
            if i == self.cursor:
                line.stylize("reverse", 4)
            t += line + Text("\n")
        self.query_one("#menu-entries", Static).update(t)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("resume",):
            return any(what == "resume" for _, _, what in self.entries)
        return True

    def action_move(self, by: int) -> None:
        self.cursor = (self.cursor + by) % len(self.entries)
        self.redraw()

    def action_enter(self) -> None:
        self.action_choose(self.entries[self.cursor][2])

    def action_choose(self, what: str) -> None:
        if what == "resume":
            self.post_message(self.Resume())
        elif what == "quit":
            self.app.exit()
        elif what == "rules":
            from ..persistence.userfiles import app_reference
            from .rules_ref import RulesScreen

            ref, warning = app_reference("2014")
            self.app.push_screen(RulesScreen(ref, "", "2014", warning))
        elif what in ("load", "replay"):
            from .load import LoadScreen

            self.app.push_screen(LoadScreen(replay=what == "replay"))
        elif what == "practice":
            from .practice import PracticeListScreen

            self.app.push_screen(PracticeListScreen())
        elif what == "gauntlet":
            self.open_gauntlet()
        elif what == "lab":
            self.app.push_screen(NewGameScreen("goldfish", lab=True))
        elif is_mode(what):
            self.app.push_screen(NewGameScreen(what))

    def open_gauntlet(self) -> None:
        """The gauntlet in progress (or a damaged file, named there); else the form for a new one."""
        from ..persistence import gauntlet_file
        from .gauntlet import GauntletFormScreen, GauntletScreen

        try:
            going = gauntlet_file.read().current is not None
        except ValueError:  # GauntletError: the gauntlet screen names the damaged file
            going = True
        self.app.push_screen(GauntletScreen() if going else GauntletFormScreen())


class NewGameScreen(Screen[None]):
    """Tab moves between fields; Enter in any field starts the game; Esc goes back.  With
    `lab`, the form of the deck lab: Enter runs it for the deck (seed: 0 unless given)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back")]

    class Start(Message):
        """Start a game of this (checked) configuration."""

        def __init__(self, config: GameConfig) -> None:
            super().__init__()
            self.config = config

    def __init__(self, mode: Mode, lab: bool = False) -> None:
        super().__init__()
        self.mode = mode
        self.lab = lab

    def compose(self) -> ComposeResult:
        decks = bundled_names()
        hotseat = self.mode == "hotseat"
        two = self.mode != "goldfish"  # two decks: hotseat, or against the computer
        with Center(), Vertical(id="form"):
            head = "Deck lab: autopilot goldfish games of a deck" if self.lab else \
                "New game against the computer (it plays deck 2)" if self.mode == "computer" else \
                f"New {'hotseat' if hotseat else 'goldfish'} game"
            yield Static(styled(head, "bold"))
            yield Static(deck_choices(decks), id="deck-choices")
            with Horizontal(classes="row"):
                yield Static("deck 1" if two else "deck", classes="label")
                yield InOrderInput(decks[0] if decks else "", id="deck1")
            if two:
                with Horizontal(classes="row"):
                    yield Static("deck 2", classes="label")
                    yield InOrderInput(decks[1] if len(decks) > 1 else "", id="deck2")
            yield Static("", id="deck-notice")
            with Horizontal(classes="row"):
                yield Static("names" if two else "your name", classes="label")
                yield InOrderInput("alice,bob" if two else "alice", id="names")
            if self.mode == "computer":
                yield form_row("level", level_select())
            yield form_row("rules", ruleset_select())
            with Horizontal(classes="row"):
                yield Static("mulligan", classes="label")
                yield Select([("the ruleset's", "default")] + [(m, m) for m in MULLIGANS], value="default",
                             allow_blank=False, id="mulligan")
            with Horizontal(classes="row"):
                yield Static("seed", classes="label")
                yield InOrderInput("", placeholder="random", id="seed")
            if self.mode == "computer":  # a row of its own: beside the others it ran off a 120-column screen
                with Horizontal(classes="row"):
                    yield Checkbox("the computer takes seat 1 (deck 1)", id="ai-first")
            with Horizontal(classes="row"):
                if hotseat:
                    yield Checkbox("open hands (no cover screen)", id="open")
                yield Checkbox("allow illegal decks", id="allow-illegal")
                yield Checkbox("allow partial cards", id="allow-partial")
            yield Static("", id="form-error")
            yield Static(styled("Tab: next field · Enter: start · Esc: back", "dim"))

    def on_mount(self) -> None:
        self.query_one("#deck1", Input).focus()
        self.show_precon_notices()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("deck1", "deck2"):
            self.show_precon_notices()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "ruleset":  # the notice cites the rule in the ruleset's numbering
            self.show_precon_notices()

    def show_precon_notices(self) -> None:
        """Under the decks, what a precon chosen is: played as sold, below sixty cards."""
        ruleset = str(self.query_one("#ruleset", Select).value)
        refs = [i.value.strip() for i in self.query(Input) if i.id in ("deck1", "deck2")]
        notices = dict.fromkeys(n for n in (precon_notice(ref, ruleset) for ref in refs if ref) if n)
        shown = self.query_one("#deck-notice", Static)
        shown.display = bool(notices)
        shown.update(styled("\n".join(notices), "$text-accent"))

    def action_back(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.start()

    def config(self) -> GameConfig:
        decks = [self.query_one("#deck1", Input).value.strip()]
        if self.mode != "goldfish":
            decks.append(self.query_one("#deck2", Input).value.strip())
        names = tuple(n for n in self.query_one("#names", Input).value.replace(" ", ",").split(",") if n)
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            raise ValueError(f"the seed is a whole number, not {seed_text!r}")
        mull = self.query_one("#mulligan", Select).value
        open_hands = self.mode == "hotseat" and self.query_one("#open", Checkbox).value
        computer = self.mode == "computer"
        return GameConfig(self.mode, tuple(decks), names, str(self.query_one("#ruleset", Select).value),
                          None if mull == "default" else str(mull), int(seed_text) if seed_text else None,
                          open_hands, self.query_one("#allow-illegal", Checkbox).value,
                          self.query_one("#allow-partial", Checkbox).value,
                          ai=str(self.query_one("#level", Select).value) if computer else "random",
                          ai_first=computer and self.query_one("#ai-first", Checkbox).value)

    def start(self) -> None:
        from ..config import IllegalDeck, PartialDeck
        try:
            cfg = self.config().checked()
        except ValueError as e:  # DeckError is a ValueError too
            hint = "; tick 'allow illegal decks' to play it anyway" if isinstance(e, IllegalDeck) else \
                "; tick 'allow partial cards' to play it, those sentences done by hand" if isinstance(e, PartialDeck) \
                else ""
            self.query_one("#form-error", Static).update(styled(str(e) + hint, "bold $text-error"))
            return
        if self.lab:
            from .lab import LabScreen

            for notice in cfg.notices:  # a game says them as it starts (MtgApp.start_config)
                self.notify(notice, title="precon", timeout=10)

            given = self.config().seed
            self.app.push_screen(LabScreen(cfg.decks[0], cfg.cards[cfg.names[0]], cfg.ruleset, cfg.mulligan,
                                           seed=given if given is not None else 0))
            return
        self.post_message(self.Start(cfg))
