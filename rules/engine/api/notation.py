"""Action notation: the text form of every action (see the project's scenario format).

    alice: cast Lightning Bolt targeting bob
    bob: block Grizzly Bears -> Centaur Courser
    alice: activate Prodigal Pyromancer targeting bob's Llanowar Elves#2

References: a player's name; a card's name; `bob's NAME` (by controller on the battlefield
and the stack, by owner elsewhere); `NAME#N` (the Nth card of that name the game created).
When a name fits several objects, the first one for which the action is legal is taken.
"""

from __future__ import annotations

import re
from typing import Any

from ...cards.model import TargetSpec
from ..combat.combat import can_attack, can_block
from ..continuous.abilities import activated_abilities, activated_ability, spell_targets
from ..continuous.other_zones import playable_elsewhere
from ..core import actions as A
from ..core.actions import NotationError
from ..core.decisions import (
    FIND_NOTHING,
    BlockerOrderDecision,
    BottomDecision,
    CastFreeDecision,
    ChooseCardsDecision,
    ChooseColorDecision,
    ChooseKeepDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    ChooseWordDecision,
    TargetsDecision,
    TriggerOrderDecision,
)
from ..core.refs import candidates, name_of, ref_parts, resolve_ref, split_refs
from ..core.state import GameState
from ..loop.stack import check_activate
from ..resolution.targets import target_illegal

__all__ = ["NotationError", "format_action", "parse_action"]


# ------------------------------------------------------------------ parsing
_CLAUSE = re.compile(r"\s+(targeting|paying|ability|divide)\s+|\s+(x|mode)=", re.I)


def _clauses(rest: str) -> tuple[str, dict[str, str]]:
    parts = _CLAUSE.split(rest)
    head = parts[0].strip()
    out: dict[str, str] = {}
    i = 1
    while i < len(parts):
        key = (parts[i] or parts[i + 1]).lower()
        val = parts[i + 2] if i + 2 < len(parts) else ""
        out[key] = (val or "").strip()
        i += 3
    return head, out


def _division(state: GameState, text: str | None, targets: tuple[Any, ...]) -> tuple[int, ...]:
    """`divide 2 to Craw Wurm, 1 to bob`: the amounts in the order of the targets (601.2d)."""
    if text is None:
        return ()
    amounts: dict[int, int] = {}
    for part in _amount_parts(text):
        m = re.fullmatch(r"(\d+)\s+to\s+(.+)", part.strip(), re.I)
        if not m:
            raise NotationError(f"write the division as 'divide N to TARGET, M to TARGET', not {part!r}")
        ref = m.group(2).strip()
        at = [i for i, t in enumerate(targets) if i not in amounts
              and (t == ref or (isinstance(t, int) and t in candidates(state, ref, _TARGET_ZONES)))]
        if not at:
            raise NotationError(f"{ref!r} is not one of the targets to divide among")
        amounts[at[0]] = int(m.group(1))
    return tuple(amounts.get(i, 0) for i in range(len(targets)))


_TARGET_ZONES = ("battlefield", "stack", "graveyard", "hand", "exile")


def _amount_parts(text: str) -> list[str]:
    """`2 to Craw Wurm, 1 to Mirri, Cat Warrior` split into its `N to NAME` parts: at the commas
    before a number and `to` (a name may hold commas)."""
    return re.split(r",\s*(?=\d+\s+to\s)", text, flags=re.I)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{what} must be a number, not {text!r}") from None


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
    return parser(state, player, rest)


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


def _refs_for_specs(
    state: GameState, specs: tuple[TargetSpec, ...], refs: list[str], controller: str, source: Any
) -> tuple[Any, ...]:
    """Resolve target references, guided by what each target must be."""
    flat: list[TargetSpec | None] = [s for s in specs for _ in range(s.count)] or [None] * len(refs)
    out: list[Any] = []
    for i, ref in enumerate(refs):
        spec = flat[i] if i < len(flat) else None
        if state.has_player(ref):
            out.append(ref)
            continue
        zones: tuple[str, ...] = ("battlefield", "stack", "graveyard", "hand", "exile")
        if spec is not None and spec.kind == "spell":
            zones = ("stack",)
        elif spec is not None and spec.kind == "card_graveyard":
            zones = ("graveyard",)
        found = candidates(state, ref, zones)
        if not found:
            raise NotationError(f"nothing called {ref!r} to target")
        pick = found[0]
        if spec is not None:
            for c in found:
                if c not in out and target_illegal(state, spec, c, controller, source) is None:
                    pick = c
                    break
        out.append(pick)
    return tuple(out)


def _p_cast(state: GameState, player: str, rest: str) -> A.Action:
    head, cl = _clauses(rest)
    d = state.decision
    if isinstance(d, CastFreeDecision) and d.player == player:  # the card an effect lets them cast
        ids = [i for i in candidates(state, head, ("library", "graveyard", "exile", "hand")) if i == d.card]
    else:
        ids = candidates(state, head, ("hand",))
        ids = [i for i in ids if state.objects[i].owner == player] or ids
        if not ids:  # the creature card on top of their library they may cast (Garruk's Horde)
            ids = [i for i in candidates(state, head, ("library",)) if i in playable_elsewhere(state, player)]
    if not ids:
        raise NotationError(f"no {head!r} in {player}'s hand")
    card = state.objects[ids[0]]
    refs = split_refs(cl["targeting"], state) if "targeting" in cl else []
    targets = _refs_for_specs(state, spell_targets(card), refs, player, card)
    x = _int(cl["x"], "x") if "x" in cl else None
    paying = _paying(state, player, cl)
    return A.Cast(player, card.id, targets, x, _modes(cl), paying, _division(state, cl.get("divide"), targets))


def _modes(cl: dict[str, str]) -> tuple[int, ...]:
    """The modes chosen of a modal spell or ability (`mode=N[,N]`)."""
    return tuple(_int(v, "mode") for v in cl["mode"].split(",")) if "mode" in cl else ()


def _paying(state: GameState, player: str, cl: dict[str, str]) -> tuple[int, ...] | None:
    if "paying" not in cl:
        return None
    out: list[int] = []
    for ref in split_refs(cl["paying"], state):
        found = [i for i in candidates(state, ref, ("battlefield",))
                 if state.objects[i].controller == player and i not in out]
        untapped = [i for i in found if not state.objects[i].tapped]
        if not found:
            raise NotationError(f"{player} controls no {ref!r} to pay with")
        out.append((untapped or found)[0])
    return tuple(out)


def _p_activate(state: GameState, player: str, rest: str) -> A.Action:
    head, cl = _clauses(rest)
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
    index = _int(cl["ability"], "ability") if "ability" in cl else 1
    refs = split_refs(cl["targeting"], state) if "targeting" in cl else []
    x = _int(cl["x"], "x") if "x" in cl else None
    modes = _modes(cl)
    paying = _paying(state, player, cl)
    best = None
    for oid in mine:  # prefer one whose ability can be activated (untapped, not sick)
        o = state.objects[oid]
        abilities = activated_abilities(state, o)
        specs = activated_ability(state, o, index, modes).targets if 1 <= index <= len(abilities) else ()
        targets = _refs_for_specs(state, specs, refs, player, o)
        action = A.Activate(player, oid, index, targets, x, paying, color, _division(state, cl.get("divide"), targets),
                            modes)
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
    d = state.decision
    if isinstance(d, TriggerOrderDecision):
        return A.Order(player, _trigger_order(state, d.labels, rest))
    refs = split_refs(rest, state)
    items: list[int] = []
    pool = list(d.items) if isinstance(d, BlockerOrderDecision) else []
    for ref in refs:
        found = [i for i in candidates(state, ref, ("battlefield",)) if i not in items]
        inpool = [i for i in found if i in pool] or found
        if not inpool:
            raise NotationError(f"nothing called {ref!r} to order")
        items.append(inpool[0])
    return A.Order(player, tuple(items))


_UNNUMBERED = re.compile(r" \(\d+\)$")  # a repeated label's number (`distinct_labels`)


def _trigger_order(state: GameState, labels: tuple[str, ...], text: str) -> tuple[int, ...]:
    """The positions of the triggers `text` lists: each by its label as the decision gives it
    (labels are distinct and may hold commas: "Mirri, Cat Warrior (2)"), or by a plain name
    (the first such trigger not yet listed)."""
    pieces = [p.strip() for p in text.split(",") if p.strip()]
    used: list[int] = []
    while pieces:
        free = [i for i in range(len(labels)) if i not in used]
        k, idx = _by_label(labels, free, pieces) or _by_name(state, labels, free, pieces)
        used.append(idx)
        pieces = pieces[k:]
    return tuple(used)


def _by_label(labels: tuple[str, ...], free: list[int], pieces: list[str]) -> tuple[int, int] | None:
    """(how many comma-separated pieces, which trigger) for the longest first pieces that are a
    free trigger's label, or None."""
    for k in range(len(pieces), 0, -1):
        said = ", ".join(pieces[:k]).lower()
        idx = next((i for i in free if labels[i].lower() == said), None)
        if idx is not None:
            return k, idx
    return None


def _by_name(state: GameState, labels: tuple[str, ...], free: list[int], pieces: list[str]) -> tuple[int, int]:
    """(how many pieces, which trigger) for a plain name first: the first free trigger of a
    source of that name."""
    ref = split_refs(", ".join(pieces), state)[0]
    name = ref_parts(state, ref)[1]
    idx = next((i for i in free if ref_parts(state, _UNNUMBERED.sub("", labels[i]))[1] == name), None)
    if idx is None:
        raise NotationError(f"no pending trigger from {ref!r}; they are: {', '.join(labels)}")
    return ref.count(",") + 1, idx


def _p_assign(state: GameState, player: str, rest: str) -> A.Action:
    out: list[tuple[int, Any]] = []
    for part in _amount_parts(rest):
        m = re.match(r"^(\d+)\s+to\s+(.+)$", part.strip())
        if not m:
            raise NotationError(f"write damage as 'N to NAME', not {part!r}")
        out.append((int(m.group(1)), resolve_ref(state, m.group(2), ("battlefield",), player_ok=True)))
    return A.Assign(player, tuple(out))


def _p_choose(state: GameState, player: str, rest: str) -> A.Action:
    d = state.decision
    if isinstance(d, BottomDecision):
        picked: list[int] = []
        for ref in split_refs(rest, state):
            found = [i for i in candidates(state, ref, ("hand",))
                     if state.objects[i].owner == player and i not in picked]
            if not found:
                raise NotationError(f"no {ref!r} in {player}'s hand to choose")
            picked.append(found[0])
        return A.Choose(player, tuple(picked))
    if isinstance(d, ChooseCardsDecision):
        if rest.strip().lower() == "none":
            return A.Choose(player, ())
        chosen: list[int] = []
        for ref in split_refs(rest, state):
            found = [i for i in candidates(state, ref, (d.zone,)) if i in d.cards and i not in chosen]
            if not found:
                raise NotationError(f"no {ref!r} to choose in {d.zone}")
            chosen.append(found[0])
        return A.Choose(player, tuple(chosen))
    if isinstance(d, ChooseObjectDecision):
        # a search that finds nothing (701.16b): no card has the name (a player may: among players it is one)
        if rest.strip().lower() == FIND_NOTHING and not any(isinstance(i, str) for i in d.ids):
            return d.nothing
        zones = d.zones
        offered = [i for i in candidates(state, rest, zones) if i in d.ids] or _offered_by_name(state, rest, d.ids)
        return A.Choose(player, (offered[0] if offered else resolve_ref(state, rest, zones, player_ok=True),))
    if isinstance(d, ChooseKeepDecision):
        return A.Choose(player, (resolve_ref(state, rest, ("battlefield",), controller=player),))
    if isinstance(d, (ChooseNameDecision, ChooseWordDecision, ChooseColorDecision)):
        # one answer, the whole text (a name or a label may hold spaces and commas: "Mirri, Cat
        # Warrior"), spelled as the engine offers it ("choose island" is Island)
        return A.Choose(player, (d.canonical(rest) or rest.strip(),))
    return A.Choose(player, tuple(w.lower() for w in rest.split()))


def _offered_by_name(state: GameState, text: str, ids: tuple[Any, ...]) -> list[Any]:
    """The offered choices the notation writes as `text`: an object no zone holds any more
    (a copy's former target that has left the stack) is written `#ID` (`name_of`)."""
    said = text.strip().lower()
    return [i for i in ids if name_of(state, i).lower() == said]


def _p_target(state: GameState, player: str, rest: str) -> A.Action:
    d = state.decision
    head, cl = _clauses(rest)
    refs = split_refs(head, state)
    if isinstance(d, TargetsDecision) and d.trigger is not None:
        t = d.trigger
        targets = _refs_for_specs(state, d.specs, refs, t.controller, t.source)
    else:
        targets = tuple(resolve_ref(state, r, ("battlefield", "stack", "graveyard"), player_ok=True) for r in refs)
    return A.ChooseTargets(player, targets, _division(state, cl.get("divide"), targets))


def _p_discard(state: GameState, player: str, rest: str) -> A.Action:
    out: list[int] = []
    for ref in split_refs(rest, state):
        found = [i for i in candidates(state, ref, ("hand",)) if state.objects[i].owner == player and i not in out]
        if not found:
            raise NotationError(f"no {ref!r} in {player}'s hand to discard")
        out.append(found[0])
    return A.Discard(player, tuple(out))


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
        return A.Manual(player, "life", who.strip(), amount=_int(amount, "life"))
    if what == "counters":
        head, _, amount = rest.rpartition(" ")
        ref, _, kind = head.rpartition(" ")
        return A.Manual(player, "counters", obj(ref), amount=_int(amount, "counters"), kind=kind)
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
def format_action(state: GameState, a: A.Action) -> str:  # noqa: C901 (to split: issue 27)
    """The notation of an action, with references the parser reads back to the same objects."""
    p = a.player
    if isinstance(a, A.Pass):
        return f"{p}: pass"

    def n(ref: Any) -> str:
        return name_of(state, ref)

    if isinstance(a, A.PlayLand):
        return f"{p}: play {n(a.card)}"
    if isinstance(a, (A.Cast, A.Activate)):
        if isinstance(a, A.Cast):
            s = f"{p}: cast {n(a.card)}"
        else:
            s = f"{p}: activate {n(a.source)}" + (f" for {a.color}" if a.color else "")
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
    if isinstance(a, A.Manual):
        match a.what:
            case "move":
                return f"{p}: manual move {n(a.subject)} to {a.zone}"
            case "life":
                return f"{p}: manual life {a.subject} {a.amount:+d}"
            case "counters":
                return f"{p}: manual counters {n(a.subject)} {a.kind} {a.amount:+d}"
            case "token":
                return f"{p}: manual token {a.kind}"
        return f"{p}: manual {a.what} {n(a.subject)}"
    if isinstance(a, A.DeclareAttackers):
        if not a.attacks:
            return f"{p}: attack none"
        return f"{p}: attack " + "; ".join(f"{n(x)} -> {n(d)}" for x, d in a.attacks)
    if isinstance(a, A.DeclareBlockers):
        if not a.blocks:
            return f"{p}: block none"
        return f"{p}: block " + ", ".join(f"{n(b)} -> {n(x)}" for b, x in a.blocks)
    if isinstance(a, A.Order):
        d = state.decision
        if isinstance(d, TriggerOrderDecision):
            return f"{p}: order " + ", ".join(d.labels[i] for i in a.items)
        return f"{p}: order " + ", ".join(n(i) for i in a.items)
    if isinstance(a, A.Assign):
        return f"{p}: assign " + ", ".join(f"{k} to {n(r)}" for k, r in a.assignments)
    if isinstance(a, A.Choose):
        if not a.words and isinstance(state.decision, ChooseCardsDecision):
            return f"{p}: choose none"
        if not a.words and isinstance(state.decision, ChooseObjectDecision):
            return f"{p}: choose {FIND_NOTHING}"
        return f"{p}: choose " + ", ".join(n(w) if isinstance(w, int) else w for w in a.words)
    if isinstance(a, A.YesNo):
        return f"{p}: {'yes' if a.yes else 'no'}"
    if isinstance(a, A.ChooseTargets):
        s = f"{p}: target " + ", ".join(n(t) for t in a.targets)
        if a.division:
            s += " divide " + ", ".join(f"{k} to {n(t)}" for t, k in zip(a.targets, a.division, strict=False))
        return s
    if isinstance(a, A.Discard):
        return f"{p}: discard " + ", ".join(n(c) for c in a.cards)
    if isinstance(a, A.Keep):
        return f"{p}: keep"
    if isinstance(a, A.Mulligan):
        return f"{p}: mulligan"
    if isinstance(a, A.Concede):
        return f"{p}: concede"
    raise TypeError(a)
