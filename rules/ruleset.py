"""The two rule systems the engine implements, and every place they differ.

The engine never branches on a year: it asks the game's `Ruleset` for a flag, a rule
number to cite, or a word to show players.  Rule numbers are in the numbering of that
ruleset (2014: the post-Magic 2010 Comprehensive Rules; 2009: the rules of 1 February 2009).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Concept -> (2014 rule, 2009 rule).  Keep the keys stable: the log, the client and the
# rules reference all look them up.
_CITES: dict[str, tuple[str, str]] = {
    # starting the game
    "shuffle": ("103.1", "101.1"),
    "starting_player": ("103.2", "101.2"),
    "starting_life": ("103.3", "101.3"),
    "opening_hand": ("103.4", "101.3"),
    "mulligan": ("103.4", "101.4"),
    "skip_first_draw": ("103.7a", "101.6a"),
    # winning and losing
    "concede": ("104.3a", "102.3a"),
    "win": ("104.2a", "102.2a"),
    "draw_game": ("104.4a", "102.4a"),
    # turn structure
    "new_turn": ("500.1", "300.1"),
    "step_ends": ("500.2", "300.2"),
    "mana_empties": ("500.4", "300.3"),
    "mana_burn": ("", "300.3"),
    "until_end_of_step": ("500.5", "300.4"),
    "untap": ("502.2", "302.2"),
    "upkeep": ("503.1", "303.1"),
    "draw_step": ("504.1", "304.1"),
    "main_phase": ("505.4", "305.3"),
    "declare_attackers": ("508.1", "308.1"),
    "declare_blockers": ("509.1", "309.1"),
    "no_attackers_skip": ("508.8", "308.5"),
    "combat_damage": ("510.2", "310.4"),
    "combat_damage_stack": ("", "310.1"),
    "first_strike_step": ("510.4", "310.5"),
    "damage_order": ("509.2", ""),
    "damage_order_blocker": ("509.3", ""),
    "assign_in_order": ("510.1c", "310.2c"),
    "trample": ("702.19b", "502.9b"),
    "assign_blocked": ("510.1c", "310.2c"),
    "trample_no_blockers": ("702.19c", "502.9c"),
    "assign_unblocked": ("510.1b", "310.2b"),
    "first_strike": ("702.7b", "502.2b"),
    "double_strike": ("702.4b", "502.28b"),
    "deathtouch": ("702.2b", "502.63a"),
    "lifelink": ("702.15b", "502.68a"),
    "indestructible": ("702.12b", ""),  # 2009: a glossary term only ("Indestructible")
    "attack_restriction": ("508.1c", "500.2"),
    "attack_requirement": ("508.1d", "500.2"),
    "block_restriction": ("509.1b", "500.3"),
    "block_requirement": ("509.1c", "500.3"),
    "redirect_to_planeswalker": ("306.7", "212.9g"),
    "end_of_combat": ("511.3", "311.2"),
    "end_step": ("513.1", "313.1"),
    "cleanup_discard": ("514.1", "314.1"),
    "cleanup_damage": ("514.2", "314.2"),
    "cleanup_priority": ("514.3a", "314.3"),
    # priority, casting, resolving
    "priority": ("116.3", "408.1b"),
    "priority_after_cast": ("116.3c", "408.1c"),
    "priority_pass": ("116.3d", "408.1c"),
    "all_passed": ("116.4", "408.1c"),
    "timing_instant": ("116.1a", "408.1d"),
    "timing_sorcery": ("307.1", "212.7a"),
    "timing_creature": ("302.1", "212.3a"),
    "timing_artifact": ("301.1", "212.2a"),
    "timing_enchantment": ("303.1", "212.4a"),
    "timing_planeswalker": ("306.1", "212.9a"),
    "play_land": ("305.1", "212.6b"),
    "land_per_turn": ("305.2", "212.6c"),
    "land_special_action": ("115.2a", "408.2d"),
    "cast_announce": ("601.2a", "409.1a"),
    "cast_modes": ("601.2b", "409.1b"),
    "cast_targets": ("601.2c", "409.1c"),
    "cast_total_cost": ("601.2e", "409.1f"),
    "cast_mana_abilities": ("601.2f", "409.1g"),
    "cast_pay": ("601.2g", "409.1h"),
    "cast_done": ("601.2h", "409.1i"),
    "activate": ("602.2", "409.1"),
    "activate_tap_sick": ("302.6", "212.3f"),
    "mana_ability": ("605.3b", "411.1"),
    "resolve": ("608.2", "413.2"),
    "resolve_targets": ("608.2b", "413.2a"),
    "resolve_permanent": ("608.3", "413.2i"),
    "resolve_instant": ("608.2k", "413.2i"),
    "counter": ("701.5a", "414.1"),
    "target_distinct": ("114.3", "409.1c"),
    "target_legal": ("114.1", "409.1c"),
    "hexproof": ("702.11b", ""),
    "shroud": ("702.18a", "502.36a"),
    "protection": ("702.16b", "502.7b"),
    "protection_damage": ("702.16e", "502.7e"),
    "protection_block": ("702.16f", "502.7f"),
    "illegal_action": ("717.1", "422.1"),
    "cost_unpayable": ("601.2g", "409.1h"),
    "sorcery_speed_ability": ("602.5d", "403.5"),
    "loyalty_once": ("606.3", "212.9f"),
    "loyalty_cost": ("606.4", "212.9f"),
    # triggers
    "trigger": ("603.2", "410.2"),
    "trigger_apnap": ("603.3b", "410.3"),
    "trigger_may": ("603.5", "410.5"),
    "trigger_targets": ("603.3d", "410.4"),
    "trigger_leaves": ("603.10", "410.10"),
    "delayed_trigger": ("603.7", "404.4"),
    # continuous effects
    "continuous": ("611.2", "418.3a"),
    "static": ("611.3a", "418.4a"),
    "layers": ("613.1", "418.5a"),
    "until_end_of_turn": ("514.2", "314.2"),
    "zone_change_new_object": ("400.7", "217.1c"),
    # state-based actions (704.5 / 420.5)
    "sba": ("704.3", "420.3"),
    "sba_life": ("704.5a", "420.5a"),
    "sba_draw_empty": ("704.5b", "420.5g"),
    "sba_poison": ("704.5c", "420.5h"),
    "sba_token": ("704.5d", "420.5f"),
    "sba_copy": ("704.5e", "420.5j"),
    "sba_toughness": ("704.5f", "420.5b"),
    "sba_lethal_damage": ("704.5g", "420.5c"),
    "sba_deathtouch": ("704.5h", ""),
    "sba_loyalty": ("704.5i", "420.5p"),
    "sba_planeswalker_unique": ("704.5j", "420.5q"),
    "sba_legend": ("704.5k", "420.5e"),
    "sba_world": ("704.5m", "420.5i"),
    "sba_aura": ("704.5n", "420.5d"),
    "sba_equipment": ("704.5p", "420.5k"),
    "sba_unattach": ("704.5q", "420.5m"),
    "sba_counters": ("704.5r", "420.5n"),
    "sba_counter_limit": ("704.5s", ""),
    # keywords
    "flying": ("702.9b", "502.4b"),
    "reach": ("702.17b", "502.70b"),
    "landwalk": ("702.14c", "502.6b"),
    "haste": ("702.10b", "502.5b"),
    "defender": ("702.3b", "502.41b"),
    "summoning_sickness": ("302.6", "212.3f"),
    "tokens_owner": ("110.5a", "216.1"),
    "draw": ("120.1", "423.1"),
    "discard": ("701.7a", "217.4"),
    "destroy": ("701.6a", "501.4a"),
    "regenerate": ("701.12a", "501.5a"),
    "damage": ("119.3", "212.3g"),
    "damage_player": ("119.3a", "215.2"),
    "life": ("118.3", "215.3"),
    "exile": ("406.1", "217.7a"),
    "sacrifice": ("701.14a", "217.4"),
    # effects of the card pool (rules.effects, rules.zone_effects, rules.replacement)
    "counters": ("121.1", "200.10"),
    "uncounterable": ("101.2", "103.2"),
    "cant": ("101.2", "103.2"),
    "control_change": ("613.1b", "418.5a"),
    "search": ("701.16a", "217.2b"),
    "shuffle_library": ("701.17a", "217.2b"),
    "reveal": ("701.13a", "217.3c"),
    "mill": ("404.1", "217.4a"),
    "library_top": ("401.1", "217.2a"),
    "put_onto_battlefield": ("110.2", "214.1"),
    "doesnt_untap": ("502.2", "302.2"),
    "extra_turn": ("500.7", "300.6"),
    "max_hand_size": ("402.2", "217.3b"),
    "etb_replacement": ("614.1c", "419.1c"),
    "prevention": ("615.1", "419.7a"),
}

# Words shown to players that changed with Magic 2010.
_WORDS: dict[str, tuple[str, str]] = {
    "battlefield": ("the battlefield", "play"),
    "onto_battlefield": ("onto the battlefield", "into play"),
    "enters": ("enters the battlefield", "comes into play"),
    "on_battlefield": ("on the battlefield", "in play"),
    "exile": ("exile", "the removed-from-the-game zone"),
    "exiled": ("exiled", "removed from the game"),
    "cast": ("casts", "plays"),
    "be_cast": ("cast", "played"),
    "be_activated": ("activated", "played"),
    "loyalty_limited": ("a loyalty ability", "an activated ability"),  # 606.3 / 212.9f
    "activate": ("activates", "plays"),
    "dies": ("dies", "is put into a graveyard from play"),
    "end_step": ("end step", "end of turn step"),
}

SBA_LETTERS_2014 = "abcdefghijkmnpqrs"  # 704.5a-s (the CR skips the letters l and o)
SBA_LETTERS_2009 = "abcdefghijkmnpq"  # 420.5a-q (no 420.5l, no 420.5o)


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
    token_owner_is_effect_controller: bool
    counters_after_static_modifiers: bool
    sba_letters: str
    _index: int = field(repr=False, default=0)

    def cite(self, concept: str) -> str:
        """The rule number for `concept` in this ruleset's numbering ("" when it has none)."""
        return _CITES[concept][self._index]

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
    token_owner_is_effect_controller=False,
    counters_after_static_modifiers=False,
    sba_letters=SBA_LETTERS_2014,
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
    token_owner_is_effect_controller=True,
    counters_after_static_modifiers=True,
    sba_letters=SBA_LETTERS_2009,
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
