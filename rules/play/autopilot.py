"""Answers for a player nobody controls: the goldfish.

A goldfish "never acts": it passes priority, keeps its hand and, if the engine ever asks it
anything else, gives the answer that does the least (no attackers, no blockers, the first
legal choice).  Clients call `goldfish_answer` in their loop so they hold no rules logic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.decisions import Decision

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game


def goldfish_answer(game: "Game", d: Decision) -> A.Action:
    """The do-nothing legal answer to `d` (which must be the goldfish's decision)."""
    p = d.player
    if d.kind == "priority":
        return A.Pass(p)
    if d.kind == "mulligan":
        return A.Keep(p)
    if d.kind == "attackers":
        return A.DeclareAttackers(p, ())
    if d.kind == "blockers":
        return A.DeclareBlockers(p, ())
    if d.kind == "yesno":
        return A.YesNo(p, False)
    if d.kind in ("order_blockers",):
        return A.Order(p, tuple(d.options))
    if d.kind == "order_triggers":
        return A.Order(p, tuple(range(len(d.options))))
    if d.kind == "discard":
        return A.Discard(p, tuple(d.options[: d.data["count"]]))
    if d.kind == "bottom":
        return A.Choose(p, tuple(d.options[: d.data["count"]]))
    if d.kind == "choose":
        return d.options[0]
    if d.kind == "targets":
        picks: list = []
        for spec, legal in zip(d.data["specs"], d.options):
            pool = [t for t in legal if t not in picks]
            picks += pool[: 0 if spec.up_to else spec.count]
        return A.ChooseTargets(p, tuple(picks))
    if d.kind == "assign_damage":
        from .assist import default_assignment
        return default_assignment(game, d)
    raise ValueError(f"no goldfish answer for {d.kind}")


def is_goldfish(game: "Game", player: str) -> bool:
    return game.player(player).goldfish
