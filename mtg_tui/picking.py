"""Selection mode: a letter on each legal choice, so one key picks it.

Three pickers share the shape the game screen drives: `labels` (letter -> choice, for the
board to draw), `press(choice)`, `prompt`, and `answer()` (the action once complete).
They never decide legality: their choices come from the engine's decision data and
`rules.play.assist`, and the engine checks the finished answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.engine.core import actions as A
from rules.play.assist import TargetChoice

# h/j/k/l move and q quits, so they never label a choice
LETTERS = "abcdefgimnoprstuvwxyzABCDEFGIMNOPRSTUVWXYZ"


def assign_labels(choices: list[Any]) -> dict[str, Any]:
    """Letters for choices in the order the board shows them (first come, first lettered)."""
    out: dict[str, Any] = {}
    seen: set[Any] = set()
    for c in choices:
        if c in seen:
            continue
        seen.add(c)
        if len(out) == len(LETTERS):
            break
        out[LETTERS[len(out)]] = c
    return out


class Picker:
    """Base: what the board needs to draw a selection mode."""

    @property
    def prompt(self) -> str:
        """What is being chosen, and what is chosen so far."""
        return ""

    @property
    def choices(self) -> list[Any]:
        """What can be chosen now (the board labels each with a letter)."""
        return []

    def press(self, choice: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def complete(self) -> bool:
        return False

    def answer(self) -> A.Action | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def notes(self) -> dict[Any, str]:
        """Annotations for the board (an attacker's defender, a blocker's attacker)."""
        return {}


@dataclass
class TargetPicker(Picker):
    """Targets, one phrase at a time; finishes into `make(targets)`."""

    specs: list[TargetChoice]
    make: Callable[[tuple[Any, ...]], A.Action]
    title: str = ""
    name_of: Callable[[Any], str] = str
    chosen: list[list[Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.chosen:
            self.chosen = [[]]
        self._skip_empty()

    @property
    def spec_index(self) -> int:
        return len(self.chosen) - 1

    @property
    def spec(self) -> TargetChoice | None:
        return self.specs[self.spec_index] if self.spec_index < len(self.specs) else None

    @property
    def choices(self) -> list[Any]:
        s = self.spec
        if s is None:
            return []
        return [o for o in s.options if o not in self.chosen[-1]]

    @property
    def prompt(self) -> str:
        s = self.spec
        if s is None:
            return f"{self.title}: targets chosen"
        have = self.chosen[-1]
        left = s.count - len(have)
        got = f" (chosen: {', '.join(self.name_of(x) for x in have)})" if have else ""
        more = f" — up to {left} more" if s.up_to and s.count > 1 else (f" — {left} more" if s.count > 1 else "")
        finish = "; Enter: done" if s.up_to and len(have) >= s.fewest else ""
        return f"{self.title}: choose {s.text}{more}{got}{finish}"

    def press(self, choice: Any) -> None:
        s = self.spec
        if s is None or choice not in s.options or choice in self.chosen[-1]:
            return
        self.chosen[-1].append(choice)
        if len(self.chosen[-1]) >= s.count:
            self.chosen.append([])
            self._skip_empty()

    def finish_spec(self) -> None:
        """Enter on an "up to N" phrase: stop choosing for it."""
        s = self.spec
        if s is not None and ((s.up_to and len(self.chosen[-1]) >= s.fewest) or len(self.chosen[-1]) >= s.count):
            self.chosen.append([])
            self._skip_empty()

    def _skip_empty(self) -> None:
        while self.spec is not None and self.spec.up_to and not self.spec.options:
            self.chosen.append([])

    def complete(self) -> bool:
        return self.spec is None

    def answer(self) -> A.Action | None:
        if not self.complete():
            return None
        return self.make(tuple(t for part in self.chosen for t in part))


@dataclass
class AttackPicker(Picker):
    """Attackers: each letter cycles its creature through not attacking -> each defender."""

    player: str
    able: list[int]
    defenders: list[Any]
    name_of: Callable[[Any], str] = str
    plan: dict[int, Any] = field(default_factory=dict)

    @property
    def choices(self) -> list[Any]:
        return list(self.able)

    @property
    def prompt(self) -> str:
        n = len(self.plan)
        chosen = f"{n} attacker{'s' if n != 1 else ''}" if n else "no attackers"
        cycle = " (press again to change whom it attacks)" if len(self.defenders) > 1 else ""
        return f"declare attackers: press a creature's letter to toggle it{cycle}; Enter: attack with {chosen}"

    def press(self, choice: Any) -> None:
        if choice not in self.able:
            return
        order = [None] + list(self.defenders)
        now = self.plan.get(choice)
        nxt = order[(order.index(now) + 1) % len(order)]
        if nxt is None:
            self.plan.pop(choice, None)
        else:
            self.plan[choice] = nxt

    def complete(self) -> bool:
        return True

    def answer(self) -> A.Action:
        return A.DeclareAttackers(self.player, tuple((a, d) for a, d in self.plan.items()))

    def notes(self) -> dict[Any, str]:
        return {a: f"attacks {self.name_of(d)}" for a, d in self.plan.items()}


@dataclass
class BlockPicker(Picker):
    """Blockers: press a blocker's letter, then the letter of the attacker it blocks (the
    same pair again removes it)."""

    player: str
    options: dict[int, list[int]]  # blocker -> attackers it may block
    name_of: Callable[[Any], str] = str
    pairs: list[tuple[int, int]] = field(default_factory=list)
    pending: int | None = None

    @property
    def choices(self) -> list[Any]:
        if self.pending is not None:
            return list(self.options.get(self.pending, []))
        return [b for b, can in self.options.items() if can]

    @property
    def prompt(self) -> str:
        if self.pending is not None:
            return f"{self.name_of(self.pending)} blocks which attacker? Esc: back"
        n = len(self.pairs)
        chosen = f"{n} block{'s' if n != 1 else ''}" if n else "no blocks"
        return f"declare blockers: press a blocker's letter, then an attacker's; Enter: confirm {chosen}"

    def press(self, choice: Any) -> None:
        if self.pending is None:
            if choice in self.options:
                self.pending = choice
            return
        if choice in self.options.get(self.pending, []):
            pair = (self.pending, choice)
            if pair in self.pairs:
                self.pairs.remove(pair)
            else:
                self.pairs.append(pair)
        self.pending = None

    def back(self) -> bool:
        """Escape: leave a half-made block; False when there was none."""
        if self.pending is None:
            return False
        self.pending = None
        return True

    def complete(self) -> bool:
        return self.pending is None

    def answer(self) -> A.Action:
        return A.DeclareBlockers(self.player, tuple(self.pairs))

    def notes(self) -> dict[Any, str]:
        out: dict[Any, str] = {}
        for b, a in self.pairs:
            out[b] = (out.get(b, "") + f" blocks {self.name_of(a)}").strip()
        if self.pending is not None:
            out[self.pending] = (out.get(self.pending, "") + " …").strip()
        return out


__all__ = ["assign_labels", "Picker", "TargetPicker", "AttackPicker", "BlockPicker", "LETTERS"]
