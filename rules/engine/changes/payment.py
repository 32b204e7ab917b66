"""Paying mana costs: the untapped mana sources a player has, the payment plan (automatic,
or with the sources named), and paying it (2014: 601.2f-g, 605; 2009: 409.1g-h, 411)."""

from __future__ import annotations

from collections import Counter

from ...cards import ir
from ...cards.mana import ManaCost, Payment, Source, mana_symbols, solve_payment
from ...cards.model import ActivatedAbility
from ..continuous.abilities import activated_abilities, can_activate_abilities, is_summoning_sick
from ..continuous.characteristics import chars
from ..core import actions as A
from ..core.objects import Obj
from ..core.state import GameState
from .events import emit, tap_permanent
from .mana_pool import mana_when_tapped, triggered_mana


def mana_amount(state: GameState, ab: ActivatedAbility, source: Obj) -> int:
    """How much mana one activation of a mana ability of `source` makes."""
    amt = ab.mana_amount
    if isinstance(amt, ir.Fixed):
        return amt.n
    if isinstance(amt, ir.CountSubtypeYouControl):  # "{G} for each Forest you control"
        return sum(1 for o in state.permanents(source.controller) if amt.subtype in chars(state, o).subtypes)
    raise TypeError(f"not a mana amount: {amt!r}")


def mana_sources(state: GameState, player: str,
                 exclude: tuple[int, ...] = ()) -> list[tuple[Obj, int, ActivatedAbility]]:
    """Untapped permanents with a mana ability whose only cost is {T} (of several, the one
    that can make the most colors: a land granted "{T}: Add one mana of any color")."""
    return [(o, i, ab) for o, i, ab, plain in _tap_mana_abilities(state, player)
            if not o.tapped and o.id not in exclude
            and (plain or (can_activate_abilities(state, o) and not is_summoning_sick(state, o)))]


def source_mana(state: GameState, player: str) -> int:
    """The most mana `player`'s `mana_sources` could make now, all of them tapped (every
    priority of the random agent asks)."""
    total = 0
    extra = mana_on_tapping(state, player)
    for o, _, ab, plain in _tap_mana_abilities(state, player):
        if not o.tapped and (plain or (can_activate_abilities(state, o) and not is_summoning_sick(state, o))):
            total += mana_amount(state, ab, o) + len(extra.get(o.id, ()))
    return total


def mana_on_tapping(state: GameState, player: str) -> dict[int, tuple[str, ...]]:
    """For each of `player`'s mana sources whose tapping for mana also adds mana to their pool
    by a triggered mana ability (Overgrowth, 605.1b / 406.1), that mana: automatic payment
    counts on it.  Kept until the permanents change."""
    key = ("tap_mana_extra", player)
    found = state.board.get(key)
    if found is None:
        found = state.board[key] = {o.id: extra for o, _, _, _ in _tap_mana_abilities(state, player)
                                    if (extra := mana_when_tapped(state, o, player))}
    return found


def _tap_mana_abilities(state: GameState, player: str) -> list[tuple[Obj, int, ActivatedAbility, bool]]:
    """Each permanent of `player` with a mana ability whose only cost is {T}, and the best such
    ability, tapped or not; and whether it is a plain one (not a creature, artifact or
    enchantment, nothing stops its abilities), whose ability can be activated whenever it is
    untapped.  Kept until the permanents change: every cost check asks."""
    key = ("tap_mana", player)
    kept: list[tuple[Obj, int, ActivatedAbility, bool]] | None = state.board.get(key)
    if kept is not None:
        return kept
    found = []
    for o in state.permanents(player):
        best: tuple[int, ActivatedAbility] | None = None
        for i, ab in enumerate(activated_abilities(state, o), 1):
            c = ab.cost
            # a mana ability that does more than make mana (a painland's damage) is never
            # activated by automatic payment: the player activates it
            plain = ab.is_mana and c.tap and not c.mana and not c.sacrifice_self and c.loyalty is None and not ab.effect
            if plain and (best is None or len(ab.mana_colors) > len(best[1].mana_colors)):
                best = (i, ab)
        if best is not None:
            ch = chars(state, o)
            plain_permanent = not (ch.types & _ASKED_TYPES) and not (ch.restrictions & _STOPPED)
            found.append((o, best[0], best[1], plain_permanent))
    state.board[key] = found
    return found


# a creature may be summoning sick; Grand Abolisher stops abilities of these types
_ASKED_TYPES = frozenset({"Artifact", "Creature", "Enchantment"})
_STOPPED = frozenset({ir.Restriction.CANT_ACTIVATE})


def tapped_for_mana(state: GameState, player: str, o: Obj) -> None:
    """A mana ability with {T} in its cost was activated: "Whenever a player taps a land for
    mana" (Manabarbs) triggers on lands."""
    if chars(state, o).is_type("Land"):
        emit(state, "land_mana", {"player": player, "source": o.id})
        triggered_mana(state, o)  # "Whenever enchanted land is tapped for mana" (605.4a / 411.3)


def plan_payment(state: GameState, player: str, cost: ManaCost, paying: tuple[int, ...] | None,
                 exclude: tuple[int, ...] = (), casting: int | None = None) -> Payment[int]:
    """How `player` pays `cost`: from the pool, then the sources named (`paying`) or the ones
    automatic payment picks; IllegalAction (601.2g) when it can't be paid."""
    pool = state.player(player).pool
    if cost.is_free():
        return Payment()
    found = {o.id: (o, i, ab) for o, i, ab in mana_sources(state, player, exclude)}
    if paying is not None:
        for sid in paying:
            if sid not in found:
                o = state.known(sid)
                raise A.IllegalAction(f"{o.name if o else sid} can't be tapped for mana now",
                                      state.rules.cite("cast_mana_abilities"))
        chosen = [found[s] for s in paying]
    else:
        chosen = list(found.values())
    # automatic payment keeps the colors the player's other cards in hand will want
    wanted: Counter[str] = Counter()
    for hid in state.player(player).hand:
        hc = state.objects[hid].card.mana_cost
        if hid != casting and hc is not None:
            for sym in hc.colored:
                for c in sym:
                    wanted[c] += 1
    extra = mana_on_tapping(state, player)
    sources = [Source(o.id, ab.mana_colors, mana_amount(state, ab, o),
                      cost=(2 if chars(state, o).is_type("Creature") else 0) + (1 if ab.choose_one else 0),
                      keep=sum(wanted[c] for c in ab.mana_colors), extra=extra.get(o.id, ()))
               for o, _, ab in chosen]
    plan = solve_payment(cost, pool, sources, require_all_sources=paying is not None)
    if plan is None:
        raise A.IllegalAction(f"{player} can't pay {cost}", state.rules.cite("cost_unpayable"))
    return plan


def pay_mana(state: GameState, player: str, plan: Payment[int], cost: ManaCost) -> None:
    """Activate the mana abilities of the plan, then pay `cost` from the pool (601.2f-g)."""
    p = state.player(player)
    abilities = {o.id: ab for o, _, ab in mana_sources(state, player)} if plan.activations else {}
    for sid, color in plan.activations:
        o = state.objects[sid]
        ab = abilities[sid]
        tap_permanent(state, o)
        amount = mana_amount(state, ab, o)
        p.pool[color] += amount
        state.log_event(f"{player} taps {o.name} for {mana_symbols([color] * amount)}", "cast_mana_abilities",
                        player=player)
        tapped_for_mana(state, player, o)
    if cost.is_free():
        return
    spend: Payment[int] | None = solve_payment(cost, p.pool, [])
    if spend is None:  # the plan guaranteed this; a failure is an engine bug
        raise RuntimeError(f"payment plan for {cost} failed")
    p.pool.subtract(spend.from_pool)
    p.pool += Counter()  # drop zeros
    state.log_event(f"{player} pays {cost}", "cast_pay", player=player)
