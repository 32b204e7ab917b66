"""What the card IR's references, amounts and conditions mean now: object ids and player names,
numbers, truths, all judged as the effect that reads them resolves (608.2c), so an effect of
`rules.engine.resolution.handlers` is carried out with the values of that moment."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...cards import ir
from ..continuous.characteristics import board_condition, chars, matches, matches_card
from ..core.state import EffectContext, GameState
from . import linked as L


# ------------------------------------------------------------------ references
def refs(state: GameState, ctx: EffectContext, ref: ir.Ref) -> list[Any]:
    """The object ids or player names `ref` means now (None for a target that became illegal),
    by the reader of its IR class in `REFERENCES`."""
    reader = REFERENCES.get(type(ref))
    if reader is None:
        raise TypeError(f"not a reference: {ref!r}")
    return reader(state, ctx, ref)


def _source(state: GameState, ctx: EffectContext, ref: ir.SourceRef) -> list[Any]:
    return [ctx.source.id]


def _target(state: GameState, ctx: EffectContext, ref: ir.TargetRef) -> list[Any]:
    return [ctx.target(i) for i in range(ref.index, ref.index + ref.count)]


def _permanents(state: GameState, ctx: EffectContext, ref: ir.Permanents) -> list[Any]:
    out = []
    for o in state.permanents():
        ch = chars(state, o)
        if ref.kind == "creature" and not ch.is_type("Creature"):
            continue
        if ref.kind == "land" and not ch.is_type("Land"):
            continue
        if matches(state, ref.test, o, ch, ctx.controller, ctx.source):
            out.append(o.id)
    return out


def _controlled_by(state: GameState, ctx: EffectContext, ref: ir.ControlledBy) -> list[Any]:
    found = refs(state, ctx, ref.objects)
    return [i for i in found if state.objects[i].controller in refs(state, ctx, ref.players)]


def _remember(state: GameState, ctx: EffectContext, ref: ir.Remember) -> list[Any]:
    """The objects, kept under `key` for a later "those creatures" (`ir.Remembered`)."""
    found = list(refs(state, ctx, ref.objects))
    ctx.data[ref.key] = found
    return found


def _remembered(state: GameState, ctx: EffectContext, ref: ir.Remembered) -> list[Any]:
    remembered: list[Any] = ctx.data.get(ref.key, [])
    return remembered


def _attached_host(state: GameState, ctx: EffectContext, ref: ir.AttachedHost) -> list[Any]:
    host = getattr(ctx.source, "attached_to", None)
    return [host] if host is not None else []


def _event_value(state: GameState, ctx: EffectContext, ref: ir.EventValue) -> list[Any]:
    return [ctx.data.get(ref.key)]


def _entered_object(state: GameState, ctx: EffectContext, ref: ir.EnteredObject) -> list[Any]:
    entered = ctx.data.get("new")
    return [entered.id] if entered is not None else []


def _other_combatant(state: GameState, ctx: EffectContext, ref: ir.OtherCombatant) -> list[Any]:
    src = ctx.source.id
    return [ctx.data["attacker"] if ctx.data.get("blocker") == src else ctx.data.get("blocker")]


def _you(state: GameState, ctx: EffectContext, ref: ir.You) -> list[Any]:
    return [ctx.controller]


def _each_player(state: GameState, ctx: EffectContext, ref: ir.EachPlayer) -> list[Any]:
    return [p.name for p in state.apnap()]


def _other_players(state: GameState, ctx: EffectContext, ref: ir.OtherPlayers) -> list[Any]:
    excluded = set(refs(state, ctx, ref.of))
    return [p.name for p in state.apnap() if p.name not in excluded]


def _each_opponent(state: GameState, ctx: EffectContext, ref: ir.EachOpponent) -> list[Any]:
    return [p.name for p in state.apnap() if p.name != ctx.controller]


def _controllers_of(state: GameState, ctx: EffectContext, ref: ir.ControllersOf) -> list[Any]:
    controllers: list[str] = []
    for oid in refs(state, ctx, ref.objects):
        known = state.known(oid) if oid is not None else None
        if known is not None:
            controllers.append(known.controller)
    return controllers


def _owned_by(state: GameState, ctx: EffectContext, ref: ir.OwnedBy) -> list[Any]:
    owners = set(refs(state, ctx, ref.players))
    return [i for i in refs(state, ctx, ref.objects) if i is not None and state.objects[i].owner in owners]


def _event_object(state: GameState, ctx: EffectContext, ref: ir.EventObject) -> list[Any]:
    moved = ctx.data.get(ref.key)
    return [moved.id] if moved is not None else []


def _both(state: GameState, ctx: EffectContext, ref: ir.Both) -> list[Any]:
    return [r for part in ref.refs for r in refs(state, ctx, part)]


def _linked_cards(state: GameState, ctx: EffectContext, ref: ir.LinkedCards) -> list[Any]:
    return L.linked_cards(state, ctx, ref.key)


def _source_in_graveyard(state: GameState, ctx: EffectContext, ref: ir.SourceInGraveyard) -> list[Any]:
    return L.source_in_graveyard(state, ctx)


# each reference's IR class and what it means now
REFERENCES: dict[type, Callable[[GameState, EffectContext, Any], list[Any]]] = {
    ir.SourceRef: _source,
    ir.TargetRef: _target,
    ir.Permanents: _permanents,
    ir.ControlledBy: _controlled_by,
    ir.Remember: _remember,
    ir.Remembered: _remembered,
    ir.AttachedHost: _attached_host,
    ir.EventValue: _event_value,
    ir.EnteredObject: _entered_object,
    ir.OtherCombatant: _other_combatant,
    ir.You: _you,
    ir.EachPlayer: _each_player,
    ir.OtherPlayers: _other_players,
    ir.EachOpponent: _each_opponent,
    ir.ControllersOf: _controllers_of,
    ir.OwnedBy: _owned_by,
    ir.EventObject: _event_object,
    ir.Both: _both,
    ir.LinkedCards: _linked_cards,
    ir.SourceInGraveyard: _source_in_graveyard,
}


# ------------------------------------------------------------------ amounts
def amount(state: GameState, ctx: EffectContext, amt: ir.Amount, player: str = "") -> int:
    """The number `amt` means now (`player`: the player a per-player amount is about), by the
    reader of its IR class in `AMOUNTS`."""
    reader = AMOUNTS.get(type(amt))
    if reader is None:
        raise TypeError(f"not an amount: {amt!r}")
    return reader(state, ctx, amt, player)


def _fixed(state: GameState, ctx: EffectContext, amt: ir.Fixed, player: str) -> int:
    return amt.n


def _x(state: GameState, ctx: EffectContext, amt: ir.XValue, player: str) -> int:
    return ctx.x


def _that_much(state: GameState, ctx: EffectContext, amt: ir.ThatMuch, player: str) -> int:
    return int(ctx.data.get("amount", 0))


def _count_you_control(state: GameState, ctx: EffectContext, amt: ir.CountYouControl, player: str) -> int:
    n = 0
    for o in state.permanents(ctx.controller):
        ch = chars(state, o)
        if amt.kind == "creature" and not ch.is_type("Creature"):
            continue
        if matches(state, amt.test, o, ch, ctx.controller, ctx.source):
            n += 1
    return n


def _times(state: GameState, ctx: EffectContext, amt: ir.Times, player: str) -> int:
    return amount(state, ctx, amt.a, player) * amount(state, ctx, amt.b, player)


def _count_objects(state: GameState, ctx: EffectContext, amt: ir.CountObjects, player: str) -> int:
    """"for each creature card exiled this way"."""
    return sum(1 for i in refs(state, ctx, amt.objects) if i is not None)


def _sacrificed_power(state: GameState, ctx: EffectContext, amt: ir.SacrificedPower, player: str) -> int:
    return sum(max(chars(state, o).power or 0, 0) for o in ctx.data.get("sacrificed") or [])


def _half_library(state: GameState, ctx: EffectContext, amt: ir.HalfLibrary, player: str) -> int:
    return len(state.player(player).library) // 2


def _damage_dealt(state: GameState, ctx: EffectContext, amt: ir.DamageDealtThisWay, player: str) -> int:
    return int(ctx.data.get("damage_dealt", 0))


def _life_lost(state: GameState, ctx: EffectContext, amt: ir.LifeLostThisWay, player: str) -> int:
    return int(ctx.data.get("life_lost", 0))


def _counters_on_source(state: GameState, ctx: EffectContext, amt: ir.CountersOnSource, player: str) -> int:
    return ctx.source.counters.get(amt.kind, 0)


def _greatest_power(state: GameState, ctx: EffectContext, amt: ir.GreatestPowerYouControl, player: str) -> int:
    return max([chars(state, o).power or 0 for o in state.permanents(ctx.controller)
                if chars(state, o).is_type("Creature")] or [0])


def _mana_value_of(state: GameState, ctx: EffectContext, amt: ir.ManaValueOf, player: str) -> int:
    for oid in refs(state, ctx, amt.objects):
        known = state.known(oid) if oid is not None else None
        if known is not None:
            return known.card.cmc
    return 0


def _toughness_of(state: GameState, ctx: EffectContext, amt: ir.ToughnessOf, player: str) -> int:
    for oid in refs(state, ctx, amt.objects):
        known = state.known(oid) if oid is not None else None
        if known is not None:
            return max(chars(state, known).toughness or 0, 0)
    return 0


def _count_player_controls(state: GameState, ctx: EffectContext, amt: ir.CountPlayerControls, player: str) -> int:
    return sum(1 for o in state.permanents(player)
               if (amt.kind != "creature" or chars(state, o).is_type("Creature"))
               and matches(state, amt.test, o, chars(state, o), player, ctx.source))


def _blocking_source(state: GameState, ctx: EffectContext, amt: ir.BlockingSourceCount, player: str) -> int:
    return sum(1 for o in state.permanents() if ctx.source.id in o.blocking)


def _hand_size(state: GameState, ctx: EffectContext, amt: ir.HandSize, player: str) -> int:
    whose = [player] if amt.players is None else [p for p in refs(state, ctx, amt.players) if p is not None]
    return sum(len(state.player(p).hand) for p in whose if p)


def _cards_in_graveyards(state: GameState, ctx: EffectContext, amt: ir.CardsInGraveyards, player: str) -> int:
    owners = [ctx.controller] if amt.yours_only else [p.name for p in state.players]
    return sum(1 for p in owners for i in state.player(p).graveyard
               if matches_card(state, amt.test, state.objects[i], ctx.controller, ctx.source))


# each amount's IR class and the number it means now
AMOUNTS: dict[type, Callable[[GameState, EffectContext, Any, str], int]] = {
    ir.Fixed: _fixed,
    ir.XValue: _x,
    ir.ThatMuch: _that_much,
    ir.CountYouControl: _count_you_control,
    ir.Times: _times,
    ir.CountObjects: _count_objects,
    ir.SacrificedPower: _sacrificed_power,
    ir.HalfLibrary: _half_library,
    ir.DamageDealtThisWay: _damage_dealt,
    ir.LifeLostThisWay: _life_lost,
    ir.CountersOnSource: _counters_on_source,
    ir.GreatestPowerYouControl: _greatest_power,
    ir.ManaValueOf: _mana_value_of,
    ir.ToughnessOf: _toughness_of,
    ir.CountPlayerControls: _count_player_controls,
    ir.BlockingSourceCount: _blocking_source,
    ir.HandSize: _hand_size,
    ir.CardsInGraveyards: _cards_in_graveyards,
}


def _activated_times(state: GameState, ctx: EffectContext, cond: ir.ActivatedTimesAtLeast) -> bool:
    return ctx.source.activated_this_turn >= cond.n


def _nothing_sacrificed(state: GameState, ctx: EffectContext, cond: ir.NothingSacrificed) -> bool:
    return not ctx.data.get("sacrificed")


def _source_untapped(state: GameState, ctx: EffectContext, cond: ir.SourceUntapped) -> bool:
    return not ctx.source.tapped


def _source_is_in_graveyard(state: GameState, ctx: EffectContext, cond: ir.SourceIsInGraveyard) -> bool:
    now = state.objects.get(ctx.source.id)
    return now is not None and now.zone == "graveyard" and now.owner == ctx.controller


def _board(state: GameState, ctx: EffectContext, cond: ir.BoardCondition) -> bool:
    return board_condition(state, cond, ctx.source, ctx.controller)


def _a_graveyard_has(state: GameState, ctx: EffectContext, cond: ir.AGraveyardHasAtLeast) -> bool:
    return any(len(p.graveyard) >= cond.n for p in state.players)


def _lost_flip(state: GameState, ctx: EffectContext, cond: ir.LostFlip) -> bool:
    return ctx.data.get("flip_won") is False


def _won_flip(state: GameState, ctx: EffectContext, cond: ir.WonFlip) -> bool:
    return ctx.data.get("flip_won") is True


def _controls_artifacts_named(state: GameState, ctx: EffectContext, cond: ir.ControlsArtifactsNamed) -> bool:
    return L.controls_artifacts_named(state, ctx.controller, cond.names)


def _not_cast_from_hand(state: GameState, ctx: EffectContext, cond: ir.NotCastFromHand) -> bool:
    old = ctx.data.get("old")
    return not (old is not None and old.zone == "stack" and old.cast_from == "hand")


def _graveyard_has(state: GameState, ctx: EffectContext, cond: ir.GraveyardHasAtLeast) -> bool:
    return sum(1 for i in state.player(ctx.controller).graveyard
               if matches_card(state, cond.test, state.objects[i], ctx.controller, ctx.source)) >= cond.n


def _active_hand_at_most(state: GameState, ctx: EffectContext, cond: ir.ActiveHandAtMost) -> bool:
    active = ctx.data.get("active")
    return isinstance(active, str) and len(state.player(active).hand) <= cond.n


def _remembered_card_is(state: GameState, ctx: EffectContext, cond: ir.RememberedCardIs) -> bool:
    found = [state.objects[i] for i in ctx.data.get(cond.key) or [] if i is not None and i in state.objects]
    if not found or not matches_card(state, cond.test, found[0], ctx.controller, ctx.source):
        return False
    return not cond.not_named or found[0].name != ctx.data.get(cond.not_named)


# each condition's IR class and whether it holds now
CONDITIONS: dict[type, Callable[[GameState, EffectContext, Any], bool]] = {
    ir.ActivatedTimesAtLeast: _activated_times,
    ir.NothingSacrificed: _nothing_sacrificed,
    ir.SourceUntapped: _source_untapped,
    ir.SourceIsInGraveyard: _source_is_in_graveyard,
    ir.NoCreatures: _board,
    ir.AttachedPowerAtLeast: _board,
    ir.FewerThanAnOpponent: _board,
    ir.AGraveyardHasAtLeast: _a_graveyard_has,
    ir.LostFlip: _lost_flip,
    ir.ControlsArtifactsNamed: _controls_artifacts_named,
    ir.WonFlip: _won_flip,
    ir.NotCastFromHand: _not_cast_from_hand,
    ir.GraveyardHasAtLeast: _graveyard_has,
    ir.ActiveHandAtMost: _active_hand_at_most,
    ir.RememberedCardIs: _remembered_card_is,
}


def condition(state: GameState, ctx: EffectContext, cond: ir.Condition) -> bool:
    """Does an effect's condition hold as it resolves ("if you do", "if ~ is untapped", ...)?
    Each IR class of `ir.Condition` has its check in `CONDITIONS`."""
    check = CONDITIONS.get(type(cond))
    if check is None:
        raise TypeError(f"not a condition: {cond!r}")
    return check(state, ctx, cond)
