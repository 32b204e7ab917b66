"""A player named by a spec, for tournaments that measure the players against each other:
`LEVEL`, or for a searching level `LEVEL@BUDGET` (playouts per searched decision) and
`LEVEL+peek` (it searches the real hidden cards instead of dealing them again: a player that
cheats, to measure what not seeing them costs), or both (`hard@48+peek`)."""

from __future__ import annotations

from dataclasses import dataclass

from .base import Player
from .levels import BUDGETS, LEVELS, UnknownLevel, make_player, searches
from .search import SearchPlayer


@dataclass(frozen=True)
class PlayerSpec:
    """A level, and for a searching level its budget (None: the level's) and `peek`."""

    level: str
    budget: int | None = None
    peek: bool = False

    def __str__(self) -> str:
        return self.level + (f"@{self.budget}" if self.budget is not None else "") + ("+peek" if self.peek else "")

    @property
    def searches(self) -> bool:
        return searches(self.level)

    def with_budget(self, budget: int | None) -> PlayerSpec:
        """This spec with `budget` when it searches and names no budget of its own."""
        if budget is None or not self.searches or self.budget is not None:
            return self
        return PlayerSpec(self.level, budget, self.peek)


def parse_spec(text: str) -> PlayerSpec:
    """The spec a text names; UnknownLevel (a ValueError) says what is wrong with it."""
    rest = text.strip()
    peek = rest.endswith("+peek")
    if peek:
        rest = rest[: -len("+peek")]
    level, at, budget_text = rest.partition("@")
    if level not in LEVELS:
        raise UnknownLevel(f"no computer player {level!r}: the levels are {', '.join(LEVELS)}")
    if (at or peek) and level not in BUDGETS:
        raise UnknownLevel(f"{text!r}: only a searching level ({', '.join(BUDGETS)}) takes a budget (@N) or +peek")
    budget = None
    if at:
        if not budget_text.isdigit() or int(budget_text) < 1:
            raise UnknownLevel(f"{text!r}: the budget after @ is a number of playouts, 1 or more")
        budget = int(budget_text)
    return PlayerSpec(level, budget, peek)


def spec_player(spec: PlayerSpec | str, seat: str, seed: int = 0) -> Player:
    """The player a spec names, for `seat`."""
    s = parse_spec(spec) if isinstance(spec, str) else spec
    if not s.searches:
        return make_player(s.level, seat, seed)
    return SearchPlayer(seat, seed, budget=s.budget if s.budget is not None else BUDGETS[s.level], peek=s.peek)
