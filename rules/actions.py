"""Actions: the answers players give to decisions.  Each has a text form in action notation
(scenarios.md); `Game.parse` reads it and `Game.notation(action)` writes it.

Objects are referred to by id and players by name, so a recorded action replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

Ref = Union[int, str]  # an object id or a player name


class IllegalAction(Exception):
    """An action the rules forbid.  `rule` is the rule number that forbids it."""

    def __init__(self, message: str, rule: str = ""):
        self.message = message
        self.rule = rule
        super().__init__(f"{message} (rule {rule})" if rule else message)


@dataclass(frozen=True)
class Action:
    player: str


@dataclass(frozen=True)
class Pass(Action):
    pass


@dataclass(frozen=True)
class PlayLand(Action):
    card: int


@dataclass(frozen=True)
class Cast(Action):
    card: int
    targets: tuple[Ref, ...] = ()
    x: Optional[int] = None
    modes: tuple[int, ...] = ()
    paying: Optional[tuple[int, ...]] = None


@dataclass(frozen=True)
class Activate(Action):
    source: int
    index: int = 1
    targets: tuple[Ref, ...] = ()
    x: Optional[int] = None
    paying: Optional[tuple[int, ...]] = None
    color: Optional[str] = None  # for "one mana of any color": which one


@dataclass(frozen=True)
class DeclareAttackers(Action):
    attacks: tuple[tuple[int, Ref], ...] = ()  # (attacker, player or planeswalker)


@dataclass(frozen=True)
class DeclareBlockers(Action):
    blocks: tuple[tuple[int, int], ...] = ()  # (blocker, attacker)


@dataclass(frozen=True)
class Order(Action):
    items: tuple[int, ...] = ()


@dataclass(frozen=True)
class Assign(Action):
    assignments: tuple[tuple[int, Ref], ...] = ()  # (amount, recipient)


@dataclass(frozen=True)
class Choose(Action):
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class YesNo(Action):
    yes: bool = True


@dataclass(frozen=True)
class ChooseTargets(Action):
    targets: tuple[Ref, ...] = ()


@dataclass(frozen=True)
class Discard(Action):
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Keep(Action):
    pass


@dataclass(frozen=True)
class Mulligan(Action):
    pass


@dataclass(frozen=True)
class Concede(Action):
    pass
