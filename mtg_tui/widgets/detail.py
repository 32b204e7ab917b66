"""The card detail panel: everything about the selected card."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from rules.engine.api.view_types import CardView

from ..grouping import CardFacts
from ..render import card_detail
from .one_layout import OneLayoutWidget
from .zone import follow_theme


class CardDetail(OneLayoutWidget):
    DEFAULT_CLASSES = "zone"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "card"
        self._text = Text("")
        self._last: tuple[CardView | CardFacts | None, list[str]] = (None, [])

    def on_mount(self) -> None:
        follow_theme(self, lambda: self.set(*self._last))

    def set(self, card: CardView | CardFacts | None, extra: Iterable[str] = ()) -> None:
        extra = list(extra)
        self._last = (card, extra)
        text = card_detail(card, extra)
        if text != self._text:
            self._text = text
            self.refresh()

    def render(self) -> Text:
        return self._text
