"""Manual actions: what the players do by hand when a card says something the engine doesn't
carry out (a partial card's sentence, named in the log where it applies).  The player with
priority moves a card between zones, changes a life total, adds or removes counters, taps or
untaps a permanent, creates a token copy of a card, or gains control of a permanent until end
of turn.  Each goes through the engine like any action: it is checked, recorded, logged as
manual, and state-based actions and triggered abilities follow.  A game set up with
`manual=False` (a scenario file unless it says `manual = true`) refuses them."""

from __future__ import annotations

from ...cards import UnknownCard, get_card
from ..changes.events import flush
from ..changes.zones import create_card, move
from ..continuous.effect_store import add_effect
from ..continuous.static_index import watched_state_changed
from ..core import actions as A
from ..core.objects import ContinuousEffect
from ..core.refs import name_of
from ..core.state import GameState

ZONES = ("hand", "library", "graveyard", "exile", "battlefield")


def check_manual(state: GameState, a: A.Manual) -> None:
    """IllegalAction when `a` can't be done (a refusal names what is wrong)."""
    if not state.setup.manual:
        raise A.IllegalAction("manual actions are off in this game (a scenario file allows them with manual = true)",
                              state.rules.cite("manual"))
    if a.what not in A.MANUAL_KINDS:
        raise A.IllegalAction(f"a manual action is one of: {', '.join(A.MANUAL_KINDS)}", state.rules.cite("manual"))
    if a.what == "token":
        try:
            get_card(a.kind)
        except UnknownCard as e:
            raise A.IllegalAction(str(e), state.rules.cite("manual")) from None
        return
    if a.what == "life":
        if not isinstance(a.subject, str) or not state.has_player(a.subject):
            raise A.IllegalAction("a life total belongs to a player", state.rules.cite("manual"))
        return
    o = state.objects.get(a.subject) if isinstance(a.subject, int) else None
    if o is None:
        raise A.IllegalAction("that is no card in the game", state.rules.cite("manual"))
    if a.what in ("counters", "tap", "untap", "control") and o.zone != "battlefield":
        raise A.IllegalAction(f"{o.name} is not on the battlefield", state.rules.cite("manual"))
    if a.what == "move" and (a.zone not in ZONES or a.zone == o.zone):
        raise A.IllegalAction(f"move {o.name} to one of: {', '.join(z for z in ZONES if z != o.zone)}",
                              state.rules.cite("manual"))
    if a.what == "counters" and (not a.kind or a.amount == 0):
        raise A.IllegalAction("say which counters and how many (+2, -1)", state.rules.cite("manual"))


def do_manual(state: GameState, a: A.Manual) -> None:
    """Carry out a checked manual action, then let events be seen (state-based actions and
    triggers follow in the priority loop)."""
    p = a.player
    says = ""
    if a.what == "life":
        assert isinstance(a.subject, str)
        state.player(a.subject).life += a.amount
        watched_state_changed(state)  # a life total can define power and toughness (604.3)
        says = f"{a.subject}'s life {'+' if a.amount >= 0 else '-'}{abs(a.amount)}"
    elif a.what == "token":
        oid = create_card(state, a.kind, p, "battlefield", token=True, card=get_card(a.kind))
        o = state.objects[oid]
        o.since_turn = state.turn
        o.base_controller = p
        says = f"creates a token copy of {a.kind}"
    else:
        assert isinstance(a.subject, int)
        o = state.objects[a.subject]
        name = name_of(state, o.id)
        if a.what == "move":
            move(state, o.id, a.zone, controller=p if a.zone == "battlefield" else None)
            where = "the battlefield" if a.zone == "battlefield" else f"{o.owner}'s {a.zone}"
            says = f"moves {name} to {where}"
        elif a.what == "counters":
            o.counters[a.kind] = max(o.counters.get(a.kind, 0) + a.amount, 0)
            says = f"{'puts' if a.amount > 0 else 'removes'} {abs(a.amount)} {a.kind} counter" \
                   f"{'s' if abs(a.amount) != 1 else ''} {'on' if a.amount > 0 else 'from'} {name}"
        elif a.what in ("tap", "untap"):
            o.tapped = a.what == "tap"
            says = f"{a.what}s {name}"
        elif a.what == "control":
            add_effect(state, ContinuousEffect(state.new_timestamp(), frozenset({o.id}), "a manual action", "eot",
                                               controller=p))
            says = f"gains control of {name} until end of turn"
    state.invalidate()
    state.log_event(f"{p} (by hand): {says}", "manual", player=p)
    flush(state)
