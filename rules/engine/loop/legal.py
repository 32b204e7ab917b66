"""Enumerating legal actions: every answer to a priority decision, and random legal answers
to the other decisions (the simulator's agent and the client's menus use these).

Every action listed here has passed the same check `Game.act` applies, so the list is
exactly what the rules allow (up to a cap on target combinations per card)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

from ..changes.damage import lethal_damage
from ..combat.combat import (
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
from ..continuous.abilities import spell_ability, spell_targets
from ..core import actions as A
from ..core.decisions import (
    AttackersDecision,
    BlockerOrderDecision,
    BlockersDecision,
    BottomDecision,
    CastFreeDecision,
    ChooseCardsDecision,
    ChooseDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    DamageAssignmentDecision,
    Decision,
    DiscardDecision,
    MulliganDecision,
    PriorityDecision,
    TargetsDecision,
    TriggerOrderDecision,
    YesNoDecision,
)
from ..core.state import GameState
from ..resolution.division import divisions
from ..resolution.free_cast import check_cast_free
from .priority_moves import divisions_for, priority_options, sample_priority, target_combos
from .validate import validate

__all__ = ["ActionSpace", "cast_free_options", "lethal_first", "random_answer", "target_combos"]


def cast_free_options(state: GameState, d: CastFreeDecision) -> list[A.Action]:
    """Every legal `cast` of the card a `CastFreeDecision` offers (its targets and division)."""
    o = state.objects[d.card]
    spell = spell_ability(o)
    out: list[A.Action] = []
    for targets in target_combos(state, spell_targets(o), d.player, o):
        for division in divisions_for(spell.effect if spell else (), targets, 0):
            action = A.Cast(d.player, o.id, targets, division=division)
            try:
                check_cast_free(state, d, action)
                out.append(action)
            except A.IllegalAction:
                pass
    return out


def random_answer(state: GameState, d: Decision, rng: random.Random) -> A.Action:
    """A random legal answer to any decision (the simulator's agent; `ActionSpace.sample`)."""
    p = d.player
    match d:
        case PriorityDecision():
            return sample_priority(state, p, rng)
        case CastFreeDecision():
            return rng.choice(cast_free_options(state, d))
        case ChooseNameDecision():  # mostly the name of a card in the game, now and then any name
            names = d.suggested if d.suggested and rng.random() < 0.9 else d.names
            return A.Choose(p, (rng.choice(names),))
        case ChooseObjectDecision():  # a card, even where nothing may be found: its games play as before
            return rng.choice(list(d.picks))
        case MulliganDecision() | YesNoDecision() | ChooseDecision():
            return rng.choice(list(d.choices))
        case ChooseCardsDecision():
            return A.Choose(p, tuple(rng.sample(list(d.cards), rng.randint(0, min(d.most, len(d.cards))))))
        case DiscardDecision():
            return A.Discard(p, tuple(rng.sample(list(d.cards), d.count)))
        case BottomDecision():
            return A.Choose(p, tuple(rng.sample(list(d.cards), d.count)))
        case AttackersDecision():
            return _sample(lambda: A.DeclareAttackers(p, tuple((a, rng.choice(d.defenders))
                                                              for a in d.able if rng.random() < 0.5)),
                           lambda a: check_attackers(state, d, a), lambda: _fallback_attack(state, d))
        case BlockersDecision():
            def one() -> A.DeclareBlockers:
                blocks = []
                for b in d.able:
                    bo = state.objects[b]
                    can = [a for a in d.attackers if can_block(state, bo, state.objects[a]) is None]
                    k = rng.randint(0, min(len(can), max_blocks(state, bo)))
                    blocks += [(b, a) for a in rng.sample(can, k)]
                return A.DeclareBlockers(p, tuple(blocks))
            return _sample(one, lambda a: check_blockers(state, d, a), lambda: _fallback_block(state, d))
        case BlockerOrderDecision():
            items = list(d.items)
            rng.shuffle(items)
            return A.Order(p, tuple(items))
        case TriggerOrderDecision():
            idx = list(range(len(d.labels)))
            rng.shuffle(idx)
            return A.Order(p, tuple(idx))
        case TargetsDecision() if d.divide:
            return _random_division(d, rng)
        case TargetsDecision():
            picks: list[Any] = []
            for spec, legal in zip(d.specs, d.legal, strict=True):
                pool = [t for t in legal if t not in picks]
                n = min(spec.count, len(pool))
                picks += rng.sample(pool, n)
            return A.ChooseTargets(p, tuple(picks))
        case DamageAssignmentDecision():
            return _random_assignment(state, d, rng)
    raise TypeError(f"no random answer for {d!r}")


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


def _random_division(d: TargetsDecision, rng: random.Random) -> A.ChooseTargets:
    """Random targets for an ability that divides damage, and a random division of it among
    them (each at least 1, 601.2d)."""
    (spec,), (legal,) = d.specs, d.legal  # the templates give a divided ability one target spec
    most = min(spec.most(len(legal)), d.divide)
    k = rng.randint(min(max(spec.fewest, 1), most), most)
    targets = tuple(rng.sample(list(legal), k))
    if k < 2:
        return A.ChooseTargets(d.player, targets)
    cuts = sorted(rng.sample(range(1, d.divide), k - 1))
    parts = tuple(b - a for a, b in zip([0, *cuts], [*cuts, d.divide], strict=True))
    return A.ChooseTargets(d.player, targets, parts)


def _fallback_block(state: GameState, d: BlockersDecision) -> A.DeclareBlockers:
    """Blocks that obey as many blocking requirements as possible (509.1c)."""
    _, pairs = most_block_requirements(state, list(d.able))
    return A.DeclareBlockers(d.player, tuple(pairs))


def _random_assignment(state: GameState, d: DamageAssignmentDecision, rng: random.Random) -> A.Assign:
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


# ------------------------------------------------------------------ action spaces
class ActionSpace:
    """The legal answers to the decision a game waits for, in the manner of python-chess's
    `legal_moves`: `action in space`, `space.count()`, `space.sample(rng)` and iteration.
    Iteration enumerates lazily, each candidate passing the same check `Game.act` applies;
    sampling never lists them all."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.decision = state.decision

    def __contains__(self, action: object) -> bool:
        d = self.decision
        if d is None or A.malformed(action) or not isinstance(action, A.Action):
            return False
        if action.player != d.player or not d.answered_by(action):
            return False
        try:
            validate(self.state, d, action)
        except A.IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[A.Action]:
        d = self.decision
        if d is None:
            return iter(())
        if isinstance(d, PriorityDecision):
            return iter(priority_options(self.state, d.player))
        return (a for a in _candidates(self.state, d) if a in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def sample(self, rng: random.Random) -> A.Action:
        """A random legal answer (the simulator's agent)."""
        if self.decision is None:
            raise ValueError("the game is over: there is nothing to answer")
        return random_answer(self.state, self.decision, rng)


def _candidates(state: GameState, d: Decision) -> Iterator[A.Action]:
    """Every answer of the right shape to `d`, legal or not (the space keeps the legal ones)."""
    p = d.player
    match d:
        case MulliganDecision() | YesNoDecision() | ChooseDecision():
            yield from d.choices
        case CastFreeDecision():
            yield from cast_free_options(state, d)
        case DiscardDecision():
            yield from (A.Discard(p, c) for c in itertools.combinations(d.cards, d.count))
        case BottomDecision():
            yield from (A.Choose(p, c) for c in itertools.combinations(d.cards, d.count))
        case ChooseCardsDecision():
            yield from (A.Choose(p, c) for k in range(min(d.most, len(d.cards)) + 1)
                        for c in itertools.combinations(d.cards, k))
        case AttackersDecision():
            yield from attack_declarations(d)
        case BlockersDecision():
            yield from block_declarations(state, d)
        case BlockerOrderDecision():
            yield from (A.Order(p, order) for order in itertools.permutations(d.items))
        case TriggerOrderDecision():
            yield from (A.Order(p, order) for order in itertools.permutations(range(len(d.labels))))
        case TargetsDecision():
            per_spec = [[c for k in range(s.fewest, s.most(len(legal)) + 1) for c in itertools.combinations(legal, k)]
                        for s, legal in zip(d.specs, d.legal, strict=True)]
            for combo in itertools.product(*per_spec):
                targets = tuple(t for part in combo for t in part)
                if not d.divide or len(targets) < 2:
                    yield A.ChooseTargets(p, targets)
                else:
                    yield from (A.ChooseTargets(p, targets, parts) for parts in divisions(d.divide, len(targets)))
        case DamageAssignmentDecision():
            for parts in _compositions(d.amount, len(d.recipients)):
                yield A.Assign(p, tuple(zip(parts, d.recipients, strict=True)))


def _compositions(total: int, n: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as an ordered sum of `n` whole numbers (0 allowed)."""
    if n == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, n - 1):
            yield (first, *rest)
