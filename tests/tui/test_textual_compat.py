"""Textual's private names live in one module (mtg_tui/textual_compat.py, issue 27): these
tests fail on a Textual upgrade that moved or changed one of them, and on a client module
that reaches for one outside that home."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

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
