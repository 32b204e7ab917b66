"""Changing the targets of a spell on the stack (2014: 114.6; 2009: 415.7): Redirect ("You
may choose new targets for target spell"), Shunt ("Change the target of target spell with a
single target") and copies of spells whose copier may choose new targets (706.10c / 503.10c).

"Choose new targets" (114.6d): the player may leave any target unchanged, even an illegal
one; each new one must be legal.  "Change the target" (114.6a / 415.7a): the target must be
changed to another legal target if there is one; if there is none it is unchanged.  Legality
is judged for the spell and its controller.  A target spell or ability is never its own
target (114.4 / 415.6).  An object that becomes a new target "becomes the target" of the
spell (Phantasmal Image, Ice Cage)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..changes.events import emit
from ..continuous.abilities import spell_targets
from ..core.decisions import ChooseObjectDecision, Decision, YesNoDecision
from ..core.objects import Obj, StackItem
from ..core.refs import candidates, name_of
from ..core.state import GameState
from .targets import distinct_ok, legal_targets, targets_text

Gen = Generator[Decision, Any, Any]


def _zones(kind: str) -> tuple[str, ...]:
    return ("stack",) if kind == "spell" else ("graveyard",) if kind == "card_graveyard" else ("battlefield",)


def _options(state: GameState, item: StackItem, spell: Obj, i: int) -> tuple[Any, list[Any]]:
    """The spec of the `i`th target and the legal targets for it (not the spell itself, nor a
    choice that would make "another target" repeat one)."""
    specs = spell_targets(spell)
    flat = [s for s in specs for _ in range(s.count)]
    spec = flat[i]
    legal = []
    for t in legal_targets(state, spec, item.controller, spell):
        if t == item.id:
            continue
        trial = list(item.targets)
        trial[i] = t
        if distinct_ok(specs, tuple(trial)):
            legal.append(t)
    return spec, legal


def _ask(state: GameState, chooser: str, prompt: str, options: list[Any], kind: str, concept: str) -> Gen:
    zones = _zones(kind)
    choice, _ = yield ChooseObjectDecision(chooser, prompt, ids=tuple(options), zones=zones, concept=concept)
    new = choice.words[0]
    if isinstance(new, str) and not state.has_player(new):
        new = next((t for t in candidates(state, new, zones) if t in options), options[0])
    return new


def choose_new_targets(state: GameState, item: StackItem, spell: Obj, chooser: str, what: str,
                       concept: str = "choose_new_targets", announce: bool = True, ask: bool = True) -> Gen:
    """114.6d / 415.7a (706.10c / 503.10c for a copy): yes or no (unless `ask` is false), then
    for each target one choice among the legal targets and the old one.  `what` names the spell in the
    questions ("the copy of Lightning Bolt").  Returns whether any target changed."""
    if not item.targets:
        return False
    if ask:  # otherwise a "you may" around the effect has asked
        ans, _ = yield YesNoDecision(chooser, f"choose new targets for {what}{targets_text(state, item.targets)}?")
        if not ans.yes:
            return False
    before = list(item.targets)
    for i, old in enumerate(list(item.targets)):
        if i >= sum(s.count for s in spell_targets(spell)):
            break
        spec, legal = _options(state, item, spell, i)
        options = [t for t in dict.fromkeys([old, *legal]) if t is not None]
        if len(options) <= 1:
            continue
        item.targets[i] = yield from _ask(state, chooser, f"{what}: {spec.text} (now {name_of(state, old)})",
                                          options, spec.kind, concept)
    state.log_event(f"{chooser} chooses new targets for {what}:{targets_text(state, item.targets, item.division)}",
                    concept, player=chooser)
    if announce:  # a copy's targets are all announced as it is put on the stack
        _became_targets(state, item, before)
    return item.targets != before


def change_target(state: GameState, item: StackItem, spell: Obj, chooser: str) -> Gen:
    """"Change the target of target spell with a single target" (114.6a / 415.7a): to
    another legal target when there is one, otherwise it stays."""
    if len(item.targets) != 1:
        return
    old = item.targets[0]
    spec, legal = _options(state, item, spell, 0)
    options = [t for t in legal if t != old]
    if not options:
        state.log_event(f"{item.name}'s target can't be changed to another legal target: it stays "
                        f"{name_of(state, old)}", "change_target")
        return
    new = options[0] if len(options) == 1 else (yield from _ask(
        state, chooser, f"change the target of {item.name}: {spec.text} (now {name_of(state, old)})", options,
        spec.kind, "change_target"))
    item.targets[0] = new
    state.log_event(f"{chooser} changes the target of {item.name} from {name_of(state, old)} to "
                    f"{name_of(state, new)}", "change_target", player=chooser)
    _became_targets(state, item, [old])


def _became_targets(state: GameState, item: StackItem, before: list[Any]) -> None:
    for t in dict.fromkeys(item.targets):
        if isinstance(t, int) and t not in before:
            emit(state, "targeted", {"object": t, "item": item.id, "controller": item.controller})
