"""Playing cards from zones other than a hand, where a static ability lets a player: land
cards from their graveyard ("You may play land cards from your graveyard": Crucible of
Worlds; 2014 305.1 / 2009 212.6b: effects may let a player play lands from other zones) and
the top card of their library if it's a creature card ("You may cast the top card of your
library if it's a creature card": Garruk's Horde; 2014 601.2a / 2009 409.1a: the card
moves from the zone it's in to the stack).  The usual timing and the one land play a turn
still apply; only where the card may come from changes."""

from __future__ import annotations

from ...cards.ir import PlayerRule
from ..core.objects import Obj
from ..core.state import GameState
from .player_rules import player_rules, rules_changed


def may_play_land_from(state: GameState, player: str, o: Obj) -> bool:
    """Whether `player` may play the land card `o` from the zone it is in (a hand, or a
    graveyard under Crucible of Worlds)."""
    if o.zone == "hand":
        return True
    return o.zone == "graveyard" and PlayerRule.LANDS_FROM_GRAVEYARD in player_rules(state, player)


def may_cast_from(state: GameState, player: str, o: Obj) -> bool:
    """Whether `player` may cast the card `o` from the zone it is in (a hand, or the top of
    their library if it's a creature card under Garruk's Horde)."""
    if o.zone == "hand":
        return True
    lib = state.player(player).library
    return (o.zone == "library" and bool(lib) and lib[0] == o.id and o.card.is_type("Creature")
            and PlayerRule.CAST_TOP_CREATURE in player_rules(state, player))


def playable_elsewhere(state: GameState, player: str) -> list[int]:
    """The cards outside `player`'s hand they may play or cast now, timing aside: land cards
    in their graveyard, the creature card on top of their library."""
    if not rules_changed(state):
        return []  # the usual case: only the hand
    rules = player_rules(state, player)
    p = state.player(player)
    out: list[int] = []
    if PlayerRule.LANDS_FROM_GRAVEYARD in rules:
        out += [i for i in p.graveyard if state.objects[i].card.is_type("Land")]
    if PlayerRule.CAST_TOP_CREATURE in rules and p.library and state.objects[p.library[0]].card.is_type("Creature"):
        out.append(p.library[0])
    return out
