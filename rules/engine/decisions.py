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


# what each kind of target spec may be: a player, a permanent, a spell, a card in a graveyard
_TARGET_SORTS: dict[str, tuple[str, ...]] = {
    "player": ("player",), "opponent": ("player",), "any": ("permanent", "player"),
    "player_or_planeswalker": ("permanent", "player"), "spell": ("spell",), "card_graveyard": ("card",),
}

# every shape of decision the engine asks (see `Decision.shape`)
SHAPES = frozenset({
    "priority", "mulligan", "bottom", "attackers", "blockers", "discard", "yesno", "order_triggers",
    "order_blockers:attacker", "order_blockers:blocker", "assign_damage:creatures", "assign_damage:with_player",
    "targets:permanent", "targets:permanent+player", "targets:player", "targets:card",
    "choose:object:battlefield", "choose:object:library", "choose:object:hand", "choose:object:player",
    "choose:keep", "choose:color",
})


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

    @property
    def shape(self) -> str:
        """The kind and, where one kind carries different sorts of options, which sort:
        `choose:object:library`, `targets:card`, `assign_damage:with_player`.  A client needs
        a flow for every shape in `SHAPES`; tests check both that it has one and that the
        engine asks nothing else."""
        if self.kind == "choose":
            how = self.data.get("kind", "words")
            if how != "object":
                return f"choose:{how}"
            if any(isinstance(i, str) for i in self.data.get("ids", ())):
                return "choose:object:player"
            return "choose:object:" + self.data.get("zones", ("battlefield",))[0]
        if self.kind == "order_blockers":
            return "order_blockers:" + ("attacker" if "attacker" in self.data else "blocker")
        if self.kind == "assign_damage":
            with_player = self.data.get("trample") or not all(isinstance(r, int) for r in self.data["recipients"])
            return "assign_damage:" + ("with_player" if with_player else "creatures")
        if self.kind == "targets":
            sorts = sorted({s for spec in self.data["specs"] for s in _TARGET_SORTS.get(spec.kind, ("permanent",))})
            return "targets:" + "+".join(sorts)
        return self.kind

    def describe(self) -> str:
        return f"{self.player} to choose {KIND_WORDS[self.kind]}: {self.prompt}"
