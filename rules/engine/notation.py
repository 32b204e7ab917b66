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
from typing import TYPE_CHECKING, Any, Optional

from . import actions as A
from ..cards import card_names

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class NotationError(A.IllegalAction):
    """Text that doesn't parse as an action, or names nothing in the game."""


_REF = re.compile(r"^(?:(?P<who>[^'\s]+)'s )?(?P<name>.+?)(?:#(?P<n>\d+))?$")
_NAME = re.compile(r"^(?P<name>.+?)(?:#(?P<n>\d+))?$")
_NAMES: set[str] = set()


def _known_names() -> set[str]:
    if not _NAMES:
        _NAMES.update(n.lower() for n in card_names())
    return _NAMES


def ref_parts(game: "Game", ref: str) -> tuple[Optional[str], str, Optional[int]]:
    """(player, lower-case name, number) of a reference: `bob's Centaur Courser#2`.  An
    apostrophe that doesn't follow a player's name belongs to the card's name
    ("Angel's Feather#2")."""
    text = ref.strip()
    m = _REF.match(text)
    if m and m.group("who") and game.has_player(m.group("who")):
        who: Optional[str] = m.group("who")
    else:
        who, m = None, _NAME.match(text)
    if m is None:
        return None, "", None
    n = m.group("n")
    return who, m.group("name").lower(), int(n) if n else None


def _name_part(ref: str, game: Optional["Game"]) -> str:
    if game is not None:
        return ref_parts(game, ref)[1]
    m = _NAME.match(ref.strip())
    return m.group("name").lower() if m else ""


def split_refs(text: str, game: Optional["Game"] = None) -> list[str]:
    """Split "A, B, C" into references, keeping names that contain commas together
    ("Mirri, Cat Warrior")."""
    pieces = [p.strip() for p in text.split(",")]
    names = _known_names()
    if game is not None:
        names = names | {o.name.lower() for o in game.objects.values()}
    out: list[str] = []
    i = 0
    while i < len(pieces):
        for k in (3, 2):
            if i + k <= len(pieces):
                joined = ", ".join(pieces[i:i + k])
                if _name_part(joined, game) in names:
                    out.append(joined)
                    i += k
                    break
        else:
            if pieces[i]:
                out.append(pieces[i])
            i += 1
    return out


# ------------------------------------------------------------------ references
def candidates(game: "Game", ref: str, zones: tuple[str, ...]) -> list[Any]:
    """Every object (or stack item) in `zones` that `ref` may mean, in creation order."""
    who, name, n = ref_parts(game, ref)
    if not name:
        return []
    out: list[Any] = []
    for zone in zones:
        if zone == "stack":
            for it in reversed(game.stack):
                if it.name.lower() == name and (not who or it.controller == who):
                    src = game.objects.get(it.source_id) or game.known(it.source_id)
                    if n and (src is None or src.card_no != n):
                        continue
                    out.append(it.id)
            continue
        if zone == "battlefield":
            ids = list(game.battlefield)
        else:
            ids = [i for p in game.players for i in p.zone(zone)]
        for i in ids:
            o = game.objects[i]
            if o.name.lower() != name:
                continue
            owner = o.controller if zone == "battlefield" else o.owner
            if who and owner != who:
                continue
            if n and o.card_no != n:
                continue
            out.append(i)
    return out


def resolve_reference(game: "Game", ref: str, zones: tuple[str, ...], *, player_ok: bool = False,
                      controller: Optional[str] = None) -> Any:
    ref = ref.strip()
    if player_ok and game.has_player(ref):
        return ref
    found = candidates(game, ref, zones)
    if controller is not None:
        mine = [i for i in found if _owner(game, i) == controller]
        found = mine or found
    if not found:
        where = " or ".join(zones)
        raise NotationError(f"nothing called {ref!r} in {where}")
    return found[0]


def _owner(game: "Game", ref: Any) -> Optional[str]:
    o = game.objects.get(ref)
    if o is not None:
        return o.controller if o.zone == "battlefield" else o.owner
    it = game.stack_item(ref)
    return it.controller if it else None


def _stack_ref(game: "Game", it: Any) -> str:
    """A stack object by its source's name, made unambiguous among the objects on the stack
    with the same name: the source's number, then its controller."""
    same = [x for x in game.stack if x.name == it.name]
    if len(same) == 1:
        return it.name
    src = game.known(it.source_id)
    text = f"{it.name}#{src.card_no}" if src is not None else it.name
    if len(candidates(game, text, ("stack",))) > 1:
        text = f"{it.controller}'s {text}"
    return text


def describe_ref(game: "Game", ref: Any) -> str:
    if isinstance(ref, str):
        return ref
    it = game.stack_item(ref)
    if it is not None:
        return _stack_ref(game, it)
    o = game.known(ref)
    if o is None:
        return f"#{ref}"
    same = sum(1 for x in game.objects.values() if x.name == o.name)
    return f"{o.name}#{o.card_no}" if same > 1 else o.name


# ------------------------------------------------------------------ parsing
_CLAUSE = re.compile(r"\s+(targeting|paying|ability)\s+|\s+(x|mode)=", re.I)


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


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{what} must be a number, not {text!r}") from None


def parse_action(game: "Game", text: str, player: Optional[str] = None) -> A.Action:
    """Parse `player: verb ...` (or `verb ...` with `player` given, or the deciding player)."""
    raw = text.strip()
    m = re.match(r"^([^:\s]+):\s*(.*)$", raw)
    if m and game.has_player(m.group(1)):
        player, body = m.group(1), m.group(2).strip()
    else:
        body = raw
        if player is None:
            player = game.decision.player if game.decision else None
    if not player or not game.has_player(player):
        raise NotationError(f"which player? write 'name: {body}'")
    verb, _, rest = body.partition(" ")
    verb = verb.lower()
    rest = rest.strip()
    parser = _PARSERS.get(verb)
    if parser is None:
        raise NotationError(f"unknown action {verb!r}; actions are: {', '.join(sorted(_PARSERS))}")
    return parser(game, player, rest)


def _p_pass(game: "Game", player: str, rest: str) -> A.Action:
    return A.Pass(player)


def _p_keep(game: "Game", player: str, rest: str) -> A.Action:
    return A.Keep(player)


def _p_mulligan(game: "Game", player: str, rest: str) -> A.Action:
    return A.Mulligan(player)


def _p_concede(game: "Game", player: str, rest: str) -> A.Action:
    return A.Concede(player)


def _p_yes(game: "Game", player: str, rest: str) -> A.Action:
    return A.YesNo(player, True)


def _p_no(game: "Game", player: str, rest: str) -> A.Action:
    return A.YesNo(player, False)


def _p_play(game: "Game", player: str, rest: str) -> A.Action:
    ids = candidates(game, rest, ("hand",))
    ids = [i for i in ids if game.objects[i].owner == player] or ids
    if not ids:
        raise NotationError(f"no {rest!r} in {player}'s hand")
    return A.PlayLand(player, ids[0])


def _refs_for_specs(game: "Game", specs: tuple, refs: list[str], controller: str, source: Any) -> tuple[Any, ...]:
    """Resolve target references, guided by what each target must be."""
    flat = [s for s in specs for _ in range(s.count)] or [None] * len(refs)
    out: list[Any] = []
    for i, ref in enumerate(refs):
        spec = flat[i] if i < len(flat) else None
        if game.has_player(ref):
            out.append(ref)
            continue
        zones: tuple[str, ...] = ("battlefield", "stack", "graveyard", "hand", "exile")
        if spec is not None and spec.kind == "spell":
            zones = ("stack",)
        elif spec is not None and spec.kind == "card_graveyard":
            zones = ("graveyard",)
        found = candidates(game, ref, zones)
        if not found:
            raise NotationError(f"nothing called {ref!r} to target")
        pick = found[0]
        if spec is not None:
            for c in found:
                if c not in out and game.target_illegal(spec, c, controller, source) is None:
                    pick = c
                    break
        out.append(pick)
    return tuple(out)


def _p_cast(game: "Game", player: str, rest: str) -> A.Action:
    head, cl = _clauses(rest)
    ids = candidates(game, head, ("hand",))
    ids = [i for i in ids if game.objects[i].owner == player] or ids
    if not ids:
        raise NotationError(f"no {head!r} in {player}'s hand")
    card = game.objects[ids[0]]
    refs = split_refs(cl["targeting"], game) if "targeting" in cl else []
    targets = _refs_for_specs(game, game.spell_targets(card), refs, player, card)
    x = _int(cl["x"], "x") if "x" in cl else None
    modes = tuple(_int(v, "mode") for v in cl["mode"].split(",")) if "mode" in cl else ()
    paying = _paying(game, player, cl)
    return A.Cast(player, card.id, targets, x, modes, paying)


def _paying(game: "Game", player: str, cl: dict[str, str]) -> Optional[tuple[int, ...]]:
    if "paying" not in cl:
        return None
    out: list[int] = []
    for ref in split_refs(cl["paying"], game):
        found = [i for i in candidates(game, ref, ("battlefield",))
                 if game.objects[i].controller == player and i not in out]
        untapped = [i for i in found if not game.objects[i].tapped]
        if not found:
            raise NotationError(f"{player} controls no {ref!r} to pay with")
        out.append((untapped or found)[0])
    return tuple(out)


def _p_activate(game: "Game", player: str, rest: str) -> A.Action:
    head, cl = _clauses(rest)
    color = None
    m = re.match(r"^(.*?)\s+for\s+(white|blue|black|red|green|[WUBRG])$", head, re.I)
    if m:
        head, color = m.group(1), m.group(2)
    found = candidates(game, head, ("battlefield",))
    mine = [i for i in found if game.objects[i].controller == player] or found
    if not mine:
        raise NotationError(f"no permanent called {head!r} on the battlefield")
    index = _int(cl["ability"], "ability") if "ability" in cl else 1
    refs = split_refs(cl["targeting"], game) if "targeting" in cl else []
    x = _int(cl["x"], "x") if "x" in cl else None
    paying = _paying(game, player, cl)
    best = None
    for oid in mine:  # prefer one whose ability can be activated (untapped, not sick)
        o = game.objects[oid]
        abilities = game.activated_abilities(o)
        specs = abilities[index - 1].targets if 1 <= index <= len(abilities) else ()
        action = A.Activate(player, oid, index, _refs_for_specs(game, specs, refs, player, o), x, paying, color)
        best = best or action
        try:
            game._check_activate(action)
            return action
        except A.IllegalAction:
            continue
    return best  # type: ignore[return-value]


def _p_attack(game: "Game", player: str, rest: str) -> A.Action:
    if rest.lower() == "none":
        return A.DeclareAttackers(player, ())
    attacks: list[tuple[int, Any]] = []
    default = game.opponents(player)[0] if game.opponents(player) else None
    for group in rest.split(";"):
        names, arrow, defender = group.partition("->")
        target: Any = default
        if arrow:
            target = resolve_reference(game, defender.strip(), ("battlefield",), player_ok=True)
        for ref in split_refs(names, game):
            cands = [i for i in candidates(game, ref, ("battlefield",)) if game.objects[i].controller == player]
            free = [i for i in cands if i not in [a for a, _ in attacks]]
            able = [i for i in free if game.can_attack(game.objects[i]) is None]
            pick = (able or free or cands or [None])[0]
            if pick is None:
                raise NotationError(f"{player} controls no {ref!r} to attack with")
            attacks.append((pick, target))
    return A.DeclareAttackers(player, tuple(attacks))


def _p_block(game: "Game", player: str, rest: str) -> A.Action:
    if rest.lower() == "none":
        return A.DeclareBlockers(player, ())
    blocks: list[tuple[int, int]] = []
    # pairs "B -> A", separated by commas; names may contain commas, so split on "->" first
    chunks = [c.strip() for c in rest.split("->")]
    pairs: list[tuple[str, str]] = []
    left = chunks[0]
    for chunk in chunks[1:-1]:
        refs = split_refs(chunk, game)
        if len(refs) < 2:
            raise NotationError("write blocks as 'BLOCKER -> ATTACKER, BLOCKER -> ATTACKER'")
        pairs.append((left, refs[0]))
        left = ", ".join(refs[1:])
    pairs.append((left, chunks[-1]))
    for b_ref, a_ref in pairs:
        if not a_ref or not b_ref:
            raise NotationError("write blocks as 'BLOCKER -> ATTACKER'")
        bs = [i for i in candidates(game, b_ref, ("battlefield",)) if game.objects[i].controller == player]
        bs = [i for i in bs if i not in [b for b, _ in blocks]] or bs
        attackers = [i for i in candidates(game, a_ref, ("battlefield",)) if game.objects[i].attacking is not None]
        if not bs:
            raise NotationError(f"{player} controls no {b_ref!r} to block with")
        if not attackers:
            raise NotationError(f"no attacking creature called {a_ref!r}")
        able = [b for b in bs if game.can_block(game.objects[b]) is None] or bs
        blocks.append((able[0], attackers[0]))
    return A.DeclareBlockers(player, tuple(blocks))


def _p_order(game: "Game", player: str, rest: str) -> A.Action:
    d = game.decision
    refs = split_refs(rest, game)
    if d is not None and d.kind == "order_triggers":
        labels = list(d.options)
        used: list[int] = []
        for ref in refs:
            free = [i for i in range(len(labels)) if i not in used]
            idx = next((i for i in free if labels[i].lower() == ref.strip().lower()), None)
            if idx is None:  # a plain name for a label with an owner or number
                _, name, _ = ref_parts(game, ref)
                idx = next((i for i in free if ref_parts(game, labels[i])[1] == name), None)
            if idx is None:
                raise NotationError(f"no pending trigger from {ref!r}; they are: {', '.join(labels)}")
            used.append(idx)
        return A.Order(player, tuple(used))
    items: list[int] = []
    pool = list(d.options) if d is not None else []
    for ref in refs:
        found = [i for i in candidates(game, ref, ("battlefield",)) if i not in items]
        inpool = [i for i in found if i in pool] or found
        if not inpool:
            raise NotationError(f"nothing called {ref!r} to order")
        items.append(inpool[0])
    return A.Order(player, tuple(items))


def _p_assign(game: "Game", player: str, rest: str) -> A.Action:
    out: list[tuple[int, Any]] = []
    for part in re.split(r",\s*(?=\d+\s+to\s)", rest):
        m = re.match(r"^(\d+)\s+to\s+(.+)$", part.strip())
        if not m:
            raise NotationError(f"write damage as 'N to NAME', not {part!r}")
        out.append((int(m.group(1)), resolve_reference(game, m.group(2), ("battlefield",), player_ok=True)))
    return A.Assign(player, tuple(out))


def _p_choose(game: "Game", player: str, rest: str) -> A.Action:
    d = game.decision
    if d is not None and d.kind == "bottom":
        picked: list[int] = []
        for ref in split_refs(rest, game):
            found = [i for i in candidates(game, ref, ("hand",))
                     if game.objects[i].owner == player and i not in picked]
            if not found:
                raise NotationError(f"no {ref!r} in {player}'s hand to choose")
            picked.append(found[0])
        return A.Choose(player, tuple(picked))
    if d is not None and d.kind == "choose" and d.data.get("kind") == "object":
        zones = d.data.get("zones", ("battlefield",))
        offered = [i for i in candidates(game, rest, zones) if i in d.data["ids"]]
        return A.Choose(player, (offered[0] if offered else resolve_reference(game, rest, zones, player_ok=True),))
    if d is not None and d.kind == "choose" and d.data.get("kind") == "keep":
        return A.Choose(player, (resolve_reference(game, rest, ("battlefield",), controller=player),))
    return A.Choose(player, tuple(w.lower() for w in rest.split()))


def _p_target(game: "Game", player: str, rest: str) -> A.Action:
    d = game.decision
    refs = split_refs(rest, game)
    if d is not None and d.kind == "targets":
        t = d.data["trigger"]
        return A.ChooseTargets(player, _refs_for_specs(game, d.data["specs"], refs, t.controller, t.source))
    return A.ChooseTargets(player, tuple(resolve_reference(game, r, ("battlefield", "stack", "graveyard"),
                                                           player_ok=True) for r in refs))


def _p_discard(game: "Game", player: str, rest: str) -> A.Action:
    out: list[int] = []
    for ref in split_refs(rest, game):
        found = [i for i in candidates(game, ref, ("hand",)) if game.objects[i].owner == player and i not in out]
        if not found:
            raise NotationError(f"no {ref!r} in {player}'s hand to discard")
        out.append(found[0])
    return A.Discard(player, tuple(out))


_PARSERS = {
    "pass": _p_pass, "play": _p_play, "cast": _p_cast, "activate": _p_activate, "attack": _p_attack,
    "block": _p_block, "order": _p_order, "assign": _p_assign, "choose": _p_choose, "yes": _p_yes,
    "no": _p_no, "target": _p_target, "discard": _p_discard, "keep": _p_keep, "mulligan": _p_mulligan,
    "concede": _p_concede,
}


# ------------------------------------------------------------------ writing
def format_action(game: "Game", a: A.Action) -> str:
    """The notation of an action, with references the parser reads back to the same objects."""
    n = lambda r: describe_ref(game, r)  # noqa: E731
    p = a.player
    if isinstance(a, A.Pass):
        return f"{p}: pass"
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
        if a.x is not None:
            s += f" x={a.x}"
        if isinstance(a, A.Cast) and a.modes:
            s += " mode=" + ",".join(map(str, a.modes))
        if a.paying is not None:
            s += " paying " + ", ".join(n(t) for t in a.paying)
        return s
    if isinstance(a, A.DeclareAttackers):
        if not a.attacks:
            return f"{p}: attack none"
        return f"{p}: attack " + "; ".join(f"{n(x)} -> {n(d)}" for x, d in a.attacks)
    if isinstance(a, A.DeclareBlockers):
        if not a.blocks:
            return f"{p}: block none"
        return f"{p}: block " + ", ".join(f"{n(b)} -> {n(x)}" for b, x in a.blocks)
    if isinstance(a, A.Order):
        d = game.decision
        if d is not None and d.kind == "order_triggers":
            return f"{p}: order " + ", ".join(d.options[i] for i in a.items)
        return f"{p}: order " + ", ".join(n(i) for i in a.items)
    if isinstance(a, A.Assign):
        return f"{p}: assign " + ", ".join(f"{k} to {n(r)}" for k, r in a.assignments)
    if isinstance(a, A.Choose):
        return f"{p}: choose " + ", ".join(n(w) if isinstance(w, int) else w for w in a.words)
    if isinstance(a, A.YesNo):
        return f"{p}: {'yes' if a.yes else 'no'}"
    if isinstance(a, A.ChooseTargets):
        return f"{p}: target " + ", ".join(n(t) for t in a.targets)
    if isinstance(a, A.Discard):
        return f"{p}: discard " + ", ".join(n(c) for c in a.cards)
    if isinstance(a, A.Keep):
        return f"{p}: keep"
    if isinstance(a, A.Mulligan):
        return f"{p}: mulligan"
    if isinstance(a, A.Concede):
        return f"{p}: concede"
    raise TypeError(a)
