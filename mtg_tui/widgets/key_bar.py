"""The game screen's Footer: the keys that work now, drawn as one line of text.

Textual's Footer mounts a widget per key and composes itself again whenever the set of keys
changes; on the game screen that set changes with the zone, the decision and the picker
(Enter plays, confirms, toggles a stop or opens a rule), and composing cost 35-55 ms of a key
press.  This bar shows the same thing, from the same bindings (`show`, `check_action`: hidden
keys left out, disabled ones dim), redrawn as one line in the key's own frame.
"""

from __future__ import annotations

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

    _shown: Text | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen:
            self.redraw()

    def line(self) -> Text:
        """One "key description" pair per shown binding of the screen, disabled ones dim."""
        out = Text()
        seen: set[str] = set()
        for _key, (_node, binding, enabled, _tooltip) in self.screen.active_bindings.items():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = binding.key_display or self.app.get_key_display(binding)
            out += styled(key, "bold $text-accent" if enabled else "dim")
            out += styled(f" {binding.description} ", "" if enabled else "dim")
        return out

    def redraw(self) -> None:
        """Draw the line when it changed: the game screen redraws it in the key's frame, and the
        bindings signal that follows would otherwise paint the same line again."""
        line = self.line()
        if line != self._shown:
            self._shown = line
            self.refresh()  # one line, always: a repaint, never a layout of the screen

    def render(self) -> Text:
        return self._shown or Text()
