"""The board as one player sees it: the view split into the zones the screen draws and
moves through, plus lookups from an object or player to where it is drawn.

Built once per decision (not per key press), so moving the selection is cheap.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules import Game, UnknownCard, get_card
from rules.engine.api.view_types import CardView, GameView, PlayerView, StackItemView
from rules.play.assist import graveyard_abilities, playable_from_other_zones

from .grouping import CardFacts, Group, display_names, group_battlefield

ZONES = ("hand", "mine", "theirs", "stack", "log", "phases")


@dataclass
class Board:
    view: GameView
    viewer: str
    me: PlayerView
    them: PlayerView
    hand: list[CardView]  # the hand, then cards usable from elsewhere (their `zone` says where)
    mine: list[Group]
    theirs: list[Group]
    stack: tuple[StackItemView, ...]
    log: list[Any]
    their_hand: tuple[CardView, ...] | None = None  # open-hand practice only
    names: dict[Any, str] | None = None  # every permanent's id -> the name the screen shows it by

    def targets_of(self, index: int) -> frozenset[int | str]:
        """What the stack object at `index` (top first) targets: permanent ids and player names."""
        if not 0 <= index < len(self.stack):
            return frozenset()
        return frozenset(self.stack[index].target_ids)

    def items(self, zone: str) -> Sequence[Any]:
        zones: dict[str, Sequence[Any]] = {"hand": self.hand, "mine": self.mine, "theirs": self.theirs,
                                           "stack": self.stack, "log": self.log}
        return zones.get(zone, [])

    def display_order(self) -> list[Any]:
        """Every choosable thing in the order the screen shows it, top to bottom: the
        opponent, their permanents, yours, you, the stack, your hand."""
        out: list[Any] = [self.them.name]
        out += [i for g in self.theirs for i in g.ids]
        out += [i for g in self.mine for i in g.ids]
        out.append(self.me.name)
        out += [it.id for it in self.stack]
        out += [c.id for c in self.hand]
        return out

    def group_of(self) -> dict[int, tuple[int, ...]]:
        return {i: g.ids for g in self.theirs + self.mine for i in g.ids}


def build_board(game: Game, viewer: str, *, folded: bool, open_hands: bool = False, fold_alike: bool = True,
                labels: Mapping[str, str] | None = None) -> Board:
    """The board `viewer` sees.  `folded`: routine log lines left out; `fold_alike`: identical
    permanents other than lands drawn as one (not while a picker gives each its letter);
    `labels`: players the log names otherwise when they act ("bob (computer) casts ...")."""
    view = game.view(viewer, log=False)  # the log is drawn from game.log, folded and labelled below
    players = view.players
    me = view.player(viewer)
    them = next((p for p in players if p.name != viewer), me)
    everyone = [c for p in players for c in p.battlefield]
    names = {c.id: c.name for c in everyone}
    log = [e for e in game.log if not (folded and routine(e)) and e.to in (None, viewer)]  # private lines: the looker's
    if labels:
        log = labelled_log(game, log, labels)
    their_hand = them.hand if them is not me else None  # revealed (Telepathy)
    if their_hand is None and open_hands and them is not me:
        their_hand = game.view(them.name, log=False).player(them.name).hand
    # cards whose abilities work from the graveyard (Magma Phoenix) are listed after the hand
    usable = set(graveyard_abilities(game, viewer)) if viewer == me.name else set()
    # and cards they may play from elsewhere: graveyard lands (Crucible of Worlds), a revealed top card (Garruk's Horde)
    usable |= set(playable_from_other_zones(game, viewer)) if viewer == me.name else set()
    hand = list(me.hand or ()) + [c for c in me.graveyard if c.id in usable]
    top = me.library_top
    if top is not None and top.id in usable:
        hand.append(top)
    active = view.active
    return Board(view, viewer, me, them, hand,
                 group_battlefield(me.battlefield, names, everyone=everyone, active=active, fold_alike=fold_alike),
                 group_battlefield(them.battlefield, names, everyone=everyone, active=active, fold_alike=fold_alike),
                 view.stack, log, their_hand, display_names(everyone))


def labelled_log(game: Game, log: list[Any], labels: Mapping[str, str]) -> list[Any]:
    """The log with each labelled player named by its label where it acts (copies of the
    lines that change: the game's own log stays as the engine wrote it)."""
    cards = {o.name for o in game.objects.values()}
    out = []
    for e in log:
        text = e.text
        for player, label in labels.items():
            text = actor_labelled(text, player, label, cards)
        out.append(e if text == e.text else replace(e, text=text))
    return out


def actor_labelled(text: str, player: str, label: str, cards: Iterable[str] = ()) -> str:
    """`text` with `player` named `label` where the line begins with them acting ("bob casts
    ..."): their name as a whole word, and not where the line begins with a card's name that
    begins like it ("Serra Angel attacks" when a player is named Serra)."""
    if not text.startswith(player + " "):
        return text
    if any(text.startswith(card) for card in cards if card.startswith(player + " ")):
        return text
    return label + text[len(player):]


# log lines that say nothing happened: folded with the routine events the engine marks minor
NOTHING_HAPPENED = re.compile(r" untaps 0 permanents\b| has no creature able to attack\b")


def routine(entry: Any) -> bool:
    """Whether a log line is folded away (f shows it): the engine's routine bookkeeping
    (passes, steps ending) and the lines that report that nothing happened."""
    return bool(entry.minor or NOTHING_HAPPENED.search(entry.text))


def card_facts(name: str) -> CardFacts:
    """A card's printed facts by name, for things the view names but doesn't describe (a
    spell or ability on the stack)."""
    try:
        c = get_card(name)
    except UnknownCard:
        return CardFacts(name)
    return CardFacts(c.name, str(c.mana_cost) if c.mana_cost else "", str(c.type_line), c.text,
                     tuple(c.unsupported), c.power, c.toughness)
