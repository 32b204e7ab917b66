"""Events and triggering: each event is checked against every triggered ability (603.2),
leaves-the-battlefield abilities look back in time (603.10), delayed triggers wait for
theirs (603.7).  What triggers waits in `GameState.pending_triggers` until a player would
receive priority (`rules.engine.loop.triggers` puts it on the stack)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...cards import ir
from ...cards.model import TriggeredAbility
from ..continuous.characteristics import board_condition, chars, matches, matches_card
from ..continuous.control import update_control
from ..continuous.effect_store import end_effects, end_lapsed
from ..continuous.static_index import watched_state_changed
from ..core.objects import DelayedTrigger, Obj, PendingTrigger, StackItem
from ..core.state import Event, GameState


def emit(state: GameState, kind: str, data: dict[str, Any]) -> None:
    """Something happened that abilities may trigger on (603.2)."""
    if kind == "damage":  # remembered for the turn (Sengir Vampire, Incinerate)
        state.damage_this_turn.append((data["source"], data["target"], data["amount"]))
    emit_event(state, Event(kind, data))


def remove_counters(state: GameState, o: Obj, kind: str, n: int, cause: str = "", concept: str = "counters") -> int:
    """Remove up to `n` counters of `kind` from `o` (a cost, or a prevention's additional
    effect); each one removed is an event ("Whenever a +1/+1 counter is removed ...").
    Returns how many were removed."""
    n = min(n, o.counters.get(kind, 0))
    if n <= 0:
        return 0
    o.counters[kind] -= n
    state.invalidate()
    state.log_event(f"{n} {kind} counter{'s are' if n != 1 else ' is'} removed from {o.name}"
                    + (f" {cause}" if cause else ""), concept)
    for _ in range(n):
        emit(state, "counter_removed", {"object": o.id, "kind": kind})
    return n


def tap_permanent(state: GameState, o: Obj) -> None:
    """Tap `o`; an untapped permanent that becomes tapped is an event ("Whenever a creature an
    opponent controls becomes tapped", Gideon's Avenger; Brink of Disaster).  A permanent that
    enters the battlefield tapped doesn't become tapped."""
    if o.tapped:
        return
    o.tapped = True
    emit(state, "tapped", {"object": o.id, "controller": o.controller})


def emit_targeted(state: GameState, item: StackItem) -> None:
    """Each object a spell or ability targets "becomes the target" of it as it is put on the
    stack (Ice Cage, Illusionary Servant)."""
    for t in dict.fromkeys(item.targets):
        if isinstance(t, int):
            emit(state, "targeted", {"object": t, "item": item.id, "controller": item.controller})


def emit_event(state: GameState, event: Event, lookback: tuple[Obj, ...] = ()) -> None:
    """Check every triggered ability against one event (603.2).  Abilities that trigger
    on leaving the battlefield also look back at objects that just left (603.10)."""
    if event.kind == "damage":
        _note_player_damaged(state, event)
    index = _trigger_index(state)
    for o, ab in index.by_kind.get(event.kind, ()):
        if _triggers_on(state, ab, event, o):
            _add_trigger(state, ab, o, event)
    for card, ab in _graveyard_listeners(state):  # abilities that function from a graveyard (Squee)
        if _triggers_on(state, ab, event, card):
            _add_trigger(state, ab, card, event)
    for o, ab in index.leaving if event.kind == "zone_change" else ():
        if _triggers_on(state, ab, event, o):
            _add_trigger(state, ab, o, event, concept="trigger_leaves")
    for o in lookback:
        _look_back(state, o, event)
    for d in list(state.delayed) if state.delayed else ():
        if _triggers_on(state, d.ability, event, d.source):
            state.pending_triggers.append(PendingTrigger(d.ability, d.source, d.controller,
                                                        {**event.data, **d.data}))
            state.log_event(f"a delayed triggered ability of {d.source.name} triggers", "delayed_trigger")
            if d.once:
                state.delayed.remove(d)


def _note_player_damaged(state: GameState, event: Event) -> None:
    """A damage event: remember that a player was dealt damage this turn (Bloodcrazed Goblin,
    bloodthirst); the first time each turn, that changes what "can't attack unless an opponent
    has been dealt damage this turn" watches."""
    if not isinstance(event["target"], str) or event["amount"] <= 0:
        return
    damaged = state.player(event["target"])
    if damaged.damaged_turn != state.turn:
        damaged.damaged_turn = state.turn
        watched_state_changed(state)


def _look_back(state: GameState, o: Obj, event: Event) -> None:
    """The leaves-the-battlefield abilities of `o`, which just left, trigger on `event` with the
    abilities it had there: gained ones, not lost ones (603.10a / 410.10d)."""
    if o.zone != "battlefield":
        return
    for old_ab in chars(state, o).abilities:
        if (isinstance(old_ab, TriggeredAbility) and old_ab.leaves_battlefield
                and _triggers_on(state, old_ab, event, o)):
            _add_trigger(state, old_ab, o, event, concept="trigger_leaves")


Listener = tuple[Obj, TriggeredAbility]


def _graveyard_listeners(state: GameState) -> list[Listener]:
    """The triggered abilities that function from a graveyard (Squee, 112.6k / 402.8h), with
    their cards, in turn order and graveyard order; kept until a card moves or is made (every
    event asks)."""
    found = state.derived.get("graveyard_listeners")
    if found is None:
        found = state.derived["graveyard_listeners"] = [
            (card, ab) for p in state.players for card in (state.objects[i] for i in p.graveyard)
            for ab in card.card.graveyard_triggers]
    return found


@dataclass
class TriggerIndex:
    """The triggered abilities of the permanents, by the kinds of event that can trigger them
    (`by_kind`, each list in the order of the battlefield and of the abilities); the
    leaves-the-battlefield abilities, which only a zone change triggers; and the state
    triggers (603.8 / 410.11), which no event triggers."""

    by_kind: dict[str, list[Listener]] = field(default_factory=dict)
    leaving: list[Listener] = field(default_factory=list)
    state_triggers: list[tuple[Obj, TriggeredAbility, str]] = field(default_factory=list)  # with the counter kind


def _trigger_index(state: GameState) -> TriggerIndex:
    """The index of the battlefield's triggered abilities, kept until characteristics or the
    permanents change (every event asks it)."""
    found = state.board.get("trigger_index")
    if found is None:
        found = TriggerIndex()
        for i in state.battlefield:
            o = state.objects[i]
            for ab in chars(state, o).abilities:
                if not isinstance(ab, TriggeredAbility):
                    continue
                if isinstance(ab.condition, ir.NoPermanentsWithCounter):
                    found.state_triggers.append((o, ab, ab.condition.kind))
                if ab.leaves_battlefield:
                    found.leaving.append((o, ab))
                elif ab.zone == "battlefield":
                    for kind in event_kinds(ab.condition):
                        found.by_kind.setdefault(kind, []).append((o, ab))
        state.board["trigger_index"] = found
    return found


_COMBAT_EVENTS = frozenset({"attacks", "blocks", "becomes_blocked", "damage"})


#: The kinds of event on which each trigger condition with fixed kinds can be met; the two whose
#: kinds depend on their fields (`ir.PlayerEventTrigger`, `ir.EitherTrigger`) are `event_kinds`'s.
TRIGGER_EVENT_KINDS: dict[type, frozenset[str]] = {
    ir.ZoneChangeTrigger: frozenset({"zone_change"}),
    ir.DiesDealtDamageBySelf: frozenset({"zone_change"}),
    ir.EntersUnderControlTrigger: frozenset({"zone_change"}),
    ir.StepTrigger: frozenset({"step_begin"}),
    ir.NextEndStep: frozenset({"step_begin"}),
    ir.NextEndOfCombat: frozenset({"step_begin"}),
    ir.CombatTrigger: _COMBAT_EVENTS,
    ir.CombatTriggerOf: _COMBAT_EVENTS,
    ir.CastTrigger: frozenset({"cast"}),
    ir.OpponentDealtDamageByTrigger: frozenset({"damage"}),
    ir.PlayerDealtDamageTrigger: frozenset({"damage"}),
    ir.SelfDealtDamageTrigger: frozenset({"damage"}),
    ir.DiscardedByOpponentTrigger: frozenset({"discard"}),
    ir.TargetedTrigger: frozenset({"targeted"}),
    ir.TargetedByOpponentTrigger: frozenset({"targeted"}),
    ir.CounterRemovedTrigger: frozenset({"counter_removed"}),
    ir.CreatureAttacksYouTrigger: frozenset({"attacks"}),
    ir.BecomesTappedTrigger: frozenset({"tapped"}),
    ir.CombatDamageToYouTrigger: frozenset({"combat_damage_dealt"}),
    # never by an event (a mana ability's trigger; a state trigger)
    ir.Never: frozenset(),
    ir.EnchantedLandTappedForMana: frozenset(),
    ir.NoPermanentsWithCounter: frozenset(),
}


def event_kinds(cond: ir.TriggerCondition) -> frozenset[str]:
    """The kinds of event on which a trigger condition can be met (a superset: `_condition_met`
    decides).  Every condition is listed in `TRIGGER_EVENT_KINDS` or here (a test holds the two
    to the classes of `ir.TriggerCondition`)."""
    if isinstance(cond, ir.PlayerEventTrigger):
        return frozenset({cond.kind})
    if isinstance(cond, ir.EitherTrigger):
        return event_kinds(cond.first) | event_kinds(cond.second)
    return TRIGGER_EVENT_KINDS[type(cond)]


def _triggers_on(state: GameState, ab: TriggeredAbility, ev: Event, src: Obj) -> bool:
    """Does `ab` of `src` trigger on `ev` (603.2), its intervening "if" included (603.4)?"""
    if not _condition_met(state, ab.condition, ev, src):
        return False
    if isinstance(ab.intervening, ir.NoCreatures | ir.AttachedPowerAtLeast | ir.FewerThanAnOpponent):
        return board_condition(state, ab.intervening, src, src.controller)
    if isinstance(ab.intervening, ir.NotCastFromHand):  # Phage: judged on the event that put it there
        old = ev.data.get("old")
        return not (old is not None and old.zone == "stack" and old.cast_from == "hand")
    if isinstance(ab.intervening, ir.GraveyardHasAtLeast):  # Mortal Combat
        n = sum(1 for i in state.player(src.controller).graveyard
                if matches_card(state, ab.intervening.test, state.objects[i], src.controller, src))
        return n >= ab.intervening.n
    if isinstance(ab.intervening, ir.ActiveHandAtMost):  # "if that player has two or fewer cards in hand"
        return ev.kind == "step_begin" and len(state.player(ev["active"]).hand) <= ab.intervening.n
    return not isinstance(ab.intervening, ir.SourceUntapped) or not src.tapped


def _condition_met(state: GameState, cond: ir.TriggerCondition, ev: Event, src: Obj) -> bool:
    """Is the trigger condition of an ability of `src` met by `ev` (603.2)?  Each kind of
    condition has its own check (`TRIGGER_CONDITION_CHECKS`); one without is a programming error."""
    check = TRIGGER_CONDITION_CHECKS.get(type(cond))
    if check is None:
        raise TypeError(cond)
    return check(state, cond, ev, src)


def _enchanted_host(state: GameState, src: Obj) -> Obj | None:
    """The permanent an Aura `src` is attached to, if it still exists."""
    return state.objects.get(src.attached_to) if isinstance(src.attached_to, int) else None


def _zone_change_trigger_met(state: GameState, cond: ir.ZoneChangeTrigger, ev: Event, src: Obj) -> bool:
    return _zone_change_met(state, cond.to, cond.who, ev, src)


def _step_trigger_met(state: GameState, cond: ir.StepTrigger, ev: Event, src: Obj) -> bool:
    """"At the beginning of your / each opponent's / each upkeep" and the like."""
    if ev.kind != "step_begin" or ev["step"] != cond.step:
        return False
    if cond.whose == "yours":
        return bool(ev["active"] == src.controller)
    if cond.whose == "opponents":  # "each opponent's upkeep"
        return bool(ev["active"] != src.controller)
    if cond.whose == "enchanted":  # "the upkeep of enchanted creature's controller"
        host = _enchanted_host(state, src)
        return host is not None and ev["active"] == host.controller
    return True


def _combat_trigger_met(state: GameState, cond: ir.CombatTrigger, ev: Event, src: Obj) -> bool:
    if cond.who == "enchanted":  # "Whenever enchanted creature attacks or blocks"
        host = _enchanted_host(state, src)
        return host is not None and _combat_met(cond.kind, ev, host)
    return _combat_met(cond.kind, ev, src)


def _cast_trigger_met(state: GameState, cond: ir.CastTrigger, ev: Event, src: Obj) -> bool:
    if ev.kind != "cast" or not _qualifies(cond.who, ev["player"], src):
        return False
    if cond.test is None:
        return True
    card = state.objects.get(ev["item"].source_id)
    return card is not None and matches(state, cond.test, card, chars(state, card), src.controller, src)


def _opponent_dealt_damage_by_met(state: GameState, cond: ir.OpponentDealtDamageByTrigger, ev: Event,
                                  src: Obj) -> bool:
    """Chandra's Phoenix: the source as it dealt the damage."""
    if ev.kind != "damage" or not isinstance(ev["target"], str) or ev["target"] == src.controller:
        return False
    source = state.objects.get(ev["source"]) or state.lki.get(ev["source"])
    return source is not None and any(matches(state, t, source, chars(state, source), src.controller, src)
                                      for t in cond.tests)


def _discarded_by_opponent_met(state: GameState, cond: ir.DiscardedByOpponentTrigger, ev: Event,
                               src: Obj) -> bool:
    """The discarded card itself, now in the graveyard."""
    return (ev.kind == "discard" and ev["card"] == src.id
            and ev.data.get("by", "") in state.opponents(ev["player"]))


def _player_event_met(state: GameState, cond: ir.PlayerEventTrigger, ev: Event, src: Obj) -> bool:
    return ev.kind == cond.kind and _qualifies(cond.who, ev["player"], src)


def _targeted_met(state: GameState, cond: ir.TargetedTrigger, ev: Event, src: Obj) -> bool:
    if ev.kind != "targeted":
        return False
    return bool(ev["object"] == (src.id if cond.who == "self" else src.attached_to))


def _counter_removed_met(state: GameState, cond: ir.CounterRemovedTrigger, ev: Event, src: Obj) -> bool:
    return ev.kind == "counter_removed" and ev["object"] == src.id and ev["kind"] == cond.kind


def _dies_dealt_damage_by_self_met(state: GameState, cond: ir.DiesDealtDamageBySelf, ev: Event, src: Obj) -> bool:
    if ev.kind != "zone_change" or ev["old"].zone != "battlefield" or ev["new"].zone != "graveyard":
        return False
    old = ev["old"]  # a creature as it last existed on the battlefield (603.10a / 410.10d)
    return chars(state, old).is_type("Creature") and any(
        s == src.id and t == old.id and k > 0 for s, t, k in state.damage_this_turn)


def _next_end_step_met(state: GameState, cond: ir.NextEndStep, ev: Event, src: Obj) -> bool:
    return ev.kind == "step_begin" and ev["step"] == cond.step


def _next_end_of_combat_met(state: GameState, cond: ir.NextEndOfCombat, ev: Event, src: Obj) -> bool:
    return ev.kind == "step_begin" and ev["step"] == "end_combat"


def _never_by_an_event(state: GameState, cond: ir.TriggerCondition, ev: Event, src: Obj) -> bool:
    """Never; a triggered mana ability (it doesn't use the stack: mana_pool.triggered_mana); a
    state trigger (`check_state_triggers` looks at the game state instead)."""
    return False


def _player_dealt_damage_met(state: GameState, cond: ir.PlayerDealtDamageTrigger, ev: Event, src: Obj) -> bool:
    return (ev.kind == "damage" and isinstance(ev["target"], str) and _qualifies(cond.who, ev["target"], src)
            and not (cond.noncombat and ev["combat"]))


def _self_dealt_damage_met(state: GameState, cond: ir.SelfDealtDamageTrigger, ev: Event, src: Obj) -> bool:
    return ev.kind == "damage" and ev["target"] == src.id


def _controlled_by(state: GameState, target: Any, player: str) -> bool:
    """Is `target` (a player's name or an object's id) an object `player` controls?"""
    return isinstance(target, int) and target in state.objects and state.objects[target].controller == player


def _creature_attacks_you_met(state: GameState, cond: ir.CreatureAttacksYouTrigger, ev: Event, src: Obj) -> bool:
    if ev.kind != "attacks":
        return False
    defender = ev["defender"]
    defended = defender == src.controller or _controlled_by(state, defender, src.controller)
    attacker = state.objects.get(ev["attacker"])
    return defended and attacker is not None and matches(state, cond.test, attacker, chars(state, attacker),
                                                         src.controller, src)


def _targeted_by_opponent_met(state: GameState, cond: ir.TargetedByOpponentTrigger, ev: Event, src: Obj) -> bool:
    return ev.kind == "targeted" and ev["object"] == src.id and ev["controller"] != src.controller


def _becomes_tapped_met(state: GameState, cond: ir.BecomesTappedTrigger, ev: Event, src: Obj) -> bool:
    if ev.kind != "tapped":
        return False
    if cond.who == "enchanted":
        return bool(ev["object"] == src.attached_to)
    o = state.objects.get(ev["object"])
    return o is not None and (cond.test is None or matches(state, cond.test, o, chars(state, o), src.controller, src))


def _combat_damage_to_you_met(state: GameState, cond: ir.CombatDamageToYouTrigger, ev: Event, src: Obj) -> bool:
    if ev.kind != "combat_damage_dealt":
        return False
    return any(t == src.controller or (_controlled_by(state, t, src.controller)
                                       and chars(state, state.objects[t]).is_type("Planeswalker"))
               for t in ev["targets"])


def _combat_trigger_of_met(state: GameState, cond: ir.CombatTriggerOf, ev: Event, src: Obj) -> bool:
    o = state.objects.get(cond.object_id)
    return o is not None and o.zone == "battlefield" and _combat_met(cond.kind, ev, o)


def _either_met(state: GameState, cond: ir.EitherTrigger, ev: Event, src: Obj) -> bool:
    return _condition_met(state, cond.first, ev, src) or _condition_met(state, cond.second, ev, src)


def _enters_under_control_met(state: GameState, cond: ir.EntersUnderControlTrigger, ev: Event, src: Obj) -> bool:
    """"Whenever a creature enters the battlefield under your control / an opponent's control"
    (603.2): a creature entering, under whose control it entered."""
    if ev.kind != "zone_change":
        return False
    old, new = ev["old"], ev["new"]
    if new.zone != "battlefield" or old.zone == "battlefield":
        return False
    alive = new.id in state.objects and state.objects[new.id].zone == "battlefield"
    ch = chars(state, new) if alive else None
    if not (ch.is_type("Creature") if ch is not None else new.card.is_type("Creature")):
        return False
    if (new.controller == src.controller) != (cond.whose == "you"):
        return False
    if cond.other and new.id == src.id:
        return False
    if cond.min_power is not None:
        power = ch.power if ch is not None else None
        if (power or 0) < cond.min_power:
            return False
    return True


def _zone_change_met(state: GameState, to: str, who: str, ev: Event, src: Obj) -> bool:
    """Enters the battlefield or dies: this object ("self"), another creature, any creature."""
    if ev.kind != "zone_change":
        return False
    old, new = ev["old"], ev["new"]
    if to == "leaves":  # "When ~ leaves the battlefield"
        return who == "self" and old.zone == "battlefield" and new.zone != "battlefield" and old.id == src.id
    if to == "battlefield":
        if new.zone != "battlefield" or old.zone == "battlefield":
            return False
        obj = new
        is_creature = (chars(state, new).is_type("Creature") if new.id in state.objects
                       else new.card.is_type("Creature"))
    else:  # dies: battlefield -> graveyard
        if old.zone != "battlefield" or new.zone != "graveyard":
            return False
        obj = old  # as it last existed on the battlefield (603.10a / 410.10d): an animated land is a creature
        is_creature = chars(state, old).is_type("Creature")
    if who == "self":
        return obj.id == src.id or (to == "dies" and old.id == src.id)
    mine = obj.controller == src.controller
    return is_creature and {
        "another creature": obj.id != src.id,
        "a creature": True,
        "a creature you control": mine,
        "another creature you control": mine and obj.id != src.id,
        "enchanted creature": obj.id == src.attached_to,
    }.get(who, False)


ConditionCheck = Callable[[GameState, Any, Event, Obj], bool]

TRIGGER_CONDITION_CHECKS: dict[type, ConditionCheck] = {
    ir.ZoneChangeTrigger: _zone_change_trigger_met,
    ir.StepTrigger: _step_trigger_met,
    ir.CombatTrigger: _combat_trigger_met,
    ir.CastTrigger: _cast_trigger_met,
    ir.OpponentDealtDamageByTrigger: _opponent_dealt_damage_by_met,
    ir.DiscardedByOpponentTrigger: _discarded_by_opponent_met,
    ir.PlayerEventTrigger: _player_event_met,
    ir.TargetedTrigger: _targeted_met,
    ir.CounterRemovedTrigger: _counter_removed_met,
    ir.DiesDealtDamageBySelf: _dies_dealt_damage_by_self_met,
    ir.NextEndStep: _next_end_step_met,
    ir.NextEndOfCombat: _next_end_of_combat_met,
    ir.Never: _never_by_an_event,
    ir.EnchantedLandTappedForMana: _never_by_an_event,
    ir.EntersUnderControlTrigger: _enters_under_control_met,
    ir.PlayerDealtDamageTrigger: _player_dealt_damage_met,
    ir.SelfDealtDamageTrigger: _self_dealt_damage_met,
    ir.CreatureAttacksYouTrigger: _creature_attacks_you_met,
    ir.TargetedByOpponentTrigger: _targeted_by_opponent_met,
    ir.BecomesTappedTrigger: _becomes_tapped_met,
    ir.CombatDamageToYouTrigger: _combat_damage_to_you_met,
    ir.CombatTriggerOf: _combat_trigger_of_met,
    ir.EitherTrigger: _either_met,
    ir.NoPermanentsWithCounter: _never_by_an_event,
}


def _add_trigger(state: GameState, ab: TriggeredAbility, o: Obj, event: Event, concept: str = "trigger") -> None:
    state.pending_triggers.append(PendingTrigger(ab, o, o.controller, dict(event.data)))
    if concept == "trigger_leaves":
        state.log_event(f"{o.name}'s leaves-the-battlefield ability triggers (looking back in time)", concept)
    else:
        state.log_event(f"{o.name}'s ability triggers", concept)


def flush(state: GameState) -> None:
    """Emit the zone changes made since the last flush as one simultaneous event."""
    if not state.zone_changes:
        return
    changes, state.zone_changes = state.zone_changes, []
    for old, _ in changes:  # "for as long as ~ remains on the battlefield" (611.2b)
        if old.zone == "battlefield":
            end_effects(state, f"while:{old.id}")
    update_control(state)  # a control-changing Aura that came or went (layer 2)
    end_lapsed(state)  # "for as long as you control ~" (611.2b / 418.3a)
    left = tuple(old for old, _ in changes if old.zone == "battlefield")
    state.to_graveyard_from_battlefield += [new.id for old, new in changes
                                            if old.zone == "battlefield" and new.zone == "graveyard"]
    for old, new in changes:
        emit_event(state, Event("zone_change", {"old": old, "new": new, "from": old.zone, "to": new.zone,
                                                "old_controller": old.controller}),
                   lookback=left)


def check_state_triggers(state: GameState) -> None:
    """State triggers (2014 603.8 / 2009 410.11): an ability that triggers when the game state
    matches its condition, checked whenever a player would receive priority; it doesn't
    trigger again while it waits to go on the stack or is on the stack."""
    watching = _trigger_index(state).state_triggers
    if not watching:
        return
    waiting: list[tuple[Any, int]] = [(p.ability, p.source.id) for p in state.pending_triggers]
    waiting += [(it.ability, it.source_id) for it in state.stack if it.ability is not None]
    for o, ab, kind in watching:
        if any(w == ab and i == o.id for w, i in waiting):
            continue
        if not any(x.counters.get(kind, 0) > 0 for x in state.permanents(o.controller)):
            _add_trigger(state, ab, o, Event("state", {}), concept="state_trigger")


def fire_step_triggers(state: GameState, step: str) -> None:
    flush(state)
    emit(state, "step_begin", {"step": step, "active": state.active})


def add_delayed(state: GameState, ability: TriggeredAbility, source: Obj, controller: str, **data: Any) -> None:
    """An effect created a delayed triggered ability (603.7); `data` is what it remembers."""
    state.delayed.append(DelayedTrigger(ability, source, controller, data))


def add_delayed_this_turn(state: GameState, ability: TriggeredAbility, source: Obj, controller: str, *,
                          once: bool = False) -> None:
    """"Whenever that creature deals combat damage to a player this turn, ..." (Hunter's
    Insight, any number of times) or "When you cast your next instant or sorcery spell this
    turn, ..." (Chandra, the Firebrand, `once`): a delayed triggered ability that stops waiting
    as the turn ends (603.7 / 404.4)."""
    state.delayed.append(DelayedTrigger(ability, source, controller, {}, once=once, duration="eot"))


def _qualifies(who: str, player: str, src: Obj) -> bool:
    """"a player", "you", "an opponent": is `player` one, for an ability of `src`?"""
    return who == "a player" or (player == src.controller) == (who == "you")


def _attacks(ev: Event, src: Obj) -> bool:
    return ev.kind == "attacks" and ev["attacker"] == src.id


def _blocks(ev: Event, src: Obj) -> bool:
    return ev.kind == "blocks" and ev["blocker"] == src.id


def _becomes_blocked(ev: Event, src: Obj) -> bool:
    """Once, however many creatures block it (509.1h / 309.2f)."""
    return ev.kind == "becomes_blocked" and ev["attacker"] == src.id


def _deals_damage(ev: Event, src: Obj) -> bool:
    return ev.kind == "damage" and ev["source"] == src.id


def _deals_combat_damage(ev: Event, src: Obj) -> bool:
    return _deals_damage(ev, src) and bool(ev["combat"])


#: "~ attacks", "~ blocks", "~ deals combat damage to a player", ...: whether the event meets each.
_COMBAT_KINDS: dict[str, Callable[[Event, Obj], bool]] = {
    "attacks": _attacks,
    "blocks": _blocks,
    "blocks a creature": _blocks,
    "attacks or blocks": lambda ev, src: _attacks(ev, src) or _blocks(ev, src),
    "becomes blocked": _becomes_blocked,
    "blocks or becomes blocked": lambda ev, src: _blocks(ev, src) or _becomes_blocked(ev, src),
    # once for each creature blocking it
    "becomes blocked by a creature": lambda ev, src: ev.kind == "blocks" and ev["attacker"] == src.id,
    "blocks or becomes blocked by a creature":
        lambda ev, src: ev.kind == "blocks" and src.id in (ev["blocker"], ev["attacker"]),
    "deals combat damage to a creature":
        lambda ev, src: _deals_combat_damage(ev, src) and isinstance(ev["target"], int),
    "deals combat damage to a player":
        lambda ev, src: _deals_combat_damage(ev, src) and isinstance(ev["target"], str),
    # the target was a planeswalker as it was dealt
    "deals combat damage to a player or planeswalker": lambda ev, src: _deals_combat_damage(ev, src) and (
        isinstance(ev["target"], str) or bool(ev.get("planeswalker", False))),
    "deals damage to an opponent": lambda ev, src: _deals_damage(ev, src) and isinstance(ev["target"], str)
        and ev["target"] != src.controller,
    "deals damage": _deals_damage,
}


def _combat_met(kind: str, ev: Event, src: Obj) -> bool:
    """"~ attacks", "~ blocks", "~ deals combat damage to a player", ... (`_COMBAT_KINDS`)."""
    met = _COMBAT_KINDS.get(kind)
    if met is None:
        raise ValueError(kind)
    return met(ev, src)
