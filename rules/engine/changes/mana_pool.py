"""Changing what is in a mana pool by an effect ("Double the amount of each type of mana in
your mana pool", Doubling Cube, 106.4), and triggered mana abilities ("Whenever enchanted land
is tapped for mana, its controller adds {G}{G}", Overgrowth, 605.1b / 406.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ...cards import ir
from ...cards.mana import mana_symbols
from ...cards.model import TriggeredAbility
from ..continuous.characteristics import chars
from ..core.objects import Obj
from ..core.state import GameState

ORDER = "WUBRGC"


def double_pool(state: GameState, player: str) -> None:
    """Each type of mana in `player`'s pool doubles (Doubling Cube)."""
    pool = state.player(player).pool
    added = Counter({c: n for c, n in pool.items() if n > 0})
    pool.update(added)
    had = [c for c in ORDER for _ in range(added.get(c, 0))]
    state.log_event(f"{player} doubles the mana in their pool: adds {mana_symbols(had) if had else 'nothing'}",
                    "mana_ability", player=player)


def add_mana(state: GameState, player: str, color: str, amount: int, why: str) -> None:
    state.player(player).pool[color] += amount
    state.log_event(f"{player} adds {mana_symbols([color] * amount)} to their mana pool ({why})", "mana_ability",
                    player=player)


def triggered_mana(state: GameState, land: Obj) -> None:
    """`land` was tapped for mana: the triggered mana abilities of Auras on it resolve at once,
    right after the mana ability that triggered them (605.4a / 411.3): no stack, no priority."""
    for aura, who, step in _mana_triggers(state, land):
        add_mana(state, who, step.color, step.amount, f"{aura.name}'s triggered mana ability")


def mana_when_tapped(state: GameState, land: Obj, player: str) -> tuple[str, ...]:
    """The mana (one color letter a unit) that tapping `land` for mana also adds to `player`'s
    pool through triggered mana abilities (605.1b / 406.1, Overgrowth): automatic payment
    counts it, as it arrives before the cost is paid."""
    steps = [step for _, who, step in _mana_triggers(state, land) if who == player]
    if not steps or not chars(state, land).is_type("Land"):  # the usual case: no such Aura on it
        return ()
    return tuple(step.color for step in steps for _ in range(step.amount))


def _mana_triggers(state: GameState, land: Obj) -> Iterator[tuple[Obj, str, ir.AddManaTo]]:
    """Each "adds mana" step of the Auras on `land` whose abilities trigger on its being tapped
    for mana, with the player whose pool receives it."""
    for aura in _attached(state):
        if aura.attached_to != land.id:
            continue
        for ab in chars(state, aura).abilities:
            if not isinstance(ab, TriggeredAbility) or not isinstance(ab.condition, ir.EnchantedLandTappedForMana):
                continue
            for step in ab.effect:
                if isinstance(step, ir.AddManaTo):
                    who = land.controller if step.players == ir.ControllersOf(ir.AttachedHost()) else aura.controller
                    yield aura, who, step


def _attached(state: GameState) -> list[Obj]:
    """The permanents attached to something, in the battlefield's order (every land tapped for
    mana asks; kept until the permanents change: attaching clears the board's answers)."""
    found = state.board.get("attached_permanents")
    if found is None:
        found = state.board["attached_permanents"] = [o for o in state.permanents() if o.attached_to is not None]
    return found
