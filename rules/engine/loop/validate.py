"""Checking an answer against the decision it answers, before anything changes.

`validate` raises `IllegalAction` (naming the rule) or returns a plan the game loop uses to
carry the action out (a mana payment for casting and activating)."""

from __future__ import annotations

from typing import Any

from ..combat.combat import check_assign, check_attackers, check_blockers
from ..core import actions as A
from ..core.decisions import (
    AttackersDecision,
    BlockerOrderDecision,
    BlockersDecision,
    BottomDecision,
    CastFreeDecision,
    ChooseCardsDecision,
    ChooseColorDecision,
    ChooseKeepDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    ChooseWordDecision,
    DamageAssignmentDecision,
    Decision,
    DiscardDecision,
    MulliganDecision,
    PriorityDecision,
    TargetsDecision,
    TriggerOrderDecision,
    YesNoDecision,
)
from ..core.refs import candidates, name_of, resolve_ref
from ..core.state import GameState
from ..resolution.division import check_division
from ..resolution.free_cast import check_cast_free
from ..resolution.targets import check_targets
from .manual import check_manual
from .stack import check_activate, check_cast, check_play_land


def validate(state: GameState, d: Decision, action: A.Action) -> Any:  # noqa: C901 (to split: issue 27)
    """Check `action` against `d` without changing anything: IllegalAction (naming the rule)
    or the plan to carry it out (the mana payment of a spell or ability)."""
    if type(action) is A.Pass and type(d) is PriorityDecision:
        return None  # the most common answer by far: passing needs no check (117.3d)
    match d, action:
        case PriorityDecision(), A.PlayLand():
            return check_play_land(state, action)
        case PriorityDecision(), A.Cast():
            return check_cast(state, action)
        case PriorityDecision(), A.Activate():
            return check_activate(state, action)
        case PriorityDecision(), A.Manual():
            return check_manual(state, action)
        case CastFreeDecision(), A.Cast():
            return check_cast_free(state, d, action)
        case AttackersDecision(), A.DeclareAttackers():
            return check_attackers(state, d, action)
        case BlockersDecision(), A.DeclareBlockers():
            return check_blockers(state, d, action)
        case DamageAssignmentDecision(), A.Assign():
            return check_assign(state, d, action)
        case DiscardDecision(), A.Discard():
            _cards_from(state, d.cards, action.cards, d.count, "discard", state.rules.cite("cleanup_discard"))
        case BottomDecision(), A.Choose():
            ids = tuple(resolve_ref(state, w, zones=("hand",), controller=d.player) if isinstance(w, str) else w
                        for w in action.words)
            _cards_from(state, d.cards, ids, d.count, "put on the bottom", state.rules.cite("mulligan"))
        case BlockerOrderDecision(), A.Order():
            if not (len(action.items) == len(d.items) and set(action.items) == set(d.items)):
                raise A.IllegalAction(f"name each of the {len(d.items)} choices exactly once",
                                      state.rules.cite("damage_order"))
        case TriggerOrderDecision(), A.Order():  # triggers are named by their position
            if sorted(action.items) != list(range(len(d.labels))):
                raise A.IllegalAction(f"name each of the {len(d.labels)} choices exactly once",
                                      state.rules.cite("trigger_apnap"))
        case TargetsDecision(), A.ChooseTargets():
            assert d.trigger is not None
            check_targets(state, d.specs, action.targets, d.trigger.controller, d.trigger.source)
            check_division(state, d.trigger.ability.effect, action.targets, action.division, 0)
        case ChooseObjectDecision(), A.Choose() if not action.words:
            _check_find_nothing(state, d)
        case ChooseObjectDecision(), A.Choose():
            ref: Any = action.words[0]
            if isinstance(ref, str) and not state.has_player(ref):
                ref = next((i for i in candidates(state, ref, d.zones) if i in d.ids), None)
            if ref not in d.ids:
                raise A.IllegalAction("choose one of " + ", ".join(name_of(state, i) for i in d.ids),
                                      state.rules.cite(d.concept or "redirect_to_planeswalker"))
        case ChooseCardsDecision(), A.Choose():
            ids = tuple(resolve_ref(state, w, zones=(d.zone,), controller=d.player) if isinstance(w, str) else w
                        for w in action.words)
            rule = state.rules.cite(d.concept) if d.concept else ""
            if len(ids) > d.most:
                raise A.IllegalAction(f"choose at most {d.most} card{'s' if d.most != 1 else ''}", rule)
            _cards_from(state, d.cards, ids, len(ids), "choose", rule)
        case ChooseKeepDecision(), A.Choose():
            ref = action.words[0] if action.words else None
            oid = resolve_ref(state, ref, zones=("battlefield",)) if isinstance(ref, str) else ref
            if oid not in d.ids:
                raise A.IllegalAction("choose one of " + ", ".join(name_of(state, i) for i in d.ids),
                                      state.rules.cite(d.concept))
        # a word or name is taken as the engine spells it, so the record reads back the same
        # (the notation maps what is typed, in any case, to that spelling)
        case ChooseNameDecision(), A.Choose():
            said = " ".join(map(str, action.words))
            if len(action.words) != 1 or d.canonical(said) != said:
                raise A.IllegalAction(f"no card is named {said!r}: choose the name of a card",
                                      state.rules.cite(d.concept))
        case ChooseWordDecision(), A.Choose():
            if len(action.words) != 1 or action.words[0] not in d.options:
                raise A.IllegalAction("choose one of: " + ", ".join(d.options),
                                      state.rules.cite(d.concept or "etb_replacement"))
        case ChooseColorDecision(), A.Choose():
            if action not in d.choices:
                raise A.IllegalAction("choose one of: " + ", ".join(" ".join(map(str, c.words)) for c in d.choices))
        case (PriorityDecision(), A.Pass()) | (MulliganDecision(), _) | (YesNoDecision(), _):
            return None
        case _:
            raise A.IllegalAction(f"that does not answer the question: {d.describe()}")
    return None


def _check_find_nothing(state: GameState, d: ChooseObjectDecision) -> None:
    """Finding nothing answers only a search for a card with a stated quality (701.16b); a
    search for "a card" finds one (701.16c)."""
    if d.may_find_nothing:
        return
    if d.concept == "search":
        raise A.IllegalAction("a search for a card of no stated quality must find one: choose one of "
                              + ", ".join(name_of(state, i) for i in d.ids), state.rules.cite("search_must_find"))
    raise A.IllegalAction("choose one of " + ", ".join(name_of(state, i) for i in d.ids),
                          state.rules.cite(d.concept or "redirect_to_planeswalker"))


def _cards_from(state: GameState, offered: tuple[int, ...], ids: tuple[Any, ...], count: int, what: str,
                rule: str) -> None:
    if len(ids) != count:
        raise A.IllegalAction(f"choose exactly {count} card{'s' if count != 1 else ''} to {what}", rule)
    if len(set(ids)) != len(ids):
        raise A.IllegalAction("the same card was chosen twice", rule)
    for i in ids:
        if i not in offered:
            raise A.IllegalAction(f"{name_of(state, i)} is not a card you can choose here", rule)
