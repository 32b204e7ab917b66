"""What a card is to the engine: its printed facts plus the abilities compiled from its text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .mana import ManaCost

CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Tribal")
SUPERTYPES = ("Basic", "Legendary", "Snow", "World")


@dataclass(frozen=True)
class TypeLine:
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "TypeLine":
        """Parse "Legendary Creature — Goblin Warrior" (em dash or "--")."""
        left, _, right = text.replace(" -- ", " — ").replace(" - ", " — ").partition("—")
        words = left.split()
        sup = tuple(w for w in words if w in SUPERTYPES)
        typ = tuple(w for w in words if w in CARD_TYPES)
        unknown = [w for w in words if w not in SUPERTYPES and w not in CARD_TYPES]
        if unknown or not typ:
            raise ValueError(f"malformed type line {text!r}")
        return cls(sup, typ, tuple(right.split()))

    def __str__(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


# ---------------------------------------------------------------- abilities
# Effects are generator functions `effect(game, ctx)`: they may yield decisions (a "may",
# a choice of cards) and are driven by the engine's loop.  A Targets spec describes what
# an ability targets, in order.

@dataclass(frozen=True)
class TargetSpec:
    """One "target ..." phrase: what it may be, and how many of it."""

    # "creature", "player", "any" (a creature or a player: in these rules a planeswalker is
    # never "any target"; damage to a player may be redirected to one instead), "spell",
    # "permanent", "card_graveyard", "land", "player_or_planeswalker", ...
    kind: str
    text: str  # the phrase, for prompts ("target nonblack creature")
    filter: Callable[..., bool] | None = None  # (game, candidate, ctx_controller, source) -> bool
    count: int = 1
    up_to: bool = False


@dataclass
class Cost:
    """An activation cost beyond mana: tap, sacrifice this, loyalty, life."""

    mana: Optional[ManaCost] = None
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    sacrifice: Optional[tuple[str, Callable[..., bool]]] = None  # "Sacrifice a Goblin": (what, test)
    loyalty: Optional[int] = None
    loyalty_x: bool = False  # "-X": remove X loyalty, X chosen on activation
    life: int = 0
    text: str = ""


@dataclass
class Ability:
    """Base of every ability; `text` is the Oracle sentence(s) it came from."""

    text: str


@dataclass
class KeywordAbility(Ability):
    keyword: str = ""  # lower case: "flying", "first strike", "forestwalk", "protection from red"


@dataclass
class SpellAbility(Ability):
    """What an instant or sorcery does when it resolves."""

    effect: Callable[..., Any] = None  # type: ignore[assignment]
    targets: tuple[TargetSpec, ...] = ()
    x_used: bool = False


@dataclass
class ActivatedAbility(Ability):
    cost: Cost = field(default_factory=Cost)
    effect: Callable[..., Any] = None  # type: ignore[assignment]
    targets: tuple[TargetSpec, ...] = ()
    sorcery_speed: bool = False
    is_mana: bool = False
    mana_colors: frozenset[str] = frozenset()  # what one unit may be, for mana abilities
    mana_amount: Callable[..., int] | int = 1
    choose_one: bool = False  # "{B} or {R}" / "any color": one unit of a chosen color


@dataclass
class TriggeredAbility(Ability):
    event: str = ""  # "etb", "etb_other", "dies", "upkeep", "end_step", "attacks", "draw_step", ...
    matches: Callable[..., bool] = None  # type: ignore[assignment]  # (game, event, source) -> bool
    effect: Callable[..., Any] = None  # type: ignore[assignment]
    targets: tuple[TargetSpec, ...] = ()
    optional: bool = False  # "you may": asked on resolution (603.5)
    leaves_battlefield: bool = False  # looks back in time (603.10)


@dataclass
class StaticAbility(Ability):
    """Generates continuous effects while its source is on the battlefield (611.3)."""

    affects: Callable[..., bool] = None  # type: ignore[assignment]  # (game, obj, source) -> bool
    power: int = 0
    toughness: int = 0
    grants: tuple[str, ...] = ()  # keywords granted
    removes: tuple[str, ...] = ()  # keywords removed ("loses flying")
    restriction: Any = ""  # "cant_block", "cant_attack", ... applied to the affected objects
    cda: Callable[..., tuple[int, int]] | None = None  # characteristic-defining P/T
    # "+1/+1 for each ...": (game, affected obj, source) -> (power, toughness), on top of power/toughness
    bonus: Callable[..., tuple[int, int]] | None = None
    # replacement and prevention effects (614 / 419): see rules.replacement
    etb: Callable[..., None] | None = None  # (game, entering obj): "enters the battlefield tapped unless ..."
    prevent: Callable[..., int] | None = None  # (game, src, source, target, amount, combat) -> amount prevented
    graveyard_to_library: bool = False  # "If ~ would be put into a graveyard from anywhere, ... instead"
    # rules of the game for players (2014 613.10 / 2009 418.5k): "no_max_hand_size"
    player_rule: str = ""
    rule_for: str = "you"  # "you" or "opponents"


@dataclass
class CardDef:
    """A card's printed facts and compiled abilities."""

    name: str
    mana_cost: Optional[ManaCost]
    type_line: TypeLine
    text: str = ""
    power: Optional[str] = None
    toughness: Optional[str] = None
    loyalty: Optional[int] = None
    sets: tuple[str, ...] = ()
    abilities: list[Ability] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    colors_override: Optional[frozenset[str]] = None  # tokens: colors named by the effect

    @property
    def supported(self) -> bool:
        return not self.unsupported

    @property
    def status(self) -> str:
        return "supported" if self.supported else "partial"

    @property
    def colors(self) -> frozenset[str]:
        if self.colors_override is not None:
            return self.colors_override
        return self.mana_cost.colors if self.mana_cost else frozenset()

    def is_type(self, t: str) -> bool:
        return t in self.type_line.types

    @property
    def cmc(self) -> int:
        return self.mana_cost.cmc if self.mana_cost else 0
