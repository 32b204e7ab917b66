"""Carrying out "becomes a [color] [creature type] with base power and toughness N/N" and
"loses all abilities" (rules.engine.continuous.becomes holds their layer parts)."""

from __future__ import annotations

from collections.abc import Iterable

from ...cards.ir import BecomesCreatureType
from ...cards.mana import COLOR_NAMES
from ..continuous.effect_store import add_effect
from ..core.objects import ContinuousEffect
from ..core.state import EffectContext, GameState


def becomes_creature_type(state: GameState, ctx: EffectContext, which: Iterable[int | None],
                          effect: BecomesCreatureType) -> None:
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if not ids:
        return
    add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "eot",
                                       set_pt=(effect.power, effect.toughness), grants=effect.grants,
                                       set_colors=frozenset(effect.colors) if effect.colors else None,
                                       set_creature_types=effect.creature_types, loses_all=effect.loses_all))
    what = " ".join([COLOR_NAMES[c] for c in effect.colors] + list(effect.creature_types))
    loses = "loses all abilities and " if effect.loses_all else ""
    gains = f" and gains {', '.join(effect.grants)}" if effect.grants else ""
    for i in ids:
        state.log_event(f"{state.objects[i].name} {loses}becomes a {what} with base power and toughness "
                        f"{effect.power}/{effect.toughness}{gains} until end of turn", "continuous")
