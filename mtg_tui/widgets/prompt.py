"""The prompt: what the engine is asking and which keys answer it, plus the last refusal."""

from __future__ import annotations

from rich.text import Text

from ..grouping import scrub
from ..render import scrub_text, styled
from .one_layout import OneLayoutWidget
from .zone import follow_theme


def rows(t: Text, width: int) -> int:
    """How many terminal rows `t` takes at `width` (roughly: Rich wraps at spaces)."""
    return sum(max(1, -(-len(line) // max(width, 1))) for line in t.plain.split("\n"))


class PromptLine(OneLayoutWidget):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text("")
        self._last: tuple[str, str | Text, str, Text | None, Text | None] | None = None

    def on_mount(self) -> None:
        follow_theme(self, self.set_again)

    def set_again(self) -> None:
        """The last line again, its colours resolved in the theme now in use."""
        if self._last is not None:
            self.set(*self._last)

    def set(self, who: str, ask: str | Text, keys: str, message: Text | None = None, extra: Text | None = None) -> None:
        """`ask`: plain (drawn bold) or styled text (a progress bar)."""
        self._last = (who, ask, keys, message, extra)
        t = styled(f"{who}: ", "bold $text-warning") + (styled(scrub(ask), "bold") if isinstance(ask, str)
                                                         else scrub_text(ask))
        if extra is not None and extra.cell_len:
            t += Text("\n") + scrub_text(extra)
        if message is not None and message.cell_len:
            t += Text("\n") + scrub_text(message)
        if keys:  # the game screen's keys are in its Footer: only what the Footer can't say comes here
            t += Text("\n") + styled(keys, "dim")
        if t == self._text:
            return
        width = self.content_size.width
        relayout = not width or rows(t, width) != rows(self._text, width)
        self._text = t
        self.refresh(layout=relayout)  # the whole screen is laid out again only if the height changes

    def render(self) -> Text:
        return self._text
