"""A bordered panel that shows lines of text and keeps one line (the selection) in view.

Every zone (battlefields, hand, stack, log) is one of these: the screen hands it lines and
the index of the line to keep visible; the panel shows the window that fits its height.
Drawing whole lines ourselves is faster than mounting a widget per card.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ..render import styled
from .one_layout import OneLayoutWidget

Lines = Callable[[int], tuple[list[Text], int]]  # width -> (lines, line to keep visible)


def follow_theme(widget: Widget, redo: Callable[[], None]) -> None:
    """Call `redo` after every change of theme: the widget keeps Rich text whose `$names`
    were resolved to the old theme's colours (mtg_tui.colours)."""
    widget.app.theme_changed_signal.subscribe(widget, lambda _theme: redo())


def same_inputs(a: tuple[object, ...] | None, b: tuple[object, ...] | None) -> bool:
    """Whether two panels' inputs are the same: lists (the board's zones, rebuilt once per
    decision) by identity, anything else by value."""
    if a is None or b is None or len(a) != len(b):
        return False
    return all(x is y or (not isinstance(x, list) and x == y) for x, y in zip(a, b, strict=True))


class ZonePanel(OneLayoutWidget):
    """A panel of lines built for the panel's current width.  It repaints only when what
    it shows changed: a key press that moves the selection in one zone repaints that zone,
    not the whole screen."""

    DEFAULT_CLASSES = "zone"

    def __init__(self, title: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = title
        self._build: Lines = lambda width: ([], 0)
        self._built: tuple[int, list[Text], int] = (-1, [], 0)
        self._inputs: tuple[object, ...] | None = None

    def show(self, build: Lines, title: str | None = None, active: bool | None = None,
             inputs: tuple[object, ...] | None = None) -> None:
        """Show the lines `build` makes for the panel's width.  `inputs`, what the lines are
        made of: when they are the same as last time (`same_inputs`), the lines are not built
        again (a key press that moves the selection elsewhere costs this panel nothing)."""
        if title is not None and title != self.border_title:
            self.border_title = title
        if active is not None:
            self.set_class(active, "-active")
        width = self.content_size.width
        unchanged = width > 0 and width == self._built[0] and same_inputs(inputs, self._inputs)
        self._inputs = inputs
        if unchanged:
            return
        self._build = build
        if width <= 0:
            self._built = (-1, [], 0)
            self.refresh(layout=self._auto_height())
            return
        painted = self._built[0] != -1  # else not painted since it had no size: its first paint comes
        lines, keep = build(width)
        if (width, lines, keep) != self._built:
            # a panel whose height follows its lines (the stack) is laid out again when their number changes
            relayout = len(lines) != len(self._built[1]) and self._auto_height()
            self._built = (width, lines, keep)
            if painted:  # (a refresh now would paint the board shown from behind a cover twice)
                self.refresh(layout=relayout)

    def on_mount(self) -> None:
        follow_theme(self, self._rebuild)

    def _rebuild(self) -> None:
        self._built = (-1, [], 0)
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The number of lines at `width` (for a panel whose height follows them)."""
        if width <= 0:
            return 1
        if self._built[0] != width:
            lines, keep = self._build(width)
            self._built = (width, lines, keep)
        return max(len(self._built[1]), 1)

    def _auto_height(self) -> bool:
        return self.styles.height is not None and self.styles.height.is_auto

    def render(self) -> Text:
        width = max(self.content_size.width, 1)
        height = max(self.content_size.height, 1)
        if self._built[0] != width:
            lines, keep = self._build(width)
            self._built = (width, lines, keep)
        _, lines, keep = self._built
        lines = scroll_window(lines, height, keep)
        return Text("\n").join(lines) if lines else Text("")


def scroll_window(lines: list[Text], height: int, keep: int) -> list[Text]:
    """The `height` lines of `lines` to show with line `keep` in view (centred where it can
    be), "▲ more" / "▼ more" in place of the first / last when lines are cut off there."""
    if len(lines) <= height:
        return lines
    top = min(max(keep - height // 2, 0), len(lines) - height)
    window = lines[top:top + height]
    if top > 0:
        window[0] = styled("  ▲ more", "dim")
    if top + height < len(lines):
        window[-1] = styled("  ▼ more", "dim")
    return window
