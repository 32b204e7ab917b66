"""The Textual application: which screen is up (menu, game, game over), the minimum-size
guard, and the goldfish kill-turn tally kept across games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen

from rules import Game

from . import colours, memory
from .config import GameConfig, Mode
from .key_guard import KeyHold
from .palette import MtgCommands
from .persistence import autosave, settings
from .screens.cover import CoverScreen
from .screens.game import GameScreen
from .screens.rules_keys import ExplainedGameScreen
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .session import Session
from .textual_compat import CrashHookApp


class Crash(Exception):
    """What the player reads when the client stops on an unexpected error (Textual prints
    an exception's `__rich__` instead of a traceback)."""

    def __init__(self, message: str, error: BaseException) -> None:
        super().__init__(message)
        self.message = message
        self.__cause__ = error

    def __rich__(self) -> Text:
        return Text(self.message)


# seconds after the first frame: memory.settle_after_startup, once the first screen's frames are
# all drawn and before a player has read it and pressed a key
SETTLE_AFTER = 0.25


class MtgApp(CrashHookApp):
    CSS_PATH = "app.tcss"
    TITLE = "mtg-tui"
    ENABLE_COMMAND_PALETTE = True  # Ctrl+P: mtg_tui.palette's commands, and Textual's own (theme, keys, quit)
    COMMANDS = App.COMMANDS | {MtgCommands}
    # Textual's Ctrl+Q quits at once: here it asks first, as `q` does (the leave dialog in a game)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "confirm_quit", "quit", show=False, priority=True,
                tooltip="quit (asks first; in a game: save and quit, back to the menu, or quit)"),
        # Ctrl+D concedes (the game screen's binding); this one reaches it from a decision's dialog
        # (a mulligan, a choice), which a game screen's bindings don't see (priority: a modal screen
        # sees the app's priority bindings only; check_action lets the key through elsewhere).  No
        # description: the help lists the game screen's binding only
        Binding("ctrl+d", "concede_from_dialog", "", show=False, priority=True),
    ]

    def __init__(self, config: GameConfig | None = None, session: Session | None = None,
                 gauntlet: bool = False) -> None:
        super().__init__()
        self.config = config
        self.first_session = session
        self.first_gauntlet = gauntlet  # opened on the gauntlet screen (`mtg-tui gauntlet`)
        self.kill_turns: list[int] = []
        self._too_small: TooSmallScreen | None = None
        self.session: Session | None = None  # the game being played (autosaved, saved on a crash)
        self.resume_offered = False
        self.key_hold = KeyHold()  # keys pressed for one screen don't act on the next (key_guard)

    # ------------------------------------------------------------ theme
    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The game's colour roles as CSS variables (`$mtg-red`, ...), for dark or light themes."""
        return {**super().get_theme_variable_defaults(), **colours.role_defaults(self.current_theme.dark)}

    def get_css_variables(self) -> dict[str, str]:
        """Textual asks for these whenever the theme changes: Rich text styled with `$names`
        (mtg_tui.colours) takes the same colours from here on."""
        variables = super().get_css_variables()
        colours.use(variables)
        return variables

    def restore_theme(self) -> None:
        """The theme chosen in an earlier run (settings.json); a bad file or an unknown theme
        is a warning.  From here on a new choice is remembered."""
        name, warning = settings.theme()
        if name is not None and name not in self.available_themes:
            warning = f"no theme {name!r} (the settings file {settings.settings_path()}); using the default"
        elif name is not None:
            self.theme = name
        if warning:
            self.notify(warning, severity="warning", timeout=8)
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, theme: Any) -> None:
        """Remember the theme, and draw the screen again: Rich text took its colours when drawn."""
        if settings.theme()[0] != theme.name:
            warning = settings.remember(theme=theme.name)
            if warning:
                self.notify(warning, severity="warning", timeout=8)
        for screen in self.screen_stack:  # the game under a dialog too
            redraw = getattr(screen, "render_board", None) or getattr(screen, "redraw", None)
            if callable(redraw) and screen.is_mounted:
                redraw()
            screen.refresh(layout=True)

    # ------------------------------------------------------------ keys
    async def on_event(self, event: events.Event) -> None:
        """Every key goes through the key hold first (mtg_tui.key_guard): a key pressed before
        the screen on top appeared, or just after, is dropped, and the screen told; so is a key
        that reaches the game screen after the keyboard changed hands and before the cover is
        up (a dialog's answer handed it over: its screen closes before the cover opens)."""
        # a key bubbles back here after the screen it went to had it, and the bindings are
        # checked then, against the screen on top *now*: a cover may have come up in between
        if isinstance(event, events.Key):
            if isinstance(self.screen, GameScreen) and self.screen.handing_over():
                return  # the next player's cover is about to come up: a key now is the last player's
            if not self.key_hold.admits(event.time):
                held = getattr(self.screen, "key_held", None)
                if callable(held):
                    held(event.key, self.key_hold.why)
                return
        await super().on_event(event)

    # ------------------------------------------------------------ screens
    def on_mount(self, event: events.Mount) -> None:
        """The first screen.  `event` is taken so that the apps opened on another screen
        (replay_app, practice_app) override this with the same signature and stop it there
        (`event.prevent_default()`)."""
        self.restore_theme()
        if self.first_session is not None:
            self.start_session(self.first_session)
        elif self.config is not None:
            self.start_config(self.config)
        elif self.first_gauntlet:
            from .screens.gauntlet import GauntletScreen
            self.push_screen(GauntletScreen())
        else:
            from .screens.menu import MenuScreen  # screens not shown first load when first shown
            self.push_screen(MenuScreen())
        self.check_size()

    def on_ready(self) -> None:
        """The first frame is on the terminal.  A moment later (the collection takes some 45 ms;
        not in the frames that finish drawing the first screen) the startup objects are
        collected once and frozen, so that the cycle collector doesn't walk them during a key
        press (memory)."""
        self.set_timer(SETTLE_AFTER, memory.settle_after_startup)

    def start_config(self, config: GameConfig) -> None:
        self.config = config
        for notice in config.notices:  # a precon played as sold, below sixty cards
            self.notify(notice, title="precon", timeout=10)
        self.start_session(Session(config.new_game(), config, open_hands=config.open_hands,
                                   computers=config.computers()))

    def start_session(self, session: Session, resumed: bool = False) -> None:
        """Play `session`: autosaved after every change.  Unless it is the autosaved game
        `resumed`, an unfinished autosaved game is first kept aside (autosave-previous.json)."""
        if not resumed:
            moved = autosave.keep_previous()
            if moved:
                self.notify(moved, severity="warning", timeout=10)
        self.session = session
        session.on_change = self._autosave
        session.advance()
        self._autosave(session)
        screen = ExplainedGameScreen(session)  # the game screen with the rules keys (issue 6)
        self._replace_stack(screen)

    def _autosave(self, session: Session) -> None:
        warning = autosave.write(session)
        if warning:
            self.notify(warning, severity="warning", timeout=6)

    def crash_report(self, error: Exception) -> Exception:
        """An unexpected error: the game is in the autosave already (as it was after the last
        action that worked); write the traceback to the crash log, say in a few lines where
        everything is, and exit with status 1 (Textual's own handler, given a short message
        in place of the traceback)."""
        return Crash(autosave.report_crash(error, self.session), error)

    def _replace_stack(self, screen: Screen[Any]) -> None:
        """Drop every screen above the default one, then show `screen`."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def show_game_over(self, session: Session) -> None:
        from .screens.game_over import GameOverScreen

        k = session.kill_turn()
        if k is not None and not session.counted:
            session.counted = True
            self.kill_turns.append(k)
        note = self.record_gauntlet_game(session)
        self.push_screen(GameOverScreen(session, list(self.kill_turns), note),
                         lambda what: self._after_game(session, what))

    def record_gauntlet_game(self, session: Session) -> str | None:
        """When the game just ended is the gauntlet's game, its result goes into the gauntlet:
        what the game over screen says of it (None: not a gauntlet game)."""
        from .gauntlet import GauntletError
        from .persistence import gauntlet_file

        g = session.game
        try:
            gauntlet = gauntlet_file.record_game(g.setup.seed, tuple(p.name for p in g.players), g.winner,
                                                 g.turn, [e.text for e in g.log])
        except GauntletError as e:
            self.notify(f"the gauntlet's result is not kept: {e}", severity="error", timeout=10)
            return None
        return None if gauntlet is None else gauntlet.after_game()

    def _after_game(self, session: Session, what: str | None) -> None:
        if what == "next":
            self.start_session(self.next_session(session))
        elif what == "gauntlet":
            from .screens.gauntlet import GauntletScreen
            self.session = None
            self._replace_stack(GauntletScreen())
        elif what == "menu":
            self.back_to_menu()
        elif what == "save":
            game_screen = self.screen
            if isinstance(game_screen, GameScreen):
                game_screen.control.game_over_shown = False
                game_screen.save()
        elif what == "undo":
            if session.counted and self.kill_turns:
                self.kill_turns.pop()
                session.counted = False
            game_screen = self.screen
            if isinstance(game_screen, GameScreen):
                game_screen.control.game_over_shown = False
                game_screen.undo()

    def next_session(self, session: Session) -> Session:
        """The same players and decks with the next seed."""
        if session.config is not None:
            cfg = session.config.next_seed()
            return Session(cfg.new_game(), cfg, open_hands=session.open_hands, computers=dict(session.computers))
        setup = session.game.setup
        return Session(Game(replace(setup, seed=setup.seed + 1)), open_hands=session.open_hands,
                       computers=dict(session.computers))

    # ------------------------------------------------------------ what screens ask for
    def on_game_screen_game_over(self, message: GameScreen.GameOver) -> None:
        self.show_game_over(message.session)

    def on_cover_screen_leave_game(self, message: CoverScreen.LeaveGame) -> None:
        """`q` on a hotseat cover: the same choices as in the game."""
        if self.session is not None:
            self.on_game_screen_leave_game(GameScreen.LeaveGame(self.session, message.choice))

    def on_game_screen_leave_game(self, message: GameScreen.LeaveGame) -> None:
        """`q` in a game, answered: save and quit (saying where), back to the menu, or quit.
        The autosave keeps the game in each case: the menu offers to resume it."""
        if message.choice == "save":
            from .persistence.saves import SaveError, default_path, save

            try:
                where = save(message.session, default_path(message.session))
            except SaveError as e:
                self.notify(f"not saved: {e}", severity="error", timeout=10)
                return
            where = where.resolve()
            self.exit(message=f"saved to {where} (the menu's \"Load a saved game\" opens it)")
        elif message.choice == "menu":
            from .screens.menu import MenuScreen

            self.session = None
            self.resume_offered = True  # the menu lists the autosaved game; no question on the way back
            self._replace_stack(MenuScreen())
        elif message.choice == "quit":
            self.exit()

    # ------------------------------------------------------------ commands (the palette's)
    def new_game(self, mode: Mode) -> None:
        from .screens.menu import NewGameScreen

        self.push_screen(NewGameScreen(mode))

    def load_game(self) -> None:
        """The menu's load flow (from a game, by way of the menu: the game stays in the autosave)."""
        from .screens.menu import MenuScreen

        menu = self.screen if isinstance(self.screen, MenuScreen) else None
        if menu is None:  # from a game: it stays in the autosave, which the menu lists
            self.resume_offered = True
            self.session = None
            menu = MenuScreen()
            self._replace_stack(menu)
        self.call_after_refresh(menu.action_choose, "load")

    def open_rules(self, query: str = "", era: str = "2014") -> None:
        from .persistence.userfiles import app_reference
        from .screens.rules_ref import RulesScreen

        ref, warning = app_reference(era)
        self.push_screen(RulesScreen(ref, query, era, warning))

    def start_practice(self, path: Any) -> None:
        from rules.play.puzzle import PuzzleError, load_puzzle

        from .practice import Progress
        from .screens.practice import PracticeScreen

        try:
            puzzle = load_puzzle(path)
        except PuzzleError as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        self.push_screen(PracticeScreen(puzzle, Progress.load()))

    def save_svg(self) -> None:
        """A screenshot (SVG) of the screen under the palette, in the user's data folder."""
        import time

        from .persistence.userfiles import data_dir

        folder = data_dir() / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        name = time.strftime("mtg-tui-%Y%m%d-%H%M%S.svg")
        try:
            where = self.save_screenshot(name, str(folder))
        except OSError as e:
            self.notify(f"no screenshot: {e}", severity="error", timeout=8)
            return
        self.notify(f"screenshot saved to {where}", timeout=8)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's palette commands, less those mtg-tui's replace (palette.REPLACED_SYSTEM_COMMANDS:
        the theme setting, the screenshot, the keys, quit): one command for each."""
        from .palette import REPLACED_SYSTEM_COMMANDS

        for command in super().get_system_commands(screen):
            if command.title not in REPLACED_SYSTEM_COMMANDS:
                yield command

    # ------------------------------------------------------------ app-wide keys
    def action_show_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_confirm_quit(self) -> None:
        """Quit, once confirmed; in a game (or on its cover) the choices of `q` there: save
        and quit, back to the menu, quit, or cancel."""
        from .screens.modals import ConfirmDialog, LeaveDialog

        if isinstance(self.screen, (ConfirmDialog, LeaveDialog)):
            return
        from .screens.practice import PracticeScreen

        if isinstance(self.screen, (GameScreen, CoverScreen)) and not isinstance(self.screen, PracticeScreen):
            self.screen.action_leave()
            return
        kept = " (the game in progress stays in the autosave: mtg-tui offers to resume it)" if self.session else ""
        self.push_screen(ConfirmDialog(f"Quit mtg-tui?{kept}"), lambda yes: self.exit() if yes else None)

    def game_under_dialog(self) -> GameScreen | None:
        """The game screen right under a decision's dialog (a mulligan, a choice of cards), where
        Ctrl+D concedes; None elsewhere, and while a line of text is typed (Ctrl+D deletes there)."""
        from textual.widgets import Input

        from .screens.modals import ConcedeDialog, ConfirmDialog, Dialog

        top, stack = self.screen, self.screen_stack
        if not isinstance(top, Dialog) or isinstance(top, (ConcedeDialog, ConfirmDialog)) or len(stack) < 2:
            return None
        if isinstance(self.focused, Input):
            return None
        below = stack[-2]
        return below if isinstance(below, GameScreen) and below.conceder() is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "concede_from_dialog":
            return self.game_under_dialog() is not None
        return super().check_action(action, parameters)

    def action_concede_from_dialog(self) -> None:
        """Ctrl+D in a decision's dialog over the game: the game screen asks whether to concede."""
        game = self.game_under_dialog()
        if game is not None:
            game.concede()

    # ------------------------------------------------------------ minimum size
    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)

    def check_size(self, size: Size | None = None) -> None:
        size = size or self.size  # a resize event carries the new size before `self.size` has it
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen()
            super().push_screen(self._too_small)
        elif not small and self._too_small is not None:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Screens pushed while the terminal is too small go under the size message."""
        guard = self._too_small
        if guard is None or self.screen is not guard or screen is guard:
            return super().push_screen(screen, *args, **kwargs)
        self.pop_screen()
        result = super().push_screen(screen, *args, **kwargs)
        self._too_small = TooSmallScreen()
        super().push_screen(self._too_small)
        return result

    # ------------------------------------------------------------ menu, load, replay, practice
    def back_to_menu(self) -> None:
        from .screens.menu import MenuScreen
        self._replace_stack(MenuScreen())

    def on_gauntlet_screen_play(self, _: Any) -> None:
        """The gauntlet's next game: the one the app was closed in, from the autosave, when it is
        there; otherwise a new game (a game left without an autosave counts as not played)."""
        from .config import DeckError
        from .gauntlet import GauntletError
        from .persistence import gauntlet_file

        try:
            gauntlet = gauntlet_file.read().current
            if gauntlet is None:
                return
            path = gauntlet_file.pending_autosave(gauntlet)
            if path is not None:  # the autosave itself goes on; a game kept beside it comes back in its place
                self.open_save(path, resumed=path == autosave.autosave_path())
                return
            config = gauntlet.game_config()
            gauntlet_file.save_current(gauntlet.started())
        except (GauntletError, DeckError) as e:
            self.notify(str(e), severity="error", timeout=10)
            return
        self.start_config(config)

    def on_menu_screen_resume(self, _: Any) -> None:
        self.open_save(autosave.autosave_path(), resumed=True)

    def on_new_game_screen_start(self, message: Any) -> None:
        self.start_config(message.config)

    def on_load_screen_open(self, message: Any) -> None:
        self.open_save(message.path, resumed=False)

    def on_load_screen_replay(self, message: Any) -> None:
        from .screens.replay import open_replay

        error = open_replay(self, message.path)
        if error:
            self.notify(error, severity="error", timeout=8)

    def on_replay_screen_closed(self, _: Any) -> None:
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:  # the viewer was the first screen (`mtg-tui replay SAVE`)
            self.exit()

    def on_practice_list_screen_open(self, message: Any) -> None:
        from .practice import Progress
        from .screens.practice import PracticeScreen

        progress = Progress.load()
        if progress.warning:
            self.notify(progress.warning, severity="warning", timeout=8)
        self.push_screen(PracticeScreen(message.puzzle, progress))

    def on_practice_screen_leave(self, _: Any) -> None:
        from .screens.practice import PracticeListScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, PracticeListScreen):
            self.pop_screen()
        if len(self.screen_stack) <= 1:
            self.exit()  # practice was the first screen (`mtg-tui practice PUZZLE`)

    def on_practice_screen_next(self, message: Any) -> None:
        from .screens.practice import PracticeScreen

        self.switch_screen(PracticeScreen(message.puzzle, message.progress))

    def on_game_over_screen_chosen(self, message: Any) -> None:
        from .screens.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            self.pop_screen()
        self._after_game(message.session, message.what)

    def open_save(self, path: Any, resumed: bool) -> None:
        """Load a save and start it; a save that doesn't replay the same asks first whether to
        open it up to the last action that does (never silently a different game)."""
        from .persistence.saves import SaveError, SaveMismatch, load_checked
        from .screens.modals import ConfirmDialog

        def started(loaded: tuple[Session, Any]) -> None:
            session, check = loaded
            self.start_session(session, resumed=resumed)
            if check.note:
                self.notify(check.note, severity="warning", timeout=10)

        def answered(yes: Any) -> None:
            if yes:
                try:
                    started(load_checked(path, up_to_last_good=True))
                except SaveError as e:
                    self.notify(str(e), severity="error", timeout=8)

        try:
            loaded = load_checked(path)
        except SaveMismatch as e:
            self.push_screen(ConfirmDialog(f"{e} {e.question()}"), answered)
            return
        except SaveError as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        started(loaded)
