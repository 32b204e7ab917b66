"""What the card IR's references, amounts and conditions mean now: object ids and player names,
numbers, truths, all judged as the effect that reads them resolves (608.2c), so an effect of
`rules.engine.resolution.handlers` is carried out with the values of that moment."""

from __future__ import annotations

from typing import Any

from ...cards import ir
from ..continuous.characteristics import board_condition, chars, matches, matches_card
from ..core.state import EffectContext, GameState
from . import linked as L


# ------------------------------------------------------------------ references
def refs(state: GameState, ctx: EffectContext, ref: ir.Ref) -> list[Any]:  # noqa: C901 (to split: issue 27)
    """The object ids or player names `ref` means now (None for a target that became illegal)."""
    match ref:
        case ir.SourceRef():
            return [ctx.source.id]
        case ir.TargetRef(index, count):
            return [ctx.target(i) for i in range(index, index + count)]
        case ir.Permanents(kind, test):
            out = []
            for o in state.permanents():
                ch = chars(state, o)
                if kind == "creature" and not ch.is_type("Creature"):
                    continue
                if kind == "land" and not ch.is_type("Land"):
                    continue
                if matches(state, test, o, ch, ctx.controller, ctx.source):
                    out.append(o.id)
            return out
        case ir.ControlledBy(objects, players):
            found = refs(state, ctx, objects)
            return [i for i in found if state.objects[i].controller in refs(state, ctx, players)]
        case ir.Remember(key, objects):
            found = list(refs(state, ctx, objects))
            ctx.data[key] = found
            return found
        case ir.Remembered(key):
            remembered: list[Any] = ctx.data.get(key, [])
            return remembered
        case ir.AttachedHost():
            host = getattr(ctx.source, "attached_to", None)
            return [host] if host is not None else []
        case ir.EventValue(key):
            return [ctx.data.get(key)]
        case ir.EnteredObject():
            entered = ctx.data.get("new")
            return [entered.id] if entered is not None else []
        case ir.OtherCombatant():
            src = ctx.source.id
            return [ctx.data["attacker"] if ctx.data.get("blocker") == src else ctx.data.get("blocker")]
        case ir.You():
            return [ctx.controller]
        case ir.EachPlayer():
            return [p.name for p in state.apnap()]
        case ir.OtherPlayers(of):
            excluded = set(refs(state, ctx, of))
            return [p.name for p in state.apnap() if p.name not in excluded]
        case ir.EachOpponent():
            return [p.name for p in state.apnap() if p.name != ctx.controller]
        case ir.ControllersOf(objects):
            controllers: list[str] = []
            for oid in refs(state, ctx, objects):
                known = state.known(oid) if oid is not None else None
                if known is not None:
                    controllers.append(known.controller)
            return controllers
        case ir.OwnedBy(objects, players):
            owners = set(refs(state, ctx, players))
            return [i for i in refs(state, ctx, objects) if i is not None and state.objects[i].owner in owners]
        case ir.EventObject(key):
            moved = ctx.data.get(key)
            return [moved.id] if moved is not None else []
        case ir.Both(parts):
            return [r for part in parts for r in refs(state, ctx, part)]
        case ir.LinkedCards(key):
            return L.linked_cards(state, ctx, key)
        case ir.SourceInGraveyard():
            return L.source_in_graveyard(state, ctx)
    raise TypeError(f"not a reference: {ref!r}")


def amount(state: GameState, ctx: EffectContext, amt: ir.Amount, player: str = "") -> int:  # noqa: C901 (to split: issue 27)
    """The number `amt` means now (`player`: the player a per-player amount is about)."""
    match amt:
        case ir.Fixed(n):
            return n
        case ir.XValue():
            return ctx.x
        case ir.ThatMuch():
            return int(ctx.data.get("amount", 0))
        case ir.CountYouControl(kind, test):
            n = 0
            for o in state.permanents(ctx.controller):
                ch = chars(state, o)
                if kind == "creature" and not ch.is_type("Creature"):
                    continue
                if matches(state, test, o, ch, ctx.controller, ctx.source):
                    n += 1
            return n
        case ir.Times(a, b):
            return amount(state, ctx, a, player) * amount(state, ctx, b, player)
        case ir.CountObjects(objects):  # "for each creature card exiled this way"
            return sum(1 for i in refs(state, ctx, objects) if i is not None)
        case ir.SacrificedPower():
            return sum(max(chars(state, o).power or 0, 0) for o in ctx.data.get("sacrificed") or [])
        case ir.HalfLibrary():
            return len(state.player(player).library) // 2
        case ir.DamageDealtThisWay():
            return int(ctx.data.get("damage_dealt", 0))
        case ir.LifeLostThisWay():
            return int(ctx.data.get("life_lost", 0))
        case ir.CountersOnSource(kind):
            return ctx.source.counters.get(kind, 0)
        case ir.GreatestPowerYouControl():
            return max([chars(state, o).power or 0 for o in state.permanents(ctx.controller)
                        if chars(state, o).is_type("Creature")] or [0])
        case ir.ManaValueOf(objects):
            for oid in refs(state, ctx, objects):
                known = state.known(oid) if oid is not None else None
                if known is not None:
                    return known.card.cmc
            return 0
        case ir.ToughnessOf(objects):
            for oid in refs(state, ctx, objects):
                known = state.known(oid) if oid is not None else None
                if known is not None:
                    return max(chars(state, known).toughness or 0, 0)
            return 0
        case ir.CountPlayerControls(kind, test):
            return sum(1 for o in state.permanents(player)
                       if (kind != "creature" or chars(state, o).is_type("Creature"))
                       and matches(state, test, o, chars(state, o), player, ctx.source))
        case ir.BlockingSourceCount():
            return sum(1 for o in state.permanents() if ctx.source.id in o.blocking)
        case ir.HandSize(players):
            whose = [player] if players is None else [p for p in refs(state, ctx, players) if p is not None]
            return sum(len(state.player(p).hand) for p in whose if p)
        case ir.CardsInGraveyards(test, yours_only):
            owners = [ctx.controller] if yours_only else [p.name for p in state.players]
            return sum(1 for p in owners for i in state.player(p).graveyard
                       if matches_card(state, test, state.objects[i], ctx.controller, ctx.source))
    raise TypeError(f"not an amount: {amt!r}")


def condition(state: GameState, ctx: EffectContext, cond: ir.Condition) -> bool:
    match cond:
        case ir.ActivatedTimesAtLeast(n):
            return ctx.source.activated_this_turn >= n
        case ir.NothingSacrificed():
            return not ctx.data.get("sacrificed")
        case ir.SourceUntapped():
            return not ctx.source.tapped
        case ir.SourceIsInGraveyard():
            now = state.objects.get(ctx.source.id)
            return now is not None and now.zone == "graveyard" and now.owner == ctx.controller
        case ir.NoCreatures() | ir.AttachedPowerAtLeast() | ir.FewerThanAnOpponent():
            return board_condition(state, cond, ctx.source, ctx.controller)
        case ir.AGraveyardHasAtLeast(k):
            return any(len(p.graveyard) >= k for p in state.players)
        case ir.LostFlip():
            return ctx.data.get("flip_won") is False
        case ir.ControlsArtifactsNamed(names):
            return L.controls_artifacts_named(state, ctx.controller, names)
        case ir.WonFlip():
            return ctx.data.get("flip_won") is True
        case ir.NotCastFromHand():
            old = ctx.data.get("old")
            return not (old is not None and old.zone == "stack" and old.cast_from == "hand")
        case ir.GraveyardHasAtLeast(k, test):
            return sum(1 for i in state.player(ctx.controller).graveyard
                       if matches_card(state, test, state.objects[i], ctx.controller, ctx.source)) >= k
        case ir.ActiveHandAtMost(k):
            active = ctx.data.get("active")
            return isinstance(active, str) and len(state.player(active).hand) <= k
        case ir.RememberedCardIs(key, test, not_named):
            found = [state.objects[i] for i in ctx.data.get(key) or [] if i is not None and i in state.objects]
            if not found or not matches_card(state, test, found[0], ctx.controller, ctx.source):
                return False
            return not not_named or found[0].name != ctx.data.get(not_named)
    raise TypeError(f"not a condition: {cond!r}")
