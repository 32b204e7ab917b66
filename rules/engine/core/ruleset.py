"""The two rule systems the engine implements, and every place they differ.

The engine never branches on a year: it asks the game's `Ruleset` for a flag, a rule
number to cite, or a word to show players.  Rule numbers are in the numbering of that
ruleset (2014: the post-Magic 2010 Comprehensive Rules; 2009: the rules of 1 February 2009).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...reference.citations import CITES

# Words shown to players that changed with Magic 2010.
_WORDS: dict[str, tuple[str, str]] = {
    "battlefield": ("the battlefield", "play"),
    "onto_battlefield": ("onto the battlefield", "into play"),
    "enters": ("enters the battlefield", "comes into play"),
    "on_battlefield": ("on the battlefield", "in play"),
    "exile": ("exile", "the removed-from-the-game zone"),
    "exiled": ("exiled", "removed from the game"),
    "exiling": ("exiling", "removing from the game"),
    "cast": ("casts", "plays"),
    "be_cast": ("cast", "played"),
    "be_activated": ("activated", "played"),
    "loyalty_limited": ("a loyalty ability", "an activated ability"),  # 606.3 / 212.9f
    "activate": ("activates", "plays"),
    "dies": ("dies", "is put into a graveyard from play"),
    "end_step": ("end step", "end of turn step"),
}


@dataclass(frozen=True)
class Ruleset:
    """Everything that depends on which rules the game is played under."""

    name: str
    mana_burn: bool
    pool_empties_each_step: bool
    default_mulligan: str
    combat_damage_uses_stack: bool
    damage_assignment_order: bool
    deathtouch_is_trigger: bool
    lifelink_is_trigger: bool
    legend_rule_keeps_one: bool
    planeswalker_rule_keeps_one: bool
    _index: int = field(repr=False, default=0)

    def cite(self, concept: str) -> str:
        """The rule number for `concept` in this ruleset's numbering ("" when it has none)."""
        return CITES[concept][self._index]

    def word(self, key: str) -> str:
        """A word or phrase as players of this era said it."""
        return _WORDS[key][self._index]

    @property
    def sba_prefix(self) -> str:
        return "704.5" if self._index == 0 else "420.5"


RULES_2014 = Ruleset(
    name="2014",
    mana_burn=False,
    pool_empties_each_step=True,
    default_mulligan="paris",
    combat_damage_uses_stack=False,
    damage_assignment_order=True,
    deathtouch_is_trigger=False,
    lifelink_is_trigger=False,
    legend_rule_keeps_one=True,
    planeswalker_rule_keeps_one=True,
    _index=0,
)

RULES_2009 = Ruleset(
    name="2009",
    mana_burn=True,
    pool_empties_each_step=False,
    default_mulligan="sequential",
    combat_damage_uses_stack=True,
    damage_assignment_order=False,
    deathtouch_is_trigger=True,
    lifelink_is_trigger=True,
    legend_rule_keeps_one=False,
    planeswalker_rule_keeps_one=False,
    _index=1,
)

RULESETS = {"2014": RULES_2014, "2009": RULES_2009}
MULLIGANS = ("sequential", "paris", "london")


def get_ruleset(name: str | int) -> Ruleset:
    """Look a ruleset up by name ("2014" or "2009")."""
    key = str(name)
    if key not in RULESETS:
        raise ValueError(f"unknown ruleset {name!r}: choose 2014 or 2009")
    return RULESETS[key]
