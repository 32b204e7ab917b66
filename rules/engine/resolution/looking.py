"""Effects on hidden information: looking at a hand or at the top of a library, choosing
cards among them, and the effects that move whole hands and libraries about (Peek, Telling
Time, Commune with Nature, Agonizing Memories, Head Games, Time Reversal, Jace's Archivist,
Scalpelexis, Mass Polymorph, Conundrum Sphinx, Doubling Chant).

A card looked at is shown to the player who looks alone: the public log says that they
looked, and a private line (`log_event(..., to=player)`) names the cards; the choices they
make among those cards are theirs, so only they see the options (2014 400.2, 401.2, 402.3 /
2009 217.2b, 217.3c).  `rules.engine.resolution.handlers.hidden` carries out the IR of
`rules.cards.ir`'s `LibraryEffect` with these functions."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

from ...cards import ir
from ..changes.zones import draw as draw_cards, move, move_together, spell_to_graveyard
from ..continuous.attachments import can_attach
from ..continuous.characteristics import chars
from ..core.decisions import ChooseCardsDecision, Decision, YesNoDecision
from ..core.state import EffectContext, GameState
from .effects import choose_card_name, choose_object, discard_card
from .entering import enter_battlefield
from .free_cast import cant_cast, cast_now
from .zone_effects import card_is, enter_together, in_chosen_order

Gen = Generator[Decision, Any, Any]


def _names(state: GameState, ids: Iterable[int]) -> str:
    return ", ".join(state.objects[i].name for i in ids) or "no cards"


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


# ------------------------------------------------------------------ looking at hands
def look_at_hand(state: GameState, ctx: EffectContext, who: Iterable[Any]) -> None:
    """"Look at target player's hand": the cards are shown to the controller alone."""
    p = ctx.controller
    for owner in who:
        if owner is None:
            continue
        hand = state.player(owner).hand
        state.log_event(f"{p} looks at {owner}'s hand ({_cards(len(hand))})", "look_hand", player=p)
        state.log_event(f"{owner}'s hand: {_names(state, hand)}", "look_hand", player=p, to=p)


def hand_cards_on_top(state: GameState, ctx: EffectContext, who: Iterable[Any], count: int) -> Gen:
    """Agonizing Memories: the controller looks at the hand, chooses `count` cards (all of
    them with no more) and puts them on top of that library in the order they choose (the
    first chosen on top)."""
    p = ctx.controller
    for owner in who:
        if owner is None:
            continue
        look_at_hand(state, ctx, [owner])
        left = list(state.player(owner).hand)
        chosen: list[int] = []
        while left and len(chosen) < count:
            oid = yield from choose_object(state, p, f"{ctx.source.name}: choose a card from {owner}'s hand "
                                                     f"({len(chosen) + 1} of {count})", left,
                                           zones=("hand",), concept="look_hand", hidden=True)
            chosen.append(oid)
            left.remove(oid)
        ordered = yield from in_chosen_order(state, p, ctx, chosen, f"on top of {owner}'s library", "library_top",
                                             zones=("hand",))
        names = _names(state, ordered)
        for oid in reversed(ordered):
            move(state, oid, "library")
        state.invalidate()  # what is on top may matter
        state.log_event(f"{p} puts {_cards(len(ordered))} from {owner}'s hand on top of {owner}'s library",
                        "library_top", player=p)
        if ordered:
            state.log_event(f"put on top of {owner}'s library, from the top: {names}", "library_top", player=p, to=p)


def hand_on_top_search_that_many(state: GameState, ctx: EffectContext, who: Iterable[Any]) -> Gen:
    """Head Games: the player puts their hand on top of their library (in an order of their
    choosing that nobody sees; it can't matter, the library is searched and shuffled next);
    the controller searches that library for as many cards, any cards (a search for cards
    without a stated quality finds them: 2014 701.16c / 2009 217.2b), and the player puts
    them into their hand and shuffles."""
    p = ctx.controller
    for owner in who:
        if owner is None:
            continue
        hand = list(state.player(owner).hand)
        for oid in reversed(hand):
            move(state, oid, "library")
        n = len(hand)
        state.log_event(f"{owner} puts the {_cards(n)} from their hand on top of their library", "library_top",
                        player=owner)
        state.log_event(f"{p} searches {owner}'s library for {_cards(n)}", "search", player=p)
        found: list[int] = []
        for k in range(n):
            left = [i for i in state.player(owner).library if i not in found]
            oid = yield from choose_object(state, p, f"{ctx.source.name}: choose a card from {owner}'s library "
                                                     f"({k + 1} of {n})", left,
                                           zones=("library",), concept="search", hidden=True)
            if oid is None:
                break
            found.append(oid)
        move_together(state, found, "hand")
        state.log_event(f"{owner} puts the {_cards(len(found))} {p} found into their hand", "search", player=owner)
        state.rng.shuffle(state.player(owner).library)
        state.invalidate()
        state.log_event(f"{owner} shuffles their library", "shuffle_library", player=owner)


# ------------------------------------------------------------------ looking at libraries
def look_and_distribute(state: GameState, ctx: EffectContext, count: int, dests: tuple[str, ...]) -> Gen:
    """Telling Time: the player looks at the top `count` cards and picks one for each
    destination in turn ("hand", "top", "bottom"); with fewer cards, the first destinations
    get them."""
    p = ctx.controller
    lib = state.player(p).library
    top = list(lib[:count])
    state.log_event(f"{p} looks at the top {_cards(len(top))} of their library", "library_top", player=p)
    state.log_event(f"the top of {p}'s library: {_names(state, top)}", "library_top", player=p, to=p)
    words = {"hand": "into your hand", "top": "on top of your library", "bottom": "on the bottom of your library"}
    left = list(top)
    placed: dict[str, int] = {}
    for dest in dests:
        if not left:
            break
        oid = yield from choose_object(state, p, f"{ctx.source.name}: choose the card to put {words[dest]}", left,
                                       zones=("library",), concept="library_top", hidden=True)
        placed[dest] = oid
        left.remove(oid)
    for dest, oid in placed.items():
        if dest == "hand":
            move(state, oid, "hand")
        elif dest == "bottom":
            move(state, oid, "library", bottom=True)
    if "top" in placed:  # the others have left the top: it is the top card again
        lib.remove(placed["top"])
        lib.insert(0, placed["top"])
    state.invalidate()
    if placed:  # (a look alone leaves the cards where they are)
        state.log_event(f"{p} puts one card into their hand"
                        + (", one on top of their library" if "top" in placed else "")
                        + (" and one on the bottom" if "bottom" in placed else ""), "library_top", player=p)


def look_may_take_rest_bottom(state: GameState, ctx: EffectContext, count: int, test: ir.Pred, what: str) -> Gen:
    """Commune with Nature: the player looks at the top `count` cards, may reveal one matching
    `test` and put it into their hand, and puts the rest on the bottom in the order they
    choose (the first chosen is the upper one)."""
    p = ctx.controller
    lib = state.player(p).library
    top = list(lib[:count])
    state.log_event(f"{p} looks at the top {_cards(len(top))} of their library", "library_top", player=p)
    state.log_event(f"the top of {p}'s library: {_names(state, top)}", "library_top", player=p, to=p)
    cands = [i for i in top if card_is(state, test, i, p, ctx.source)]
    taken = None
    if cands:
        ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: reveal {what} from among them and put it into your hand?")
        if ans.yes:
            taken = yield from choose_object(state, p, f"{ctx.source.name}: choose {what}", cands,
                                             zones=("library",), concept="reveal", hidden=True)
    if taken is not None:
        name = state.objects[taken].name
        move(state, taken, "hand")
        state.log_event(f"{p} reveals {name} and puts it into their hand", "reveal", player=p)
    rest = [i for i in top if i != taken]
    ordered = yield from in_chosen_order(state, p, ctx, rest, "on the bottom of your library", "library_top")
    lib[:] = [i for i in lib if i not in rest] + ordered
    state.invalidate()
    state.log_event(f"{p} puts the other {_cards(len(rest))} on the bottom of their library", "library_top",
                    player=p)


def reveal_until_that_many(state: GameState, ctx: EffectContext, test: ir.Pred, what: str, key: str) -> Gen:
    """Mass Polymorph: the player reveals cards from the top until they have revealed as
    many cards matching `test` as objects remembered as `key`; those enter the battlefield
    together, and the other revealed cards are shuffled into the library."""
    p = ctx.controller
    want = len([i for i in ctx.data.get(key) or [] if i is not None])
    lib = state.player(p).library
    shown: list[int] = []
    hits: list[int] = []
    for i in lib:
        if len(hits) >= want:
            break
        shown.append(i)
        if card_is(state, test, i, p, ctx.source):
            hits.append(i)
    state.log_event(f"{p} reveals {_names(state, shown)}", "reveal", player=p)
    if hits:
        yield from enter_together(state, [(i, p) for i in hits])
    state.rng.shuffle(lib)
    state.invalidate()
    state.log_event(f"{p} shuffles the other revealed cards into their library", "shuffle_library", player=p)


def name_then_reveal_top(state: GameState, ctx: EffectContext, who: Iterable[Any]) -> Gen:
    """Conundrum Sphinx: each player (APNAP, 2014 101.4 / 2009 103.4) chooses a card name;
    then each reveals their top card: named, it goes to their hand, else to the bottom."""
    order = [pl.name for pl in state.apnap() if pl.name in set(who)]
    named: dict[str, str] = {}
    for p in order:
        named[p] = yield from choose_card_name(state, p, f"{ctx.source.name}: choose a card name")
        state.log_event(f"{p} chooses the name {named[p]}", "name_card", player=p)
    for p in order:
        lib = state.player(p).library
        if not lib:
            state.log_event(f"{p} has no card in their library to reveal", "reveal", player=p)
            continue
        top = lib[0]
        name = state.objects[top].name
        if name == named[p]:
            move(state, top, "hand")
            state.log_event(f"{p} reveals {name}, the name they chose, and puts it into their hand", "reveal",
                            player=p)
        else:
            move(state, top, "library", bottom=True)
            state.log_event(f"{p} reveals {name} and puts it on the bottom of their library", "reveal", player=p)
    state.invalidate()


def search_namesakes_of_each(state: GameState, ctx: EffectContext, test: ir.Pred) -> Gen:
    """Doubling Chant: for each creature the controller controls as it resolves, they may
    find a card matching `test` with its name (a search for cards with a stated quality may
    find nothing, 2014 701.16b / 2009 217.2b); the cards found enter the battlefield
    together, then the library is shuffled."""
    p = ctx.controller
    creatures = [o for o in state.permanents(p) if chars(state, o).is_type("Creature")]
    state.log_event(f"{p} searches their library", "search", player=p)
    found: list[int] = []
    for o in creatures:
        cands = [i for i in state.player(p).library
                 if i not in found and state.objects[i].name == o.name and card_is(state, test, i, p, ctx.source)]
        if not cands:
            continue
        ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: find a card named {o.name}?")
        if ans.yes:
            oid = yield from choose_object(state, p, f"{ctx.source.name}: choose a card named {o.name}", cands,
                                           zones=("library",), concept="search", hidden=True)
            if oid is not None:
                found.append(oid)
    if found:
        yield from enter_together(state, [(i, p) for i in found])
    state.rng.shuffle(state.player(p).library)
    state.invalidate()
    state.log_event(f"{p} shuffles their library", "shuffle_library", player=p)


# ------------------------------------------------------------------ whole hands and libraries
def shuffle_hand_and_graveyard_in(state: GameState, ctx: EffectContext, who: Iterable[Any]) -> None:
    """Time Reversal: each player shuffles their hand and graveyard into their library."""
    for p in who:
        if p is None:
            continue
        pl = state.player(p)
        cards = list(pl.hand) + list(pl.graveyard)
        move_together(state, cards, "library")
        state.rng.shuffle(pl.library)
        state.log_event(f"{p} shuffles their hand and graveyard ({_cards(len(cards))}) into their library",
                        "shuffle_library", player=p)
    state.invalidate()


def exile_source_spell(state: GameState, ctx: EffectContext) -> None:
    """"Exile ~" as a spell's last instruction: it leaves the stack for exile (a copy ceases
    to exist instead)."""
    item = ctx.item
    if item is None or item.kind != "spell" or item not in state.stack:
        return
    o = state.objects.get(item.source_id)
    if o is None:
        return
    state.stack.remove(item)
    if o.spell_copy:
        spell_to_graveyard(state, o.id)  # a copy of a spell ceases to exist (704.5e / 420.5j)
        return
    move(state, o.id, "exile")
    state.log_event(f"{o.name} is {state.rules.word('exiled')}", "exile", player=o.owner)


def discard_hands_draw_greatest(state: GameState, ctx: EffectContext, who: Iterable[Any]) -> None:
    """Jace's Archivist: each player discards their hand; then each draws as many cards as
    the most any of them discarded."""
    order = [pl.name for pl in state.apnap() if pl.name in set(who)]
    most = 0
    for p in order:
        hand = list(state.player(p).hand)
        most = max(most, len(hand))
        for oid in hand:
            discard_card(state, p, oid)
    for p in order:
        draw_cards(state, p, most)


def exile_top_until_no_shared_name(state: GameState, ctx: EffectContext, who: Iterable[Any], count: int) -> None:
    """Scalpelexis: the player exiles the top `count` cards of their library, again while two
    or more of the cards exiled in one go share a name."""
    for p in who:
        if p is None:
            continue
        while True:
            lib = state.player(p).library
            top = list(lib[:count])
            names = [state.objects[i].name for i in top]
            move_together(state, top, "exile")
            state.log_event(f"the top {_cards(len(top))} of {p}'s library {'is' if len(top) == 1 else 'are'} "
                            f"{state.rules.word('exiled')}: {', '.join(names) or 'none'}", "exile", player=p)
            if len(set(names)) == len(names) or not state.player(p).library:
                break
            state.log_event("two or more of them have the same name: the process repeats", "exile", player=p)


# ------------------------------------------------------------------ revealed cards
def reveal_top_opponent_piles(state: GameState, ctx: EffectContext, count: int) -> Gen:
    """Sphinx of Uthuun: the controller reveals the top `count` cards; an opponent (the
    controller picks one when there are several) separates them into two piles, either of
    which may be empty; the controller puts one pile into their hand, the other into their
    graveyard."""
    p = ctx.controller
    top = list(state.player(p).library[:count])
    state.log_event(f"{p} reveals {_names(state, top)} from the top of their library", "reveal", player=p)
    if not top:
        return
    foes = [pl.name for pl in state.apnap() if pl.name != p and not pl.lost]
    foe = foes[0] if foes else p
    if len(foes) > 1:
        foe = yield from choose_object(state, p, f"{ctx.source.name}: choose the opponent who separates the piles",
                                       foes, concept="reveal")
    first: list[int] = []
    if len(top) > 1:
        ans, _ = yield ChooseCardsDecision(foe, f"{ctx.source.name}: separate {p}'s revealed cards into two piles: "
                                               "choose the cards of the first pile (the rest make the second)",
                                           cards=tuple(top), most=len(top), zone="library", concept="reveal")
        first = [w for w in ans.words if isinstance(w, int)]
    else:
        first = list(top)
    second = [i for i in top if i not in first]
    state.log_event(f"{foe} separates them into two piles: {_names(state, first)} / {_names(state, second)}",
                    "reveal", player=foe)
    ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: put {_names(state, first)} into your hand (and "
                                    f"{_names(state, second)} into your graveyard)? No: the other way round")
    hand, yard = (first, second) if ans.yes else (second, first)
    state.log_event(f"{p} puts {_names(state, hand)} into their hand and {_names(state, yard)} into their "
                    "graveyard", "reveal", player=p)
    move_together(state, hand, "hand")
    move_together(state, yard, "graveyard")
    state.invalidate()


def reveal_random_land_or_cast(state: GameState, ctx: EffectContext, who: Iterable[Any]) -> Gen:
    """Wild Evocation: the player reveals a card at random from their hand; a land card they
    put onto the battlefield (not a land play, 2014 305.4 / 2009 212.6e); any other card they
    cast without paying its mana cost, ignoring timing (608.2g / 413.2e), unless they can't
    (nothing to target, a rule against casting it: it stays in their hand)."""
    for p in who:
        if p is None:
            continue
        hand = state.player(p).hand
        if not hand:
            state.log_event(f"{p} has no cards in hand to reveal", "reveal", player=p)
            continue
        oid = state.rng.choice(list(hand))
        o = state.objects[oid]
        state.log_event(f"{p} reveals {o.name} at random from their hand", "reveal", player=p)
        if o.card.is_type("Land"):
            yield from enter_battlefield(state, oid, p)
            state.log_event(f"{p} puts {o.name} {state.rules.word('onto_battlefield')}", "put_onto_battlefield",
                            player=p)
            continue
        why = cant_cast(state, p, o)
        if why:
            state.log_event(f"{p} can't cast {o.name}: {why}", "cast_free", player=p)
            continue
        yield from cast_now(state, p, o)


def find_named_attach(state: GameState, ctx: EffectContext, name: str, to: Iterable[Any]) -> Gen:
    """Arachnus Spinner: the controller looks for a card named `name` in their graveyard and,
    if they choose to search it, their library (then shuffled); the card found enters the
    battlefield attached to the target, if it could enchant it (else it stays where it is,
    2014 303.4g / 2009 212.4k).  Saying yes to the library search takes the card from the
    library when there is one there; no takes the one in the graveyard."""
    p = ctx.controller
    host = next((t for t in to if t is not None), None)
    if host is None:
        return
    pl = state.player(p)
    searched = False
    found = None
    if pl.library:
        ans, _ = yield YesNoDecision(p, f"{ctx.source.name}: search your library for a card named {name}? "
                                        "(No: look in your graveyard only)")
        searched = ans.yes
    if searched:
        state.log_event(f"{p} searches their library for a card named {name}", "search", player=p)
        found = next((i for i in pl.library if state.objects[i].name == name), None)
    if found is None:
        found = next((i for i in pl.graveyard if state.objects[i].name == name), None)
    if found is not None:
        card = state.objects[found]
        where = card.zone
        if can_attach(state, card, host):
            new = yield from enter_battlefield(state, found, p)
            state.objects[new].attached_to = host
            state.invalidate()
            state.log_event(f"{p} puts {name} from their {where} {state.rules.word('onto_battlefield')} attached to "
                            f"{state.objects[host].name}", "put_onto_battlefield", player=p)
        else:
            state.log_event(f"{name} can't enchant {state.objects[host].name}: it stays in {p}'s {where}",
                            "aura_no_host", player=p)
    else:
        state.log_event(f"{p} finds no card named {name}", "search", player=p)
    if searched:
        state.rng.shuffle(pl.library)
        state.invalidate()
        state.log_event(f"{p} shuffles their library", "shuffle_library", player=p)
