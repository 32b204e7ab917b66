"""The dialogs of the game screen described without Textual: for each decision kind answered in
a dialog, its title, what it lists (options, names, cards, items to order, damage recipients)
and the action each answer builds; the same for the client's own dialogs on the way to an
action (damage divided among targets, mana sources chosen by hand).  The screen only shows a
description (mtg_tui/screens/game.py), so what each option sends is tested headless
(tests/tui/test_decision_dialogs.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules import Game
from rules.engine.api.view_types import CardView
from rules.engine.core import actions as A
from rules.engine.core.decisions import (
    BlockerOrderDecision,
    BottomDecision,
    ChooseCardsDecision,
    ChooseDecision,
    ChooseKeepDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    DamageAssignmentDecision,
    DiscardDecision,
    MulliganDecision,
    TriggerOrderDecision,
    YesNoDecision,
)
from rules.play.assist import choice_view, default_assignment, even_division, lethal_damage

from .grouping import choice_labels
from .picking import LETTERS

# the option of a search that may find nothing (701.16b), last in its dialog
FIND_NOTHING_LABEL = "find nothing"


def same(value: Any) -> Any:
    """The answer of a dialog whose options are the actions themselves."""
    return value


def lettered(items: Sequence[tuple[str, Any]], reserved: str = "") -> list[tuple[str, str, Any]]:
    """(letter, words, value) for each (words, value): the letters a menu's options are chosen by."""
    letters = [c for c in LETTERS if c not in reserved]
    return [(letters[i], label, value) for i, (label, value) in enumerate(items[:len(letters)])]


@dataclass(frozen=True, kw_only=True)
class Dialog:
    """A dialog's title and the action its answer builds; `escape_note` says what Escape does
    when it is more than closing (a cost of a spell being cast: the whole action goes)."""

    title: str
    build: Callable[[Any], A.Action] = same
    escape_note: str = ""


@dataclass(frozen=True, kw_only=True)
class Choice(Dialog):
    """One of a few options, (letter, words, value) each; `intro`: cards named above them."""

    options: list[tuple[str, str, Any]]
    intro: tuple[str, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class Names(Dialog):
    """A card name, typed and picked among many (`suggested` first)."""

    names: Sequence[str]
    suggested: Sequence[str]


@dataclass(frozen=True, kw_only=True)
class Cards(Dialog):
    """`count` of some cards (None: any number), each (id, the card or its name)."""

    cards: list[tuple[Any, CardView | str]]
    count: int | None


@dataclass(frozen=True, kw_only=True)
class Order(Dialog):
    """Some items put in order, (words, value) each; `first_word` says what the first one does."""

    items: list[tuple[str, Any]]
    first_word: str


@dataclass(frozen=True, kw_only=True)
class Assign(Dialog):
    """An amount of damage divided among recipients, (ref, name, lethal damage or None) each,
    starting from `start`."""

    recipients: list[tuple[Any, str, int | None]]
    total: int
    start: list[int] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class Division(Assign):
    """Damage divided among a spell's or ability's chosen targets as it is announced (601.2d):
    checked here (the dialog stays open on a refusal), then sent with the action."""

    action: A.Cast | A.Activate | A.ChooseTargets

    def divided(self, given: Sequence[tuple[int, Any]]) -> A.Action | str:
        """The action with the division (amount, target) `given`, or why it is refused."""
        if any(n < 1 for n, _ in given):
            return "each target must be dealt at least 1"
        if sum(n for n, _ in given) != self.total:
            return f"divide all {self.total} damage"
        return replace(self.action, division=tuple(n for n, _ in given))


def division(game: Game, action: A.Cast | A.Activate | A.ChooseTargets, total: int) -> Division:
    """The dialog dividing `total` damage among the action's targets, an even share each to begin."""
    who = game.decision.player if game.decision else action.player
    return Division(title=f"{who}: divide {total} damage", action=action, total=total,
                    recipients=[(t, game.name_of(t), None) for t in action.targets],
                    start=even_division(total, len(action.targets)))


def mana_sources(game: Game, action: A.Cast | A.Activate, sources: Sequence[int],
                 names: dict[int, str]) -> Cards:
    """`p`: the spell or ability sent with the mana sources the player picks among `sources`
    (named as the board names them, `names`)."""
    return Cards(title=f"{game.notation(action)}: tap which mana sources?", count=None,
                 cards=[(i, names.get(i) or game.name_of(i)) for i in sources],
                 build=lambda chosen: replace(action, paying=tuple(chosen)))


def decision_dialog(game: Game, hand: Sequence[CardView]) -> Dialog | None:
    """The dialog the decision now is answered in (`hand`: the cards its player sees in their
    hand), or None when it has none."""
    d = game.decision
    if d is None:
        return None
    title = f"{d.player}: {d.prompt}"
    dialog = _dialog(game, title, hand)
    if dialog is not None and game.announced_at is not None:  # a cost or choice of a spell being cast ...
        verb = "cast" if isinstance(game.record[game.announced_at], A.Cast) else "activate"
        dialog = replace(dialog, escape_note=f"Esc: don't {verb} it after all (every cost is given back)")
    return dialog


def _dialog(game: Game, title: str, hand: Sequence[CardView]) -> Dialog | None:
    """The dialog of each decision kind answered in one (mtg_tui.game_controller.DIALOG_TYPES)."""
    d = game.decision
    name = game.name_of
    match d:
        case MulliganDecision():
            return Choice(title=title, intro=tuple(c.name for c in hand),
                          options=[("k", "keep", A.Keep(d.player)), ("m", "mulligan", A.Mulligan(d.player))])
        case YesNoDecision():
            return Choice(title=title, options=[("y", "yes", A.YesNo(d.player, True)),
                                                ("n", "no", A.YesNo(d.player, False))])
        case ChooseNameDecision():  # hundreds of names: typed, filtered, picked
            player = d.player
            return Names(title=title, names=d.names, suggested=d.suggested, build=lambda v: A.Choose(player, (v,)))
        case ChooseDecision():  # the options are Choose actions: a card, a player or a word each
            return Choice(title=title, options=lettered(list(zip(choice_labels(_choice_cards(game, d)), d.choices,
                                                                 strict=True))))
        case DiscardDecision() | BottomDecision():
            by_id = {c.id: c for c in hand}
            return Cards(title=title, cards=[(i, by_id.get(i) or name(i)) for i in d.cards], count=d.count,
                         build=_cards_answer(d))
        case ChooseCardsDecision():  # up to `most` cards, none allowed
            player = d.player
            return Cards(title=f"{title} (up to {d.most})", cards=[(i, choice_view(game, i)) for i in d.cards],
                         count=None, build=lambda v: A.Choose(player, tuple(v)))
        case BlockerOrderDecision() | TriggerOrderDecision():
            return _order(game, title, d)
        case DamageAssignmentDecision():
            player = d.player
            lethal = lethal_damage(game, d)
            start = {r: n for n, r in default_assignment(game, d).assignments}
            return Assign(title=title, recipients=[(r, name(r), lethal.get(r)) for r in d.recipients],
                          total=d.amount, start=[start.get(r, 0) for r in d.recipients],
                          build=lambda v: A.Assign(player, tuple(v)))
    return None


def _choice_cards(game: Game, d: ChooseDecision) -> list[CardView | str]:
    """What each option of a choice shows: the card (objects), else its words ("find nothing"
    for the option of a search that finds nothing)."""
    objects = isinstance(d, (ChooseObjectDecision, ChooseKeepDecision))
    return [choice_view(game, o.words[0]) if objects and o.words
            else " ".join(str(w) for w in o.words) or FIND_NOTHING_LABEL for o in d.choices]


def _cards_answer(d: DiscardDecision | BottomDecision) -> Callable[[Any], A.Action]:
    """Discarding sends a Discard; putting cards on the bottom (the London mulligan) a Choose."""
    player = d.player
    if isinstance(d, DiscardDecision):
        return lambda v: A.Discard(player, tuple(v))
    return lambda v: A.Choose(player, tuple(v))


def _order(game: Game, title: str, d: BlockerOrderDecision | TriggerOrderDecision) -> Order:
    """Blockers ordered for damage (the first is assigned damage first), or triggers put on the
    stack (the first resolves first)."""
    player = d.player
    if isinstance(d, BlockerOrderDecision):
        return Order(title=title, items=[(game.name_of(i), i) for i in d.items], first_word="is assigned damage first",
                     build=lambda v: A.Order(player, tuple(v)))
    return Order(title=title, items=[(str(lab), i) for i, lab in enumerate(d.labels)], first_word="resolves first",
                 build=lambda v: A.Order(player, tuple(v)))
