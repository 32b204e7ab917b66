"""One-shot effect primitives: what the interpreter (`rules.engine.resolution.interpret`) does once it
has worked out which objects, players and amounts an effect of a card means.

Every primitive has the shape `fn(state, ctx, ...values)` and is a generator, because some
effects ask questions as they resolve (a player choosing cards to discard, 608.2c)."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

from ...cards import card_names
from ...cards.ir import Becomes, IsAlso, PlayerRule, Restriction, TokenSpec
from ...cards.mana import COLOR_NAMES, NAME_TO_COLOR, ManaCost, parse_cost
from ...cards.tokens import token_card
from ..changes.damage import (
    add_regeneration_shield,
    destroy_all,
    gain_life as gain,
    lose_life as lose,
    noncombat_damage,
)
from ..changes.events import emit, tap_permanent
from ..changes.payment import pay_mana, plan_payment
from ..changes.zones import counter_item, create_card, draw as draw_cards, leaving_together, move
from ..continuous.characteristics import chars, matches_card
from ..continuous.effect_store import add_effect
from ..continuous.player_rules import player_rules
from ..continuous.spell_immunity import cant_be_countered_by
from ..continuous.static_index import watched_state_changed
from ..core import actions as A
from ..core.actions import IllegalAction
from ..core.decisions import (
    ChooseColorDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    ChooseWordDecision,
    Decision,
    DiscardDecision,
    YesNoDecision,
)
from ..core.objects import ContinuousEffect, Obj, ObjectRestriction, Shield
from ..core.refs import name_of, resolve_ref
from ..core.state import EffectContext, GameState

Gen = Generator[Decision, Any, Any]
Ids = Iterable[Any]  # object ids (None where a target became illegal)
Names = Iterable[Any]  # player names


def deal_damage(state: GameState, ctx: EffectContext, n: int, recipients: Ids, unpreventable: bool = False) -> Gen:
    for r in list(recipients):
        if r is not None:
            dealt = yield from noncombat_damage(state, ctx.source, r, n, ctx.controller, unpreventable)
            ctx.data["damage_dealt"] = ctx.data.get("damage_dealt", 0) + (dealt or 0)  # "dealt this way"


def each_deals_power(state: GameState, ctx: EffectContext, sources: Ids, recipients: Ids) -> Gen:
    """"Each Wolf tapped this way deals damage equal to its power to target creature": each
    source deals its own damage (as it last existed, if it has left)."""
    for sid in list(sources):
        src = state.known(sid) if sid is not None else None
        if src is None:
            continue
        power = max(chars(state, src).power or 0, 0)
        for r in list(recipients):
            if r is not None and power > 0:
                yield from noncombat_damage(state, src, r, power, src.controller)


def power_divided_by_controller(state: GameState, ctx: EffectContext, sources: Ids, among: Ids) -> Gen:
    """"That creature deals damage equal to its power divided as its controller chooses among
    any number of those Wolves": its controller chooses, point by point, which of them each
    point of damage goes to, as the effect resolves (608.2d / 413.2c); then it deals it all."""
    for sid in list(sources):
        src = state.objects.get(sid) if sid is not None else None
        if src is None or src.zone != "battlefield":
            continue
        power = max(chars(state, src).power or 0, 0)
        victims = [i for i in among if i is not None and i in state.objects and state.objects[i].zone == "battlefield"]
        if power <= 0 or not victims:
            continue
        parts: dict[int, int] = {}
        for k in range(power):
            choice = yield from choose_object(
                state, src.controller, f"{src.name} deals {power} damage divided as you choose: choose the one "
                f"dealt damage {k + 1} of {power}", victims, concept="resolve_choices")
            parts[choice] = parts.get(choice, 0) + 1
        state.log_event(f"{src.controller} divides {src.name}'s {power} damage: "
                        + ", ".join(f"{n} to {state.objects[v].name}" for v, n in parts.items()),
                        "resolve_choices", player=src.controller)
        for v, n in parts.items():
            yield from noncombat_damage(state, src, v, n, src.controller)


def destroy(state: GameState, ctx: EffectContext, which: Ids, regenerate: bool = True) -> None:
    """Destroy every one of `which` at once (701.6 / 501.4)."""
    destroy_all(state, [oid for oid in which if oid is not None], regenerate=regenerate)


def regenerate(state: GameState, ctx: EffectContext, which: Ids) -> None:
    for oid in list(which):
        if oid is not None:
            o = state.objects.get(oid)
            if o is not None and Restriction.CANT_REGENERATE in chars(state, o).restrictions:
                state.log_event(f"{o.name} can't be regenerated this turn", "regenerate")
                continue
            add_regeneration_shield(state, oid)


def no_regeneration(state: GameState, ctx: EffectContext, which: Ids) -> None:
    """"can't be regenerated this turn": its regeneration shields (which last the turn) are
    gone, and no new one can be made (701.12 / 419.6b)."""
    for oid in list(which):
        o = state.objects.get(oid)
        if o is None or o.zone != "battlefield" or not chars(state, o).is_type("Creature"):
            continue
        o.regen_shields = 0
        add_effect(state, ContinuousEffect(state.new_timestamp(), frozenset({oid}), ctx.source.name, "eot",
                                           restriction=Restriction.CANT_REGENERATE))
        state.log_event(f"{o.name} can't be regenerated this turn ({ctx.source.name})", "regenerate")


def move_each(state: GameState, which: Ids, zone: str, says: str, concept: str) -> None:
    """Move each named object that still exists to `zone`, logging "NAME {says}"; they leave
    together (one event)."""
    ids = [oid for oid in which if oid is not None]
    with leaving_together(state, ids):
        for oid in ids:
            if oid in state.objects:
                name = state.objects[oid].name
                move(state, oid, zone)
                state.log_event(f"{name} {says}", concept)


def exile(state: GameState, ctx: EffectContext, which: Ids) -> None:
    move_each(state, which, "exile", f"is {state.rules.word('exiled')}", "exile")


def bounce(state: GameState, ctx: EffectContext, which: Ids) -> None:
    move_each(state, which, "hand", "is returned to its owner's hand", "resolve")


def draw(state: GameState, ctx: EffectContext, who: Names, n: int) -> None:
    for p in list(who):
        if p is not None:
            draw_cards(state, p, n)


def gain_life(state: GameState, ctx: EffectContext, who: Names, n: int) -> None:
    for p in list(who):
        if p is not None:
            gain(state, p, n, ctx.source.name)


def lose_life(state: GameState, ctx: EffectContext, who: Names, n: int) -> None:
    for p in list(who):
        if p is not None:
            before = state.player(p).life
            lose(state, p, n, ctx.source.name)
            # "You gain life equal to the life lost this way" (Blood Tithe)
            ctx.data["life_lost"] = int(ctx.data.get("life_lost", 0)) + max(before - state.player(p).life, 0)


def discard(state: GameState, ctx: EffectContext, who: Names, n: int, random: bool = False) -> Gen:
    """The player discards N cards of their choice (or at random)."""
    for p in list(who):
        if p is None:
            continue
        hand = state.player(p).hand
        k = min(n, len(hand))
        if k == 0:
            continue
        if random:
            chosen = state.rng.sample(list(hand), k)
        elif k == len(hand):
            chosen = list(hand)
        else:
            ans, _ = yield DiscardDecision(p, f"{ctx.source.name}: discard {k} card{'s' if k > 1 else ''}",
                                           cards=tuple(hand), count=k)
            chosen = list(ans.cards)
        for oid in chosen:
            discard_card(state, p, oid, by=ctx.controller)


def discard_card(state: GameState, player: str, oid: int, by: str = "") -> None:
    """`player` discards a card from their hand (701.7a / 217.4): an event abilities see;
    `by`: the controller of the spell or ability that made them (Guerrilla Tactics)."""
    name = state.objects[oid].name
    new = move(state, oid, "graveyard", discarded_by=by)
    state.log_event(f"{player} discards {name}", "discard", player=player)
    emit(state, "discard", {"player": player, "card": new, "by": by})


def counter(state: GameState, ctx: EffectContext, which: Ids) -> None:
    for sid in list(which):
        item = state.stack_item(sid)
        if item is None:
            continue
        card = state.objects.get(item.source_id) if item.kind == "spell" else None
        if card is not None and Restriction.UNCOUNTERABLE in chars(state, card).restrictions:
            state.log_event(f"{item.name} can't be countered", "uncounterable")
            continue
        immune = cant_be_countered_by(state, item, ctx.source)  # Autumn's Veil
        if immune:
            state.log_event(f"{item.name} can't be countered by {ctx.source.name} ({immune})", "uncounterable")
            continue
        if (card is not None and chars(state, card).is_type("Creature")
                and PlayerRule.CREATURE_SPELLS_UNCOUNTERABLE in player_rules(state, item.controller)):
            state.log_event(f"{item.name} can't be countered (creature spells can't be countered)", "uncounterable")
            continue
        counter_item(state, item)


def pump(state: GameState, ctx: EffectContext, which: Ids, power: int = 0, toughness: int = 0,
         grants: tuple[str, ...] = ()) -> None:
    """"gets +N/+N" / "gains flying" until end of turn: locked to the objects it affected."""
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if ids:
        add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "eot",
                                         power, toughness, grants=grants))
        names = ", ".join(state.objects[i].name for i in ids)
        bits = []
        if power or toughness:
            bits.append(f"{power:+d}/{toughness:+d}")
        if grants:
            bits.append("gains " + ", ".join(grants))
        state.log_event(f"{names} {' and '.join(bits) or 'is affected'} until end of turn", "continuous")


def switch_pt(state: GameState, ctx: EffectContext, which: Ids) -> None:
    """"Switch target creature's power and toughness until end of turn": applied after every
    other P/T effect and the counters, whatever its timestamp (613.3e / 418.5a, 6e)."""
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if ids:
        add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "eot", switch_pt=True))
        names = ", ".join(state.objects[i].name for i in ids)
        state.log_event(f"{names}: power and toughness switched until end of turn", "switch_pt")


def becomes(state: GameState, ctx: EffectContext, which: Ids, effect: Becomes) -> None:
    """"becomes a 4/5 green Treefolk creature": types added, colors and P/T set (layers 4, 5,
    7b / 6b), until end of turn or for as long as its source remains on the battlefield."""
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if not ids:
        return
    duration = f"while:{ctx.source.id}" if effect.while_source else "eot"
    pt = (ctx.x, ctx.x) if effect.x_pt else (effect.power, effect.toughness)
    add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, duration,
                                       set_pt=pt, add_types=effect.types,
                                       add_subtypes=effect.subtypes, grants=effect.grants,
                                       set_colors=frozenset(effect.colors) if effect.colors else None,
                                       grants_abilities=effect.grants_abilities))
    what = " ".join([COLOR_NAMES[c] for c in effect.colors] + list(effect.subtypes) + [t.lower() for t in effect.types])
    article = "a " if what else ""
    what = f" {what}" if what else ""
    until = (f"for as long as {ctx.source.name} remains on the battlefield" if effect.while_source
             else "until end of turn")
    for i in ids:
        with_kw = f" with {', '.join(effect.grants)}" if effect.grants else ""
        state.log_event(f"{state.objects[i].name} becomes {article}{pt[0]}/{pt[1]}{what}{with_kw} "
                        f"{until}", "continuous")


def set_color(state: GameState, ctx: EffectContext, which: Ids, colors: tuple[str, ...]) -> None:
    """"Target creature becomes red until end of turn": its colors set (layer 5)."""
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if not ids:
        return
    add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "eot",
                                       set_colors=frozenset(colors)))
    what = " and ".join(COLOR_NAMES[c] for c in colors)
    for i in ids:
        state.log_event(f"{state.objects[i].name} becomes {what} until end of turn", "continuous")


def is_also(state: GameState, ctx: EffectContext, which: Ids, effect: IsAlso) -> None:
    """"That creature is a black Zombie in addition to its other colors and types": for as
    long as it is that object (layers 4 and 5)."""
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if not ids:
        return
    add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "forever",
                                       add_subtypes=effect.subtypes, add_colors=frozenset(effect.colors)))
    what = " ".join([COLOR_NAMES[c] for c in effect.colors] + list(effect.subtypes))
    for i in ids:
        article = "a " if effect.subtypes else ""
        state.log_event(f"{state.objects[i].name} is {article}{what} in addition to its other colors and types",
                        "continuous")


def tap(state: GameState, ctx: EffectContext, which: Ids, untap: bool = False) -> None:
    for oid in which:
        if oid is not None and oid in state.objects:
            if untap:
                state.objects[oid].tapped = False
            else:
                tap_permanent(state, state.objects[oid])
            state.log_event(f"{state.objects[oid].name} {'untaps' if untap else 'becomes tapped'}", "resolve")


def sacrifice(state: GameState, ctx: EffectContext, which: Ids) -> None:
    ids = [oid for oid in which if oid is not None]
    with leaving_together(state, ids):
        for oid in ids:
            if oid in state.objects and state.objects[oid].zone == "battlefield":
                o = state.objects[oid]
                move(state, oid, "graveyard")
                state.log_event(f"{o.controller} sacrifices {o.name}", "sacrifice", player=o.controller)


def choose_object(state: GameState, player: str, prompt: str, ids: list[Any], zones: tuple[str, ...] = ("battlefield",),
                  concept: str = "", hidden: bool = False, may_find_nothing: bool = False) -> Gen:
    """Ask `player` to choose one of `ids` (returns it; None when there is none).  The engine
    asks only when there is a real choice: one candidate, or identical cards in a hidden
    zone, are chosen without asking.  A search for a card with a stated quality
    (`may_find_nothing`) may find nothing (701.16b): when it asks, nothing is an answer (None),
    and a game that asks every search (`GameSetup.ask_every_search`) asks about one card too."""
    if not ids:
        return None
    options = list(ids)
    if hidden:
        by_name: dict[str, Any] = {}
        for i in ids:
            by_name.setdefault(state.objects[i].name, i)
        options = list(by_name.values())
    if len(options) == 1 and not (may_find_nothing and state.setup.ask_every_search):
        return options[0]
    ans, _ = yield ChooseObjectDecision(player, prompt, ids=tuple(options), zones=zones, concept=concept,
                                        may_find_nothing=may_find_nothing)
    if not ans.words:  # found nothing (the answer is checked: only where `may_find_nothing`)
        return None
    choice = ans.words[0]
    if isinstance(choice, str) and not state.has_player(choice):
        choice = resolve_ref(state, choice, zones=zones, controller=player)
    return choice


def redirect_next_damage(state: GameState, ctx: EffectContext, amount: int, to: Ids) -> Gen:
    """"The next N damage that a source of your choice would deal to you and/or permanents you
    control this turn is dealt to [target] instead": the source is chosen as it resolves
    (609.7a / 419.8a), then the shield waits (614.9 / 419.6c)."""
    dest = next((t for t in to if t is not None), None)
    if dest is None:
        return
    spells = [it.id for it in state.stack if it.kind == "spell" and it.source_id != ctx.source.id]
    choice = yield from choose_object(state, ctx.controller, f"{ctx.source.name}: choose a source",
                                      list(state.battlefield) + spells, zones=("battlefield", "stack"),
                                      concept="source_of_choice")
    if choice is None:
        return
    item = state.stack_item(choice) if choice in spells else None
    src = item.source_id if item is not None else choice  # a spell's source is its card
    state.shields.append(Shield(state.new_timestamp(), ctx.source.name, ctx.controller, "you_and_your_permanents",
                                from_source=src, left=amount, redirect_to=dest))
    state.log_event(f"{ctx.controller} chooses {name_of(state, src)}: the next {amount} damage it would deal to "
                    f"{ctx.controller} and/or permanents {ctx.controller} controls this turn is dealt to "
                    f"{name_of(state, dest)} instead", "source_of_choice", player=ctx.controller)


def _sacrifice_together(state: GameState, ctx: EffectContext, chosen: list[int]) -> None:
    """The chosen permanents are sacrificed at once; remembered (last known information) in
    ctx.data["sacrificed"]."""
    ctx.data["sacrificed"] = [state.objects[i] for i in chosen]
    with leaving_together(state, chosen):
        for oid in chosen:
            o = state.objects[oid]
            move(state, oid, "graveyard")
            state.log_event(f"{o.controller} sacrifices {o.name}", "sacrifice", player=o.controller)


def sacrifice_chosen(state: GameState, ctx: EffectContext, chooser_candidates: list[tuple[str, list[int]]],
                     what: str) -> Gen:
    """Each player chooses a permanent of theirs among its candidates and sacrifices it
    (701.14a / 217.4); in APNAP order, then all at once.  What was sacrificed is remembered
    in ctx.data["sacrificed"] (last known information)."""
    chosen: list[int] = []
    for p, cands in chooser_candidates:
        oid = yield from choose_object(state, p, f"{ctx.source.name}: choose {what} to sacrifice", cands,
                                       concept="sacrifice")
        if oid is not None:
            chosen.append(oid)
    _sacrifice_together(state, ctx, chosen)


def may_discard(state: GameState, ctx: EffectContext, test: Any, what: str) -> Gen:
    """"... unless you discard a creature card": the controller may discard one (chosen from
    their hand); returns whether they did."""
    p = ctx.controller
    cands = [i for i in state.player(p).hand if matches_card(state, test, state.objects[i], p, ctx.source)]
    if not cands:
        return False
    ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: discard {what}?")
    if not ans.yes:
        return False
    oid = yield from choose_object(state, p, f"{ctx.source.name}: choose {what} to discard", cands, zones=("hand",),
                                   concept="discard", hidden=True)
    discard_card(state, p, oid, by=ctx.controller)
    return True


def pay_or_not(state: GameState, player: str, cost_text: str, prompt: str) -> Gen:
    """Ask `player` whether to pay a mana cost as something resolves ("unless its controller
    pays {1}", "you may pay {1}{G}"); a player who can't pay isn't asked.  Returns whether
    they paid (mana abilities are activated automatically, 605.3a / 411.2)."""
    cost = parse_cost(cost_text) or ManaCost()
    try:
        plan = plan_payment(state, player, cost, None)
    except IllegalAction:
        plan = None
    if not (yield from _will_pay(state, player, cost, prompt, plan is not None)):
        return False
    assert plan is not None
    pay_mana(state, player, plan, cost)
    return True


def _will_pay(state: GameState, player: str, cost: ManaCost, prompt: str, payable: bool) -> Gen:
    """Whether `player` pays `cost` now: asked only if they can (a "may pay" or "unless ... pays")."""
    if not payable:
        state.log_event(f"{player} can't pay {cost}", "cost_unpayable", player=player)
        return False
    ans, _ = yield YesNoDecision(player, prompt)
    if not ans.yes:
        state.log_event(f"{player} doesn't pay {cost}", "resolve", player=player)
    return bool(ans.yes)


def pay_x_or_not(state: GameState, ctx: EffectContext, cost_text: str, prompt: str) -> Gen:
    """"you may pay {X}{R}. If you do, ..." (Flameblast Dragon): the player who may pay
    chooses X as it resolves (608.2d / 413.2c; at most what they can pay) and pays; X is the
    ability's X for the rest of its text.  Returns whether they paid."""
    player = ctx.controller
    cost = parse_cost(cost_text) or ManaCost()
    most = -1
    for x in range(100):
        try:
            plan_payment(state, player, cost.with_x(x), None)
        except IllegalAction:
            break
        most = x
    if not (yield from _will_pay(state, player, cost, prompt, most >= 0)):
        return False
    x = 0
    if most > 0:
        ans, _ = yield ChooseWordDecision(player, f"{ctx.source.name}: choose X (0 to {most})",
                                          options=tuple(str(i) for i in range(most + 1)), concept="resolve_choices")
        x = int(ans.words[0])
    ctx.x = x
    to_pay = cost.with_x(x)
    pay_mana(state, player, plan_payment(state, player, to_pay, None), to_pay)
    state.log_event(f"{player} pays {cost} with X = {x}", "resolve", player=player)
    return True


def tap_or_untap(state: GameState, ctx: EffectContext, which: Ids) -> Gen:
    """"Tap or untap target creature": the controller chooses as it resolves (Twitch, Puppeteer)."""
    for oid in list(which):
        if oid is None or oid not in state.objects or state.objects[oid].zone != "battlefield":
            continue
        ans, _ = yield ChooseWordDecision(ctx.controller, f"{ctx.source.name}: tap or untap "
                                          f"{state.objects[oid].name}?", options=("tap", "untap"),
                                          concept="resolve_choices")
        tap(state, ctx, [oid], untap=ans.words[0] == "untap")


def return_chosen(state: GameState, ctx: EffectContext, chooser_candidates: list[tuple[str, list[int]]],
                  what: str) -> Gen:
    """Each player chooses a permanent of theirs among its candidates and returns it to its
    owner's hand (Stampeding Wildebeests, Sunken Hope); in APNAP order, then all at once."""
    chosen: list[int] = []
    for p, cands in chooser_candidates:
        oid = yield from choose_object(state, p, f"{ctx.source.name}: choose {what} to return to its owner's hand",
                                       cands, concept="resolve")
        if oid is not None:
            chosen.append(oid)
    bounce(state, ctx, chosen)


def create_tokens(state: GameState, ctx: EffectContext, spec: TokenSpec, n: int) -> None:
    token = token_card(spec)
    # 2014 110.5a: owned by the player under whose control it entered; 2009 216.1: by the
    # controller of the effect that created it.  With one controller here both are ctx.controller.
    for _ in range(n):
        oid = create_card(state, token.name, ctx.controller, "battlefield", token=True, card=token)
        o = state.objects[oid]
        o.since_turn = state.turn
        state.zone_changes.append((_phantom(o), o))
        state.log_event(f"a {token.name} token {state.rules.word('enters')} under {ctx.controller}'s control",
                  "tokens_owner")
    state.invalidate()


def _phantom(o: Obj) -> Obj:
    """A stand-in 'previous object' for a token that came from nowhere (for ETB events)."""
    return Obj(0, o.card, o.owner, o.controller, "none")


def add_counters(state: GameState, ctx: EffectContext, which: Ids, kind: str, n: int) -> None:
    for oid in which:
        if oid is not None and oid in state.objects:
            state.objects[oid].counters[kind] += n
            state.log_event(f"{n} {kind} counter{'s' if n != 1 else ''} on {state.objects[oid].name}", "counters")
    state.invalidate()


def restrict(state: GameState, ctx: EffectContext, which: Ids, restriction: ObjectRestriction, text: str) -> None:
    """"can't block this turn", "can't be blocked this turn": a restriction on each object."""
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if ids:
        add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "eot",
                                           restriction=restriction))
        state.log_event(f"{', '.join(state.objects[i].name for i in ids)} {text}", "continuous")


def dont_untap(state: GameState, ctx: EffectContext, which: Ids, players: list[str]) -> None:
    """"doesn't untap during its controller's next untap step": lasts until that untap step
    is over (502.2 / 302.2).  `players` names the player whose untap step it is, when the
    text says ("that player's next untap step"); otherwise each object's controller."""
    for oid in which:
        if oid is None or oid not in state.objects:
            continue
        o = state.objects[oid]
        p = players[0] if players else o.controller
        add_effect(state, ContinuousEffect(state.new_timestamp(), frozenset({oid}), ctx.source.name,
                                         f"untap:{p}", restriction=Restriction.DOESNT_UNTAP))
        state.log_event(f"{o.name} doesn't untap during {p}'s next untap step", "doesnt_untap")


def gain_control(state: GameState, ctx: EffectContext, which: Ids, duration: str = "eot") -> None:
    for oid in which:
        o = state.objects.get(oid) if oid is not None else None
        if o is None or o.zone != "battlefield":
            continue
        add_effect(state, ContinuousEffect(state.new_timestamp(), frozenset({oid}), ctx.source.name, duration,
                                           controller=ctx.controller))


def give_control(state: GameState, ctx: EffectContext, which: Ids, player: str) -> None:
    """"target opponent gains control of it" (layer 2, for the rest of the game)."""
    for oid in which:
        o = state.objects.get(oid) if oid is not None else None
        if o is None or o.zone != "battlefield":
            continue
        add_effect(state, ContinuousEffect(state.new_timestamp(), frozenset({oid}), ctx.source.name, "forever",
                                           controller=player))
        state.log_event(f"{player} gains control of {o.name}", "control_change")


def lose_game(state: GameState, ctx: EffectContext, who: Names) -> None:
    """"that player loses the game" (2014 104.3e / 2009 102.3); not a player who can't lose."""
    for p in list(who):
        if p is None or state.player(p).lost or PlayerRule.CANT_LOSE in player_rules(state, p):
            continue
        state.player(p).lost = True
        watched_state_changed(state)  # who is an opponent changed
        state.log_event(f"{p} loses the game ({ctx.source.name})", "lose_effect", player=p)
    state.check_game_over()


def win_game(state: GameState, ctx: EffectContext, who: Names) -> None:
    """"you win the game" (2014 104.2b / 2009 102.2b): the others lose; not if they can't."""
    for p in list(who):
        if p is None or state.player(p).lost or PlayerRule.CANT_WIN in player_rules(state, p):
            continue
        state.log_event(f"{p} wins the game ({ctx.source.name})", "win_effect", player=p)
        lose_game(state, ctx, list(state.opponents(p)))


def extra_turn(state: GameState, ctx: EffectContext, who: Names) -> None:
    """"takes an extra turn after this one" (500.7 / 300.6): the newest is taken first."""
    for p in who:
        if p is not None:
            state.extra_turns.append(p)
            state.log_event(f"{p} will take an extra turn after this one", "extra_turn", player=p)


def ask_may(state: GameState, ctx: EffectContext, prompt: str) -> Gen:
    """"You may ...": the controller chooses as the effect resolves (608.2d)."""
    ans, _ = yield YesNoDecision(ctx.controller, f"{ctx.source.name}: {prompt}?")
    return ans.yes


def choose_at_random(state: GameState, ctx: EffectContext, which: Ids, key: str) -> None:
    """"one of them at random": among those that are still there (a target that became
    illegal is left alone, 608.2b), chosen with the game's random generator so a game
    replays the same; remembered in ctx.data[key]."""
    live = [i for i in dict.fromkeys(which) if i is not None and i in state.objects]
    if not live:
        ctx.data[key] = []
        return
    pick = state.rng.choice(live)
    ctx.data[key] = [pick]
    among = ", ".join(state.objects[i].name for i in live)
    state.log_event(f"{ctx.source.name}: {state.objects[pick].name} is chosen at random (among {among})", "resolve")


def attacks_if_able(state: GameState, ctx: EffectContext, which: Ids, whom: Names) -> None:
    """"Target creature an opponent controls attacks you this turn if able": an attack
    requirement (508.1d / 500.2) naming the player it must attack, until end of turn."""
    player = next((p for p in whom if p is not None), None)
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if not ids or player is None:
        return
    add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "eot", must_attack=player))
    for i in ids:
        state.log_event(f"{state.objects[i].name} attacks {player} this turn if able", "attack_requirement")


def choose_card_name(state: GameState, player: str, prompt: str) -> Gen:
    """`player` chooses a card name: the name of any card in the card database (2014 201.3;
    2009 202.3), the names of the cards in this game offered first.  Returns the name."""
    names = tuple(card_names())
    here = {o.name for o in state.objects.values()} | {o.card.name for o in state.lki.values()}
    suggested = tuple(n for n in names if n in here)
    d = ChooseNameDecision(player, prompt, names=names, suggested=suggested)
    ans, _ = yield d
    return d.canonical(str(ans.words[0])) or str(ans.words[0])


def choose_name(state: GameState, ctx: EffectContext, who: Names, key: str) -> Gen:
    """"that player chooses a card name": remembered in ctx.data[key] ("that name")."""
    for p in who:
        if p is None:
            continue
        name = yield from choose_card_name(state, p, f"{ctx.source.name}: choose a card name")
        ctx.data[key] = name
        state.log_event(f"{p} chooses the name {name}", "name_card", player=p)


def sacrifice_several(state: GameState, ctx: EffectContext, chooser_candidates: list[tuple[str, list[int]]],
                      what: str, count: int) -> Gen:
    """"Each player sacrifices five lands": each player chooses `count` of their candidates
    (every one, if they have no more), in APNAP order; then all are sacrificed at once
    (701.14a / 217.4)."""
    chosen: list[int] = []
    for p, cands in chooser_candidates:
        left = list(cands)
        if len(left) <= count:  # every one of them: nothing to choose
            chosen += left
            continue
        for k in range(count):
            oid = yield from choose_object(state, p, f"{ctx.source.name}: choose {what} {k + 1} of {count} to "
                                                     "sacrifice", left, concept="sacrifice")
            if oid is None:
                break
            chosen.append(oid)
            left.remove(oid)
    _sacrifice_together(state, ctx, chosen)


def lose_and_gain(state: GameState, ctx: EffectContext, which: Ids, removes: tuple[str, ...],
                  grants: tuple[str, ...]) -> None:
    """"Until end of turn, ~ loses defender and gains flying" (layer 6, locked to what it affected)."""
    ids = frozenset(i for i in which if i is not None and i in state.objects)
    if ids:
        add_effect(state, ContinuousEffect(state.new_timestamp(), ids, ctx.source.name, "eot",
                                           grants=grants, removes=removes))
        names = ", ".join(state.objects[i].name for i in ids)
        state.log_event(f"{names} loses {', '.join(removes)} and gains {', '.join(grants)} until end of turn",
                        "continuous")


def counter_unless_pays(state: GameState, ctx: EffectContext, which: Ids, cost: ManaCost) -> Gen:
    """"Counter target spell unless its controller pays {3}" (Mana Leak): the spell's
    controller may pay as the effect resolves (activating mana abilities for the payment); if
    they can't or won't, the spell is countered."""
    for sid in list(which):
        item = state.stack_item(sid) if sid is not None else None
        if item is None:
            continue
        payer = item.controller
        try:
            plan = plan_payment(state, payer, cost, None)
        except A.IllegalAction:
            plan = None
        if plan is not None:
            ans, _ = yield YesNoDecision(payer, f"{ctx.source.name}: pay {cost.text} so that {item.name} "
                                                "isn't countered?")
            if ans.yes:
                pay_mana(state, payer, plan, cost)
                state.log_event(f"{payer} pays {cost.text}: {item.name} isn't countered", "counter", player=payer)
                continue
        counter(state, ctx, [sid])


def protection_from_chosen_color(state: GameState, ctx: EffectContext, which: Ids) -> Gen:
    """"Target creature gains protection from the color of your choice until end of turn":
    the color is chosen as the effect resolves (608.2d / 413.2c)."""
    ids = [i for i in which if i is not None and i in state.objects]
    if not ids:
        return
    ans, _ = yield ChooseColorDecision(ctx.controller, f"{ctx.source.name}: choose a color for protection",
                                       colors=tuple("WUBRG"))
    word = str(ans.words[0]).lower()
    name = word if word in NAME_TO_COLOR else COLOR_NAMES[word.upper()]
    state.log_event(f"{ctx.controller} chooses {name}", "resolve_choices", player=ctx.controller)
    pump(state, ctx, ids, grants=(f"protection from {name}",))


def keep_one_discard_rest(state: GameState, ctx: EffectContext, who: Names) -> Gen:
    """"Target player chooses a card in their hand and discards the rest" (Monomania)."""
    for p in list(who):
        if p is None:
            continue
        hand = list(state.player(p).hand)
        if len(hand) <= 1:
            continue
        keep = yield from choose_object(state, p, f"{ctx.source.name}: choose the card to keep", hand,
                                        zones=("hand",), concept="discard", hidden=True)
        for oid in hand:
            if oid != keep:
                discard_card(state, p, oid, by=ctx.controller)


