"""Widgets whose change of size costs one layout of the screen, not two.

When a widget's size changes, Textual 8.2 stores its new virtual size through a reactive
that asks for another layout of the whole screen; that layout runs a frame later and paints
the screen again though nothing moves.  On the game screen most actions change a panel's
height (the prompt gains a line, the hand loses a card, the battlefields share the height
anew), and the second layout was 20-25 ms of the key press (`mtg-tui bench`).  These widgets
never scroll: their virtual size is their size and nothing watches it, so it is stored
without asking for a layout (`textual_compat.NoRelayoutWidget`, the one home of Textual's
private names; tests/tui/test_one_layout.py checks that an action is drawn in one layout).
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical

from ..textual_compat import NoRelayoutWidget


class OneLayoutWidget(NoRelayoutWidget):
    """A widget that doesn't scroll, laid out once when its size changes."""


class Row(Horizontal, OneLayoutWidget):
    """Children side by side, laid out once when its size changes (Horizontal first: Textual
    matches CSS type names along the first base)."""


class Column(Vertical, OneLayoutWidget):
    """Children one above the other (a Vertical), laid out once when its size changes."""
