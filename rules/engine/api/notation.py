"""Action notation: the text form of every action (see the project's scenario format).

    alice: cast Lightning Bolt targeting bob
    bob: block Grizzly Bears -> Centaur Courser
    alice: activate Prodigal Pyromancer targeting bob's Llanowar Elves#2

References: a player's name; a card's name; `bob's NAME` (by controller on the battlefield
and the stack, by owner elsewhere); `NAME#N` (the Nth card of that name the game created).
When a name fits several objects, the first one for which the action is legal is taken.

While a decision waits, the answers that read or write differently for its kind (a trigger
named by its label, `choose nothing`, a card cast for free from a library) are its home's
(`loop/kinds`); the words both read with are in `loop/kinds/words`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..combat.combat import can_attack, can_block
from ..continuous.abilities import activated_abilities, activated_ability
from ..continuous.other_zones import playable_elsewhere
from ..core import actions as A
from ..core.actions import NotationError
from ..core.refs import candidates, name_of, resolve_ref, split_refs
from ..core.state import GameState
from ..loop.kinds import home_of
from ..loop.kinds.words import (
    amount_parts,
    cards_in_hand,
    cast_of,
    clauses,
    division,
    modes,
    number,
    ordered_objects,
    paying,
    refs_for_specs,
)
from ..loop.stack import check_activate

__all__ = ["NotationError", "format_action", "parse_action"]


# ------------------------------------------------------------------ parsing
def parse_action(state: GameState, text: str, player: str | None = None) -> A.Action:
    """Parse `player: verb ...` (or `verb ...` with `player` given, or the deciding player)."""
    raw = text.strip()
    m = re.match(r"^([^:\s]+):\s*(.*)$", raw)
    if m and state.has_player(m.group(1)):
        player, body = m.group(1), m.group(2).strip()
    else:
        body = raw
        if player is None:
            player = state.decision.player if state.decision else None
    if not player or not state.has_player(player):
        raise NotationError(f"which player? write 'name: {body}'")
    verb, _, rest = body.partition(" ")
    verb = verb.lower()
    rest = rest.strip()
    parser = _PARSERS.get(verb)
    if parser is None:
        raise NotationError(f"unknown action {verb!r}; actions are: {', '.join(sorted(_PARSERS))}")
    d = state.decision
    answer = home_of(d).read(state, d, player, verb, rest) if d is not None else None  # its kind's reading
    return answer if answer is not None else parser(state, player, rest)


def _p_pass(state: GameState, player: str, rest: str) -> A.Action:
    return A.Pass(player)


def _p_keep(state: GameState, player: str, rest: str) -> A.Action:
    return A.Keep(player)


def _p_mulligan(state: GameState, player: str, rest: str) -> A.Action:
    return A.Mulligan(player)


def _p_concede(state: GameState, player: str, rest: str) -> A.Action:
    return A.Concede(player)


def _p_yes(state: GameState, player: str, rest: str) -> A.Action:
    return A.YesNo(player, True)


def _p_no(state: GameState, player: str, rest: str) -> A.Action:
    return A.YesNo(player, False)


def _p_play(state: GameState, player: str, rest: str) -> A.Action:
    ids = candidates(state, rest, ("hand",))
    ids = [i for i in ids if state.objects[i].owner == player] or ids
    if not ids:  # a land card in their graveyard they may play (Crucible of Worlds)
        ids = [i for i in candidates(state, rest, ("graveyard",)) if i in playable_elsewhere(state, player)]
    if not ids:
        raise NotationError(f"no {rest!r} in {player}'s hand")
    return A.PlayLand(player, ids[0])


def _p_cast(state: GameState, player: str, rest: str) -> A.Action:
    head, cl = clauses(rest)
    ids = candidates(state, head, ("hand",))
    ids = [i for i in ids if state.objects[i].owner == player] or ids
    if not ids:  # the creature card on top of their library they may cast (Garruk's Horde)
        ids = [i for i in candidates(state, head, ("library",)) if i in playable_elsewhere(state, player)]
    if not ids:
        raise NotationError(f"no {head!r} in {player}'s hand")
    return cast_of(state, player, ids[0], cl)


def _p_activate(state: GameState, player: str, rest: str) -> A.Action:
    head, cl = clauses(rest)
    color = None
    m = re.match(r"^(.*?)\s+for\s+(white|blue|black|red|green|[WUBRG])$", head, re.I)
    if m:
        head, color = m.group(1), m.group(2)
    found = candidates(state, head, ("battlefield",))
    mine = [i for i in found if state.objects[i].controller == player] or found
    if not mine:  # a card whose ability functions in its owner's graveyard (112.6k / 402.8h)
        grave = candidates(state, head, ("graveyard",))
        mine = [i for i in grave if state.objects[i].owner == player] or grave
    if not mine:
        raise NotationError(f"no permanent called {head!r} on the battlefield")
    index = number(cl["ability"], "ability") if "ability" in cl else 1
    refs = split_refs(cl["targeting"], state) if "targeting" in cl else []
    x = number(cl["x"], "x") if "x" in cl else None
    chosen_modes = modes(cl)
    pay = paying(state, player, cl)
    best = None
    for oid in mine:  # prefer one whose ability can be activated (untapped, not sick)
        o = state.objects[oid]
        abilities = activated_abilities(state, o)
        specs = activated_ability(state, o, index, chosen_modes).targets if 1 <= index <= len(abilities) else ()
        targets = refs_for_specs(state, specs, refs, player, o)
        action = A.Activate(player, oid, index, targets, x, pay, color, division(state, cl.get("divide"), targets),
                            chosen_modes)
        best = best or action
        try:
            check_activate(state, action)
            return action
        except A.IllegalAction:
            continue
    return best  # type: ignore[return-value]


def _p_attack(state: GameState, player: str, rest: str) -> A.Action:
    if rest.lower() == "none":
        return A.DeclareAttackers(player, ())
    attacks: list[tuple[int, Any]] = []
    default = state.opponents(player)[0] if state.opponents(player) else None
    for group in rest.split(";"):
        names, arrow, defender = group.partition("->")
        target: Any = default
        if arrow:
            target = resolve_ref(state, defender.strip(), ("battlefield",), player_ok=True)
        for ref in split_refs(names, state):
            cands = [i for i in candidates(state, ref, ("battlefield",)) if state.objects[i].controller == player]
            free = [i for i in cands if i not in [a for a, _ in attacks]]
            able = [i for i in free if can_attack(state, state.objects[i]) is None]
            pick = (able or free or cands or [None])[0]
            if pick is None:
                raise NotationError(f"{player} controls no {ref!r} to attack with")
            attacks.append((pick, target))
    return A.DeclareAttackers(player, tuple(attacks))


def _p_block(state: GameState, player: str, rest: str) -> A.Action:
    if rest.lower() == "none":
        return A.DeclareBlockers(player, ())
    blocks: list[tuple[int, int]] = []
    # pairs "B -> A", separated by commas; names may contain commas, so split on "->" first
    chunks = [c.strip() for c in rest.split("->")]
    pairs: list[tuple[str, str]] = []
    left = chunks[0]
    for chunk in chunks[1:-1]:
        refs = split_refs(chunk, state)
        if len(refs) < 2:
            raise NotationError("write blocks as 'BLOCKER -> ATTACKER, BLOCKER -> ATTACKER'")
        pairs.append((left, refs[0]))
        left = ", ".join(refs[1:])
    pairs.append((left, chunks[-1]))
    for b_ref, a_ref in pairs:
        if not a_ref or not b_ref:
            raise NotationError("write blocks as 'BLOCKER -> ATTACKER'")
        bs = [i for i in candidates(state, b_ref, ("battlefield",)) if state.objects[i].controller == player]
        bs = [i for i in bs if i not in [b for b, _ in blocks]] or bs
        attackers = [i for i in candidates(state, a_ref, ("battlefield",)) if state.objects[i].attacking is not None]
        if not bs:
            raise NotationError(f"{player} controls no {b_ref!r} to block with")
        if not attackers:
            raise NotationError(f"no attacking creature called {a_ref!r}")
        able = [b for b in bs if can_block(state, state.objects[b]) is None] or bs
        blocks.append((able[0], attackers[0]))
    return A.DeclareBlockers(player, tuple(blocks))


def _p_order(state: GameState, player: str, rest: str) -> A.Action:
    return A.Order(player, ordered_objects(state, rest, []))


def _p_assign(state: GameState, player: str, rest: str) -> A.Action:
    out: list[tuple[int, Any]] = []
    for part in amount_parts(rest):
        m = re.match(r"^(\d+)\s+to\s+(.+)$", part.strip())
        if not m:
            raise NotationError(f"write damage as 'N to NAME', not {part!r}")
        out.append((int(m.group(1)), resolve_ref(state, m.group(2), ("battlefield",), player_ok=True)))
    return A.Assign(player, tuple(out))


def _p_choose(state: GameState, player: str, rest: str) -> A.Action:
    return A.Choose(player, tuple(w.lower() for w in rest.split()))


def _p_target(state: GameState, player: str, rest: str) -> A.Action:
    head, cl = clauses(rest)
    refs = split_refs(head, state)
    targets = tuple(resolve_ref(state, r, ("battlefield", "stack", "graveyard"), player_ok=True) for r in refs)
    return A.ChooseTargets(player, targets, division(state, cl.get("divide"), targets))


def _p_discard(state: GameState, player: str, rest: str) -> A.Action:
    return A.Discard(player, cards_in_hand(state, player, rest, "discard"))


def _p_manual(state: GameState, player: str, rest: str) -> A.Action:
    """`manual move X to graveyard`, `manual life bob -3`, `manual counters X +1/+1 +2`,
    `manual tap X`, `manual untap X`, `manual token Craw Wurm`, `manual control X`."""
    what, _, rest = rest.strip().partition(" ")
    rest = rest.strip()
    zones = ("battlefield", "hand", "graveyard", "exile", "library", "stack")

    def obj(ref: str) -> Any:
        return resolve_ref(state, ref, zones=zones, controller=player)

    if what == "move":
        ref, sep, zone = rest.rpartition(" to ")
        if not sep:
            raise NotationError("write 'manual move CARD to ZONE' (hand, library, graveyard, exile, battlefield)")
        return A.Manual(player, "move", obj(ref), zone=zone.strip().lower())
    if what == "life":
        who, _, amount = rest.rpartition(" ")
        return A.Manual(player, "life", who.strip(), amount=number(amount, "life"))
    if what == "counters":
        head, _, amount = rest.rpartition(" ")
        ref, _, kind = head.rpartition(" ")
        return A.Manual(player, "counters", obj(ref), amount=number(amount, "counters"), kind=kind)
    if what in ("tap", "untap", "control"):
        return A.Manual(player, what, obj(rest))
    if what == "token":
        return A.Manual(player, "token", kind=rest)
    raise NotationError(f"unknown manual action {what!r}; they are: {', '.join(A.MANUAL_KINDS)}")


_PARSERS = {
    "pass": _p_pass, "play": _p_play, "cast": _p_cast, "activate": _p_activate, "attack": _p_attack,
    "block": _p_block, "order": _p_order, "assign": _p_assign, "choose": _p_choose, "yes": _p_yes,
    "no": _p_no, "target": _p_target, "discard": _p_discard, "keep": _p_keep, "mulligan": _p_mulligan,
    "concede": _p_concede, "manual": _p_manual,
}


# ------------------------------------------------------------------ writing
def format_action(state: GameState, a: A.Action) -> str:
    """The notation of an action, with references the parser reads back to the same objects."""
    if isinstance(a, A.Pass):
        return f"{a.player}: pass"
    d = state.decision
    text = home_of(d).write(state, d, a) if d is not None else None  # its kind's writing
    if text is not None:
        return text
    for kind, write in _WRITERS:
        if isinstance(a, kind):
            return write(state, a)
    raise TypeError(a)


def _w_play(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.PlayLand)
    return f"{a.player}: play {name_of(state, a.card)}"


def _w_cast_or_activate(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.Cast | A.Activate)

    def n(ref: Any) -> str:
        return name_of(state, ref)

    if isinstance(a, A.Cast):
        s = f"{a.player}: cast {n(a.card)}"
    else:
        s = f"{a.player}: activate {n(a.source)}" + (f" for {a.color}" if a.color else "")
        if a.index != 1:
            s += f" ability {a.index}"
    if a.targets:
        s += " targeting " + ", ".join(n(t) for t in a.targets)
    if a.division:
        s += " divide " + ", ".join(f"{k} to {n(t)}" for t, k in zip(a.targets, a.division, strict=False))
    if a.x is not None:
        s += f" x={a.x}"
    if a.modes:
        s += " mode=" + ",".join(map(str, a.modes))
    if a.paying is not None:
        s += " paying " + ", ".join(n(t) for t in a.paying)
    return s


def _w_manual(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.Manual)
    p = a.player
    match a.what:
        case "move":
            return f"{p}: manual move {name_of(state, a.subject)} to {a.zone}"
        case "life":
            return f"{p}: manual life {a.subject} {a.amount:+d}"
        case "counters":
            return f"{p}: manual counters {name_of(state, a.subject)} {a.kind} {a.amount:+d}"
        case "token":
            return f"{p}: manual token {a.kind}"
    return f"{p}: manual {a.what} {name_of(state, a.subject)}"


def _w_attack(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.DeclareAttackers)
    if not a.attacks:
        return f"{a.player}: attack none"
    return f"{a.player}: attack " + "; ".join(f"{name_of(state, x)} -> {name_of(state, d)}" for x, d in a.attacks)


def _w_block(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.DeclareBlockers)
    if not a.blocks:
        return f"{a.player}: block none"
    return f"{a.player}: block " + ", ".join(f"{name_of(state, b)} -> {name_of(state, x)}" for b, x in a.blocks)


def _w_order(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.Order)
    return f"{a.player}: order " + ", ".join(name_of(state, i) for i in a.items)


def _w_assign(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.Assign)
    return f"{a.player}: assign " + ", ".join(f"{k} to {name_of(state, r)}" for k, r in a.assignments)


def _w_choose(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.Choose)
    return f"{a.player}: choose " + ", ".join(name_of(state, w) if isinstance(w, int) else w for w in a.words)


def _w_yes_no(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.YesNo)
    return f"{a.player}: {'yes' if a.yes else 'no'}"


def _w_targets(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.ChooseTargets)
    s = f"{a.player}: target " + ", ".join(name_of(state, t) for t in a.targets)
    if a.division:
        s += " divide " + ", ".join(f"{k} to {name_of(state, t)}" for t, k in zip(a.targets, a.division, strict=False))
    return s


def _w_discard(state: GameState, a: A.Action) -> str:
    assert isinstance(a, A.Discard)
    return f"{a.player}: discard " + ", ".join(name_of(state, c) for c in a.cards)


def _w_verb(verb: str) -> Callable[[GameState, A.Action], str]:
    """The writer of an action that is its verb alone (`keep`)."""
    return lambda state, a: f"{a.player}: {verb}"


# each sort of action and its writer (an action kind's reading is `_PARSERS`)
_WRITERS: tuple[tuple[type[A.Action], Callable[[GameState, A.Action], str]], ...] = (
    (A.PlayLand, _w_play), (A.Cast, _w_cast_or_activate), (A.Activate, _w_cast_or_activate), (A.Manual, _w_manual),
    (A.DeclareAttackers, _w_attack), (A.DeclareBlockers, _w_block), (A.Order, _w_order), (A.Assign, _w_assign),
    (A.Choose, _w_choose), (A.YesNo, _w_yes_no), (A.ChooseTargets, _w_targets), (A.Discard, _w_discard),
    (A.Keep, _w_verb("keep")), (A.Mulligan, _w_verb("mulligan")), (A.Concede, _w_verb("concede")),
)
