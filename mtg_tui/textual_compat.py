"""Every use of Textual's private names, in one place.

Textual is pinned exactly (pyproject.toml); a few things the client needs have no public API
in that version.  They live here, each behind a small public function or class, so upgrading
Textual means checking this module (and tests/tui/test_textual_compat.py, which fails if a
name moved or its signature changed) and nothing else; a test keeps these names out of every
other module of the client.

- `bindings_of(node)`: the bindings a screen or the app declares (the help screen lists them).
- `action_state(app, action, node)`: whether an action is enabled, disabled or hidden there,
  as the Footer decides it (the help greys what can't be done now).
- `NoRelayoutWidget`: a widget whose change of size doesn't ask for a second layout of the
  screen (mtg_tui/widgets/one_layout.py says why).
- `CrashHookApp`: an app whose unexpected errors pass through `crash_report` before Textual
  shows them and exits (the autosave and crash log: mtg_tui/app.py).
- `InOrderInput`: an Input whose editing keys act in order with the letters typed around
  them (Textual issue 6605, open in the pinned version).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input

# the private names used below, for the test that checks them against the installed Textual
PRIVATE_NAMES = {"_bindings": DOMNode, "_check_action_state": App, "_size_updated": Widget,
                 "_handle_exception": App, "_on_key": Input}


def bindings_of(node: DOMNode) -> Iterable[tuple[str, Binding]]:
    """(key, binding) for each binding `node` declares (its own, not its ancestors')."""
    return node._bindings


def action_state(app: App[object], action: str, node: DOMNode) -> bool | None:
    """True if `action` can run on `node` now, False if it shows greyed, None if hidden."""
    return app._check_action_state(action, node)


class NoRelayoutWidget(Widget):
    """A widget that doesn't scroll: its virtual size is stored without asking for a layout of
    the screen when its size changes."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class CrashHookApp(App[None]):
    """An app that turns an unexpected error into `crash_report(error)` before Textual's own
    handler shows it and exits with status 1."""

    def crash_report(self, error: Exception) -> Exception:
        """What Textual shows for `error`: the error itself unless a subclass says otherwise."""
        return error

    def _handle_exception(self, error: Exception) -> None:
        super()._handle_exception(self.crash_report(error))


class InOrderInput(Input):
    """An Input whose own editing keys (Backspace, Delete, the arrows, Home, End, Ctrl+K, Enter)
    act in the order they were typed.  Textual's Input inserts a letter as its key arrives but
    lets a bound key travel up to the app and back before its action runs, so keys that come
    in one burst (a fast typist, keys pasted by tmux or a browser page) land out of order:
    "abc", Backspace, "d" gave "abcd", not "abd".  Here the input's own bindings for a key run
    as the key arrives; every other key goes the usual way."""

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, []):
                # an action that doesn't apply here (scrolling an input that can't) lets the
                # key go on to the screen's bindings, as Textual's own dispatch does
                if not binding.priority and await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()  # (Textual calls each class's _on_key in turn: not Input's now)
                    return
