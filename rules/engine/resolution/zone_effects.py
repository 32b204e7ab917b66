"""One-shot effects that move cards between hidden and public zones: searching and
shuffling libraries, milling, revealing, putting cards onto the battlefield from a hand or
a graveyard.  Same shape as `rules.engine.resolution.effects`: `fn(state, ctx, ...values)`; `test`
arguments are predicates on cards' printed characteristics (`Game.matches_card`)."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

from ...cards.ir import Always, Pred
from ..changes.zones import leaving_together, move, move_together
from ..continuous.attachments import attachment_kind, aura_target_spec, can_attach
from ..continuous.characteristics import matches_card
from ..core.decisions import ChooseCardsDecision, Decision, YesNoDecision
from ..core.refs import resolve_ref
from ..core.state import EffectContext, GameState
from .effects import Ids, choose_object, discard_card, move_each
from .entering import enter_battlefield

Gen = Generator[Decision, Any, Any]
Players = Iterable[str]


def _is(state: GameState, test: Pred, oid: int, controller: str, source: Any) -> bool:
    return matches_card(state, test, state.objects[oid], controller, source)


def shuffle(state: GameState, ctx: EffectContext, who: Players) -> None:
    for p in who:
        state.rng.shuffle(state.player(p).library)
        state.log_event(f"{p} shuffles their library", "shuffle_library", player=p)
    state.invalidate()


def _search_library(state: GameState, ctx: EffectContext, owner: str, test: Pred, what: str) -> Gen:
    """The controller searches `owner`'s library for a card matching `test` (701.16a / 217.2b)
    and chooses one among them (identical cards count once); returns it, or None.  A card
    with a stated quality may be left unfound (701.16b); "a card" is found if there is one
    (701.16c)."""
    p = ctx.controller
    cands = [i for i in state.player(owner).library if _is(state, test, i, p, ctx.source)]
    whose = "their" if owner == p else f"{owner}'s"
    state.log_event(f"{p} searches {whose} library for {what}", "search", player=p)
    oid = yield from choose_object(state, p, f"{ctx.source.name}: choose {what} from "
                                   f"{'your' if owner == p else whose} library", cands,
                                   zones=("library",), concept="search", hidden=True,
                                   may_find_nothing=not isinstance(test, Always))
    if oid is None:
        _log_found_nothing(state, p, cands)
    return oid


def _log_found_nothing(state: GameState, p: str, cands: list[int]) -> None:
    """"finds nothing": citing 701.16b when there was a card to find."""
    state.log_event(f"{p} finds nothing", "search_find_nothing" if cands else "search", player=p)


def _find_up_to(state: GameState, ctx: EffectContext, test: Pred, what: str, count: int) -> Gen:
    """"Search your library for up to N ...": one card at a time (the player may stop after
    each, or find nothing, 701.16b); returns the cards found, still in the library."""
    p = ctx.controller
    found: list[int] = []
    while len(found) < count:
        if found:
            ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: find another {what}?")
            if not ans.yes:
                break
        cands = [i for i in state.player(p).library if i not in found and _is(state, test, i, p, ctx.source)]
        state.log_event(f"{p} searches their library for a {what}", "search", player=p)
        oid = yield from choose_object(state, p, f"{ctx.source.name}: choose a {what} from your library", cands,
                                       zones=("library",), concept="search", hidden=True, may_find_nothing=True)
        if oid is None:
            _log_found_nothing(state, p, cands)
            break
        found.append(oid)
    return found


def search(state: GameState, ctx: EffectContext, test: Pred, what: str, dest: str,
           tapped: bool = False, reveal: bool = False) -> Gen:
    """The controller searches their library for a card matching `test` and puts it into
    their hand, onto the battlefield or (dest "top") on top after shuffling (701.16a).
    The card found is remembered in ctx.data["found"]."""
    p = ctx.controller
    oid = yield from _search_library(state, ctx, p, test, what)
    if dest == "top":  # "then shuffle your library and put that card on top of it"
        shuffle(state, ctx, [p])
    if oid is None:
        return
    name = state.objects[oid].name
    if dest == "battlefield":
        new = yield from enter_battlefield(state, oid, p, tapped=tapped)
        state.log_event(f"{p} puts {name} {state.rules.word('onto_battlefield')}{' tapped' if tapped else ''}",
                  "search", player=p)
    elif dest == "top":
        new = move(state, oid, "library")
        state.log_event(f"{p} puts the card found on top of their library", "search", player=p)
    elif dest == "exile":  # "search your library for an artifact card, exile it" (Hoarding Dragon)
        new = move(state, oid, "exile")
        state.log_event(f"{name} is {state.rules.word('exiled')}", "search", player=p)
    else:
        new = move(state, oid, "hand")
        state.log_event(f"{p} {'reveals ' + name + ' and ' if reveal else ''}puts "
                  f"{'it' if reveal else 'a card'} into their hand", "search", player=p)
    ctx.data["found"] = new


def search_several(state: GameState, ctx: EffectContext, test: Pred, what: str, count: int, tapped: bool,
                   dest: str = "battlefield") -> Gen:
    """"Search your library for up to two land cards, put them onto the battlefield tapped"
    (701.16a / 217.2b): the player chooses the cards one at a time and may stop after each;
    then they enter the battlefield together."""
    p = ctx.controller
    found = yield from _find_up_to(state, ctx, test, what, count)
    if dest == "hand":  # "reveal them, put them into your hand" (Squadron Hawk)
        names = [state.objects[i].name for i in found]
        for oid in found:
            move(state, oid, "hand")
        state.log_event(f"{p} reveals {', '.join(names) or 'nothing'} and puts "
                        f"{'them' if len(names) != 1 else 'it'} into their hand", "search", player=p)
        return
    for oid in found:
        name = state.objects[oid].name
        yield from enter_battlefield(state, oid, p, tapped=tapped)
        state.log_event(f"{p} puts {name} {state.rules.word('onto_battlefield')}{' tapped' if tapped else ''}",
                        "search", player=p)


def search_library_of(state: GameState, ctx: EffectContext, who: Ids, test: Pred, what: str, key: str) -> Gen:
    """"Search that player's library for a card": the controller looks through another
    player's library and chooses a card matching `test` (701.16a / 217.2b); it stays there,
    remembered in ctx.data[key], and nobody else learns which it is."""
    p = ctx.controller
    ctx.data[key] = []
    for owner in who:
        if owner is None:
            continue
        oid = yield from _search_library(state, ctx, owner, test, what)
        if oid is None:
            continue
        ctx.data[key] = [oid]
        state.log_event(f"{p} chooses a card in {owner}'s library", "search", player=p)
def exile_from_graveyard(state: GameState, ctx: EffectContext, who: Players, test: Pred) -> None:
    """"Exile all cards from target player's graveyard other than basic land cards": what
    was exiled is remembered in ctx.data["exiled"] (the new objects in exile)."""
    exiled: list[int] = ctx.data.setdefault("exiled", [])
    for p in who:
        ids = [i for i in state.player(p).graveyard if _is(state, test, i, ctx.controller, ctx.source)]
        names = [state.objects[i].name for i in ids]
        exiled += [move(state, i, "exile") for i in ids]
        state.log_event(f"{', '.join(names) or 'no cards'} from {p}'s graveyard "
                        f"{'is' if len(names) == 1 else 'are'} {state.rules.word('exiled')}", "exile", player=p)


def exile_namesakes(state: GameState, ctx: EffectContext, who: Players) -> None:
    """"For each card exiled this way, search that player's library for all cards with the
    same name as that card and exile them" (701.16a / 217.2b).  The searcher finds every
    one of them (a search for cards with a stated quality may fail to find them, 701.16b;
    here it never does)."""
    names = {state.objects[i].name for i in ctx.data.get("exiled", []) if i in state.objects}
    for p in who:
        lib = state.player(p).library
        found = [i for i in lib if state.objects[i].name in names]
        state.log_event(f"{ctx.controller} searches {p}'s library for cards named "
                        f"{', '.join(sorted(names)) or 'nothing'}", "search", player=ctx.controller)
        shown = [state.objects[i].name for i in found]
        for i in found:
            move(state, i, "exile")
        if shown:
            state.log_event(f"{', '.join(shown)} from {p}'s library {'is' if len(shown) == 1 else 'are'} "
                            f"{state.rules.word('exiled')}", "exile", player=p)


def choose_exiled(state: GameState, ctx: EffectContext, most: int, key: str) -> Gen:
    """"Choose up to seven face-up exiled cards you own" (every exiled card is face up here):
    remembered in ctx.data[key] so that, put on top of a library one by one, the first card
    chosen ends on top."""
    p = ctx.controller
    cards = tuple(state.player(p).exile)
    chosen: list[int] = []
    if cards:
        ans, _ = yield ChooseCardsDecision(p, f"{ctx.source.name}: choose up to {most} exiled cards you own",
                                           cards=cards, most=most, zone="exile", concept="exile")
        chosen = [resolve_ref(state, w, zones=("exile",), controller=p) if isinstance(w, str) else w
                  for w in ans.words]
    names = ", ".join(state.objects[i].name for i in chosen) or "no cards"
    state.log_event(f"{p} chooses {names} from exile", "exile", player=p)
    ctx.data[key] = list(reversed(chosen))


def exile_library(state: GameState, ctx: EffectContext, who: Players) -> None:
    """"Exile all the cards from your library"."""
    for p in who:
        lib = state.player(p).library
        n = len(lib)
        for i in list(lib):
            move(state, i, "exile")
        state.log_event(f"all {n} card{'s' if n != 1 else ''} of {p}'s library {'is' if n == 1 else 'are'} "
                        f"{state.rules.word('exiled')}", "exile", player=p)


def shuffle_permanents_in(state: GameState, ctx: EffectContext) -> None:
    """Warp World: each player shuffles every permanent they own into their library, then
    reveals that many cards from its top (remembered per player in ctx.data["revealed"]).
    A token goes too, and counts, but ceases to exist on the way (704.5d / 420.5f): it is
    never revealed."""
    counts: dict[str, int] = {}
    with leaving_together(state, list(state.battlefield)):  # every permanent leaves in one event
        for pl in state.apnap():
            owned = [o.id for o in state.permanents() if o.owner == pl.name]
            counts[pl.name] = len(owned)
            for oid in owned:
                _shuffle_permanent_in(state, oid)
            state.log_event(f"{pl.name} shuffles {len(owned)} permanent{'s' if len(owned) != 1 else ''} into "
                            "their library", "shuffle_library", player=pl.name)
    shuffle(state, ctx, counts)
    revealed: dict[str, list[int]] = {}
    for p, n in counts.items():
        revealed[p] = list(state.player(p).library[:n])
        names = ", ".join(state.objects[i].name for i in revealed[p]) or "no cards"
        state.log_event(f"{p} reveals {names}", "reveal", player=p)
    ctx.data["revealed"] = revealed


def _shuffle_permanent_in(state: GameState, oid: int) -> None:
    """One permanent goes to its owner's library; a token ceases to exist on the way (704.5d /
    420.5k): it is never revealed."""
    new = move(state, oid, "library")
    o = state.objects[new]
    if o.token:
        state.objects.pop(new)
        state.zone_list(o).remove(new)
        state.lki[new] = o
        state.invalidate()
        state.log_event(f"a {o.name} token ceases to exist", "sba_token")


def put_revealed_onto_battlefield(state: GameState, ctx: EffectContext, batches: tuple[Pred, ...]) -> Gen:
    """Warp World: each batch of the cards revealed enters the battlefield at the same time
    (an Aura attached as it enters, 303.4f / 212.4j), then the rest go to the bottom."""
    revealed: dict[str, list[int]] = ctx.data.get("revealed", {})
    for test in batches:
        entries = [(i, p) for p, ids in revealed.items() for i in ids
                   if i in state.objects and state.objects[i].zone == "library"
                   and _is(state, test, i, p, ctx.source)]
        yield from enter_together(state, entries)
    for p, ids in revealed.items():
        rest = [i for i in ids if i in state.objects and state.objects[i].zone == "library"]
        for i in rest:
            move(state, i, "library", bottom=True)
        if rest:
            state.log_event(f"{p} puts {len(rest)} card{'s' if len(rest) != 1 else ''} on the bottom of their "
                            "library", "library_top", player=p)


def card_is(state: GameState, test: Pred, oid: int, controller: str, source: Any) -> bool:
    """Whether the card `oid` matches `test` on its printed characteristics."""
    return _is(state, test, oid, controller, source)


def reveal_top(state: GameState, ctx: EffectContext, who: Players, key: str) -> None:
    """"Reveal the top card of your library": remembered in ctx.data[key]."""
    shown: list[int] = []
    for p in who:
        lib = state.player(p).library
        if lib:
            shown.append(lib[0])
        state.log_event(f"{p} reveals {state.objects[lib[0]].name if lib else 'nothing'} from the top of their "
                        "library", "reveal", player=p)
    ctx.data[key] = shown


def put_on_bottom(state: GameState, ctx: EffectContext, which: Iterable[Any]) -> None:
    """"put that card on the bottom of your library" (a card still in its library)."""
    for oid in list(which):
        if oid is not None and oid in state.objects:
            name = state.objects[oid].name
            move(state, oid, "library", bottom=True)
            state.log_event(f"{name} is put on the bottom of its owner's library", "library_top")


def mill(state: GameState, ctx: EffectContext, who: Players, counts: dict[str, int] | int) -> None:
    """"puts the top N cards of their library into their graveyard" (N per player, or one N)."""
    for p in who:
        lib = state.player(p).library
        n = min(counts if isinstance(counts, int) else counts[p], len(lib))
        move_together(state, lib[:n], "graveyard")  # one event (a Darksteel Colossus among them is shuffled in once)
        state.log_event(f"{p} puts the top {n} card{'s' if n != 1 else ''} of their library into their graveyard",
                  "mill", player=p)


def put_on_top(state: GameState, ctx: EffectContext, which: Iterable[Any]) -> None:
    """"Put target creature on top of its owner's library"."""
    move_each(state, which, "library", "is put on top of its owner's library", "library_top")


def reveal_at_random(state: GameState, ctx: EffectContext, who: Players) -> None:
    """"That player reveals a card at random from their hand" (Merfolk Spy)."""
    for p in who:
        hand = state.player(p).hand
        if not hand:
            state.log_event(f"{p} has no cards in hand to reveal", "reveal", player=p)
            continue
        oid = state.rng.choice(list(hand))
        state.log_event(f"{p} reveals {state.objects[oid].name} at random from their hand", "reveal", player=p)
        ctx.data["revealed_by"] = p


def reveal_hand(state: GameState, ctx: EffectContext, who: Players) -> None:
    for p in who:
        names = ", ".join(state.objects[i].name for i in state.player(p).hand) or "no cards"
        state.log_event(f"{p} reveals their hand: {names}", "reveal", player=p)
        ctx.data["revealed_by"] = p


def discard_chosen(state: GameState, ctx: EffectContext, who: Players, test: Pred, what: str) -> Gen:
    """"You choose a noncreature, nonland card from it. That player discards that card."""
    for p in who:
        cands = [i for i in state.player(p).hand if _is(state, test, i, ctx.controller, ctx.source)]
        oid = yield from choose_object(state, ctx.controller, f"{ctx.source.name}: choose {what} from {p}'s hand",
                                       cands, zones=("hand",), concept="discard", hidden=True)
        if oid is not None:
            discard_card(state, p, oid, by=ctx.controller)
    return


def put_from_hand(state: GameState, ctx: EffectContext, test: Pred, what: str) -> Gen:
    """"You may put a creature card from your hand onto the battlefield"."""
    p = ctx.controller
    cands = [i for i in state.player(p).hand if _is(state, test, i, p, ctx.source)]
    oid = yield from choose_object(state, p, f"{ctx.source.name}: choose {what} from your hand", cands,
                                   zones=("hand",), concept="put_onto_battlefield", hidden=True)
    if oid is not None:
        name = state.objects[oid].name
        yield from enter_battlefield(state, oid, p)
        state.log_event(f"{p} puts {name} {state.rules.word('onto_battlefield')}", "put_onto_battlefield", player=p)


def put_onto_battlefield(state: GameState, ctx: EffectContext, which: Ids, remember: str) -> Gen:
    """"Put target creature card from a graveyard onto the battlefield under your control"."""
    p = ctx.controller
    put: list[int] = []
    for oid in which:
        if oid is None or oid not in state.objects:
            continue
        name = state.objects[oid].name
        put.append((yield from enter_battlefield(state, oid, p)))
        state.log_event(f"{name} {state.rules.word('enters')} under {p}'s control", "put_onto_battlefield", player=p)
    ctx.data[remember] = put


def return_all_from_graveyards(state: GameState, ctx: EffectContext, test: Pred, owners: bool = False) -> Gen:
    """"Put all creature cards from all graveyards onto the battlefield under your control";
    "Return all artifact and enchantment cards from all graveyards to the battlefield under
    their owners' control" (`owners`).  They enter at the same time."""
    p = ctx.controller
    ids = [i for pl in state.players for i in pl.graveyard if _is(state, test, i, p, ctx.source)]
    yield from enter_together(state, [(oid, state.objects[oid].owner if owners else p) for oid in ids])


def enter_together(state: GameState, entries: list[tuple[int, str]]) -> Gen:
    """Put cards onto the battlefield at the same time, each (id, controller) under that
    player's control.  An Aura's new controller chooses what it enchants as it enters, among
    the objects and players already there (2014 303.4f / 2009 212.4j); with nothing it could
    enchant, it stays where it is (303.4g / 212.4k).  Returns the new ids, in order."""
    hosts: dict[int, Any] = {}
    stays: set[int] = set()
    seat = {pl.name: i for i, pl in enumerate(state.apnap())}
    for oid, p in sorted(entries, key=lambda e: seat.get(e[1], len(seat))):  # APNAP order (101.4 / 103.4)
        o = state.objects[oid]
        if attachment_kind(state, o) != "Aura":
            continue
        spec = aura_target_spec(o)
        options: list[Any] = [x.id for x in state.permanents() if can_attach(state, o, x.id)]
        if spec is not None and spec.kind in ("player", "any"):
            options += [pl.name for pl in state.live_players() if can_attach(state, o, pl.name)]
        host = yield from choose_object(state, p, f"{o.name}: choose what it enchants as it enters", options,
                                        concept="aura_enters")
        if host is None:
            stays.add(oid)
            state.log_event(f"{o.name} has nothing it could enchant: it stays in its owner's {o.zone}",
                            "aura_no_host", player=p)
        else:
            hosts[oid] = host
    new: list[int] = []
    for oid, p in entries:
        if oid in stays:
            continue
        name = state.objects[oid].name
        nid = yield from enter_battlefield(state, oid, p)
        new.append(nid)
        if oid in hosts:
            state.objects[nid].attached_to = hosts[oid]
            state.invalidate()  # what the Aura gives its host
            host = hosts[oid]
            what = host if isinstance(host, str) else state.objects[host].name
            state.log_event(f"{name} {state.rules.word('enters')} under {p}'s control attached to {what}",
                            "aura_enters", player=p)
        else:
            state.log_event(f"{name} {state.rules.word('enters')} under {p}'s control", "put_onto_battlefield",
                            player=p)
    state.invalidate()
    return new


def reveal_until(state: GameState, ctx: EffectContext, who: Players, test: Pred, what: str) -> Gen:
    """"reveals cards from the top of their library until they reveal a creature card. The
    player puts that card onto the battlefield, then shuffles all other cards revealed this
    way into their library" (Polymorph)."""
    for p in who:
        lib = state.player(p).library
        shown: list[str] = []
        hit = None
        for i in lib:
            shown.append(state.objects[i].name)
            if _is(state, test, i, p, ctx.source):
                hit = i
                break
        state.log_event(f"{p} reveals {', '.join(shown) or 'no cards'}", "reveal", player=p)
        if hit is not None:
            name = state.objects[hit].name
            yield from enter_battlefield(state, hit, p)
            state.log_event(f"{p} puts {name} {state.rules.word('onto_battlefield')}", "put_onto_battlefield", player=p)
        state.rng.shuffle(lib)
        state.invalidate()  # what is on top may matter ("As long as the top card of your library is black")
        state.log_event(f"{p} shuffles the other revealed cards into their library", "shuffle_library", player=p)


def reorder_top(state: GameState, ctx: EffectContext, count: int) -> Gen:
    """"Look at the top N cards of your library, then put them back in any order": the
    player picks the new top card, then the next, ... (the cards stay the same objects)."""
    p = ctx.controller
    lib = state.player(p).library
    top = list(lib[:count])
    state.log_event(f"{p} looks at the top {len(top)} card{'s' if len(top) != 1 else ''} of their library",
              "library_top", player=p)
    lib[:len(top)] = yield from in_chosen_order(state, p, ctx, top, "on top of your library", "library_top")
    state.invalidate()  # what is on top may matter
    state.log_event(f"{p} puts them back in the order of their choice", "library_top", player=p)


def scry(state: GameState, ctx: EffectContext, count: int) -> Gen:
    """"Scry N" (2014 701.15a / 2009 501.8a): the player looks at the top N cards of their
    library, says of each whether it goes to the bottom, then orders those staying on top
    and those going to the bottom (in each group, the first chosen is the upper card)."""
    p = ctx.controller
    lib = state.player(p).library
    top = list(lib[:count])
    if not top:
        return
    state.log_event(f"{p} scries {len(top)}: they look at the top {len(top)} card{'s' if len(top) != 1 else ''} "
                    "of their library", "scry", player=p)
    bottom: list[int] = []
    for oid in top:
        ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: scry: put {state.objects[oid].name} on the bottom "
                                        "of your library?")
        if ans.yes:
            bottom.append(oid)
    keep = [i for i in top if i not in bottom]
    ordered_top = yield from in_chosen_order(state, p, ctx, keep, "on top of your library", "scry")
    ordered_bottom = yield from in_chosen_order(state, p, ctx, bottom, "on the bottom of your library", "scry")
    rest = lib[len(top):]
    lib[:] = ordered_top + rest + ordered_bottom
    state.invalidate()  # what is on top may matter
    state.log_event(f"{p} puts {len(bottom)} on the bottom of their library and {len(keep)} on top",
                    "scry", player=p)


def in_chosen_order(state: GameState, p: str, ctx: EffectContext, cards: list[int], where: str,
                     concept: str, zones: tuple[str, ...] = ("library",)) -> Gen:
    """The cards in the order the player picks them (the first picked is the upper one)."""
    order: list[int] = []
    left = list(cards)
    while len(left) > 1:
        oid = yield from choose_object(state, p, f"{ctx.source.name}: choose the card to put "
                                                f"{'next' if order else where}", left,
                                       zones=zones, concept=concept, hidden=True)
        order.append(oid)
        left.remove(oid)
    return order + left


def return_to_battlefield(state: GameState, ctx: EffectContext, which: Ids, tapped: bool) -> Gen:
    """"Return ~ from your graveyard to the battlefield tapped": under its owner's control."""
    for oid in which:
        if oid is None or oid not in state.objects or state.objects[oid].zone != "graveyard":
            continue
        o = state.objects[oid]
        name, owner = o.name, o.owner
        yield from enter_battlefield(state, oid, owner, tapped=tapped)
        state.log_event(f"{name} returns {state.rules.word('onto_battlefield')}{' tapped' if tapped else ''}",
                        "put_onto_battlefield", player=owner)


def shuffle_self_and_graveyard(state: GameState, ctx: EffectContext) -> None:
    """"Shuffle Elixir of Immortality and your graveyard into their owner's library"."""
    p = ctx.controller
    src = ctx.source
    if src.id in state.objects and state.objects[src.id].zone in ("battlefield", "graveyard") \
            and state.objects[src.id].owner == p:
        move(state, src.id, "library")
    for oid in list(state.player(p).graveyard):
        move(state, oid, "library")
    state.rng.shuffle(state.player(p).library)
    state.invalidate()
    state.log_event(f"{p} shuffles {src.name} and their graveyard into their library", "shuffle_library", player=p)


def search_one_tapped_one_to_hand(state: GameState, ctx: EffectContext, test: Pred, what: str) -> Gen:
    """Cultivate: up to two cards found (one at a time; the player may stop after the first)
    and revealed; the player chooses which one enters the battlefield tapped, the other goes
    to their hand."""
    p = ctx.controller
    found = yield from _find_up_to(state, ctx, test, what, 2)
    if not found:
        return
    state.log_event(f"{p} reveals {', '.join(state.objects[i].name for i in found)}", "reveal", player=p)
    onto = found[0]
    if len(found) == 2 and state.objects[found[0]].name != state.objects[found[1]].name:
        onto = yield from choose_object(state, p, f"{ctx.source.name}: choose the card to put onto the battlefield "
                                                  "tapped", found, zones=("library",), concept="search")
    for oid in found:
        name = state.objects[oid].name
        if oid == onto:
            yield from enter_battlefield(state, oid, p, tapped=True)
            state.log_event(f"{p} puts {name} {state.rules.word('onto_battlefield')} tapped", "search", player=p)
        else:
            move(state, oid, "hand")
            state.log_event(f"{p} puts {name} into their hand", "search", player=p)


def shuffle_graveyard_into_library(state: GameState, ctx: EffectContext, who: Players) -> None:
    """"Target player shuffles their graveyard into their library" (Reminisce)."""
    for p in who:
        cards = list(state.player(p).graveyard)
        for oid in cards:
            move(state, oid, "library")
        state.rng.shuffle(state.player(p).library)
        state.log_event(f"{p} shuffles their graveyard ({len(cards)} card{'s' if len(cards) != 1 else ''}) into "
                        "their library", "shuffle_library", player=p)
    state.invalidate()


def shuffle_spell_into_library(state: GameState, ctx: EffectContext) -> None:
    """"Shuffle ~ into its owner's library" as the spell resolves (the Beacons): it leaves the
    stack for its owner's library instead of the graveyard (608.2k / 413.2i: only a spell
    still on the stack goes to the graveyard)."""
    item = ctx.item
    if item is None or item.kind != "spell" or item not in state.stack:
        return
    o = state.objects.get(item.source_id)
    if o is None or o.spell_copy:  # a copy isn't a card: it ceases to exist as it leaves the stack
        return
    state.stack.remove(item)
    move(state, o.id, "library")
    state.rng.shuffle(state.player(o.owner).library)
    state.log_event(f"{o.name} is shuffled into {o.owner}'s library", "shuffle_library", player=o.owner)
    state.invalidate()


def each_may_put_from_hand(state: GameState, ctx: EffectContext, who: Iterable[str], test: Pred, what: str) -> Gen:
    """"each other player may put a creature card from their hand onto the battlefield": in
    APNAP order each player chooses one or none (2014 101.4 / 2009 103.4), then they all
    enter the battlefield at the same time, each under its chooser's control."""
    entries: list[tuple[int, str]] = []
    order = [p.name for p in state.apnap() if p.name in set(who)]
    for p in order:
        cands = [i for i in state.player(p).hand if _is(state, test, i, p, ctx.source)]
        if not cands:
            continue
        ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: put {what} from your hand onto the battlefield?")
        if not ans.yes:
            state.log_event(f"{p} puts nothing onto the battlefield ({ctx.source.name})", "put_onto_battlefield",
                            player=p)
            continue
        oid = yield from choose_object(state, p, f"{ctx.source.name}: choose {what} from your hand", cands,
                                       zones=("hand",), concept="put_onto_battlefield", hidden=True)
        if oid is not None:
            entries.append((oid, p))
            state.log_event(f"{p} puts {state.objects[oid].name} {state.rules.word('onto_battlefield')}",
                            "put_onto_battlefield", player=p)
    if entries:
        yield from enter_together(state, entries)
