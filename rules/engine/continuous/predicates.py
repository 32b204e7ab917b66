"""The checks of the card IR's object predicates (`rules.cards.ir.Pred`) that read only the object,
its characteristics as given, its source and the game's bookkeeping: one function per predicate
kind and `OBJECT_CHECKS`, a table from the predicate's IR class to its check.  The predicates
that ask for other characteristics or other predicates (not, all of, any of, the source's power
or name) are checked with the layers, in `rules.engine.continuous.characteristics`, which joins
this table into `matches`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...cards import ir
from ...cards.mana import NAME_TO_COLOR
from ..core.objects import Characteristics, Obj
from ..core.state import GameState

# a check gets the predicate (an instance of the IR class it is registered for), the object and its
# characteristics, and the controller and source of the spell or ability that asks
Check = Callable[[GameState, Any, Obj, Characteristics, str, Obj], bool]


# ------------------------------------------------------------ characteristics
def always(state: GameState, pred: ir.Always, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return True


def has_color(state: GameState, pred: ir.HasColor, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return pred.color in ch.colors


def colorless(state: GameState, pred: ir.Colorless, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return not ch.colors


def of_chosen_color(state: GameState, pred: ir.OfChosenColor, o: Obj, ch: Characteristics, controller: str,
                    source: Obj) -> bool:
    """The color the ability's source chose as it entered (Story Circle)."""
    return bool(source.chosen) and NAME_TO_COLOR.get(source.chosen.lower()) in ch.colors


def is_type(state: GameState, pred: ir.IsType, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return pred.type in ch.types


def has_subtype(state: GameState, pred: ir.HasSubtype, o: Obj, ch: Characteristics, controller: str,
                source: Obj) -> bool:
    return pred.subtype in ch.subtypes


def has_supertype(state: GameState, pred: ir.HasSupertype, o: Obj, ch: Characteristics, controller: str,
                  source: Obj) -> bool:
    return pred.supertype in ch.supertypes


def has_keyword(state: GameState, pred: ir.HasKeyword, o: Obj, ch: Characteristics, controller: str,
                source: Obj) -> bool:
    return pred.keyword in ch.keywords


def power_at_most(state: GameState, pred: ir.PowerAtMost, o: Obj, ch: Characteristics, controller: str,
                  source: Obj) -> bool:
    return (ch.power or 0) <= pred.n


def mana_value_at_most(state: GameState, pred: ir.ManaValueAtMost, o: Obj, ch: Characteristics, controller: str,
                       source: Obj) -> bool:
    return o.card.cmc <= pred.n


def mana_value_at_most_x(state: GameState, pred: ir.ManaValueAtMostX, o: Obj, ch: Characteristics, controller: str,
                         source: Obj) -> bool:
    return False  # bound to the announced X before it is judged (x_values.bind_x)


def named_like_source(state: GameState, pred: ir.NamedLikeSource, o: Obj, ch: Characteristics, controller: str,
                      source: Obj) -> bool:
    return o.name == source.name


def other_than_source(state: GameState, pred: ir.OtherThanSource, o: Obj, ch: Characteristics, controller: str,
                      source: Obj) -> bool:
    return o.id != source.id


# ------------------------------------------------------------ status and combat
def tapped(state: GameState, pred: ir.Tapped, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return o.tapped


def attacking(state: GameState, pred: ir.Attacking, o: Obj, ch: Characteristics, controller: str,
              source: Obj) -> bool:
    return o.attacking is not None


def blocking(state: GameState, pred: ir.Blocking, o: Obj, ch: Characteristics, controller: str, source: Obj) -> bool:
    return bool(o.blocking)


def unblocked(state: GameState, pred: ir.Unblocked, o: Obj, ch: Characteristics, controller: str,
              source: Obj) -> bool:
    return o.attacking is not None and not o.blocked


def blocking_source(state: GameState, pred: ir.BlockingSource, o: Obj, ch: Characteristics, controller: str,
                    source: Obj) -> bool:
    return source.id in o.blocking


def with_single_target(state: GameState, pred: ir.WithSingleTarget, o: Obj, ch: Characteristics, controller: str,
                       source: Obj) -> bool:
    """A spell on the stack with a single target (114.8a)."""
    return any(it.source_id == o.id and it.kind == "spell" and len(it.targets) == 1 for it in state.stack)


# ------------------------------------------------------------ control and ownership
def controlled_by_you(state: GameState, pred: ir.ControlledByYou, o: Obj, ch: Characteristics, controller: str,
                      source: Obj) -> bool:
    return o.controller == controller


def owned_by_you(state: GameState, pred: ir.OwnedByYou, o: Obj, ch: Characteristics, controller: str,
                 source: Obj) -> bool:
    return o.owner == controller


def controlled_by_player(state: GameState, pred: ir.ControlledByPlayer, o: Obj, ch: Characteristics,
                         controller: str, source: Obj) -> bool:
    return o.controller == pred.player


def controlled_by_event_player(state: GameState, pred: ir.ControlledByEventPlayer, o: Obj, ch: Characteristics,
                               controller: str, source: Obj) -> bool:
    return False  # bound to the event's player before it is ever judged (triggers.bind_event)


def controlled_by_defending_player(state: GameState, pred: ir.ControlledByDefendingPlayer, o: Obj,
                                   ch: Characteristics, controller: str, source: Obj) -> bool:
    """A planeswalker the source attacks may have left since: its controller stays the defending
    player (506.2, 506.4), known from its last known information."""
    at = source.attacking
    if at is None:
        return False
    defender = at if isinstance(at, str) else (state.objects.get(at) or state.lki[at]).controller
    return o.controller == defender


OBJECT_CHECKS: dict[type, Check] = {
    ir.Always: always,
    ir.HasColor: has_color,
    ir.Colorless: colorless,
    ir.OfChosenColor: of_chosen_color,
    ir.IsType: is_type,
    ir.HasSubtype: has_subtype,
    ir.HasSupertype: has_supertype,
    ir.HasKeyword: has_keyword,
    ir.PowerAtMost: power_at_most,
    ir.ManaValueAtMost: mana_value_at_most,
    ir.ManaValueAtMostX: mana_value_at_most_x,
    ir.NamedLikeSource: named_like_source,
    ir.OtherThanSource: other_than_source,
    ir.Tapped: tapped,
    ir.Attacking: attacking,
    ir.Blocking: blocking,
    ir.Unblocked: unblocked,
    ir.BlockingSource: blocking_source,
    ir.WithSingleTarget: with_single_target,
    ir.ControlledByYou: controlled_by_you,
    ir.OwnedByYou: owned_by_you,
    ir.ControlledByPlayer: controlled_by_player,
    ir.ControlledByEventPlayer: controlled_by_event_player,
    ir.ControlledByDefendingPlayer: controlled_by_defending_player,
}
