"""The interpreter of card abilities: what the intermediate representation of
`rules.cards.ir` means in a game.

References become object ids and player names, amounts become numbers and conditions
truths, all judged as the effect resolves; each effect is then carried out by a primitive
of `rules.engine.effects` or `rules.engine.zone_effects`.  Steps run in the order written,
and the zone changes of each are seen as one event before the next (608.2c)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Generator

from ..cards import ir
from ..cards.model import TriggeredAbility
from . import effects as E
from . import zone_effects as Z
from .decisions import Decision
from .replacement import PlayerRuleEffect, PreventionEffect

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .stack import EffectContext

Gen = Generator[Decision, Any, Any]


# ------------------------------------------------------------------ references
def refs(game: "Game", ctx: "EffectContext", ref: ir.Ref) -> list[Any]:
    """The object ids or player names `ref` means now (None for a target that became illegal)."""
    match ref:
        case ir.SourceRef():
            return [ctx.source.id]
        case ir.TargetRef(index, count):
            return [ctx.target(i) for i in range(index, index + count)]
        case ir.Permanents(kind, test):
            out = []
            for o in game.permanents():
                ch = game.chars(o)
                if kind == "creature" and not ch.is_type("Creature"):
                    continue
                if kind == "land" and not ch.is_type("Land"):
                    continue
                if game.matches(test, o, ch, ctx.controller, ctx.source):
                    out.append(o.id)
            return out
        case ir.ControlledBy(objects, players):
            found = refs(game, ctx, objects)
            return [i for i in found if game.objects[i].controller in refs(game, ctx, players)]
        case ir.Remember(key, objects):
            found = list(refs(game, ctx, objects))
            ctx.data[key] = found
            return found
        case ir.Remembered(key):
            return ctx.data.get(key, [])
        case ir.AttachedHost():
            host = getattr(ctx.source, "attached_to", None)
            return [host] if host is not None else []
        case ir.EventValue(key):
            return [ctx.data.get(key)]
        case ir.OtherCombatant():
            src = ctx.source.id
            return [ctx.data["attacker"] if ctx.data.get("blocker") == src else ctx.data.get("blocker")]
        case ir.You():
            return [ctx.controller]
        case ir.EachPlayer():
            return [p.name for p in game._apnap()]
        case ir.EachOpponent():
            return [p.name for p in game._apnap() if p.name != ctx.controller]
        case ir.ControllersOf(objects):
            out = []
            for oid in refs(game, ctx, objects):
                o = game.known(oid) if oid is not None else None
                if o is not None:
                    out.append(o.controller)
            return out
        case ir.Both(parts):
            return [r for part in parts for r in refs(game, ctx, part)]
    raise TypeError(f"not a reference: {ref!r}")


def amount(game: "Game", ctx: "EffectContext", amt: ir.Amount, player: str = "") -> int:
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
            for o in game.permanents(ctx.controller):
                ch = game.chars(o)
                if kind == "creature" and not ch.is_type("Creature"):
                    continue
                if game.matches(test, o, ch, ctx.controller, ctx.source):
                    n += 1
            return n
        case ir.Times(a, b):
            return amount(game, ctx, a, player) * amount(game, ctx, b, player)
        case ir.SacrificedPower():
            return sum(max(game.chars(o).power or 0, 0) for o in ctx.data.get("sacrificed") or [])
        case ir.HalfLibrary():
            return len(game.player(player).library) // 2
    raise TypeError(f"not an amount: {amt!r}")


def mana_amount(game: "Game", amt: ir.Amount, source: Any) -> int:
    """How much mana one activation of a mana ability of `source` makes."""
    if isinstance(amt, ir.CountSubtypeYouControl):
        return sum(1 for o in game.permanents(source.controller) if amt.subtype in game.chars(o).subtypes)
    if isinstance(amt, ir.Fixed):
        return amt.n
    raise TypeError(f"not a mana amount: {amt!r}")


def condition(game: "Game", ctx: "EffectContext", cond: ir.Condition) -> bool:
    match cond:
        case ir.ActivatedTimesAtLeast(n):
            return ctx.source.activated_this_turn >= n
        case ir.NothingSacrificed():
            return not ctx.data.get("sacrificed")
        case ir.SourceUntapped():
            return not ctx.source.tapped
    raise TypeError(f"not a condition: {cond!r}")


# ------------------------------------------------------------------ effects
def run_effects(game: "Game", ctx: "EffectContext", effects: tuple[ir.Effect, ...]) -> Gen:
    """Carry the effects out in the order written (608.2c)."""
    for effect in effects:
        yield from run_effect(game, ctx, effect)
        game._flush()


def run_effect(game: "Game", ctx: "EffectContext", effect: ir.Effect) -> Gen:
    r = lambda ref: refs(game, ctx, ref)  # noqa: E731
    n = lambda amt: amount(game, ctx, amt)  # noqa: E731
    match effect:
        case ir.DealDamage(amt, to):
            k = n(amt)
            yield from E.deal_damage(game, ctx, k, r(to))
        case ir.Destroy(objects, regenerate):
            E.destroy(game, ctx, r(objects), regenerate=regenerate)
        case ir.Regenerate(objects):
            E.regenerate(game, ctx, r(objects))
        case ir.Exile(objects):
            E.exile(game, ctx, r(objects))
        case ir.ReturnToHand(objects):
            E.bounce(game, ctx, r(objects))
        case ir.PutOnTopOfLibrary(objects):
            Z.put_on_top(game, ctx, r(objects))
        case ir.CounterSpell(objects):
            E.counter(game, ctx, r(objects))
        case ir.Tap(objects, untap):
            E.tap(game, ctx, r(objects), untap=untap)
        case ir.SacrificeSource():
            E.sacrifice(game, ctx, [ctx.source.id])
        case ir.SacrificeChosen(players, test, what, other):
            cands = [(p, [o.id for o in game.permanents(p) if game.matches(test, o, game.chars(o), p, ctx.source)
                          and not (other and o.id == ctx.source.id)]) for p in r(players)]
            yield from E.sacrifice_chosen(game, ctx, cands, what)
        case ir.Draw(players, amt):
            k = n(amt)
            E.draw(game, ctx, r(players), k)
        case ir.Discard(players, amt, random):
            k = n(amt)
            yield from E.discard(game, ctx, r(players), k, random=random)
        case ir.GainLife(players, amt):
            k = n(amt)
            E.gain_life(game, ctx, r(players), k)
        case ir.LoseLife(players, amt):
            k = n(amt)
            E.lose_life(game, ctx, r(players), k)
        case ir.RevealHand(players):
            Z.reveal_hand(game, ctx, r(players))
        case ir.DiscardChosen(players, test, what):
            yield from Z.discard_chosen(game, ctx, r(players), test, what)
        case ir.Mill(players, amt):
            who = r(players)
            Z.mill(game, ctx, who, {p: amount(game, ctx, amt, p) for p in who})
        case ir.Search(test, what, dest, tapped, reveal):
            yield from Z.search(game, ctx, test, what, dest, tapped=tapped, reveal=reveal)
        case ir.Shuffle(players):
            Z.shuffle(game, ctx, r(players))
        case ir.PutFromHand(test, what):
            yield from Z.put_from_hand(game, ctx, test, what)
        case ir.ReturnAllFromGraveyards(test):
            Z.return_all_from_graveyards(game, ctx, test)
        case ir.RevealUntil(players, test, what):
            Z.reveal_until(game, ctx, r(players), test, what)
        case ir.ReorderTop(amt):
            yield from Z.reorder_top(game, ctx, n(amt))
        case ir.GainControl(objects, duration):
            E.gain_control(game, ctx, r(objects), duration)
        case ir.OpponentsCantCast():
            foes = frozenset(p for p in game.opponents(ctx.controller))
            game.add_effect(PlayerRuleEffect(game.new_timestamp(), frozenset(), ctx.source.name, "eot",
                                             rule="cant_cast", players=foes))
            game._log(f"{', '.join(sorted(foes))} can't cast spells this turn", "cant")
        case ir.ExtraTurn(players):
            E.extra_turn(game, ctx, r(players))
        case ir.Pump(objects, power, toughness, grants):
            E.pump(game, ctx, r(objects), power, toughness, grants)
        case ir.Restrict(objects, restriction, text):
            E.restrict(game, ctx, r(objects), restriction, text)
        case ir.DontUntap(objects, whose):
            players = r(whose) if whose is not None else []
            E.dont_untap(game, ctx, r(objects), players)
        case ir.AddCounters(objects, kind, k):
            E.add_counters(game, ctx, r(objects), kind, k)
        case ir.CreateTokens(token, amt):
            E.create_tokens(game, ctx, token, n(amt))
        case ir.PreventThisTurn(what, text):
            game.add_effect(PreventionEffect(game.new_timestamp(), frozenset(), ctx.source.name, "eot",
                                             what=what, controller=ctx.controller))
            game._log(f"{ctx.source.name}: {text} this turn", "prevention")
        case ir.May(prompt, body):
            if (yield from E.ask_may(game, ctx, prompt)):
                yield from run_effects(game, ctx, body)
        case ir.If(cond, body):
            if condition(game, ctx, cond):
                yield from run_effects(game, ctx, body)
        case ir.AtNextEndStep(body, text):
            # 603.7: a delayed triggered ability that does `body` with what this effect knew
            snapshot = copy.copy(ctx)
            snapshot.data = dict(ctx.data)
            ability = TriggeredAbility(text, event="delayed", condition=ir.NextEndStep(), effect=body, remembers=True)
            game.add_delayed(ability, ctx.source, ctx.controller, snapshot=snapshot)
        case ir.AttachSourceTo():
            eq, host = ctx.source.id, ctx.target(0)
            if eq in game.objects and host is not None:
                game.objects[eq].attached_to = host
                game._dirty()
                game._log(f"{ctx.source.name} is attached to {game.objects[host].name}", "resolve")
        case ir.LifelinkGain():
            game.gain_life(ctx.controller, ctx.data["amount"], f"{ctx.source.name}'s lifelink", concept="lifelink")
        case ir.DeathtouchDestroy():
            victim = ctx.data["victim"]
            if victim in game.objects:
                game._log(f"{ctx.source.name}'s deathtouch: destroy {game.objects[victim].name}", "deathtouch")
                game.destroy(victim)
        case _:
            raise TypeError(f"not an effect: {effect!r}")
