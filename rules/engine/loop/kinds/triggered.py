"""The homes of the decisions of triggered abilities going on the stack: the order of a
player's simultaneous triggers (603.3b) and a trigger's targets (603.3d)."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

from ...core import actions as A
from ...core.actions import NotationError
from ...core.decisions import TargetsDecision, TriggerOrderDecision
from ...core.refs import ref_parts, split_refs
from ...core.state import GameState
from ...resolution.division import check_division, divisions
from ...resolution.targets import check_targets
from .home import Home, not_an_answer
from .words import clauses, division, refs_for_specs


# ------------------------------------------------------------------ the order of triggers
def _orders(state: GameState, d: TriggerOrderDecision) -> Iterator[A.Action]:
    yield from (A.Order(d.player, order) for order in itertools.permutations(range(len(d.labels))))


def _check_order(state: GameState, d: TriggerOrderDecision, action: A.Action) -> Any:
    if not isinstance(action, A.Order):
        raise not_an_answer(d)
    if sorted(action.items) != list(range(len(d.labels))):  # triggers are named by their position
        raise A.IllegalAction(f"name each of the {len(d.labels)} choices exactly once",
                              state.rules.cite("trigger_apnap"))
    return None


def _random_order(state: GameState, d: TriggerOrderDecision, rng: random.Random) -> A.Action:
    idx = list(range(len(d.labels)))
    rng.shuffle(idx)
    return A.Order(d.player, tuple(idx))


def _as_offered(state: GameState, d: TriggerOrderDecision) -> A.Action:
    return A.Order(d.player, tuple(range(len(d.labels))))


def _labels(d: TriggerOrderDecision) -> tuple[Any, ...]:
    return d.labels


def _read_order(state: GameState, d: TriggerOrderDecision, player: str, verb: str, rest: str) -> A.Action | None:
    if verb != "order":
        return None
    return A.Order(player, trigger_order(state, d.labels, rest))


def _write_order(state: GameState, d: TriggerOrderDecision, action: A.Action) -> str | None:
    """Triggers are written by their labels (an id names no trigger)."""
    if isinstance(action, A.Order):
        return f"{action.player}: order " + ", ".join(d.labels[i] for i in action.items)
    return None


_UNNUMBERED = re.compile(r" \(\d+\)$")  # a repeated label's number (`distinct_labels`)


def trigger_order(state: GameState, labels: tuple[str, ...], text: str) -> tuple[int, ...]:
    """The positions of the triggers `text` lists: each by its label as the decision gives it
    (labels are distinct and may hold commas: "Mirri, Cat Warrior (2)"), or by a plain name
    (the first such trigger not yet listed)."""
    pieces = [p.strip() for p in text.split(",") if p.strip()]
    used: list[int] = []
    while pieces:
        free = [i for i in range(len(labels)) if i not in used]
        k, idx = _by_label(labels, free, pieces) or _by_name(state, labels, free, pieces)
        used.append(idx)
        pieces = pieces[k:]
    return tuple(used)


def _by_label(labels: tuple[str, ...], free: list[int], pieces: list[str]) -> tuple[int, int] | None:
    """(how many comma-separated pieces, which trigger) for the longest first pieces that are a
    free trigger's label, or None."""
    for k in range(len(pieces), 0, -1):
        said = ", ".join(pieces[:k]).lower()
        idx = next((i for i in free if labels[i].lower() == said), None)
        if idx is not None:
            return k, idx
    return None


def _by_name(state: GameState, labels: tuple[str, ...], free: list[int], pieces: list[str]) -> tuple[int, int]:
    """(how many pieces, which trigger) for a plain name first: the first free trigger of a
    source of that name."""
    ref = split_refs(", ".join(pieces), state)[0]
    name = ref_parts(state, ref)[1]
    idx = next((i for i in free if ref_parts(state, _UNNUMBERED.sub("", labels[i]))[1] == name), None)
    if idx is None:
        raise NotationError(f"no pending trigger from {ref!r}; they are: {', '.join(labels)}")
    return ref.count(",") + 1, idx


TRIGGER_ORDER = Home(TriggerOrderDecision, _orders, _check_order, _random_order, _as_offered, _labels,
                     read=_read_order, write=_write_order)


# ------------------------------------------------------------------ a trigger's targets
def _target_choices(state: GameState, d: TargetsDecision) -> Iterator[A.Action]:
    p = d.player
    per_spec = [[c for k in range(s.fewest, s.most(len(legal)) + 1) for c in itertools.combinations(legal, k)]
                for s, legal in zip(d.specs, d.legal, strict=True)]
    for combo in itertools.product(*per_spec):
        targets = tuple(t for part in combo for t in part)
        if not d.divide or len(targets) < 2:
            yield A.ChooseTargets(p, targets)
        else:
            yield from (A.ChooseTargets(p, targets, parts) for parts in divisions(d.divide, len(targets)))


def _check_targets(state: GameState, d: TargetsDecision, action: A.Action) -> Any:
    if not isinstance(action, A.ChooseTargets):
        raise not_an_answer(d)
    assert d.trigger is not None
    check_targets(state, d.specs, action.targets, d.trigger.controller, d.trigger.source)
    check_division(state, d.trigger.ability.effect, action.targets, action.division, 0)
    return None


def _random_targets(state: GameState, d: TargetsDecision, rng: random.Random) -> A.Action:
    if d.divide:
        return _random_division(d, rng)
    picks: list[Any] = []
    for spec, legal in zip(d.specs, d.legal, strict=True):
        pool = [t for t in legal if t not in picks]
        n = min(spec.count, len(pool))
        picks += rng.sample(pool, n)
    return A.ChooseTargets(d.player, tuple(picks))


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


def _fewest_targets(state: GameState, d: TargetsDecision) -> A.Action:
    """The fewest targets each spec allows, the first legal ones."""
    picks: list[Any] = []
    for spec, legal in zip(d.specs, d.legal, strict=True):
        pool = [t for t in legal if t not in picks]
        picks += pool[: spec.fewest]
    return A.ChooseTargets(d.player, tuple(picks))


def _legal_targets(d: TargetsDecision) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(r for legal in d.legal for r in legal))


def _read_targets(state: GameState, d: TargetsDecision, player: str, verb: str, rest: str) -> A.Action | None:
    """`target NAME, NAME [divide N to NAME, ...]`: names read as what each target must be."""
    if verb != "target" or d.trigger is None:
        return None
    head, cl = clauses(rest)
    t = d.trigger
    targets = refs_for_specs(state, d.specs, split_refs(head, state), t.controller, t.source)
    return A.ChooseTargets(player, targets, division(state, cl.get("divide"), targets))


TARGETS = Home(TargetsDecision, _target_choices, _check_targets, _random_targets, _fewest_targets, _legal_targets,
               read=_read_targets)
