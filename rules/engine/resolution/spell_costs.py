"""What a spell costs once it is announced (601.2e / 409.1f): its mana cost with X, cost
increases for targets, and the colors X may be paid with.  Shared by casting from a hand and
casting without paying the mana cost."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards import ir
from ...cards.ir import AlternativeCost, SacrificeCost
from ...cards.mana import NO_MANA, ManaCost
from ..changes.zones import leaving_together, move
from ..continuous.characteristics import chars, matches, matches_card
from ..continuous.static_index import watched_state_changed
from ..core.actions import IllegalAction
from ..core.decisions import Decision, YesNoDecision
from ..core.objects import Obj
from ..core.state import GameState
from .effects import choose_object


def x_spend_only(o: Obj) -> str:
    """The colors a spell's X may be paid with ("Spend only black mana on X"), or "" for any."""
    return "".join(e.colors for e in o.card.effects_of(ir.SpendOnlyOnX))


def total_cost(o: Obj, x: int, targets: int, restricted: bool = True, state: GameState | None = None,
               player: str = "") -> ManaCost:
    """The mana a spell costs once X and its targets are announced (601.2e / 409.1f): its
    mana cost with X (paid with the colors a "spend only ... mana on X" allows), plus any
    "costs {N} more for each target beyond the first", plus or minus what permanents and the
    spell itself say (`state`: "Artifact and enchantment spells your opponents cast cost {2}
    more", "this spell costs {6} less")."""
    cost = o.card.mana_cost or NO_MANA
    if cost.x_count:  # (`with_x` changes nothing else)
        cost = cost.with_x(x, x_spend_only(o) if restricted else "")
    extra = extra_cost(o, targets) + (cost_increase(state, o, player) if state is not None else 0)
    cost = cost.plus_generic(extra) if extra else cost
    less = cost_reduction(state, o, player) if state is not None else 0
    return cost.minus_generic(less) if less else cost


def cost_increase(state: GameState, o: Obj, player: str) -> int:
    """"Artifact and enchantment spells your opponents cast cost {2} more to cast" (Aura of
    Silence): judged on the spell's printed characteristics."""
    n = 0
    for perm, raiser in _cost_raisers(state):
        if perm.controller != player and matches_card(state, raiser.test, o, player, perm):
            n += raiser.amount
    return n


def _cost_raisers(state: GameState) -> list[tuple[Obj, ir.OpponentsSpellsCostMore]]:
    """The permanents that make opponents' spells cost more, with what they say (kept until
    the permanents change: every card's cost is asked on every priority)."""
    found = state.board.get("cost_raisers")
    if found is None:
        found = state.board["cost_raisers"] = [
            (perm, raiser) for perm in state.permanents()
            for raiser in perm.card.effects_of(ir.OpponentsSpellsCostMore)]
    return found


def cost_reduction(state: GameState, o: Obj, player: str) -> int:
    """"If an opponent controls at least four more creatures than you, this spell costs {6}
    less to cast" (Avatar of Might)."""
    n = 0
    for e in o.card.effects_of(ir.CostsLessIfOutnumbered):
        mine = _creatures(state, player)
        if any(_creatures(state, p) >= mine + e.more for p in state.opponents(player)):
            n += e.less
    return n


def _creatures(state: GameState, player: str) -> int:
    return sum(1 for p in state.permanents(player) if chars(state, p).is_type("Creature"))


def extra_cost(o: Obj, targets: int) -> int:
    """"This spell costs {1} more to cast for each target beyond the first": the generic mana
    added for `targets` targets (paid even when the mana cost isn't, 601.2e / 409.1f)."""
    extra = sum(e.amount for e in o.card.effects_of(ir.CostsMorePerExtraTarget))
    return extra * (targets - 1) if extra and targets > 1 else 0


def sacrifice_all_as_cost(state: GameState, o: Obj, player: str) -> dict[str, Any]:
    """"As an additional cost to cast ~, sacrifice all creatures you control" (601.2f / 409.1f):
    paid as the spell is cast; what was sacrificed is remembered ("the sacrificed creatures")."""
    kind = next((e.kind for e in o.card.effects_of(ir.SacrificeAllAsCost)), "")
    if not kind:
        return {}
    victims = [p for p in state.permanents(player) if chars(state, p).is_type(kind.capitalize())]
    with leaving_together(state, [v.id for v in victims]):
        for v in victims:
            move(state, v.id, "graveyard")
            state.log_event(f"{player} sacrifices {v.name} to cast {o.name}", "sacrifice", player=player)
    return {"sacrificed": victims}


def additional_sacrifice(o: Obj) -> SacrificeCost | None:
    """"As an additional cost to cast ~, sacrifice a Goblin": what the spell asks for."""
    return next((e.cost for e in o.card.effects_of(ir.SacrificeAsCost)), None)


def additional_sacrifice_candidates(state: GameState, o: Obj, player: str) -> list[int]:
    """The permanents `player` could sacrifice for `o`'s additional cost (all when it has none)."""
    cost = additional_sacrifice(o)
    if cost is None:
        return []
    return [p.id for p in state.permanents(player) if matches(state, cost.test, p, chars(state, p), player, o)]


def check_additional_costs(state: GameState, o: Obj, player: str) -> None:
    """A spell whose additional cost can't be paid can't be cast (601.2b, 601.2g / 409.1b, 409.1h)."""
    cost = additional_sacrifice(o)
    if cost is not None and not additional_sacrifice_candidates(state, o, player):
        raise IllegalAction(f"{o.name} needs a {cost.what} to sacrifice as an additional cost, and you control none",
                            state.rules.cite("cost_unpayable"))


def pay_additional_costs(state: GameState, o: Obj, player: str) -> Generator[Decision, Any, dict[str, Any]]:
    """Pay a spell's additional costs as it is cast (601.2g / 409.1h): "sacrifice all creatures
    you control", or "sacrifice a Goblin" (the player chooses which).  What was sacrificed is
    remembered for the effect ("the sacrificed creature's power", last known information)."""
    data = sacrifice_all_as_cost(state, o, player)
    cost = additional_sacrifice(o)
    if cost is None:
        return data
    victim = yield from choose_object(state, player, f"choose a {cost.what} to sacrifice for {o.name}",
                                      additional_sacrifice_candidates(state, o, player), concept="sacrifice")
    if victim is None:
        return data
    lki = state.objects[victim]
    move(state, victim, "graveyard")
    verb = state.rules.word("cast").removesuffix("s")  # "cast" / "play"
    state.log_event(f"{player} sacrifices {lki.name} to {verb} {o.name}", "cast_pay", player=player)
    data.setdefault("sacrificed", []).append(lki)
    return data


def alternative_cost(o: Obj) -> AlternativeCost | None:
    """"You may pay 6 life and sacrifice three black creatures rather than pay this spell's
    mana cost": the alternative cost `o` offers, if any."""
    return next(iter(o.card.effects_of(ir.AlternativeCost)), None)


def _alternative_victims(state: GameState, o: Obj, player: str, alt: AlternativeCost) -> list[int]:
    if alt.sacrifice is None:
        return []
    return [p.id for p in state.permanents(player) if matches(state, alt.sacrifice.test, p, chars(state, p), player, o)]


def alternative_payable(state: GameState, o: Obj, player: str) -> bool:
    """Can `player` pay `o`'s alternative cost now (life only down to 0, 118.3 / 215.3)?"""
    alt = alternative_cost(o)
    if alt is None:
        return False
    return state.player(player).life >= alt.life and len(_alternative_victims(state, o, player, alt)) >= alt.count


def choose_alternative(state: GameState, o: Obj, player: str, mana_payable: bool) -> Generator[Decision, Any, bool]:
    """Announce whether the spell is cast for its alternative cost (601.2b / 409.1b): asked
    when both can be paid; the only payable one otherwise."""
    alt = alternative_cost(o)
    if alt is None or not alternative_payable(state, o, player):
        return False
    if not mana_payable:
        return True
    what = " and ".join(p for p in (f"pay {alt.life} life" if alt.life else "",
                                     f"sacrifice {alt.count} {alt.sacrifice.what}" if alt.sacrifice else "") if p)
    ans, _ = yield YesNoDecision(player, f"{o.name}: {what} rather than pay its mana cost?")
    return bool(ans.yes)


def pay_alternative(state: GameState, o: Obj, player: str) -> Generator[Decision, Any, None]:
    """Pay the alternative cost (601.2g / 409.1h): the life, then the permanents chosen."""
    alt = alternative_cost(o)
    assert alt is not None
    verb = state.rules.word("cast").removesuffix("s")
    if alt.life:
        state.player(player).life -= alt.life
        watched_state_changed(state)  # a life total can define power and toughness (604.3)
        state.log_event(f"{player} pays {alt.life} life to {verb} {o.name}", "cast_pay", player=player)
    for k in range(alt.count):
        assert alt.sacrifice is not None
        victim = yield from choose_object(state, player, f"choose a {alt.sacrifice.what.removesuffix('s')} to "
                                          f"sacrifice for {o.name} ({k + 1} of {alt.count})",
                                          _alternative_victims(state, o, player, alt), concept="sacrifice")
        if victim is None:
            return
        name = state.objects[victim].name
        move(state, victim, "graveyard")
        state.log_event(f"{player} sacrifices {name} to {verb} {o.name}", "cast_pay", player=player)
