"""References to objects and players in the text of actions and of the log: `bob`,
`Centaur Courser`, `bob's Centaur Courser` (by controller on the battlefield and the stack,
by owner elsewhere), `Centaur Courser#2` (the second card of that name the game created),
and the names the log and the notation write, which read back to the same objects."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ...cards import card_names, on_pool_change
from .actions import NotationError
from .objects import StackItem
from .state import GameState

_REF = re.compile(r"^(?:(?P<who>[^'\s]+)'s )?(?P<name>.+?)(?:#(?P<n>\d+))?$")
_NAME = re.compile(r"^(?P<name>.+?)(?:#(?P<n>\d+))?$")
_NAMES: set[str] = set()
on_pool_change(_NAMES.clear)  # an imported card directory adds names


def _known_names() -> set[str]:
    if not _NAMES:
        _NAMES.update(n.lower() for n in card_names())
    return _NAMES


def ref_parts(state: GameState, ref: str) -> tuple[str | None, str, int | None]:
    """(player, lower-case name, number) of a reference: `bob's Centaur Courser#2`.  An
    apostrophe that doesn't follow a player's name belongs to the card's name
    ("Angel's Feather#2")."""
    text = ref.strip()
    m = _REF.match(text)
    if m and m.group("who") and state.has_player(m.group("who")):
        who: str | None = m.group("who")
    else:
        who, m = None, _NAME.match(text)
    if m is None:
        return None, "", None
    n = m.group("n")
    return who, m.group("name").lower(), int(n) if n else None


def _name_part(ref: str, state: GameState | None) -> str:
    if state is not None:
        return ref_parts(state, ref)[1]
    m = _NAME.match(ref.strip())
    return m.group("name").lower() if m else ""


def split_refs(text: str, state: GameState | None = None) -> list[str]:
    """Split "A, B, C" into references, keeping names that contain commas together
    ("Mirri, Cat Warrior")."""
    pieces = [p.strip() for p in text.split(",")]
    names = _known_names()
    if state is not None:
        names = names | {o.name.lower() for o in state.objects.values()}
    out: list[str] = []
    i = 0
    while i < len(pieces):
        for k in (3, 2):
            if i + k <= len(pieces):
                joined = ", ".join(pieces[i:i + k])
                if _name_part(joined, state) in names:
                    out.append(joined)
                    i += k
                    break
        else:
            if pieces[i]:
                out.append(pieces[i])
            i += 1
    return out


# ------------------------------------------------------------------ references
def candidates(state: GameState, ref: str, zones: tuple[str, ...]) -> list[Any]:
    """Every object (or stack item) in `zones` that `ref` may mean, in creation order."""
    who, name, n = ref_parts(state, ref)
    if not name:
        return []
    out: list[Any] = []
    for zone in zones:
        if zone == "stack":
            for it in reversed(state.stack):
                if it.name.lower() == name and (not who or it.controller == who):
                    src = state.objects.get(it.source_id) or state.known(it.source_id)
                    if n and (src is None or src.card_no != n):
                        continue
                    out.append(it.id)
            continue
        ids = list(state.battlefield) if zone == "battlefield" else [i for p in state.players for i in p.zone(zone)]
        for i in ids:
            o = state.objects[i]
            if o.name.lower() != name:
                continue
            owner = o.controller if zone == "battlefield" else o.owner
            if who and owner != who:
                continue
            if n and o.card_no != n:
                continue
            out.append(i)
    return out


def resolve_ref(state: GameState, ref: str, zones: tuple[str, ...] = ("battlefield",), *, player_ok: bool = False,
                controller: str | None = None) -> Any:
    """The object (or player) `ref` means in `zones` (the one `controller` controls, or owns,
    when there are several); NotationError when nothing is called that."""
    ref = ref.strip()
    if player_ok and state.has_player(ref):
        return ref
    found = candidates(state, ref, zones)
    if controller is not None:
        mine = [i for i in found if _owner(state, i) == controller]
        found = mine or found
    if not found:
        where = " or ".join(zones)
        raise NotationError(f"nothing called {ref!r} in {where}")
    return found[0]


def _owner(state: GameState, ref: Any) -> str | None:
    o = state.objects.get(ref)
    if o is not None:
        return o.controller if o.zone == "battlefield" else o.owner
    it = state.stack_item(ref)
    return it.controller if it else None


def _stack_ref(state: GameState, it: StackItem) -> str:
    """A stack object by its source's name, made unambiguous among the objects on the stack
    with the same name: the source's number, then its controller."""
    same = [x for x in state.stack if x.name == it.name]
    if len(same) == 1:
        return it.name
    src = state.known(it.source_id)
    text = f"{it.name}#{src.card_no}" if src is not None else it.name
    if len(candidates(state, text, ("stack",))) > 1:
        text = f"{it.controller}'s {text}"
    return text


def name_of(state: GameState, ref: Any) -> str:
    """A readable, unambiguous name for an object id, stack item id or player: the name, with
    `#N` when several objects share it (`Raging Goblin#2`)."""
    if isinstance(ref, str):
        return ref
    it = state.stack_item(ref)
    if it is not None:
        return _stack_ref(state, it)
    o = state.known(ref)
    if o is None:
        return f"#{ref}"
    return f"{o.name}#{o.card_no}" if name_count(state, o.name) > 1 else o.name


def name_count(state: GameState, name: str) -> int:
    """How many objects in the game have this name.  Moving between zones keeps an object's
    name, so the count is kept until the permanents change (a copy entering) or an object is
    made or ceases to exist (each of which clears the board's answers)."""
    counts = state.board.get("name_counts")
    if counts is None:
        counts = state.board["name_counts"] = Counter([x.card.name for x in state.objects.values()])
    return counts[name]


def known_name(state: GameState, oid: int) -> str:
    o = state.known(oid)
    return o.name if o else "?"
