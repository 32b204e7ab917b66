"""The `:` command bar: type an action in notation (`cast Lightning Bolt targeting bob`);
Tab completes card names, player names and verbs."""

from __future__ import annotations

import os
from typing import Callable, Iterable

from textual.binding import Binding
from textual.widgets import Input

VERBS = ("pass", "play", "cast", "activate", "attack", "block", "order", "assign", "choose", "yes", "no",
         "target", "discard", "keep", "mulligan", "concede", "targeting", "paying", "ability", "none")


def complete(text: str, candidates: Iterable[str]) -> tuple[str, list[str]]:
    """Complete the end of `text` against `candidates` (names may contain spaces): the
    longest tail that starts some candidate is extended; returns the new text and, when
    the completion is ambiguous, the matching candidates."""
    cands = sorted(set(candidates), key=str.lower)
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch in " ,:>"]
    for start in starts:
        frag = text[start:]
        if not frag.strip() or frag != frag.lstrip():
            continue
        matches = [c for c in cands if c.lower().startswith(frag.lower())]
        if not matches:
            continue
        common = os.path.commonprefix([m.lower() for m in matches])
        if len(matches) == 1:
            return text[:start] + matches[0] + " ", []
        done = matches[0][:len(common)] if len(common) > len(frag) else frag
        return text[:start] + done, matches
    return text, []


class CommandBar(Input):
    BINDINGS = [Binding("tab", "complete", "complete", show=False, priority=True)]

    def __init__(self, names: Callable[[], Iterable[str]], *, id: str | None = None) -> None:
        super().__init__(placeholder="action notation, e.g. cast Lightning Bolt targeting bob — Tab completes, "
                                     "Esc closes", id=id)
        self._names = names
        self.last_matches: list[str] = []
        self.can_focus = False  # only while open: a hidden bar must never take the keys

    def action_complete(self) -> None:
        new, matches = complete(self.value, [*VERBS, *self._names()])
        self.last_matches = matches
        self.value = new
        self.cursor_position = len(new)
        if matches:
            self.notify(", ".join(matches[:12]) + (" …" if len(matches) > 12 else ""), title="completions",
                        timeout=4)
