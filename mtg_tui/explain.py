"""The explaining log: each log line with its rule number, and, with explain on, the
project's one-sentence summary of that rule under it.  Pure functions over log events
(`rules.engine.core.state.LogEvent`), so the look is tested without a terminal."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from rules.reference.index import rules_index

from .render import log_line, styled, wrap_line

INDENT = 13  # log_line puts the text after "T12  704.5g "


def rule_summary(rule: str, era: str) -> str | None:
    """The one-sentence summary of a rule number the engine cites (None when it has none)."""
    if not rule:
        return None
    return rules_index().rule_summary(rule, era)


def explained_lines(entries: list[Any], era: str, *, selected: int | None, width: int,
                    explain: bool) -> tuple[list[Text], int]:
    """The log panel's lines for `width`, and the line to keep in view (the selection, or
    the newest line)."""
    lines: list[Text] = []
    keep = 0
    for i, e in enumerate(entries):
        if i == selected:
            keep = len(lines)
        lines += wrap_line(log_line(e, selected=(i == selected)), width, indent=INDENT)
        if explain:
            summary = rule_summary(e.rule, era)
            if summary:
                lines += wrap_line(styled(" " * INDENT + "↳ " + summary, "italic dim"), width, indent=INDENT + 2)
    if selected is None:
        keep = len(lines) - 1
    return lines or [styled("nothing yet", "dim")], max(keep, 0)


def log_title(folded: bool) -> str:
    """The explained log's title (the plain log keeps the game screen's own)."""
    return "log, explained (L)" + (" · f: all" if folded else " · f: fold")
