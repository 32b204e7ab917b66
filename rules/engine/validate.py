"""Checking an answer against the decision it answers, before anything changes.

Each validator raises `IllegalAction` (naming the rule) or returns a plan the loop uses
to carry the action out (a mana payment for casting and activating)."""

from __future__ import annotations

from typing import Any, Callable

from . import actions as A
from .combat import check_assign, check_attackers, check_blockers
from .decisions import Decision
from .refs import candidates, name_of, resolve_ref
from .stack import check_activate, check_cast, check_play_land
from .state import GameState
from .targets import check_targets


def _priority(state: GameState, d: Decision, a: A.Action) -> Any:
    if isinstance(a, A.Pass):
        return None
    if isinstance(a, A.PlayLand):
        return check_play_land(state, a)
    if isinstance(a, A.Cast):
        return check_cast(state, a)
    if isinstance(a, A.Activate):
        return check_activate(state, a)
    raise A.IllegalAction("not a priority action")


def _none(state: GameState, d: Decision, a: A.Action) -> Any:
    return None


def _cards_from(state: GameState, d: Decision, ids: tuple[Any, ...], count: int, what: str, rule: str) -> None:
    if len(ids) != count:
        raise A.IllegalAction(f"choose exactly {count} card{'s' if count != 1 else ''} to {what}", rule)
    if len(set(ids)) != len(ids):
        raise A.IllegalAction("the same card was chosen twice", rule)
    for i in ids:
        if i not in d.options:
            raise A.IllegalAction(f"{name_of(state, i)} is not a card you can choose here", rule)


def _discard(state: GameState, d: Decision, a: A.Discard) -> Any:
    _cards_from(state, d, a.cards, d.data["count"], "discard", state.rules.cite("cleanup_discard"))


def _bottom(state: GameState, d: Decision, a: A.Choose) -> Any:
    ids = tuple(resolve_ref(state, w, zones=("hand",), controller=d.player) if isinstance(w, str) else w
                for w in a.words)
    _cards_from(state, d, ids, d.data["count"], "put on the bottom", state.rules.cite("mulligan"))


def _order(state: GameState, d: Decision, a: A.Order) -> Any:
    n = len(d.options)
    if d.kind == "order_blockers":
        ok = len(a.items) == n and set(a.items) == set(d.options)
        rule = state.rules.cite("damage_order")
    else:  # triggers are named by their position in the decision's options
        ok = sorted(a.items) == list(range(n))
        rule = state.rules.cite("trigger_apnap")
    if not ok:
        raise A.IllegalAction(f"name each of the {n} choices exactly once", rule)


def _targets(state: GameState, d: Decision, a: A.ChooseTargets) -> Any:
    t = d.data["trigger"]
    check_targets(state, d.data["specs"], a.targets, t.controller, t.source)


def _choose(state: GameState, d: Decision, a: A.Choose) -> Any:
    if d.data.get("kind") == "object":
        ref = a.words[0] if a.words else None
        if isinstance(ref, str) and not state.has_player(ref):
            zones = d.data.get("zones", ("battlefield",))
            ref = next((i for i in candidates(state, ref, zones) if i in d.data["ids"]), None)
        if ref not in d.data["ids"]:
            raise A.IllegalAction("choose one of " + ", ".join(name_of(state, i) for i in d.data["ids"]),
                                  state.rules.cite(d.data.get("concept") or "redirect_to_planeswalker"))
        return None
    if d.data.get("kind") == "keep":
        ref = a.words[0] if a.words else None
        oid = resolve_ref(state, ref, zones=("battlefield",)) if isinstance(ref, str) else ref
        if oid not in d.data["ids"]:
            raise A.IllegalAction("choose one of " + ", ".join(name_of(state, i) for i in d.data["ids"]),
                                  state.rules.cite(d.data.get("concept", "sba_legend")))
        return None
    if a not in d.options:
        raise A.IllegalAction("choose one of: " + ", ".join(" ".join(o.words) for o in d.options))
    return None


VALIDATORS: dict[str, Callable[..., Any]] = {
    "priority": _priority,
    "mulligan": _none,
    "bottom": _bottom,
    "attackers": check_attackers,
    "blockers": check_blockers,
    "order_blockers": _order,
    "order_triggers": _order,
    "assign_damage": check_assign,
    "discard": _discard,
    "targets": _targets,
    "yesno": _none,
    "choose": _choose,
}


def validate(state: GameState, d: Decision, action: A.Action) -> Any:
    """Check `action` against `d` without changing anything: IllegalAction (naming the rule)
    or the plan to carry it out (the mana payment of a spell or ability)."""
    return VALIDATORS[d.kind](state, d, action)
