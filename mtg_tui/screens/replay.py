"""The replay viewer: a saved game, one action at a time, read-only.

Both hands are shown (the viewer sees everything), the board and the log as they were after the
action, and the action itself under the board.  Keys: ←/→ one action, PgUp/PgDn a turn,
Home/End the start and the end, f folds routine log lines, Esc or q back."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Static

from ..board import routine
from ..grouping import group_battlefield
from ..render import log_line, styled, wrap_line
from ..replay import Moment, Replay
from ..widgets.battlefield import Battlefield
from ..widgets.hand import HandPanel
from ..widgets.log import LogPanel
from ..widgets.one_layout import Column, Row
from ..widgets.phase_bar import PhaseBar
from ..widgets.player import PlayerPanel
from ..widgets.stack import StackPanel
from ..widgets.steady_footer import SteadyFooter
from ..widgets.zone import scroll_window

READY_AFTER = 0.015  # seconds after a frame before the next point is readied (keys repeat every 30 ms or more)
LOG_CACHE = 4000  # log entries kept laid out (at a width, selected or not); then the cache starts again


class ReplayLog(LogPanel):
    """The log panel of the viewer, drawn a line at a time: each entry is laid out once (at a
    width, selected or not) and each line turned into a strip once, both kept, so a step lays
    out and draws only the lines it added, not the panel's 30 again (LogPanel hands the whole
    text to Textual, which lays it out anew at every step: 10 ms at the end of a long game)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._laid_out: dict[tuple[int, bool, int, str], tuple[Any, list[Text]]] = {}
        self._strips: dict[tuple[int, int, str], tuple[Text, Strip]] = {}
        self._make: Callable[[int], tuple[list[Text], int]] = lambda width: ([], 0)
        self._made: tuple[int, list[Text], int] = (-1, [], 0)
        self._window: tuple[list[Text] | None, int, int, list[Text]] = (None, -1, -1, [])

    def lines_of(self, e: Any, selected: bool, width: int) -> list[Text]:
        key = (id(e), selected, width, self.app.theme)
        got = self._laid_out.get(key)
        if got is None:
            if len(self._laid_out) > LOG_CACHE:
                self._laid_out.clear()
            # the entry itself is kept with its lines: its id is not reused while it is cached
            got = self._laid_out[key] = (e, wrap_line(log_line(e, selected=selected), width, indent=5))
        return got[1]

    def set(self, entries: list[Any], *, selected: int | None, folded: bool, active: bool) -> None:
        def build(width: int) -> tuple[list[Text], int]:  # what LogPanel's build makes, from the cache
            lines: list[Text] = []
            keep = 0
            for i, e in enumerate(entries):
                if i == selected:
                    keep = len(lines)
                lines += self.lines_of(e, i == selected, width)
            if selected is None:
                keep = len(lines) - 1
            lines, keep = lines or [styled("nothing yet", "dim")], max(keep, 0)
            self._made = (width, lines, keep)
            return lines, keep
        self._make = build
        title = "log" + (" (routine events folded: f)" if folded else " (all events: f folds)")
        self.show(build, title, active, inputs=(entries, selected, folded))

    def window(self) -> list[Text]:
        """The lines that fit the panel, the one to keep in view among them (as ZonePanel shows them)."""
        width, height = self.size.width, max(self.size.height, 1)
        if self._made[0] != width:
            self._make(width)
        _, lines, keep = self._made
        if not (self._window[0] is lines and self._window[1:3] == (width, height)):
            self._window = (lines, width, height, scroll_window(lines, height, keep))
        return self._window[3]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.visual_style.rich_style
        shown = self.window()
        if y >= len(shown):
            return Strip.blank(width, base)
        line = shown[y]
        key = (id(line), width, self.app.theme)
        got = self._strips.get(key)
        if got is None or got[0] is not line:
            if len(self._strips) > LOG_CACHE:
                self._strips.clear()
            segments = Segment.apply_style(line.render(self.app.console), base)
            pad = RichStyle(bgcolor=base.bgcolor)  # the rest of the line: the background only (as Textual pads)
            got = self._strips[key] = (line, Strip(segments).adjust_cell_length(width, pad))
        return got[1]


class ReplayScreen(Screen[None]):
    AUTO_FOCUS = None
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #rp-phase { height: 1; background: $panel; }
    ReplayScreen #rp-main { height: 1fr; }
    ReplayScreen #rp-left { width: 1fr; }
    ReplayScreen #rp-right { width: 42%; min-width: 36; max-width: 80; }
    ReplayScreen #rp-them, ReplayScreen #rp-me { height: 1; padding: 0 1; }
    ReplayScreen #rp-theirs, ReplayScreen #rp-mine { height: 1fr; min-height: 4; }
    ReplayScreen #rp-their-hand, ReplayScreen #rp-my-hand { height: 5; }
    ReplayScreen #rp-stack { height: auto; min-height: 3; max-height: 8; }
    ReplayScreen #rp-log { height: 1fr; }
    ReplayScreen #rp-action { height: 1; padding: 0 1; background: $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "back"),
        Binding("right", "step(1)", "forward"),
        Binding("pageup", "turn(-1)", "turn back"),
        Binding("pagedown", "turn(1)", "turn forward"),
        Binding("home", "start", "first"),
        Binding("end", "end", "last"),
        # f's word says what it does now (check_action shows the one that applies)
        Binding("f", "fold", "fold", tooltip="fold the log's routine lines away"),
        Binding("f", "show_all", "show all", tooltip="show every line of the log"),
        Binding("escape,q", "leave", "back"),
    ]

    class Closed(Message):
        """The viewer was left (the app shows what was under it, or quits when it was the first screen)."""

    def __init__(self, replay: Replay, title: str = "") -> None:
        super().__init__()
        self.replay = replay
        self.title_text = title
        self.folded = True
        self.moment: Moment = replay.moment()

    def compose(self) -> ComposeResult:
        yield PhaseBar(id="rp-phase")
        with Row(id="rp-main"):
            with Column(id="rp-left"):
                yield PlayerPanel(id="rp-them")
                yield HandPanel(id="rp-their-hand")
                yield Battlefield(id="rp-theirs")
                yield Battlefield(id="rp-mine")
                yield PlayerPanel(id="rp-me")
                yield HandPanel(id="rp-my-hand")
            with Column(id="rp-right"):
                yield StackPanel(id="rp-stack")
                yield ReplayLog(id="rp-log")
        yield Static(id="rp-action")
        yield SteadyFooter()

    def on_mount(self) -> None:
        # The replayed game (its undo points: a copy of the state a turn) is long-lived: frozen
        # out of the collector's scans, a full collection during a step takes 20 ms, not 110
        # (unfrozen when the viewer is left, so that it can be freed).
        gc.collect()
        gc.freeze()
        self.show()
        if self.replay.problem:
            self.notify(f"shown up to where it stops replaying: {self.replay.problem}", severity="warning",
                        timeout=10)

    def on_unmount(self) -> None:
        gc.unfreeze()

    def on_resize(self) -> None:
        self.show()  # a taller terminal shows more of the log

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that can't move now (at the start, at the end) are greyed; f says what it does."""
        if action in ("fold", "show_all"):
            return self.folded == (action == "show_all")
        at_start, at_end = self.replay.index == 0, self.replay.index == self.replay.total
        backward = action in ("start",) or (action in ("step", "turn") and parameters and parameters[0] == -1)
        forward = action in ("end",) or (action in ("step", "turn") and parameters and parameters[0] == 1)
        if (backward and at_start) or (forward and at_end):
            return None
        return True

    def action_step(self, by: int) -> None:
        self.moved(self.replay.step(by))
        if by < 0:  # back is a rewind (a copy of the state, the actions since): the next one readied
            self.call_after_refresh(self.ready_soon, lambda: self.replay.index - 1)

    def action_turn(self, by: int) -> None:
        self.moved(self.replay.next_turn() if by > 0 else self.replay.previous_turn())
        self.call_after_refresh(self.ready_soon,
                                self.replay.next_turn_index if by > 0 else self.replay.previous_turn_index)

    def ready_soon(self, where: Callable[[], int]) -> None:
        """Once the frame is drawn and written (the terminal's writer is a thread of its own,
        which the work of readying would hold up: a short wait), ready the point the same key
        goes to next (Replay.prepare).  A key pressed before that moves as ever."""
        self.set_timer(READY_AFTER, lambda: self.ready(where))

    def ready(self, where: Callable[[], int]) -> None:
        if self.is_attached:
            self.replay.prepare(where())

    def action_start(self) -> None:
        self.moved(self.replay.goto(0))

    def action_end(self) -> None:
        self.moved(self.replay.goto(self.replay.total))

    def action_fold(self) -> None:
        self.folded = True
        self.show()
        self.refresh_bindings()

    def action_show_all(self) -> None:
        self.folded = False
        self.show()
        self.refresh_bindings()

    def action_leave(self) -> None:
        self.post_message(self.Closed())

    def moved(self, moment: Moment) -> None:
        edges = (self.moment.index == 0, self.moment.index == self.moment.total)
        self.moment = moment
        self.show()
        if edges != (moment.index == 0, moment.index == moment.total):
            self.refresh_bindings()  # the Footer greys what can't move (only then)
            self.query_one(SteadyFooter).grey_in_place(self)  # now: in this frame, not one 30 ms later

    # ------------------------------------------------------------ drawing
    def show(self) -> None:
        g = self.replay.game
        names = [p.name for p in g.players]
        me_name, them_name = names[0], names[-1]
        # each player's own view holds their hand: one view each, without the log (drawn from g.log)
        view = g.view(me_name, log=False)
        me = view.player(me_name)
        them = g.view(them_name, log=False).player(them_name)
        d = g.decision
        self.query_one("#rp-phase", PhaseBar).set(
            turn=g.turn, active=g.active, step=g.step, priority=d.player if d is not None else None,
            stops=set(), own_turn=None, cursor=None)  # nobody at the keyboard: no "your turn", no stops
        on_field = {c.id: c.name for p in (me, them) for c in p.battlefield}
        for panel_id, p in (("#rp-them", them), ("#rp-me", me)):
            self.query_one(panel_id, PlayerPanel).set(p, active=g.active == p.name, priority=g.priority == p.name)
        for field_id, p, lands_first in (("#rp-theirs", them, True), ("#rp-mine", me, False)):
            self.query_one(field_id, Battlefield).set(
                group_battlefield(p.battlefield, on_field), title=f"{p.name}'s battlefield", selected=None,
                labels={}, notes={}, lands_first=lands_first, active=False)
        for hand_id, p in (("#rp-their-hand", them), ("#rp-my-hand", me)):
            hand = p.hand or ()
            self.query_one(hand_id, HandPanel).set(hand, title=f"{p.name}'s hand ({len(hand)})", selected=None,
                                                   playable=set(), labels={}, active=False)
        self.query_one("#rp-stack", StackPanel).set(view.stack, selected=None, labels={}, active=False)
        # the panel shows the end of the log: only as many entries as the terminal has lines are
        # given it (one more, so that the "▲ more" above them shows; an entry is a line or more)
        log_panel = self.query_one("#rp-log", ReplayLog)
        need = self.app.size.height + 1
        log = g.log
        new = set(map(id, log[len(log) - self.moment.new_log:])) if self.moment.new_log else set()
        shown: list[Any] = []
        for e in reversed(log):
            if len(shown) >= need:
                break
            if not (self.folded and routine(e)) or id(e) in new:  # folded as the game screen folds
                shown.append(e)
        shown.reverse()
        last_new = max((i for i, e in enumerate(shown) if id(e) in new), default=None)
        log_panel.set(shown, selected=last_new, folded=self.folded, active=False)
        self.query_one("#rp-action", Static).update(self.action_text(), layout=False)  # one line: no layout

    def action_text(self) -> Text:
        m = self.moment
        head = styled(f" action {m.index} of {m.total} ", "bold reverse") + Text(f"  turn {m.turn}  ")
        if m.action is None:
            head += styled("the start of the game", "dim")
        else:
            head += styled("just taken: ", "dim") + styled(m.action, "bold")
        if self.title_text:
            head += styled(f"  · {self.title_text}", "dim")
        return head


def open_replay(app: Any, path: Any) -> str | None:
    """Push the viewer for the save at `path`; the error (worded for the player) when it can't be opened."""
    from ..persistence.saves import SaveError

    try:
        replay = Replay.open(path)
    except SaveError as e:
        return str(e)
    app.push_screen(ReplayScreen(replay, str(path)))
    return None
