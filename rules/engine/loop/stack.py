"""Playing lands, casting spells, activating abilities and resolving what is on the stack
(2014: 305, 601, 602, 605, 608; 2009: 212.6, 409, 411, 413)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards.ir import Keyword, PlayerRule, Restriction, SacrificeCost
from ...cards.mana import COLOR_NAMES, NAME_TO_COLOR, NO_MANA, ManaCost, Payment, mana_symbols
from ...cards.model import ActivatedAbility, Cost, TargetSpec, TriggeredAbility
from ..changes.events import emit, emit_targeted, flush, remove_counters, tap_permanent
from ..changes.payment import mana_amount, pay_mana, plan_payment, tapped_for_mana
from ..changes.unenforced import announce_unenforced
from ..changes.zones import move, remove_from_stack, spell_to_graveyard
from ..combat.combat import resolve_combat_damage
from ..continuous.abilities import (
    activated_abilities,
    activated_ability,
    can_activate_abilities,
    can_activate_ability,
    is_summoning_sick,
    spell_ability,
    spell_targets,
)
from ..continuous.attachments import aura_target_spec
from ..continuous.characteristics import chars, matches, matches_card
from ..continuous.other_zones import may_cast_from, may_play_land_from
from ..continuous.player_rules import land_plays, player_rules
from ..core import actions as A
from ..core.decisions import ChooseColorDecision, Decision, DiscardDecision, YesNoDecision
from ..core.objects import Obj, StackItem
from ..core.state import EffectContext, GameState
from ..resolution.division import check_division
from ..resolution.effects import choose_object, discard_card
from ..resolution.entering import enter_battlefield
from ..resolution.interpret import run_effects
from ..resolution.spell_costs import (
    alternative_cost,
    alternative_payable,
    check_additional_costs,
    choose_alternative,
    pay_additional_costs,
    pay_alternative,
    total_cost,
    x_spend_only,
)
from ..resolution.targets import check_targets, check_x_targets, still_legal, targets_text
from .mana_abilities import resolve_mana_ability

Gen = Generator[Decision, Any, Any]
MAIN_STEPS = ("main1", "main2")


# ------------------------------------------------------------ lands

def check_play_land(state: GameState, a: A.PlayLand) -> None:
    o = state.objects.get(a.card)
    p = state.player(a.player)
    if o is None or not may_play_land_from(state, a.player, o) or o.owner != a.player:
        raise A.IllegalAction("that card is not in your hand", state.rules.cite("play_land"))
    if not o.card.is_type("Land"):
        raise A.IllegalAction(f"{o.name} is not a land: cast it instead", state.rules.cite("play_land"))
    if state.active != a.player or state.step not in MAIN_STEPS or state.stack:
        raise A.IllegalAction(
            "a land can be played only in your main phase, with priority, when the stack is empty",
            state.rules.cite("play_land"))
    if p.lands_played >= land_plays(state, a.player):
        raise A.IllegalAction("you have already played a land this turn", state.rules.cite("land_per_turn"))


def play_land(state: GameState, a: A.PlayLand) -> None:
    name = state.objects[a.card].name
    where = " from their graveyard" if state.objects[a.card].zone == "graveyard" else ""  # Crucible of Worlds
    move(state, a.card, "battlefield", controller=a.player)
    state.player(a.player).lands_played += 1
    state.log_event(f"{a.player} plays {name}{where} (a special action)", "land_special_action", player=a.player)
    flush(state)


# ------------------------------------------------------------ casting

def _timing_concept(state: GameState, o: Obj) -> str:
    for t in ("Creature", "Sorcery", "Artifact", "Enchantment", "Planeswalker"):
        if o.card.is_type(t):
            return "timing_" + t.lower()
    return "timing_sorcery"


def can_cast_now(state: GameState, player: str, o: Obj) -> A.IllegalAction | None:
    if o.card.is_type("Land"):
        return A.IllegalAction(f"{o.name} is a land: lands are played, not cast", state.rules.cite("play_land"))
    if PlayerRule.CANT_CAST in player_rules(state, player):  # "Your opponents can't cast spells this turn"
        return A.IllegalAction(f"{player} can't cast spells this turn", state.rules.cite("cant"))
    # Rule of Law
    if state.player(player).spells_cast and PlayerRule.ONE_SPELL_EACH_TURN in player_rules(state, player):
        verb = state.rules.word("cast").removesuffix("s")
        return A.IllegalAction(f"{player} can't {verb} more than one spell each turn", state.rules.cite("cant"))
    if o.card.is_type("Creature") and PlayerRule.CANT_CAST_CREATURES in player_rules(state, player):  # Steel Golem
        verb = state.rules.word("cast").removesuffix("s")  # "cast" / "play"
        return A.IllegalAction(f"{player} can't {verb} creature spells", state.rules.cite("cant"))
    instant = o.card.is_type("Instant") or Keyword.FLASH in chars(state, o).keywords
    # "You may cast spells as though they had flash" (Leyline of Anticipation)
    instant = instant or PlayerRule.CAST_AS_THOUGH_FLASH in player_rules(state, player)
    if not instant and (state.active != player or state.step not in MAIN_STEPS or state.stack):
        return A.IllegalAction(
            f"{o.name} can be {state.rules.word('be_cast')} only in your main phase when the stack is empty",
            state.rules.cite(_timing_concept(state, o)))
    return None


def check_cast(state: GameState, a: A.Cast) -> Payment[int]:
    o = state.objects.get(a.card)
    if o is None or not may_cast_from(state, a.player, o) or o.owner != a.player:
        raise A.IllegalAction("that card is not in your hand", state.rules.cite("cast_announce"))
    err = can_cast_now(state, a.player, o)
    if err:
        raise err
    x = _check_x(state, o.card.mana_cost or NO_MANA, a.x, o.name)
    if a.modes:
        raise A.IllegalAction(f"{o.name} has no modes to choose", state.rules.cite("cast_modes"))
    # a player checks what it costs before what it targets: a spell nobody can pay for is
    # refused for its cost, whatever its targets
    try:
        plan = _plan_spell_payment(state, a, o, x)
    except A.IllegalAction:
        # "You may pay 6 life and sacrifice three black creatures rather than pay this spell's
        # mana cost": castable for that alone (its other costs, if any, still in mana)
        if not alternative_payable(state, o, a.player):
            raise
        plan = plan_payment(state, a.player, _beyond_mana_cost(state, a, o, x), a.paying, exclude=(), casting=o.id)
    check_additional_costs(state, o, a.player)
    check_targets(state, spell_targets(o), a.targets, a.player, o)
    check_x_targets(state, spell_targets(o), a.targets, x, o)
    ab = spell_ability(o)
    check_division(state, ab.effect if ab else (), a.targets, a.division, x)
    return plan


def _plan_spell_payment(state: GameState, a: A.Cast, o: Obj, x: int) -> Payment[int]:
    """The payment plan for a spell; a spell whose X may be paid only with some colors
    ("Spend only black mana on X") that could be paid otherwise says so (601.2g / 409.1h)."""
    cost = total_cost(o, x, len(a.targets), state=state, player=a.player)
    try:
        return plan_payment(state, a.player, cost, a.paying, exclude=(), casting=o.id)
    except A.IllegalAction:
        only = x_spend_only(o)
        if not only or not x or not _payable(state, a, total_cost(o, x, len(a.targets), restricted=False,
                                                                        state=state, player=a.player)):
            raise
        colors = " or ".join(COLOR_NAMES[c] for c in sorted(only))
        raise A.IllegalAction(f"{o.name}: spend only {colors} mana on X (with X={x} it costs {cost}, "
                              f"{x} of it {colors})", state.rules.cite("spend_only")) from None


def _beyond_mana_cost(state: GameState, a: A.Cast, o: Obj, x: int) -> ManaCost:
    """What a spell cast for an alternative cost still costs in mana: its cost increases less
    its reductions (601.2e / 409.1f), generic."""
    full = total_cost(o, x, len(a.targets), state=state, player=a.player)
    printed = (o.card.mana_cost or NO_MANA).with_x(x, "")
    extra = full.cmc - printed.cmc
    return NO_MANA.plus_generic(extra) if extra > 0 else NO_MANA


def _payable(state: GameState, a: A.Cast, cost: ManaCost) -> bool:
    try:
        plan_payment(state, a.player, cost, a.paying, exclude=(), casting=a.card)
    except A.IllegalAction:
        return False
    return True


def _check_x(state: GameState, cost: ManaCost, x: int | None, name: str) -> int:
    if cost.x_count:
        if x is None:
            raise A.IllegalAction(f"{name} has {{X}} in its cost: choose X (x=N)", state.rules.cite("cast_modes"))
        if x < 0:
            raise A.IllegalAction("X can't be negative", state.rules.cite("cast_modes"))
        return x
    if x not in (None, 0):
        raise A.IllegalAction(f"{name} has no X to choose", state.rules.cite("cast_modes"))
    return 0


def announce(state: GameState) -> bool:
    """The action just recorded starts being announced (`GameState.announcing`); False when
    it is part of another's announcement (a mana ability activated while paying a cost)."""
    if state.announcing is not None or not state.record:
        return False
    state.announcing = len(state.record) - 1
    return True


def cast(state: GameState, a: A.Cast, payment: Payment[int]) -> Gen:
    o = state.objects[a.card]
    mine = announce(state)
    name = o.name
    ab = spell_ability(o)
    division = check_division(state, ab.effect if ab else (), a.targets, a.division, a.x or 0)
    cost = total_cost(o, a.x or 0, len(a.targets), state=state, player=a.player)
    # whether the mana cost could be paid instead matters only to a spell with an alternative cost
    mana_payable = alternative_cost(o) is None or _payable(state, a, cost)
    from_zone = o.zone
    new_id = move(state, a.card, "stack", controller=a.player)  # 601.2a
    state.objects[new_id].cast_from = from_zone
    state.player(a.player).spells_cast += 1
    if (o.card.mana_cost or NO_MANA).x_count:
        state.log_event(f"{a.player} chooses X={a.x or 0} for {name}", "cast_modes", player=a.player)
    # on the stack from the start of casting (601.2a / 409.1a), its costs paid there
    item = StackItem(state.new_id(), "spell", a.player, new_id, name, ability=ab,
                     targets=list(a.targets), x=a.x or 0, modes=a.modes, division=division)
    state.stack.append(item)
    if (yield from choose_alternative(state, state.objects[new_id], a.player, mana_payable)):
        yield from pay_alternative(state, state.objects[new_id], a.player)
        beyond = _beyond_mana_cost(state, a, state.objects[new_id], a.x or 0)
        if not mana_payable:  # the plan check_cast made was for this
            pay_mana(state, a.player, payment, beyond)
        elif not beyond.is_free():
            pay_mana(state, a.player, plan_payment(state, a.player, beyond, None, exclude=()), beyond)
    else:
        pay_mana(state, a.player, payment, cost)
    item.data = yield from pay_additional_costs(state, state.objects[new_id], a.player)
    if mine:
        state.announcing = None  # cast (601.2h / 409.1i)
    where = " from the top of their library" if from_zone == "library" else ""  # Garruk's Horde
    state.log_event(f"{a.player} {state.rules.word('cast')} {name}{where}"
                    f"{targets_text(state, item.targets, item.division)}", "cast_done", player=a.player)
    emit(state, "cast", {"item": item, "player": a.player})
    emit_targeted(state, item)


# ------------------------------------------------------------ activating

def check_activate(state: GameState, a: A.Activate) -> Payment[int]:
    """Can `a.player` activate that ability now (602.2 / 409.1)?  The refusal for the first
    check that fails, in order: the source, the ability, its timing and limits, its costs,
    then the mana payment and the targets (cost first, as for spells).  Returns the payment."""
    o = _activation_source(state, a)
    ab = _chosen_ability(state, a, o)
    _check_ability_may_be_activated(state, o, ab)
    _check_activation_timing(state, a, o, ab)
    cost = ab.cost
    if cost.loyalty is not None:
        _check_loyalty_cost(state, a, o, cost)
    if cost.tap or cost.untap:
        _check_tap_cost(state, o, cost)
    mana = cost.mana or NO_MANA
    x = a.x or 0 if cost.loyalty_x else _check_x(state, mana, a.x, o.name)
    _check_mana_color(state, a, o, ab)
    _check_counter_cost(state, o, cost)
    _check_card_costs(state, a, o, cost)
    _check_permanent_costs(state, a, o, cost)
    exclude = (o.id,) if cost.tap or cost.sacrifice_self or cost.exile_self else ()
    payment = plan_payment(state, a.player, mana.with_x(x), a.paying, exclude=exclude)
    check_targets(state, ab.targets, a.targets, a.player, o)  # cost first, as for spells
    check_division(state, ab.effect, a.targets, a.division, x)
    return payment


def _activation_source(state: GameState, a: A.Activate) -> Obj:
    """The permanent (or the card in a graveyard) whose ability is activated: its controller's
    (a card in a graveyard is controlled by its owner: its abilities there are theirs)."""
    o = state.objects.get(a.source)
    if o is None or o.zone not in ("battlefield", "graveyard"):
        raise A.IllegalAction("that is not a permanent on the battlefield", state.rules.cite("activate"))
    if (o.controller if o.zone == "battlefield" else o.owner) != a.player:
        raise A.IllegalAction(f"you don't {'control' if o.zone == 'battlefield' else 'own'} {o.name}",
                              state.rules.cite("activate"))
    return o


def _chosen_ability(state: GameState, a: A.Activate, o: Obj) -> ActivatedAbility:
    """The activated ability numbered `a.index` of `o`, with the mode chosen."""
    abilities = activated_abilities(state, o)
    if not 1 <= a.index <= len(abilities):
        raise A.IllegalAction(f"{o.name} has no activated ability {a.index}", state.rules.cite("activate"))
    return _with_chosen_mode(state, o, abilities[a.index - 1], a.modes)


def _check_ability_may_be_activated(state: GameState, o: Obj, ab: ActivatedAbility) -> None:
    """The ability functions where `o` is, and no effect stops it (Pithing Needle)."""
    if ab.zone != o.zone:  # 2014 112.6k / 2009 402.8h: it functions only in its zone
        where = "on the battlefield" if ab.zone == "battlefield" else f"in a {ab.zone}"
        raise A.IllegalAction(f"that ability of {o.name} functions only while it is {where}",
                              state.rules.cite("ability_zone"))
    if not can_activate_abilities(state, o):
        raise A.IllegalAction(f"{o.name}'s activated abilities can't be activated", state.rules.cite("cant"))
    if not can_activate_ability(state, o, ab):  # Pithing Needle
        raise A.IllegalAction(f"{o.name}'s activated abilities can't be activated unless they're mana abilities "
                              f"({_needle_of(state, o)} named it)", state.rules.cite("cant"))


def _check_activation_timing(state: GameState, a: A.Activate, o: Obj, ab: ActivatedAbility) -> None:
    """The ability's own timing and limits: sorcery speed (a loyalty ability too), a number of
    times each turn, only while attacking, only during a step or your turn."""
    if (ab.sorcery_speed or ab.cost.loyalty is not None) and not _sorcery_time(state, a.player):
        concept = "loyalty_once" if ab.cost.loyalty is not None else "sorcery_speed_ability"
        w = state.rules.word
        raise A.IllegalAction(f"this ability can be {w('be_activated')} only any time you could "
                              f"{w('be_cast').replace('played', 'play')} a sorcery",
                              state.rules.cite(concept))
    if ab.max_per_turn and o.ability_uses.get(a.index, 0) >= ab.max_per_turn:
        times = {1: "once", 2: "twice"}.get(ab.max_per_turn, f"{ab.max_per_turn} times")
        raise A.IllegalAction(f"that ability of {o.name} can be {state.rules.word('be_activated')} only {times} "
                              "each turn", state.rules.cite("activation_limit"))
    if ab.only_if_attacking and o.attacking is None:
        raise A.IllegalAction(f"that ability of {o.name} can be {state.rules.word('be_activated')} only while "
                              f"{o.name} is attacking", state.rules.cite("activation_limit"))
    if ab.only_during and (state.active != a.player or ab.only_during not in ("turn", state.step)):
        raise A.IllegalAction(f"that ability of {o.name} can be {state.rules.word('be_activated')} only during "
                              f"your {ab.only_during}", state.rules.cite("activation_limit"))


def _sorcery_time(state: GameState, player: str) -> bool:
    """Could `player` cast a sorcery now: their main phase, the stack empty?"""
    return state.active == player and state.step in MAIN_STEPS and not state.stack


def _check_loyalty_cost(state: GameState, a: A.Activate, o: Obj, cost: Cost) -> None:
    """A planeswalker's loyalty ability: once each turn (2014 606.3: no loyalty ability of it
    activated yet; 2009 212.9f: none of its activated abilities), X chosen, enough loyalty to remove."""
    used = o.loyalty_activated if state.rules.name == "2014" else o.activated_this_turn
    if used:
        raise A.IllegalAction(f"{state.rules.word('loyalty_limited')} of {o.name} has already been "
                              f"{state.rules.word('be_activated')} this turn",
                              state.rules.cite("loyalty_once"))
    remove = (a.x or 0) if cost.loyalty_x else -(cost.loyalty or 0)
    if cost.loyalty_x and (a.x is None or a.x < 0):
        raise A.IllegalAction(f"choose X for {o.name}'s ability (x=N)", state.rules.cite("cast_modes"))
    if remove > 0 and o.counters.get("loyalty", 0) < remove:
        raise A.IllegalAction(f"{o.name} doesn't have {remove} loyalty to remove",
                              state.rules.cite("cost_unpayable"))


def _check_tap_cost(state: GameState, o: Obj, cost: Cost) -> None:
    """{T} needs it untapped, {Q} tapped, and a creature's either needs it under its
    controller's control since their turn began, or haste."""
    if cost.tap and o.tapped:
        raise A.IllegalAction(f"{o.name} is already tapped", state.rules.cite("cost_unpayable"))
    if cost.untap and not o.tapped:
        raise A.IllegalAction(f"{o.name} is untapped", state.rules.cite("cost_unpayable"))
    if is_summoning_sick(state, o):
        raise A.IllegalAction(
            f"{o.name} hasn't been under your control since your most recent turn began "
            "and has no haste", state.rules.cite("summoning_sickness"))


def _check_mana_color(state: GameState, a: A.Activate, o: Obj, ab: ActivatedAbility) -> None:
    """Only a mana ability chooses a color, and only one it can make."""
    if a.color is None:
        return
    if not ab.is_mana:
        raise A.IllegalAction("only mana abilities choose a color", state.rules.cite("activate"))
    col = NAME_TO_COLOR.get(a.color.lower(), a.color.upper())
    if col not in ab.mana_colors:
        raise A.IllegalAction(f"{o.name} can't make {a.color} mana", state.rules.cite("mana_ability"))


def _check_counter_cost(state: GameState, o: Obj, cost: Cost) -> None:
    """"Remove N counters from ~": it has them."""
    if cost.remove_counters is None:
        return
    kind, n = cost.remove_counters
    if o.counters.get(kind, 0) < n:
        raise A.IllegalAction(f"{o.name} doesn't have {n} {kind} counter{'s' if n != 1 else ''} to remove",
                              state.rules.cite("cost_unpayable"))


def _check_card_costs(state: GameState, a: A.Activate, o: Obj, cost: Cost) -> None:
    """Costs paid with cards: discard N cards, discard a card of a kind, exile N from your graveyard."""
    if cost.discard_count and len(state.player(a.player).hand) < cost.discard_count:  # "Discard two cards"
        raise A.IllegalAction(f"you have fewer than {cost.discard_count} cards in hand to discard",
                              state.rules.cite("cost_unpayable"))
    if cost.discard and not _discard_candidates(state, a.player, cost.discard.test, o):
        raise A.IllegalAction(f"you have no {cost.discard.what} in your hand to discard",
                              state.rules.cite("cost_unpayable"))
    if cost.exile_from_graveyard and len(state.player(a.player).graveyard) < cost.exile_from_graveyard:
        n = cost.exile_from_graveyard
        raise A.IllegalAction(f"you have fewer than {n} card{'s' if n != 1 else ''} in your graveyard",
                              state.rules.cite("cost_unpayable"))


def _check_permanent_costs(state: GameState, a: A.Activate, o: Obj, cost: Cost) -> None:
    """Costs paid with other permanents: sacrifice one of a kind, tap N untapped ones."""
    if cost.sacrifice and not sacrifice_candidates(state, a.player, cost.sacrifice.test, o):
        raise A.IllegalAction(f"you control no {cost.sacrifice.what} to sacrifice", state.rules.cite("cost_unpayable"))
    if cost.tap_untapped and len(tap_candidates(state, a.player, cost.tap_untapped.test, o)) < cost.tap_count:
        raise A.IllegalAction(f"you control fewer than {cost.tap_count} untapped {cost.tap_untapped.what} to tap",
                              state.rules.cite("cost_unpayable"))


def _with_chosen_mode(state: GameState, o: Obj, ab: ActivatedAbility, modes: tuple[int, ...]) -> ActivatedAbility:
    """The ability with the mode its controller chose as they activate it (2014 700.2a, 602.2b /
    2009 409.1b): a modal ability needs one mode (mode=N); one without modes takes none."""
    if not ab.modes:
        if modes:
            raise A.IllegalAction(f"that ability of {o.name} has no modes to choose",
                                  state.rules.cite("activate_modes"))
        return ab
    if len(modes) != 1:
        raise A.IllegalAction(f"choose one mode of that ability of {o.name} (mode=N, 1 to {len(ab.modes)})",
                              state.rules.cite("activate_modes"))
    if not 1 <= modes[0] <= len(ab.modes):
        raise A.IllegalAction(f"that ability of {o.name} has no mode {modes[0]} (it has {len(ab.modes)})",
                              state.rules.cite("activate_modes"))
    return ab.with_mode(modes[0])


def activate(state: GameState, a: A.Activate, payment: Payment[int]) -> Gen:
    """Activate an ability (602.2): pay its costs, then a mana ability resolves at once (605.3b)
    and any other goes on the stack (a modal one with the mode chosen, 700.2a / 409.1b)."""
    o = state.objects[a.source]
    ab = activated_ability(state, o, a.index, a.modes)
    mine = announce(state)
    yield from _pay_activation_costs(state, a, o, ab.cost, payment)
    source_lki = o  # the source as it last existed, should a cost have moved it (it is a new object there)
    if ab.is_mana and (ab.mana_each or not ab.mana_colors):  # "Add {W}{U}{B}{R}{G}", Doubling Cube
        yield from resolve_mana_ability(state, a.player, ab, source_lki, a.x or 0)
        if mine:
            state.announcing = None
        return
    if ab.is_mana:
        yield from _resolve_one_color_mana_ability(state, a, o, ab, source_lki, mine)
        return
    if mine:
        state.announcing = None  # its costs are paid (602.2b / 409.1f)
    _put_ability_on_stack(state, a, o, ab, source_lki)


def _pay_activation_costs(state: GameState, a: A.Activate, o: Obj, cost: Cost, payment: Payment[int]) -> Gen:
    """Pay every cost of the ability, in order: mana, {T} or {Q}, loyalty, counters, then the
    costs of the source itself, then those chosen as they are paid."""
    if cost.loyalty_x or (cost.mana is not None and cost.mana.x_count):
        state.log_event(f"{a.player} chooses X={a.x or 0} for {o.name}'s ability", "cast_modes", player=a.player)
    pay_mana(state, a.player, payment, (cost.mana or NO_MANA).with_x(a.x or 0))
    if cost.tap:
        tap_permanent(state, o)
    if cost.untap:
        o.tapped = False
    if cost.loyalty is not None:
        _pay_loyalty(state, a, o, cost)
    if cost.remove_counters is not None:
        remove_counters(state, o, *cost.remove_counters, cause=f"to activate {o.name}'s ability")
    o.activated_this_turn += 1
    o.ability_uses[a.index] = o.ability_uses.get(a.index, 0) + 1
    _pay_with_source(state, a, o, cost)
    yield from _pay_chosen_costs(state, a, o, cost)


def _pay_chosen_costs(state: GameState, a: A.Activate, o: Obj, cost: Cost) -> Gen:
    """The costs whose cards or permanents are chosen as they are paid (602.2b / 409.1f):
    discards, cards exiled from the graveyard, a sacrifice, permanents to tap."""
    if cost.discard_count:
        yield from _pay_discard_count(state, a, o, cost.discard_count)
    if cost.discard:  # "Discard a land card": chosen as the cost is paid (602.2b / 409.1f)
        card = yield from choose_object(state, a.player, f"choose {cost.discard.what} to discard for {o.name}",
                                        _discard_candidates(state, a.player, cost.discard.test, o), zones=("hand",),
                                        concept="discard", hidden=True)
        discard_card(state, a.player, card)
    for k in range(cost.exile_from_graveyard):  # "Exile two cards from your graveyard" (602.2b / 409.1f)
        yield from _exile_one_from_graveyard(state, a, o, k, cost.exile_from_graveyard)
    if cost.sacrifice:
        yield from _pay_sacrifice(state, a, o, cost.sacrifice)
    if cost.tap_untapped:
        yield from _pay_tap_untapped(state, a, o, cost.tap_untapped, cost.tap_count)


def _pay_loyalty(state: GameState, a: A.Activate, o: Obj, cost: Cost) -> None:
    """Put or remove the loyalty counters a planeswalker's loyalty ability costs (X chosen for "-X")."""
    change = -(a.x or 0) if cost.loyalty_x else (cost.loyalty or 0)
    o.counters["loyalty"] += change
    o.counters["loyalty"] = max(o.counters["loyalty"], 0)
    o.loyalty_activated += 1
    state.invalidate()
    verb = f"puts {change} loyalty counter{'s' if change != 1 else ''} on" if change >= 0 else \
        f"removes {-change} loyalty counter{'s' if change != -1 else ''} from"
    state.log_event(f"{a.player} {verb} {o.name} to activate its loyalty ability", "loyalty_cost",
                    player=a.player)


def _pay_with_source(state: GameState, a: A.Activate, o: Obj, cost: Cost) -> None:
    """"Sacrifice ~" or "Exile ~" (Brittle Effigy) as a cost."""
    if cost.sacrifice_self:
        move(state, o.id, "graveyard")
        state.log_event(f"{a.player} sacrifices {o.name}", "sacrifice", player=a.player)
    if cost.exile_self:
        move(state, o.id, "exile")
        state.log_event(f"{o.name} is {state.rules.word('exiled')} to activate its ability", "exile",
                        player=a.player)


def _pay_discard_count(state: GameState, a: A.Activate, o: Obj, count: int) -> Gen:
    """"Discard two cards": chosen as the cost is paid (602.2b / 409.1f); no choice with exactly that many."""
    hand = state.player(a.player).hand
    if len(hand) == count:
        chosen = list(hand)
    else:
        ans, _ = yield DiscardDecision(a.player, f"discard {count} cards to activate {o.name}",
                                       cards=tuple(hand), count=count)
        chosen = list(ans.cards)
    for card in chosen:
        discard_card(state, a.player, card)


def _exile_one_from_graveyard(state: GameState, a: A.Activate, o: Obj, k: int, count: int) -> Gen:
    """The (k+1)th card of "Exile two cards from your graveyard", chosen as it is paid (602.2b / 409.1f)."""
    card = yield from choose_object(state, a.player, f"choose a card in your graveyard to pay for {o.name}'s "
                                    f"ability ({k + 1} of {count})",
                                    list(state.player(a.player).graveyard), zones=("graveyard",),
                                    concept="cost_unpayable")
    gone = state.objects[card].name
    move(state, card, "exile")
    state.log_event(f"{gone} is {state.rules.word('exiled')} from {a.player}'s graveyard to pay for "
                    f"{o.name}'s ability", "exile", player=a.player)


def _pay_sacrifice(state: GameState, a: A.Activate, o: Obj, sacrifice: SacrificeCost) -> Gen:
    """"Sacrifice a Goblin": chosen as the cost is paid (602.2b / 409.1f)."""
    victim = yield from choose_object(state, a.player, f"choose {sacrifice.what} to sacrifice for {o.name}",
                                      sacrifice_candidates(state, a.player, sacrifice.test, o),
                                      concept="sacrifice")
    name = state.objects[victim].name
    move(state, victim, "graveyard")
    state.log_event(f"{a.player} sacrifices {name}", "sacrifice", player=a.player)


def _pay_tap_untapped(state: GameState, a: A.Activate, o: Obj, what: SacrificeCost, count: int) -> Gen:
    """"Tap an untapped Spider you control": each chosen as the cost is paid (602.2b / 409.1f)."""
    left = tap_candidates(state, a.player, what.test, o)
    for k in range(min(count, len(left))):
        oid = yield from choose_object(state, a.player, f"choose an untapped {what.what} to tap "
                                                        f"for {o.name} ({k + 1} of {count})", left,
                                       concept="activate")
        left.remove(oid)
        state.objects[oid].tapped = True
        state.log_event(f"{a.player} taps {state.objects[oid].name} to activate {o.name}'s ability", "activate",
                        player=a.player)
    state.invalidate()


def _resolve_one_color_mana_ability(state: GameState, a: A.Activate, o: Obj, ab: ActivatedAbility, source_lki: Obj,
                                    mine: bool) -> Gen:
    """A mana ability that makes one color of mana (chosen now, if it could make several) resolves
    immediately, without using the stack (605.3b / 411.1)."""
    color = a.color
    if len(ab.mana_colors) > 1 and color is None:
        ans, _ = yield ChooseColorDecision(a.player, f"choose a color of mana for {o.name}",
                                           colors=tuple(sorted(ab.mana_colors)))
        color = ans.words[0]
    if mine:
        state.announcing = None  # a mana ability: done once its color is chosen (605.3b / 411.1)
    col = NAME_TO_COLOR.get((color or "").lower(), (color or "").upper()) if color else sorted(ab.mana_colors)[0]
    amount = mana_amount(state, ab, source_lki)
    state.player(a.player).pool[col] += amount
    state.log_event(f"{a.player} taps {o.name} for {mana_symbols([col] * amount)}", "mana_ability", player=a.player)
    if ab.cost.tap:
        tapped_for_mana(state, a.player, o)
    if ab.effect:  # "... ~ deals 1 damage to you.": part of the mana ability, done at once
        ctx = EffectContext(state, a.player, source_lki, [], a.x or 0)
        yield from run_effects(state, ctx, ab.effect)
    flush(state)


def _put_ability_on_stack(state: GameState, a: A.Activate, o: Obj, ab: ActivatedAbility, source_lki: Obj) -> None:
    """Any other ability goes on the stack, with its targets, division and mode (602.2a / 409.1a)."""
    division = check_division(state, ab.effect, a.targets, a.division, a.x or 0)
    item = StackItem(state.new_id(), "ability", a.player, o.id, o.name, ability=ab,
                     targets=list(a.targets), x=a.x or 0, modes=a.modes, division=division, data={"lki": source_lki})
    state.stack.append(item)
    mode = f" choosing \"{ab.modes[a.modes[0] - 1].text}\"" if ab.modes else ""
    state.log_event(f"{a.player} {state.rules.word('activate')} an ability of {o.name}{mode}"
                    f"{targets_text(state, item.targets, item.division)}", "activate_modes" if mode else "activate",
                    player=a.player)
    emit_targeted(state, item)
    flush(state)


def _needle_of(state: GameState, o: Obj) -> str:
    """The permanent whose chosen name stops `o`'s abilities (for the refusal's message)."""
    return next((src.name for src in state.permanents() if src.chosen and src.chosen == chars(state, o).name
                 and any(Restriction.CANT_ACTIVATE_NONMANA in ab.restrictions for ab in src.card.static_abilities)),
                "an effect")


def _discard_candidates(state: GameState, player: str, test: Any, source: Obj) -> list[int]:
    """Cards in `player`'s hand that could be discarded for a "Discard a land card" cost."""
    return [i for i in state.player(player).hand if matches_card(state, test, state.objects[i], player, source)]


def tap_candidates(state: GameState, player: str, test: Any, source: Obj) -> list[int]:
    """Untapped permanents `player` controls they could tap to pay a "Tap an untapped Spider
    you control" cost (the source among them; summoning sickness doesn't matter, 302.6)."""
    return [p.id for p in state.permanents(player)
            if not p.tapped and matches(state, test, p, chars(state, p), player, source)]


def sacrifice_candidates(state: GameState, player: str, test: Any, source: Obj) -> list[int]:
    """Permanents `player` could sacrifice to pay a "Sacrifice a ..." cost."""
    return [p.id for p in state.permanents(player) if matches(state, test, p, chars(state, p), player, source)]


# ------------------------------------------------------------ resolving
def resolve_top(state: GameState) -> Gen:
    """The top object of the stack resolves (608.2): a target that became illegal is ignored,
    all of them illegal and it doesn't resolve (608.2b)."""
    item = state.stack[-1]
    if item.kind == "combat_damage":
        state.stack.pop()
        yield from resolve_combat_damage(state, item)
        return
    ab = item.ability
    specs = _item_specs(state, item)
    source = _item_source(state, item)
    live_targets: list[Any] = []
    if specs:
        flat = [s for s in specs for _ in range(s.count)]
        for spec, t in zip(flat, item.targets, strict=False):
            ok = still_legal(state, spec, t, item.controller, source)
            live_targets.append(t if ok else None)
        if item.targets and all(t is None for t in live_targets):
            # 608.2b: every target illegal, so the spell or ability doesn't resolve
            remove_from_stack(state, item)
            state.log_event(f"{item.name} is countered on resolution: all its targets are illegal",
                            "resolve_targets")
            flush(state)
            return
    kind = "triggered" if item.kind == "trigger" else "activated"
    what = item.name if item.kind == "spell" else f"{item.name}'s {kind} ability"
    state.log_event(f"{what} resolves", "resolve")
    ctx = EffectContext(state, item.controller, source, live_targets, item.x, item, dict(item.data))
    if isinstance(ab, TriggeredAbility) and ab.optional:
        ans, _ = yield YesNoDecision(item.controller, f"{item.text or item.name}: do you want to?")
        if not ans.yes:
            remove_from_stack(state, item)
            state.log_event(f"{item.controller} chooses not to use {item.name}'s \"may\" ability", "trigger_may")
            return
        state.log_event(f"{item.controller} chooses to use {item.name}'s \"may\" ability", "trigger_may")
    if ab is not None:  # a permanent spell has no spell ability
        if isinstance(ab, TriggeredAbility) and ab.remembers:  # a delayed trigger: what its effect knew
            ctx = ctx.data["snapshot"]
        yield from run_effects(state, ctx, ab.effect)
        flush(state)
    if item.kind == "spell" and source.card.unsupported \
            and (source.card.is_type("Instant") or source.card.is_type("Sorcery")):
        announce_unenforced(state, source)  # what the spell says and the engine doesn't do
    if item.kind == "spell":
        yield from _finish_spell(state, item, live_targets)
    elif item in state.stack:  # an ability that ended the turn left the stack already (713.1a / 509.1a)
        remove_from_stack(state, item)
    flush(state)


def _item_specs(state: GameState, item: StackItem) -> tuple[TargetSpec, ...]:
    if item.kind == "spell":
        o = state.objects.get(item.source_id)
        return spell_targets(o) if o else ()
    return getattr(item.ability, "targets", ()) or ()


def _item_source(state: GameState, item: StackItem) -> Obj:
    if item.kind == "spell":
        return state.objects[item.source_id]
    source = item.data.get("lki") or state.known(item.source_id)
    assert source is not None, "an ability's source is known while the ability exists (113.7a)"
    return source


def _finish_spell(state: GameState, item: StackItem, live_targets: list[Any]) -> Gen:
    if item not in state.stack:  # it left the stack as it resolved (a copy of Cancel countering Cancel)
        return
    o = state.objects[item.source_id]
    if any(o.card.is_type(t) for t in ("Creature", "Artifact", "Enchantment", "Planeswalker", "Land")):
        new_id = yield from enter_battlefield(state, o.id, item.controller, x=item.x, leaving=item)
        if aura_target_spec(o) and live_targets:
            state.objects[new_id].attached_to = live_targets[0]
            state.invalidate()  # what the Aura gives its host
        if state.objects[new_id].printed is None:
            state.log_event(f"{o.name} {state.rules.word('enters')} under {item.controller}'s control",
                            "resolve_permanent")
    else:
        state.stack.remove(item)
        if not o.spell_copy:
            state.log_event(f"{o.name} is put into its owner's graveyard", "resolve_instant")
        spell_to_graveyard(state, o.id)
