"""Static abilities and effects that change the rules of the game for players (2014 613.10 /
2009 418.5k): no maximum hand size, can't cast spells, can't lose or win, a revealed hand."""

from __future__ import annotations

from ...cards.model import StaticAbility
from ..core.objects import Obj, PlayerRuleEffect
from ..core.state import GameState
from .becomes import lost_all

MAX_HAND_SIZE = 7


def player_rules(state: GameState, player: str) -> set[str]:
    """Rules-changing effects that apply to `player` ("no_max_hand_size", "cant_cast",
    "cant_lose", "cant_win").  A player who can't win is only ever asked about when every
    opponent has left a two-player game, which takes the permanent that said so with them
    (104.2a), so "cant_win" changes no game the engine plays yet; it is recorded for effects
    that make a player win."""
    out: set[str] = set()
    statics = _rules_statics(state)
    effects = _rule_effects(state)
    if not statics and not effects:
        return out  # the usual case: nothing changes the rules
    for o, ab in statics:
        if ab.player_rule and (ab.rule_for == "everyone" or (o.controller == player) == (ab.rule_for == "you")):
            out |= _as_things_stand(state, ab.player_rule, o, player)
        if ab.opponent_rule and o.controller != player:
            out.add(ab.opponent_rule)
    for e in effects:
        if player in e.players:
            out.add(e.rule)
    return out


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


def _as_things_stand(state: GameState, rule: str, source: Obj, player: str) -> set[str]:
    """The rules a rule that depends on the turn so far gives `player` now: Angelic Arbiter's
    "Each opponent who cast a spell this turn can't attack with creatures" and "Each opponent
    who attacked with a creature this turn can't cast spells", Grand Abolisher's "During your
    turn, your opponents can't cast spells or activate abilities of artifacts, creatures, or
    enchantments".  Any other rule is itself."""
    if rule == "cast_then_cant_attack":
        return {"cant_attack_with_creatures"} if state.player(player).spells_cast else set()
    if rule == "attacked_then_cant_cast":  # only the active player attacks (506.1 / 306.1)
        return {"cant_cast"} if player == state.active and state.attacked_this_turn else set()
    if rule == "your_turn_cant_cast_or_activate":
        return {"cant_cast", "cant_activate_artifacts_creatures_enchantments"} \
            if state.active == source.controller else set()
    return {rule}


def max_hand_size(state: GameState, player: str) -> int | None:
    """The player's maximum hand size (402.2 / 217.3b); None: no maximum."""
    return None if "no_max_hand_size" in player_rules(state, player) else MAX_HAND_SIZE


def _rules_statics(state: GameState) -> list[tuple[Obj, StaticAbility]]:
    """The rules-changing static abilities on the battlefield (kept until the permanents or the
    effects change: asked for on every cast and activation)."""
    found = state.board.get("rules_statics")
    if found is None:
        lost = lost_all(state)  # "loses all abilities" (Turn to Frog on Platinum Angel)
        found = state.board["rules_statics"] = [
            (o, ab) for o in (state.objects[i] for i in state.battlefield) if o.id not in lost
            for ab in o.card.rules_statics]
    return found


def announce_revealed(state: GameState, o: Obj) -> None:
    """As a permanent that makes hidden cards public enters ("Your opponents play with their
    hands revealed", "Play with the top card of your library revealed"), the log says whose
    cards everyone now sees (701.13a / 217.3c)."""
    for ab in o.card.rules_statics:
        if ab.player_rule not in ("hand_revealed", "top_revealed"):
            continue
        whom = state.opponents(o.controller) if ab.rule_for == "opponents" else [o.controller]
        what = "hand" if ab.player_rule == "hand_revealed" else "the top card of their library"
        for p in whom:
            state.log_event(f"{p} plays with {'their ' if what == 'hand' else ''}{what} revealed ({o.name})",
                            "reveal", player=p)


def land_plays(state: GameState, player: str) -> int:
    """How many lands `player` may play each turn (305.2 / 212.6e): one, and one more for each
    "Each player may play an additional land on each of their turns" (Rites of Flourishing)."""
    extra = sum(1 for o, ab in _rules_statics(state)
                if "additional_land" in (ab.player_rule if o.controller == player else ab.opponent_rule))
    return 1 + extra
