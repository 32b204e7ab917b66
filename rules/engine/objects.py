"""Game objects, players and stack items: the nouns of the game state (2014: 109, 110, 400)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Optional

from ..cards.model import Ability, CardDef

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile")


@dataclass
class Obj:
    """A card or token in one zone.  Moving to another zone makes a new Obj with a new id
    (400.7); `card_no` stays with the physical card so "Name#2" keeps meaning the same card."""

    id: int
    card: CardDef
    owner: str
    controller: str
    zone: str
    card_no: int = 1
    token: bool = False
    tapped: bool = False
    since_turn: int = -1  # the turn it came under its controller's control (302.6 / 212.3f)
    damage: int = 0
    deathtouched: bool = False  # dealt damage by a deathtouch source since the last SBA check
    regen_shields: int = 0  # regeneration shields, which last until the cleanup step
    counters: Counter = field(default_factory=Counter)
    attached_to: Optional[int | str] = None
    timestamp: int = 0
    # combat
    attacking: Optional[int | str] = None  # the player or planeswalker it attacks
    blocking: list[int] = field(default_factory=list)
    blocked: bool = False
    blockers_order: list[int] = field(default_factory=list)
    # abilities activated this turn, by index (loyalty: once per turn)
    activated_this_turn: int = 0
    loyalty_activated: int = 0

    @property
    def name(self) -> str:
        return self.card.name


@dataclass
class Characteristics:
    """An object's characteristics after continuous effects (613 / 418.5)."""

    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    power: Optional[int]
    toughness: Optional[int]
    abilities: list[Ability]
    keywords: frozenset[str]
    restrictions: frozenset[str]

    def is_type(self, t: str) -> bool:
        return t in self.types


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    library: list[int] = field(default_factory=list)  # top card first
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)  # top card first
    exile: list[int] = field(default_factory=list)
    pool: Counter = field(default_factory=Counter)
    lands_played: int = 0
    last_turn: int = -1  # the number of this player's most recent turn (302.6 / 212.3f); -1: none yet
    drew_from_empty: bool = False
    lost: bool = False
    conceded: bool = False
    mulligans: int = 0
    goldfish: bool = False  # a do-nothing opponent: no library, never loses by drawing

    def zone(self, name: str) -> list[int]:
        return getattr(self, name)


@dataclass
class StackItem:
    """A spell, an ability or (2009) combat damage on the stack."""

    id: int
    kind: str  # "spell", "ability", "trigger", "combat_damage"
    controller: str
    source_id: int  # the card (spell) or the source permanent (abilities)
    source_name: str
    ability: Optional[Ability] = None
    targets: list[Any] = field(default_factory=list)  # player names or object ids
    x: int = 0
    modes: tuple[int, ...] = ()
    data: dict = field(default_factory=dict)  # trigger event details, combat damage assignment
    text: str = ""

    @property
    def name(self) -> str:
        return self.source_name
