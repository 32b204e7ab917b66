"""Permanents entering the battlefield, with the choices made as they enter (614.1c-d,
614.12 / 419.1c, 419.6i): what a Clone copies (706 / 503) and what Convincing Mirage or
Pithing Needle chooses.  These are asked whenever the card enters, whether a permanent spell
resolves or an effect puts it onto the battlefield (Rise from the Grave returning a Clone
lets it copy a creature)."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from ...cards import creature_types, ir
from ...cards.model import CardDef
from ...cards.wording import BASIC_LAND_TYPES
from ..changes.zones import move
from ..continuous.characteristics import chars, matches, matches_card
from ..core.decisions import ChooseCardsDecision, ChooseNameDecision, ChooseWordDecision, Decision, YesNoDecision
from ..core.objects import Obj, StackItem
from ..core.refs import resolve_ref
from ..core.state import GameState
from .effects import choose_card_name, choose_object

Gen = Generator[Decision, Any, Any]


def enter_battlefield(state: GameState, oid: int, controller: str, *, tapped: bool = False, x: int = 0,
                      leaving: StackItem | None = None) -> Gen:
    """Put card `oid` onto the battlefield under `controller`'s control, asking first what it
    enters as a copy of and what it chooses; `leaving`: the permanent spell it was, taken off
    the stack as it enters.  Returns the new id."""
    o = state.objects[oid]
    copy_of = yield from as_it_enters_copy(state, o, controller)
    entering_as = copy_of.copiable_card if copy_of else o.card
    chosen = yield from as_it_enters_choice(state, o, controller, entering_as)
    exiling = yield from as_it_enters_exile(state, o, controller, entering_as)
    counter_on = yield from as_it_enters_counter(state, o, controller, entering_as)
    if leaving is not None:
        state.stack.remove(leaving)
    new_id = move(state, oid, "battlefield", controller=controller, tapped=tapped, copy_of=copy_of, chosen=chosen,
                  x=x)
    if exiling is not None:
        _exile_as_it_enters(state, new_id, exiling)
    if counter_on is not None:
        _counter_as_it_enters(state, new_id, *counter_on)
    if copy_of is not None:
        state.log_event(f"{o.name} {state.rules.word('enters')} under {controller}'s control as a copy of "
                        f"{copy_of.name}", "copy")
    return new_id


# what "As ~ enters the battlefield, choose a ..." offers, by what the compiler read
AS_ENTERS_CHOICES: dict[str, tuple[str, ...]] = {"basic land type": BASIC_LAND_TYPES,
                                                 "color": ("white", "blue", "black", "red", "green")}


def as_it_enters_choice(state: GameState, o: Obj, controller: str, card: CardDef | None = None) -> Gen:
    """"As ~ enters the battlefield, choose a basic land type" / "... choose a card name"
    (614.12): asked as it enters, of `card` (what it enters as); returns the word or name
    chosen, or ""."""
    choice = next(iter((card or o.card).effects_of(ir.AsEntersChoose)), None)
    if choice is None:
        return ""
    if choice.what == "card name":
        name = yield from choose_card_name(state, controller, f"choose a card name for {o.name}")
        state.log_event(f"{controller} chooses {name} for {o.name}", "etb_replacement", player=controller)
        return name
    if choice.what == "creature type":  # Adaptive Automaton: typed, like a name
        kind = yield from choose_creature_type(state, controller, f"choose a creature type for {o.name}")
        state.log_event(f"{controller} chooses {kind} for {o.name}", "etb_replacement", player=controller)
        return kind
    options = AS_ENTERS_CHOICES[choice.what]
    ans, _ = yield ChooseWordDecision(controller, f"choose a {choice.what} for {o.name}",
                                      options=options, concept="etb_replacement")
    word = next(w for w in options if w.lower() == str(ans.words[0]).lower())
    state.log_event(f"{controller} chooses {word} for {o.name}", "etb_replacement", player=controller)
    return word


def as_it_enters_exile(state: GameState, o: Obj, controller: str, card: CardDef) -> Gen:
    """"As ~ enters the battlefield, exile any number of creature cards from your graveyard"
    (Sutured Ghoul, 614.12): the cards are chosen as it enters; None if it has no such ability."""
    exile = next(iter(card.effects_of(ir.AsEntersExile)), None)
    if exile is None:
        return None
    cards = tuple(i for i in state.player(controller).graveyard  # not itself, returning from there
                  if i != o.id and matches_card(state, exile.test, state.objects[i], controller, o))
    if not cards:
        return []
    ans, _ = yield ChooseCardsDecision(controller, f"{o.name}: choose any number of cards to exile as it enters",
                                       cards=cards, most=len(cards), zone="graveyard", concept="linked_exile")
    return [resolve_ref(state, w, zones=("graveyard",), controller=controller) if isinstance(w, str) else w
            for w in ans.words]


def _exile_as_it_enters(state: GameState, new_id: int, cards: list[int]) -> None:
    exiled = [move(state, i, "exile") for i in cards if i in state.objects]
    state.linked[f"{new_id}:exiled"] = exiled
    names = ", ".join(state.objects[i].name for i in exiled) or "no cards"
    state.log_event(f"{state.objects[new_id].name} {state.rules.word('enters')} {state.rules.word('exiling')} "
                    f"{names}", "linked_exile", player=state.objects[new_id].controller)


def as_it_enters_counter(state: GameState, o: Obj, controller: str, card: CardDef) -> Gen:
    """"As ~ enters the battlefield, put a phylactery counter on an artifact you control"
    (Phylactery Lich, 614.12): the permanent is chosen as it enters; None if there's no such
    ability or nothing to choose."""
    counter = next(iter(card.effects_of(ir.AsEntersCounter)), None)
    if counter is None:
        return None
    kind, test = counter.kind, counter.test
    options = [x.id for x in state.permanents(controller) if matches(state, test, x, chars(state, x), controller, o)]
    chosen = yield from choose_object(state, controller, f"{o.name}: choose where to put a {kind} counter as it enters",
                                      options, concept="etb_replacement")
    return None if chosen is None else (kind, chosen)


def _counter_as_it_enters(state: GameState, new_id: int, kind: str, on: int) -> None:
    target = state.objects.get(on)
    if target is None or target.zone != "battlefield":
        return
    target.counters[kind] += 1
    state.invalidate()
    state.log_event(f"{state.objects[new_id].name} {state.rules.word('enters')}: a {kind} counter is put on "
                    f"{target.name}", "etb_replacement", player=state.objects[new_id].controller)
def choose_creature_type(state: GameState, player: str, prompt: str) -> Gen:
    """`player` chooses a creature type (2014 205.3m / 2009 212.3): any of the card database's,
    those of the creatures in this game offered first.  Returns it."""
    kinds = creature_types()
    here = {s for o in state.objects.values() if o.zone == "battlefield" for s in chars(state, o).subtypes}
    d = ChooseNameDecision(player, prompt, names=kinds, suggested=tuple(k for k in kinds if k in here),
                           concept="etb_replacement")
    ans, _ = yield d
    return d.canonical(str(ans.words[0])) or str(ans.words[0])


def as_it_enters_copy(state: GameState, o: Obj, controller: str) -> Gen:
    """"You may have ~ enter the battlefield as a copy of any creature on the battlefield":
    the choice is made as it enters (614.1c / 419.1c, 706 / 503), a yes or no, then which one
    when there are several.  Returns the object to copy, or None."""
    copy = next(iter(o.card.effects_of(ir.EntersAsCopy)), None)
    if copy is None:
        return None
    test = copy.test
    options = [p.id for p in state.permanents() if matches(state, test, p, chars(state, p), controller, o)]
    if not options:
        return None
    ans, _ = yield YesNoDecision(controller, f"{o.name}: enter the battlefield as a copy of "
                                 + (state.objects[options[0]].name if len(options) == 1 else "a creature") + "?")
    if not ans.yes:
        return None
    chosen = yield from choose_object(state, controller, f"choose what {o.name} enters as a copy of", options,
                                      concept="copy")
    copied = _with_exceptions(state.objects[chosen], copy)
    if copied is not state.objects[chosen]:
        state.log_event(f"{o.name} copies {copied.name} except that it's also "
                        f"{' and '.join(copy.adds_subtypes) or 'the same type'}"
                        + "".join(f' and gains "{a.text}"' for a in copy.adds_abilities), "copy_exception")
    return copied


def _with_exceptions(original: Obj, copy: ir.EntersAsCopy) -> Obj:
    """The object to copy with the copy effect's exceptions ("except it's an Illusion ... and it
    gains ...", Phantasmal Image): they are part of the copy's copiable values (706.9a / 503.9)."""
    if not copy.adds_subtypes and not copy.adds_abilities:
        return original
    card = original.copiable_card
    subtypes = card.type_line.subtypes + tuple(s for s in copy.adds_subtypes if s not in card.type_line.subtypes)
    excepted = dataclasses.replace(card, type_line=dataclasses.replace(card.type_line, subtypes=subtypes),
                                   abilities=[*card.abilities, *copy.adds_abilities])
    return dataclasses.replace(original, card=excepted, copiable=None)


def begin_with_opening_hand(state: GameState) -> Gen:
    """Once every player has kept an opening hand, the starting player, then each other player
    in turn order, may put onto the battlefield the cards of their opening hand that say so
    ("If Leyline of Vitality is in your opening hand, you may begin the game with it on the
    battlefield", 2014 103.6 / 2009 101.5)."""
    for p in state.apnap():
        for oid in list(p.hand):
            o = state.objects[oid]
            if not o.card.effects_of(ir.BeginOnBattlefield):
                continue
            ans, _ = yield YesNoDecision(p.name, f"begin the game with {o.name} "
                                                 f"{state.rules.word('on_battlefield')}?")
            if ans.yes:
                yield from enter_battlefield(state, oid, p.name)
                state.log_event(f"{p.name} begins the game with {o.name} {state.rules.word('on_battlefield')}",
                                "opening_hand_permanent", player=p.name)
