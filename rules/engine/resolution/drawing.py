"""Drawing cards through replacement effects (2014: 120, 614.1a; 2009: 423, 419.1a): each
card drawn is an event that "If [a player] would draw a card, instead ..." effects may
replace: Plagiarize (another player draws instead), Abundance (choose land or nonland and
reveal cards until one of that kind, which goes to the hand; the rest go to the bottom of the
library in any order).  Without such an effect, draws go straight to `zones.draw`."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..changes.replacement import DrawEvent, has_draw_replacements, replace
from ..changes.zones import draw as draw_cards, move
from ..continuous.characteristics import chars
from ..core.decisions import ChooseWordDecision, Decision
from ..core.state import EffectContext, GameState
from .zone_effects import in_chosen_order

Gen = Generator[Decision, Any, Any]


def draw(state: GameState, name: str, n: int = 1, log_rule: str = "draw") -> Gen:
    """`name` draws `n` cards, one event each once a replacement effect could apply."""
    for k in range(n):
        if not has_draw_replacements(state, name):
            draw_cards(state, name, n - k, log_rule)
            return
        for ev in (yield from replace(state, DrawEvent(name))):
            assert isinstance(ev, DrawEvent)
            if ev.instead == "land_or_nonland" and ev.by is not None:
                yield from _reveal_land_or_nonland(state, ev.player, EffectContext(state, ev.player, ev.by))
            else:
                draw_cards(state, ev.player, 1, log_rule)


def draw_each(state: GameState, who: Any, n: int) -> Gen:
    """Each of the players draws `n` cards (the Draw effect)."""
    for p in list(who):
        if p is not None:
            yield from draw(state, p, n)


def _reveal_land_or_nonland(state: GameState, p: str, ctx: EffectContext) -> Gen:
    """Abundance: choose land or nonland, reveal cards from the top of the library until one of
    that kind; it goes to the hand (not a draw), the others to the bottom in any order."""
    options = ("land", "nonland")
    ans, _ = yield ChooseWordDecision(p, f"{ctx.source.name}: choose land or nonland", options=options,
                                      concept="replacement_instead")
    kind = next(w for w in options if w == str(ans.words[0]).lower())
    lib = state.player(p).library
    shown: list[int] = []
    hit = None
    for oid in list(lib):
        shown.append(oid)
        if chars(state, state.objects[oid]).is_type("Land") == (kind == "land"):
            hit = oid
            break
    state.log_event(f"{p} chooses {kind} and reveals "
                    f"{', '.join(state.objects[i].name for i in shown) or 'no cards'}", "reveal", player=p)
    rest = [i for i in shown if i != hit]
    if hit is not None:
        name = state.objects[hit].name
        move(state, hit, "hand")
        state.log_event(f"{p} puts {name} into their hand", "replacement_instead", player=p)
    if rest:
        ordered = yield from in_chosen_order(state, ctx.controller, ctx, rest, "on the bottom of your library",
                                             "library_top")
        for oid in ordered:
            lib.remove(oid)
            lib.append(oid)
        state.invalidate()
        state.log_event(f"{p} puts the other {len(rest)} revealed card{'s' if len(rest) != 1 else ''} on the bottom "
                        "of their library", "library_top", player=p)
