"""Effects on hands and libraries: drawing, discarding, milling, revealing, searching, shuffling,
scrying and reordering the top of a library."""

from __future__ import annotations

from ....cards import ir
from ...core.state import EffectContext, GameState
from .. import effects as E, zone_effects as Z
from ..drawing import draw_each
from ..meanings import amount, refs
from ..x_values import bind_x
from . import Gen, Handler


def draw(state: GameState, ctx: EffectContext, effect: ir.Draw) -> Gen:
    """Each draw may be replaced (Plagiarize, Abundance)."""
    k = amount(state, ctx, effect.amount)
    yield from draw_each(state, refs(state, ctx, effect.players), k)


def discard(state: GameState, ctx: EffectContext, effect: ir.Discard) -> Gen:
    k = amount(state, ctx, effect.amount)
    yield from E.discard(state, ctx, refs(state, ctx, effect.players), k, random=effect.random)


def discard_chosen(state: GameState, ctx: EffectContext, effect: ir.DiscardChosen) -> Gen:
    yield from Z.discard_chosen(state, ctx, refs(state, ctx, effect.players), effect.test, effect.what)


def keep_one_discard_rest(state: GameState, ctx: EffectContext, effect: ir.KeepOneDiscardRest) -> Gen:
    yield from E.keep_one_discard_rest(state, ctx, refs(state, ctx, effect.players))


def mill(state: GameState, ctx: EffectContext, effect: ir.Mill) -> None:
    who = refs(state, ctx, effect.players)
    Z.mill(state, ctx, who, {p: amount(state, ctx, effect.amount, p) for p in who})


def reveal_hand(state: GameState, ctx: EffectContext, effect: ir.RevealHand) -> None:
    Z.reveal_hand(state, ctx, refs(state, ctx, effect.players))


def reveal_at_random(state: GameState, ctx: EffectContext, effect: ir.RevealAtRandom) -> None:
    Z.reveal_at_random(state, ctx, refs(state, ctx, effect.players))


def reveal_top(state: GameState, ctx: EffectContext, effect: ir.RevealTop) -> None:
    Z.reveal_top(state, ctx, refs(state, ctx, effect.players), effect.key)


def reveal_until(state: GameState, ctx: EffectContext, effect: ir.RevealUntil) -> Gen:
    yield from Z.reveal_until(state, ctx, refs(state, ctx, effect.players), effect.test, effect.what)


def search(state: GameState, ctx: EffectContext, effect: ir.Search) -> Gen:
    yield from Z.search(state, ctx, bind_x(effect.test, ctx.x), effect.what, effect.dest, tapped=effect.tapped,
                        reveal=effect.reveal)


def search_several(state: GameState, ctx: EffectContext, effect: ir.SearchSeveral) -> Gen:
    yield from Z.search_several(state, ctx, effect.test, effect.what, effect.count, effect.tapped)


def search_several_to_hand(state: GameState, ctx: EffectContext, effect: ir.SearchSeveralToHand) -> Gen:
    yield from Z.search_several(state, ctx, effect.test, effect.what, effect.count, tapped=False, dest="hand")


def search_one_tapped_one_to_hand(state: GameState, ctx: EffectContext, effect: ir.SearchOneTappedOneToHand) -> Gen:
    yield from Z.search_one_tapped_one_to_hand(state, ctx, effect.test, effect.what)


def search_library_of(state: GameState, ctx: EffectContext, effect: ir.SearchLibraryOf) -> Gen:
    yield from Z.search_library_of(state, ctx, refs(state, ctx, effect.players), effect.test, effect.what,
                                   effect.remember)


def shuffle(state: GameState, ctx: EffectContext, effect: ir.Shuffle) -> None:
    Z.shuffle(state, ctx, refs(state, ctx, effect.players))


def reorder_top(state: GameState, ctx: EffectContext, effect: ir.ReorderTop) -> Gen:
    yield from Z.reorder_top(state, ctx, amount(state, ctx, effect.amount))


def scry(state: GameState, ctx: EffectContext, effect: ir.Scry) -> Gen:
    yield from Z.scry(state, ctx, amount(state, ctx, effect.amount))


HANDLERS: dict[type, Handler] = {
    ir.Draw: draw,
    ir.Discard: discard,
    ir.DiscardChosen: discard_chosen,
    ir.KeepOneDiscardRest: keep_one_discard_rest,
    ir.Mill: mill,
    ir.RevealHand: reveal_hand,
    ir.RevealAtRandom: reveal_at_random,
    ir.RevealTop: reveal_top,
    ir.RevealUntil: reveal_until,
    ir.Search: search,
    ir.SearchSeveral: search_several,
    ir.SearchSeveralToHand: search_several_to_hand,
    ir.SearchOneTappedOneToHand: search_one_tapped_one_to_hand,
    ir.SearchLibraryOf: search_library_of,
    ir.Shuffle: shuffle,
    ir.ReorderTop: reorder_top,
    ir.Scry: scry,
}
