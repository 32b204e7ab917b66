"""Static abilities and effects that change the rules of the game for players (2014 613.10 /
2009 418.5k): no maximum hand size, can't cast spells, can't lose or win, a revealed hand."""

from __future__ import annotations

from ...cards.ir import PlayerRule, RuleFor, RuleForPlayers
from ..core.objects import Obj, PlayerRuleEffect
from ..core.state import GameState
from .becomes import lost_all

MAX_HAND_SIZE = 7


def player_rules(state: GameState, player: str) -> set[PlayerRule]:
    """Rules-changing effects that apply to `player` (no maximum hand size, can't cast spells,
    can't lose, can't win).  A player who can't win is only ever asked about when every
    opponent has left a two-player game, which takes the permanent that said so with them
    (104.2a), so "cant_win" changes no game the engine plays yet; it is recorded for effects
    that make a player win."""
    out: set[PlayerRule] = set()
    statics = _rules_statics(state)
    effects = _rule_effects(state)
    if not statics and not effects:
        return out  # the usual case: nothing changes the rules
    for o, rule in statics:
        if applies_to(rule, o, player):
            out |= _as_things_stand(state, rule.rule, o, player)
    for e in effects:
        if player in e.players:
            out.add(PlayerRule(e.rule))
    return out


def applies_to(rule: RuleForPlayers, source: Obj, player: str) -> bool:
    """Whether a static ability's rule of `source` is one for `player`."""
    if rule.players is RuleFor.EVERYONE:
        return True
    return (source.controller == player) == (rule.players is RuleFor.YOU)


def rules_changed(state: GameState) -> bool:
    """Whether anything changes the rules for players now (a rules-changing static ability on
    the battlefield, or a resolved effect): when not, `player_rules` is empty for everyone."""
    found = state.board.get("rules_changed")
    if found is None:  # kept as long as both answers it comes from are
        found = state.board["rules_changed"] = bool(_rules_statics(state)) or bool(_rule_effects(state))
    return found


def _rule_effects(state: GameState) -> list[PlayerRuleEffect]:
    """The resolved effects that change the rules for players (kept until the effects change)."""
    found = state.board.get("rule_effects")
    if found is None:
        found = state.board["rule_effects"] = [e for e in state.effects if isinstance(e, PlayerRuleEffect)]
    return found


def _as_things_stand(state: GameState, rule: PlayerRule, source: Obj, player: str) -> set[PlayerRule]:
    """The rules a rule that depends on the turn so far gives `player` now: Angelic Arbiter's
    "Each opponent who cast a spell this turn can't attack with creatures" and "Each opponent
    who attacked with a creature this turn can't cast spells", Grand Abolisher's "During your
    turn, your opponents can't cast spells or activate abilities of artifacts, creatures, or
    enchantments".  Any other rule is itself."""
    match rule:
        case PlayerRule.CAST_THEN_CANT_ATTACK:
            return {PlayerRule.CANT_ATTACK_WITH_CREATURES} if state.player(player).spells_cast else set()
        case PlayerRule.ATTACKED_THEN_CANT_CAST:  # only the active player attacks (506.1 / 306.1)
            return {PlayerRule.CANT_CAST} if player == state.active and state.attacked_this_turn else set()
        case PlayerRule.YOUR_TURN_CANT_CAST_OR_ACTIVATE:
            return {PlayerRule.CANT_CAST, PlayerRule.CANT_ACTIVATE_ARTIFACTS_CREATURES_ENCHANTMENTS} \
                if state.active == source.controller else set()
    return {rule}


def max_hand_size(state: GameState, player: str) -> int | None:
    """The player's maximum hand size (402.2 / 217.3b); None: no maximum."""
    return None if PlayerRule.NO_MAX_HAND_SIZE in player_rules(state, player) else MAX_HAND_SIZE


def _rules_statics(state: GameState) -> list[tuple[Obj, RuleForPlayers]]:
    """The rules for players that static abilities on the battlefield change, with the
    permanent of each (kept until the permanents or the effects change: asked for on every
    cast and activation)."""
    found = state.board.get("rules_statics")
    if found is None:
        lost = lost_all(state)  # "loses all abilities" (Turn to Frog on Platinum Angel)
        found = state.board["rules_statics"] = [
            (o, rule) for o in (state.objects[i] for i in state.battlefield) if o.id not in lost
            for rule in o.card.player_rule_effects]
    return found


def announce_revealed(state: GameState, o: Obj) -> None:
    """As a permanent that makes hidden cards public enters ("Your opponents play with their
    hands revealed", "Play with the top card of your library revealed"), the log says whose
    cards everyone now sees (701.13a / 217.3c)."""
    for rule in o.card.player_rule_effects:
        if rule.rule not in (PlayerRule.HAND_REVEALED, PlayerRule.TOP_REVEALED):
            continue
        whom = state.opponents(o.controller) if rule.players is RuleFor.OPPONENTS else [o.controller]
        what = "hand" if rule.rule is PlayerRule.HAND_REVEALED else "the top card of their library"
        for p in whom:
            state.log_event(f"{p} plays with {'their ' if what == 'hand' else ''}{what} revealed ({o.name})",
                            "reveal", player=p)


def land_plays(state: GameState, player: str) -> int:
    """How many lands `player` may play each turn (305.2 / 212.6e): one, and one more for each
    "Each player may play an additional land on each of their turns" (Rites of Flourishing)."""
    extra = sum(1 for o, rule in _rules_statics(state)
                if rule.rule is PlayerRule.ADDITIONAL_LAND and applies_to(rule, o, player))
    return 1 + extra
