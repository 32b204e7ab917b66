"""The card detail panel: everything about the selected card."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from rules.cards.card_files import Ruling
from rules.engine.api.view_types import CardView

from ..grouping import CardFacts
from ..render import card_detail, rulings_text
from .one_layout import OneLayoutWidget
from .zone import follow_theme

Rulings = list[tuple[str, list[Ruling]]]


class CardDetail(OneLayoutWidget):
    """The selected card, and under it the official rulings kept from the player's imported
    files, as many as the panel's height holds (it doesn't scroll): their count is always on the
    panel's bottom border, even when the card's text fills the panel."""

    DEFAULT_CLASSES = "zone"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "card"
        self._text = Text("")
        self._rulings: Rulings = []
        self._last: tuple[CardView | CardFacts | None, list[str], Rulings] = (None, [], [])

    def on_mount(self) -> None:
        follow_theme(self, lambda: self.set(*self._last))

    def set(self, card: CardView | CardFacts | None, extra: Iterable[str] = (),
            rulings: Iterable[tuple[str, list[Ruling]]] = ()) -> None:
        extra, rulings = list(extra), list(rulings)
        self._last = (card, extra, rulings)
        text = card_detail(card, extra)
        if text != self._text or rulings != self._rulings:
            self._text, self._rulings = text, rulings
            count = sum(len(items) for _, items in rulings)
            self.border_subtitle = f"{count} ruling{'s' if count != 1 else ''}" if count else ""
            self.refresh()

    def render(self) -> Text:
        if not self._rulings:
            return self._text
        width = max(self.content_size.width, 1)
        used = len(self._text.wrap(self.app.console, width))
        return self._text + rulings_text(self._rulings, self.content_size.height - used, width, self.app.console)
