"""The `:` command bar: type an action in notation (`cast Lightning Bolt targeting bob`);
Tab completes card names, player names and verbs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from textual.binding import Binding

from ..textual_compat import InOrderInput

VERBS = ("pass", "play", "cast", "activate", "attack", "block", "order", "assign", "choose", "yes", "no",
         "target", "discard", "keep", "mulligan", "concede", "manual")
CLAUSES = ("targeting", "paying", "ability", "for")  # words that follow the first name after a verb


def complete(text: str, names: Iterable[str], players: Iterable[str] = ()) -> tuple[str, list[str]]:
    """Complete the end of `text`: the action's first word against the verbs (after an
    optional `player: `), the word after the verb against `names` (cards and players) and
    `none`, any later word against the names and the clause words.  Names may contain spaces:
    the longest tail that starts one is extended.  Returns the new text and, when the
    completion is ambiguous, the matching candidates."""
    players = list(players)
    head = 0
    for p in players:
        if text.lower().startswith(p.lower() + ":"):
            head = len(p) + 1
            head += len(text[head:]) - len(text[head:].lstrip())
            break
    if " " not in text[head:]:  # still typing the verb (or, first, who acts: "alice:")
        return _complete_tail(text, [(head, [*VERBS, *(f"{p}:" for p in players if not head)])])
    names = list(names)
    verb_end = text.index(" ", head) + 1
    later = [i + 1 for i, ch in enumerate(text) if ch in " ,:>" and i + 1 > verb_end]
    return _complete_tail(text, [(verb_end, [*names, "none"])] + [(i, [*names, *CLAUSES]) for i in later])


def _complete_tail(text: str, tails: list[tuple[int, list[str]]]) -> tuple[str, list[str]]:
    """Extend the longest tail of `text` (from each start, in order) that begins a candidate."""
    for start, candidates in tails:
        cands = sorted(set(candidates), key=str.lower)
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


class CommandBar(InOrderInput):
    BINDINGS = [Binding("tab", "complete", "complete", show=False, priority=True)]

    def __init__(self, names: Callable[[], Iterable[str]], players: Callable[[], Iterable[str]] = tuple, *,
                 id: str | None = None) -> None:
        super().__init__(placeholder="action notation, e.g. cast Lightning Bolt targeting bob — Tab completes, "
                                     "Esc closes", id=id)
        self._names = names
        self._players = players
        self.last_matches: list[str] = []
        self.can_focus = False  # only while open: a hidden bar must never take the keys

    def action_complete(self) -> None:
        new, matches = complete(self.value, self._names(), self._players())
        self.last_matches = matches
        self.value = new
        self.cursor_position = len(new)
        if matches:
            self.notify(", ".join(matches[:12]) + (" …" if len(matches) > 12 else ""), title="completions",
                        timeout=4)
