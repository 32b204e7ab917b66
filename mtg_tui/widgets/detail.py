"""The card detail panel: everything about the selected card."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widget import Widget

from ..render import card_detail


class CardDetail(Widget):
    DEFAULT_CLASSES = "zone"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "card"
        self._text = Text("")

    def set(self, card: dict | None, extra: Iterable[str] = ()) -> None:
        text = card_detail(card, extra)
        if text != self._text:
            self._text = text
            self.refresh()

    def render(self) -> Text:
        return self._text
