"""The game screen's Footer: the keys that work now, drawn as one line of text.

Textual's Footer mounts a widget per key and composes itself again whenever the set of keys
changes; on the game screen that set changes with the zone, the decision and the picker
(Enter plays, confirms, toggles a stop or opens a rule), and composing cost 35-55 ms of a key
press.  This bar shows the same thing, from the same bindings (`show`, `check_action`: hidden
keys left out, disabled ones dim), redrawn as one line in the key's own frame.  As in the
Footer, the command palette's key (`^p commands`) is on the right.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.screen import Screen

from ..render import styled
from .one_layout import OneLayoutWidget


class KeyBar(OneLayoutWidget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    _shown: tuple[list[Text], Text] | None = None  # the keys, and the palette's key on the right

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen is self.screen:
            self.redraw()

    def line(self) -> Text:
        """One "key description" pair per shown binding of the screen, disabled ones dim."""
        return Text().join(self.pairs())

    def pairs(self) -> list[Text]:
        """The "key description " of each shown binding of the screen, disabled ones dim."""
        out: list[Text] = []
        seen: set[str] = set()
        for _key, (_node, binding, enabled, _tooltip) in self.screen.active_bindings.items():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = binding.key_display or self.app.get_key_display(binding)
            out.append(styled(key, "bold $text-accent" if enabled else "dim")
                       + styled(f" {binding.description} ", "" if enabled else "dim"))
        return out

    def palette_key(self) -> Text:
        """The command palette's key, as the Footer names it on its right ("^p commands"):
        where the app has a palette, dim while the screen disables it."""
        app = self.app
        if not app.ENABLE_COMMAND_PALETTE:
            return Text()
        active = self.screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
        if active is None:
            return Text()
        _node, binding, enabled, _tooltip = active
        key = binding.key_display or app.get_key_display(binding)
        return styled(key, "bold $text-accent" if enabled else "dim") + styled(" commands ", "" if enabled else "dim")

    def redraw(self) -> None:
        """Draw the line when it changed: the game screen redraws it in the key's frame, and the
        bindings signal that follows would otherwise paint the same line again."""
        shown = (self.pairs(), self.palette_key())
        if shown != self._shown:
            self._shown = shown
            self.refresh()  # one line, always: a repaint, never a layout of the screen

    def render(self) -> Text:
        """The keys on the left, the palette's key on the right where the keys leave room for it:
        the screen's own keys come first (`?` lists Ctrl+P too)."""
        if self._shown is None:
            return Text()
        pairs, palette = self._shown
        keys = Text().join(pairs)
        room = self.size.width - keys.cell_len - palette.cell_len
        if room < 1:
            return keys
        return keys + Text(" " * room) + palette
