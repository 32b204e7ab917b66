"""Enumerating legal actions: every answer to a priority decision, and random legal answers
to the other decisions (the simulator's agent and the client's menus use these).

Every action listed here has passed the same check `Game.act` applies, so the list is
exactly what the rules allow (up to a cap on target combinations per card)."""

from __future__ import annotations

import itertools
import random
from typing import Any, Iterable

from ..cards.mana import ManaCost
from ..cards.model import TargetSpec
from . import actions as A
from .characteristics import activated_abilities, spell_targets
from .combat import can_block, check_assign, check_attackers, check_blockers, max_blocks, most_block_requirements
from .damage import lethal_damage
from .decisions import Decision
from .objects import Obj
from .payment import mana_amount, mana_sources
from .stack import can_cast_now, check_activate, check_cast, check_play_land
from .state import GameState
from .targets import legal_targets

MAX_TARGET_COMBOS = 24
MAX_X = 12


def target_combos(state: GameState, specs: tuple[TargetSpec, ...], controller: str, source: Obj) -> list[tuple]:
    """Legal target tuples for `specs` (distinct within each spec), capped."""
    if not specs:
        return [()]
    per_spec: list[list[tuple]] = []
    for spec in specs:
        legal = legal_targets(state, spec, controller, source)
        if spec.count == 1:
            choices = [(t,) for t in legal]
        else:
            choices = list(itertools.islice(itertools.combinations(legal, spec.count), MAX_TARGET_COMBOS))
        if spec.up_to:
            choices = [()] + choices
        per_spec.append(choices)
    out = []
    for combo in itertools.islice(itertools.product(*per_spec), MAX_TARGET_COMBOS):
        out.append(tuple(t for part in combo for t in part))
    return out


def available_mana(state: GameState, player: str) -> int:
    total = sum(state.player(player).pool.values())
    for o, _, ab in mana_sources(state, player):
        total += mana_amount(state, ab, o)
    return total


def _x_values(state: GameState, player: str, cost: ManaCost) -> Iterable[int | None]:
    if not cost.x_count:
        return [None]
    spare = available_mana(state, player) - cost.cmc
    return range(0, min(max(spare, -1) // cost.x_count, MAX_X) + 1)


def priority_options(state: GameState, player: str) -> list[A.Action]:
    out: list[A.Action] = [A.Pass(player)]
    p = state.player(player)
    seen_names: set[str] = set()
    for oid in p.hand:
        o = state.objects[oid]
        if o.card.is_type("Land"):
            if o.name in seen_names:
                continue
            try:
                check_play_land(state, A.PlayLand(player, oid))
                out.append(A.PlayLand(player, oid))
                seen_names.add(o.name)
            except A.IllegalAction:
                pass
            continue
        if can_cast_now(state, player, o) is not None or o.name in seen_names:
            continue
        seen_names.add(o.name)  # identical cards in hand give identical options
        cost = o.card.mana_cost or ManaCost()
        for x in _x_values(state, player, cost):
            for targets in target_combos(state, spell_targets(o), player, o):
                action = A.Cast(player, oid, targets, x)
                try:
                    check_cast(state, action)
                    out.append(action)
                except A.IllegalAction:
                    pass
    for o in state.permanents(player):
        for index, ab in enumerate(activated_abilities(state, o), 1):
            if ab.is_mana and len(ab.mana_colors) > 1:
                xs: Iterable[Any] = [None]
            elif ab.cost.loyalty_x:
                xs = range(0, o.counters.get("loyalty", 0) + 1)
            else:
                xs = _x_values(state, player, ab.cost.mana or ManaCost())
            for x in xs:
                for targets in target_combos(state, ab.targets, player, o):
                    action = A.Activate(player, o.id, index, targets, x)
                    try:
                        check_activate(state, action)
                        out.append(action)
                    except A.IllegalAction:
                        pass
    return out


def random_answer(state: GameState, d: Decision, rng: random.Random) -> A.Action:
    """A uniformly random legal answer to any decision (the simulator's agent)."""
    p = d.player
    if d.kind == "priority":
        return rng.choice(priority_options(state, p))
    if d.kind in ("mulligan", "yesno", "choose"):
        return rng.choice(d.options)
    if d.kind in ("discard", "bottom"):
        chosen = tuple(rng.sample(list(d.options), d.data["count"]))
        return A.Discard(p, chosen) if d.kind == "discard" else A.Choose(p, chosen)
    if d.kind == "attackers":
        return _sample(lambda: A.DeclareAttackers(p, tuple((a, rng.choice(d.data["defenders"]))
                                                          for a in d.data["able"] if rng.random() < 0.5)),
                       lambda a: check_attackers(state, d, a), _fallback_attack(state, d))
    if d.kind == "blockers":
        def one() -> A.DeclareBlockers:
            blocks = []
            for b in d.data["able"]:
                bo = state.objects[b]
                can = [a for a in d.data["attackers"] if can_block(state, bo, state.objects[a]) is None]
                k = rng.randint(0, min(len(can), max_blocks(state, bo)))
                blocks += [(b, a) for a in rng.sample(can, k)]
            return A.DeclareBlockers(p, tuple(blocks))
        return _sample(one, lambda a: check_blockers(state, d, a), _fallback_block(state, d))
    if d.kind == "order_blockers":
        items = list(d.options)
        rng.shuffle(items)
        return A.Order(p, tuple(items))
    if d.kind == "order_triggers":
        idx = list(range(len(d.options)))
        rng.shuffle(idx)
        return A.Order(p, tuple(idx))
    if d.kind == "targets":
        picks: list[Any] = []
        for spec, legal in zip(d.data["specs"], d.options):
            pool = [t for t in legal if t not in picks]
            n = min(spec.count, len(pool))
            picks += rng.sample(pool, n)
        return A.ChooseTargets(p, tuple(picks))
    if d.kind == "assign_damage":
        return _random_assignment(state, d, rng)
    raise ValueError(f"no random answer for {d.kind}")


def _sample(make: Any, check: Any, fallback: A.Action, tries: int = 30) -> A.Action:
    """A random candidate that passes the engine's own check (restrictions and requirements
    make some random declarations illegal), else a constructed legal one."""
    for _ in range(tries):
        candidate = make()
        try:
            check(candidate)
            return candidate
        except A.IllegalAction:
            continue
    return fallback


def _fallback_attack(state: GameState, d: Decision) -> A.DeclareAttackers:
    """Every creature that must attack, attacks (with everyone able if one can't go alone)."""
    defender = d.data["defenders"][0]
    required = list(d.data.get("required", ()))
    for group in (required, list(d.data["able"]), []):
        action = A.DeclareAttackers(d.player, tuple((a, defender) for a in group))
        try:
            check_attackers(state, d, action)
            return action
        except A.IllegalAction:
            continue
    return A.DeclareAttackers(d.player, ())


def _fallback_block(state: GameState, d: Decision) -> A.DeclareBlockers:
    """Blocks that obey as many blocking requirements as possible (509.1c)."""
    _, pairs = most_block_requirements(state, d.data["able"])
    return A.DeclareBlockers(d.player, tuple(pairs))


def _random_assignment(state: GameState, d: Decision, rng: random.Random) -> A.Assign:
    amount, recipients = d.data["amount"], d.data["recipients"]
    for _ in range(20):
        cuts = sorted(rng.randint(0, amount) for _ in range(len(recipients) - 1))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [amount])]
        action = A.Assign(d.player, tuple((n, r) for n, r in zip(parts, recipients)))
        try:
            check_assign(state, d, action)
            return action
        except A.IllegalAction:
            continue
    return lethal_first(state, d)


def lethal_first(state: GameState, d: Decision) -> A.Assign:
    """The assignment that gives each recipient in order the damage that is lethal to it
    and the rest to the last one (510.1c): always legal, and what a player usually wants."""
    src = state.known(d.data["source"])
    left, out = d.data["amount"], []
    for r in d.data["recipients"][:-1]:
        o = state.objects.get(r) if isinstance(r, int) else None
        need = min(left, lethal_damage(state, o, src)) if o is not None else 0
        out.append((need, r))
        left -= need
    out.append((left, d.data["recipients"][-1]))
    return A.Assign(d.player, tuple(out))
