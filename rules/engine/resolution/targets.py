"""Targets: who and what a spell or ability may target (2014: 114, 601.2c, 603.3d, 608.2b;
2009: 409.1c, 410.4, 413.2a), and the legal choices for each "target ..." phrase."""

from __future__ import annotations

import itertools
from typing import Any

from ...cards import ir
from ...cards.model import TargetSpec
from ..continuous.attachments import protected_from
from ..continuous.characteristics import chars, matches, matches_card
from ..continuous.player_rules import player_rules
from ..continuous.spell_immunity import cant_be_targeted_by
from ..core import actions as A
from ..core.objects import Characteristics, Obj
from ..core.refs import name_of
from ..core.state import GameState


def check_targets(state: GameState, specs: tuple[TargetSpec, ...], targets: tuple[Any, ...],
                  controller: str, source: Obj) -> None:
    if not specs and not targets:
        return  # nothing targeted, nothing named (most abilities)
    need = sum(s.count for s in specs)
    least = sum(s.fewest for s in specs)
    if not least <= len(targets) <= need:
        if not specs:
            raise A.IllegalAction(f"{source.name} has no targets", state.rules.cite("cast_targets"))
        what = ", ".join(s.text for s in specs)
        if least == need:
            many = f"{need} target{'s' if need != 1 else ''}"
        elif len(targets) < least:
            many = f"at least {least} target{'s' if least != 1 else ''}"
        else:
            many = f"at most {need} target{'s' if need != 1 else ''}"
        raise A.IllegalAction(f"{source.name} needs {many}: {what}", state.rules.cite("cast_targets"))
    i = 0
    for spec in specs:
        chosen = list(targets[i:i + spec.count])
        i += spec.count
        if len(set(map(str, chosen))) != len(chosen):
            raise A.IllegalAction("the same object or player can't be chosen twice for one \"target\"",
                                  state.rules.cite("target_distinct"))
        if spec.distinct and set(map(str, chosen)) & set(map(str, targets[:i - spec.count])):
            raise A.IllegalAction(f"{spec.text} must be a different object or player than the targets before it",
                                  state.rules.cite("target_distinct"))
        for t in chosen:
            why = target_illegal(state, spec, t, controller, source)
            if why:
                msg = f"{name_of(state, t)} is not a legal target for {spec.text}: {why[0]}"
                raise A.IllegalAction(msg.replace("~", source.name), why[1])


Refusal = tuple[str, str]  # why a target is illegal, and the rule that says so


def target_illegal(state: GameState, spec: TargetSpec, t: Any, controller: str,
                   source: Obj) -> Refusal | None:
    """Why `t` can't be chosen for `spec` (message, rule), or None when it can."""
    if isinstance(t, str):
        return _player_illegal(state, spec, t, controller)
    if spec.kind == "spell":
        return _spell_illegal(state, spec, t, controller, source)
    o = state.objects.get(t)
    if spec.kind == "card_graveyard":
        return _graveyard_card_illegal(state, spec, o, controller, source)
    return _permanent_illegal(state, spec, o, controller, source)


def _player_illegal(state: GameState, spec: TargetSpec, t: str, controller: str) -> Refusal | None:
    """A player: one the phrase allows, in the game, not hexproof against `controller` nor shrouded."""
    legal = state.rules.cite("target_legal")
    if spec.kind not in ("player", "any", "opponent", "player_or_planeswalker"):
        return ("it must be " + spec.text.removeprefix("target "), legal)
    if not state.has_player(t) or state.player(t).lost:
        return ("no such player in the game", legal)
    if spec.kind == "opponent" and t == controller:
        return ("it must be an opponent", legal)
    # "You have hexproof" (Leyline of Sanctity)
    if t != controller and ir.PlayerRule.HEXPROOF in player_rules(state, t):
        return ("they have hexproof", state.rules.cite("hexproof"))
    if ir.PlayerRule.SHROUD in player_rules(state, t):  # True Believer: "You have shroud"
        return ("that player has shroud", state.rules.cite("shroud"))
    return None


def _spell_illegal(state: GameState, spec: TargetSpec, t: Any, controller: str, source: Obj) -> Refusal | None:
    """"target spell": another spell on the stack that matches the phrase."""
    legal = state.rules.cite("target_legal")
    item = state.stack_item(t)
    if item is None or item.kind != "spell":
        return ("it must be a spell on the stack", legal)
    if item.source_id == source.id:
        return ("a spell can't target itself", state.rules.cite("target_itself"))
    card = state.objects[item.source_id]
    if not matches(state, spec.test, card, chars(state, card), controller, source):
        return ("it doesn't match " + spec.text, legal)
    return None


def _graveyard_card_illegal(state: GameState, spec: TargetSpec, o: Obj | None, controller: str,
                            source: Obj) -> Refusal | None:
    """"target card in a graveyard" that matches the phrase."""
    legal = state.rules.cite("target_legal")
    if o is None or o.zone != "graveyard":
        return ("it must be a card in a graveyard", legal)
    if not matches_card(state, spec.test, o, controller, source):
        return ("it doesn't match " + spec.text, legal)
    return None


def _permanent_illegal(state: GameState, spec: TargetSpec, o: Obj | None, controller: str,
                       source: Obj) -> Refusal | None:
    """A permanent of the kind the phrase asks for, that `source` may target, matching the phrase."""
    legal = state.rules.cite("target_legal")
    if o is None or o.zone != "battlefield":
        return ("it must be a permanent on the battlefield", legal)
    ch = chars(state, o)
    wrong_kind = _wrong_kind_of_permanent(spec, ch)
    if wrong_kind is not None:
        return (wrong_kind, legal)
    untargetable = _untargetable(state, o, ch, controller, source)
    if untargetable is not None:
        return untargetable
    if not matches(state, spec.test, o, ch, controller, source):
        return ("it doesn't match " + spec.text, legal)
    return None


def _wrong_kind_of_permanent(spec: TargetSpec, ch: Characteristics) -> str | None:
    """A creature, a land, a planeswalker, or no permanent at all, as the phrase's kind says."""
    if spec.kind in ("creature", "any") and not ch.is_type("Creature"):
        return "it is not a creature"
    if spec.kind == "land" and not ch.is_type("Land"):
        return "it is not a land"
    if spec.kind == "player_or_planeswalker" and not ch.is_type("Planeswalker"):
        return "it is not a player or planeswalker"
    if spec.kind in ("player", "opponent", "spell"):
        return "it must be " + spec.text.removeprefix("target ")
    return None


def _untargetable(state: GameState, o: Obj, ch: Characteristics, controller: str, source: Obj) -> Refusal | None:
    """Shroud, "can't be the target of ...", Autumn's Veil, hexproof, protection: what keeps
    `source` (controlled by `controller`) from targeting `o`."""
    if ir.Keyword.SHROUD in ch.keywords:
        return ("it has shroud", state.rules.cite("shroud"))
    is_spell = source.zone in ("hand", "stack")  # a spell (being cast, or resolving)
    for r in ch.restrictions:
        if isinstance(r, ir.UntargetableBy) and (is_spell or r.abilities) \
                and matches(state, r.test, source, chars(state, source), controller, source):
            return (f"it can't be the target of {r.text}", state.rules.cite("target_legal"))
    if cant_be_targeted_by(state, o, source):  # Autumn's Veil
        return (f"it can't be the target of that spell this turn ({cant_be_targeted_by(state, o, source)})",
                state.rules.cite("cant"))
    if ir.Keyword.HEXPROOF in ch.keywords and o.controller != controller:
        return ("it has hexproof", state.rules.cite("hexproof"))
    if protected_from(state, o, source):
        return ("it has protection from that source", state.rules.cite("protection"))
    return None


def legal_targets(state: GameState, spec: TargetSpec, controller: str, source: Obj) -> list[Any]:
    cands: list[Any] = []
    if spec.kind in ("player", "any", "opponent", "player_or_planeswalker"):
        cands += [p.name for p in state.live_players()]
    if spec.kind == "spell":
        cands += [it.id for it in state.stack if it.kind == "spell"]
    elif spec.kind == "card_graveyard":
        for p in state.players:
            cands += list(p.graveyard)
    elif spec.kind not in ("player", "opponent"):
        cands += list(state.battlefield)
    return [c for c in cands if target_illegal(state, spec, c, controller, source) is None]


def targets_text(state: GameState, targets: list[Any], division: tuple[int, ...] = ()) -> str:
    """" targeting A, B" for the log; with damage divided, each target's part: "A (2), B (1)"."""
    if not targets:
        return ""
    parts = [f" ({k})" for k in division] if len(division) == len(targets) else [""] * len(targets)
    return " targeting " + ", ".join(name_of(state, t) + part for t, part in zip(targets, parts, strict=True))


def distinct_ok(specs: tuple[TargetSpec, ...], targets: tuple[Any, ...]) -> bool:
    """Whether each "another target" spec's targets differ from the targets chosen before it."""
    i = 0
    for spec in specs:
        if spec.distinct and set(map(str, targets[i:i + spec.count])) & set(map(str, targets[:i])):
            return False
        i += spec.count
    return True


def targets_can_be_chosen(state: GameState, specs: tuple[TargetSpec, ...], controller: str, source: Obj) -> bool:
    """Whether some choice of targets meets every spec's fewest, each "another target" apart
    from the targets before it (114.3, 601.2c / 409.1c): a spell needing three
    different targets can't be cast with two to choose from, even though each of its
    target words alone has them ("cast it if able": Cone of Flame under Wild Evocation)."""
    legal = [legal_targets(state, spec, controller, source) for spec in specs]

    def fill(i: int, chosen: tuple[Any, ...]) -> bool:
        if i == len(specs):
            return True
        spec = specs[i]
        taken = set(map(str, chosen)) if spec.distinct else set()
        pool = [t for t in legal[i] if str(t) not in taken]
        if len(pool) < spec.fewest:
            return False
        return any(fill(i + 1, chosen + combo)
                   for combo in itertools.islice(itertools.combinations(pool, spec.fewest), 64))
    return fill(0, ())


def still_legal(state: GameState, spec: TargetSpec, t: Any, controller: str, source: Obj) -> bool:
    return t is not None and target_illegal(state, spec, t, controller, source) is None


def check_x_targets(state: GameState, specs: tuple[TargetSpec, ...], targets: tuple[Any, ...], x: int,
                    source: Obj) -> None:
    """"Exile X target creature cards" (Midnight Ritual): exactly X targets, X as announced
    (601.2b-c / 409.1b-c)."""
    for spec in specs:
        if not spec.x_count:
            continue
        if len(specs) != 1:  # the compiler gives such a spell only this one target spec
            raise A.IllegalAction(f"{source.name}: X targets with other targets", state.rules.cite("cast_targets"))
        if len(targets) != x:
            raise A.IllegalAction(f"{source.name} needs exactly X={x} target{'s' if x != 1 else ''}: {spec.text}",
                                  state.rules.cite("cast_targets"))
