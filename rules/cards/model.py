"""What a card is to the engine: its printed facts plus the abilities compiled from its text."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from .frozen import frozen
from .ir import (
    Affects,
    Amount,
    AnyRestriction,
    Condition,
    ControlAffected,
    DefinePT,
    Effect,
    Fixed,
    LayeredEffect,
    Never,
    Pred,
    ReplacementEffect,
    Restricted,
    RuleForPlayers,
    SacrificeCost,
    StaticEffect,
    TargetSpec,
    TriggerCondition,
    WhileCondition,
)
from .mana import ManaCost

E = TypeVar("E")  # a kind of effect (rules.cards.ir.StaticEffect)

__all__ = ["CARD_TYPES", "SUPERTYPES", "TypeLine", "Cost", "Ability", "KeywordAbility", "EnchantAbility",
           "SpellAbility", "Mode", "ActivatedAbility", "TriggeredAbility", "StaticAbility", "CardDef", "TargetSpec",
           "BASIC_MANA", "basic_land_ability"]

CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Tribal")
SUPERTYPES = ("Basic", "Legendary", "Snow", "World")


@frozen
class TypeLine:
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> TypeLine:
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
# Abilities are data (`rules.cards.ir`): the engine interprets their effects, conditions
# and tests.  `text` is the Oracle sentence(s) each came from.


@frozen
class Cost:
    """An activation cost beyond mana: tap, untap, sacrifice, loyalty, life."""

    mana: ManaCost | None = None
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    sacrifice: SacrificeCost | None = None  # "Sacrifice a Goblin"
    loyalty: int | None = None
    loyalty_x: bool = False  # "-X": remove X loyalty, X chosen on activation
    life: int = 0
    remove_counters: tuple[str, int] | None = None  # "Remove a wish counter from ~": (kind, how many)
    discard_count: int = 0  # "Discard two cards": how many cards of its controller's choice (Zombie Infestation)
    exile_self: bool = False  # "Exile ~" (Brittle Effigy)
    tap_untapped: SacrificeCost | None = None  # "Tap an untapped Spider you control" (Arachnus Spinner)
    tap_count: int = 0  # how many of them: "Tap five untapped Vampires you control"
    text: str = ""
    discard: SacrificeCost | None = None  # "Discard a land card": what, and the card test
    exile_from_graveyard: int = 0  # "Exile two cards from your graveyard" (Grim Lavamancer): how many


@frozen
class Ability:
    """Base of every ability; `text` is the Oracle sentence(s) it came from."""

    text: str

    def __deepcopy__(self, memo: dict[int, object]) -> Ability:
        return self  # immutable: a copied game shares it


@frozen
class KeywordAbility(Ability):
    keyword: str = ""  # an ir.Keyword ("flying", "protection from red"); "enchant creature" for an Aura


@frozen
class EnchantAbility(KeywordAbility):
    """"Enchant creature": what an Aura targets as it is cast and may be attached to."""

    enchant: TargetSpec | None = None


@frozen
class SpellAbility(Ability):
    """What an instant or sorcery does when it resolves."""

    effect: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()


@frozen
class Mode:
    """One mode of a modal ability ("Choose one — • ..."): what it does and targets when chosen
    (2014 700.2 / 2009 409.1b); `text` is its Oracle wording."""

    text: str
    effect: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()


@frozen
class ActivatedAbility(Ability):
    cost: Cost = field(default_factory=Cost)
    effect: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    sorcery_speed: bool = False
    is_mana: bool = False
    mana_colors: frozenset[str] = frozenset()  # what one unit may be, for mana abilities
    mana_amount: Amount = Fixed(1)
    choose_one: bool = False  # "{B} or {R}" / "any color": one unit of a chosen color
    # the zone it functions from: "battlefield", or "graveyard" for "Return ~ from your
    # graveyard to your hand" (2014 112.6k / 2009 402.8h)
    zone: str = "battlefield"
    # restrictions on its use (2014 602.5b / 2009 403.4): "Activate this ability only once each
    # turn" (1), "no more than twice each turn" (2); "only during your upkeep" ("upkeep")
    max_per_turn: int = 0
    only_during: str = ""
    # "Add {W}{U}{B}{R}{G}" (Composite Golem): one mana of each of these symbols, no choice
    mana_each: str = ""
    only_if_attacking: bool = False  # "Activate this ability only if ~ is attacking" (Ancient Hellkite)
    # a modal ability ("{G}: Choose one — • ... • ...", Skinshifter): one mode is chosen as it is
    # activated (2014 700.2a / 2009 409.1b), and only that mode's effect and targets are its own;
    # `effect` and `targets` are then empty
    modes: tuple[Mode, ...] = ()

    def with_mode(self, mode: int) -> ActivatedAbility:
        """The ability as activated with its `mode`th mode (1-based) chosen: that mode's effect
        and targets (700.2 / 409.1b); an ability without modes is itself."""
        if not self.modes:
            return self
        chosen = self.modes[mode - 1]
        return dataclasses.replace(self, effect=chosen.effect, targets=chosen.targets)


@frozen
class TriggeredAbility(Ability):
    event: str = ""  # "etb", "dies", "upkeep", "end", "attacks", "cast", "draw", "delayed", ...
    condition: TriggerCondition = Never()
    effect: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    optional: bool = False  # "you may": asked on resolution (603.5)
    leaves_battlefield: bool = False  # looks back in time (603.10)
    intervening: Condition | None = None  # "if ~ is untapped": checked as it triggers (603.4)
    remembers: bool = False  # a delayed trigger: its effect runs with what the effect that made it knew
    # the zone it functions from: "graveyard" for "return ~ from your graveyard" (Squee, 2014 112.6k /
    # 2009 402.8h)
    zone: str = "battlefield"


@frozen
class StaticAbility(Ability):
    """Generates continuous effects while its source is on the battlefield (611.3): `effects`,
    each of one kind (ir.StaticEffect), on what it `affects` (its source alone when None)."""

    affects: Affects | None = None
    # the effects it generates, each of one kind: continuous effects in their layers (613 /
    # 418.5), replacement and prevention effects (614 / 419: rules.engine.changes.static_replacements),
    # restrictions and requirements, rules for players (2014 613.10 / 2009 418.5k), casting costs
    # and deck rules
    effects: tuple[StaticEffect, ...] = ()
    # "As long as the top card of your library is black, ...": it applies only while the top
    # card of its controller's library matches (printed characteristics)
    while_top_card: Pred | None = None
    # "As long as you have 30 or more life, ~ gets +5/+5 and has flying": it applies only while
    # this holds
    while_condition: WhileCondition | None = None

    @cached_property
    def layered(self) -> tuple[LayeredEffect | Restricted, ...]:
        """The effects it applies through the layers (its continuous effects, and the
        restrictions it puts on what it affects), in printed order: the engine cuts each into
        one part of its layer."""
        return tuple(effect for effect in self.effects if isinstance(effect, LayeredEffect | Restricted))

    @cached_property
    def restrictions(self) -> tuple[AnyRestriction, ...]:
        """The restrictions and requirements it puts on what it affects."""
        return tuple(effect.restriction for effect in self.effects if isinstance(effect, Restricted))


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def basic_land_ability(subtype: str) -> ActivatedAbility:
    """The mana ability a basic land type carries: "{T}: Add {G}." for a Forest (305.6)."""
    color = BASIC_MANA[subtype]
    return ActivatedAbility(f"{{T}}: Add {{{color}}}.", cost=Cost(tap=True, text="{T}"), is_mana=True,
                            mana_colors=frozenset(color))


@dataclass
class CardDef:
    """A card's printed facts and compiled abilities."""

    name: str
    mana_cost: ManaCost | None
    type_line: TypeLine
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: int | None = None
    sets: tuple[str, ...] = ()
    abilities: list[Ability] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    colors_override: frozenset[str] | None = None  # tokens: colors named by the effect

    @cached_property
    def player_rule_effects(self) -> tuple[RuleForPlayers, ...]:
        """The rules for players its static abilities change (2014 613.10 / 2009 418.5k): the
        engine asks on every cast check and state-based action check, so they are found once."""
        return tuple(effect for ab in self.abilities if isinstance(ab, StaticAbility)
                     for effect in ab.effects if isinstance(effect, RuleForPlayers))

    @cached_property
    def replacement_effects(self) -> tuple[tuple[tuple[int, int], StaticAbility, ReplacementEffect], ...]:
        """Its static abilities' replacement and prevention effects (614 / 419), each with its
        place (the ability's index among its abilities, the effect's among the ability's), which
        tells two of them apart (614.5), in the order they are printed."""
        return tuple(((i, j), ab, effect) for i, ab in enumerate(self.abilities) if isinstance(ab, StaticAbility)
                     for j, effect in enumerate(ab.effects) if isinstance(effect, ReplacementEffect))

    def effects_of(self, kind: type[E]) -> tuple[E, ...]:
        """The effects of one kind (an IR class) its static abilities generate, in printed order
        (what a spell costs is asked of each card in hand at every priority: looked up, not scanned)."""
        return self.static_effects.get(kind, ())  # type: ignore[return-value]

    @cached_property
    def static_effects(self) -> dict[type, tuple[StaticEffect, ...]]:
        """The effects its static abilities generate, by kind (their IR class), each kind's in
        printed order."""
        found: dict[type, tuple[StaticEffect, ...]] = {}
        for ab in self.static_abilities:
            for effect in ab.effects:
                found[type(effect)] = found.get(type(effect), ()) + (effect,)
        return found

    @cached_property
    def graveyard_triggers(self) -> tuple[TriggeredAbility, ...]:
        """Its triggered abilities that function while it is in a graveyard (Squee)."""
        return tuple(ab for ab in self.abilities if isinstance(ab, TriggeredAbility) and ab.zone == "graveyard")

    @cached_property
    def static_abilities(self) -> tuple[StaticAbility, ...]:
        """Its static abilities, in order (what a spell costs is asked of each card in hand at
        every priority: most cards have none)."""
        return tuple(ab for ab in self.abilities if isinstance(ab, StaticAbility))

    @cached_property
    def spell_ability(self) -> SpellAbility | None:
        """Its first spell ability (an instant's or sorcery's effect), if any."""
        return next((ab for ab in self.abilities if isinstance(ab, SpellAbility)), None)

    @cached_property
    def graveyard_abilities(self) -> bool:
        """Whether any of its abilities functions while it is in a graveyard (112.6k / 402.8h)."""
        return any(getattr(ab, "zone", "") == "graveyard" for ab in self.abilities)

    @cached_property
    def control_statics(self) -> tuple[StaticAbility, ...]:
        """Its static abilities that change who controls something ("You control enchanted
        creature", layer 2): the engine looks for them whenever control may change."""
        return tuple(ab for ab in self.static_abilities
                     if any(isinstance(effect, ControlAffected) for effect in ab.effects))

    def __deepcopy__(self, memo: dict[int, object]) -> CardDef:
        return self  # never changed once compiled: a copied game shares it

    @cached_property
    def has_cda(self) -> bool:
        """Whether it has a characteristic-defining ability (604.3): they work in every zone."""
        return bool(self.effects_of(DefinePT))

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
