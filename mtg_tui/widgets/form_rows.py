"""Rows the client's forms share (the new game's and the gauntlet's): a labelled field, and
the computer's level and the ruleset as choices, so both forms offer the same ones."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Select, Static

from rules.engine.core.ruleset import RULESETS
from rules.play.players import DEFAULT_LEVEL, LEVELS, described


def form_row(label: str, field: Widget) -> Horizontal:
    """`field` with its label before it, one row of a form."""
    return Horizontal(Static(label, classes="label"), field, classes="row")


def level_select() -> Select[str]:
    """The computer player's level (`#level`), the default level chosen."""
    return Select([(described(level), level) for level in LEVELS], value=DEFAULT_LEVEL, allow_blank=False,
                  id="level")


def ruleset_select() -> Select[str]:
    """The ruleset (`#ruleset`), 2014 chosen."""
    return Select([(r, r) for r in RULESETS], value="2014", allow_blank=False, id="ruleset")
