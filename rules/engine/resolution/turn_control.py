"""Controlling another player (2014: 712; 2009: 507, "Controlling Another Player's Turn"):
Sorin Markov's "You control target player during that player's next turn".

The effect waits for that player's next turn (the newest such effect wins, 2009 507.1a)
and lasts for that turn.  Meanwhile the controlling player makes every choice and decision
the controlled player would make (section 712; 2009 507.3): the engine's decisions still
belong to the controlled player, whose cards, mana and life are used, and `decider` names who
answers them.  What the controlled player may see, the controlling player may see too
(2009 507.2)."""

from __future__ import annotations

from ..core.state import GameState


def control_next_turn(state: GameState, controller: str, player: str, source: str) -> None:
    state.turn_control_next[player] = controller  # a newer effect replaces an older one
    state.log_event(f"{source}: {controller} will control {player} during {player}'s next turn", "control_player",
                    player=controller)


def begin_turn(state: GameState) -> None:
    """At the start of each turn: the control of the previous turn ends, and a waiting effect
    for the new active player begins."""
    state.turn_controller = {}
    controller = state.turn_control_next.pop(state.active, None)
    if controller is not None and state.has_player(controller) and not state.player(controller).lost:
        state.turn_controller[state.active] = controller
        state.log_event(f"{controller} controls {state.active} during this turn: {controller} makes "
                        f"{state.active}'s choices and decisions", "control_player", player=controller)


def decider(state: GameState, player: str) -> str:
    """Who makes `player`'s choices and decisions now."""
    return state.turn_controller.get(player, player)


def sees_hand_of(state: GameState, viewer: str | None, player: str) -> bool:
    """The controlling player sees what the controlled player sees, such as their hand."""
    return viewer is not None and state.turn_controller.get(player) == viewer
