"""State-based actions: the complete list of each ruleset (2014: 704.5a-r; 2009: 420.5a-q),
performed simultaneously and repeated until none apply."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards.ir import Keyword, PlayerRule
from ..continuous.attachments import attachment_kind, attachment_legal
from ..continuous.characteristics import chars
from ..continuous.player_rules import player_rules
from ..continuous.static_index import watched_state_changed
from ..core.decisions import ChooseKeepDecision, Decision
from ..core.objects import Characteristics, Obj
from ..core.refs import name_of, resolve_ref
from ..core.state import GameState
from .damage import destroy_all
from .events import flush
from .zones import leaving_together, move

Gen = Generator[Decision, Any, Any]

# concept key for each SBA, by what it does (the ruleset maps it to its letter)
_PLAYER_SBAS = ("sba_life", "sba_draw_empty", "sba_poison")



Found = list[tuple[str, str, Any, str]]
# a legend or planeswalker group: (controller, name) under the 2014 rules, (name,) before
GroupKey = tuple[str, ...]
# the object kept in each group its controller chose for, by (concept, group key)
Choices = dict[tuple[str, GroupKey], int]


def pending(state: GameState) -> bool:
    """Would any state-based action apply now?  (No choices, no changes; every permanent
    looked at afresh: the fuzzer's check.)"""
    return bool(find(state, choices={}, kept=False))


def find(state: GameState, choices: Choices, kept: bool = True) -> Found:
    """Every state-based action that applies: (concept, verb, subject, text).

    Legend and planeswalker rules under 2014 need the player's choice of which to keep;
    `choices` maps a group key to the kept object's id (missing: not chosen yet).  With
    `kept`, what the permanents gave is reused until they change (their characteristics,
    counters or attachments: the board's answers are cleared) or one is dealt damage."""
    out = _player_actions(state)
    if kept and not choices:
        found = state.board.get("sba_permanents")
        if found is None:
            found = state.board["sba_permanents"] = _permanent_actions(state, choices)
        out += found
    else:
        out += _permanent_actions(state, choices)
    out += _attachment_actions(state)  # looked at every time: tapping can make one illegal (Entangling Vines)
    if not out:
        return out  # the usual case
    return [s for s in out if state.rules.cite(s[0])]


def _player_actions(state: GameState) -> Found:
    """Players who lose (704.5a-c / 420.5a-c), tokens outside the battlefield (704.5d)."""
    out: Found = []
    for p in state.players:
        if p.lost:
            continue
        loss = None
        if p.life <= 0:
            loss = ("sba_life", "lose", p.name, f"{p.name} has {p.life} life and loses the game")
        elif p.drew_from_empty:
            loss = ("sba_draw_empty", "lose", p.name, f"{p.name} drew from an empty library and loses the game")
        elif p.poison >= 10:
            loss = ("sba_poison", "lose", p.name, f"{p.name} has {p.poison} poison counters and loses the game")
        if loss is not None and PlayerRule.CANT_LOSE not in player_rules(state, p.name):  # Platinum Angel (104.3b)
            out.append(loss)
    # only tokens can cease to exist: no need to look at every card
    for oid in sorted(state.token_ids) if state.token_ids else ():
        t = state.objects.get(oid)
        if t is None:
            continue
        if t.zone in ("hand", "library", "graveyard", "exile") or (t.zone == "stack" and not t.spell_copy):
            out.append(("sba_token", "cease", oid, f"a {t.name} token ceases to exist"))
    return out


def _permanent_actions(state: GameState, choices: Choices) -> Found:
    """What applies to permanents, attachments aside: toughness, damage, loyalty, the legend,
    planeswalker and world rules, +1/+1 and -1/-1 counters."""
    watched = _watched(state)
    out: Found = []
    for o, ch in watched:
        out += _one_permanent_actions(state, o, ch)
    legends, walkers, worlds = _unique_groups(state, watched)
    out += _uniqueness_actions(state, choices, legends, "legend rule", "sba_legend")
    out += _uniqueness_actions(state, choices, walkers, "planeswalker uniqueness rule", "sba_planeswalker_unique")
    out += _world_actions(state, worlds)
    return out


def _one_permanent_actions(state: GameState, o: Obj, ch: Characteristics) -> Found:
    """What applies to one permanent alone: its toughness, damage or deathtouch, its loyalty,
    its +1/+1 and -1/-1 counters, in that order."""
    out: Found = []
    if "Creature" in ch.types and ch.toughness is not None:
        out += _creature_action(state, o, ch, ch.toughness)
    if "Planeswalker" in ch.types and o.counters.get("loyalty", 0) <= 0:
        out.append(("sba_loyalty", "graveyard", o.id, f"{o.name} has no loyalty"))
    if o.counters and o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
        out.append(("sba_counters", "annihilate", o.id, f"+1/+1 and -1/-1 counters on {o.name} cancel"))
    return out


def _creature_action(state: GameState, o: Obj, ch: Characteristics, toughness: int) -> Found:
    """A creature with toughness 0 or less, lethal damage, or damage from a deathtouch source
    (when deathtouch is a state-based action, not a trigger)."""
    if toughness <= 0:
        return [("sba_toughness", "graveyard", o.id, f"{o.name} has toughness {toughness}")]
    if Keyword.INDESTRUCTIBLE in ch.keywords:
        return []  # "destroy" doesn't apply to it, so these SBAs do nothing (702.12b)
    if o.damage >= toughness and o.damage > 0:
        return [("sba_lethal_damage", "destroy", o.id, f"{o.name} has lethal damage")]
    if o.deathtouched and not state.rules.deathtouch_is_trigger:
        return [("sba_deathtouch", "destroy", o.id, f"{o.name} was dealt damage by deathtouch")]
    return []


def _unique_groups(state: GameState, watched: list[tuple[Obj, Characteristics]]
                   ) -> tuple[dict[GroupKey, list[int]], dict[GroupKey, list[int]], list[int]]:
    """The legendary permanents by group, the planeswalkers by group (of each of their
    subtypes), and the world permanents: what the uniqueness rules look at."""
    rs = state.rules
    legends: dict[GroupKey, list[int]] = {}
    walkers: dict[GroupKey, list[int]] = {}
    worlds: list[int] = []
    for o, ch in watched:
        if "Planeswalker" in ch.types:
            for sub in ch.subtypes:
                key: GroupKey = (o.controller, sub) if rs.planeswalker_rule_keeps_one else (sub,)
                walkers.setdefault(key, []).append(o.id)
        if "Legendary" in ch.supertypes:
            key = (o.controller, ch.name) if rs.legend_rule_keeps_one else (ch.name,)
            legends.setdefault(key, []).append(o.id)
        if "World" in ch.supertypes:
            worlds.append(o.id)
    return legends, walkers, worlds


def _uniqueness_actions(state: GameState, choices: Choices, groups: dict[GroupKey, list[int]], label: str,
                        concept: str) -> Found:
    """The legend or planeswalker uniqueness rule: in each group of two or more, all go to the
    graveyard (2009), or all but the one their controller chooses to keep (2014)."""
    out: Found = []
    for key, ids in groups.items():
        if len(ids) < 2:
            continue
        if len(key) == 2:  # 2014: its controller keeps one of their choice
            kept = choices.get((concept, key))
            if kept is None:
                out.append((concept, "choose", (key, ids), f"{label}: choose one to keep"))
                continue
            doomed = [i for i in ids if i != kept]
        else:
            doomed = ids
        out += [(concept, "graveyard", oid, f"{state.objects[oid].name} ({label})") for oid in doomed]
    return out


def _world_actions(state: GameState, worlds: list[int]) -> Found:
    """The world rule: of two or more world permanents, all but the newest go to the graveyard."""
    if len(worlds) <= 1:
        return []
    newest = max(worlds, key=lambda i: state.objects[i].timestamp)
    return [("sba_world", "graveyard", oid, f"{state.objects[oid].name} (world rule)")
            for oid in worlds if oid != newest]


def _attachment_actions(state: GameState) -> Found:
    """Auras and Equipment attached illegally or to nothing (704.5m-n / 420.5c-d): whether an
    attachment is legal can change with no characteristic changing ("enchant tapped creature"
    and the creature untaps), so these are looked at afresh at every check."""
    out: Found = []
    for o, ch in _attachment_watched(state):
        oid = o.id
        if o.attached_to is not None:
            kind = attachment_kind(state, o)
            if not attachment_legal(state, o):
                if kind == "Aura":
                    out.append(("sba_aura", "graveyard", oid, f"{o.name} is attached to nothing legal"))
                elif kind == "Equipment":
                    out.append(("sba_equipment", "unattach", oid, f"{o.name} is attached to an illegal permanent"))
                else:
                    out.append(("sba_unattach", "unattach", oid, f"{o.name} can't be attached"))
        elif "Aura" in ch.subtypes:  # attachment_kind's test, without asking again
            out.append(("sba_aura", "graveyard", oid, f"{o.name} is not attached to anything"))
    return out


def _attachment_watched(state: GameState) -> list[tuple[Obj, Characteristics]]:
    """Of `_watched`, the permanents an attachment rule could apply to: attached ones and
    Auras (kept as long as `_watched` is: attaching and unattaching clear the board's answers)."""
    found = state.board.get("sba_attachment_watched")
    if found is None:
        found = state.board["sba_attachment_watched"] = [
            (o, ch) for o, ch in _watched(state) if o.attached_to is not None or "Aura" in ch.subtypes]
    return found


def _watched(state: GameState) -> list[tuple[Obj, Characteristics]]:
    """The permanents a state-based action could apply to, with their characteristics:
    creatures, planeswalkers, legendary and world permanents, Auras and attached permanents,
    and any with counters (found once until the permanents change: lands and most
    artifacts and enchantments need no look at every check)."""
    found = state.board.get("sba_watched")
    if found is None:
        found = []
        for oid in state.battlefield:
            o = state.objects[oid]
            ch = chars(state, o)
            if (ch.types & _WATCHED_TYPES or ch.supertypes & _WATCHED_SUPERTYPES or "Aura" in ch.subtypes
                    or o.attached_to is not None or o.counters):
                found.append((o, ch))
        state.board["sba_watched"] = found
    return found


_WATCHED_TYPES = frozenset({"Creature", "Planeswalker"})
_WATCHED_SUPERTYPES = frozenset({"Legendary", "World"})


def applies(state: GameState) -> bool:
    """Would any state-based action apply now?  (What `run` looks at first: asked before
    each priority, where mostly none does.)"""
    return bool(find(state, {}))


def run(state: GameState) -> Gen:
    """Perform all applicable state-based actions at once; repeat until none apply."""
    while True:
        choices: Choices = {}
        while True:
            found = find(state, choices)
            asks = [s for s in found if s[1] == "choose"]
            if not asks:
                break
            concept, _, (key, ids), text = asks[0]
            ans, _ = yield ChooseKeepDecision(key[0], f"{text}: {', '.join(name_of(state, i) for i in ids)}",
                                              ids=tuple(ids), concept=concept)
            kept = ans.words[0] if isinstance(ans.words[0], int) else \
                resolve_ref(state, ans.words[0], zones=("battlefield",))
            choices[(concept, key)] = kept
            state.log_event(f"{key[0]} chooses to keep {name_of(state, kept)}", concept, player=key[0])
        if not found:
            return
        _apply(state, found)
        state.check_game_over()


def _apply(state: GameState, found: list[tuple[str, str, Any, str]]) -> None:
    """Perform what one check found, all at once (704.3 / 420.2): permanents are destroyed
    together, so what is indestructible is judged before any of them leaves."""
    to_graveyard = list(dict.fromkeys(subject for _, verb, subject, _ in found if verb == "graveyard"))
    to_destroy = [subject for _, verb, subject, _ in found if verb == "destroy" and subject not in to_graveyard]
    for concept, verb, subject, text in found:
        state.log_event(text, concept)
        if verb == "lose":
            state.player(subject).lost = True
            watched_state_changed(state)  # who is an opponent changed
        elif verb == "cease":
            o = state.objects.pop(subject)
            state.zone_list(o).remove(subject)
            state.lki[subject] = o
            state.invalidate()
        elif verb in ("graveyard", "destroy"):
            continue  # below, together
        elif verb in ("unattach", "annihilate") and subject not in state.objects:
            continue  # it left the battlefield in this same event
        elif verb == "unattach":
            state.objects[subject].attached_to = None
            state.invalidate()
        elif verb == "annihilate":
            c = state.objects[subject].counters
            n = min(c["+1/+1"], c["-1/-1"])
            c["+1/+1"] -= n
            c["-1/-1"] -= n
            state.invalidate()
    with leaving_together(state, to_destroy + to_graveyard):  # one event: each as it was before it
        destroy_all(state, to_destroy, log=False)
        for subject in to_graveyard:
            if subject in state.objects:
                move(state, subject, "graveyard")
    flush(state)
