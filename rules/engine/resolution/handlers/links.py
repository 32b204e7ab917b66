"""Effects of linked abilities (607): cards exiled or remembered by one ability and returned by
another, and Auras put onto or moved to a host."""

from __future__ import annotations

from ....cards import ir
from ...core.state import EffectContext, GameState
from .. import linked as L
from ..meanings import refs
from . import Gen, Handler


def exile_linked(state: GameState, ctx: EffectContext, effect: ir.ExileLinked) -> None:
    L.exile_linked(state, ctx, refs(state, ctx, effect.objects), effect.key)


def link(state: GameState, ctx: EffectContext, effect: ir.Link) -> None:
    L.link(state, ctx, refs(state, ctx, effect.objects), effect.key)


def return_under_owner(state: GameState, ctx: EffectContext, effect: ir.ReturnUnderOwner) -> Gen:
    yield from L.return_under_owner(state, ctx, refs(state, ctx, effect.objects), effect.tapped)


def put_aura_attached(state: GameState, ctx: EffectContext, effect: ir.PutAuraAttached) -> Gen:
    aura = refs(state, ctx, effect.aura) if effect.aura is not None else None
    host = refs(state, ctx, effect.host) if effect.host is not None else None
    yield from L.put_aura_attached(state, ctx, aura, host, effect.host_test, effect.under_owner)


def attach_elsewhere(state: GameState, ctx: EffectContext, effect: ir.AttachElsewhere) -> Gen:
    yield from L.attach_elsewhere(state, ctx, refs(state, ctx, effect.objects))


HANDLERS: dict[type, Handler] = {
    ir.ExileLinked: exile_linked,
    ir.Link: link,
    ir.ReturnUnderOwner: return_under_owner,
    ir.PutAuraAttached: put_aura_attached,
    ir.AttachElsewhere: attach_elsewhere,
}
