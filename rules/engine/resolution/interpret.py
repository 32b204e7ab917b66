"""The interpreter of card abilities: what the intermediate representation of
`rules.cards.ir` means in a state.

References become object ids and player names, amounts become numbers and conditions
truths, all judged as the effect resolves; each effect is then carried out by a primitive
of `rules.engine.resolution.effects` or `rules.engine.resolution.zone_effects`.  Steps run in the order written,
and the zone changes of each are seen as one event before the next (608.2c)."""

from __future__ import annotations

import copy
from collections.abc import Generator
from typing import Any

from ...cards import ir
from ...cards.model import StaticAbility, TriggeredAbility
from ..changes.damage import destroy, gain_life, set_life_total
from ..changes.events import add_delayed, add_delayed_this_turn, flush
from ..changes.mana_pool import add_mana, double_pool
from ..changes.unenforced import say_unenforced
from ..continuous.characteristics import add_effect, board_condition, chars, matches, matches_card
from ..continuous.text_changes import change_text
from ..core.decisions import Decision
from ..core.objects import DrawReplacementEffect, PlayerRuleEffect, Shield, SpellImmunityEffect, StackItem
from ..core.refs import name_of
from ..core.state import EffectContext, GameState
from . import effects as E, linked as L, shields as S, turn_effects as T, zone_effects as Z
from .becomes_effect import becomes_creature_type
from .drawing import draw_each
from .free_cast import play_without_paying
from .looking import run_library_effect
from .retarget import change_target, choose_new_targets
from .spell_copies import copy_spell
from .turn_control import control_next_turn
from .x_values import bind_x

Gen = Generator[Decision, Any, Any]


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


# ------------------------------------------------------------------ effects
def run_effects(state: GameState, ctx: EffectContext, effects: tuple[ir.Effect, ...]) -> Gen:
    """Carry the effects out in the order written (608.2c)."""
    for effect in effects:
        yield from run_effect(state, ctx, effect)
        flush(state)


def run_effect(state: GameState, ctx: EffectContext, effect: ir.Effect) -> Gen:  # noqa: C901 (to split: issue 27)
    def r(ref: ir.Ref) -> list[Any]:
        return refs(state, ctx, ref)

    def n(amt: ir.Amount) -> int:
        return amount(state, ctx, amt)

    match effect:
        case ir.DealDamage(amt, to, unpreventable):
            k = n(amt)
            yield from E.deal_damage(state, ctx, k, r(to), unpreventable)
        case ir.DealDividedDamage(amt, to, evenly):
            # the division was announced with the targets (601.2d); a target that became
            # illegal is not dealt its part (608.2b), and nobody else gets it
            chosen = ctx.targets[to.index:to.index + to.count]
            if evenly:
                parts = [n(amt) // len(chosen)] * len(chosen) if chosen else []
            else:
                parts = list(ctx.item.division) if ctx.item is not None else []
            for target, part in zip(chosen, parts, strict=False):
                if target is not None and part > 0:
                    yield from E.deal_damage(state, ctx, part, [target])
        case ir.Destroy(objects, regenerate):
            E.destroy(state, ctx, r(objects), regenerate=regenerate)
        case ir.Regenerate(objects):
            E.regenerate(state, ctx, r(objects))
        case ir.Exile(objects):
            E.exile(state, ctx, r(objects))
        case ir.ReturnToHand(objects):
            E.bounce(state, ctx, r(objects))
        case ir.PutOnTopOfLibrary(objects):
            Z.put_on_top(state, ctx, r(objects))
        case ir.CounterSpell(objects):
            E.counter(state, ctx, r(objects))
        case ir.Tap(objects, untap):
            E.tap(state, ctx, r(objects), untap=untap)
        case ir.SacrificeSource():
            E.sacrifice(state, ctx, [ctx.source.id])
        case ir.SacrificeChosen(players, test, what, other):
            cands = [(p, [o.id for o in state.permanents(p) if matches(state, test, o, chars(state, o), p, ctx.source)
                          and not (other and o.id == ctx.source.id)]) for p in r(players)]
            yield from E.sacrifice_chosen(state, ctx, cands, what)
        case ir.UnlessDiscard(test, what, body):
            if not (yield from E.may_discard(state, ctx, test, what)):
                yield from run_effects(state, ctx, body)
        case ir.GiveControl(objects, players):
            for p in r(players):
                if p is not None:
                    E.give_control(state, ctx, r(objects), p)
        case ir.TapOrUntap(objects):
            yield from E.tap_or_untap(state, ctx, r(objects))
        case ir.ChangeText(objects):
            yield from change_text(state, ctx, r(objects))
        case ir.ShuffleGraveyardIntoLibrary(players):
            Z.shuffle_graveyard_into_library(state, ctx, r(players))
        case ir.ShuffleSourceIntoLibrary():
            Z.shuffle_spell_into_library(state, ctx)
        case ir.NoRegenerationIfDealtDamage(objects):
            dealt = {t for s, t, k in state.damage_this_turn if s == ctx.source.id and k > 0}
            E.no_regeneration(state, ctx, [i for i in r(objects) if i is not None and i in dealt])
        case ir.EachMayPutFromHand(players, test, what):
            yield from Z.each_may_put_from_hand(state, ctx, r(players), test, what)
        case ir.MayPay(cost, body) if "{X}" in cost:
            if (yield from E.pay_x_or_not(state, ctx, cost, f"{ctx.source.name}: pay {cost}?")):
                yield from run_effects(state, ctx, body)
        case ir.MayPay(cost, body):
            if (yield from E.pay_or_not(state, ctx.controller, cost, f"{ctx.source.name}: pay {cost}?")):
                yield from run_effects(state, ctx, body)
        case ir.ReturnDiedThisTurn(test):
            gone = set(state.to_graveyard_from_battlefield)
            cards = [i for i in state.player(ctx.controller).graveyard
                     if i in gone and matches_card(state, test, state.objects[i], ctx.controller, ctx.source)]
            E.bounce(state, ctx, cards)
        case ir.FlipCoin():
            won = state.rng.random() < 0.5
            ctx.data["flip_won"] = won
            state.log_event(f"{ctx.controller} flips a coin and {'wins' if won else 'loses'} the flip", "coin_flip",
                            player=ctx.controller)
        case ir.LoseGame(players):
            E.lose_game(state, ctx, r(players))
        case ir.WinGame(players):
            E.win_game(state, ctx, r(players))
        case ir.DoubleLife(players):
            for p in r(players):
                if p is not None:
                    gain_life(state, p, max(state.player(p).life, 0), ctx.source.name)
        case ir.ControlPlayerNextTurn(players):
            for p in r(players):
                if p is not None:
                    control_next_turn(state, ctx.controller, p, ctx.source.name)
        case ir.SetLifeTotal(players, amt):
            for p in r(players):
                if p is not None:
                    set_life_total(state, p, n(amt), ctx.source.name)
        case ir.ReturnChosen(players, test, what):
            cands = [(p, [o.id for o in state.permanents(p) if matches(state, test, o, chars(state, o), p, ctx.source)])
                     for p in r(players)]
            yield from E.return_chosen(state, ctx, cands, what)
        case ir.Draw(players, amt):
            k = n(amt)
            yield from draw_each(state, r(players), k)  # each draw may be replaced (Plagiarize, Abundance)
        case ir.Discard(players, amt, random):
            k = n(amt)
            yield from E.discard(state, ctx, r(players), k, random=random)
        case ir.GainLife(players, amt):
            k = n(amt)
            E.gain_life(state, ctx, r(players), k)
        case ir.LoseLife(players, amt) if isinstance(amt, ir.Times) and isinstance(amt.b, ir.CountPlayerControls):
            for p in r(players):  # "Each player loses 1 life for each creature they control"
                E.lose_life(state, ctx, [p], amount(state, ctx, amt, p))
        case ir.LoseLife(players, amt):
            k = n(amt)
            E.lose_life(state, ctx, r(players), k)
        case ir.RevealHand(players):
            Z.reveal_hand(state, ctx, r(players))
        case ir.DiscardChosen(players, test, what):
            yield from Z.discard_chosen(state, ctx, r(players), test, what)
        case ir.Mill(players, amt):
            who = r(players)
            Z.mill(state, ctx, who, {p: amount(state, ctx, amt, p) for p in who})
        case ir.Search(test, what, dest, tapped, reveal):
            yield from Z.search(state, ctx, bind_x(test, ctx.x), what, dest, tapped=tapped, reveal=reveal)
        case ir.Shuffle(players):
            Z.shuffle(state, ctx, r(players))
        case ir.ExileFromGraveyard(players, test):
            Z.exile_from_graveyard(state, ctx, r(players), test)
        case ir.ExileNamesakes(players):
            Z.exile_namesakes(state, ctx, r(players))
        case ir.ChooseExiled(most, key):
            yield from Z.choose_exiled(state, ctx, most, key)
        case ir.ExileLibrary(players):
            Z.exile_library(state, ctx, r(players))
        case ir.ShufflePermanentsIn():
            Z.shuffle_permanents_in(state, ctx)
        case ir.PutRevealedOntoBattlefield(batches):
            yield from Z.put_revealed_onto_battlefield(state, ctx, batches)
        case ir.RevealTop(players, key):
            Z.reveal_top(state, ctx, r(players), key)
        case ir.PutOnBottomOfLibrary(objects):
            Z.put_on_bottom(state, ctx, r(objects))
        case ir.EachDealsPowerDamage(sources, to):
            yield from E.each_deals_power(state, ctx, r(sources), r(to))
        case ir.PowerDividedByController(source, among):
            yield from E.power_divided_by_controller(state, ctx, r(source), r(among))
        case ir.PutFromHand(test, what):
            yield from Z.put_from_hand(state, ctx, test, what)
        case ir.PutOntoBattlefield(objects, remember):
            yield from Z.put_onto_battlefield(state, ctx, r(objects), remember)
            flush(state)
        case ir.IsAlso(objects):
            E.is_also(state, ctx, r(objects), effect)
        case ir.ReturnAllFromGraveyards(test, owners):
            yield from Z.return_all_from_graveyards(state, ctx, test, owners)
        case ir.RevealUntil(players, test, what):
            yield from Z.reveal_until(state, ctx, r(players), test, what)
        case ir.ReorderTop(amt):
            yield from Z.reorder_top(state, ctx, n(amt))
        case ir.Scry(amt):
            yield from Z.scry(state, ctx, n(amt))
        case ir.SearchSeveral(test, what, count, tapped):
            yield from Z.search_several(state, ctx, test, what, count, tapped)
        case ir.GainControl(objects, duration):
            E.gain_control(state, ctx, r(objects), duration)
        case ir.ExileLinked(objects, key):
            L.exile_linked(state, ctx, r(objects), key)
        case ir.Link(objects, key):
            L.link(state, ctx, r(objects), key)
        case ir.ReturnUnderOwner(objects, tapped):
            yield from L.return_under_owner(state, ctx, r(objects), tapped)
        case ir.ForAsLongAs(body, kind, objects):
            lasting = L.duration_for(state, ctx, kind, r(objects) if objects is not None else [])
            if lasting is not None:
                before = list(state.effects)
                yield from run_effects(state, ctx, body)
                L.last_for(state, before, lasting)
        case ir.Scramble():
            L.scramble(state, ctx)
        case ir.PutAuraAttached(aura, host, host_test, under_owner):
            yield from L.put_aura_attached(state, ctx, r(aura) if aura is not None else None,
                                           r(host) if host is not None else None, host_test, under_owner)
        case ir.AttachElsewhere(objects):
            yield from L.attach_elsewhere(state, ctx, r(objects))
        case ir.OpponentsCantCast():
            foes = frozenset(p for p in state.opponents(ctx.controller))
            add_effect(state, PlayerRuleEffect(state.new_timestamp(), frozenset(), ctx.source.name, "eot",
                                             rule="cant_cast", players=foes))
            state.log_event(f"{', '.join(sorted(foes))} can't cast spells this turn", "cant")
        case ir.ExtraTurn(players):
            E.extra_turn(state, ctx, r(players))
        case ir.SwitchPT(objects):
            E.switch_pt(state, ctx, r(objects))
        case ir.Becomes(objects):
            E.becomes(state, ctx, r(objects), effect)
        case ir.Pump(objects, power, toughness, grants, scale) if scale is not None:
            k = n(scale)
            E.pump(state, ctx, r(objects), power * k, toughness * k, grants)
        case ir.Pump(objects, power, toughness, grants):
            E.pump(state, ctx, r(objects), power, toughness, grants)
        case ir.WheneverThisTurn(objects, kind, body, text):
            for oid in r(objects):
                if oid is not None and oid in state.objects:
                    ability = TriggeredAbility(text, event="delayed", condition=ir.CombatTriggerOf(kind, oid),
                                               effect=body)
                    add_delayed_this_turn(state, ability, ctx.source, ctx.controller)
        case ir.AttackNextTurnIfAble(players, whom):
            T.attack_next_turn(state, ctx, r(players), r(whom))
        case ir.PreventAllDamageTo(to):
            for t in r(to):
                if t is not None:
                    state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "target",
                                                target=t))
                    state.log_event(f"{ctx.source.name}: all damage that would be dealt to {name_of(state, t)} this "
                                    "turn is prevented", "prevention_shield")
        case ir.EndTheTurn():
            yield from T.end_the_turn(state, ctx)
        case ir.AdditionalCombatPhase():
            T.additional_combat(state, ctx)
        case ir.UntapAttackedThisTurn():
            T.untap_attacked_this_turn(state, ctx)
        case ir.SetColor(objects, colors):
            E.set_color(state, ctx, r(objects), colors)
        case ir.Restrict(objects, restriction, text):
            E.restrict(state, ctx, r(objects), restriction, text)
        case ir.BecomesCreatureType(objects):  # Turn to Frog, Skinshifter
            becomes_creature_type(state, ctx, r(objects), effect)
        case ir.AddManaTo(players, color, k):
            for p in r(players):
                add_mana(state, p, color, k, ctx.source.name)
        case ir.DoubleManaPool():  # Doubling Cube
            double_pool(state, ctx.controller)
        case ir.CantBlockSource(objects):  # Duct Crawler
            E.restrict(state, ctx, r(objects), f"cant_block:{ctx.source.id}",
                       f"can't block {ctx.source.name} this turn")
        case ir.DontUntap(objects, whose):
            E.dont_untap(state, ctx, r(objects), r(whose) if whose is not None else [])
        case ir.AddCounters(objects, kind, k):
            E.add_counters(state, ctx, r(objects), kind, k)
        case ir.SacrificeSeveral(players, test, what, count):
            cands = [(p, [o.id for o in state.permanents(p) if matches(state, test, o, chars(state, o), p, ctx.source)])
                     for p in r(players)]
            yield from E.sacrifice_several(state, ctx, cands, what, count)
        case ir.LoseAndGain(objects, removes, grants):
            E.lose_and_gain(state, ctx, r(objects), removes, grants)
        case ir.ReturnToBattlefield(objects, tapped):
            yield from Z.return_to_battlefield(state, ctx, r(objects), tapped)
        case ir.ShuffleSelfAndGraveyard():
            Z.shuffle_self_and_graveyard(state, ctx)
        case ir.AtEndOfCombat(body, text):
            # 603.7: a delayed triggered ability, at the beginning of the next end of combat step
            snapshot = copy.copy(ctx)
            snapshot.data = dict(ctx.data)
            ability = TriggeredAbility(text, event="delayed", condition=ir.NextEndOfCombat(), effect=body,
                                       remembers=True)
            add_delayed(state, ability, ctx.source, ctx.controller, snapshot=snapshot)
        case ir.SearchSeveralToHand(test, what, count):
            yield from Z.search_several(state, ctx, test, what, count, tapped=False, dest="hand")
        case ir.SearchOneTappedOneToHand(test, what):
            yield from Z.search_one_tapped_one_to_hand(state, ctx, test, what)
        case ir.PumpBy(objects, amt, grants):
            k = n(amt)
            E.pump(state, ctx, r(objects), k, k, grants)
        case ir.PutIntoHand(objects):
            E.move_each(state, r(objects), "hand", "is put into its owner's hand", "resolve")
        case ir.SkipNextCombat(players):
            for p in r(players):
                if p is not None:
                    state.player(p).skip_combats += 1
                    state.log_event(f"{p} will skip their next combat phase", "skip_phase", player=p)
        case ir.AddManaEffect(color, k):
            state.player(ctx.controller).pool[color] += k
            mana = "".join("{" + color + "}" for _ in range(k))
            state.log_event(f"{ctx.controller} adds {mana} to their mana pool", "resolve")
        case ir.ProtectionFromChosenColor(objects):
            yield from E.protection_from_chosen_color(state, ctx, r(objects))
        case ir.KeepOneDiscardRest(players):
            yield from E.keep_one_discard_rest(state, ctx, r(players))
        case ir.CounterUnlessPays(objects, cost):
            yield from E.counter_unless_pays(state, ctx, r(objects), cost)
        case ir.RevealAtRandom(players):
            Z.reveal_at_random(state, ctx, r(players))
        case ir.DoubleCounters(objects, kind):
            for oid in r(objects):
                if oid is not None and oid in state.objects and state.objects[oid].zone == "battlefield":
                    E.add_counters(state, ctx, [oid], kind, state.objects[oid].counters.get(kind, 0))
        case ir.CreateTokens(token, amt):
            E.create_tokens(state, ctx, token, n(amt))
        case ir.PreventThisTurn(what, text):
            state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller,
                                        "anyone" if what == "combat" else what, combat_only=what == "combat"))
            state.log_event(f"{ctx.source.name}: {text} this turn", "prevention")
        case ir.PlayWithoutPaying(card, otherwise):
            played = False
            for oid in r(card):
                played = (yield from play_without_paying(state, ctx, oid)) or played
            if not played:
                yield from run_effects(state, ctx, otherwise)
        case ir.Unenforced(text):
            say_unenforced(state, ctx.source.name, text)
        case ir.WhenYouCastNextThisTurn(test, body, text):  # 603.7: triggers once, this turn
            next_cast = TriggeredAbility(text, event="cast", condition=ir.CastTrigger("you", test), effect=body)
            add_delayed_this_turn(state, next_cast, ctx.source, ctx.controller, once=True)
            state.log_event(f"{ctx.source.name}: {text[0].lower() + text[1:]}", "delayed_trigger")
        case ir.SpellGainsEntersWith(spell, counters, text):
            for cast in r(spell):
                cast_item = cast if isinstance(cast, StackItem) else state.stack_item(cast)
                spell_card = state.objects.get(cast_item.source_id) if cast_item is not None else None
                if spell_card is not None and spell_card.zone == "stack":
                    spell_card.gained_enters += (StaticAbility(text, etb_counters=counters),)
                    state.log_event(f"{spell_card.name} gains {text}", "continuous")
        case ir.SpellImmunityThisTurn(test, uncounterable, untargetable):
            add_effect(state, SpellImmunityEffect(state.new_timestamp(), frozenset(), ctx.source.name, "eot",
                                                  player=ctx.controller, test=test, uncounterable=uncounterable,
                                                  untargetable=untargetable))
            state.log_event(f"{ctx.source.name}: this turn, spells {ctx.controller} controls can't be countered and "
                            f"creatures {ctx.controller} controls can't be targeted by some spells", "cant")
        case ir.DrawInsteadThisTurn(players, to):
            drawer = next((p for p in r(to) if p is not None), ctx.controller)
            for p in r(players):
                if p is not None:
                    add_effect(state, DrawReplacementEffect(state.new_timestamp(), frozenset(), ctx.source.name,
                                                            "eot", player=p, to=drawer))
                    state.log_event(f"{ctx.source.name}: until end of turn, if {p} would draw a card, {drawer} "
                                    "draws a card instead", "replacement_instead")
        case ir.PreventNextTimeFromChosenSource(test):
            yield from S.prevent_next_time_from_chosen_source(state, ctx, test)
        case ir.PreventNextAndReflect(amt, to, reflect_to):
            S.prevent_next_and_reflect(state, ctx, n(amt), r(to), r(reflect_to))
        case ir.RedirectCombatDamageFromUnblocked():
            S.redirect_unblocked_combat_damage(state, ctx)
        case ir.ChangeTargets(spell, must):
            for target in r(spell):
                item = target if isinstance(target, StackItem) else state.stack_item(target)
                if item is not None and item.source_id in state.objects:
                    spell_obj = state.objects[item.source_id]
                    if must:
                        yield from change_target(state, item, spell_obj, ctx.controller)
                    else:
                        yield from choose_new_targets(state, item, spell_obj, ctx.controller, item.name, ask=False)
        case ir.CopySpell(spell, copiers, new_targets):
            for original in r(spell):
                item = original if isinstance(original, StackItem) else state.stack_item(original)
                if item is not None:
                    for p in r(copiers):
                        yield from copy_spell(state, item, p, new_targets)
        case ir.PreventNextDamageTo(how_much, to):
            for t in r(to):
                if t is not None:
                    state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "target",
                                                left=how_much, target=t))
                    state.log_event(f"{ctx.source.name}: the next {how_much} damage that would be dealt to "
                                    f"{name_of(state, t)} this turn is prevented", "prevention_shield")
        case ir.PreventFromSourcesThisTurn(test):
            state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "anyone",
                                        source_test=test))
            state.log_event(f"{ctx.source.name}: damage those sources would deal this turn is prevented", "prevention")
        case ir.RedirectNextDamage(how_much, to, _):
            yield from E.redirect_next_damage(state, ctx, how_much, r(to))
        case ir.May(prompt, body):
            if (yield from E.ask_may(state, ctx, prompt)):
                yield from run_effects(state, ctx, body)
        case ir.If(cond, body, orelse):
            if condition(state, ctx, cond):
                yield from run_effects(state, ctx, body)
            else:
                yield from run_effects(state, ctx, orelse)
        case ir.AtNextEndStep(body, text, step):
            # 603.7: a delayed triggered ability that does `body` with what this effect knew
            snapshot = copy.copy(ctx)
            snapshot.data = dict(ctx.data)
            ability = TriggeredAbility(text, event="delayed", condition=ir.NextEndStep(step), effect=body,
                                       remembers=True)
            add_delayed(state, ability, ctx.source, ctx.controller, snapshot=snapshot)
        case ir.ChooseAtRandom(objects, key):
            E.choose_at_random(state, ctx, r(objects), key)
        case ir.AttacksIfAble(objects, whom):
            E.attacks_if_able(state, ctx, r(objects), r(whom))
        case ir.SearchLibraryOf(players, test, what, key):
            yield from Z.search_library_of(state, ctx, r(players), test, what, key)
        case ir.ChooseName(players, key):
            yield from E.choose_name(state, ctx, r(players), key)
        case ir.AttachSourceTo():
            eq, host = ctx.source.id, ctx.target(0)
            if eq in state.objects and host is not None:
                state.objects[eq].attached_to = host
                state.objects[eq].timestamp = state.new_timestamp()  # a new timestamp as it's attached (613.7e)
                state.invalidate()
                state.log_event(f"{ctx.source.name} is attached to {state.objects[host].name}", "resolve")
        case ir.LifelinkGain():
            gain_life(state, ctx.controller, ctx.data["amount"], f"{ctx.source.name}'s lifelink",
                      concept="lifelink")
        case ir.DeathtouchDestroy():
            victim = ctx.data["victim"]
            if victim in state.objects:
                state.log_event(f"{ctx.source.name}'s deathtouch: destroy {state.objects[victim].name}", "deathtouch")
                destroy(state, victim)
        case ir.LookAtHand() | ir.LookAndDistribute() | ir.LookMayTakeRestBottom() | ir.HandCardsOnTop() \
                | ir.HandOnTopSearchThatMany() | ir.ShuffleHandAndGraveyardIn() | ir.ExileSourceSpell() \
                | ir.DiscardHandsDrawGreatest() | ir.ExileTopUntilNoSharedName() | ir.RevealUntilThatMany() \
                | ir.NameThenRevealTop() | ir.SearchNamesakesOfEach() | ir.RevealTopOpponentPiles() \
                | ir.RevealRandomLandOrCast() | ir.FindNamedAttach():
            yield from run_library_effect(state, ctx, effect, r, n)
        case _:
            raise TypeError(f"not an effect: {effect!r}")
