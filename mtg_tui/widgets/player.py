"""One line per player: life, poison, zone counts, mana pool, who has priority."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from rules.engine.api.view_types import PlayerView

from ..render import player_line
from .one_layout import OneLayoutWidget
from .zone import follow_theme


class PlayerPanel(OneLayoutWidget):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text("")
        self._short = Text("")
        self._last: tuple[PlayerView, dict[str, Any]] | None = None

    def on_mount(self) -> None:
        follow_theme(self, self.set_again)

    def set_again(self) -> None:
        """The last line again, its colours resolved in the theme now in use."""
        if self._last is not None:
            self.set(self._last[0], **self._last[1])

    def set(self, p: PlayerView, *, active: bool, priority: bool, label: str | None = None,
            selected: bool = False, mark: bool = False) -> None:
        self._last = (p, {"active": active, "priority": priority, "label": label, "selected": selected,
                          "mark": mark})
        text = player_line(p, active=active, priority=priority, label=label, selected=selected, mark=mark)
        if text != self._text:
            self._text = text
            self._short = player_line(p, active=active, priority=priority, label=label, selected=selected,
                                      mark=mark, short=True)
            self.refresh()

    def render(self) -> Text:
        """The line, in its short words when the full one doesn't fit (100 columns)."""
        width = self.content_size.width
        return self._short if width and self._text.cell_len > width else self._text
