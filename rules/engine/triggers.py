"""Triggered abilities: events, pending triggers, APNAP ordering, targets as they go on the
stack, delayed triggers (2014: 603; 2009: 404, 410)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generator, Optional

from ..cards import ir
from ..cards.model import TriggeredAbility
from .decisions import Decision
from .objects import Obj, StackItem

if TYPE_CHECKING:  # pragma: no cover
    from .game import Event, Game

Gen = Generator[Decision, Any, Any]


@dataclass
class PendingTrigger:
    ability: TriggeredAbility
    source: Obj  # the source as it was when the ability triggered
    controller: str
    event: dict = field(default_factory=dict)


@dataclass
class DelayedTrigger:
    """A trigger created by an effect, e.g. "at the beginning of the next end step" (603.7)."""

    ability: TriggeredAbility
    source: Obj
    controller: str
    data: dict = field(default_factory=dict)
    once: bool = True


class TriggerMixin:
    def _init_triggers(self: "Game") -> None:
        self.pending_triggers: list[PendingTrigger] = []
        self.delayed: list[DelayedTrigger] = []
        self._zone_changes: list[tuple[Obj, Obj]] = []
        self._init_stack()

    # ------------------------------------------------------------ events
    def _emit_event(self: "Game", kind: str, data: dict) -> None:
        from .game import Event
        self._emit(Event(kind, data))

    def _emit(self: "Game", event: "Event", lookback: tuple[Obj, ...] = ()) -> None:
        """Check every triggered ability against one event (603.2).  Abilities that trigger
        on leaving the battlefield also look back at objects that just left (603.10)."""
        sources: list[Obj] = [self.objects[i] for i in self.battlefield]
        for o in sources:
            for ab in self.chars(o).abilities:
                if isinstance(ab, TriggeredAbility) and not ab.leaves_battlefield:
                    if self._triggers_on(ab, event, o):
                        self._add_trigger(ab, o, event)
        for o in list(sources) + list(lookback):
            if o.zone != "battlefield":
                continue
            for ab in o.card.abilities if o in lookback else self.chars(o).abilities:
                if isinstance(ab, TriggeredAbility) and ab.leaves_battlefield:
                    if self._triggers_on(ab, event, o):
                        self._add_trigger(ab, o, event, concept="trigger_leaves")
        for d in list(self.delayed):
            if self._triggers_on(d.ability, event, d.source):
                self.pending_triggers.append(PendingTrigger(d.ability, d.source, d.controller,
                                                            {**event.data, **d.data}))
                self._log(f"a delayed triggered ability of {d.source.name} triggers", "delayed_trigger")
                if d.once:
                    self.delayed.remove(d)

    def _triggers_on(self: "Game", ab: TriggeredAbility, ev: "Event", src: Obj) -> bool:
        """Does `ab` of `src` trigger on `ev` (603.2), its intervening "if" included (603.4)?"""
        if not self._condition_met(ab.condition, ev, src):
            return False
        return not isinstance(ab.intervening, ir.SourceUntapped) or not src.tapped

    def _condition_met(self: "Game", cond: ir.TriggerCondition, ev: "Event", src: Obj) -> bool:
        match cond:
            case ir.ZoneChangeTrigger(to, who):
                return self._zone_change_met(to, who, ev, src)
            case ir.StepTrigger(step, whose):
                if ev.kind != "step_begin" or ev["step"] != step:
                    return False
                if whose == "yours":
                    return ev["active"] == src.controller
                if whose == "enchanted":  # "the upkeep of enchanted creature's controller"
                    host = self.objects.get(src.attached_to) if isinstance(src.attached_to, int) else None
                    return host is not None and ev["active"] == host.controller
                return True
            case ir.CombatTrigger(kind):
                return _combat_met(kind, ev, src)
            case ir.CastTrigger(who, test):
                if ev.kind != "cast" or not _qualifies(who, ev["player"], src):
                    return False
                if test is None:
                    return True
                card = self.objects.get(ev["item"].source_id)
                return card is not None and self.matches(test, card, self.chars(card), src.controller, src)
            case ir.PlayerEventTrigger(kind, who):
                return ev.kind == kind and _qualifies(who, ev["player"], src)
            case ir.NextEndStep():
                return ev.kind == "step_begin" and ev["step"] == "end"
            case ir.Never():
                return False
        raise TypeError(cond)

    def _zone_change_met(self: "Game", to: str, who: str, ev: "Event", src: Obj) -> bool:
        """Enters the battlefield or dies: this object ("self"), another creature, any creature."""
        if ev.kind != "zone_change":
            return False
        old, new = ev["old"], ev["new"]
        if to == "battlefield":
            if new.zone != "battlefield" or old.zone == "battlefield":
                return False
            obj = new
            is_creature = self.chars(new).is_type("Creature") if new.id in self.objects else new.card.is_type("Creature")
        else:  # dies: battlefield -> graveyard
            if old.zone != "battlefield" or new.zone != "graveyard":
                return False
            obj = old
            is_creature = old.card.is_type("Creature")
        if who == "self":
            return obj.id == src.id or (to == "dies" and old.id == src.id)
        mine = obj.controller == src.controller
        return is_creature and {
            "another creature": obj.id != src.id,
            "a creature": True,
            "a creature you control": mine,
            "another creature you control": mine and obj.id != src.id,
        }.get(who, False)

    def _add_trigger(self: "Game", ab: TriggeredAbility, o: Obj, event: "Event", concept: str = "trigger") -> None:
        self.pending_triggers.append(PendingTrigger(ab, o, o.controller, dict(event.data)))
        if concept == "trigger_leaves":
            self._log(f"{o.name}'s leaves-the-battlefield ability triggers (looking back in time)", concept)
        else:
            self._log(f"{o.name}'s ability triggers", concept)

    def _flush(self: "Game") -> None:
        """Emit the zone changes made since the last flush as one simultaneous event."""
        if not self._zone_changes:
            return
        changes, self._zone_changes = self._zone_changes, []
        left = tuple(old for old, _ in changes if old.zone == "battlefield")
        from .game import Event
        for old, new in changes:
            self._emit(Event("zone_change", {"old": old, "new": new, "from": old.zone, "to": new.zone}),
                       lookback=left)

    def _fire_step_triggers(self: "Game", step: str) -> None:
        self._flush()
        self._emit_event("step_begin", {"step": step, "active": self.active})

    # ------------------------------------------------------------ onto the stack
    def _stack_triggers(self: "Game") -> Gen:
        """Each player in APNAP order puts their triggered abilities on the stack in the order
        they choose (603.3b / 410.3); targets are chosen as each goes on the stack."""
        pending, self.pending_triggers = self.pending_triggers, []
        for p in self._apnap():
            mine = [t for t in pending if t.controller == p.name]
            if not mine:
                continue
            if len(mine) > 1 and len({(t.source.name, t.ability.text) for t in mine}) > 1:
                ans, _ = yield Decision(
                    "order_triggers", p.name,
                    "order your triggered abilities (the first listed resolves first)",
                    options=[self.name_of(t.source.id) for t in mine], data={"triggers": mine})
                ordered = [mine[i] for i in ans.items]
                mine = list(reversed(ordered))  # first to resolve goes on the stack last
            for t in mine:
                yield from self._put_trigger_on_stack(t)

    def _put_trigger_on_stack(self: "Game", t: PendingTrigger) -> Gen:
        targets: list[Any] = []
        specs = t.ability.targets
        if specs:
            options = [self.legal_targets(s, t.controller, t.source) for s in specs]
            if any(not opts and not s.up_to for s, opts in zip(specs, options)):
                # 603.3d: no legal target, so the ability is removed from the stack
                self._log(f"{t.source.name}'s ability has no legal target and is removed from the stack",
                          "trigger_targets")
                return
            ans, _ = yield Decision(
                "targets", t.controller,
                f"choose targets for {t.source.name}'s ability: " + ", ".join(s.text for s in specs),
                options=options, data={"specs": specs, "trigger": t})
            targets = list(ans.targets)
            self._log(f"{t.controller} chooses targets for {t.source.name}'s ability:"
                      f"{self._targets_text(targets).removeprefix(' targeting')}", "trigger_targets",
                      player=t.controller)
        item = StackItem(self.new_id(), "trigger", t.controller, t.source.id, t.source.name, ability=t.ability,
                         targets=targets, data={**t.event, "lki": t.source}, text=t.ability.text)
        self.stack.append(item)
        self._log(f"{t.source.name}'s triggered ability goes on the stack{self._targets_text(targets)}",
                  "trigger_apnap")

    def add_delayed(self: "Game", ability: TriggeredAbility, source: Obj, controller: str, **data: Any) -> None:
        self.delayed.append(DelayedTrigger(ability, source, controller, data))


def _qualifies(who: str, player: str, src: Obj) -> bool:
    """"a player", "you", "an opponent": is `player` one, for an ability of `src`?"""
    return who == "a player" or (player == src.controller) == (who == "you")


def _combat_met(kind: str, ev: "Event", src: Obj) -> bool:
    """"~ attacks", "~ blocks", "~ deals combat damage to a player", ..."""
    attacks = ev.kind == "attacks" and ev["attacker"] == src.id
    blocks = ev.kind == "blocks" and ev["blocker"] == src.id
    damage = ev.kind == "damage" and ev["source"] == src.id
    if kind == "attacks":
        return attacks
    if kind in ("blocks", "blocks a creature"):
        return blocks
    if kind == "attacks or blocks":
        return attacks or blocks
    if kind == "blocks or becomes blocked by a creature":
        return ev.kind == "blocks" and src.id in (ev["blocker"], ev["attacker"])
    if kind == "deals combat damage to a player":
        return damage and ev["combat"] and isinstance(ev["target"], str)
    if kind == "deals damage to an opponent":
        return damage and isinstance(ev["target"], str) and ev["target"] != src.controller
    if kind == "deals damage":
        return damage
    raise ValueError(kind)
