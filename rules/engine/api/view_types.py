"""The types of `Game.view()`: frozen dataclasses and tuples all the way down, so a client
reads a view by attribute (checked by mypy) and can't change what the engine handed it.

What only some objects have is `X | None`, with None meaning "not this kind of object": a
card's `permanent` (tapped, damage, counters, ...) is None in any zone but the battlefield,
`power`/`toughness` for a non-creature, `loyalty` for a non-planeswalker.  Counters
and mana pools stay mappings (a counter kind or a colour to a number, looked up by key), made
read-only.  `to_dict()` gives the plain form the view had as a dict, key for key, for JSON
(a card's `zone`, which the client uses, was never in it and is left out)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..loop.kinds.home import DecisionDetails

__all__ = ["CardView", "DecisionDetails", "DecisionView", "GameView", "LogLineView", "PermanentView",
           "PlayerView", "StackItemView"]


@dataclass(frozen=True, slots=True)
class PermanentView:
    """What a card shows only on the battlefield: its status, damage, counters, combat."""

    tapped: bool
    sick: bool  # summoning sick (302.6)
    damage: int
    counters: Mapping[str, int]
    attached_to: int | str | None
    keywords: tuple[str, ...]
    attacking: bool
    blocking: tuple[int, ...]
    granted: tuple[str, ...]  # keywords gained until end of turn (611.2a)
    pumped: tuple[str, ...]  # "+3/+3": P/T changes until end of turn
    regen_shields: int  # regeneration shields (701.12a)
    attacks: str | None  # whom it attacks (508.1)
    chosen: str | None = None  # what was chosen as it entered (614.12), if anything

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "tapped": self.tapped, "sick": self.sick, "damage": self.damage, "counters": dict(self.counters),
            "attached_to": self.attached_to, "keywords": list(self.keywords), "attacking": self.attacking,
            "blocking": list(self.blocking), "granted": list(self.granted), "pumped": list(self.pumped),
            "regen_shields": self.regen_shields, "attacks": self.attacks}
        if self.chosen:
            out["chosen"] = self.chosen
        return out


@dataclass(frozen=True, slots=True)
class CardView:
    """One object as a player sees it (a card in a public zone or their hand, or a token)."""

    id: int
    name: str
    ref: str  # how the notation names it
    owner: str
    controller: str
    cost: str
    type: str
    text: str
    status: str
    unsupported: tuple[str, ...]
    token: bool
    zone: str  # where it is: "hand", "battlefield", "graveyard", "library", "exile", "stack"
    permanent: PermanentView | None = None  # None: not on the battlefield
    is_creature: bool = False
    power: int | None = None  # a creature's, else None
    toughness: int | None = None
    is_planeswalker: bool = False
    loyalty: int | None = None  # a planeswalker's, else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "name": self.name, "ref": self.ref, "owner": self.owner, "controller": self.controller,
            "cost": self.cost, "type": self.type, "text": self.text, "status": self.status,
            "unsupported": list(self.unsupported), "token": self.token,
        }
        if self.permanent is not None:
            out.update(self.permanent.to_dict())
        if self.is_creature:
            out.update(power=self.power, toughness=self.toughness)
        if self.is_planeswalker:
            out["loyalty"] = self.loyalty
        return out


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player: public zones, counts of hidden ones, and their hand where the viewer may see it."""

    name: str
    life: int
    poison: int
    library: int  # how many cards
    hand_count: int
    graveyard: tuple[CardView, ...]
    exile: tuple[CardView, ...]
    pool: Mapping[str, int]  # mana by colour letter
    battlefield: tuple[CardView, ...]
    lost: bool
    hand: tuple[CardView, ...] | None = None  # None: hidden from the viewer
    library_top: CardView | None = None  # revealed ("play with the top card revealed"), else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "life": self.life, "poison": self.poison, "library": self.library,
            "hand_count": self.hand_count, "graveyard": [c.to_dict() for c in self.graveyard],
            "exile": [c.to_dict() for c in self.exile], "pool": dict(self.pool),
            "battlefield": [c.to_dict() for c in self.battlefield], "lost": self.lost,
        }
        if self.hand is not None:
            out["hand"] = [c.to_dict() for c in self.hand]
        if self.library_top is not None:
            out["library_top"] = self.library_top.to_dict()
        return out


@dataclass(frozen=True, slots=True)
class StackItemView:
    """A spell or ability on the stack (the top first in `GameView.stack`)."""

    id: int
    name: str
    kind: str  # "spell", "ability", "trigger", "combat_damage"
    controller: str
    targets: tuple[str, ...]  # as the notation names them
    target_ids: tuple[int | str, ...]  # object ids or player names

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "controller": self.controller,
                "targets": list(self.targets), "target_ids": list(self.target_ids)}


@dataclass(frozen=True, slots=True)
class DecisionView:
    """The decision the game waits for; `options` only for the player who decides."""

    kind: str
    player: str
    prompt: str
    details: DecisionDetails  # what its kind's home adds (a search that may find nothing)
    options: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "player": self.player, "prompt": self.prompt,
                               **self.details.to_dict()}
        if self.options is not None:
            out["options"] = list(self.options)
        return out


@dataclass(frozen=True, slots=True)
class LogLineView:
    """One line of the log, with the rule it applied."""

    text: str
    rule: str
    turn: int
    step: str

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "rule": self.rule, "turn": self.turn, "step": self.step}


@dataclass(frozen=True, slots=True)
class GameView:
    """Everything one viewer may see of the game (None: an observer, who sees no hand)."""

    viewer: str | None
    turn: int
    active: str
    step: str
    priority: str | None
    players: tuple[PlayerView, ...]
    stack: tuple[StackItemView, ...]
    decision: DecisionView | None
    result: str
    ruleset: str
    log: tuple[LogLineView, ...] | None = None  # None: asked for without the log

    def player(self, name: str) -> PlayerView:
        """The entry of the player called `name`."""
        return next(p for p in self.players if p.name == name)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "viewer": self.viewer, "turn": self.turn, "active": self.active, "step": self.step,
            "priority": self.priority, "players": [p.to_dict() for p in self.players],
            "stack": [s.to_dict() for s in self.stack],
            "decision": self.decision.to_dict() if self.decision is not None else None,
            "result": self.result, "ruleset": self.ruleset,
        }
        if self.log is not None:
            out["log"] = [e.to_dict() for e in self.log]
        return out
