"""Layer 2, control (2014 613.1b / 2009 418.5a): each permanent's controller, from the control
effects of resolved spells and abilities and the control statics on the battlefield."""

from __future__ import annotations

from ..core.objects import Obj
from ..core.state import GameState
from .characteristics import chars, static_affects


def update_control(state: GameState, *, setting_up: bool = False) -> None:
    """Layer 2 (613.1b / 418.5a): each permanent's controller is the one under whose control it
    entered, changed by control-changing effects in timestamp order (the latest wins):
    "gain control of ..." from resolved spells and abilities, and static abilities such as
    Mind Control's "You control enchanted creature".  Called whenever such an effect starts
    or ends, and after objects move (an Aura that leaves takes its control effect away)."""
    permanents = state.permanents()
    statics = [(src, ab) for src in permanents for ab in src.card.control_statics]
    effects = [e for e in state.effects if e.controller]
    if not statics and not effects and all(o.controller == (o.base_controller or o.owner) for o in permanents):
        return  # nothing changes control (the usual case, after every flush)
    for _ in range(3):  # a control effect whose own source changed controller: settle again
        changed = False
        for o in state.permanents():
            claims = [(e.timestamp, e.controller) for e in effects if o.id in e.affected]
            claims += [(src.timestamp, src.controller) for src, ab in statics
                       if ab.affects is not None and static_affects(state, ab.affects, o, src, chars(state, o))]
            now = max(claims)[1] if claims else (o.base_controller or o.owner)
            if now != o.controller:
                if setting_up:  # a position as the scenario gives it: under that control all along
                    o.controller = now
                    state.invalidate()
                else:
                    set_controller(state, o, now)
                changed = True
        if not changed:
            return


def set_controller(state: GameState, o: Obj, player: str) -> None:
    """`player` gains control of permanent `o`: it leaves combat (506.4) and has not been
    under its new controller's control since their turn began (302.6 / 212.3f)."""
    if o.controller == player:
        return
    o.leave_combat()
    o.controller = player
    o.since_turn = state.turn
    state.invalidate()
    state.log_event(f"{player} gains control of {o.name}", "control_change", player=player)
