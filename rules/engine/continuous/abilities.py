"""Questions about an object's abilities as its characteristics give them: its activated
abilities and whether they can be activated, a spell's ability and targets, summoning
sickness, the creatures on the battlefield."""

from __future__ import annotations

from ...cards.ir import Keyword, PlayerRule, Restriction
from ...cards.model import ActivatedAbility, SpellAbility, TargetSpec
from ..core.objects import Obj
from ..core.state import GameState
from .attachments import aura_target_spec
from .characteristics import chars
from .player_rules import player_rules


def activated_abilities(state: GameState, o: Obj) -> list[ActivatedAbility]:
    return chars(state, o).activated


def activated_ability(state: GameState, o: Obj, index: int, modes: tuple[int, ...] = ()) -> ActivatedAbility:
    """Its `index`th activated ability (1-based) as activated with `modes` chosen: a modal
    ability's effect and targets are those of the chosen mode (2014 700.2a / 2009 409.1b)."""
    ab = activated_abilities(state, o)[index - 1]
    if len(modes) == 1 and 1 <= modes[0] <= len(ab.modes):
        return ab.with_mode(modes[0])
    return ab


def can_activate_abilities(state: GameState, o: Obj) -> bool:
    """False under "its activated abilities can't be activated" (Ice Cage), mana abilities too;
    and for an artifact, creature or enchantment whose controller "can't activate abilities of
    artifacts, creatures, or enchantments" (Grand Abolisher)."""
    ch = chars(state, o)
    if Restriction.CANT_ACTIVATE in ch.restrictions:
        return False
    return not (("Artifact" in ch.types or "Creature" in ch.types or "Enchantment" in ch.types)
                and PlayerRule.CANT_ACTIVATE_ARTIFACTS_CREATURES_ENCHANTMENTS in player_rules(state, o.controller))


def can_activate_ability(state: GameState, o: Obj, ab: ActivatedAbility) -> bool:
    """False under Ice Cage's "its activated abilities can't be activated", and under Pithing
    Needle's "... can't be activated unless they're mana abilities" for an ability that isn't
    a mana ability (605.1a / 411.1)."""
    restrictions = chars(state, o).restrictions
    return Restriction.CANT_ACTIVATE not in restrictions and (ab.is_mana
                                                             or Restriction.CANT_ACTIVATE_NONMANA not in restrictions)


def spell_ability(o: Obj) -> SpellAbility | None:
    return o.card.spell_ability


def spell_targets(o: Obj) -> tuple[TargetSpec, ...]:
    """What a spell targets as it is cast: its spell ability's targets, an Aura's enchant."""
    ab = spell_ability(o)
    if ab is not None:
        return ab.targets
    aura = aura_target_spec(o)
    return (aura,) if aura else ()


def is_summoning_sick(state: GameState, o: Obj) -> bool:
    """A creature that hasn't been under its controller's control continuously since their
    most recent turn began can't attack or use {T} abilities, unless it has haste (302.6)."""
    ch = chars(state, o)
    if "Creature" not in ch.types or Keyword.HASTE in ch.keywords:
        return False
    if o.since_turn == -1:
        return False
    return o.since_turn >= state.player(o.controller).last_turn


def creatures(state: GameState, controller: str | None = None) -> list[Obj]:
    return [o for o in state.permanents(controller) if chars(state, o).is_type("Creature")]
