"""Priority stops: the steps where the client hands priority to a player instead of passing
for them.  Each player has two sets, one for their own turns and one for the opponent's,
because the useful windows differ (your main phases; their attacks and end step)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.loop.turn import STEPS

DEFAULT_OWN = frozenset({"main1", "declare_blockers", "main2"})
DEFAULT_THEIRS = frozenset({"declare_attackers", "declare_blockers", "end"})
# the steps of a combat in which there is nothing to do unless a creature attacks
COMBAT_STEPS = frozenset({"declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                          "end_combat"})


@dataclass
class Stops:
    own: set[str] = field(default_factory=lambda: set(DEFAULT_OWN))
    theirs: set[str] = field(default_factory=lambda: set(DEFAULT_THEIRS))

    def has(self, own_turn: bool, step: str) -> bool:
        return step in (self.own if own_turn else self.theirs)

    def toggle(self, own_turn: bool, step: str) -> bool:
        """Flip the stop; returns whether it is now set."""
        if step not in STEPS:
            raise ValueError(step)
        s = self.own if own_turn else self.theirs
        s.symmetric_difference_update({step})
        return step in s
