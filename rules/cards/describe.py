"""The compiled form of a card, written out: each line of its Oracle text beside the
abilities the compiler made of it (`mtg-tui cards show NAME`, and the snapshot of the whole
pool that shows a compiler change as a readable diff)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from .model import Ability, CardDef


def ir_text(value: Any) -> str:
    """One node of the intermediate representation as compact text: fields left at their
    defaults are omitted (`DealDamage(amount=Fixed(n=3), to=TargetRef(index=0))`)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
            if default is not dataclasses.MISSING and v == default:
                continue
            parts.append(f"{f.name}={ir_text(v)}")
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, tuple):
        return "(" + ", ".join(ir_text(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(ir_text(v) for v in value)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(ir_text(v) for v in value) + "]"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value) if isinstance(value, str) else str(value)


def ability_lines(ab: Ability) -> list[str]:
    """An ability's compiled form, one field a line, without its text."""
    out = [type(ab).__name__]
    for f in dataclasses.fields(ab):
        if f.name == "text":
            continue
        v = getattr(ab, f.name)
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
        if default is not dataclasses.MISSING and v == default:
            continue
        out.append(f"  {f.name}: {ir_text(v)}")
    return out


def card_lines(card: CardDef) -> list[str]:
    """The card's printed facts, then each ability: the Oracle text it came from, then its form."""
    head = f"{card.name}  {card.mana_cost or ''}  {card.type_line}"
    if card.power is not None:
        head += f"  {card.power}/{card.toughness}"
    if card.loyalty is not None:
        head += f"  loyalty {card.loyalty}"
    out = [head.replace("    ", "  ")]
    last = None
    for ab in card.abilities:
        if ab.text != last:  # a keyword line gives several abilities: its text once
            out.append("  > " + ab.text.replace("\n", "\n  > "))
            last = ab.text
        out += ["    " + line for line in ability_lines(ab)]
    for line in card.unsupported:
        out.append(f"  > {line}")
        out.append("    not supported: the engine does not enforce this sentence")
    return out
