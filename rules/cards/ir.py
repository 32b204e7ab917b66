"""The typed intermediate representation of card abilities: what the Oracle-text compiler
produces and the engine interprets.

Everything here is a frozen dataclass of plain values, so a compiled card can be printed,
compared, snapshot-tested and pickled, and no card carries code.  Four families:

- **predicates** (`Pred`): tests on an object ("nonblack creature", "Goblin you control"),
  judged on the characteristics the caller passes (current ones for targets, the base
  ones inside static abilities, the printed ones for cards in hidden zones);
- **references** (`Ref`): which objects or players an effect means ("target creature",
  "each opponent", "those creatures", "that player" from the triggering event);
- **amounts** (`Amount`): how much ("three", "X", "the number of Swamps you control");
- **effects** (`Effect`): what a spell or ability does as it resolves, in order (608.2c);
  plus trigger conditions, static-ability parts and costs.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any, ClassVar

from .frozen import frozen
from .mana import ManaCost

# ------------------------------------------------------------------ predicates



class Keyword(StrEnum):
    """A keyword ability (2014 702 / 2009 502) as the compiler reads it; its value is its
    lower-case wording, the name the engine's characteristics, the view and saves use.
    Protection is from a quality (702.16a / 502.7a): the colors are members, and any other
    ("protection from Dragons") becomes one the first time it is read (`_missing_`)."""

    FLYING = "flying"
    FIRST_STRIKE = "first strike"
    DOUBLE_STRIKE = "double strike"
    DEATHTOUCH = "deathtouch"
    LIFELINK = "lifelink"
    VIGILANCE = "vigilance"
    HASTE = "haste"
    DEFENDER = "defender"
    TRAMPLE = "trample"
    REACH = "reach"
    FLASH = "flash"
    FEAR = "fear"
    INTIMIDATE = "intimidate"
    SHROUD = "shroud"
    HEXPROOF = "hexproof"
    INDESTRUCTIBLE = "indestructible"
    PLAINSWALK = "plainswalk"
    ISLANDWALK = "islandwalk"
    SWAMPWALK = "swampwalk"
    MOUNTAINWALK = "mountainwalk"
    FORESTWALK = "forestwalk"
    MENACE = "menace"  # can't be blocked except by two or more creatures (509.1b / 309.2a)
    PROTECTION_FROM_WHITE = "protection from white"
    PROTECTION_FROM_BLUE = "protection from blue"
    PROTECTION_FROM_BLACK = "protection from black"
    PROTECTION_FROM_RED = "protection from red"
    PROTECTION_FROM_GREEN = "protection from green"

    def __repr__(self) -> str:
        """As its text: messages that show a list of keywords read as before (['flying'])."""
        return str.__repr__(self)

    @classmethod
    def _missing_(cls, value: object) -> Keyword | None:
        """"protection from artifacts", "protection from Dragons": a member made for it, kept
        so that it is the same member every time (and pickles as its value)."""
        if not isinstance(value, str) or not value.startswith(PROTECTION_FROM) or value != value.strip():
            return None
        member = str.__new__(cls, value)
        member._name_ = value.upper().replace(" ", "_")
        member._value_ = value
        return cls._value2member_map_.setdefault(value, member)  # type: ignore[return-value]


PROTECTION_FROM = "protection from "

@frozen
class Always:
    """Matches everything ("permanent", "spell", "card")."""


@frozen
class HasColor:
    color: str  # "W", "U", "B", "R", "G"


@frozen
class Colorless:
    pass


@frozen
class IsType:
    type: str  # "Creature", "Land", ...


@frozen
class HasSubtype:
    subtype: str


@frozen
class HasSupertype:
    supertype: str


@frozen
class HasKeyword:
    keyword: Keyword


@frozen
class Tapped:
    pass


@frozen
class Attacking:
    pass


@frozen
class Blocking:
    pass


@frozen
class ControlledByYou:
    """Controlled by the controller of the spell or ability that asks ("you control")."""


@frozen
class OwnedByYou:
    """Owned by the controller of the spell or ability that asks ("your graveyard")."""


@frozen
class BlockingSource:
    """"target creature blocking ~" (Knight of Dusk)."""


@frozen
class ToughnessLessThanSourcePower:
    pass


@frozen
class ControlledByEventPlayer:
    """Controlled by the player of the triggering event ("target ... that player controls"):
    bound to `ControlledByPlayer` as the triggered ability goes on the stack."""

    key: str


@frozen
class ControlledByPlayer:
    """Controlled by a player named as the ability went on the stack."""

    player: str


@frozen
class OtherThanSource:
    """"each other creature you control": not the source of the ability itself."""


@frozen
class PowerAtMost:
    """"target creature with power 2 or less"."""

    n: int


@frozen
class NamedAsSource:
    """"a card named Llanowar Sentinel" (the card's own name)."""


@frozen
class Not:
    pred: Pred


@frozen
class AllOf:
    preds: tuple[Pred, ...]


@frozen
class AnyOf:
    preds: tuple[Pred, ...]


@frozen
class ManaValueAtMost:
    """"with converted mana cost 3 or less" (its printed mana cost, 202.3 / 203.3)."""

    n: int


@frozen
class ManaValueAtMostX:
    """"with converted mana cost X or less" (Citanul Flute): X as announced for the ability,
    bound when the effect resolves (rules.engine.resolution.x_values)."""


@frozen
class ControlledByDefendingPlayer:
    """"target creature defending player controls" (Ancient Hellkite): controlled by the player
    the source is attacking, or by the controller of the planeswalker it attacks (506.2 / 308.2)."""


@frozen
class NamedLikeSource:
    """"cards named ~": the source's own name."""


@frozen
class WithSingleTarget:
    """"spell with a single target" (Shunt): one target was chosen as it was put on the stack,
    counting each time an object or player became its target (2014 114.8a)."""


@frozen
class Unblocked:
    """"unblocked creatures": attacking creatures no creature blocked (509.1h / 309.2f)."""


@frozen
class OfChosenColor:
    """"of the chosen color" (Story Circle): the color the ability's source chose as it entered."""


Pred = (
    Always | HasColor | Colorless | IsType | HasSubtype | HasSupertype | HasKeyword | Tapped | Attacking | Blocking
    | ControlledByYou | OwnedByYou | ToughnessLessThanSourcePower | Not | AllOf | AnyOf
    | ControlledByEventPlayer | ControlledByPlayer | ManaValueAtMost | PowerAtMost | NamedLikeSource
    | OtherThanSource | BlockingSource | NamedAsSource | ManaValueAtMostX
    | ControlledByDefendingPlayer
    | WithSingleTarget | Unblocked | OfChosenColor
)
ALWAYS = Always()


def all_of(*preds: Pred) -> Pred:
    """The conjunction, without `Always` parts (`Always` when nothing is left)."""
    parts = tuple(p for p in preds if not isinstance(p, Always))
    return ALWAYS if not parts else parts[0] if len(parts) == 1 else AllOf(parts)


# ------------------------------------------------------------------ targets


@frozen
class TargetSpec:
    """One "target ..." phrase: what it may be and how many.  `kind` is "creature", "land",
    "permanent", "player", "opponent", "any" (a creature or a player; damage to a player may
    be redirected to a planeswalker), "player_or_planeswalker", "spell" or "card_graveyard".
    `test` is judged on current characteristics (printed ones for cards in graveyards)."""

    kind: str
    text: str
    test: Pred = ALWAYS
    count: int = 1  # the most targets ("two target lands"; ANY_NUMBER for "any number of")
    up_to: bool = False  # fewer may be chosen ("up to three", "any number of", "one, two, or three")
    at_least: int = 0  # with up_to: the fewest ("one, two, or three target creatures": 1)
    # a triggered ability whose target another player chooses ("its controller chooses target
    # creature ...", Necrotic Plague): the key of that player in the triggering event
    chosen_by: str = ""
    x_count: bool = False  # "X target creature cards" (Midnight Ritual): exactly X, as announced (601.2c)
    distinct: bool = False  # "another target ...", "a third target ...": none chosen for the specs before it
    count_from: str = ""  # "up to that many target ...": `count` is the triggering event's value of this key

    @property
    def fewest(self) -> int:
        return self.at_least if self.up_to else self.count

    def most(self, available: int) -> int:
        """How many of `available` legal choices may be chosen at most."""
        return min(self.count, available)


ANY_NUMBER = 1_000  # "any number of target ...": as many as there are (601.2c)


# ------------------------------------------------------------------ references


@frozen
class SourceRef:
    """The object the ability comes from ("~", "it" in a trigger about itself)."""


@frozen
class TargetRef:
    """The `count` targets chosen from position `index` on."""

    index: int
    count: int = 1


@frozen
class Permanents:
    """Every permanent of a kind ("creature", "land", "permanent") matching `test`."""

    kind: str
    test: Pred = ALWAYS


@frozen
class ControlledBy:
    """The objects `objects` means that a player `players` means controls."""

    objects: Ref
    players: Ref


@frozen
class Remember:
    """Evaluate `objects` and remember the result as `key` ("those creatures" later)."""

    key: str
    objects: Ref


@frozen
class Remembered:
    key: str


@frozen
class AttachedHost:
    """What the source is attached to ("enchanted creature", "equipped creature")."""


@frozen
class EventValue:
    """A value of the event that triggered the ability ("that player", "that creature")."""

    key: str


@frozen
class EnteredObject:
    """The permanent whose entering the battlefield triggered the ability ("Whenever a creature
    enters the battlefield under your control, it deals damage ..."): as it last existed if
    it has left since."""


@frozen
class OtherCombatant:
    """The creature the source blocks or is blocked by ("that creature")."""


@frozen
class You:
    pass


@frozen
class EachPlayer:
    """Every player, in APNAP order."""


@frozen
class EachOpponent:
    pass


@frozen
class OtherPlayers:
    """"each other player": every player but the ones `of` means, in APNAP order."""

    of: Ref


@frozen
class ControllersOf:
    objects: Ref


@frozen
class Both:
    """Everything several references mean, in order ("each creature and each player")."""

    refs: tuple[Ref, ...]


@frozen
class OwnedBy:
    """"all artifacts target player owns" (Hurkyl's Recall)."""

    objects: Ref
    players: Ref


@frozen
class EventObject:
    """The object a zone-change event moved, as it is now ("its toughness" for "Whenever a
    creature enters the battlefield under your control")."""

    key: str = "new"


@frozen
class LinkedCards:
    """"the exiled card": the cards an ability of the same source exiled and that are still
    in exile (linked abilities, 2014 607.2a / 2009 407.1)."""

    key: str = "exiled"



@frozen
class SourceInGraveyard:
    """"Return ~ to its owner's hand" of an Aura whose creature died: the card the source became
    in its owner's graveyard (the Aura was put there as the creature died, 704.5n / 420.5d)."""


Ref = (
    SourceRef | TargetRef | Permanents | ControlledBy | Remember | Remembered | AttachedHost | EventValue
    | OtherCombatant | You | EachPlayer | EachOpponent | OtherPlayers | ControllersOf | Both | EnteredObject
    | EventObject | OwnedBy
    | LinkedCards | SourceInGraveyard
)


# ------------------------------------------------------------------ amounts


@frozen
class Fixed:
    n: int


@frozen
class XValue:
    pass


@frozen
class ThatMuch:
    """The amount of the triggering event ("that much")."""


@frozen
class CountYouControl:
    """The number of permanents of a kind you control that match ("the number of Swamps
    you control")."""

    kind: str
    test: Pred = ALWAYS


@frozen
class Times:
    a: Amount
    b: Amount


@frozen
class SacrificedPower:
    """The power of what this effect sacrificed, as it last existed."""


@frozen
class HalfLibrary:
    """Half the cards in the player's library, rounded down (per player)."""


@frozen
class CountSubtypeYouControl:
    """For mana abilities: permanents with a subtype their source's controller controls."""

    subtype: str


@frozen
class CountersOnSource:
    """"for each lore counter on ~" (Mind Unbound)."""

    kind: str


@frozen
class GreatestPowerYouControl:
    """"the greatest power among creatures you control" (Garruk, Primal Hunter)."""


@frozen
class ToughnessOf:
    """"equal to its toughness" (Condemn): as it last existed if it has left."""

    objects: Ref


@frozen
class ManaValueOf:
    """"its converted mana cost" (Dark Tutelage): of the card as it last was seen."""

    objects: Ref


@frozen
class DamageDealtThisWay:
    """"life equal to the damage dealt this way" (Corrupt): what the effect's damage dealt."""


@frozen
class LifeLostThisWay:
    """"life equal to the life lost this way" (Blood Tithe): what the earlier steps made
    players lose."""


@frozen
class CountPlayerControls:
    """"for each creature they control": counted for each player the effect is about."""

    kind: str
    test: Pred


@frozen
class BlockingSourceCount:
    """"for each creature blocking it" (Elvish Berserker): creatures blocking the source now."""


@frozen
class HandSize:
    """"the number of cards in that player's hand": `players`' hands, or (None) the hand of
    the player a per-player amount is about ("their hand", Dreamborn Muse)."""

    players: Ref | None = None


@frozen
class CardsInGraveyards:
    """"each card in your graveyard" / "creature cards in all graveyards" (printed characteristics)."""

    test: Pred
    yours_only: bool = True


@frozen
class CountObjects:
    """"For each creature card exiled this way" (Midnight Ritual): how many of `objects` (its
    targets still legal as the effect resolved, each of which the effect moved)."""

    objects: Ref


Amount = (
    Fixed | XValue | DamageDealtThisWay | ThatMuch | CountYouControl | Times | SacrificedPower | HalfLibrary
    | CountSubtypeYouControl | LifeLostThisWay | CountersOnSource | GreatestPowerYouControl | ToughnessOf | ManaValueOf
    | HandSize | CardsInGraveyards | CountPlayerControls | BlockingSourceCount
    | CountObjects
)


# ------------------------------------------------------------------ conditions


@frozen
class ActivatedTimesAtLeast:
    n: int


@frozen
class ActiveHandAtMost:
    """"if that player has two or fewer cards in hand" (the player whose upkeep it is)."""

    n: int


@frozen
class LostFlip:
    """"If you lose the flip"."""


@frozen
class NotCastFromHand:
    """"if you didn't cast it from your hand" (Phage the Untouchable): judged on the event that
    put it onto the battlefield."""


@frozen
class GraveyardHasAtLeast:
    """"if twenty or more creature cards are in your graveyard" (Mortal Combat)."""

    n: int
    test: Pred


@frozen
class NothingSacrificed:
    pass


@frozen
class SourceUntapped:
    pass


@frozen
class SourceIsInGraveyard:
    """"if ~ is in your graveyard" (Vengeful Pharaoh): an intervening "if" (603.4)."""


@frozen
class RememberedCardIs:
    """"If you searched for a creature card that doesn't have that name": the card remembered
    as `key` passes `test` (printed characteristics) and, with `not_named`, doesn't have the
    name remembered under that key."""

    key: str
    test: Pred
    not_named: str = ""


@frozen
class AGraveyardHasAtLeast:
    """"If a graveyard has twenty or more cards in it" (Visions of Beyond)."""

    n: int


@frozen
class NoCreatures:
    """"if no creatures are on the battlefield" (Call to the Grave)."""


@frozen
class AttachedPowerAtLeast:
    """"if enchanted creature's power is 4 or greater" (Arachnus Web)."""

    n: int


@frozen
class FewerThanAnOpponent:
    """"If you have less life than an opponent" (`what` "life") / "If you control fewer
    creatures than an opponent" (`what` "creatures") (Timely Reinforcements)."""

    what: str


@frozen
class WonFlip:
    """"If you win the flip"."""


BoardCondition = NoCreatures | AttachedPowerAtLeast | FewerThanAnOpponent


@frozen
class ControlsArtifactsNamed:
    """"if you control artifacts named Scepter of Empires and Throne of Empires": for each
    name, you control an artifact with it (a condition of "... instead if ...")."""

    names: tuple[str, ...]


Condition = (
    ActivatedTimesAtLeast | NothingSacrificed | SourceUntapped | RememberedCardIs | AGraveyardHasAtLeast
    | BoardCondition | ActiveHandAtMost | NotCastFromHand | GraveyardHasAtLeast | LostFlip
    | ControlsArtifactsNamed
    | WonFlip
    | SourceIsInGraveyard
)


# conditions of "As long as ..." static abilities: judged without the layers that come after the type layer
@frozen
class LifeAtLeast:
    """"As long as you have 30 or more life" (Serra Ascendant)."""

    n: int


@frozen
class ControlsCreatureOfType:
    """"As long as you control a Griffin creature" (Griffin Rider): by the subtypes creatures
    have after the type layer (an Adaptive Automaton that chose Griffin is one)."""

    subtype: str


@frozen
class SourceCountersAtLeast:
    """"as long as it has ten or more +1/+1 counters on it" (Primordial Hydra)."""

    kind: str
    n: int


@frozen
class SourceEnchanted:
    """"As long as ~ is enchanted" (Thran Golem): an Aura is attached to it."""


WhileCondition = LifeAtLeast | ControlsCreatureOfType | SourceCountersAtLeast | SourceEnchanted


# ------------------------------------------------------------------ tokens


@frozen
class TokenSpec:
    """A token an effect creates (2014 110.5c / 2009 216.1a: named by its creature types)."""

    subtypes: str
    colors: str
    power: str | None
    toughness: str | None
    keywords: tuple[Keyword, ...] = ()
    artifact: bool = False
    text: str = ""
    name: str = ""  # "... token with flying named Wasp" (The Hive); else named by its creature types


# ------------------------------------------------------------------ effects


@frozen
class DealDamage:
    amount: Amount
    to: Ref
    unpreventable: bool = False  # "The damage can't be prevented" (Combust)


@frozen
class DealDividedDamage:
    """Damage divided among the targets of `to`: as the controller announces while putting
    the spell or ability on the stack (601.2d / 603.3d; 2009: 409.1d), or evenly, rounded
    down, among the targets chosen (Fireball)."""

    amount: Amount
    to: TargetRef
    evenly: bool = False


@frozen
class Destroy:
    objects: Ref
    regenerate: bool = True


@frozen
class Regenerate:
    objects: Ref


@frozen
class Exile:
    objects: Ref


@frozen
class ReturnToHand:
    objects: Ref


@frozen
class PutOnTopOfLibrary:
    objects: Ref


@frozen
class CounterSpell:
    objects: Ref


@frozen
class Tap:
    objects: Ref
    untap: bool = False


@frozen
class SacrificeSource:
    pass


@frozen
class SacrificeChosen:
    """Each player chooses a permanent of theirs matching `test` and sacrifices it."""

    players: Ref
    test: Pred
    what: str
    other_than_source: bool = False


@frozen
class ReturnChosen:
    """"that player returns a creature they control to its owner's hand": each player
    chooses a permanent of theirs matching `test` and returns it (Stampeding Wildebeests)."""

    players: Ref
    test: Pred
    what: str


@frozen
class TapOrUntap:
    """"tap or untap target creature": its controller chooses which as it resolves."""

    objects: Ref


@frozen
class ChangeText:
    """"Change the text of target permanent by replacing all instances of one color word with
    another or one basic land type with another" (Mind Bend): the words are chosen as it
    resolves; the change lasts as long as the object does (612 / 418.6)."""

    objects: Ref


@frozen
class ShuffleGraveyardIntoLibrary:
    """"Target player shuffles their graveyard into their library" (Reminisce)."""

    players: Ref


@frozen
class ShuffleSourceIntoLibrary:
    """"Shuffle ~ into its owner's library": the resolving spell goes there, not to the graveyard."""


@frozen
class DoubleLife:
    """"Double target player's life total": they gain as much life as they have (life gained,
    2014 118.3 / 2009 215.3)."""

    players: Ref


@frozen
class UnlessDiscard:
    """"sacrifice ~ unless you discard a creature card": you may discard a card matching
    `test`; if you don't, `body` happens (glossary "Unless")."""

    test: Pred
    what: str
    body: tuple[Effect, ...]


@frozen
class GiveControl:
    """"target opponent gains control of it" (Sleeper Agent): for as long as the effect lasts
    (no duration: the rest of the game, 611.2a)."""

    objects: Ref
    players: Ref


@frozen
class LoseGame:
    """"that player loses the game" (104.3e / 102.3)."""

    players: Ref


@frozen
class WinGame:
    """"you win the game" (104.2b / 102.2b): in a two-player game, every opponent loses."""

    players: Ref


@frozen
class NoRegenerationIfDealtDamage:
    """"A creature dealt damage this way can't be regenerated this turn" (Incinerate): each of
    `objects` the source dealt damage to this turn."""

    objects: Ref


@frozen
class FlipCoin:
    """"flip a coin" (2014 705 / 2009 511): won or lost at random (the game's seeded generator);
    "If you lose the flip, ..." reads the result."""


@frozen
class MayPay:
    """"you may pay {1}{G}. If you do, ...": the controller may pay as it resolves; `body` only if they did."""

    cost: str
    body: tuple[Effect, ...] = ()


@frozen
class ReturnDiedThisTurn:
    """"Return to your hand all creature cards in your graveyard that were put there from the
    battlefield this turn" (No Rest for the Wicked)."""

    test: Pred


@frozen
class Draw:
    players: Ref
    amount: Amount


@frozen
class Discard:
    players: Ref
    amount: Amount
    random: bool = False


@frozen
class GainLife:
    players: Ref
    amount: Amount


@frozen
class LoseLife:
    players: Ref
    amount: Amount


@frozen
class RevealHand:
    players: Ref


@frozen
class DiscardChosen:
    """"You choose a noncreature, nonland card from it. That player discards that card."""

    players: Ref
    test: Pred  # on printed characteristics
    what: str


@frozen
class Mill:
    players: Ref
    amount: Amount


@frozen
class Search:
    """Search your library for a card (701.16a) and put it `dest`: "hand", "battlefield"
    or "top" (after shuffling)."""

    test: Pred  # on printed characteristics
    what: str
    dest: str
    tapped: bool = False
    reveal: bool = False


@frozen
class DoubleCounters:
    """"Double the number of +1/+1 counters on ~": put on it as many more as it has as the
    effect resolves."""

    objects: Ref
    kind: str


@frozen
class SacrificeSeveral:
    """"Each player sacrifices five lands": each player chooses that many of theirs (all, if
    they have fewer), in APNAP order, then all are sacrificed at once (701.14a / 217.4)."""

    players: Ref
    test: Pred
    what: str  # one of them: "land"
    count: int


@frozen
class LoseAndGain:
    """"Until end of turn, ~ loses defender and gains flying" (Gargoyle Sentinel): layer 6."""

    objects: Ref
    removes: tuple[Keyword, ...]
    grants: tuple[Keyword, ...]


@frozen
class RevealAtRandom:
    """"that player reveals a card at random from their hand" (701.13a / 217.3c)."""

    players: Ref


@frozen
class CounterUnlessPays:
    """"Counter target spell unless its controller pays {3}" (Mana Leak)."""

    objects: Ref
    cost: ManaCost


@frozen
class AddManaEffect:
    """A spell's "Add {R}{R}{R}" (Pyretic Ritual): mana into its controller's pool (106.3)."""

    color: str
    amount: int


@frozen
class ProtectionFromChosenColor:
    """"Target creature gains protection from the color of your choice until end of turn"
    (Stave Off): the color is chosen as it resolves (608.2d / 413.2c)."""

    objects: Ref


@frozen
class KeepOneDiscardRest:
    """"Target player chooses a card in their hand and discards the rest" (Monomania)."""

    players: Ref


@frozen
class ReturnToBattlefield:
    """"Return ~ from your graveyard to the battlefield tapped" (Reassembling Skeleton): under
    its owner's control."""

    objects: Ref
    tapped: bool = False


@frozen
class ShuffleSelfAndGraveyard:
    """"Shuffle ~ and your graveyard into their owner's library" (Elixir of Immortality)."""


@frozen
class AtEndOfCombat:
    """"sacrifice it at end of combat" (Crumbling Colossus): a delayed triggered ability (603.7)
    at the beginning of the next end of combat step."""

    body: tuple[Effect, ...]
    text: str


@frozen
class SearchSeveralToHand:
    """"search your library for up to three cards named ~, reveal them, put them into your
    hand" (Squadron Hawk)."""

    test: Pred  # on printed characteristics
    what: str
    count: int


@frozen
class SkipNextCombat:
    """"Target opponent skips their next combat phase" (Stonehorn Dignitary)."""

    players: Ref


@frozen
class PutIntoHand:
    """"put that card into your hand" (a revealed card of the library, Dark Tutelage)."""

    objects: Ref


@frozen
class SearchOneTappedOneToHand:
    """"Search your library for up to two basic land cards, reveal those cards, and put one onto
    the battlefield tapped and the other into your hand" (Cultivate)."""

    test: Pred  # on printed characteristics
    what: str


@frozen
class PumpBy:
    """"get +X/+X and gain trample until end of turn" with X counted as it resolves."""

    objects: Ref
    amount: Amount
    grants: tuple[Keyword, ...] = ()


@frozen
class SearchSeveral:
    """"Search your library for up to two land cards, put them onto the battlefield tapped"
    (701.16a / 217.2b): up to `count` cards matching `test`, onto the battlefield."""

    test: Pred  # on printed characteristics
    what: str  # one of them: "land card"
    count: int
    tapped: bool = False


@frozen
class Shuffle:
    players: Ref


@frozen
class ExileFromGraveyard:
    """"Exile all cards from target player's graveyard other than basic land cards": the
    cards exiled are remembered as "exiled" ("For each card exiled this way, ...")."""

    players: Ref
    test: Pred = ALWAYS  # on printed characteristics


@frozen
class ExileNamesakes:
    """"search that player's library for all cards with the same name as that card and exile
    them": for each card remembered as "exiled" (701.19a / 217.2b)."""

    players: Ref


@frozen
class ChooseExiled:
    """"Choose up to seven face-up exiled cards you own": remembered, in the order chosen, as
    `key` ("the chosen cards")."""

    most: int
    key: str = "chosen"


@frozen
class ExileLibrary:
    """"Exile all the cards from your library"."""

    players: Ref


@frozen
class ShufflePermanentsIn:
    """"Each player shuffles all permanents they own into their library, then reveals that
    many cards from the top of their library": the cards revealed are remembered, per
    player, as "revealed"."""


@frozen
class PutRevealedOntoBattlefield:
    """"Each player puts all artifact, creature, and land cards revealed this way onto the
    battlefield, then does the same for enchantment cards, then puts all cards revealed this
    way that weren't put onto the battlefield on the bottom of their library": each batch
    enters at the same time, in order; the rest go to the bottom."""

    batches: tuple[Pred, ...]  # on printed characteristics


@frozen
class RevealTop:
    """"Reveal the top card of your library": remembered as `key` ("it", "that card")."""

    players: Ref
    key: str = "revealed"


@frozen
class PutOnBottomOfLibrary:
    objects: Ref


@frozen
class EachDealsPowerDamage:
    """"Each Wolf tapped this way deals damage equal to its power to target creature": each
    of `sources` is the source of its own damage."""

    sources: Ref
    to: Ref


@frozen
class PowerDividedByController:
    """"That creature deals damage equal to its power divided as its controller chooses among
    any number of those Wolves": the division is chosen as the effect resolves, by the
    controller of the creature dealing the damage."""

    source: Ref
    among: Ref


@frozen
class PutFromHand:
    test: Pred  # on printed characteristics
    what: str


@frozen
class EachMayPutFromHand:
    """"each other player may put a creature card from their hand onto the battlefield"
    (Hunted Wumpus): each chooses in turn order (APNAP), then they enter together."""

    players: Ref
    test: Pred  # on printed characteristics
    what: str


@frozen
class ReturnAllFromGraveyards:
    test: Pred  # on printed characteristics
    owners: bool = False  # "under their owners' control" (else under yours)


@frozen
class PutOntoBattlefield:
    """"Put target creature card from a graveyard onto the battlefield under your control":
    the permanent it becomes is remembered as `remember` ("That creature ...")."""

    objects: Ref
    remember: str = "put"


@frozen
class IsAlso:
    """"That creature is a black Zombie in addition to its other colors and types": colors
    and types added for as long as it stays on the battlefield (layers 4 and 5)."""

    objects: Ref
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


@frozen
class RevealUntil:
    players: Ref
    test: Pred  # on printed characteristics
    what: str


@frozen
class ReorderTop:
    amount: Amount


@frozen
class Scry:
    """"Scry N" (2014 701.15a / 2009 501.8a): look at the top N cards of your library, put
    any number of them on the bottom in any order and the rest on top in any order."""

    amount: Amount


@frozen
class GainControl:
    objects: Ref
    duration: str = "eot"


# ---- linked abilities, durations "for as long as ...", Auras put onto the battlefield (group A)
@frozen
class ExileLinked:
    """"exile another target nonland permanent" where another ability of the source refers to
    "the exiled card": the cards exiled are remembered, as `key`, with the source (607.2a /
    407.1) and for the rest of this effect ("return it ...")."""

    objects: Ref
    key: str = "exiled"


@frozen
class Link:
    """The objects are remembered with the source as `key` ("... exile it" of a search whose
    card a linked ability puts into a hand later, Hoarding Dragon)."""

    objects: Ref
    key: str = "exiled"


@frozen
class ReturnUnderOwner:
    """"return the exiled card to the battlefield (tapped) under its owner's control": from
    exile (or wherever the card is), under its owner's control."""

    objects: Ref
    tapped: bool = False


@frozen
class ForAsLongAs:
    """"... for as long as you control ~" (`kind` "control") / "... for as long as that creature
    is enchanted" (`kind` "enchanted", of `objects`): the continuous effects `body` creates
    last until that stops being true; if it's already untrue, `body` does nothing (2014
    611.2b / 2009 418.3a)."""

    body: tuple[Effect, ...]
    kind: str
    objects: Ref | None = None


@frozen
class Scramble:
    """"For each nonland permanent, choose a player at random. Then each player gains control
    of each permanent for which they were chosen. Untap those permanents." (Scrambleverse)"""


@frozen
class PutAuraAttached:
    """"put an Aura card from your hand onto the battlefield attached to ~" (`aura` None: one
    chosen from the hand) / "Put target Aura card from a graveyard onto the battlefield under
    your control attached to a creature you control" (`host` None: a permanent matching
    `host_test` chosen as it enters): an Aura put onto the battlefield by an effect that says
    what it enchants (2014 303.4f / 2009 212.4j); not onto something it couldn't enchant."""

    aura: Ref | None = None
    host: Ref | None = None
    host_test: Pred = ALWAYS
    under_owner: bool = False  # "Return ~ ... to the battlefield attached to ...": under its owner's control


@frozen
class AttachElsewhere:
    """"Attach it to another permanent it can enchant" (Aura Graft): its controller chooses
    (2014 701.3b / 2009 212.4m); with no such permanent it stays where it is."""

    objects: Ref


@frozen
class OpponentsCantCast:
    """"Your opponents can't cast spells this turn"."""


@frozen
class ExtraTurn:
    players: Ref


@frozen
class Pump:
    """"gets +N/+N" and/or "gains KEYWORDS" until end of turn."""

    objects: Ref
    power: int = 0
    toughness: int = 0
    grants: tuple[Keyword, ...] = ()
    scale: Amount | None = None  # "+X/-X" (X), "+1/+1 ... for each creature blocking it": times this


@frozen
class SwitchPT:
    """"Switch target creature's power and toughness until end of turn" (layer 7e / 6e)."""

    objects: Ref


@frozen
class Becomes:
    """"target Forest becomes a 4/5 green Treefolk creature for as long as ~ remains on the
    battlefield": types and subtypes added (layer 4), its colors set (5), its P/T set (7b /
    6b); `while_source` ends it when the source leaves the battlefield, else at end of turn."""

    objects: Ref
    power: int
    toughness: int
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()  # "W", "U", ...; empty: its colors don't change
    while_source: bool = False
    grants: tuple[Keyword, ...] = ()  # "... creature with flying": keywords it gains (layer 6)
    x_pt: bool = False  # "becomes an X/X ... creature": its P/T is the ability's X
    # 'with "{B}: Regenerate this creature"' (Spawning Pool): activated abilities it gains (layer 6)
    grants_abilities: tuple[Any, ...] = ()


@frozen
class WheneverThisTurn:
    """"Whenever that creature deals combat damage to a player or planeswalker this turn,
    draw that many cards": a delayed trigger for each of `objects` until end of turn (603.7 / 404.4);
    `kind` is a `CombatTrigger` kind, `body` what it does (the event's "that many")."""

    objects: Ref
    kind: str
    body: tuple[Effect, ...]
    text: str


@frozen
class EndTheTurn:
    """"End the turn" (Time Stop, Sundial of the Infinite; 713.1 / 509.1)."""


@frozen
class AdditionalCombatPhase:
    """"After this main phase, there is an additional combat phase followed by an additional
    main phase" (Relentless Assault; 500.8 / 300.7)."""


@frozen
class UntapAttackedThisTurn:
    """"Untap all creatures that attacked this turn" (Relentless Assault)."""


@frozen
class AttackNextTurnIfAble:
    """"During target opponent's next turn, creatures that player controls attack ~ if able"
    (Gideon Jura): an attack requirement (508.1d / 500.2) for every creature `players`
    control during their next turn, naming whom they attack (`whom`)."""

    players: Ref
    whom: Ref


@frozen
class PreventAllDamageTo:
    """"Prevent all damage that would be dealt to him this turn" (Gideon Jura): a prevention
    shield for `to` until end of turn (615 / 419)."""

    to: Ref


@frozen
class SetColor:
    """"Target creature becomes red until end of turn": its colors set (layer 5, 613.1e / 418.5e)."""

    objects: Ref
    colors: tuple[str, ...]


@frozen
class Restrict:
    """"can't block this turn", "can't be blocked this turn"."""

    objects: Ref
    restriction: Restriction
    text: str


@frozen
class BecomesCreatureType:
    """"Until end of turn, target creature loses all abilities and becomes a blue Frog with base
    power and toughness 1/1" (Turn to Frog), "~ becomes a Rhino with base power and toughness
    4/4 and gains trample" (Skinshifter): its creature types replaced (layer 4), its colors set
    (5), its abilities lost and keywords gained (6), its base P/T set (7b / 6b), until end of turn."""

    objects: Ref
    power: int
    toughness: int
    creature_types: tuple[str, ...]
    colors: tuple[str, ...] = ()
    grants: tuple[Keyword, ...] = ()
    loses_all: bool = False


@frozen
class AddManaTo:
    """"its controller adds {G}{G}" (Overgrowth): mana into the pools of `players` (106.3)."""

    players: Ref
    color: str
    amount: int


@frozen
class DoubleManaPool:
    """"Double the amount of each type of mana in your mana pool" (Doubling Cube)."""


@frozen
class CantBlockSource:
    """"Target creature can't block ~ this turn" (Duct Crawler): a blocking restriction (509.1b /
    309.2b) on `objects`, about the source only."""

    objects: Ref


@frozen
class DontUntap:
    """"doesn't untap during its controller's (or that player's) next untap step"."""

    objects: Ref
    whose: Ref | None = None


@frozen
class AddCounters:
    objects: Ref
    kind: str
    n: int


@frozen
class CreateTokens:
    token: TokenSpec
    amount: Amount


@frozen
class PreventThisTurn:
    """A prevention shield until end of turn: "combat" (all combat damage) or
    "you_and_your_creatures" (all damage to the controller and their creatures)."""

    what: str
    text: str


@frozen
class PreventNextDamageTo:
    """"Prevent the next N damage that would be dealt to target creature or player this turn"
    (a prevention shield, 615.7 / 419.7b)."""

    amount: int
    to: Ref


@frozen
class PreventFromSourcesThisTurn:
    """"Prevent all damage that black sources and red sources would deal this turn": sources
    matching `test`."""

    test: Pred


@frozen
class RedirectNextDamage:
    """"The next N damage that a source of your choice would deal to you and/or permanents you
    control this turn is dealt to [target] instead" (a redirection shield, 614.9 / 419.6c): the
    source is chosen as it resolves (609.7a / 419.8a)."""

    amount: int
    to: Ref
    text: str


@frozen
class CopySpell:
    """"Copy target instant or sorcery spell" / "each other player copies that spell" (706.10 /
    503.10): each player `copiers` means puts a copy of the spell `spell` means on the stack,
    with every choice made for it; with `new_targets` each may choose new targets for their
    copy (706.10c / 503.10c)."""

    spell: Ref
    copiers: Ref
    new_targets: bool = False


@frozen
class PlayWithoutPaying:
    """"You may play that card without paying its mana cost" (a land as the turn's land play,
    305.2 / 212.6e; a spell cast while this resolves, X being 0, 107.3 / 107.3); `otherwise`:
    what happens if the player doesn't ("If you don't, exile it")."""

    card: Ref
    otherwise: tuple[Effect, ...] = ()


@frozen
class Unenforced:
    """A sentence the compiler can't read, in an ability whose timing it could read (a trigger
    condition, an activation cost): as it resolves, the log names the sentence and the players
    carry it out by hand with manual actions."""

    text: str


@frozen
class May:
    """"You may ...": the controller chooses as it resolves (608.2d)."""

    prompt: str
    body: tuple[Effect, ...]


@frozen
class If:
    condition: Condition
    body: tuple[Effect, ...]
    orelse: tuple[Effect, ...] = ()  # "Otherwise, ..."


@frozen
class AtNextEndStep:
    """A delayed triggered ability (603.7) that does `body` with what this effect knew; at the
    beginning of the next end step, or of the step named ("end_combat": "at end of combat")."""

    body: tuple[Effect, ...]
    text: str
    step: str = "end"


@frozen
class ChooseAtRandom:
    """"... one of them at random": one of `objects` that still exists, chosen with the
    game's random generator, remembered as `remember` (the rest of the effect uses it)."""

    objects: Ref
    remember: str = "random"


@frozen
class AttacksIfAble:
    """"Target creature ... attacks you this turn if able": an attack requirement (508.1d /
    500.2) on `objects`, naming the player (`whom`) it must attack, until end of turn."""

    objects: Ref
    whom: Ref


@frozen
class SearchLibraryOf:
    """"Search that player's library for a card": the controller searches another player's
    library (701.16a / 217.2b); the card found stays there, remembered as `remember`."""

    players: Ref
    test: Pred  # on printed characteristics
    what: str
    remember: str = "searched"


@frozen
class ChooseName:
    """"That player chooses a card name": remembered as `remember` ("that name")."""

    players: Ref
    remember: str = "named"


@frozen
class AttachSourceTo:
    """Equip: attach the source to the first target."""


@frozen
class LifelinkGain:
    """2009 lifelink (502.68a): its controller gains the damage dealt."""


@frozen
class DeathtouchDestroy:
    """2009 deathtouch (502.63a): destroy the creature dealt damage."""


# ---- hidden information: looking at hands and libraries (rules.engine.resolution.looking)
@frozen
class LookAtHand:
    """"Look at target player's hand" (Peek): the cards are shown to the controller alone
    (2014 402.3 / 2009 217.3c: nobody else may look at a player's hand)."""

    players: Ref


@frozen
class LookAndDistribute:
    """"Look at the top three cards of your library. Put one of those cards into your hand,
    one on top of your library, and one on the bottom of your library" (Telling Time): the
    player picks a card for each destination in order ("hand", "top", "bottom")."""

    amount: Amount
    dests: tuple[str, ...]


@frozen
class LookMayTakeRestBottom:
    """"Look at the top five cards of your library. You may reveal a creature card from among
    them and put it into your hand. Put the rest on the bottom of your library in any order"
    (Commune with Nature)."""

    amount: Amount
    test: Pred  # on printed characteristics
    what: str


@frozen
class HandCardsOnTop:
    """"Look at target player's hand and choose two cards from it. Put them on top of that
    player's library in any order" (Agonizing Memories)."""

    players: Ref
    count: int


@frozen
class HandOnTopSearchThatMany:
    """"Target opponent puts the cards from their hand on top of their library. Search that
    player's library for that many cards. The player puts those cards into their hand, then
    shuffles their library" (Head Games)."""

    players: Ref


@frozen
class ShuffleHandAndGraveyardIn:
    """"Each player shuffles their hand and graveyard into their library" (Time Reversal)."""

    players: Ref


@frozen
class ExileSourceSpell:
    """"Exile ~" as the last instruction of a spell (Time Reversal): it leaves the stack for
    exile instead of its owner's graveyard (608.2k / 413.2i)."""


@frozen
class DiscardHandsDrawGreatest:
    """"Each player discards their hand, then draws cards equal to the greatest number of
    cards a player discarded this way" (Jace's Archivist)."""

    players: Ref


@frozen
class ExileTopUntilNoSharedName:
    """"That player exiles the top four cards of their library. If two or more of those cards
    have the same name, repeat this process" (Scalpelexis)."""

    players: Ref
    count: int


@frozen
class RevealUntilThatMany:
    """"reveal cards from the top of your library until you reveal that many creature cards.
    Put all creature cards revealed this way onto the battlefield, then shuffle the rest of
    the revealed cards into your library" (Mass Polymorph): "that many" is the number of
    objects remembered as `key` (the creatures exiled this way)."""

    test: Pred  # on printed characteristics
    what: str
    key: str = "those"


@frozen
class NameThenRevealTop:
    """"each player chooses a card name. Then each player reveals the top card of their
    library. If the card a player revealed has the name they chose, that player puts it into
    their hand. If it doesn't, that player puts it on the bottom of their library"
    (Conundrum Sphinx)."""

    players: Ref


@frozen
class SearchNamesakesOfEach:
    """"For each creature you control, you may search your library for a creature card with
    the same name as that creature. Put those cards onto the battlefield, then shuffle your
    library" (Doubling Chant)."""

    test: Pred  # on printed characteristics: what may be found ("creature card")


@frozen
class RevealTopOpponentPiles:
    """"reveal the top five cards of your library. An opponent separates those cards into two
    piles. Put one pile into your hand and the other into your graveyard" (Sphinx of Uthuun)."""

    amount: Amount


@frozen
class SetLifeTotal:
    """"Target opponent's life total becomes 10" (Sorin Markov): the player gains or loses the
    necessary amount of life (2014 118.5 / 2009 215.5)."""

    players: Ref
    amount: Amount


@frozen
class RevealRandomLandOrCast:
    """"that player reveals a card at random from their hand. If it's a land card, the player
    puts it onto the battlefield. Otherwise, the player casts it without paying its mana cost
    if able" (Wild Evocation)."""

    players: Ref


@frozen
class FindNamedAttach:
    """"Search your graveyard and/or library for a card named Arachnus Web and put it onto the
    battlefield attached to target creature. If you search your library this way, shuffle it"
    (Arachnus Spinner)."""

    name: str
    to: Ref


LibraryEffect = (
    LookAtHand | LookAndDistribute | LookMayTakeRestBottom | HandCardsOnTop | HandOnTopSearchThatMany
    | ShuffleHandAndGraveyardIn | ExileSourceSpell | DiscardHandsDrawGreatest | ExileTopUntilNoSharedName
    | RevealUntilThatMany | NameThenRevealTop | SearchNamesakesOfEach | RevealTopOpponentPiles
    | RevealRandomLandOrCast | FindNamedAttach
)


@frozen
class ChangeTargets:
    """"Choose new targets for target spell" (Redirect, 114.6d) or, with `must`, "Change the
    target of target spell with a single target" (Shunt, 114.6a); 2009 415.7a."""

    spell: Ref
    must: bool = False


@frozen
class PreventNextTimeFromChosenSource:
    """"The next time a source of your choice of the chosen color would deal damage to you this
    turn, prevent that damage" (Story Circle): a source matching `test` is chosen as it
    resolves (609.7a / 419.8a); the shield prevents all of one damage event from it (615.7 /
    419.7b)."""

    test: Pred


@frozen
class PreventNextAndReflect:
    """"Prevent the next X damage that would be dealt to you this turn.  If damage is prevented
    this way, ~ deals that much damage to target player" (Vengeful Archon): a shield with an
    additional effect that happens right after the prevention (615.5 / 419.7e)."""

    amount: Amount
    to: Ref
    reflect_to: Ref


@frozen
class RedirectCombatDamageFromUnblocked:
    """"All combat damage that would be dealt to you by unblocked creatures this turn is dealt
    to ~ instead" (Kjeldoran Royal Guard, a redirection, 614.9 / 419.6c)."""


@frozen
class DrawInsteadThisTurn:
    """"Until end of turn, if target player would draw a card, instead that player skips that
    draw and you draw a card" (Plagiarize, a replacement effect, 614.1a / 419.1a)."""

    players: Ref
    to: Ref


@frozen
class WhenYouCastNextThisTurn:
    """"When you cast your next instant or sorcery spell this turn, copy that spell" (Chandra,
    the Firebrand): a delayed triggered ability (603.7) that triggers once, this turn only;
    `body` sees "that spell" as the spell cast."""

    test: Pred
    body: tuple[Effect, ...]
    text: str


@frozen
class SpellGainsEntersWith:
    """"Whenever you cast a Vampire creature spell, it gains bloodthirst 3" (Bloodlord of
    Vaasgoth): the permanent spell gains an ability that modifies how it enters (614.1c /
    419.1c), which it still has as the permanent it becomes enters."""

    spell: Ref
    counters: EntersWithCounters
    text: str


@frozen
class SpellImmunityThisTurn:
    """"Spells you control can't be countered by blue or black spells this turn, and creatures
    you control can't be the targets of blue or black spells this turn" (Autumn's Veil):
    against spells matching `test` (101.2 / 103.2)."""

    test: Pred
    uncounterable: bool
    untargetable: bool


@frozen
class ControlPlayerNextTurn:
    """"You control target player during that player's next turn" (Sorin Markov, 712 / 507)."""

    players: Ref


StackAndShieldEffect = (ControlPlayerNextTurn | SetLifeTotal | ChangeTargets | PreventNextTimeFromChosenSource
                        | PreventNextAndReflect | RedirectCombatDamageFromUnblocked | DrawInsteadThisTurn
                        | WhenYouCastNextThisTurn | SpellGainsEntersWith | SpellImmunityThisTurn)


Effect = (
    DealDamage | DealDividedDamage | Destroy | Regenerate | Exile | ReturnToHand | PutOnTopOfLibrary | CounterSpell
    | Tap | SacrificeSource | SacrificeChosen | Draw | Discard | GainLife | LoseLife | RevealHand | DiscardChosen | Mill
    | Search | Shuffle | PutFromHand | ReturnAllFromGraveyards | PutOntoBattlefield | IsAlso | RevealUntil
    | ReorderTop | GainControl
    | ExileLinked | Link | ReturnUnderOwner | ForAsLongAs | Scramble | PutAuraAttached | AttachElsewhere
    | OpponentsCantCast | ExtraTurn | Pump | SwitchPT | Becomes | Restrict | DontUntap | AddCounters | CreateTokens
    | PreventThisTurn | PreventNextDamageTo | PreventFromSourcesThisTurn | RedirectNextDamage
    | CopySpell | PlayWithoutPaying | Unenforced | May | If | AtNextEndStep
    | AttachSourceTo | LifelinkGain
    | DeathtouchDestroy | ChooseAtRandom | AttacksIfAble | SearchLibraryOf | ChooseName
    | ExileFromGraveyard | ExileNamesakes | ChooseExiled | ExileLibrary | ShufflePermanentsIn
    | PutRevealedOntoBattlefield | RevealTop | PutOnBottomOfLibrary | EachDealsPowerDamage | PowerDividedByController
    | Scry | SearchSeveral | DoubleCounters | SacrificeSeveral | LoseAndGain | RevealAtRandom | CounterUnlessPays
    | AddManaEffect | ProtectionFromChosenColor | KeepOneDiscardRest | ReturnToBattlefield | ShuffleSelfAndGraveyard
    | AtEndOfCombat | SearchSeveralToHand | SkipNextCombat | PutIntoHand | GiveControl | SearchOneTappedOneToHand
    | PumpBy | ReturnChosen | UnlessDiscard | TapOrUntap | ShuffleGraveyardIntoLibrary | ShuffleSourceIntoLibrary
    | ChangeText
    | DoubleLife | LoseGame | WinGame | NoRegenerationIfDealtDamage | FlipCoin | EachMayPutFromHand | MayPay
    | ReturnDiedThisTurn
    | LibraryEffect
    | CantBlockSource | DoubleManaPool | BecomesCreatureType | AddManaTo
    | StackAndShieldEffect
    | SetColor | WheneverThisTurn | EndTheTurn | AdditionalCombatPhase | UntapAttackedThisTurn
    | AttackNextTurnIfAble | PreventAllDamageTo
)


# ------------------------------------------------------------------ trigger conditions


@frozen
class ZoneChangeTrigger:
    """Enters the battlefield (`to` "battlefield") or dies (`to` "dies"); `who` is "self",
    "another creature", "a creature", "a creature you control", "another creature you control"."""

    to: str
    who: str


@frozen
class StepTrigger:
    """At the beginning of a step: `whose` "yours", "each" or "enchanted" (the upkeep of
    enchanted creature's controller)."""

    step: str
    whose: str


@frozen
class DiesDealtDamageBySelf:
    """"Whenever a creature dealt damage by ~ this turn dies" (Sengir Vampire)."""


@frozen
class CombatTrigger:
    """"~ attacks", "~ blocks", "~ deals combat damage to a player", ...; `who`: "self", or
    "enchanted" for "Whenever enchanted creature attacks or blocks"."""

    kind: str
    who: str = "self"


@frozen
class CastTrigger:
    """"Whenever a player (you, an opponent) casts a [white] spell"."""

    who: str
    test: Pred | None = None


@frozen
class TargetedTrigger:
    """"When ~ (enchanted creature) becomes the target of a spell or ability" (`who`: "self"
    or "enchanted"): as a spell or ability targeting it is put on the stack."""

    who: str


@frozen
class OpponentDealtDamageByTrigger:
    """"Whenever an opponent is dealt damage by a red instant or sorcery spell you control or by
    a red planeswalker you control" (Chandra's Phoenix): the source matches one of `tests`."""

    tests: tuple[Pred, ...]


@frozen
class DiscardedByOpponentTrigger:
    """"When a spell or ability an opponent controls causes you to discard ~" (Guerrilla
    Tactics): it triggers from the graveyard the card was discarded to."""


@frozen
class PlayerEventTrigger:
    """"Whenever a player (you, an opponent) draws / discards a card / gains life"."""

    kind: str  # "draw", "discard", "life_gain", "land_mana" (taps a land for mana)
    who: str


@frozen
class CounterRemovedTrigger:
    """"Whenever a +1/+1 counter is removed from ~": once for each counter removed."""

    kind: str


@frozen
class NextEndStep:
    """A delayed trigger's condition: the beginning of the next end step (or `step`)."""

    step: str = "end"


@frozen
class NextEndOfCombat:
    """A delayed trigger's condition: the beginning of the next end of combat step."""


@frozen
class Never:
    """Triggers only when the engine puts it on the stack itself (2009 keyword triggers)."""


@frozen
class PlayerDealtDamageTrigger:
    """"Whenever an opponent is dealt noncombat damage" (Chandra's Spitfire): `who` "an
    opponent", "you" or "a player"."""

    who: str
    noncombat: bool = False


@frozen
class SelfDealtDamageTrigger:
    """"Whenever a source deals damage to ~" (Belltower Sphinx)."""


@frozen
class CreatureAttacksYouTrigger:
    """"Whenever a creature without flying attacks you or a planeswalker you control" (Circle
    of Flame): `test` on the attacking creature."""

    test: Pred


@frozen
class TargetedByOpponentTrigger:
    """"Whenever ~ becomes the target of a spell or ability an opponent controls" (Frost Titan)."""


@frozen
class EitherTrigger:
    """"Whenever ~ enters the battlefield or attacks" (the Titans): one ability, two trigger
    events."""

    first: ZoneChangeTrigger | CombatTrigger
    second: ZoneChangeTrigger | CombatTrigger


@frozen
class EntersUnderControlTrigger:
    """"Whenever a creature enters the battlefield under your control" / "under an opponent's
    control" (`whose` "you" or "opponent"); `other`: "another creature"; `min_power`: "with
    power 3 or greater" (its power as it entered)."""

    whose: str
    other: bool = False
    min_power: int | None = None


@frozen
class NoPermanentsWithCounter:
    """"When you control no permanents with phylactery counters on them": a state trigger
    (2014 603.8 / 2009 410.11), checked whenever a player would receive priority."""

    kind: str


@frozen
class EnchantedLandTappedForMana:
    """"Whenever enchanted land is tapped for mana" (Overgrowth): a triggered mana ability
    (605.1b / 406.1), resolved as the land's mana ability does (605.4a / 411.3), without the stack."""


@frozen
class CombatTriggerOf:
    """A `CombatTrigger` kind ("deals combat damage to a player or planeswalker") about one
    object, bound as an effect creates the delayed trigger ("Whenever that creature ... this
    turn", Hunter's Insight)."""

    kind: str
    object_id: int


@frozen
class BecomesTappedTrigger:
    """"Whenever a creature an opponent controls becomes tapped" (`who` "any", `test` the
    permanent's test), "When enchanted permanent becomes tapped" (`who` "enchanted")."""

    who: str
    test: Pred | None = None


@frozen
class CombatDamageToYouTrigger:
    """"Whenever combat damage is dealt to you or a planeswalker you control" (Vengeful
    Pharaoh): once for each combat damage step in which it is (510.2 / 310.4)."""


TriggerCondition = (
    ZoneChangeTrigger | StepTrigger | CombatTrigger | CastTrigger | PlayerEventTrigger | TargetedTrigger | NextEndStep
    | CounterRemovedTrigger | Never | EntersUnderControlTrigger | EitherTrigger
    | NextEndOfCombat | PlayerDealtDamageTrigger | SelfDealtDamageTrigger | CreatureAttacksYouTrigger
    | TargetedByOpponentTrigger | DiesDealtDamageBySelf | NoPermanentsWithCounter | EnchantedLandTappedForMana
    | DiscardedByOpponentTrigger | OpponentDealtDamageByTrigger
    | BecomesTappedTrigger | CombatDamageToYouTrigger | CombatTriggerOf
)


# ------------------------------------------------------------------ static abilities


class Layer(IntEnum):
    """The layers continuous effects apply in (2014 613.1-613.3; 2009 418.5a): copy, control,
    text, type, color, ability, then the power/toughness sublayers 7a-7e (2009's 6a-6e, ordered
    by rules.engine.continuous.layers)."""

    COPY = 1
    CONTROL = 2
    TEXT = 3
    TYPE = 4
    COLOR = 5
    ABILITY = 6
    PT_CDA = 7  # 7a / 6a (2014 613.3a-e, 2009 418.5a)
    PT_SET = 8  # 7b / 6b
    PT_MODIFY = 9  # 7c / 6b (resolved spells) and 6d (static abilities)
    PT_COUNTERS = 10  # 7d / 6c
    PT_SWITCH = 11  # 7e / 6e


class Restriction(StrEnum):
    """A restriction or requirement on an object that names itself (2014 508.1c-d, 509.1b-c,
    602.5 / 2009 308.2, 309.2, 403.4); its value is its name on the object's characteristics."""

    CANT_ATTACK = "cant_attack"
    CANT_BLOCK = "cant_block"
    CANT_ATTACK_OR_BLOCK = "cant_attack_or_block"
    UNBLOCKABLE = "unblockable"
    CANT_ATTACK_ALONE = "cant_attack_alone"
    CANT_BLOCK_ALONE = "cant_block_alone"
    CANT_ATTACK_OR_BLOCK_ALONE = "cant_attack_or_block_alone"
    MUST_ATTACK = "must_attack"
    LURE = "lure"  # "All creatures able to block ~ do so" (509.1c / 309.2c)
    BLOCK_ANY_NUMBER = "block_any_number"
    BLOCK_ADDITIONAL = "block_additional"
    ASSIGN_AS_THOUGH_UNBLOCKED = "assign_as_though_unblocked"  # Rhox (510.1c / 310.2e)
    DOESNT_UNTAP = "doesnt_untap"  # 502.2 / 302.2
    UNCOUNTERABLE = "uncounterable"  # "This spell can't be countered"
    CANT_ACTIVATE = "cant_activate"  # Ice Cage: its activated abilities, mana abilities too
    CANT_ACTIVATE_NONMANA = "cant_activate_nonmana"  # Pithing Needle
    CANT_REGENERATE = "cant_regenerate"  # "can't be regenerated this turn" (701.12 / 419.6b)

    def __repr__(self) -> str:
        """As its text, as messages showing restrictions read before it was an enum."""
        return str.__repr__(self)


@frozen
class AffectsGroup:
    """Creatures matching `test` (on base characteristics), `other` than the source if said."""

    test: Pred
    other: bool = False


@frozen
class AffectsAttached:
    """The permanent the source is attached to."""


@frozen
class AffectsSelf:
    pass


@frozen
class AffectsSelfUnlessDefenderHas:
    """The source, while no opponent controls a permanent with this land subtype."""

    subtype: str


@frozen
class AffectsChosenName:
    """Objects with the name its source chose as it entered ("sources with the chosen name")."""


@frozen
class AffectsAllCreatures:
    pass


@frozen
class AffectsYourCreatures:
    pass


@frozen
class AffectsSelfAndGroup:
    """"~ and other Vampire creatures you control": the source, and creatures matching `test`."""

    test: Pred


@frozen
class AffectsSelfUnlessOpponentDamaged:
    """The source, unless an opponent of its controller has been dealt damage this turn
    ("~ can't attack unless an opponent has been dealt damage this turn")."""


@frozen
class AffectsSelfUnlessCount:
    """The source, while fewer than `n` permanents on the battlefield have this land subtype
    ("~ can't attack unless there are five or more Islands on the battlefield")."""

    subtype: str
    n: int


@frozen
class AffectsYourPermanents:
    """"Lands you control have ...": the controller's permanents matching `test` (any type)."""

    test: Pred


@frozen
class AffectsYourChosenType:
    """"Other creatures you control of the chosen type" (Adaptive Automaton): the creature type
    its source chose as it entered."""

    other: bool = False


@frozen
class AffectsEachPermanent:
    """"Each noncreature artifact ..." (March of the Machines), "All lands are Islands ..."
    (Stormtide Leviathan): every permanent matching `test`, whoever controls it."""

    test: Pred


Affects = (
    AffectsGroup | AffectsAttached | AffectsSelf | AffectsSelfUnlessDefenderHas | AffectsAllCreatures
    | AffectsYourCreatures | AffectsChosenName | AffectsSelfAndGroup | AffectsSelfUnlessOpponentDamaged
    | AffectsSelfUnlessCount | AffectsYourPermanents
    | AffectsEachPermanent | AffectsYourChosenType
)


@frozen
class BonusPerSubtypeYouControl:
    """"+P/+T for each Plains you control" (subtypes as the type layer leaves them)."""

    subtype: str
    power: int
    toughness: int


@frozen
class BonusPerSharedCreatureType:
    """+1/+1 for each other creature that shares a creature type with it (types as the type
    layer leaves them)."""


@frozen
class BonusPerSameName:
    """+1/+1 for each other creature on the battlefield with its name."""


@frozen
class BonusPerPermanent:
    """"~ gets +1/+1 for each enchantment on the battlefield" (types as the type layer leaves them)."""

    test: Pred
    power: int
    toughness: int


Bonus = BonusPerSubtypeYouControl | BonusPerSharedCreatureType | BonusPerSameName | BonusPerPermanent


@frozen
class CountSubtypeCDA:
    """Power and toughness each equal to the number of permanents with a subtype you control."""

    subtype: str


@frozen
class LifeTotalCDA:
    """Power and toughness each equal to its controller's life total."""


@frozen
class GraveyardCardsCDA:
    """"~'s power and toughness are each equal to the number of creature cards in all graveyards"."""

    test: Pred


@frozen
class LinkedTotalCDA:
    """"~'s power is equal to the total power of the exiled cards and its toughness is equal to
    their total toughness" (Sutured Ghoul): the cards its "as enters" ability exiled (607.2a /
    407.1); printed values, "*" counting 0."""

    key: str = "exiled"


CDA = CountSubtypeCDA | LifeTotalCDA | GraveyardCardsCDA | LinkedTotalCDA


# continuous effects of static abilities (611.3), each applying in one layer (613 / 418.5)


@frozen
class ControlAffected:
    """"You control enchanted creature" (Mind Control): a control-changing effect (layer 2), for
    the ability's controller, on what it affects."""

    layer: ClassVar[Layer] = Layer.CONTROL


@frozen
class AddTypes:
    """"Each noncreature artifact is an artifact creature ..." (March of the Machines): card
    types added (layer 4)."""

    types: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.TYPE


@frozen
class AddSubtypes:
    """"Enchanted creature ... is an Angel in addition to its other types", "All lands are Islands
    in addition to their other types" (layer 4): subtypes added; a basic land type brings its mana
    ability (305.6 / 212.6g)."""

    subtypes: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.TYPE


@frozen
class AddChosenCreatureType:
    """"~ is the chosen type in addition to its other types" (Adaptive Automaton, layer 4): the
    creature type its source chose as it entered."""

    layer: ClassVar[Layer] = Layer.TYPE


@frozen
class SetChosenLandType:
    """"Enchanted land is the chosen type" (layer 4, 305.7): its land types replaced by the one
    its source chose."""

    layer: ClassVar[Layer] = Layer.TYPE


@frozen
class GrantKeywords:
    """"Creatures you control have flying" (layer 6): each grant one more instance."""

    keywords: tuple[Keyword, ...]
    layer: ClassVar[Layer] = Layer.ABILITY


@frozen
class RemoveKeywords:
    """"Enchanted creature ... loses flying" (layer 6): every instance of each."""

    keywords: tuple[Keyword, ...]
    layer: ClassVar[Layer] = Layer.ABILITY


@frozen
class GrantChosenProtection:
    """"~ has protection from the chosen color" (Voice of All, layer 6)."""

    layer: ClassVar[Layer] = Layer.ABILITY


@frozen
class GrantAbilities:
    """'Enchanted creature has "{T}: This creature deals 1 damage to any target."' (layer 6):
    activated or triggered abilities (rules.cards.model) granted."""

    abilities: tuple[Any, ...]
    layer: ClassVar[Layer] = Layer.ABILITY


@frozen
class DefinePT:
    """"~'s power and toughness are each equal to ..." (a characteristic-defining ability, 604.3:
    layer 7a / 6a), working in every zone."""

    cda: CDA
    layer: ClassVar[Layer] = Layer.PT_CDA


@frozen
class SetPTToManaValue:
    """"... with power and toughness each equal to its converted mana cost" (March of the
    Machines): P/T set (7b / 6b), not characteristic-defining."""

    layer: ClassVar[Layer] = Layer.PT_SET


@frozen
class ModifyPT:
    """"Creatures you control get +1/+1" (7c / 6d)."""

    power: int
    toughness: int
    layer: ClassVar[Layer] = Layer.PT_MODIFY


@frozen
class PTBonus:
    """"~ gets +1/+1 for each ..." (7c / 6d): counted as the layers go."""

    bonus: Bonus
    layer: ClassVar[Layer] = Layer.PT_MODIFY


LayeredEffect = (ControlAffected | AddTypes | AddSubtypes | AddChosenCreatureType | SetChosenLandType | GrantKeywords
                 | RemoveKeywords | GrantChosenProtection | GrantAbilities | DefinePT | SetPTToManaValue | ModifyPT
                 | PTBonus)


@frozen
class EntersTappedUnless:
    """"enters the battlefield tapped unless you control a Swamp or a Mountain" (614.1c)."""

    subtypes: tuple[str, ...]


@frozen
class EntersWithCounters:
    """"~ enters the battlefield with three wish counters on it" / "with X +1/+1 counters"
    (614.1c / 419.1c): part of the event of entering, not a trigger."""

    kind: str
    amount: Amount
    if_opponent_damaged: bool = False  # bloodthirst: "If an opponent was dealt damage this turn" (702.53a / 502.50a)


@frozen
class PreventOneFromOpponents:
    """"If a source an opponent controls would deal damage to you, prevent 1 of that damage"."""


@frozen
class PreventNoncombatToAttached:
    """"Prevent all noncombat damage that would be dealt to equipped creature"."""


@frozen
class PreventToSelfRemoveCounters:
    """"If damage would be dealt to ~, prevent that damage and remove that many +1/+1 counters
    from it" (a prevention effect with an additional effect, 615.5 / 419.7e)."""

    kind: str = "+1/+1"


@frozen
class PreventToYouDuringYourTurn:
    """"During your turn, prevent all damage that would be dealt to you" (Personal Sanctuary)."""


@frozen
class DoubleDamageFromYourSpells:
    """"If a red instant or sorcery spell you control would deal damage, it deals double that
    damage instead" (Fire Servant, 614.1a / 419.1a): spells matching `test`."""

    test: Pred


@frozen
class PreventToAndFromAttached:
    """"Prevent all damage that would be dealt to and dealt by enchanted creature" (Heart of Light)."""


@frozen
class RedirectToAttached:
    """"All damage that would be dealt to you is dealt to enchanted creature instead" (Pariah,
    a redirection, 614.9 / 419.6c)."""


@frozen
class PreventAllToSelf:
    """"Prevent all damage that would be dealt to ~" (Cho-Manno, Revolutionary)."""


@frozen
class DoubleAllDamage:
    """"If a source would deal damage to a creature or player, it deals double that damage to
    that creature or player instead" (Furnace of Rath, 614.1a / 419.1a)."""


@frozen
class DamageCantBePrevented:
    """"Damage can't be prevented" (Leyline of Punishment): every prevention effect still
    applies but prevents nothing (615.12 / 103.2)."""


@frozen
class OthersEnterTapped:
    """"Artifacts and lands enter the battlefield tapped" (Root Maze, 614.1c / 419.1c): the card
    types of the permanents it applies to."""

    types: tuple[str, ...]


@frozen
class GraveyardToLibrary:
    """"If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its
    owner's library instead" (614.1a / 419.1a)."""


@frozen
class OpponentsGraveyardToExile:
    """"If a card would be put into an opponent's graveyard from anywhere, exile it instead"
    (Leyline of the Void, 614.1a / 419.1a)."""


@frozen
class DiscardedToBattlefield:
    """"If a spell or ability an opponent controls causes you to discard ~, put it onto the
    battlefield instead of putting it into your graveyard" (Obstinate Baloth, 614.1a / 419.1a)."""


@frozen
class DrawInstead:
    """"If you would draw a card, you may instead ..." (Abundance, 614.1a / 419.1a): what the
    player does instead, carried out by `rules.engine.resolution.drawing` ("land_or_nonland")."""

    instead: str


@frozen
class AsEntersChoose:
    """"As ~ enters the battlefield, choose a basic land type" (614.12 / 419.1c): what is chosen
    as it enters ("basic land type", "card name", "color", "creature type"), remembered with it."""

    what: str


@frozen
class AsEntersExile:
    """"As ~ enters the battlefield, exile any number of creature cards from your graveyard"
    (Sutured Ghoul, 614.12): the cards it may exile, remembered with it as "exiled" (607.2a / 407.1)."""

    test: Pred


@frozen
class AsEntersCounter:
    """"As ~ enters the battlefield, put a phylactery counter on an artifact you control"
    (Phylactery Lich, 614.12): the counter's kind, and what it may go on."""

    kind: str
    test: Pred


@frozen
class EntersAsCopy:
    """"You may have ~ enter the battlefield as a copy of any creature on the battlefield" (a
    copy effect, 706 / 503, applied as it enters, 614.1c / 419.1c): what it may copy; with
    "except it's an Illusion in addition to its other types and it gains "..."" (Phantasmal
    Image), the exceptions, part of its copiable values (706.9a / 503.9)."""

    test: Pred
    adds_subtypes: tuple[str, ...] = ()
    adds_abilities: tuple[Any, ...] = ()  # the abilities it gains (rules.cards.model), compiled like any line


# prevention effects of static abilities (615 / 419.7), which "damage can't be prevented" beats
DamagePrevention = (PreventOneFromOpponents | PreventNoncombatToAttached | PreventToSelfRemoveCounters
                    | PreventToYouDuringYourTurn | PreventAllToSelf | PreventToAndFromAttached)
# what static abilities do to damage about to be dealt: prevent it, double it, redirect it (614.1a / 614.9)
DamageModification = DamagePrevention | DoubleDamageFromYourSpells | DoubleAllDamage | RedirectToAttached
# how a permanent enters the battlefield (614.1c / 419.1c)
EnteringModification = EntersTappedUnless | EntersWithCounters | OthersEnterTapped
# what happens as a permanent enters, asked of its controller (614.12 / 614.1c): rules.engine.resolution.entering
AsEntersEffect = AsEntersChoose | AsEntersExile | AsEntersCounter | EntersAsCopy
# where a card goes instead of a graveyard (614.1a / 419.1a)
GraveyardReplacement = GraveyardToLibrary | OpponentsGraveyardToExile | DiscardedToBattlefield
# the replacement and prevention effects a static ability generates (614 / 419): the engine
# finds them in play by kind (rules.engine.changes.static_replacements)
ReplacementEffect = (DamageModification | DamageCantBePrevented | EnteringModification | AsEntersEffect
                     | GraveyardReplacement | DrawInstead)


class PlayerRule(StrEnum):
    """A rule of the game changed for a player (2014 613.10 / 2009 418.5k), as static abilities
    and resolved effects say it; its value is its name in the engine's state and view."""

    NO_MAX_HAND_SIZE = "no_max_hand_size"  # 402.2 / 217.3b
    CANT_GAIN_LIFE = "cant_gain_life"
    CAST_AS_THOUGH_FLASH = "cast_as_though_flash"  # Leyline of Anticipation (702.8a)
    ADDITIONAL_LAND = "additional_land"  # Rites of Flourishing (305.2 / 212.6e)
    HEXPROOF = "hexproof"  # Leyline of Sanctity (702.11b)
    SHROUD = "shroud"  # True Believer (702.18 / 502.4)
    LANDS_FROM_GRAVEYARD = "lands_from_graveyard"  # Crucible of Worlds
    CAST_TOP_CREATURE = "cast_top_creature"  # Garruk's Horde
    UNTAP_DURING_OTHERS = "untap_during_others"  # Seedborn Muse
    POOLS_DONT_EMPTY = "pools_dont_empty"  # Upwelling
    ONE_SPELL_EACH_TURN = "one_spell_each_turn"  # Rule of Law
    CANT_CAST = "cant_cast"
    CANT_CAST_CREATURES = "cant_cast_creatures"  # Steel Golem
    CANT_ATTACK_WITH_CREATURES = "cant_attack_with_creatures"
    CANT_ACTIVATE_ARTIFACTS_CREATURES_ENCHANTMENTS = "cant_activate_artifacts_creatures_enchantments"
    CREATURE_SPELLS_UNCOUNTERABLE = "creature_spells_uncounterable"  # Gaea's Herald
    HAND_REVEALED = "hand_revealed"  # Telepathy (701.13a)
    TOP_REVEALED = "top_revealed"  # Vampire Nocturnus
    CANT_LOSE = "cant_lose"  # Platinum Angel (104.3b)
    CANT_WIN = "cant_win"
    # rules that depend on the turn so far, each giving the rules above as things stand
    # (rules.engine.continuous.player_rules): Angelic Arbiter's two, Grand Abolisher's
    CAST_THEN_CANT_ATTACK = "cast_then_cant_attack"
    ATTACKED_THEN_CANT_CAST = "attacked_then_cant_cast"
    YOUR_TURN_CANT_CAST_OR_ACTIVATE = "your_turn_cant_cast_or_activate"


class RuleFor(StrEnum):
    """Whom a static ability's rule applies to, from its controller's point of view."""

    YOU = "you"
    OPPONENTS = "opponents"
    EVERYONE = "everyone"


@frozen
class RuleForPlayers:
    """"You have no maximum hand size", "Your opponents play with their hands revealed",
    "Players can't gain life": a rule of the game changed for some players (2014 613.10 /
    2009 418.5k)."""

    rule: PlayerRule
    players: RuleFor = RuleFor.YOU




# restrictions that name which blockers may or may not block (509.1b / 500.3)
@frozen
class BlockedOnlyBy:
    test: Pred
    text: str


@frozen
class NotBlockedBy:
    test: Pred
    text: str


@frozen
class MaxBlockers:
    n: int
    text: str


@frozen
class BlocksOnly:
    """"~ can block only creatures with flying" (Skywinder Drake): a restriction on the blocker
    (509.1b / 309.2b), `test` on the attacker it would block."""

    test: Pred
    text: str


@frozen
class UntargetableBy:
    """"~ can't be the target of blue or black spells" (Karplusan Strider): spells matching `test`;
    with `abilities`, also abilities from sources matching it ("nongreen spells or abilities from
    nongreen sources", Gaea's Revenge)."""

    test: Pred
    text: str
    abilities: bool = False


# what a restriction or requirement on an object is: a named one (Restriction), or one that
# carries a test or a number
AnyRestriction = Restriction | BlockedOnlyBy | NotBlockedBy | MaxBlockers | BlocksOnly | UntargetableBy


@frozen
class Restricted:
    """"~ can't block", "Enchanted creature can't attack or block", "~ can't be blocked except by
    black creatures", "All creatures able to block ~ do so": a restriction or requirement on what
    the ability affects (on its source, when it affects nothing else). On the characteristics
    of what it affects (the ability layer, as the engine keeps them), read by combat, untapping,
    targeting and activating."""

    restriction: AnyRestriction
    layer: ClassVar[Layer] = Layer.ABILITY


@frozen
class AttackTax:
    """"Creatures can't attack you unless their controller pays {2} for each creature they
    control that's attacking you" (Windborn Muse, 508.1g / 308.2d): the generic mana each
    creature attacking its controller costs."""

    amount: int


# restrictions and requirements (2014 508.1c-d, 509.1b-c, 602.5 / 2009 308.2, 309.2, 403.4)
RestrictionEffect = Restricted | AttackTax


@frozen
class DeckLimit:
    """"A deck can have any number of cards named ~" (ANY_NUMBER) or "up to seven" (2014 100.2a
    / 2009 100.2): how many copies a deck may hold."""

    limit: int


@frozen
class BeginOnBattlefield:
    """"If ~ is in your opening hand, you may begin the game with it on the battlefield" (the
    Leylines, 2014 103.6 / 2009 101.5): asked once every player has kept an opening hand."""


# rules about building a deck and starting the game: they work outside any game's layers
DeckRule = DeckLimit | BeginOnBattlefield


# ------------------------------------------------------------------ costs


@frozen
class SacrificeCost:
    """"Sacrifice a Goblin": what to sacrifice, and the test a permanent must pass."""

    what: str
    test: Pred


@frozen
class AlternativeCost:
    """"You may pay 6 life and sacrifice three black creatures rather than pay this spell's mana
    cost" (Demon of Death's Gate, 2014 118.9 / 2009 409.1b): life to pay, and how many of what
    to sacrifice."""

    life: int = 0
    sacrifice: SacrificeCost | None = None
    count: int = 0


@frozen
class CostsMorePerExtraTarget:
    """"This spell costs {1} more to cast for each target beyond the first" (601.2e / 409.1f):
    the generic mana each target beyond the first adds."""

    amount: int


@frozen
class SpendOnlyOnX:
    """"Spend only black mana on X" (601.2g / 409.1h): the colors X may be paid with."""

    colors: str


@frozen
class SacrificeAllAsCost:
    """"As an additional cost to cast ~, sacrifice all creatures you control" (601.2f / 409.1f):
    the kind of permanent sacrificed ("creature"), remembered as "the sacrificed creatures"."""

    kind: str


@frozen
class SacrificeAsCost:
    """"As an additional cost to cast ~, sacrifice a Goblin" (601.2b, 601.2h / 409.1b, 409.1h):
    what is sacrificed, chosen as the spell is cast; remembered as "the sacrificed creature"."""

    cost: SacrificeCost


@frozen
class OpponentsSpellsCostMore:
    """"Artifact and enchantment spells your opponents cast cost {2} more to cast" (Aura of
    Silence, 601.2e / 409.1f): which spells, judged on their printed characteristics, and how
    much more."""

    test: Pred
    amount: int


@frozen
class CostsLessIfOutnumbered:
    """"If an opponent controls at least four more creatures than you, this spell costs {6} less
    to cast" (Avatar of Might, 601.2e / 409.1f): how many more creatures, how much less."""

    more: int
    less: int


# what casting a spell costs (601.2b-g / 409.1b-h): a static ability of the spell itself, or of
# a permanent for other spells (OpponentsSpellsCostMore); AlternativeCost is "rather than pay
# this spell's mana cost" (2014 118.9 / 2009 409.1b)
CastingCostEffect = (CostsMorePerExtraTarget | SpendOnlyOnX | SacrificeAllAsCost | SacrificeAsCost
                     | OpponentsSpellsCostMore | CostsLessIfOutnumbered | AlternativeCost)

# one effect a static ability generates, of one kind (611.3 / 613 / 614): a continuous effect
# in its layer, a replacement or prevention effect (as-enters and copy effects among them), a
# restriction or requirement, a rule for players, what casting a spell costs, a deck rule
StaticEffect = (LayeredEffect | ReplacementEffect | RestrictionEffect | RuleForPlayers | CastingCostEffect
                | DeckRule)
