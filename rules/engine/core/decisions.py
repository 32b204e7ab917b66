"""Decisions: what the engine is waiting for, one class per kind.  `Game.decision` is one of
these; its legal answers are an action space (`Game.actions`: `action in space`, `count()`,
`sample(rng)`, iteration), and `Game.act` takes the answer.  What the engine knows about each
kind (its candidates, the check of an answer, the random and the least answer, its view and
notation) is in the kind's home (`loop/kinds`); a client gives each kind its flow."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from typing import Any, ClassVar

from ...cards.frozen import frozen
from ...cards.mana import COLOR_NAMES
from ...cards.model import TargetSpec
from . import actions as A
from .objects import PendingTrigger

Ref = Any  # an object id or a player name
FIND_NOTHING = "nothing"  # the word of `choose nothing`: a search that finds no card (no card is named so)


def same_word(said: str, words: tuple[str, ...]) -> str | None:
    """The one of `words` that `said` is, matched up to case and surrounding spaces (typed
    answers are case-insensitive; the answer recorded is the word as the engine offers it)."""
    low = said.strip().lower()
    return next((w for w in words if w.lower() == low), None)


def distinct_labels(labels: Iterable[str]) -> tuple[str, ...]:
    """Labels for a decision's choices, a repeated one numbered ("Protean Hydra",
    "Protean Hydra (2)"), so the answer written with them names each choice."""
    out: list[str] = []
    for label in labels:
        unique, n = label, 2
        while unique in out:
            unique, n = f"{label} ({n})", n + 1
        out.append(unique)
    return tuple(out)


@frozen(eq=False)
class Decision:
    """Who must decide, and what they are asked."""

    kind: ClassVar[str] = ""  # the notation verb family ("priority", "choose", ...)
    answers: ClassVar[tuple[type[A.Action], ...]] = ()  # the action types that answer it
    words: ClassVar[str] = ""  # what is asked, for messages
    player: str
    prompt: str

    def answered_by(self, action: A.Action) -> bool:
        return isinstance(action, self.answers)

    def describe(self) -> str:
        return f"{self.player} to choose {self.words}: {self.prompt}"

    @property
    def shape(self) -> str:
        """The kind and, where one kind carries different sorts of options, which sort
        (`choose:object:library`, `targets:card`, `assign_damage:with_player`).  A client needs
        a flow for every shape in `SHAPES`; tests check both that it has one and that the
        engine asks nothing else."""
        return self.kind


@frozen(eq=False)
class PriorityDecision(Decision):
    """A player with priority: play a land, cast a spell, activate an ability or pass (116)."""

    kind: ClassVar[str] = "priority"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Pass, A.PlayLand, A.Cast, A.Activate, A.Manual)
    words: ClassVar[str] = "an action or a pass (priority)"


@frozen(eq=False)
class CastFreeDecision(Decision):
    """Cast `card` without paying its mana cost while something resolves ("You may play that
    card without paying its mana cost", once the player has said yes): a `cast` action for
    that card announcing its targets (and their division); X is 0 (107.3)."""

    kind: ClassVar[str] = "cast_free"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Cast,)
    words: ClassVar[str] = "a cast action for that card"
    card: int = 0


@frozen(eq=False)
class MulliganDecision(Decision):
    """Keep this hand or take a mulligan (103.4 / 101.4)."""

    kind: ClassVar[str] = "mulligan"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Keep, A.Mulligan)
    words: ClassVar[str] = "keep or mulligan"

    @property
    def choices(self) -> tuple[A.Action, ...]:
        return (A.Keep(self.player), A.Mulligan(self.player))


@frozen(eq=False)
class BottomDecision(Decision):
    """The London mulligan: put `count` of `cards` on the bottom of the library."""

    kind: ClassVar[str] = "bottom"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Choose,)
    words: ClassVar[str] = "cards to put on the bottom (choose)"
    cards: tuple[int, ...] = ()
    count: int = 0


@frozen(eq=False)
class DiscardDecision(Decision):
    """Discard `count` of `cards` (to hand size in the cleanup step, or for an effect)."""

    kind: ClassVar[str] = "discard"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Discard,)
    words: ClassVar[str] = "cards to discard (discard)"
    cards: tuple[int, ...] = ()
    count: int = 0


@frozen(eq=False)
class AttackersDecision(Decision):
    """Declare attackers (508.1): which of `able` attack, and whom among `defenders`;
    `required` must attack if they can (508.1d), those in `required_to` a particular defender."""

    kind: ClassVar[str] = "attackers"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.DeclareAttackers,)
    words: ClassVar[str] = "attackers (attack)"
    able: tuple[int, ...] = ()
    defenders: tuple[Ref, ...] = ()
    required: tuple[int, ...] = ()
    # requirements that name whom to attack ("attacks you this turn if able"): (creature, defender)
    required_to: tuple[tuple[int, Ref], ...] = ()


@frozen(eq=False)
class BlockersDecision(Decision):
    """Declare blockers (509.1): which of `able` block which of `attackers`."""

    kind: ClassVar[str] = "blockers"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.DeclareBlockers,)
    words: ClassVar[str] = "blockers (block)"
    able: tuple[int, ...] = ()
    attackers: tuple[int, ...] = ()


@frozen(eq=False)
class BlockerOrderDecision(Decision):
    """A damage assignment order (509.2-3): the blockers of `attacker`, ordered by the
    attacking player, or the attackers `blocker` blocks, ordered by the defending player."""

    kind: ClassVar[str] = "order_blockers"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Order,)
    words: ClassVar[str] = "a damage assignment order (order)"
    items: tuple[int, ...] = ()
    attacker: int | None = None
    blocker: int | None = None

    @property
    def shape(self) -> str:
        return "order_blockers:" + ("attacker" if self.attacker is not None else "blocker")


@frozen(eq=False)
class TriggerOrderDecision(Decision):
    """The order of a player's simultaneous triggered abilities (603.3b), named by `labels`;
    the answer lists their positions, the first to resolve first."""

    kind: ClassVar[str] = "order_triggers"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Order,)
    words: ClassVar[str] = "an order for triggered abilities (order)"
    labels: tuple[str, ...] = ()
    triggers: tuple[PendingTrigger, ...] = ()


@frozen(eq=False)
class DamageAssignmentDecision(Decision):
    """How the combat damage of `source` is divided among `recipients` (510.1)."""

    kind: ClassVar[str] = "assign_damage"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Assign,)
    words: ClassVar[str] = "a combat damage assignment (assign)"
    source: int = 0
    amount: int = 0
    recipients: tuple[Ref, ...] = ()
    trample: bool = False
    # damage other creatures are assigning to these recipients in the same step: it counts
    # toward lethal damage (510.1c-d / 502.9b)
    already: tuple[tuple[int, int], ...] = ()

    def assigned(self, recipient: Ref) -> int:
        return dict(self.already).get(recipient, 0) if isinstance(recipient, int) else 0

    @property
    def shape(self) -> str:
        with_player = self.trample or not all(isinstance(r, int) for r in self.recipients)
        return "assign_damage:" + ("with_player" if with_player else "creatures")


# what each kind of target spec may be: a player, a permanent, a spell, a card in a graveyard
_TARGET_SORTS: dict[str, tuple[str, ...]] = {
    "player": ("player",), "opponent": ("player",), "any": ("permanent", "player"),
    "player_or_planeswalker": ("permanent", "player"), "spell": ("spell",), "card_graveyard": ("card",),
}


@frozen(eq=False)
class TargetsDecision(Decision):
    """The targets of a triggered ability as it goes on the stack (603.3d): for each spec,
    the legal choices in `legal`."""

    kind: ClassVar[str] = "targets"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.ChooseTargets,)
    words: ClassVar[str] = "targets for a triggered ability (target)"
    specs: tuple[TargetSpec, ...] = ()
    legal: tuple[tuple[Ref, ...], ...] = ()
    trigger: PendingTrigger | None = None
    divide: int = 0  # damage the controller divides among the targets as they choose (603.3d), or 0

    @property
    def shape(self) -> str:
        sorts = sorted({s for spec in self.specs for s in _TARGET_SORTS.get(spec.kind, ("permanent",))})
        return "targets:" + "+".join(sorts) + (":divided" if self.divide else "")


@frozen(eq=False)
class YesNoDecision(Decision):
    """A "may" (603.5, 608.2d): yes or no."""

    kind: ClassVar[str] = "yesno"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.YesNo,)
    words: ClassVar[str] = "yes or no"

    @property
    def choices(self) -> tuple[A.Action, ...]:
        return (A.YesNo(self.player, True), A.YesNo(self.player, False))


@frozen(eq=False)
class ChooseDecision(Decision):
    """A choice among a few things, each answered by a `choose` action (`choices`)."""

    kind: ClassVar[str] = "choose"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Choose,)
    words: ClassVar[str] = "a choice (choose)"

    @property
    def choices(self) -> tuple[A.Choose, ...]:  # pragma: no cover - every subclass says
        raise NotImplementedError


@frozen(eq=False)
class ChooseObjectDecision(ChooseDecision):
    """One of `ids`: objects in `zones`, or a player (a planeswalker redirection, 306.7);
    `concept` names the rule that asks (a cost's sacrifice, a search...).  A search of a hidden
    zone for a card with a stated quality may also find nothing (`may_find_nothing`: the answer
    `choose nothing`, a `Choose` of no words; 701.16b)."""

    ids: tuple[Ref, ...] = ()
    zones: tuple[str, ...] = ("battlefield",)
    concept: str = ""
    may_find_nothing: bool = False

    @property
    def picks(self) -> tuple[A.Choose, ...]:
        """The answers that choose one of `ids`."""
        return tuple(A.Choose(self.player, (i,)) for i in self.ids)

    @property
    def nothing(self) -> A.Choose:
        """The answer that finds nothing (legal only where `may_find_nothing`)."""
        return A.Choose(self.player, ())

    @property
    def choices(self) -> tuple[A.Choose, ...]:
        """Every legal answer, finding nothing last (a client's or agent's first choice finds a card)."""
        return self.picks + ((self.nothing,) if self.may_find_nothing else ())

    @property
    def shape(self) -> str:
        if any(isinstance(i, str) for i in self.ids):
            return "choose:object:player"
        return "choose:object:" + self.zones[0]


@frozen(eq=False)
class ChooseKeepDecision(ChooseDecision):
    """The legend or planeswalker uniqueness rule (2014, 704.5j-k): which of `ids` to keep."""

    ids: tuple[int, ...] = ()
    concept: str = "sba_legend"

    @property
    def choices(self) -> tuple[A.Choose, ...]:
        return tuple(A.Choose(self.player, (i,)) for i in self.ids)

    @property
    def shape(self) -> str:
        return "choose:keep"


@frozen(eq=False)
class ChooseColorDecision(ChooseDecision):
    """The color of the mana a mana ability makes ("one mana of any color", 605)."""

    colors: tuple[str, ...] = ()  # "W", "U", ...

    @property
    def choices(self) -> tuple[A.Choose, ...]:
        return tuple(A.Choose(self.player, (COLOR_NAMES[c],)) for c in self.colors)

    def canonical(self, said: str) -> str | None:
        """The color `said` names ("Red", "red"), as the answer spells it, or None."""
        return same_word(said, tuple(COLOR_NAMES[c] for c in self.colors))

    @property
    def shape(self) -> str:
        return "choose:color"


@frozen(eq=False)
class ChooseWordDecision(ChooseDecision):
    """One of a few words the rules offer ("choose a basic land type" as Convincing Mirage
    enters: Plains, Island, Swamp, Mountain, Forest)."""

    options: tuple[str, ...] = ()
    concept: str = ""

    @property
    def choices(self) -> tuple[A.Choose, ...]:
        return tuple(A.Choose(self.player, (w,)) for w in self.options)

    def canonical(self, said: str) -> str | None:
        """The option `said` means ("island" is Island), as offered, or None."""
        return same_word(said, self.options)

    @property
    def shape(self) -> str:
        return "choose:word"


@frozen(eq=False)
class ChooseNameDecision(ChooseDecision):
    """A card name ("As Pithing Needle enters the battlefield, choose a card name"; "that
    player chooses a card name"): any name of a card in the card database (2014 201.3),
    `suggested` being the names of the cards in this game.  The answer is one `choose`
    word, the whole name ("choose Prodigal Pyromancer")."""

    names: tuple[str, ...] = field(default=(), repr=False)
    suggested: tuple[str, ...] = ()
    concept: str = "name_card"

    @property
    def choices(self) -> tuple[A.Choose, ...]:
        return tuple(A.Choose(self.player, (n,)) for n in self.names)

    def canonical(self, said: str) -> str | None:
        """The name `said` means (names are matched up to case), or None."""
        return same_word(said, self.names)

    @property
    def shape(self) -> str:
        return "choose:name"


@frozen(eq=False)
class ChooseCardsDecision(Decision):
    """Up to `most` of `cards`, cards in `zone` ("Choose up to seven face-up exiled cards you
    own"), answered by one `choose` action naming them all (none is an answer too); the
    order named is the order asked for, where the effect cares (the first on top)."""

    kind: ClassVar[str] = "choose"
    answers: ClassVar[tuple[type[A.Action], ...]] = (A.Choose,)
    words: ClassVar[str] = "cards (choose, or choose none)"
    cards: tuple[int, ...] = ()
    most: int = 1
    zone: str = "exile"
    concept: str = ""

    @property
    def shape(self) -> str:
        return "choose:cards:" + self.zone


# every class of decision the engine asks, and the shapes they come in
DECISION_TYPES: tuple[type[Decision], ...] = (
    PriorityDecision, MulliganDecision, BottomDecision, DiscardDecision, AttackersDecision, BlockersDecision,
    BlockerOrderDecision, TriggerOrderDecision, DamageAssignmentDecision, TargetsDecision, YesNoDecision,
    ChooseObjectDecision, ChooseKeepDecision, ChooseColorDecision, ChooseWordDecision, ChooseNameDecision,
    ChooseCardsDecision, CastFreeDecision,
)
ANSWERS: dict[str, tuple[type[A.Action], ...]] = {cls.kind: cls.answers for cls in DECISION_TYPES}
SHAPES = frozenset({
    "priority", "mulligan", "bottom", "attackers", "blockers", "discard", "yesno", "order_triggers",
    "order_blockers:attacker", "order_blockers:blocker", "assign_damage:creatures", "assign_damage:with_player",
    "targets:permanent", "targets:permanent+player", "targets:player", "targets:card",
    "targets:permanent+player:divided",
    "choose:object:battlefield", "choose:object:library", "choose:object:hand", "choose:object:player",
    "choose:object:graveyard",
    "choose:keep", "choose:color", "choose:word", "choose:name", "choose:cards:exile", "cast_free",
    "choose:cards:library",  # revealed cards of a library, separated into piles (Sphinx of Uthuun)
    "choose:cards:graveyard",  # Sutured Ghoul: creature cards exiled from the graveyard as it enters
})
