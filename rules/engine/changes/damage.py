"""Damage, life and destruction: dealing damage (2014: 119-120; 2009: 212.3g, 215) after
replacement and prevention effects (`rules.engine.changes.replacement`), redirection to
planeswalkers (306.7 / 212.9g), lifelink and deathtouch in each era's form, gaining and
losing life, destroying a permanent (701.6 / 501.4) and regeneration shields (701.12 /
501.5)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards import ir
from ...cards.model import TriggeredAbility
from ..continuous.characteristics import chars
from ..continuous.player_rules import player_rules
from ..continuous.static_index import watched_state_changed
from ..core.decisions import ChooseObjectDecision, Decision, YesNoDecision
from ..core.objects import Obj, PendingTrigger
from ..core.refs import name_of
from ..core.state import GameState
from .events import emit
from .replacement import DamageEvent, DestroyEvent, replace, replaced
from .zones import leaving_together, move

Gen = Generator[Decision, Any, Any]

# 2009 lifelink (502.68a) and deathtouch (502.63a) are triggered abilities
_KEYWORD_TRIGGERS: dict[str, TriggeredAbility] = {
    ir.Keyword.LIFELINK: TriggeredAbility("Whenever this deals damage, you gain that much life.", event="damage",
                                          effect=(ir.LifelinkGain(),)),
    ir.Keyword.DEATHTOUCH: TriggeredAbility("Whenever this deals damage to a creature, destroy that creature.",
                                            event="damage", effect=(ir.DeathtouchDestroy(),)),
}


# ------------------------------------------------------------ life
def gain_life(state: GameState, name: str, amount: int, source: str = "", concept: str = "life") -> None:
    if amount <= 0:
        return
    if ir.PlayerRule.CANT_GAIN_LIFE in player_rules(state, name):  # Leyline of Punishment: "Players can't gain life"
        state.log_event(f"{name} can't gain life" + (f" ({source})" if source else ""), "cant_gain_life", player=name)
        return
    state.player(name).life += amount
    watched_state_changed(state)  # a life total can define power and toughness (604.3)
    state.log_event(f"{name} gains {amount} life" + (f" ({source})" if source else ""), concept, player=name)
    emit(state, "life_gain", {"player": name, "amount": amount})


def lose_life(state: GameState, name: str, amount: int, source: str = "", rule: str = "life") -> None:
    if amount <= 0:
        return
    state.player(name).life -= amount
    watched_state_changed(state)  # a life total can define power and toughness (604.3)
    state.log_event(f"{name} loses {amount} life" + (f" ({source})" if source else ""), rule, player=name)


def set_life_total(state: GameState, name: str, total: int, source: str = "") -> None:
    """"Target opponent's life total becomes 10": the player gains or loses the necessary
    amount of life (118.5 / 215.5), so "can't gain life" still stops a rise."""
    now = state.player(name).life
    state.log_event(f"{name}'s life total becomes {total}" + (f" ({source})" if source else ""),
                    "life_total_becomes", player=name)
    if total > now:
        gain_life(state, name, total - now, source)
    elif total < now:
        lose_life(state, name, now - total, source)


# ------------------------------------------------------------ damage
def lethal_damage(state: GameState, o: Obj, source: Obj | None = None, assigned: int = 0) -> int:
    """Damage needed to be lethal, counting damage already marked and, while combat damage
    is assigned, damage other creatures are assigning it in the same step (`assigned`;
    510.1c-d / 502.9b, 502.9e); 702.2c: from a deathtouch source any nonzero damage is."""
    t = chars(state, o).toughness or 0
    deathtouch = source is not None and ir.Keyword.DEATHTOUCH in chars(state, source).keywords
    if deathtouch and not state.rules.deathtouch_is_trigger:
        # any nonzero damage from it is lethal, unless the creature already has lethal damage
        return 0 if o.deathtouched or t - o.damage - assigned <= 0 else 1
    return max(t - o.damage - assigned, 0)


def noncombat_damage(state: GameState, source: Obj, target: Any, amount: int, controller: str,
                     unpreventable: bool = False) -> Gen:
    """Noncombat damage from an effect.  Damage an opponent's source would deal to a player
    may be dealt to a planeswalker that player controls instead (306.7 / 212.9g): the source's
    controller is asked yes or no, then which planeswalker when there are several."""
    if isinstance(target, str) and target != controller and amount > 0:
        walkers = [o.id for o in state.permanents(target) if chars(state, o).is_type("Planeswalker")]
        if walkers:
            ans, _ = yield YesNoDecision(
                controller, f"{source.name} deals {amount} damage to {target}: have it dealt to "
                f"{name_of(state, walkers[0]) if len(walkers) == 1 else 'a planeswalker ' + target + ' controls'} "
                "instead?")
            if ans.yes:
                choice = walkers[0]
                if len(walkers) > 1:
                    which, _ = yield ChooseObjectDecision(
                        controller, f"choose the planeswalker {target} controls to be dealt {source.name}'s damage",
                        ids=tuple(walkers), concept="redirect_to_planeswalker")
                    choice = which.words[0]
                state.log_event(f"{controller} has {source.name}'s damage dealt to {name_of(state, choice)} "
                                f"instead of {target}", "redirect_to_planeswalker", player=controller)
                target = choice
    return (yield from deal_damage(state, source, target, amount, unpreventable=unpreventable))


def deal_damage(state: GameState, source: Obj, target: Any, amount: int, combat: bool = False,
                unpreventable: bool = False) -> Gen:
    """Deal damage, after replacement and prevention effects (614-616 / 419); returns the
    damage actually dealt.  `unpreventable`: "the damage can't be prevented"."""
    events = yield from replace(state, DamageEvent(source, target, amount, combat, unpreventable=unpreventable))
    dealt = sum(apply_damage(state, ev) for ev in events)
    yield from _after_prevention(state)
    return dealt


def deal_simultaneously(state: GameState, deals: list[tuple[Obj, Any, int]], combat: bool) -> Gen:
    """Damage dealt at once (combat damage, 510.2 / 310.4): replacement and prevention
    effects modify each part first, then all of it is dealt."""
    events: list[DamageEvent] = []
    for src, r, n in deals:
        events += (yield from replace(state, DamageEvent(src, r, n, combat)))
    dealt = [ev.target for ev in events if apply_damage(state, ev) > 0]
    if combat and dealt:  # "Whenever combat damage is dealt to you" triggers once a step (Vengeful Pharaoh)
        emit(state, "combat_damage_dealt", {"targets": tuple(dealt)})
    yield from _after_prevention(state)


def _after_prevention(state: GameState) -> Gen:
    """A prevention shield's additional effect, right after the damage event it changed
    (615.5 / 419.7e): "If damage is prevented this way, Vengeful Archon deals that much damage
    to target player"; the damage is dealt by the source as it last existed if it's gone."""
    for s in list(state.shields):
        if s.owed > 0 and s.reflect is not None:
            n, s.owed = s.owed, 0
            source, to = s.reflect
            if isinstance(to, str) and (not state.has_player(to) or state.player(to).lost):
                continue
            state.log_event(f"damage was prevented by {s.source_name}: {source.name} deals {n} damage to "
                            f"{name_of(state, to)}", "prevention_extra")
            yield from noncombat_damage(state, state.objects.get(source.id, source), to, n, s.controller)


def apply_damage(state: GameState, ev: DamageEvent) -> int:
    """Damage as it is dealt (119 / 212.3g), once replacement effects are done with it: life
    loss for players, damage marked on creatures, loyalty removed from planeswalkers."""
    source, target, amount, combat = ev.source, ev.target, ev.amount, ev.combat
    if amount <= 0:
        return 0
    src_ch = chars(state, source)
    word = "combat damage" if combat else "damage"
    if isinstance(target, str):
        state.player(target).life -= amount
        watched_state_changed(state)  # a life total can define power and toughness (604.3)
        state.log_event(f"{source.name} deals {amount} {word} to {target}", "damage_player", player=target)
    else:
        o = state.objects.get(target)
        if o is None or o.zone != "battlefield":
            return 0
        ch = chars(state, o)
        # a creature that's still a planeswalker (Gideon Jura) gets both (119.3c-d, 306.8 / 212.9d, 212.3g)
        if ch.is_type("Planeswalker"):
            o.counters["loyalty"] -= min(amount, o.counters.get("loyalty", 0))
            state.invalidate()
        if ch.is_type("Creature") or not ch.is_type("Planeswalker"):
            o.damage += amount
            state.board.pop("sba_permanents", None)  # lethal damage is looked at again
            if ir.Keyword.DEATHTOUCH in src_ch.keywords and not state.rules.deathtouch_is_trigger:
                o.deathtouched = True
        state.log_event(f"{source.name} deals {amount} {word} to {o.name}", "damage")
    if ir.Keyword.LIFELINK in src_ch.keywords:
        if state.rules.lifelink_is_trigger:  # each instance triggers (502.68b)
            for _ in range(src_ch.instances(ir.Keyword.LIFELINK)):
                _keyword_trigger(state, source, ir.Keyword.LIFELINK, {"amount": amount})
        else:
            gain_life(state, source.controller, amount, f"{source.name}'s lifelink", concept="lifelink")
    if ir.Keyword.DEATHTOUCH in src_ch.keywords and state.rules.deathtouch_is_trigger and isinstance(target, int) \
            and chars(state, state.objects[target]).is_type("Creature"):
        for _ in range(src_ch.instances(ir.Keyword.DEATHTOUCH)):  # each instance triggers (502.63b)
            _keyword_trigger(state, source, ir.Keyword.DEATHTOUCH, {"victim": target})
    emit(state, "damage", {"source": source.id, "target": target, "amount": amount, "combat": combat,
                           "controller": source.controller,
                           "planeswalker": isinstance(target, int) and target in state.objects
                           and chars(state, state.objects[target]).is_type("Planeswalker")})
    return amount


def _keyword_trigger(state: GameState, source: Obj, keyword: str, data: dict[str, Any]) -> None:
    """2009 lifelink (502.68a) and deathtouch (502.63a) trigger."""
    state.pending_triggers.append(PendingTrigger(_KEYWORD_TRIGGERS[keyword], source, source.controller, data))
    state.log_event(f"{source.name}'s {keyword} triggers", "trigger")


# ------------------------------------------------------------ destruction and regeneration
def destroy(state: GameState, oid: int, log: bool = True, regenerate: bool = True) -> bool:
    """Destroy a permanent (701.6): it goes to its owner's graveyard, unless a
    regeneration shield or indestructibility stops it."""
    return bool(destroy_all(state, [oid], log, regenerate))


def destroy_all(state: GameState, oids: list[int], log: bool = True, regenerate: bool = True) -> list[int]:
    """Destroy several permanents at once ("Destroy all creatures", lethal damage found by one
    check of state-based actions): which are indestructible is judged for all of them before
    any leaves, so a Knight Exemplar destroyed alongside its Knights still protects them
    (701.6 / 501.4).  Returns the ids destroyed."""
    doomed: list[Obj] = []
    for oid in dict.fromkeys(oids):
        o = state.objects.get(oid)
        if o is None or o.zone != "battlefield":
            continue
        if ir.Keyword.INDESTRUCTIBLE in chars(state, o).keywords:
            state.log_event(f"{o.name} is indestructible: it isn't destroyed", "indestructible")
            continue
        doomed.append(o)
    out = [o for o in doomed  # regenerated instead (701.12a / 501.5a)
           if replaced(state, DestroyEvent(o, can_regenerate=regenerate))]
    with leaving_together(state, [o.id for o in out]):
        for o in out:
            move(state, o.id, "graveyard")
            if log:
                state.log_event(f"{o.name} is destroyed", "destroy")
    return [o.id for o in out]


def add_regeneration_shield(state: GameState, oid: int) -> None:
    """"Regenerate [permanent]": the next time it would be destroyed this turn, instead
    tap it, remove all damage from it and remove it from combat (701.12a / 501.5a)."""
    o = state.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return
    o.regen_shields += 1
    state.log_event(f"{o.name} gets a regeneration shield", "regenerate")
