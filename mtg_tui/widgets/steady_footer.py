"""A Footer that greys and lights its keys in place instead of composing itself again."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    """The Footer, greying keys in place: when the same keys are shown and only which of them
    work now changes (the replay at its start or end; the game screen's cursor moving between
    zones), the keys are greyed or lit where they are instead of the Footer being composed
    again, Textual's way on any change of the bindings (40-50 ms of mounting and laying out,
    on every key press of the game screen, which refreshes its bindings after each)."""

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if not self.grey_in_place(screen):
            super().bindings_changed(screen)  # other keys (or the first time): composed as ever

    def grey_in_place(self, screen: Screen[Any]) -> bool:
        """Grey or light the keys shown as `screen` says now; False when other keys would show."""
        keys = [(k, getattr(k, "key", ""), getattr(k, "action", None)) for k in self.query("FooterKey")
                if getattr(k, "action", None) not in ("command_palette", "app.command_palette")]  # never greyed
        active = screen.active_bindings
        shown = {binding.action for _, binding, _, _ in active.values()
                 if binding.show and binding.action not in ("command_palette", "app.command_palette")}
        if (not keys or not self.is_attached or screen is not self.screen
                or {action for _, _, action in keys} != shown or any(key not in active for _, key, _ in keys)):
            return False
        for k, key, _ in keys:
            k.set_class(not active[key][2], "-disabled")
        return True
