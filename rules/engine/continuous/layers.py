"""The layer system (2014: 613; 2009: 418.5): the order in which continuous effects apply.

Each continuous effect is cut into parts, one per layer it works in (an Aura that makes a
land a 4/5 green creature works in the type, color and power/toughness layers).  A ruleset
applies the layers as a sequence of stages: 2014 has eleven (613.1-613.3: copy, control,
text, type, color, ability, then the P/T sublayers 7a-7e); 2009 has color and abilities in
one layer and orders its P/T sublayers differently (418.5a: 6b holds every effect that sets
P/T or modifies it from a resolved spell, 6c counters, 6d static modifications).

Within a stage, characteristic-defining abilities apply first, then the rest in timestamp
order (613.6 / 418.5e-g), except that an effect that depends on another applies right after
it (613.7 / 418.5c-d); when effects depend on each other in a loop, timestamps decide (613.8 /
418.5d).  Which objects an effect applies to is decided with the characteristics the earlier
layers produced, once, at the first layer it works in (613.5 / 418.5b).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...cards.ir import Layer
from ..core.objects import Characteristics

__all__ = ["Layer", "Part", "stage", "applies_now", "copy_chars", "ordered"]


def stage(layer: Layer, ruleset: str, from_static: bool = False) -> int:
    """When a part in `layer` applies under `ruleset`: parts with the same stage apply together."""
    if ruleset == "2009":
        if layer == Layer.ABILITY:
            return int(Layer.COLOR)  # 418.5a (5): color and abilities are one layer
        if layer == Layer.PT_MODIFY:
            return 100 + (4 if from_static else 2)  # 6d static, else 6b with the effects that set
        if layer == Layer.PT_SET:
            return 100 + 2
        if layer == Layer.PT_COUNTERS:
            return 100 + 3
        if layer == Layer.PT_CDA:
            return 100 + 1
        if layer == Layer.PT_SWITCH:
            return 100 + 5
    return int(layer)


@dataclass(frozen=True, eq=False)
class Part:
    """One layer's worth of one continuous effect.  `key` names the effect, so that the
    objects it applies to are decided once for all its parts (613.5 / 418.5b)."""

    layer: Layer
    timestamp: int
    key: tuple[object, ...]
    applies: Callable[[Characteristics], bool]
    apply: Callable[[Characteristics], None]
    cda: bool = False
    from_static: bool = False


def applies_now(p: Part, ch: Characteristics, decided: dict[tuple[object, ...], bool]) -> bool:
    """Whether `p` applies: as decided at an earlier layer, or judged on `ch` now."""
    return decided[p.key] if p.key in decided else p.applies(ch)


_CHARS_FIELDS = tuple(f.name for f in dataclasses.fields(Characteristics))


def copy_chars(ch: Characteristics) -> Characteristics:
    """A copy the layers may change in place (its own abilities list and keyword counts); made
    field by field (`dataclasses.replace` looks the fields up again for every copy)."""
    new = Characteristics(*[getattr(ch, name) for name in _CHARS_FIELDS])
    new.abilities = list(ch.abilities)
    new.keyword_counts = dict(ch.keyword_counts)
    return new


def _depends(a: Part, b: Part, ch: Characteristics, decided: dict[tuple[object, ...], bool]) -> bool:
    """Does `a` depend on `b` here: would applying `b` first change whether `a` applies
    (613.7 / 418.5c)?  Parts already decided at an earlier layer depend on nothing."""
    if a.key in decided or a.cda != b.cda or a.key == b.key:
        return False
    if not applies_now(b, ch, decided):
        return False
    trial = copy_chars(ch)
    b.apply(trial)
    return a.applies(trial) != a.applies(ch)


def ordered(parts: Sequence[Part], ch: Characteristics, decided: dict[tuple[object, ...], bool]) -> list[Part]:
    """The order a stage's parts apply in: CDAs first, then timestamps, with dependencies
    moved after what they depend on; a dependency loop falls back to timestamps."""
    remaining = sorted(parts, key=lambda p: (not p.cda, p.timestamp))
    if len(remaining) < 2:
        return remaining
    out: list[Part] = []
    trial = copy_chars(ch)
    while remaining:
        pick = next((p for p in remaining
                     if not any(_depends(p, q, trial, decided) for q in remaining if q is not p)), remaining[0])
        remaining.remove(pick)
        out.append(pick)
        if applies_now(pick, trial, decided):
            pick.apply(trial)
    return out
