"""Checking an answer against the decision it answers, before anything changes.

Each validator raises `IllegalAction` (naming the rule) or returns a plan the loop uses
to carry the action out (a mana payment for casting and activating)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import actions as A
from .decisions import Decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def _priority(game: "Game", d: Decision, a: A.Action) -> Any:
    if isinstance(a, A.Pass):
        return None
    if isinstance(a, A.PlayLand):
        return game._check_play_land(a)
    if isinstance(a, A.Cast):
        return game._check_cast(a)
    if isinstance(a, A.Activate):
        return game._check_activate(a)
    raise A.IllegalAction("not a priority action")


def _none(game: "Game", d: Decision, a: A.Action) -> Any:
    return None


def _cards_from(game: "Game", d: Decision, ids: tuple[Any, ...], count: int, what: str, rule: str) -> None:
    if len(ids) != count:
        raise A.IllegalAction(f"choose exactly {count} card{'s' if count != 1 else ''} to {what}", rule)
    if len(set(ids)) != len(ids):
        raise A.IllegalAction("the same card was chosen twice", rule)
    for i in ids:
        if i not in d.options:
            raise A.IllegalAction(f"{game.name_of(i)} is not a card you can choose here", rule)


def _discard(game: "Game", d: Decision, a: A.Discard) -> Any:
    _cards_from(game, d, a.cards, d.data["count"], "discard", game.rules.cite("cleanup_discard"))


def _bottom(game: "Game", d: Decision, a: A.Choose) -> Any:
    ids = tuple(game.resolve_ref(w, zones=("hand",), controller=d.player) if isinstance(w, str) else w
                for w in a.words)
    _cards_from(game, d, ids, d.data["count"], "put on the bottom", game.rules.cite("mulligan"))


def _order(game: "Game", d: Decision, a: A.Order) -> Any:
    n = len(d.options)
    if d.kind == "order_blockers":
        ok = len(a.items) == n and set(a.items) == set(d.options)
        rule = game.rules.cite("damage_order")
    else:  # triggers are named by their position in the decision's options
        ok = sorted(a.items) == list(range(n))
        rule = game.rules.cite("trigger_apnap")
    if not ok:
        raise A.IllegalAction(f"name each of the {n} choices exactly once", rule)


def _targets(game: "Game", d: Decision, a: A.ChooseTargets) -> Any:
    t = d.data["trigger"]
    game.check_targets(d.data["specs"], a.targets, t.controller, t.source)


def _choose(game: "Game", d: Decision, a: A.Choose) -> Any:
    if d.data.get("kind") == "object":
        ref = a.words[0] if a.words else None
        if isinstance(ref, str) and not game.has_player(ref):
            from .notation import candidates
            zones = d.data.get("zones", ("battlefield",))
            ref = next((i for i in candidates(game, ref, zones) if i in d.data["ids"]), None)
        if ref not in d.data["ids"]:
            raise A.IllegalAction("choose one of " + ", ".join(game.name_of(i) for i in d.data["ids"]),
                                  game.rules.cite(d.data.get("concept") or "redirect_to_planeswalker"))
        return None
    if d.data.get("kind") == "keep":
        ref = a.words[0] if a.words else None
        oid = game.resolve_ref(ref, zones=("battlefield",)) if isinstance(ref, str) else ref
        if oid not in d.data["ids"]:
            raise A.IllegalAction("choose one of " + ", ".join(game.name_of(i) for i in d.data["ids"]),
                                  game.rules.cite(d.data.get("concept", "sba_legend")))
        return None
    if a not in d.options:
        raise A.IllegalAction("choose one of: " + ", ".join(" ".join(o.words) for o in d.options))
    return None


VALIDATORS: dict[str, Callable[..., Any]] = {
    "priority": _priority,
    "mulligan": _none,
    "bottom": _bottom,
    "attackers": lambda g, d, a: g._check_attackers(d, a),
    "blockers": lambda g, d, a: g._check_blockers(d, a),
    "order_blockers": _order,
    "order_triggers": _order,
    "assign_damage": lambda g, d, a: g._check_assign(d, a),
    "discard": _discard,
    "targets": _targets,
    "yesno": _none,
    "choose": _choose,
}
