"""The notation's words that both the Game's notation (api/notation) and the decision homes
read: an action's clauses (`targeting`, `paying`, `x=`...), target references guided by what
each target must be, a division of damage, numbers, and a whole `cast` once its card is known.
They live here, below the api, so a home can read the answers of its own kind."""

from __future__ import annotations

import re
from typing import Any

from ....cards.model import TargetSpec
from ...continuous.abilities import spell_targets
from ...core import actions as A
from ...core.actions import NotationError
from ...core.refs import candidates, split_refs
from ...core.state import GameState
from ...resolution.targets import target_illegal

_CLAUSE = re.compile(r"\s+(targeting|paying|ability|divide)\s+|\s+(x|mode)=", re.I)
TARGET_ZONES = ("battlefield", "stack", "graveyard", "hand", "exile")


def clauses(rest: str) -> tuple[str, dict[str, str]]:
    """The head of an action's text and its clauses by keyword (`targeting`, `x`...)."""
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


def division(state: GameState, text: str | None, targets: tuple[Any, ...]) -> tuple[int, ...]:
    """`divide 2 to Craw Wurm, 1 to bob`: the amounts in the order of the targets (601.2d)."""
    if text is None:
        return ()
    amounts: dict[int, int] = {}
    for part in amount_parts(text):
        m = re.fullmatch(r"(\d+)\s+to\s+(.+)", part.strip(), re.I)
        if not m:
            raise NotationError(f"write the division as 'divide N to TARGET, M to TARGET', not {part!r}")
        ref = m.group(2).strip()
        at = [i for i, t in enumerate(targets) if i not in amounts
              and (t == ref or (isinstance(t, int) and t in candidates(state, ref, TARGET_ZONES)))]
        if not at:
            raise NotationError(f"{ref!r} is not one of the targets to divide among")
        amounts[at[0]] = int(m.group(1))
    return tuple(amounts.get(i, 0) for i in range(len(targets)))


def amount_parts(text: str) -> list[str]:
    """`2 to Craw Wurm, 1 to Mirri, Cat Warrior` split into its `N to NAME` parts: at the commas
    before a number and `to` (a name may hold commas)."""
    return re.split(r",\s*(?=\d+\s+to\s)", text, flags=re.I)


def number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{what} must be a number, not {text!r}") from None


def refs_for_specs(
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


def modes(cl: dict[str, str]) -> tuple[int, ...]:
    """The modes chosen of a modal spell or ability (`mode=N[,N]`)."""
    return tuple(number(v, "mode") for v in cl["mode"].split(",")) if "mode" in cl else ()


def paying(state: GameState, player: str, cl: dict[str, str]) -> tuple[int, ...] | None:
    """The permanents named to pay a cost with (`paying Llanowar Elves`), untapped ones first."""
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


def cast_of(state: GameState, player: str, card_id: int, cl: dict[str, str]) -> A.Cast:
    """The `cast` of the card `card_id`, its clauses read: targets, X, modes, payment, division."""
    card = state.objects[card_id]
    refs = split_refs(cl["targeting"], state) if "targeting" in cl else []
    targets = refs_for_specs(state, spell_targets(card), refs, player, card)
    x = number(cl["x"], "x") if "x" in cl else None
    pay = paying(state, player, cl)
    return A.Cast(player, card.id, targets, x, modes(cl), pay, division(state, cl.get("divide"), targets))


def ordered_objects(state: GameState, rest: str, pool: list[int]) -> tuple[int, ...]:
    """`order NAME, NAME`: the objects named, each the first not yet named, one of `pool` where
    a name fits one (the blockers or attackers being ordered)."""
    refs = split_refs(rest, state)
    items: list[int] = []
    for ref in refs:
        found = [i for i in candidates(state, ref, ("battlefield",)) if i not in items]
        inpool = [i for i in found if i in pool] or found
        if not inpool:
            raise NotationError(f"nothing called {ref!r} to order")
        items.append(inpool[0])
    return tuple(items)


def cards_in_hand(state: GameState, player: str, rest: str, verb: str) -> tuple[int, ...]:
    """`NAME, NAME`: cards in `player`'s hand, each the first not yet named (what a discard or
    the London mulligan's bottom cards name); `verb` says what for in the error."""
    picked: list[int] = []
    for ref in split_refs(rest, state):
        found = [i for i in candidates(state, ref, ("hand",)) if state.objects[i].owner == player and i not in picked]
        if not found:
            raise NotationError(f"no {ref!r} in {player}'s hand to {verb}")
        picked.append(found[0])
    return tuple(picked)
