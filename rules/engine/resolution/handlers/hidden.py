"""Effects on hidden information (the IR's `LibraryEffect` family): looking at a hand or at the top of
a library and choosing among the cards, and moving whole hands and libraries about; carried out by
`rules.engine.resolution.looking`."""

from __future__ import annotations

from ....cards import ir
from ...core.state import EffectContext, GameState
from .. import looking as K
from ..meanings import amount, refs
from . import Gen, Handler


def look_at_hand(state: GameState, ctx: EffectContext, effect: ir.LookAtHand) -> None:
    K.look_at_hand(state, ctx, refs(state, ctx, effect.players))


def look_and_distribute(state: GameState, ctx: EffectContext, effect: ir.LookAndDistribute) -> Gen:
    yield from K.look_and_distribute(state, ctx, amount(state, ctx, effect.amount), effect.dests)


def look_may_take_rest_bottom(state: GameState, ctx: EffectContext, effect: ir.LookMayTakeRestBottom) -> Gen:
    yield from K.look_may_take_rest_bottom(state, ctx, amount(state, ctx, effect.amount), effect.test, effect.what)


def hand_cards_on_top(state: GameState, ctx: EffectContext, effect: ir.HandCardsOnTop) -> Gen:
    yield from K.hand_cards_on_top(state, ctx, refs(state, ctx, effect.players), effect.count)


def hand_on_top_search_that_many(state: GameState, ctx: EffectContext, effect: ir.HandOnTopSearchThatMany) -> Gen:
    yield from K.hand_on_top_search_that_many(state, ctx, refs(state, ctx, effect.players))


def shuffle_hand_and_graveyard_in(state: GameState, ctx: EffectContext, effect: ir.ShuffleHandAndGraveyardIn) -> None:
    K.shuffle_hand_and_graveyard_in(state, ctx, refs(state, ctx, effect.players))


def exile_source_spell(state: GameState, ctx: EffectContext, effect: ir.ExileSourceSpell) -> None:
    K.exile_source_spell(state, ctx)


def discard_hands_draw_greatest(state: GameState, ctx: EffectContext, effect: ir.DiscardHandsDrawGreatest) -> None:
    K.discard_hands_draw_greatest(state, ctx, refs(state, ctx, effect.players))


def exile_top_until_no_shared_name(state: GameState, ctx: EffectContext,
                                   effect: ir.ExileTopUntilNoSharedName) -> None:
    K.exile_top_until_no_shared_name(state, ctx, refs(state, ctx, effect.players), effect.count)


def reveal_until_that_many(state: GameState, ctx: EffectContext, effect: ir.RevealUntilThatMany) -> Gen:
    yield from K.reveal_until_that_many(state, ctx, effect.test, effect.what, effect.key)


def name_then_reveal_top(state: GameState, ctx: EffectContext, effect: ir.NameThenRevealTop) -> Gen:
    yield from K.name_then_reveal_top(state, ctx, refs(state, ctx, effect.players))


def search_namesakes_of_each(state: GameState, ctx: EffectContext, effect: ir.SearchNamesakesOfEach) -> Gen:
    yield from K.search_namesakes_of_each(state, ctx, effect.test)


def reveal_top_opponent_piles(state: GameState, ctx: EffectContext, effect: ir.RevealTopOpponentPiles) -> Gen:
    yield from K.reveal_top_opponent_piles(state, ctx, amount(state, ctx, effect.amount))


def reveal_random_land_or_cast(state: GameState, ctx: EffectContext, effect: ir.RevealRandomLandOrCast) -> Gen:
    yield from K.reveal_random_land_or_cast(state, ctx, refs(state, ctx, effect.players))


def find_named_attach(state: GameState, ctx: EffectContext, effect: ir.FindNamedAttach) -> Gen:
    yield from K.find_named_attach(state, ctx, effect.name, refs(state, ctx, effect.to))


HANDLERS: dict[type, Handler] = {
    ir.LookAtHand: look_at_hand,
    ir.LookAndDistribute: look_and_distribute,
    ir.LookMayTakeRestBottom: look_may_take_rest_bottom,
    ir.HandCardsOnTop: hand_cards_on_top,
    ir.HandOnTopSearchThatMany: hand_on_top_search_that_many,
    ir.ShuffleHandAndGraveyardIn: shuffle_hand_and_graveyard_in,
    ir.ExileSourceSpell: exile_source_spell,
    ir.DiscardHandsDrawGreatest: discard_hands_draw_greatest,
    ir.ExileTopUntilNoSharedName: exile_top_until_no_shared_name,
    ir.RevealUntilThatMany: reveal_until_that_many,
    ir.NameThenRevealTop: name_then_reveal_top,
    ir.SearchNamesakesOfEach: search_namesakes_of_each,
    ir.RevealTopOpponentPiles: reveal_top_opponent_piles,
    ir.RevealRandomLandOrCast: reveal_random_land_or_cast,
    ir.FindNamedAttach: find_named_attach,
}
