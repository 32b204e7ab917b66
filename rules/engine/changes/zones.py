"""Zones: creating cards and tokens, moving objects between zones (a move makes a new object,
400.7 / 217.1c, with replacement effects applied as part of it), drawing, and taking
objects off the stack."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from ...cards import get_card
from ...cards.model import CardDef
from ..continuous.characteristics import chars
from ..continuous.player_rules import announce_revealed
from ..continuous.static_index import looks_at_others
from ..core.objects import Obj, StackItem
from ..core.state import GameState
from .events import emit
from .replacement import EnterEvent, MoveEvent, replaced
from .unenforced import announce_unenforced


def create_card(state: GameState, name: str, owner: str, zone: str, token: bool = False,
                card: CardDef | None = None) -> int:
    """A new card (or token) in `zone`; its number among the cards of its name stays with it."""
    cdef = card or get_card(name)
    state.name_counts[cdef.name] += 1
    state.card_total += 0 if token else 1
    oid = state.new_id()
    o = Obj(oid, cdef, owner, owner, zone, card_no=state.name_counts[cdef.name], token=token,
            timestamp=state.new_timestamp())
    state.objects[oid] = o
    state.zone_list(o).append(oid)
    if token:
        state.token_ids.add(oid)
    if zone == "battlefield":
        state.invalidate()
    else:
        state.board.pop("name_counts", None)  # one more object of its name
        state.derived.clear()  # a card in a hand or a graveyard: what is derived from those zones changed
    return oid


def move(state: GameState, oid: int, to_zone: str, *, controller: str | None = None,
         bottom: bool = False, tapped: bool = False, copy_of: Obj | None = None, chosen: str = "",
         x: int = 0, discarded_by: str = "") -> int:
    """Move an object to another zone.  It becomes a new object (400.7 / 217.1c); the old id
    keeps its last known information.  Returns the new id.  The move is an event abilities
    see once the events are flushed (`events.flush`); replacement effects apply to it as it
    happens (`rules.engine.changes.replacement`).  `copy_of`: it enters the battlefield as a copy of
    that object (706.2 / 503.2), taking the next number of its name; `chosen`: what its
    controller chose as it entered (614.12); `x`: the X of the spell it was; `discarded_by`: the
    controller of the spell or ability that made its owner discard it (Obstinate Baloth)."""
    new_id, shuffle_into = _move(state, oid, to_zone, controller=controller, bottom=bottom, tapped=tapped,
                                 copy_of=copy_of, chosen=chosen, x=x, discarded_by=discarded_by)
    if shuffle_into is not None:
        state.rng.shuffle(shuffle_into)
    return new_id


@contextmanager
def leaving_together(state: GameState, ids: Iterable[int]) -> Iterator[None]:
    """The permanents among `ids` leave the battlefield in one event, moved one by one inside
    this block: each one's characteristics are taken now, before any of them leaves, so each
    is judged as it was while the others were still there ("whenever a creature dies" looks
    back in time: 603.10a / 410.10d).  The block must not yield a decision."""
    taken = [oid for oid in ids if oid in state.objects and state.objects[oid].zone == "battlefield"
             and oid not in state.leaving]
    for oid in taken:
        state.leaving[oid] = chars(state, state.objects[oid])
    try:
        yield
    finally:
        for oid in taken:
            state.leaving.pop(oid, None)


def move_together(state: GameState, ids: list[int], to_zone: str) -> list[int]:
    """Move several objects at once: one event (Tome Scour's five cards), so a card that a
    replacement shuffles into its library is shuffled in once, after the others have moved
    (614.1a / 419.1a).  Returns the new ids, in order."""
    out: list[int] = []
    libraries: list[list[int]] = []
    with leaving_together(state, ids):
        for oid in ids:
            new_id, shuffle_into = _move(state, oid, to_zone)
            out.append(new_id)
            if shuffle_into is not None and not any(lib is shuffle_into for lib in libraries):
                libraries.append(shuffle_into)
    for lib in libraries:
        state.rng.shuffle(lib)
    return out


def _move(state: GameState, oid: int, to_zone: str, *, controller: str | None = None, bottom: bool = False,
          tapped: bool = False, copy_of: Obj | None = None, chosen: str = "",
          x: int = 0, discarded_by: str = "") -> tuple[int, list[int] | None]:
    """The move itself; also the library to shuffle, when a replacement said "shuffle it into"."""
    if state.objects[oid].zone == "battlefield":  # its last known information (603.10a / 410.10d)
        state.objects[oid].last_known = state.leaving.pop(oid, None) or chars(state, state.objects[oid])
    old = state.objects.pop(oid)
    state.zone_list(old).remove(oid)
    state.lki[oid] = old
    (ev,) = replaced(state, MoveEvent(old, to_zone, discarded_by=discarded_by))  # 614.1a / 419.1a
    assert isinstance(ev, MoveEvent)
    to_zone = ev.to_zone
    new_id = state.new_id()
    owner = old.owner
    ctrl = controller or owner
    # a copy is its own card again, and a text change is gone (400.7)
    card, card_no = old.printed or (old.copiable_card, old.card_no)
    new = Obj(new_id, card, owner, ctrl if to_zone in ("battlefield", "stack") else owner,
              to_zone, card_no=card_no, token=old.token, timestamp=state.new_timestamp())
    if to_zone == "battlefield" and copy_of is not None:
        new.printed = (new.card, new.card_no)
        new.card = copy_of.copiable_card  # its copiable values: a copy's own copied values (706.2-3)
        state.name_counts[new.card.name] += 1
        new.card_no = state.name_counts[new.card.name]
    if to_zone == "battlefield":
        new.base_controller = new.controller
        new.chosen = chosen
        new.tapped = tapped
        new.since_turn = state.turn
        if new.card.loyalty is not None:
            new.counters["loyalty"] = new.card.loyalty
        new.gained_enters = old.gained_enters if old.zone == "stack" else ()  # what the spell gained
        replaced(state, EnterEvent(new, x))  # "enters the battlefield tapped / with ..." (614.1c / 419.1c)
    state.objects[new_id] = new
    if old.token:
        state.token_ids.discard(oid)
        state.token_ids.add(new_id)
    lst = state.zone_list(new)
    if bottom or to_zone in ("battlefield", "stack"):
        lst.append(new_id)
    else:
        lst.insert(0, new_id)
    if old.zone == "battlefield":
        old.leave_combat()
    if "battlefield" not in (old.zone, to_zone):
        state.invalidate_off_battlefield()
    elif looks_at_others(state, old) or looks_at_others(state, new):
        state.invalidate()
    else:  # nothing else's characteristics depend on which permanents there are
        state.invalidate_objects((oid, new_id))
    state.zone_changes.append((old, new))
    if to_zone == "battlefield" and new.card.player_rule_effects:
        announce_revealed(state, new)
    if to_zone == "battlefield" and new.card.unsupported:
        announce_unenforced(state, new)
    return new_id, (lst if ev.shuffle else None)


def draw(state: GameState, name: str, n: int = 1, log_rule: str = "draw") -> None:
    """`name` draws `n` cards (120 / 423); one who can't is marked for the state-based action
    (704.5b / 420.5g), except a goldfish, which has no library and never loses by drawing."""
    p = state.player(name)
    drawn = 0
    for _ in range(n):
        if not p.library:
            if not p.goldfish:
                p.drew_from_empty = True
                state.log_event(f"{name} can't draw a card: their library is empty", log_rule, player=name)
            break
        new = move(state, p.library[0], "hand")
        drawn += 1
        emit(state, "draw", {"player": name, "card": new})
    if drawn:
        state.log_event(f"{name} draws {drawn} card{'s' if drawn != 1 else ''}", log_rule, player=name)


def remove_from_stack(state: GameState, item: StackItem) -> None:
    """Take `item` off the stack; a spell's card goes to its owner's graveyard."""
    state.stack.remove(item)
    if item.kind == "spell" and item.source_id in state.objects:
        spell_to_graveyard(state, item.source_id)


def spell_to_graveyard(state: GameState, oid: int) -> None:
    """A spell leaves the stack for its owner's graveyard; a copy of a spell ceases to exist
    instead (704.5e / 420.5j)."""
    o = state.objects[oid]
    if not o.spell_copy:
        move(state, oid, "graveyard")
        return
    del state.objects[oid]
    state.zone_list(o).remove(oid)
    state.lki[oid] = o
    state.invalidate()
    state.log_event(f"the copy of {o.name} ceases to exist", "copy_ceases")


def counter_item(state: GameState, item: StackItem) -> None:
    """Counter a spell or ability (701.5 / 414.1)."""
    if item in state.stack:
        remove_from_stack(state, item)
        state.log_event(f"{item.name} is countered", "counter")
