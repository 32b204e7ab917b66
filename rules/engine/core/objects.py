"""The nouns of the game state: objects, players, stack items, continuous effects and
triggered abilities waiting to go on the stack (2014: 109, 110, 400, 603, 611).  Plain data:
the systems of `rules.engine` read and change them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...cards.ir import AnyRestriction, Pred
from ...cards.model import Ability, ActivatedAbility, CardDef, SpellAbility, StaticAbility, TriggeredAbility

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile")


@dataclass(frozen=True, slots=True)
class CantBlockThis:
    """"Target creature can't block Duct Crawler this turn": the one attacker (by object id) the
    affected creature can't block; a restriction an effect makes in play, which no card prints."""

    attacker: int


# a restriction on an object's characteristics: one a card states (rules.cards.ir) or one an
# effect makes about a particular object
ObjectRestriction = AnyRestriction | CantBlockThis


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
    counters: Counter[str] = field(default_factory=Counter)
    attached_to: int | str | None = None
    timestamp: int = 0
    # combat
    attacking: int | str | None = None  # the player or planeswalker it attacks
    blocking: list[int] = field(default_factory=list)
    blocked: bool = False
    blockers_order: list[int] = field(default_factory=list)
    # abilities activated this turn, by index (loyalty: once per turn)
    activated_this_turn: int = 0
    loyalty_activated: int = 0
    ability_uses: dict[int, int] = field(default_factory=dict)  # ability index -> activations this turn
    cast_from: str = ""  # a spell: the zone it was cast from ("hand"); read as it enters (Phage)
    # a copy (706 / 503): `card` holds the copiable values it took; this is the physical card
    # and its number, which it is again once it leaves the battlefield
    printed: tuple[CardDef, int] | None = None
    # the player under whose control it entered the battlefield: its controller unless a
    # control-changing effect (layer 2) says otherwise
    base_controller: str = ""
    chosen: str = ""  # what was chosen as it entered ("Island" for Convincing Mirage)
    spell_copy: bool = False  # a copy of a spell (706.10 / 503.10): a token object while on the stack
    # a spell's gained abilities that modify how it enters ("it gains bloodthirst 3", Bloodlord of Vaasgoth)
    gained_enters: tuple[StaticAbility, ...] = ()
    # its copiable values (706.2 / 503.2) while a text-changing effect (612 / 418.6, layer 3)
    # has `card` hold its text as changed; None: `card` holds them
    copiable: CardDef | None = None
    # its last known information once it has left the battlefield: its characteristics as they
    # last existed there (2014 603.10a, 608.2h / 2009 410.10d, 413.2f), taken before it left;
    # None while it is on the battlefield (and for objects that left other zones)
    last_known: Characteristics | None = None

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def copiable_card(self) -> CardDef:
        """What a copy of it copies: its card before text-changing effects (706.2 / 503.2)."""
        return self.copiable or self.card

    def __deepcopy__(self, memo: dict[int, object]) -> Obj:
        """A copy for a copied game state (`snapshot.copy_state`): the fields the game changes
        in place (counters, combat lists, ability uses) are copied; the rest are values or
        never change once made (card definitions, last known information), and are shared.
        Written out because a generic deep copy of every field made copying a state the
        bulk of a search's time."""
        cls = self.__class__
        new = cls.__new__(cls)
        memo[id(self)] = new
        fields = new.__dict__
        fields.update(self.__dict__)
        fields["counters"] = _copied_counter(self.counters)
        fields["blocking"] = list(self.blocking)
        fields["blockers_order"] = list(self.blockers_order)
        fields["ability_uses"] = dict(self.ability_uses)
        return new

    def leave_combat(self) -> None:
        """Removed from combat (506.4): no longer attacking, blocking or blocked."""
        self.attacking = None
        self.blocking = []
        self.blocked = False
        self.blockers_order = []


def _copied_counter(counts: Counter[str]) -> Counter[str]:
    """A copy of `counts` (filled as a dict: `Counter(counts)` checks its argument's kind and
    counts item by item, four times as long, and a state copy makes one per object)."""
    new: Counter[str] = Counter.__new__(Counter)
    dict.update(new, counts)
    return new


@dataclass
class Characteristics:
    """An object's characteristics after continuous effects (613 / 418.5)."""

    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    power: int | None
    toughness: int | None
    abilities: list[Ability]
    keywords: frozenset[str]
    restrictions: frozenset[ObjectRestriction]  # Restriction.CANT_BLOCK, or a restriction with a value
    # how many instances of each keyword it has: under the 2009 rules each instance of a
    # triggered keyword triggers on its own (502.63b deathtouch, 502.68b lifelink)
    keyword_counts: dict[str, int] = field(default_factory=dict)

    def is_type(self, t: str) -> bool:
        return t in self.types

    @cached_property
    def activated(self) -> list[ActivatedAbility]:
        """Its activated abilities in order (read once the layers are done: every priority asks)."""
        return [ab for ab in self.abilities if isinstance(ab, ActivatedAbility)]

    def instances(self, keyword: str) -> int:
        return self.keyword_counts.get(keyword, 0)


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    library: list[int] = field(default_factory=list)  # top card first
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)  # top card first
    exile: list[int] = field(default_factory=list)
    pool: Counter[str] = field(default_factory=Counter)
    lands_played: int = 0
    spells_cast: int = 0  # this turn (Rule of Law)
    last_turn: int = -1  # the number of this player's most recent turn (302.6 / 212.3f); -1: none yet
    drew_from_empty: bool = False
    lost: bool = False
    conceded: bool = False
    mulligans: int = 0
    goldfish: bool = False  # a do-nothing opponent: no library, never loses by drawing
    damaged_turn: int = -1  # the last turn in which the player was dealt damage ("has been dealt damage this turn")
    skip_combats: int = 0  # "target opponent skips their next combat phase" (Stonehorn Dignitary), still to skip
    combat_skipped_turn: int = -1  # the turn whose combat phase this player is skipping

    def zone(self, name: str) -> list[int]:
        cards: list[int] = getattr(self, name)
        return cards


@dataclass
class StackItem:
    """A spell, an ability or (2009) combat damage on the stack."""

    id: int
    kind: str  # "spell", "ability", "trigger", "combat_damage"
    controller: str
    source_id: int  # the card (spell) or the source permanent (abilities)
    source_name: str
    ability: SpellAbility | ActivatedAbility | TriggeredAbility | None = None  # None: a permanent spell
    targets: list[Any] = field(default_factory=list)  # player names or object ids
    x: int = 0
    modes: tuple[int, ...] = ()
    division: tuple[int, ...] = ()  # damage divided among the targets as announced (601.2d)
    data: dict[str, Any] = field(default_factory=dict)  # trigger event details, combat damage assignment
    text: str = ""

    @property
    def name(self) -> str:
        return self.source_name


# ------------------------------------------------------------------ continuous effects
@dataclass
class ContinuousEffect:
    """An effect from a resolved spell or ability: locked to the objects it affected (611.2c)."""

    timestamp: int
    affected: frozenset[int]
    source_name: str
    duration: str = "eot"  # "eot", "forever", "step:<name>", "untap:<player>"
    power: int = 0
    toughness: int = 0
    set_pt: tuple[int, int] | None = None
    grants: tuple[str, ...] = ()
    removes: tuple[str, ...] = ()
    restriction: ObjectRestriction | None = None
    controller: str = ""  # layer 2: "gain control of ...": who controls the affected objects
    add_types: tuple[str, ...] = ()  # layer 4: "becomes a ... creature"; it keeps its other types
    add_subtypes: tuple[str, ...] = ()
    set_colors: frozenset[str] | None = None  # layer 5: "becomes ... green"
    add_colors: frozenset[str] = frozenset()  # layer 5: "is black in addition to its other colors"
    switch_pt: bool = False  # layer 7e / 6e: "switch its power and toughness"
    must_attack: str = ""  # "attacks you this turn if able": the player it must attack (508.1d / 500.2)
    # rules.engine.continuous.becomes: "becomes a Rhino" (layer 4: its creature types replaced), "loses all
    # abilities" (layer 6), 'with "{B}: Regenerate this creature"' (layer 6: abilities granted)
    set_creature_types: tuple[str, ...] | None = None
    loses_all: bool = False
    grants_abilities: tuple[Any, ...] = ()


@dataclass
class TextChangeEffect(ContinuousEffect):
    """"Change the text of target permanent by replacing all instances of one color word with
    another or one basic land type with another" (Mind Bend): `swap` is (the word, what it
    becomes).  Layer 3 (613.1c / 418.5a): the affected object's card holds its text as changed
    (`rules.engine.continuous.text_changes`), which every later layer and ability reads."""

    swap: tuple[str, str] = ("", "")


@dataclass
class Shield:
    """A prevention or redirection effect a resolved spell or ability created (615.7 /
    419.7b, 614.9 / 419.6c): it watches for the damage it describes until it ends or is used
    up.  Kept apart from the layered effects: it changes events, not characteristics."""

    timestamp: int
    source_name: str
    controller: str
    # whose damage it watches: "anyone", "you_and_your_creatures", "you_and_your_permanents"
    protects: str
    combat_only: bool = False
    from_source: int | None = None  # "a source of your choice"
    left: int | None = None  # "the next N damage": how much it still applies to; None: all of it
    redirect_to: int | str | None = None  # "is dealt to ... instead"; None: prevented
    duration: str = "eot"
    target: int | str | None = None  # protects "target": damage to this object or player only
    source_test: Pred | None = None  # only damage from sources matching it ("black sources")
    uses: int | None = None  # "the next time ... prevent that damage": damage events it still applies to
    # "if damage is prevented this way, ~ deals that much damage to target player" (615.5 / 419.7e):
    # the source and the recipient, and the damage prevented that it still owes
    reflect: tuple[Obj, int | str] | None = None
    owed: int = 0


@dataclass
class SpellImmunityEffect(ContinuousEffect):
    """"Spells you control can't be countered by blue or black spells this turn, and creatures
    you control can't be the targets of blue or black spells this turn" (Autumn's Veil):
    for `player`, against spells matching `test`."""

    player: str = ""
    test: Pred | None = None
    uncounterable: bool = False
    untargetable: bool = False


@dataclass
class DrawReplacementEffect(ContinuousEffect):
    """"Until end of turn, if target player would draw a card, instead that player skips that
    draw and you draw a card" (Plagiarize): `player` would draw, `to` draws instead."""

    player: str = ""
    to: str = ""


@dataclass
class PlayerRuleEffect(ContinuousEffect):
    """A rule for some players from a resolved spell ("Your opponents can't cast spells this
    turn": rule "cant_cast")."""

    rule: str = ""
    players: frozenset[str] = frozenset()


# ------------------------------------------------------------------ triggered abilities
@dataclass
class PendingTrigger:
    """A triggered ability that has triggered and waits to go on the stack (603.3)."""

    ability: TriggeredAbility
    source: Obj  # the source as it was when the ability triggered
    controller: str
    event: dict[str, Any] = field(default_factory=dict)


@dataclass
class DelayedTrigger:
    """A trigger created by an effect, e.g. "at the beginning of the next end step" (603.7)."""

    ability: TriggeredAbility
    source: Obj
    controller: str
    data: dict[str, Any] = field(default_factory=dict)
    once: bool = True
    duration: str = ""  # "eot": it stops waiting at end of turn ("Whenever that creature ... this turn")
