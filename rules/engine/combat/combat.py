"""Combat: attackers, blockers, damage assignment and damage
(2014: 506-511, 702 evasion keywords; 2009: 306-311, 502).

The engine asks only where there is a real choice: no attack question without a creature
able to attack, no block question without a possible block, no assignment question when
only one assignment is legal."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, TypeVar

from ...cards import ir
from ..changes.damage import deal_simultaneously, lethal_damage
from ..changes.events import emit, tap_permanent
from ..continuous.abilities import creatures, is_summoning_sick
from ..continuous.attachments import protected_from
from ..continuous.characteristics import chars, matches
from ..continuous.player_rules import player_rules
from ..core import actions as A
from ..core.decisions import (
    AttackersDecision,
    BlockerOrderDecision,
    BlockersDecision,
    DamageAssignmentDecision,
    Decision,
    YesNoDecision,
)
from ..core.objects import CantBlockThis, Characteristics, Obj, StackItem
from ..core.refs import name_of
from ..core.state import GameState
from .attack_costs import attack_cost_problem, pay_attack_cost, taxed
from .flow import max_flow

Declaration = TypeVar("Declaration", A.DeclareAttackers, A.DeclareBlockers)
Gen = Generator[Decision, Any, Any]
LANDWALK = {ir.Keyword.PLAINSWALK: "Plains", ir.Keyword.ISLANDWALK: "Island", ir.Keyword.SWAMPWALK: "Swamp",
            ir.Keyword.MOUNTAINWALK: "Mountain", ir.Keyword.FORESTWALK: "Forest"}



def can_attack(state: GameState, o: Obj) -> str | None:
    """None if `o` can attack now, else why not."""
    ch = chars(state, o)
    if not ch.is_type("Creature"):
        return "it is not a creature"
    if o.controller != state.active:
        return "you don't control it"
    if o.tapped:
        return "it is tapped"
    if is_summoning_sick(state, o):
        return "it has summoning sickness (no haste)"
    if ir.Keyword.DEFENDER in ch.keywords:
        return "it has defender"
    if ir.Restriction.CANT_ATTACK in ch.restrictions or ir.Restriction.CANT_ATTACK_OR_BLOCK in ch.restrictions:
        return "it can't attack"
    if ir.PlayerRule.CANT_ATTACK_WITH_CREATURES in player_rules(state, o.controller):  # Angelic Arbiter
        return "its controller can't attack with creatures this turn"
    return None


def attack_defenders(state: GameState) -> list[Any]:
    out: list[Any] = []
    for name in state.opponents(state.active):
        out.append(name)
        out += [o.id for o in state.permanents(name) if chars(state, o).is_type("Planeswalker")]
    return out


def can_block(state: GameState, b: Obj, attacker: Obj | None = None) -> str | None:
    """Why `b` can't block (`attacker`, if given), or None if it can (509.1a-b / 309.2a-b); the
    checks in `_BLOCK_CHECKS` are asked in order, the first reason found is the answer."""
    ch = chars(state, b)
    reason = _cant_block_at_all(b, ch)
    if reason is not None or attacker is None:
        return reason
    ach = chars(state, attacker)
    for check in _BLOCK_CHECKS:
        reason = check(state, b, ch, attacker, ach)
        if reason is not None:
            return reason
    return None


def _cant_block_at_all(b: Obj, ch: Characteristics) -> str | None:
    """Only an untapped creature that isn't forbidden to block can block."""
    if not ch.is_type("Creature"):
        return "it is not a creature"
    if b.tapped:
        return "it is tapped"
    if ir.Restriction.CANT_BLOCK in ch.restrictions or ir.Restriction.CANT_ATTACK_OR_BLOCK in ch.restrictions:
        return "it can't block"
    return None


BlockCheck = Callable[[GameState, Obj, Characteristics, Obj, Characteristics], str | None]


def _not_attacking(state: GameState, b: Obj, ch: Characteristics, attacker: Obj, ach: Characteristics) -> str | None:
    return f"{attacker.name} is not attacking" if attacker.attacking is None else None


def _cant_block_this_one(state: GameState, b: Obj, ch: Characteristics, attacker: Obj,
                         ach: Characteristics) -> str | None:
    """"can't block Duct Crawler this turn"."""
    return f"it can't block {attacker.name} this turn" if CantBlockThis(attacker.id) in ch.restrictions else None


def _blocks_only_as_attacker_sees(state: GameState, b: Obj, ch: Characteristics, attacker: Obj,
                                  ach: Characteristics) -> str | None:
    """"~ can block only creatures with flying", the attacker judged for its controller."""
    for r in ch.restrictions:
        if isinstance(r, ir.BlocksOnly) and not matches(state, r.test, attacker, ach, attacker.controller, b):
            return f"it can block only {r.text}"
    return None


def _evaded(state: GameState, b: Obj, ch: Characteristics, attacker: Obj, ach: Characteristics) -> str | None:
    """The attacker's evasion keywords: flying, landwalk, fear, intimidate."""
    if ir.Keyword.FLYING in ach.keywords and not ({ir.Keyword.FLYING, ir.Keyword.REACH} & ch.keywords):
        return f"{attacker.name} has flying"
    for kw, land in LANDWALK.items():
        if kw in ach.keywords and any(land in chars(state, p).subtypes for p in state.permanents(b.controller)):
            return f"{attacker.name} has {kw}"
    if ir.Keyword.FEAR in ach.keywords and not (ch.is_type("Artifact") or "B" in ch.colors):
        return f"{attacker.name} has fear"
    if ir.Keyword.INTIMIDATE in ach.keywords and not (ch.is_type("Artifact") or ch.colors & ach.colors):
        return f"{attacker.name} has intimidate"
    return None


def _attacker_unblockable_by(state: GameState, b: Obj, ch: Characteristics, attacker: Obj,
                             ach: Characteristics) -> str | None:
    """The attacker's own restrictions: "can't be blocked", "... except by ...", "... by ..."."""
    if ir.Restriction.UNBLOCKABLE in ach.restrictions:
        return f"{attacker.name} can't be blocked"
    for r in ach.restrictions:
        if isinstance(r, ir.BlockedOnlyBy) and not matches(state, r.test, b, ch, b.controller, attacker):
            return f"{attacker.name} can't be blocked except by {r.text}"
        if isinstance(r, ir.NotBlockedBy) and matches(state, r.test, b, ch, b.controller, attacker):
            return f"{attacker.name} can't be blocked by {r.text}"
    return None


def _blocks_only_as_blocker_sees(state: GameState, b: Obj, ch: Characteristics, attacker: Obj,
                                 ach: Characteristics) -> str | None:
    """The blocker's own: "can block only creatures with flying", judged for the blocker's controller."""
    for r in ch.restrictions:
        if isinstance(r, ir.BlocksOnly) and not matches(state, r.test, attacker, ach, b.controller, b):
            return f"it can block only {r.text}"
    return None


def _protected(state: GameState, b: Obj, ch: Characteristics, attacker: Obj, ach: Characteristics) -> str | None:
    return f"{attacker.name} has protection from it" if protected_from(state, attacker, b) else None


_BLOCK_CHECKS: tuple[BlockCheck, ...] = (
    _not_attacking, _cant_block_this_one, _blocks_only_as_attacker_sees, _evaded, _attacker_unblockable_by,
    _blocks_only_as_blocker_sees, _protected,
)


def max_blocks(state: GameState, b: Obj) -> int:
    """How many attackers `b` may block (509.1a; "can block any number of creatures")."""
    r = chars(state, b).restrictions
    if ir.Restriction.BLOCK_ANY_NUMBER in r:
        return 1_000_000
    return 2 if ir.Restriction.BLOCK_ADDITIONAL in r else 1


def attacking_creatures(state: GameState) -> list[Obj]:
    return [state.objects[i] for i in state.battlefield if state.objects[i].attacking is not None]


def blockers_of(state: GameState, attacker: Obj) -> list[Obj]:
    ids = attacker.blockers_order or [i for i in state.battlefield if attacker.id in state.objects[i].blocking]
    return [state.objects[i] for i in ids if i in state.objects and attacker.id in state.objects[i].blocking]


def blocked_by(state: GameState, blocker: Obj) -> list[Obj]:
    """The attackers `blocker` blocks, in its damage assignment order."""
    return [state.objects[i] for i in blocker.blocking
            if i in state.objects and state.objects[i].attacking is not None]


def in_combat(state: GameState) -> list[Obj]:
    return [state.objects[i] for i in state.battlefield
            if state.objects[i].attacking is not None or state.objects[i].blocking]


def first_strike_in_combat(state: GameState) -> bool:
    return any({ir.Keyword.FIRST_STRIKE, ir.Keyword.DOUBLE_STRIKE} & chars(state, o).keywords for o in in_combat(state))


# ------------------------------------------------------------ declare attackers

def declare_attackers_step(state: GameState) -> Gen:
    state.dealt_first_strike = set()
    state.attackers_declared = False
    able = [o.id for o in state.permanents(state.active) if can_attack(state, o) is None]
    if not able:
        state.log_event(f"{state.active} has no creature able to attack", "declare_attackers")
        return
    defenders = attack_defenders(state)
    required_to = attack_requirements_to(state, able, defenders)
    required = [i for i in able if ir.Restriction.MUST_ATTACK in chars(state, state.objects[i]).restrictions
                or any(aid == i for aid, _ in required_to)]
    d = AttackersDecision(state.active, "declare attackers (or none)", able=tuple(able),
                          defenders=tuple(defenders), required=tuple(required), required_to=required_to)
    forced = None
    if required or any(_cant_attack_alone(state, state.objects[i]) for i in able):
        # requirements and restrictions may leave one legal declaration: no real choice (508.1d)
        forced = only_declaration(attack_declarations(d), lambda a: check_attackers(state, d, a))
    if forced is not None:
        ans = forced
    else:
        ans, _ = yield d
    if not ans.attacks:
        state.log_event(f"{state.active} declares no attackers", "declare_attackers")
        return
    state.attackers_declared = True
    pay_attack_cost(state, state.active, dict(ans.attacks))
    state.attacked_this_turn += [aid for aid, _ in ans.attacks]
    for aid, defender in ans.attacks:
        o = state.objects[aid]
        o.attacking = defender
        if ir.Keyword.VIGILANCE not in chars(state, o).keywords:
            tap_permanent(state, o)
        state.log_event(f"{o.name} attacks {name_of(state, defender)}", "declare_attackers", player=state.active)
    for aid, defender in ans.attacks:
        emit(state, "attacks", {"attacker": aid, "defender": defender,
                                "defending_player": defending_player(state, defender)})


def defending_player(state: GameState, defender: Any) -> str:
    """The player an attacker attacks, or the controller of the planeswalker it attacks (506.2 / 306.2),
    also once that planeswalker has left the battlefield (its last known information, 506.4)."""
    if isinstance(defender, int):
        pw = state.objects.get(defender) or state.lki.get(defender)
        if pw is not None:
            return pw.controller
    return str(defender)


def attack_requirements_to(state: GameState, able: list[int], defenders: list[Any]) -> tuple[tuple[int, Any], ...]:
    """Requirements from resolved effects that name whom a creature attacks ("Target creature
    an opponent controls attacks you this turn if able"): (creature, defender) for each able
    creature whose defender can be attacked (508.1d / 500.2)."""
    return tuple((i, e.must_attack) for e in state.effects if e.must_attack and e.must_attack in defenders
                 for i in able if i in e.affected) \
        + tuple((i, whom) for p, whom in state.turn_requirements if p == state.active and whom in defenders
                for i in able)  # Gideon Jura's +2


def attack_declarations(d: AttackersDecision) -> Iterator[A.DeclareAttackers]:
    """Every declaration of the right shape (legal or not): each able creature attacks one
    of the defenders or doesn't attack."""
    for plan in itertools.product((None, *d.defenders), repeat=len(d.able)):
        yield A.DeclareAttackers(d.player, tuple((a, t) for a, t in zip(d.able, plan, strict=True) if t is not None))


def only_declaration(declarations: Iterable[Declaration], check: Callable[[Declaration], None],
                     limit: int = 4096) -> Declaration | None:
    """The one legal declaration among `declarations`, or None when there are several (or
    too many to look through): the engine makes a forced declaration without asking."""
    found: Declaration | None = None
    for candidate in itertools.islice(declarations, limit):
        try:
            check(candidate)
        except A.IllegalAction:
            continue
        if found is not None:
            return None
        found = candidate
    return found


def _cant_attack_alone(state: GameState, o: Obj) -> bool:
    restrictions = chars(state, o).restrictions
    return ir.Restriction.CANT_ATTACK_ALONE in restrictions or ir.Restriction.CANT_ATTACK_OR_BLOCK_ALONE in restrictions


def attack_problem(state: GameState, attacks: dict[int, Any]) -> str | None:
    """Why a set of attackers breaks a restriction ("can't attack alone"), or None."""
    if len(attacks) == 1:
        (aid,) = attacks
        if _cant_attack_alone(state, state.objects[aid]):
            return f"{state.objects[aid].name} can't attack alone"
    return None


def check_attackers(state: GameState, d: AttackersDecision, a: A.DeclareAttackers) -> None:
    seen: set[int] = set()
    rule = state.rules.cite("declare_attackers")
    for aid, defender in a.attacks:
        o = state.objects.get(aid)
        if o is None or o.zone != "battlefield":
            raise A.IllegalAction("only creatures on the battlefield can attack", rule)
        if aid in seen:
            raise A.IllegalAction(f"{o.name} is declared twice", rule)
        seen.add(aid)
        why = can_attack(state, o)
        if why:
            concept = "summoning_sickness" if "sickness" in why else "defender" if "defender" in why \
                else "declare_attackers"
            raise A.IllegalAction(f"{o.name} can't attack: {why}", state.rules.cite(concept))
        if defender not in d.defenders:
            raise A.IllegalAction(f"{name_of(state, defender)} can't be attacked", rule)
    attacks = dict(a.attacks)
    problem = attack_problem(state, attacks)
    if problem:
        raise A.IllegalAction(problem, state.rules.cite("attack_restriction"))
    unpaid = attack_cost_problem(state, a.player, attacks)  # Windborn Muse (508.1g / 308.2d)
    if unpaid is not None:
        raise unpaid
    # requirements: as many as possible are obeyed without breaking a restriction (508.1d)
    for aid, whom in d.required_to:  # a cost to attack is never required to be paid (508.1d / 500.2)
        if attacks.get(aid) != whom and attack_problem(state, {**attacks, aid: whom}) is None \
                and not taxed(state, aid, whom):
            raise A.IllegalAction(f"{state.objects[aid].name} attacks {name_of(state, whom)} this turn if able",
                                  state.rules.cite("attack_requirement"))
    for aid in d.required:
        if aid not in attacks and attack_problem(state, {**attacks, aid: d.defenders[0]}) is None \
                and not any(taxed(state, aid, x) for x in d.defenders[:1]):
            raise A.IllegalAction(f"{state.objects[aid].name} attacks each combat if able",
                                  state.rules.cite("attack_requirement"))


# ------------------------------------------------------------ declare blockers

def declare_blockers_step(state: GameState) -> Gen:
    attackers = attacking_creatures(state)
    defender = state.nonactive
    able = [b.id for b in creatures(state, defender)
            if can_block(state, b) is None and any(can_block(state, b, a) is None for a in attackers)]
    if able and not state.player(defender).goldfish:
        d = BlockersDecision(defender, "declare blockers (or none)", able=tuple(able),
                             attackers=tuple(a.id for a in attackers))
        ans = yield from _blockers_declared(state, d, attackers, able)
        _record_blocks(state, defender, ans)
    if not state.rules.damage_assignment_order:
        return
    yield from _order_blockers(state, attackers)
    yield from _order_blocked(state, defender)


def _blockers_declared(state: GameState, d: BlockersDecision, attackers: list[Obj], able: list[int]) -> Gen:
    """The defending player's declaration, or the only legal one when requirements and
    restrictions leave no real choice (509.1c)."""
    forced = None
    if (any(ir.Restriction.LURE in chars(state, a).restrictions for a in attackers)
            or any(_cant_block_alone(state, state.objects[b]) for b in able)):
        forced = only_declaration(block_declarations(state, d), lambda a: check_blockers(state, d, a))
    if forced is not None:
        return forced
    ans, _ = yield d
    return ans


def _record_blocks(state: GameState, defender: str, ans: A.DeclareBlockers) -> None:
    """The blocks declared: each blocker blocking, each attacker blocked, logged, then the
    "blocks" events and one "becomes blocked" event for each blocked attacker (509.1h / 309.2f)."""
    for bid, aid in ans.blocks:
        b, att = state.objects[bid], state.objects[aid]
        b.blocking.append(aid)
        att.blocked = True
        state.log_event(f"{b.name} blocks {att.name}", "declare_blockers", player=defender)
    if not ans.blocks:
        state.log_event(f"{defender} declares no blockers", "declare_blockers", player=defender)
    for bid, aid in ans.blocks:
        emit(state, "blocks", {"blocker": bid, "attacker": aid})
    for aid in dict.fromkeys(aid for _, aid in ans.blocks):  # each blocked attacker once
        emit(state, "becomes_blocked", {"attacker": aid,
                                        "blockers": [bid for bid, a in ans.blocks if a == aid]})


def _order_blockers(state: GameState, attackers: list[Obj]) -> Gen:
    """509.2: the attacking player orders the blockers of each multiply-blocked attacker."""
    for att in attackers:
        blockers = blockers_of(state, att)
        if len(blockers) > 1:
            ans, _ = yield BlockerOrderDecision(
                state.active, f"order the creatures blocking {att.name} for damage assignment",
                items=tuple(b.id for b in blockers), attacker=att.id)
            att.blockers_order = list(ans.items)
            state.log_event(f"damage assignment order for {att.name}: "
                      + ", ".join(name_of(state, i) for i in ans.items), "damage_order")


def _order_blocked(state: GameState, defender: str) -> Gen:
    """509.3: the defending player orders the attackers of each blocker blocking several."""
    for b in creatures(state, defender):
        if len(b.blocking) > 1:
            ans, _ = yield BlockerOrderDecision(
                defender, f"order the creatures {b.name} blocks for damage assignment", items=tuple(b.blocking),
                blocker=b.id)
            b.blocking = list(ans.items)
            state.log_event(f"damage assignment order for {b.name}: "
                      + ", ".join(name_of(state, i) for i in ans.items), "damage_order_blocker")


def check_blockers(state: GameState, d: BlockersDecision, a: A.DeclareBlockers) -> None:
    """Is the declaration legal (509.1a-c / 309.2a-c)?  Each block in turn, then what each
    blocked attacker allows, then blocking alone, then the requirements."""
    count: dict[int, int] = {}
    per_attacker: dict[int, int] = {}
    pairs: set[tuple[int, int]] = set()
    for bid, aid in a.blocks:
        _check_block(state, d, bid, aid, pairs)
        pairs.add((bid, aid))
        count[bid] = count.get(bid, 0) + 1
        per_attacker[aid] = per_attacker.get(aid, 0) + 1
        _check_block_limit(state, state.objects[bid], count[bid])
        _check_can_block(state, state.objects[bid], state.objects[aid])
    for aid, n in per_attacker.items():
        _check_blocked_by(state, state.objects[aid], n)
    if len(count) == 1:
        (bid,) = count
        if _cant_block_alone(state, state.objects[bid]):
            raise A.IllegalAction(f"{state.objects[bid].name} can't block alone",
                                  state.rules.cite("block_restriction"))
    _check_block_requirements(state, d, pairs)


def _check_block(state: GameState, d: BlockersDecision, bid: int, aid: int, pairs: set[tuple[int, int]]) -> None:
    """One block's shape: a creature of the defending player's blocking an attacker, once."""
    rule = state.rules.cite("declare_blockers")
    b = state.objects.get(bid)
    att = state.objects.get(aid)
    if b is None or b.zone != "battlefield" or b.controller != d.player:
        raise A.IllegalAction("blockers must be creatures you control", rule)
    if att is None or att.attacking is None:
        raise A.IllegalAction("that creature is not attacking", rule)
    if (bid, aid) in pairs:
        raise A.IllegalAction(f"{b.name} is declared blocking {att.name} twice", rule)


def _check_block_limit(state: GameState, b: Obj, blocks: int) -> None:
    """A creature blocks one attacker unless it can block more (509.1a / 309.2a)."""
    if blocks > max_blocks(state, b):
        n = max_blocks(state, b)
        raise A.IllegalAction(f"{b.name} can block only {n} creature{'s' if n > 1 else ''}",
                              state.rules.cite("block_restriction"))


def _check_can_block(state: GameState, b: Obj, att: Obj) -> None:
    """The restrictions on this blocker blocking this attacker (flying, landwalk, protection, ...)."""
    why = can_block(state, b) or can_block(state, b, att)
    if why:
        concept = "flying" if "flying" in why else "landwalk" if "walk" in why \
            else "protection_block" if "protection" in why else "block_restriction"
        raise A.IllegalAction(f"{b.name} can't block {att.name}: {why}", state.rules.cite(concept))


def _check_blocked_by(state: GameState, att: Obj, n: int) -> None:
    """How many creatures may block this attacker: menace, "can't be blocked by more than ..."."""
    if n == 1 and ir.Keyword.MENACE in chars(state, att).keywords:
        raise A.IllegalAction(f"{att.name} has menace: it can't be blocked except by two or "
                              "more creatures", state.rules.cite("block_restriction"))
    for r in chars(state, att).restrictions:
        if isinstance(r, ir.MaxBlockers) and n > r.n:
            raise A.IllegalAction(f"{att.name} can't be blocked by {r.text}",
                                  state.rules.cite("block_restriction"))


def _check_block_requirements(state: GameState, d: BlockersDecision, pairs: set[tuple[int, int]]) -> None:
    """Requirements ("all creatures able to block it do so"): the declaration must obey as
    many as possible without breaking a restriction (509.1c / 500.3)."""
    most, _ = most_block_requirements(state, list(d.able))
    obeyed = sum(1 for bid, aid in pairs if ir.Restriction.LURE in chars(state, state.objects[aid]).restrictions)
    if obeyed < most:
        raise A.IllegalAction(
            f"blocks must obey as many requirements as possible: {most} blocks of creatures that all "
            f"creatures able to block must block are possible, this declaration has {obeyed}",
            state.rules.cite("block_requirement"))


def block_declarations(state: GameState, d: BlockersDecision) -> Iterator[A.DeclareBlockers]:
    """Every declaration of the right shape (legal or not): each able creature blocks as
    many of the attackers it could block as its limit allows, or none."""
    per_blocker = []
    for b in d.able:
        bo = state.objects[b]
        can = [a for a in d.attackers if can_block(state, bo, state.objects[a]) is None]
        most = min(len(can), max_blocks(state, bo))
        per_blocker.append([c for k in range(most + 1) for c in itertools.combinations(can, k)])
    for choice in itertools.product(*per_blocker):
        yield A.DeclareBlockers(d.player, tuple((b, a) for b, attacked in zip(d.able, choice, strict=True)
                                                for a in attacked))


def most_block_requirements(state: GameState, able: list[int]) -> tuple[int, list[tuple[int, int]]]:
    """The largest number of "must be blocked by all able creatures" requirements that can be
    obeyed at once, and blocks that obey them: a matching in which each blocker blocks at
    most `max_blocks` creatures and each attacker takes at most its blocker limit."""
    lures = [a for a in attacking_creatures(state) if ir.Restriction.LURE in chars(state, a).restrictions]
    if not lures:
        return 0, []

    def limit(att: Obj) -> int:
        caps = [r.n for r in chars(state, att).restrictions if isinstance(r, ir.MaxBlockers)]
        return min(caps) if caps else len(able)

    # flow network: source -> blocker (its block limit) -> attacker (1) -> sink (its limit)
    cap: dict[tuple[Any, Any], int] = {}
    for b in able:
        cap[("s", b)] = max_blocks(state, state.objects[b])
        for a in lures:
            if can_block(state, state.objects[b], a) is None:
                cap[(b, ("a", a.id))] = 1
    for a in lures:
        cap[(("a", a.id), "t")] = limit(a)
    flow = max_flow(cap, "s", "t")
    pairs = sorted((u, v[1]) for (u, v), f in flow.items() if f > 0 and isinstance(v, tuple) and v[0] == "a")
    blockers = {b for b, _ in pairs}
    if len(blockers) == 1 and _cant_block_alone(state, state.objects[min(blockers)]):
        # the requirements would have one creature block alone, which it can't (a restriction
        # wins over a requirement, 509.1c / 500.3): another creature blocking anything keeps
        # them obeyed; without one, they are obeyed without that creature
        (alone,) = blockers
        for other in able:
            if other != alone:
                extra = next((a.id for a in attacking_creatures(state)
                              if can_block(state, state.objects[other], a) is None
                              and (other, a.id) not in pairs), None)
                if extra is not None:
                    return len(pairs), sorted([*pairs, (other, extra)])
        return most_block_requirements(state, [b for b in able if b != alone])
    return len(pairs), pairs


def _cant_block_alone(state: GameState, o: Obj) -> bool:
    restrictions = chars(state, o).restrictions
    return ir.Restriction.CANT_BLOCK_ALONE in restrictions or ir.Restriction.CANT_ATTACK_OR_BLOCK_ALONE in restrictions


# ------------------------------------------------------------ combat damage

def _deals_damage_now(state: GameState, o: Obj, first: bool) -> bool:
    kws = chars(state, o).keywords
    if first:
        return bool({ir.Keyword.FIRST_STRIKE, ir.Keyword.DOUBLE_STRIKE} & kws)
    return o.id not in state.dealt_first_strike or ir.Keyword.DOUBLE_STRIKE in kws


def combat_damage_step(state: GameState, first: bool) -> Gen:
    if first:
        state.log_event("first-strike combat damage step: only creatures with first strike or double strike "
                  "deal combat damage now", "first_strike_step")
    assignments: list[tuple[Obj, Any, int]] = []
    attackers = attacking_creatures(state)
    # 510.1a-c: each attacking creature assigns its damage (the attacking player chooses); the
    # assignments are simultaneous, so those that others' lethal damage can count are made first
    for att in _in_assignment_order(state, attackers):
        if _deals_damage_now(state, att, first):
            yield from _attacker_assigns(state, att, assignments)
    blockers = [b for b in creatures(state, state.nonactive) if b.blocking]
    yield from _blockers_assign(state, blockers, first, assignments)
    position = {o.id: i for i, o in enumerate([*attackers, *blockers])}
    assignments.sort(key=lambda a: position[a[0].id])  # dealt in the usual order
    _log_strikers(state, assignments, first)
    if first:
        state.dealt_first_strike = {o.id for o, _, _ in assignments}
        state.dealt_first_strike |= {o.id for o in in_combat(state)
                                     if {ir.Keyword.FIRST_STRIKE, ir.Keyword.DOUBLE_STRIKE} & chars(state, o).keywords}
    if not assignments:
        return
    if state.rules.combat_damage_uses_stack:
        _combat_damage_on_the_stack(state, assignments)
        return
    yield from _deal_all_combat_damage(state, [(o, r, n) for o, r, n in assignments])


def _blockers_assign(state: GameState, blockers: list[Obj], first: bool,
                     assignments: list[tuple[Obj, Any, int]]) -> Gen:
    """510.1d: each blocking creature dealing damage now assigns it (the defending player
    chooses), those blocking one creature (all its damage to it) before those dividing theirs."""
    for b in sorted(blockers, key=lambda b: len(blocked_by(state, b)) > 1):
        if not _deals_damage_now(state, b, first):
            continue
        power = chars(state, b).power or 0
        targets = [att.id for att in blocked_by(state, b)]
        if power > 0 and targets:
            yield from _assign(state, b, targets, power, False, b.controller, assignments)


def _log_strikers(state: GameState, assignments: list[tuple[Obj, Any, int]], first: bool) -> None:
    """Says which creatures deal damage in this step for their double strike or first strike."""
    for o in {o.id: o for o, _, _ in assignments}.values():
        kws = chars(state, o).keywords
        if ir.Keyword.DOUBLE_STRIKE in kws:
            state.log_event(f"{o.name} has double strike: it deals combat damage in "
                      + ("the first-strike" if first else "the second") + " combat damage step", "double_strike")
        elif first and ir.Keyword.FIRST_STRIKE in kws:
            state.log_event(f"{o.name} has first strike: it deals combat damage before creatures without it",
                      "first_strike")


def _combat_damage_on_the_stack(state: GameState, assignments: list[tuple[Obj, Any, int]]) -> None:
    """2009 310.1: the assignment goes on the stack as one object; players get priority."""
    item = StackItem(state.new_id(), "combat_damage", state.active, 0, "combat damage",
                     data={"assignments": [(o.id, o, r, n) for o, r, n in assignments]})
    state.stack.append(item)
    state.log_event("combat damage is assigned and put on the stack: "
              + "; ".join(f"{o.name} {n} to {name_of(state, r)}" for o, r, n in assignments),
              "combat_damage_stack")


def _in_assignment_order(state: GameState, attackers: list[Obj]) -> list[Obj]:
    """The attackers in the order their damage assignments are made: combat damage is assigned
    simultaneously and lethal damage counts what the others assign to the same creature
    (510.1c-d / 502.9b, 502.9e), so those whose assignment can't use the others' go first
    (a creature blocked by one creature assigns all its damage to it), then those dividing
    their damage among several blockers, then those with trample, which see all of these."""
    def rank(att: Obj) -> int:
        if ir.Keyword.TRAMPLE in chars(state, att).keywords:
            return 2
        return 1 if len(blockers_of(state, att)) > 1 else 0
    return sorted(attackers, key=rank)


def _attacker_assigns(state: GameState, att: Obj, assignments: list[tuple[Obj, Any, int]]) -> Gen:
    """One attacking creature's combat damage assignment, added to `assignments` (510.1a-c /
    310.2): to the player or planeswalker it attacks if unblocked, else among its blockers."""
    power = chars(state, att).power or 0
    if power <= 0:
        return
    if not att.blocked:
        if isinstance(att.attacking, int) and att.attacking not in state.objects:
            # 506.4c / 306.4c: the planeswalker it attacked has left; it attacks nothing now
            state.log_event(f"{att.name} is attacking nothing (the planeswalker it attacked is gone): "
                      "it assigns no combat damage", "assign_unblocked")
            return
        assignments.append((att, att.attacking, power))
        return
    if (yield from _as_though_unblocked(state, att)):  # Rhox
        assignments.append((att, att.attacking, power))
        return
    trample = ir.Keyword.TRAMPLE in chars(state, att).keywords
    targets = [b.id for b in blockers_of(state, att)]
    if not targets:
        # 509.1h / 309.2f: it stays blocked; it assigns no damage, unless it has trample
        # (702.19c / 502.9c: then all of it goes to the player or planeswalker)
        if trample:
            assignments.append((att, att.attacking, power))
            state.log_event(f"{att.name} is blocked but no creature blocks it now: with trample it assigns "
                      f"all its damage to {name_of(state, att.attacking)}", "trample_no_blockers")
        else:
            state.log_event(f"{att.name} is blocked but no creature blocks it now: it assigns no combat damage",
                      "assign_blocked")
        return
    recipients = targets + ([att.attacking] if trample else [])
    before = len(assignments)
    yield from _assign(state, att, recipients, power, trample, state.active, assignments)
    over = sum(n for _, r, n in assignments[before:] if r == att.attacking)
    if trample and over:
        state.log_event(f"{att.name} has trample: lethal damage is assigned to its blockers and {over} "
                  f"to {name_of(state, att.attacking)}", "trample")


def _as_though_unblocked(state: GameState, att: Obj) -> Gen:
    """"You may have ~ assign its combat damage as though it weren't blocked" (Rhox): its
    controller chooses, as it assigns, to give all its damage to the player or planeswalker
    it attacks (2014 510.1c / 2009 310.2e).  Returns whether they did."""
    if ir.Restriction.ASSIGN_AS_THOUGH_UNBLOCKED not in chars(state, att).restrictions:
        return False
    if isinstance(att.attacking, int) and att.attacking not in state.objects:
        return False  # the planeswalker it attacked is gone: it attacks nothing (506.4c / 306.4c)
    ans, _ = yield YesNoDecision(att.controller, f"have {att.name} assign its combat damage as though it weren't "
                                                 f"blocked (all of it to {name_of(state, att.attacking)})?")
    if ans.yes:
        state.log_event(f"{att.name} assigns its combat damage as though it weren't blocked", "as_though_unblocked")
    return bool(ans.yes)


def _assign(state: GameState, source: Obj, recipients: list[Any], power: int, trample: bool, chooser: str,
            out: list[tuple[Obj, Any, int]]) -> Gen:
    """One creature's damage assignment: made for the player when only one is legal.  Damage
    the creatures before it assigned to the same recipients counts toward lethal (510.1c)."""
    already: dict[int, int] = {}
    for _, r, n in out:
        if isinstance(r, int) and r in recipients:
            already[r] = already.get(r, 0) + n
    only = _only_assignment(state, source, recipients, power, trample, already)
    if only is not None:
        out += [(source, r, n) for n, r in only if n]
        return
    ans, _ = yield DamageAssignmentDecision(chooser, f"assign {source.name}'s {power} combat damage",
                                           source=source.id, amount=power, recipients=tuple(recipients),
                                           trample=trample, already=tuple(sorted(already.items())))
    out += [(source, r, n) for n, r in ans.assignments if n]


def _only_assignment(state: GameState, source: Obj, recipients: list[Any], power: int,
                     trample: bool, already: dict[int, int]) -> list[tuple[int, Any]] | None:
    """The single legal assignment, or None when the player has a choice."""
    if len(recipients) == 1:
        return [(power, recipients[0])]
    creatures = recipients[:-1] if trample else recipients

    def lethal(c: int) -> int:
        return lethal_damage(state, state.objects[c], source, already.get(c, 0))
    no_excess = trample and power <= sum(lethal(c) for c in creatures)
    if no_excess and len(creatures) == 1:  # no damage can be left over for the player: as if it had no trample
        return [(power, creatures[0])]
    if state.rules.damage_assignment_order and power <= lethal(creatures[0]):
        return [(power, creatures[0])]
    return None


def check_assign(state: GameState, d: DamageAssignmentDecision, a: A.Assign) -> None:
    amount = d.amount
    recipients = list(d.recipients)
    src = state.objects[d.source]
    rule = state.rules.cite("combat_damage")
    total = 0
    given: dict[Any, int] = {}
    for n, r in a.assignments:
        if r not in recipients:
            raise A.IllegalAction(f"{name_of(state, r)} can't be assigned {src.name}'s damage", rule)
        if n < 0:
            raise A.IllegalAction("damage can't be negative", rule)
        given[r] = given.get(r, 0) + n
        total += n
    if total != amount:
        raise A.IllegalAction(f"{src.name} must assign exactly {amount} damage (assigned {total})", rule)
    trample = d.trample
    creatures = recipients[:-1] if trample else recipients
    player = recipients[-1:] if trample else []
    if state.rules.damage_assignment_order:
        # 510.1c: lethal damage to each creature in order before any to the next
        for i, c in enumerate(creatures[:-1]):
            later = sum(given.get(x, 0) for x in creatures[i + 1:]) + sum(given.get(x, 0) for x in player)
            if later and given.get(c, 0) < lethal_damage(state, state.objects[c], src, d.assigned(c)):
                raise A.IllegalAction(
                    f"{name_of(state, c)} must be assigned lethal damage before damage goes further "
                    "in the damage assignment order", state.rules.cite("assign_in_order"))
    if player and given.get(player[0], 0):
        for c in creatures:
            if given.get(c, 0) < lethal_damage(state, state.objects[c], src, d.assigned(c)):
                raise A.IllegalAction(
                    f"trample: every blocker must be assigned lethal damage before the rest goes to "
                    f"{name_of(state, player[0])}", state.rules.cite("trample"))


def resolve_combat_damage(state: GameState, item: StackItem) -> Gen:
    """2009 310.4: dealt as assigned, even by creatures that have left play."""
    state.log_event("combat damage resolves", "combat_damage")
    deals = []
    for sid, lki, r, n in item.data["assignments"]:
        src = state.objects.get(sid) or lki
        deals.append((src, r, n))
    yield from _deal_all_combat_damage(state, deals)


def _deal_all_combat_damage(state: GameState, deals: list[tuple[Obj, Any, int]]) -> Gen:
    # damage assigned to a creature that is gone is not dealt
    yield from deal_simultaneously(state, [(src, r, n) for src, r, n in deals
                                           if not (isinstance(r, int) and r not in state.objects)], combat=True)
    state.log_event("combat damage is dealt", "combat_damage")


def end_combat(state: GameState) -> None:
    """511.3 / 311.2: as the end of combat step ends, everything is removed from combat."""
    if any(o.attacking is not None or o.blocking for o in state.permanents()):
        state.log_event("combat ends: all creatures and planeswalkers are removed from combat", "end_of_combat")
    for o in state.permanents():
        o.leave_combat()
