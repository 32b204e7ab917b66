"""Enumerating legal actions: every answer to a priority decision, and random legal answers
to the other decisions (the simulator's agent and the client's menus use these).

Every action listed here has passed the same check `Game.act` applies, so the list is
exactly what the rules allow (up to a cap on target combinations per card)."""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING, Any, Iterable

from . import actions as A
from ..cards.model import TargetSpec
from .decisions import Decision
from ..cards.mana import ManaCost

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .objects import Obj

MAX_TARGET_COMBOS = 24
MAX_X = 12


def target_combos(game: "Game", specs: tuple[TargetSpec, ...], controller: str, source: "Obj") -> list[tuple]:
    """Legal target tuples for `specs` (distinct within each spec), capped."""
    if not specs:
        return [()]
    per_spec: list[list[tuple]] = []
    for spec in specs:
        legal = game.legal_targets(spec, controller, source)
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


def available_mana(game: "Game", player: str) -> int:
    total = sum(game.player(player).pool.values())
    for o, _, ab in game.mana_sources(player):
        total += game._mana_amount(ab, o)
    return total


def _x_values(game: "Game", player: str, cost: ManaCost) -> Iterable[int | None]:
    if not cost.x_count:
        return [None]
    spare = available_mana(game, player) - cost.cmc
    return range(0, min(max(spare, -1) // cost.x_count, MAX_X) + 1)


def priority_options(game: "Game", player: str) -> list[A.Action]:
    out: list[A.Action] = [A.Pass(player)]
    p = game.player(player)
    seen_names: set[str] = set()
    for oid in p.hand:
        o = game.objects[oid]
        if o.card.is_type("Land"):
            if o.name in seen_names:
                continue
            try:
                game._check_play_land(A.PlayLand(player, oid))
                out.append(A.PlayLand(player, oid))
                seen_names.add(o.name)
            except A.IllegalAction:
                pass
            continue
        if game.can_cast_now(player, o) is not None or o.name in seen_names:
            continue
        seen_names.add(o.name)  # identical cards in hand give identical options
        cost = o.card.mana_cost or ManaCost()
        for x in _x_values(game, player, cost):
            for targets in target_combos(game, game.spell_targets(o), player, o):
                action = A.Cast(player, oid, targets, x)
                try:
                    game._check_cast(action)
                    out.append(action)
                except A.IllegalAction:
                    pass
    for o in game.permanents(player):
        for index, ab in enumerate(game.activated_abilities(o), 1):
            if ab.is_mana and len(ab.mana_colors) > 1:
                xs: Iterable[Any] = [None]
            elif ab.cost.loyalty_x:
                xs = range(0, o.counters.get("loyalty", 0) + 1)
            else:
                xs = _x_values(game, player, ab.cost.mana or ManaCost())
            for x in xs:
                for targets in target_combos(game, ab.targets, player, o):
                    action = A.Activate(player, o.id, index, targets, x)
                    try:
                        game._check_activate(action)
                        out.append(action)
                    except A.IllegalAction:
                        pass
    return out


def random_answer(game: "Game", d: Decision, rng: random.Random) -> A.Action:
    """A uniformly random legal answer to any decision (the simulator's agent)."""
    p = d.player
    if d.kind == "priority":
        return rng.choice(priority_options(game, p))
    if d.kind in ("mulligan", "yesno", "choose"):
        return rng.choice(d.options)
    if d.kind in ("discard", "bottom"):
        chosen = tuple(rng.sample(list(d.options), d.data["count"]))
        return A.Discard(p, chosen) if d.kind == "discard" else A.Choose(p, chosen)
    if d.kind == "attackers":
        return _sample(lambda: A.DeclareAttackers(p, tuple((a, rng.choice(d.data["defenders"]))
                                                          for a in d.data["able"] if rng.random() < 0.5)),
                       lambda a: game._check_attackers(d, a), _fallback_attack(game, d))
    if d.kind == "blockers":
        def one() -> A.DeclareBlockers:
            blocks = []
            for b in d.data["able"]:
                bo = game.obj(b)
                can = [a for a in d.data["attackers"] if game.can_block(bo, game.obj(a)) is None]
                k = rng.randint(0, min(len(can), game.max_blocks(bo)))
                blocks += [(b, a) for a in rng.sample(can, k)]
            return A.DeclareBlockers(p, tuple(blocks))
        return _sample(one, lambda a: game._check_blockers(d, a), _fallback_block(game, d))
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
        return _random_assignment(game, d, rng)
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


def _fallback_attack(game: "Game", d: Decision) -> A.DeclareAttackers:
    """Every creature that must attack, attacks (with everyone able if one can't go alone)."""
    defender = d.data["defenders"][0]
    required = list(d.data.get("required", ()))
    for group in (required, list(d.data["able"]), []):
        action = A.DeclareAttackers(d.player, tuple((a, defender) for a in group))
        try:
            game._check_attackers(d, action)
            return action
        except A.IllegalAction:
            continue
    return A.DeclareAttackers(d.player, ())


def _fallback_block(game: "Game", d: Decision) -> A.DeclareBlockers:
    """Blocks that obey as many blocking requirements as possible (509.1c)."""
    _, pairs = game.most_block_requirements(d.data["able"])
    return A.DeclareBlockers(d.player, tuple(pairs))


def _random_assignment(game: "Game", d: Decision, rng: random.Random) -> A.Assign:
    amount, recipients = d.data["amount"], d.data["recipients"]
    for _ in range(20):
        cuts = sorted(rng.randint(0, amount) for _ in range(len(recipients) - 1))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [amount])]
        action = A.Assign(d.player, tuple((n, r) for n, r in zip(parts, recipients)))
        try:
            game._check_assign(d, action)
            return action
        except A.IllegalAction:
            continue
    # fall back: lethal damage to each in order, the rest to the last recipient
    att = game.obj(d.data["source"])
    left, out = amount, []
    for r in recipients[:-1]:
        need = min(left, game.lethal_damage(game.obj(r), att)) if isinstance(r, int) and r in game.objects else 0
        out.append((need, r))
        left -= need
    out.append((left, recipients[-1]))
    return A.Assign(d.player, tuple(out))
