"""Predicates that read X ("a creature card with converted mana cost X or less", Citanul
Flute): X is announced as the ability is activated (602.2b / 409.1b) and bound into the test
when the effect resolves."""

from __future__ import annotations

import dataclasses

from ...cards import ir


def bind_x(pred: ir.Pred, x: int) -> ir.Pred:
    """`pred` with every `ManaValueAtMostX` read as "converted mana cost `x` or less"."""
    match pred:
        case ir.ManaValueAtMostX():
            return ir.ManaValueAtMost(x)
        case ir.Not(inner):
            return ir.Not(bind_x(inner, x))
        case ir.AllOf(parts) | ir.AnyOf(parts):
            return dataclasses.replace(pred, preds=tuple(bind_x(p, x) for p in parts))
    return pred
