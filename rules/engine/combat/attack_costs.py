"""Costs to attack (2014 508.1g-i / 2009 308.2d-f): "Creatures can't attack you unless their
controller pays {2} for each creature he or she controls that's attacking you" (Windborn
Muse).  The attacking player declares the attack and pays the total, mana abilities
activated automatically; a declaration whose cost can't be paid is illegal, and a
requirement never obliges a player to pay (508.1d / 500.2)."""

from __future__ import annotations

from typing import Any

from ...cards.ir import AttackTax
from ...cards.mana import ManaCost, parse_cost
from ..changes.payment import pay_mana, plan_payment
from ..core import actions as A
from ..core.state import GameState


def attack_cost(state: GameState, attacks: dict[int, Any]) -> int:
    """The generic mana the declared attacks cost: each "attack tax" counts the attackers
    attacking its controller."""
    total = 0
    for oid in state.battlefield:
        o = state.objects[oid]
        for tax in o.card.effects_of(AttackTax):
            total += tax.amount * sum(1 for defender in attacks.values() if defender == o.controller)
    return total


def taxed(state: GameState, aid: int, defender: Any) -> bool:
    """Would `aid` attacking `defender` cost something?"""
    return attack_cost(state, {aid: defender}) > 0


def attack_cost_problem(state: GameState, player: str, attacks: dict[int, Any]) -> A.IllegalAction | None:
    """Why `player` can't pay for the attacks declared, or None."""
    n = attack_cost(state, attacks)
    if not n:
        return None
    try:
        plan_payment(state, player, parse_cost(f"{{{n}}}") or ManaCost(), None)
    except A.IllegalAction:
        return A.IllegalAction(f"{player} can't pay {{{n}}} to attack with these creatures",
                               state.rules.cite("attack_cost"))
    return None


def pay_attack_cost(state: GameState, player: str, attacks: dict[int, Any]) -> None:
    n = attack_cost(state, attacks)
    if not n:
        return
    cost = parse_cost(f"{{{n}}}") or ManaCost()
    pay_mana(state, player, plan_payment(state, player, cost, None), cost)
    state.log_event(f"{player} pays {{{n}}} to attack", "attack_cost", player=player)
