"""What a seat may know, and a game in which the rest is dealt again.

A computer player may read its own hand, the public zones (battlefields, graveyards, exile,
the stack), the size of every library but not its order, and the opponent's deck list (known,
as at a precon table) but not where those cards are: in hand or in library.  `redeal` makes a
copy of the game in which exactly that unknown is dealt again.  A search samples the hidden
cards with it before each simulated game (a determinization); tests ask a player the same
question on the game and on a re-dealt copy, and the answer must not change.

(Cards an effect revealed to the seat and then hid again are re-dealt too: the engine doesn't
record what a player has seen.  A player must not count on them.)
"""

from __future__ import annotations

import random

from ...engine.api.game import Game


def redeal(game: Game, seat: str, rng: random.Random) -> Game:
    """A copy of `game` (its state now) in which what `seat` may not know is dealt again
    (`deal_unseen`); `game` is left as it is."""
    other = game.copy()
    deal_unseen(other, seat, rng)
    return other


def deal_unseen(game: Game, seat: str, rng: random.Random) -> None:
    """Deal again, in `game` itself, what `seat` may not know: each opponent's hand and library
    are shuffled together and dealt back in the same sizes, and `seat`'s own library is
    shuffled; nothing else changes (the objects keep their ids).  The cards are put in a fixed
    order (by id) before shuffling, so the deal depends on `rng` and on what the seat knows,
    never on where the cards really were."""
    state = game.state
    for p in state.players:
        if p.name == seat:
            p.library.sort()
            rng.shuffle(p.library)
            continue
        cards = sorted(p.hand + p.library)
        rng.shuffle(cards)
        p.hand[:] = cards[:len(p.hand)]
        p.library[:] = cards[len(p.hand):]
        for i in p.hand:
            state.objects[i].zone = "hand"
        for i in p.library:
            state.objects[i].zone = "library"
    state.invalidate()
