"""Replacement and prevention effects (2014: 614, 615; 2009: 419), and static abilities that
change the rules for players (2014 613.10 / 2009 418.5k).

The engine calls in at three points: a permanent entering the battlefield
(`enter_battlefield`), a card about to go to a graveyard (`graveyard_replacement`) and
damage about to be dealt (`prevent_damage`).  Static abilities supply the effects through
fields of `StaticAbility`; resolved spells add `PreventionEffect`s, which end like other
continuous effects.  Both are data (`rules.cards.ir`), read here."""

from __future__ import annotations

from typing import Any

from ..cards import ir
from ..cards.model import StaticAbility
from .characteristics import chars
from .objects import Obj, PlayerRuleEffect, PreventionEffect
from .state import GameState

MAX_HAND_SIZE = 7


def _shield_prevents(state: GameState, e: PreventionEffect, target: Any, n: int, combat: bool) -> int:
    if e.what == "combat":
        return n if combat else 0
    if e.what == "you_and_your_creatures":
        if target == e.controller:
            return n
        o = state.objects.get(target) if isinstance(target, int) else None
        mine = o is not None and o.controller == e.controller and chars(state, o).is_type("Creature")
        return n if mine else 0
    raise ValueError(f"unknown prevention shield {e.what!r}")


def _static_prevents(state: GameState, src: Obj, prevention: ir.StaticPrevention, source: Any, target: Any, n: int,
                     combat: bool) -> int:
    """How much of the damage a static prevention ability of `src` prevents."""
    match prevention:
        case ir.PreventOneFromOpponents():
            return 1 if target == src.controller and source.controller != src.controller else 0
        case ir.PreventNoncombatToAttached():
            return n if not combat and target == src.attached_to else 0
    raise TypeError(prevention)


def _statics(state: GameState) -> list[tuple[Obj, StaticAbility]]:
    out = []
    for oid in state.battlefield:
        o = state.objects[oid]
        for ab in o.card.rules_statics:
            out.append((o, ab))
    return out


def enter_battlefield(state: GameState, obj: Obj) -> None:
    """Apply the entering permanent's own "enters the battlefield tapped / with" effects
    (614.1c / 419.1c): they happen as part of the event, not after it."""
    for ab in obj.card.abilities:
        if isinstance(ab, StaticAbility) and ab.etb is not None:
            wanted = set(ab.etb.subtypes)  # "enters tapped unless you control a Swamp or a Mountain"
            if not any(wanted & set(chars(state, o).subtypes) for o in state.permanents(obj.controller)):
                obj.tapped = True
                state.log_event(f"{obj.name} {state.rules.word('enters')} tapped", "etb_replacement")


def graveyard_replacement(state: GameState, obj: Obj, to_zone: str) -> str:
    """The zone a card goes to instead of its owner's graveyard, if an ability of its own
    says so ("... shuffle it into its owner's library instead")."""
    if to_zone != "graveyard":
        return to_zone
    for ab in obj.card.abilities:
        if isinstance(ab, StaticAbility) and ab.graveyard_to_library:
            state.log_event(f"{obj.name} would go to a graveyard: it is revealed and shuffled into its owner's "
                            "library instead", "etb_replacement")
            return "library"
    return to_zone


def prevent_damage(state: GameState, source: Obj, target: Any, amount: int, combat: bool) -> int:
    """The damage left after prevention effects (615 / 419.7)."""
    if amount <= 0 or (isinstance(target, int) and target not in state.objects):
        return amount
    left = amount
    for e in state.effects:
        if isinstance(e, PreventionEffect) and left > 0:
            left -= min(left, _shield_prevents(state, e, target, left, combat))
    for o, ab in _statics(state):
        if ab.prevent is not None and left > 0:
            left -= min(left, _static_prevents(state, o, ab.prevent, source, target, left, combat))
    if left < amount:
        name = target if isinstance(target, str) else state.objects[target].name
        state.log_event(f"{amount - left} damage {source.name} would deal to {name} is prevented", "prevention")
    return left


def player_rules(state: GameState, player: str) -> set[str]:
    """Rules-changing effects that apply to `player` ("no_max_hand_size", "cant_cast",
    "cant_lose", "cant_win").  A player who can't win is only ever asked about when every
    opponent has left a two-player game, which takes the permanent that said so with them
    (104.2a), so "cant_win" changes no game the engine plays yet; it is recorded for effects
    that make a player win."""
    out: set[str] = set()
    for o, ab in _statics(state):
        if ab.player_rule and (o.controller == player) == (ab.rule_for == "you"):
            out.add(ab.player_rule)
        if ab.opponent_rule and o.controller != player:
            out.add(ab.opponent_rule)
    for e in state.effects:
        if isinstance(e, PlayerRuleEffect) and player in e.players:
            out.add(e.rule)
    return out


def max_hand_size(state: GameState, player: str) -> int | None:
    """The player's maximum hand size (402.2 / 217.3b); None: no maximum."""
    return None if "no_max_hand_size" in player_rules(state, player) else MAX_HAND_SIZE
