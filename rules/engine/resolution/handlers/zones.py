"""Effects that move objects from zone to zone: exiling, returning to a hand or to the battlefield,
putting onto a library, putting from a hand or a graveyard onto the battlefield, and shuffling
cards back into a library."""

from __future__ import annotations

from ....cards import ir
from ...changes.events import flush
from ...continuous.characteristics import matches_card
from ...core.state import EffectContext, GameState
from .. import effects as E, zone_effects as Z
from ..meanings import refs
from . import Gen, Handler
from .permanents import chosen_among


def exile(state: GameState, ctx: EffectContext, effect: ir.Exile) -> None:
    E.exile(state, ctx, refs(state, ctx, effect.objects))


def exile_from_graveyard(state: GameState, ctx: EffectContext, effect: ir.ExileFromGraveyard) -> None:
    Z.exile_from_graveyard(state, ctx, refs(state, ctx, effect.players), effect.test)


def exile_namesakes(state: GameState, ctx: EffectContext, effect: ir.ExileNamesakes) -> None:
    Z.exile_namesakes(state, ctx, refs(state, ctx, effect.players))


def exile_library(state: GameState, ctx: EffectContext, effect: ir.ExileLibrary) -> None:
    Z.exile_library(state, ctx, refs(state, ctx, effect.players))


def choose_exiled(state: GameState, ctx: EffectContext, effect: ir.ChooseExiled) -> Gen:
    yield from Z.choose_exiled(state, ctx, effect.most, effect.key)


def return_to_hand(state: GameState, ctx: EffectContext, effect: ir.ReturnToHand) -> None:
    E.bounce(state, ctx, refs(state, ctx, effect.objects))


def return_chosen(state: GameState, ctx: EffectContext, effect: ir.ReturnChosen) -> Gen:
    yield from E.return_chosen(state, ctx, chosen_among(state, ctx, effect.players, effect.test), effect.what)


def return_died_this_turn(state: GameState, ctx: EffectContext, effect: ir.ReturnDiedThisTurn) -> None:
    gone = set(state.to_graveyard_from_battlefield)
    cards = [i for i in state.player(ctx.controller).graveyard
             if i in gone and matches_card(state, effect.test, state.objects[i], ctx.controller, ctx.source)]
    E.bounce(state, ctx, cards)


def put_into_hand(state: GameState, ctx: EffectContext, effect: ir.PutIntoHand) -> None:
    E.move_each(state, refs(state, ctx, effect.objects), "hand", "is put into its owner's hand", "resolve")


def put_on_top_of_library(state: GameState, ctx: EffectContext, effect: ir.PutOnTopOfLibrary) -> None:
    Z.put_on_top(state, ctx, refs(state, ctx, effect.objects))


def put_on_bottom_of_library(state: GameState, ctx: EffectContext, effect: ir.PutOnBottomOfLibrary) -> None:
    Z.put_on_bottom(state, ctx, refs(state, ctx, effect.objects))


def return_to_battlefield(state: GameState, ctx: EffectContext, effect: ir.ReturnToBattlefield) -> Gen:
    yield from Z.return_to_battlefield(state, ctx, refs(state, ctx, effect.objects), effect.tapped)


def put_onto_battlefield(state: GameState, ctx: EffectContext, effect: ir.PutOntoBattlefield) -> Gen:
    yield from Z.put_onto_battlefield(state, ctx, refs(state, ctx, effect.objects), effect.remember)
    flush(state)


def put_revealed_onto_battlefield(state: GameState, ctx: EffectContext, effect: ir.PutRevealedOntoBattlefield) -> Gen:
    yield from Z.put_revealed_onto_battlefield(state, ctx, effect.batches)


def put_from_hand(state: GameState, ctx: EffectContext, effect: ir.PutFromHand) -> Gen:
    yield from Z.put_from_hand(state, ctx, effect.test, effect.what)


def each_may_put_from_hand(state: GameState, ctx: EffectContext, effect: ir.EachMayPutFromHand) -> Gen:
    yield from Z.each_may_put_from_hand(state, ctx, refs(state, ctx, effect.players), effect.test, effect.what)


def return_all_from_graveyards(state: GameState, ctx: EffectContext, effect: ir.ReturnAllFromGraveyards) -> Gen:
    yield from Z.return_all_from_graveyards(state, ctx, effect.test, effect.owners)


def shuffle_graveyard_into_library(state: GameState, ctx: EffectContext,
                                   effect: ir.ShuffleGraveyardIntoLibrary) -> None:
    Z.shuffle_graveyard_into_library(state, ctx, refs(state, ctx, effect.players))


def shuffle_source_into_library(state: GameState, ctx: EffectContext, effect: ir.ShuffleSourceIntoLibrary) -> None:
    Z.shuffle_spell_into_library(state, ctx)


def shuffle_self_and_graveyard(state: GameState, ctx: EffectContext, effect: ir.ShuffleSelfAndGraveyard) -> None:
    Z.shuffle_self_and_graveyard(state, ctx)


def shuffle_permanents_in(state: GameState, ctx: EffectContext, effect: ir.ShufflePermanentsIn) -> None:
    Z.shuffle_permanents_in(state, ctx)


HANDLERS: dict[type, Handler] = {
    ir.Exile: exile,
    ir.ExileFromGraveyard: exile_from_graveyard,
    ir.ExileNamesakes: exile_namesakes,
    ir.ExileLibrary: exile_library,
    ir.ChooseExiled: choose_exiled,
    ir.ReturnToHand: return_to_hand,
    ir.ReturnChosen: return_chosen,
    ir.ReturnDiedThisTurn: return_died_this_turn,
    ir.PutIntoHand: put_into_hand,
    ir.PutOnTopOfLibrary: put_on_top_of_library,
    ir.PutOnBottomOfLibrary: put_on_bottom_of_library,
    ir.ReturnToBattlefield: return_to_battlefield,
    ir.PutOntoBattlefield: put_onto_battlefield,
    ir.PutRevealedOntoBattlefield: put_revealed_onto_battlefield,
    ir.PutFromHand: put_from_hand,
    ir.EachMayPutFromHand: each_may_put_from_hand,
    ir.ReturnAllFromGraveyards: return_all_from_graveyards,
    ir.ShuffleGraveyardIntoLibrary: shuffle_graveyard_into_library,
    ir.ShuffleSourceIntoLibrary: shuffle_source_into_library,
    ir.ShuffleSelfAndGraveyard: shuffle_self_and_graveyard,
    ir.ShufflePermanentsIn: shuffle_permanents_in,
}
