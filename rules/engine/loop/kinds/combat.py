"""The homes of combat's decisions (2014 numbers; the refusals cite the ruleset's own):
attackers (508.1), blockers (509.1), a damage assignment order (509.2-3) and the combat
damage assignment (510.1)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

from ...changes.damage import lethal_damage
from ...combat.combat import (
    Declaration,
    attack_declarations,
    block_declarations,
    can_block,
    check_assign,
    check_attackers,
    check_blockers,
    max_blocks,
    most_block_requirements,
)
from ...core import actions as A
from ...core.decisions import AttackersDecision, BlockerOrderDecision, BlockersDecision, DamageAssignmentDecision
from ...core.state import GameState
from .home import Home, not_an_answer
from .words import ordered_objects


def _sample(make: Callable[[], Declaration], check: Callable[[Declaration], None],
            fallback: Callable[[], Declaration], tries: int = 30) -> Declaration:
    """A random candidate that passes the engine's own check (restrictions and requirements
    make some random declarations illegal), else a constructed legal one."""
    for _ in range(tries):
        candidate = make()
        try:
            check(candidate)
            return candidate
        except A.IllegalAction:
            continue
    return fallback()


# ------------------------------------------------------------------ attackers
def _attacks(state: GameState, d: AttackersDecision) -> Iterator[A.Action]:
    yield from attack_declarations(d)


def _check_attack(state: GameState, d: AttackersDecision, action: A.Action) -> Any:
    if isinstance(action, A.DeclareAttackers):
        return check_attackers(state, d, action)
    raise not_an_answer(d)


def _random_attack(state: GameState, d: AttackersDecision, rng: random.Random) -> A.Action:
    p = d.player
    return _sample(lambda: A.DeclareAttackers(p, tuple((a, rng.choice(d.defenders))
                                                      for a in d.able if rng.random() < 0.5)),
                   lambda a: check_attackers(state, d, a), lambda: _fallback_attack(state, d))


def _fallback_attack(state: GameState, d: AttackersDecision) -> A.DeclareAttackers:
    """Every creature that must attack, attacks (with everyone able if one can't go alone)."""
    defender: A.Ref = d.defenders[0]
    whom: dict[int, A.Ref] = dict(d.required_to)  # a requirement that names whom to attack (508.1d)
    for group in (list(d.required), list(d.able), []):
        action = A.DeclareAttackers(d.player, tuple((a, whom.get(a, defender)) for a in group))
        try:
            check_attackers(state, d, action)
            return action
        except A.IllegalAction:
            continue
    return A.DeclareAttackers(d.player, ())


def _no_attack(state: GameState, d: AttackersDecision) -> A.Action:
    return A.DeclareAttackers(d.player, ())


def _able(d: AttackersDecision | BlockersDecision) -> tuple[Any, ...]:
    return d.able


ATTACKERS = Home(AttackersDecision, _attacks, _check_attack, _random_attack, _no_attack, _able)


# ------------------------------------------------------------------ blockers
def _blocks(state: GameState, d: BlockersDecision) -> Iterator[A.Action]:
    yield from block_declarations(state, d)


def _check_block(state: GameState, d: BlockersDecision, action: A.Action) -> Any:
    if isinstance(action, A.DeclareBlockers):
        return check_blockers(state, d, action)
    raise not_an_answer(d)


def _random_block(state: GameState, d: BlockersDecision, rng: random.Random) -> A.Action:
    def one() -> A.DeclareBlockers:
        blocks = []
        for b in d.able:
            bo = state.objects[b]
            can = [a for a in d.attackers if can_block(state, bo, state.objects[a]) is None]
            k = rng.randint(0, min(len(can), max_blocks(state, bo)))
            blocks += [(b, a) for a in rng.sample(can, k)]
        return A.DeclareBlockers(d.player, tuple(blocks))
    return _sample(one, lambda a: check_blockers(state, d, a), lambda: _fallback_block(state, d))


def _fallback_block(state: GameState, d: BlockersDecision) -> A.DeclareBlockers:
    """Blocks that obey as many blocking requirements as possible (509.1c)."""
    _, pairs = most_block_requirements(state, list(d.able))
    return A.DeclareBlockers(d.player, tuple(pairs))


def _no_block(state: GameState, d: BlockersDecision) -> A.Action:
    return A.DeclareBlockers(d.player, ())


BLOCKERS = Home(BlockersDecision, _blocks, _check_block, _random_block, _no_block, _able)


# ------------------------------------------------------------------ a damage assignment order
def _orders(state: GameState, d: BlockerOrderDecision) -> Iterator[A.Action]:
    yield from (A.Order(d.player, order) for order in itertools.permutations(d.items))


def _check_order(state: GameState, d: BlockerOrderDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Order):
        raise not_an_answer(d)
    if not (len(action.items) == len(d.items) and set(action.items) == set(d.items)):
        raise A.IllegalAction(f"name each of the {len(d.items)} choices exactly once",
                              state.rules.cite("damage_order"))
    return None


def _random_order(state: GameState, d: BlockerOrderDecision, rng: random.Random) -> A.Action:
    items = list(d.items)
    rng.shuffle(items)
    return A.Order(d.player, tuple(items))


def _as_offered(state: GameState, d: BlockerOrderDecision) -> A.Action:
    return A.Order(d.player, d.items)


def _items(d: BlockerOrderDecision) -> tuple[Any, ...]:
    return d.items


def _read_order(state: GameState, d: BlockerOrderDecision, player: str, verb: str, rest: str) -> A.Action | None:
    """`order NAME, NAME`: the creatures being ordered, by name."""
    if verb != "order":
        return None
    return A.Order(player, ordered_objects(state, rest, list(d.items)))


BLOCKER_ORDER = Home(BlockerOrderDecision, _orders, _check_order, _random_order, _as_offered, _items,
                     read=_read_order)


# ------------------------------------------------------------------ combat damage assignment
def _assignments(state: GameState, d: DamageAssignmentDecision) -> Iterator[A.Action]:
    for parts in _compositions(d.amount, len(d.recipients)):
        yield A.Assign(d.player, tuple(zip(parts, d.recipients, strict=True)))


def _compositions(total: int, n: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as an ordered sum of `n` whole numbers (0 allowed)."""
    if n == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, n - 1):
            yield (first, *rest)


def _check_assignment(state: GameState, d: DamageAssignmentDecision, action: A.Action) -> Any:
    if isinstance(action, A.Assign):
        return check_assign(state, d, action)
    raise not_an_answer(d)


def _random_assignment(state: GameState, d: DamageAssignmentDecision, rng: random.Random) -> A.Action:
    amount, recipients = d.amount, list(d.recipients)
    for _ in range(20):
        cuts = sorted(rng.randint(0, amount) for _ in range(len(recipients) - 1))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [amount], strict=True)]
        action = A.Assign(d.player, tuple((n, r) for n, r in zip(parts, recipients, strict=True)))
        try:
            check_assign(state, d, action)
            return action
        except A.IllegalAction:
            continue
    return lethal_first(state, d)


def lethal_first(state: GameState, d: DamageAssignmentDecision) -> A.Assign:
    """The assignment that gives each recipient in order the damage that is lethal to it
    and the rest to the last one (510.1c): always legal, and what a player usually wants."""
    src = state.known(d.source)
    left, out = d.amount, []
    for r in d.recipients[:-1]:
        o = state.objects.get(r) if isinstance(r, int) else None
        need = min(left, lethal_damage(state, o, src, d.assigned(r))) if o is not None else 0
        out.append((need, r))
        left -= need
    out.append((left, d.recipients[-1]))
    return A.Assign(d.player, tuple(out))


def _recipients(d: DamageAssignmentDecision) -> tuple[Any, ...]:
    return d.recipients


DAMAGE_ASSIGNMENT = Home(DamageAssignmentDecision, _assignments, _check_assignment, _random_assignment,
                         lethal_first, _recipients)
