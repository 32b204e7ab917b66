"""Answers for a player nobody controls: the goldfish.

A goldfish "never acts": it passes priority, keeps its hand and, if the engine ever asks it
anything else, gives the answer that does the least (no attackers, no blockers, the first
legal choice).  Clients call `goldfish_answer` in their loop so they hold no rules logic.
"""

from __future__ import annotations

from ..engine.api.game import Game
from ..engine.core import actions as A
from ..engine.core.decisions import (
    AttackersDecision,
    BlockerOrderDecision,
    BlockersDecision,
    BottomDecision,
    CastFreeDecision,
    ChooseCardsDecision,
    ChooseDecision,
    DamageAssignmentDecision,
    Decision,
    DiscardDecision,
    MulliganDecision,
    PriorityDecision,
    Ref,
    TargetsDecision,
    TriggerOrderDecision,
    YesNoDecision,
)
from ..engine.loop.legal import cast_free_options, lethal_first


def goldfish_answer(game: Game, d: Decision) -> A.Action:
    """The do-nothing legal answer to `d` (which must be the goldfish's decision)."""
    p = d.player
    match d:
        case PriorityDecision():
            return A.Pass(p)
        case MulliganDecision():
            return A.Keep(p)
        case AttackersDecision():
            return A.DeclareAttackers(p, ())
        case BlockersDecision():
            return A.DeclareBlockers(p, ())
        case YesNoDecision():
            return A.YesNo(p, False)
        case BlockerOrderDecision():
            return A.Order(p, d.items)
        case TriggerOrderDecision():
            return A.Order(p, tuple(range(len(d.labels))))
        case DiscardDecision():
            return A.Discard(p, d.cards[: d.count])
        case BottomDecision():
            return A.Choose(p, d.cards[: d.count])
        case ChooseCardsDecision():
            return A.Choose(p, ())
        case CastFreeDecision():
            return cast_free_options(game.state, d)[0]
        case ChooseDecision():
            return d.choices[0]
        case TargetsDecision():
            picks: list[Ref] = []
            for spec, legal in zip(d.specs, d.legal, strict=True):
                pool = [t for t in legal if t not in picks]
                picks += pool[: spec.fewest]
            return A.ChooseTargets(p, tuple(picks))
        case DamageAssignmentDecision():
            return lethal_first(game.state, d)
    raise TypeError(f"no goldfish answer for {d!r}")


def is_goldfish(game: Game, player: str) -> bool:
    return game.player(player).goldfish
