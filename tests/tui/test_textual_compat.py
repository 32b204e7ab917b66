"""Textual's private names live in one module (mtg_tui/textual_compat.py, issue 27): these
tests fail on a Textual upgrade that moved or changed one of them, and on a client module
that reaches for one outside that home."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from textual.app import App
from textual.binding import Binding

import mtg_tui
from mtg_tui import textual_compat
from mtg_tui.textual_compat import PRIVATE_NAMES, action_state, bindings_of

# the signature each private method is called with in textual_compat
SIGNATURES = {"_check_action_state": ["self", "action", "default_namespace"],
              "_size_updated": ["self", "size", "virtual_size", "container_size", "layout"],
              "_handle_exception": ["self", "error"]}


def test_each_private_name_is_where_the_compat_module_expects_it() -> None:
    for name, owner in PRIVATE_NAMES.items():
        if name in SIGNATURES:
            assert list(inspect.signature(getattr(owner, name)).parameters) == SIGNATURES[name], name
    app = App[None]()
    pairs = list(bindings_of(app))
    assert pairs and all(isinstance(k, str) and isinstance(b, Binding) for k, b in pairs)
    quit_key = next(b for _, b in pairs if b.action == "quit")
    assert action_state(app, quit_key.action, app) is True  # quitting is always possible


def test_no_other_client_module_uses_textuals_private_names() -> None:
    root = Path(mtg_tui.__file__).parent
    home = Path(textual_compat.__file__)
    pattern = re.compile(r"\b(?:def |\.)(" + "|".join(map(re.escape, PRIVATE_NAMES)) + r")\b")
    reach = [f"{path.relative_to(root)}: {m.group(1)}" for path in sorted(root.rglob("*.py")) if path != home
             for m in pattern.finditer(path.read_text(encoding="utf-8"))]
    assert reach == []


@pytest.mark.asyncio
async def test_an_in_order_input_applies_keys_sent_in_one_burst_in_order() -> None:
    """Keys that arrive together (tmux, a browser page, a fast typist) edit in the order sent:
    Textual's own Input let the letters overtake Backspace and the arrows (its issue 6605)."""
    from textual import events
    from textual.app import ComposeResult
    from textual.widgets import Input

    from mtg_tui.textual_compat import InOrderInput

    class Form(App[None]):
        def __init__(self, kind: type[Input]) -> None:
            super().__init__()
            self.kind = kind

        def compose(self) -> ComposeResult:
            yield self.kind(id="field")

    burst = [("a", "a"), ("b", "b"), ("c", "c"), ("backspace", None), ("d", "d"), ("left", None), ("x", "x")]
    for kind, expected in ((InOrderInput, "abxd"), (Input, None)):
        app = Form(kind)
        async with app.run_test() as pilot:
            field = app.query_one("#field", Input)
            field.focus()
            await pilot.pause()
            for key, character in burst:  # posted without waiting in between
                app.post_message(events.Key(key, character))
            await pilot.pause()
            if expected is not None:
                assert field.value == expected
            else:  # the reason for InOrderInput; if Textual fixes it, this says so
                assert field.value != "abxd"
