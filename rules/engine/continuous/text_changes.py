"""Text-changing effects (2014: 612, layer 3 of 613.1c; 2009: 418.6, layer 3 of 418.5a):
"Change the text of target permanent by replacing all instances of one color word with
another or one basic land type with another" (Mind Bend).

The words are chosen as the spell resolves: the word to replace (a color word or a basic land
type), then the word of the same kind that replaces it.  The change is a continuous effect
locked to the object (`TextChangeEffect`), lasting as long as it stays on the battlefield
(a new object has none, 400.7).  It applies in layer 3, after copy effects and before
everything else, so the object's card becomes its text as changed (compiled again, once per
card and words: `rules.cards.text_change`) and every later layer and ability reads that;
`Obj.copiable` keeps the card a copy of it copies (706.2 / 503.2).  Abilities other effects
grant it are not its text and stay as they are (612.3 / 418.6b)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ...cards.text_change import COLOR_WORDS, swap_kind, text_changed
from ...cards.wording import BASIC_LAND_TYPES
from ..core.decisions import ChooseWordDecision, Decision, same_word
from ..core.objects import Obj, TextChangeEffect
from ..core.state import EffectContext, GameState
from .control import update_control
from .effect_store import add_effect

Gen = Generator[Decision, Any, Any]

REPLACEABLE = COLOR_WORDS + BASIC_LAND_TYPES


def change_text(state: GameState, ctx: EffectContext, which: list[Any]) -> Gen:
    """Mind Bend resolving: for each object still there, its controller chooses the word to
    replace and the word that replaces it, and the object's text changes."""
    for oid in which:
        o = state.objects.get(oid) if oid is not None else None
        if o is None or o.zone != "battlefield":
            continue
        old = yield from _choose(state, ctx.controller, f"{ctx.source.name}: choose a color word or basic land type "
                                 f"to replace in the text of {o.name}", REPLACEABLE)
        kind = swap_kind(old)
        others = tuple(w for w in (COLOR_WORDS if kind == "color" else BASIC_LAND_TYPES) if w != old)
        new = yield from _choose(state, ctx.controller, f"{ctx.source.name}: choose the {kind} that replaces "
                                 f"{old} in the text of {o.name}", others)
        add_text_change(state, o, (old, new), ctx.source.name)


def _choose(state: GameState, player: str, prompt: str, options: tuple[str, ...]) -> Gen:
    ans, _ = yield ChooseWordDecision(player, prompt, options=options, concept="text_change")
    word = same_word(str(ans.words[0]), options)
    assert word is not None  # an answer outside the options is refused before it gets here
    return word


def add_text_change(state: GameState, o: Obj, swap: tuple[str, str], source_name: str) -> None:
    """Start a text-changing effect on permanent `o` (a timestamp of its own, 613.6 / 418.5e)."""
    add_effect(state, TextChangeEffect(state.new_timestamp(), frozenset({o.id}), source_name, "forever", swap=swap))
    apply_text_changes(state, o)
    state.log_event(f"{source_name} changes the text of {o.name}: {swap[0]} becomes {swap[1]}", "text_change")


def apply_text_changes(state: GameState, o: Obj) -> None:
    """Layer 3: `o`'s card is its copiable values with the text changes that affect it applied
    in timestamp order ("black" -> "red", then "red" -> "blue": what was black reads blue)."""
    swaps = tuple(e.swap for e in sorted(state.effects, key=lambda e: e.timestamp)
                  if isinstance(e, TextChangeEffect) and o.id in e.affected)
    base = o.copiable_card
    o.card = text_changed(base, swaps)
    o.copiable = base if swaps else None
    state.invalidate()  # its abilities, triggers and statics are read from its card
    update_control(state)
