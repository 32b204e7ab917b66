"""Turn structure: phases, steps, turn-based actions, priority and mulligans
(2014: 103.4, 116, 500-514; 2009: 101.4, 300-314, 408)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards.ir import PlayerRule, Restriction
from ...cards.mana import pool_text
from ..changes import damage, events, sba, zones
from ..combat import combat
from ..continuous.characteristics import chars
from ..continuous.control import update_control
from ..continuous.effect_store import end_effects
from ..continuous.player_rules import max_hand_size, player_rules
from ..continuous.static_index import watched_state_changed
from ..core import actions as A
from ..core.decisions import BottomDecision, Decision, DiscardDecision, MulliganDecision, PriorityDecision
from ..core.objects import Player
from ..core.refs import candidates, known_name, name_of, resolve_ref
from ..core.setup import PermanentSpec
from ..core.state import GameOver, GameState
from ..resolution import drawing, turn_control, turn_effects
from ..resolution.entering import begin_with_opening_hand
from . import stack, triggers
from .manual import do_manual

Gen = Generator[Decision, Any, Any]

STEPS = (
    "untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_combat", "main2",
    "end", "cleanup",
)
PHASE = {
    "untap": "beginning", "upkeep": "beginning", "draw": "beginning",
    "main1": "precombat main", "begin_combat": "combat", "declare_attackers": "combat",
    "declare_blockers": "combat", "first_strike_damage": "combat", "combat_damage": "combat",
    "end_combat": "combat", "main2": "postcombat main", "end": "ending", "cleanup": "ending",
}
STEP_TITLES = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "main1": "precombat main phase", "begin_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "first_strike_damage": "first-strike combat damage step", "combat_damage": "combat damage step",
    "end_combat": "end of combat step", "main2": "postcombat main phase", "end": "end step",
    "cleanup": "cleanup step",
}



# ------------------------------------------------------------ the game
def run_game(state: GameState) -> Gen:
    """The whole game: setting up, mulligans, then turn after turn until it ends.  A
    generator: it yields a `Decision` wherever a player must choose and is sent the answer
    (the action and the plan its check made)."""
    try:
        first_step = _set_up(state)
        if first_step == "mulligan":
            yield from mulligans(state)
            yield from begin_with_opening_hand(state)
            first_step = "untap"
        yield from _turns(state, first_step)
    except GameOver:
        return


def resume_game(state: GameState) -> Gen:
    """Carry on a game from a copy of its state taken at a step's priority (`state.resumable`):
    the same decision is asked again, then the game goes on exactly as it would have."""
    try:
        yield from priority_loop(state, resumable=True, resume=True)
        _finish_step(state, state.step)
        yield from _run_steps(state)
        next_turn(state)
        yield from _turns(state, "untap")
    except GameOver:
        return


def _turns(state: GameState, first_step: str) -> Gen:
    while True:
        yield from run_turn(state, first_step)
        first_step = "untap"
        next_turn(state)


def _set_up(state: GameState) -> str:
    """Create the cards: from decks (shuffled, seven cards each, 103) or from a position
    (a scenario: mid-game, in the order its file lists the cards).  Returns the first step."""
    s = state.setup
    if not s.position or s.step == "mulligan":
        _deal_opening_hands(state)
        return "mulligan"
    _lay_out_position(state)
    return s.step


def _deal_opening_hands(state: GameState) -> None:
    """The start of a game: each library shuffled, the starting player chosen (or the
    position's), seven cards each (103 / 101)."""
    s = state.setup
    for spec in s.players:
        player = state.player(spec.name)
        player.life = spec.life
        player.poison = spec.poison
        for name in list(spec.deck) or list(spec.library):
            zones.create_card(state, name, spec.name, "library")
        state.rng.shuffle(player.library)
        state.log_event(f"{spec.name} shuffles their library", "shuffle")
    if s.position:
        starter = s.active or state.players[0].name
    else:
        starter = s.starting_player or state.rng.choice([p.name for p in state.players])
    state.active = starter
    state.first_turn_player = starter
    state.turn = 1
    state.log_event(f"{starter} will take the first turn", "starting_player")
    for p in state.apnap():
        zones.draw(state, p.name, 7, log_rule="opening_hand")


def _lay_out_position(state: GameState) -> None:
    """A position mid-game: every card where the file puts it, Auras and Equipment attached
    once every card exists, the turn and the previous turns as the position says."""
    s = state.setup
    pending_attach: list[tuple[int, str]] = []
    for spec in s.players:
        player = state.player(spec.name)
        player.life = spec.life
        player.poison = spec.poison
        for zone in spec.zone_order:
            if zone == "battlefield":
                pending_attach += _create_permanents(state, spec.name, spec.battlefield, s.turn)
            else:
                for name in getattr(spec, zone):
                    zones.create_card(state, name, spec.name, zone)
    for oid, ref in pending_attach:
        state.objects[oid].attached_to = resolve_ref(state, ref, zones=("battlefield",), player_ok=True)
    state.turn = s.turn
    state.active = s.active or state.players[0].name
    # turn 1 is the game's first turn: its active player is the starting player, who
    # skips that turn's draw (103.7a / 101.6a); on a later turn nobody skips it
    state.first_turn_player = state.active if state.turn == 1 else None
    _date_previous_turns(state)
    state.invalidate()
    update_control(state, setting_up=True)  # a position with Mind Control on a creature


def _create_permanents(state: GameState, controller: str, permanents: tuple[PermanentSpec, ...],
                       turn: int) -> list[tuple[int, str]]:
    """A position's permanents, tapped, summoning sick, damaged and with counters as listed (a
    planeswalker with its printed loyalty unless told).  Returns the attachments to make:
    (the attached object, what it is attached to)."""
    pending_attach: list[tuple[int, str]] = []
    for perm in permanents:
        oid = zones.create_card(state, perm.card, controller, "battlefield", token=perm.token)
        o = state.objects[oid]
        o.tapped = perm.tapped
        o.since_turn = turn if perm.sick else -1
        o.damage = perm.damage
        for k, v in perm.counters:
            o.counters[k] = v
        if o.card.loyalty is not None and "loyalty" not in dict(perm.counters):
            o.counters["loyalty"] = o.card.loyalty
        if perm.attached_to:
            pending_attach.append((oid, perm.attached_to))
    return pending_attach


def _date_previous_turns(state: GameState) -> None:
    """A position is mid-game: the players before the active one took the previous turns."""
    order = [p.name for p in state.players]
    active_at = order.index(state.active)
    for back in range(1, len(order)):
        state.player(order[(active_at - back) % len(order)]).last_turn = state.turn - back


# ------------------------------------------------------------ mulligans

def mulligans(state: GameState) -> Gen:
    """Each player keeps an opening hand or takes mulligans, by the game's mulligan rule:
    sequential (2009 101.4), Paris (2014 103.4) or London (bottoming after keeping)."""
    rule = state.mulligan_rule
    order = state.apnap()  # the starting player is active now
    if rule == "sequential":
        yield from _sequential_mulligans(state, order)
        return
    yield from _simultaneous_mulligans(state, order, rule)
    if rule == "london":
        for p in order:
            yield from _london_bottom(state, p)


def _sequential_mulligans(state: GameState, order: list[Player]) -> Gen:
    """2009 101.4: the starting player takes all mulligans, then each other player."""
    for p in order:
        while p.hand:
            ans, _ = yield _mulligan_decision(state, p.name)
            if isinstance(ans, A.Keep):
                _log_keep(state, p)
                break
            _take_mulligan(state, p.name, len(p.hand) - 1)


def _simultaneous_mulligans(state: GameState, order: list[Player], rule: str) -> Gen:
    """Paris (2014 103.4) and London: rounds of declarations, then simultaneous mulligans,
    until every player keeps (or has no cards left)."""
    keeping: set[str] = set()
    while True:
        choosing = [p for p in order if p.name not in keeping and p.hand]
        if not choosing:
            break
        takers = yield from _declare_keeps(state, choosing, keeping)
        if not takers:
            break
        for p in takers:
            size = 7 if rule == "london" else len(p.hand) - 1
            _take_mulligan(state, p.name, size)
            if rule == "london" and p.mulligans >= 7:
                keeping.add(p.name)  # nothing left to bottom from


def _declare_keeps(state: GameState, choosing: list[Player], keeping: set[str]) -> Gen:
    """One round: each player in turn order keeps (added to `keeping`) or will take a
    mulligan.  Returns those who take one."""
    takers: list[Player] = []
    for p in choosing:
        ans, _ = yield _mulligan_decision(state, p.name)
        if isinstance(ans, A.Keep):
            keeping.add(p.name)
            _log_keep(state, p)
        else:
            takers.append(p)
    return takers


def _log_keep(state: GameState, p: Player) -> None:
    state.log_event(f"{p.name} keeps {len(p.hand)} cards", "mulligan", player=p.name)


def _london_bottom(state: GameState, p: Player) -> Gen:
    """The London mulligan: having kept, a player puts a card on the bottom of their library
    for each mulligan they took."""
    n = min(p.mulligans, len(p.hand))
    if not n:
        return
    ans, _ = yield BottomDecision(
        p.name, f"put {n} card{'s' if n > 1 else ''} from your hand on the bottom of your library",
        cards=tuple(p.hand), count=n)
    for oid in _choose_cards(state, ans, p.hand):
        zones.move(state, oid, "library", bottom=True)
    state.log_event(f"{p.name} puts {n} card(s) on the bottom of their library", "mulligan",
                    player=p.name)


def _choose_cards(state: GameState, ans: A.Choose, zone: list[int]) -> list[int]:
    """The cards a `choose` answer names (ids, or references to cards in `zone`)."""
    out: list[int] = []
    for w in ans.words:
        if isinstance(w, int):
            oid = w
        else:
            ids = [i for i in candidates(state, w, ("hand",)) if i in zone and i not in out]
            oid = ids[0] if ids else resolve_ref(state, w, zones=("hand",))
        out.append(oid)
    return out


def _mulligan_decision(state: GameState, name: str) -> MulliganDecision:
    n = len(state.player(name).hand)
    return MulliganDecision(name, f"keep this hand of {n} or take a mulligan")


def _take_mulligan(state: GameState, name: str, size: int) -> None:
    p = state.player(name)
    for oid in list(p.hand):
        zones.move(state, oid, "library")
    state.rng.shuffle(p.library)
    p.mulligans += 1
    state.log_event(f"{name} takes a mulligan", "mulligan", player=name)
    zones.draw(state, name, max(size, 0), log_rule="mulligan")


# ------------------------------------------------------------ turns

def next_turn(state: GameState) -> None:
    _end_turn_cleanup(state)
    state.turn += 1
    watched_state_changed(state)  # "this turn" in characteristics (Bloodcrazed Goblin)
    if state.extra_turns:  # 500.7 / 300.6: the most recently created extra turn comes first
        state.active = state.extra_turns.pop()
    else:
        state.active = state.next_player(state.active)
    if state.setup.turn_cap is not None and state.turn > state.setup.turn_cap:
        state.end_as_draw(f"the turn limit of {state.setup.turn_cap} was reached")
        raise GameOver()
    for p in state.players:
        p.lands_played = 0
        p.spells_cast = 0
    state.damage_this_turn = []
    state.attacked_this_turn = []
    state.added_phases = []
    turn_effects.begin_turn_requirements(state)
    state.to_graveyard_from_battlefield = []
    for o in state.permanents():
        o.activated_this_turn = 0
        o.loyalty_activated = 0
        o.ability_uses = {}
    state.log_event(f"turn {state.turn}: {state.active}'s turn", "new_turn")
    turn_control.begin_turn(state)  # "You control target player during that player's next turn"


def run_turn(state: GameState, first_step: str) -> Gen:
    state.player(state.active).last_turn = state.turn
    state.steps_left = list(STEPS[STEPS.index(first_step):])
    yield from _run_steps(state)


def _run_steps(state: GameState) -> Gen:
    """The turn's remaining steps, one after another."""
    steps = state.steps_left
    while steps:
        step = steps.pop(0)
        if state.ending_turn:  # "End the turn": straight to the cleanup step (713.1c / 509.1c)
            if step != "cleanup":
                continue
            state.ending_turn = False
        if _skip_step(state, step):
            continue
        state.step = step
        yield from _do_step(state, step)
        _finish_step(state, step)


def _finish_step(state: GameState, step: str) -> None:
    """As a step ends: its effects end, mana empties, added phases come next."""
    _end_of_step(state, step)
    if step in ("main1", "main2") and state.added_phases:  # Relentless Assault (500.8 / 300.7)
        state.steps_left[0:0], state.added_phases = state.added_phases, []


def _skip_step(state: GameState, step: str) -> bool:
    if _skips_combat(state, step):
        return True
    if step == "draw" and state.turn == 1 and state.first_turn_player == state.active:
        state.log_event(f"{state.active} skips the draw step of the first turn", "skip_first_draw")
        return True
    if step in ("declare_blockers", "first_strike_damage", "combat_damage"):
        if not state.attackers_declared:
            return True  # 508.8 / 308.5: no attackers declared, no blockers or damage steps
        if step == "first_strike_damage" and not combat.first_strike_in_combat(state):
            return True
        # a first-strike damage step is always followed by the second one (510.4 / 310.5),
        # and attackers declared mean both steps happen even if every one of them has left combat
    return False


_COMBAT_STEPS = ("begin_combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                 "end_combat")


def _skips_combat(state: GameState, step: str) -> bool:
    """"Target opponent skips their next combat phase" (Stonehorn Dignitary): the whole phase
    is passed over as though it didn't exist (2014 500.10 / 2009 300.9)."""
    if step not in _COMBAT_STEPS:
        return False
    p = state.player(state.active)
    if step == "begin_combat" and p.skip_combats > 0:
        p.skip_combats -= 1
        p.combat_skipped_turn = state.turn
        state.log_event(f"{p.name} skips their combat phase", "skip_phase", player=p.name)
    return p.combat_skipped_turn == state.turn


def _do_step(state: GameState, step: str) -> Gen:
    if step == "untap":
        _untap_step(state)
        return  # no player receives priority (502.3 / 302.3)
    if step == "draw":
        yield from drawing.draw(state, state.active, 1, log_rule="draw_step")  # may be replaced (Plagiarize)
    elif step == "declare_attackers":
        yield from combat.declare_attackers_step(state)
    elif step == "declare_blockers":
        yield from combat.declare_blockers_step(state)
    elif step in ("first_strike_damage", "combat_damage"):
        yield from combat.combat_damage_step(state, first=(step == "first_strike_damage"))
    elif step == "cleanup":
        yield from _cleanup_step(state)
        return
    events.fire_step_triggers(state, step)
    yield from priority_loop(state, resumable=True)


def _untap_step(state: GameState) -> None:
    n = 0
    for o in state.permanents(state.active):
        if o.tapped and Restriction.DOESNT_UNTAP in chars(state, o).restrictions:
            state.log_event(f"{o.name} doesn't untap", "doesnt_untap", player=state.active)
        elif o.tapped:
            o.tapped = False
            n += 1
    state.log_event(f"{state.active} untaps {n} permanent{'s' if n != 1 else ''}", "untap",
              player=state.active)
    end_effects(state, f"untap:{state.active}")  # "during its controller's next untap step"
    _untap_others(state)


def _untap_others(state: GameState) -> None:
    """Seedborn Muse: "Untap all permanents you control during each other player's untap step"."""
    for p in state.players:
        if p.name == state.active or p.lost or PlayerRule.UNTAP_DURING_OTHERS not in player_rules(state, p.name):
            continue
        n = 0
        for o in state.permanents(p.name):
            if o.tapped and Restriction.DOESNT_UNTAP not in chars(state, o).restrictions:
                o.tapped = False
                n += 1
        state.log_event(f"{p.name} untaps {n} permanent{'s' if n != 1 else ''} during {state.active}'s untap step",
                        "untap", player=p.name)


def _cleanup_step(state: GameState) -> Gen:
    while True:
        p = state.player(state.active)
        limit = max_hand_size(state, p.name)  # 402.2 / 217.3b
        excess = len(p.hand) - limit if limit is not None else 0
        if excess > 0:
            ans, _ = yield DiscardDecision(
                p.name, f"discard {excess} card{'s' if excess > 1 else ''} (hand size is {limit})",
                cards=tuple(p.hand), count=excess)
            for oid in ans.cards:
                zones.move(state, oid, "graveyard")
                state.log_event(f"{p.name} discards {known_name(state, oid)}", "cleanup_discard", player=p.name)
                events.emit(state, "discard", {"player": p.name, "card": oid})
        # 514.2 / 314.2: damage wears off and "until end of turn" effects end, together
        for o in state.permanents():
            o.damage = 0
            o.deathtouched = False
            o.regen_shields = 0  # "this turn" shields end with the turn's effects
        state.board.pop("sba_permanents", None)
        end_effects(state, "eot")
        state.log_event("damage is removed and \"until end of turn\" effects end", "cleanup_damage")
        events.flush(state)
        if not sba.pending(state) and not state.pending_triggers:
            return
        # 514.3a: players get priority, then another cleanup step follows
        state.log_event("state-based actions or triggers in cleanup: players get priority", "cleanup_priority")
        yield from priority_loop(state)


def _end_of_step(state: GameState, step: str) -> None:
    end_effects(state, f"step:{step}")
    if step == "end_combat":
        combat.end_combat(state)
    if state.rules.pool_empties_each_step:
        _empty_pools(state, burn=False)
    else:
        nxt = STEPS.index(step) + 1
        if nxt >= len(STEPS) or PHASE[STEPS[nxt]] != PHASE[step]:
            _empty_pools(state, burn=state.rules.mana_burn)


def _empty_pools(state: GameState, burn: bool) -> None:
    for p in state.players:
        n = sum(p.pool.values())
        if not n:
            continue
        if PlayerRule.POOLS_DONT_EMPTY in player_rules(state, p.name):  # Upwelling
            continue
        text = pool_text(p.pool)
        p.pool.clear()
        if burn:
            state.log_event(f"{p.name}'s unused mana ({text}) empties from the pool: mana burn", "mana_burn",
                      player=p.name)
            damage.lose_life(state, p.name, n, "mana burn", rule="mana_burn")
        else:
            state.log_event(f"{p.name}'s mana pool empties ({text})", "mana_empties", player=p.name)


def _end_turn_cleanup(state: GameState) -> None:
    _empty_pools(state, burn=state.rules.mana_burn and not state.rules.pool_empties_each_step)


# ------------------------------------------------------------ priority

def priority_loop(state: GameState, resumable: bool = False, resume: bool = False) -> Gen:
    """Players receive priority until all pass in succession with an empty stack (500.2).
    `resumable`: the step's own priority (not the cleanup step's), where a copy of the state can
    carry the game on; `resume`: carrying on from such a copy, whose decision is asked again."""
    if not resume:
        state.priority = state.active
        state.passes = 0
    while True:
        if resume:
            resume = False
            decision = state.decision
            assert isinstance(decision, PriorityDecision)
        else:
            if not _settled(state):
                yield from _settle(state)
            assert state.priority is not None
            decision = PriorityDecision(state.priority, _priority_prompt(state, state.priority))
        who = decision.player
        state.resumable = resumable
        action, plan = yield decision
        state.resumable = False
        if isinstance(action, A.Pass):
            state.passes += 1
            state.log_event(f"{who} passes", "priority_pass", player=who)
            if state.passes < len(state.live_players()):
                state.priority = state.next_player(who)
                continue
            if (yield from _all_passed(state)):
                return
            continue
        state.passes = 0
        yield from _take_action(state, action, plan)
        state.priority = who  # 116.3c: the player who acted receives priority again
        state.log_event(f"{who} receives priority again", "priority_after_cast", player=who)


def _all_passed(state: GameState) -> Gen:
    """All players have passed in succession (116.4): the top object of the stack resolves, or
    with an empty stack the step ends (500.2).  True when the priority loop ends (the step's
    end; no player gets priority, 713.1b / 509.1b).  (A pass that leaves another player to act,
    most passes, is handled in the loop itself: no generator is made for it.)"""
    if not state.stack:
        state.priority = None
        state.log_event(f"all players passed in succession with an empty stack: "
                  f"the {step_title(state)} ends", "step_ends")
        return True
    state.log_event("all players passed in succession: the top object of the stack resolves",
              "all_passed")
    yield from stack.resolve_top(state)
    if state.ending_turn:  # no player gets priority (713.1b / 509.1b)
        state.priority = None
        return True
    state.priority = state.active
    state.passes = 0
    return False


def _take_action(state: GameState, action: Any, plan: Any) -> Gen:
    """The action a player with priority took: playing a land, casting a spell, activating an
    ability, or a manual change."""
    if isinstance(action, A.PlayLand):
        stack.play_land(state, action)
    elif isinstance(action, A.Cast):
        yield from stack.cast(state, action, plan)
    elif isinstance(action, A.Activate):
        yield from stack.activate(state, action, plan)
    elif isinstance(action, A.Manual):
        do_manual(state, action)


def _priority_prompt(state: GameState, who: str) -> str:
    if state.stack:
        return f"{name_of(state, state.stack[-1].id)} is on top of the stack: respond or pass"
    return f"{step_title(state)}: take an action or pass"


def step_title(state: GameState, step: str | None = None) -> str:
    """The step's name as players of the game's era called it."""
    step = step or state.step
    return state.rules.word("end_step") if step == "end" else STEP_TITLES[step]


def _settled(state: GameState) -> bool:
    """The usual case before a player receives priority, told without starting `_settle`'s
    generator: no state-based action applies and no triggered ability waits.  When it is
    False, `_settle` runs and takes the same first steps again, finding what this found."""
    events.flush(state)
    if sba.applies(state):
        return False
    events.flush(state)
    events.check_state_triggers(state)
    return not state.pending_triggers


def _settle(state: GameState) -> Gen:
    """Before a player receives priority: state-based actions until none apply, then
    triggered abilities onto the stack, repeated until neither happens (704.3 / 420.3)."""
    while True:
        events.flush(state)
        if sba.applies(state):
            yield from sba.run(state)
        events.flush(state)
        events.check_state_triggers(state)
        if not state.pending_triggers:
            return
        yield from triggers.stack_triggers(state)

