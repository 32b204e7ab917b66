"""What the prompt line says: the decision's question and its keys, the picker's, the phase bar's,
the computer's turn, the game's result, and the mana burn passing would cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules.play.assist import (
    mana_burn_if_passed,
)

from .selection import BoardSelection

# what the player at the keyboard is asked while the picker is under way (the keys: the Footer's)
KEYS_PICK = "press a letter on the board to choose"


@dataclass(frozen=True)
class Prompt:
    """What the prompt line says (`GameController.prompt`): `kind` "over" (`ask`: the result),
    "computer" (its seat `who` decides: the screen says it thinks) or "ask" (`who` is asked
    `ask`, with `keys`); `warning`: the mana burn passing costs now, when nothing else is
    said; `off_board`: (letter, name) of the choices not on the board (cards in a graveyard)."""

    kind: Literal["over", "computer", "ask"]
    who: str = ""
    ask: str = ""
    keys: str = ""
    warning: str = ""
    off_board: tuple[tuple[str, str], ...] = ()


class Prompting(BoardSelection):
    """The prompt line, headless."""

    def prompt(self, labels: dict[Any, str], off_board: list[Any]) -> Prompt:
        """What the prompt line says now (`labels`, `off_board`: the picker's letters)."""
        g = self.game
        d = g.decision
        if d is None:
            return Prompt("over", ask=self.result())
        seat = self.session.computer_deciding()
        if seat is not None:  # never its prompt: that may name what its hand holds
            return Prompt("computer", who=seat)
        off = tuple((labels.get(ref, "?"), g.name_of(ref)) for ref in off_board)
        if self.zone == "phases":
            # short, so the prompt keeps its height: the card panel explains the selected step's stop
            ask = f"stops on {self.whose_turn()} turns: ←→ pick a step, Enter toggles its stop, t the other turns"
            return Prompt("ask", d.player, ask, off_board=off)
        if self.picker is not None:
            return Prompt("ask", d.player, self.picker.prompt, KEYS_PICK, off_board=off)
        if self.in_dialog():
            return Prompt("ask", d.player, d.prompt, off_board=off)
        burn = mana_burn_if_passed(g, d.player)
        warning = f"mana in your pool: passing now burns {burn} life ({g.rules.cite('mana_burn')})" if burn else ""
        return Prompt("ask", d.player, d.prompt, warning=warning, off_board=off)

    def result(self) -> str:
        """How the game ended, in words."""
        g = self.game
        return "a draw" if g.is_draw else f"{g.winner} wins"
