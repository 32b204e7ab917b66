"""Triggered abilities: events, pending triggers, APNAP ordering, targets as they go on the
stack, delayed triggers (2014: 603; 2009: 404, 410)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generator, Optional

from . import actions as A
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
                    if ab.matches(self, event, o):
                        self._add_trigger(ab, o, event)
        for o in list(sources) + list(lookback):
            if o.zone != "battlefield":
                continue
            for ab in o.card.abilities if o in lookback else self.chars(o).abilities:
                if isinstance(ab, TriggeredAbility) and ab.leaves_battlefield:
                    if ab.matches(self, event, o):
                        self._add_trigger(ab, o, event, concept="trigger_leaves")
        for d in list(self.delayed):
            if d.ability.matches(self, event, d.source):
                self.pending_triggers.append(PendingTrigger(d.ability, d.source, d.controller,
                                                            {**event.data, **d.data}))
                self._log(f"a delayed triggered ability of {d.source.name} triggers", "delayed_trigger")
                if d.once:
                    self.delayed.remove(d)

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
