"""Linked abilities and the effects around them: "exile another target nonland permanent" /
"return the exiled card to the battlefield under its owner's control" (2014 607.2a / 2009
407.1), effects lasting "for as long as you control ~" (611.2b / 418.3a), control chosen at
random (Scrambleverse), and Auras put onto the battlefield attached to what an effect says
(2014 303.4f / 2009 212.4j) or moved to another permanent (701.3b / 212.4m)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards.ir import Pred
from ..changes.zones import move
from ..continuous.attachments import attachment_kind, can_attach
from ..continuous.characteristics import chars, matches
from ..continuous.effect_store import add_effect, end_lapsed, lapsed
from ..core.decisions import Decision
from ..core.objects import ContinuousEffect
from ..core.state import EffectContext, GameState
from .effects import Ids, choose_object
from .entering import enter_battlefield

Gen = Generator[Decision, Any, Any]


# ------------------------------------------------------------------ linked abilities
def _key(ctx: EffectContext, key: str) -> str:
    return f"{ctx.source.id}:{key}"


def link(state: GameState, ctx: EffectContext, which: Ids, key: str, announce: bool = True) -> None:
    """Remember the cards with the source, for the ability linked to this one (607.2a / 407.1)."""
    found = [i for i in which if i is not None and i in state.objects]
    if found:
        state.linked.setdefault(_key(ctx, key), []).extend(found)
        if announce:
            names = ", ".join(state.objects[i].name for i in found)
            state.log_event(f"{names}: {key} with {ctx.source.name}, for its linked ability", "linked_exile")


def exile_linked(state: GameState, ctx: EffectContext, which: Ids, key: str) -> None:
    """Exile the objects; the cards they become in exile are remembered with the source and
    for the rest of the effect (`ctx.data[key]`)."""
    exiled: list[int] = []
    for oid in list(which):
        if oid is None or oid not in state.objects:
            continue
        name = state.objects[oid].name
        exiled.append(move(state, oid, "exile"))
        state.log_event(f"{name} is {state.rules.word('exiled')} by {ctx.source.name}", "linked_exile")
    ctx.data[key] = exiled
    link(state, ctx, exiled, key, announce=False)


def linked_cards(state: GameState, ctx: EffectContext, key: str) -> list[int]:
    """"the exiled card": what a linked ability of the source exiled, still in exile (a card
    that left exile is a new object the ability can't find, 400.7)."""
    return [i for i in state.linked.get(_key(ctx, key), []) if i in state.objects and state.objects[i].zone == "exile"]


def source_in_graveyard(state: GameState, ctx: EffectContext) -> list[int]:
    """The card the source became in its owner's graveyard, if it is there (its physical card:
    the same printed card and number)."""
    src = ctx.source
    if src.id in state.objects and state.objects[src.id].zone == "graveyard":
        return [src.id]
    card, no = src.printed or (src.card, src.card_no)
    return [i for i in state.player(src.owner).graveyard
            if state.objects[i].card.name == card.name and state.objects[i].card_no == no][:1]


def return_under_owner(state: GameState, ctx: EffectContext, which: Ids, tapped: bool) -> Gen:
    """"return the exiled card to the battlefield (tapped) under its owner's control"."""
    for oid in list(which):
        if oid is None or oid not in state.objects or state.objects[oid].zone not in ("exile", "graveyard"):
            continue
        o = state.objects[oid]
        name, owner = o.name, o.owner
        yield from enter_battlefield(state, oid, owner, tapped=tapped)
        state.log_event(f"{name} returns {state.rules.word('onto_battlefield')}{' tapped' if tapped else ''} "
                        f"under {owner}'s control", "put_onto_battlefield", player=owner)


def controls_artifacts_named(state: GameState, player: str, names: tuple[str, ...]) -> bool:
    """"if you control artifacts named A and B": an artifact of each name."""
    mine = [chars(state, o) for o in state.permanents(player)]
    return all(any(ch.name == n and ch.is_type("Artifact") for ch in mine) for n in names)


# ------------------------------------------------------------------ "for as long as ..."
def duration_for(state: GameState, ctx: EffectContext, kind: str, which: Ids) -> str | None:
    """The duration "for as long as you control ~" / "... that creature is enchanted" means for
    this effect; None if it has already ended, so the effect does nothing (611.2b / 418.3a)."""
    if kind == "control":
        duration = f"control:{ctx.source.id}:{ctx.controller}"
    else:
        oid = next((i for i in which if i is not None), None)
        if oid is None:
            return None
        duration = f"enchanted:{oid}"
    what = (f"for as long as {ctx.controller} controls {ctx.source.name}" if kind == "control"
            else "for as long as the creature is enchanted")
    if lapsed(state, duration):
        state.log_event(f"{ctx.source.name}: its effect would last {what}, which has already ended: it does nothing",
                        "duration_while")
        return None
    state.log_event(f"{ctx.source.name}: the effect lasts {what}", "duration_while")
    return duration


def last_for(state: GameState, before: list[ContinuousEffect], duration: str) -> None:
    """The continuous effects created since `before` (the effects there were) last `duration`
    instead of until end of turn."""
    known = {id(e) for e in before}  # `before` keeps them alive, so no id is reused meanwhile
    for e in state.effects:
        if id(e) not in known and e.duration == "eot":
            e.duration = duration
    state.invalidate()


# ------------------------------------------------------------------ Scrambleverse
def scramble(state: GameState, ctx: EffectContext) -> None:
    """For each nonland permanent a player chosen at random gains control of it (layer 2,
    613.1b / 418.5a); then those permanents untap."""
    players = [p.name for p in state.live_players()]
    chosen = [(o.id, state.rng.choice(players)) for o in state.permanents() if not chars(state, o).is_type("Land")]
    for oid, p in chosen:
        add_effect(state, ContinuousEffect(state.new_timestamp(), frozenset({oid}), ctx.source.name, "forever",
                                           controller=p))
    for oid, p in chosen:
        o = state.objects.get(oid)
        if o is not None and o.zone == "battlefield":
            state.log_event(f"{o.name} is chosen for {p} at random", "control_change", player=p)
            o.tapped = False
    state.invalidate()


# ------------------------------------------------------------------ Auras
def put_aura_attached(state: GameState, ctx: EffectContext, auras: Ids | None, host: Ids | None,
                      host_test: Pred, under_owner: bool = False) -> Gen:
    """Put an Aura onto the battlefield under the controller's control attached to `host` (or
    to a permanent matching `host_test` they choose): the effect says what it enchants, so it
    doesn't target; it can't be put onto something it couldn't enchant (303.4f / 212.4j)."""
    p = ctx.controller
    hosts = [i for i in (host or []) if i is not None and i in state.objects and state.objects[i].zone == "battlefield"]
    if host is not None and not hosts:  # what it was to enchant has left the battlefield
        state.log_event(f"{ctx.source.name}: there is nothing to attach an Aura to", "aura_no_host", player=p)
        return
    if auras is None:  # "an Aura card from your hand": one that could enchant the host
        cards = [i for i in state.player(p).hand if attachment_kind(state, state.objects[i]) == "Aura"
                 and _could_enchant_one(state, i, hosts, host_test, p, ctx)]
        aura = yield from choose_object(state, p, f"{ctx.source.name}: choose an Aura card to put onto the battlefield",
                                        cards, zones=("hand",), concept="aura_enters", hidden=True)
    else:
        aura = next((i for i in auras if i is not None and i in state.objects), None)
    if aura is None:
        return
    o = state.objects[aura]
    if under_owner:  # "Return ~ ... to the battlefield": under its owner's control
        p = o.owner
    if host is None:
        options = [x.id for x in state.permanents() if can_attach(state, o, x.id)
                   and matches(state, host_test, x, chars(state, x), p, ctx.source)]
        chosen = yield from choose_object(state, p, f"{o.name}: choose what it enchants as it enters", options,
                                          concept="aura_enters")
    else:
        chosen = next((h for h in hosts if can_attach(state, o, h)), None)
    if chosen is None:
        state.log_event(f"{o.name} has nothing it could enchant: it stays in its owner's {o.zone}", "aura_no_host",
                        player=p)
        return
    name = o.name
    nid = yield from enter_battlefield(state, aura, p)
    state.objects[nid].attached_to = chosen
    state.invalidate()
    state.log_event(f"{name} {state.rules.word('enters')} under {p}'s control attached to "
                    f"{state.objects[chosen].name}", "aura_enters", player=p)


def _could_enchant_one(state: GameState, aura: int, hosts: list[int], test: Pred, p: str, ctx: EffectContext) -> bool:
    o = state.objects[aura]
    if hosts:
        return any(can_attach(state, o, h) for h in hosts)
    return any(can_attach(state, o, x.id) and matches(state, test, x, chars(state, x), p, ctx.source)
               for x in state.permanents())


def attach_elsewhere(state: GameState, ctx: EffectContext, which: Ids) -> Gen:
    """"Attach it to another permanent it can enchant": the controller of the effect chooses
    (701.3b / 212.4m); with none, it stays where it is."""
    for oid in which:
        o = state.objects.get(oid) if oid is not None else None
        if o is None or o.zone != "battlefield":
            continue
        options = [x.id for x in state.permanents() if x.id != o.attached_to and can_attach(state, o, x.id)]
        chosen = yield from choose_object(state, ctx.controller, f"{o.name}: choose another permanent to attach it to",
                                          options, concept="attach")
        if chosen is None:
            state.log_event(f"{o.name} has no other permanent it could enchant: it stays attached", "attach")
            continue
        o.attached_to = chosen
        o.timestamp = state.new_timestamp()  # a new timestamp as it's attached (613.7e)
        state.invalidate()
        state.log_event(f"{o.name} is attached to {state.objects[chosen].name}", "attach")
        end_lapsed(state)  # "for as long as that creature is enchanted"
