"""Decisions: what the engine is waiting for.  `Game.decision` is one of these; the client
and the scenario runner read it, and `Game.act` takes the answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import actions as A

# kind -> the action types that answer it
ANSWERS: dict[str, tuple[type, ...]] = {
    "priority": (A.Pass, A.PlayLand, A.Cast, A.Activate),
    "mulligan": (A.Keep, A.Mulligan),
    "bottom": (A.Choose,),
    "attackers": (A.DeclareAttackers,),
    "blockers": (A.DeclareBlockers,),
    "order_blockers": (A.Order,),
    "order_triggers": (A.Order,),
    "assign_damage": (A.Assign,),
    "discard": (A.Discard,),
    "targets": (A.ChooseTargets,),
    "yesno": (A.YesNo,),
    "choose": (A.Choose,),
}

KIND_WORDS = {
    "priority": "an action or a pass (priority)",
    "mulligan": "keep or mulligan",
    "bottom": "cards to put on the bottom (choose)",
    "attackers": "attackers (attack)",
    "blockers": "blockers (block)",
    "order_blockers": "a damage assignment order (order)",
    "order_triggers": "an order for triggered abilities (order)",
    "assign_damage": "a combat damage assignment (assign)",
    "discard": "cards to discard (discard)",
    "targets": "targets for a triggered ability (target)",
    "yesno": "yes or no",
    "choose": "a choice (choose)",
}


@dataclass
class Decision:
    """Who must decide what.  `options` lists the legal answers where they are few and
    finite (choices among cards, triggers, yes/no); priority options come from
    `Game.legal_actions()` because they are many and costly to list."""

    kind: str
    player: str
    prompt: str
    options: list[Any] = field(default_factory=list)
    data: dict = field(default_factory=dict)

    def answered_by(self, action: A.Action) -> bool:
        return isinstance(action, ANSWERS[self.kind])

    def describe(self) -> str:
        return f"{self.player} to choose {KIND_WORDS[self.kind]}: {self.prompt}"
