"""Your hand: each card with its cost; cards you can play now in the playable colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from rules.engine.api.view_types import CardView

from ..render import hand_chip, styled, wrap_chips
from .zone import ZonePanel


class HandPanel(ZonePanel):
    def set(self, cards: Sequence[CardView], *, title: str, selected: int | None, playable: set[str],
            labels: dict[Any, str], active: bool, hidden: int = 0) -> None:
        def build(width: int) -> tuple[list[Text], int]:
            if hidden and not cards:
                return [styled(f"{hidden} card{'s' if hidden != 1 else ''} (hidden)", "dim")], 0
            chips = [hand_chip(c, label=labels.get(c.id), selected=(i == selected),
                               playable=c.name in playable, from_zone=c.zone) for i, c in enumerate(cards)]
            if not chips:
                return [styled("no cards", "dim")], 0
            keep = len(wrap_chips(chips[:(selected or 0) + 1], width)) - 1
            return wrap_chips(chips, width), keep
        self.show(build, title, active, inputs=(cards, selected, playable, labels, hidden))
