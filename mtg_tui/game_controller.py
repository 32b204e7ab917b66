"""The game screen's session logic without Textual: `GameController`, the one object the screen
(mtg_tui/screens/game.py) and the tests drive, put together from parts of one job each in
mtg_tui/controller/: the shared state (state), the board and the selection on it (selection),
using a card and the letters on the board (card_use), the computer's turn-taking and pacing
(computer), the answer sent, passing and undo (answering), the decision on screen and the
hotseat cover (on_screen), the prompt line (prompt) and which keys apply (key_states).  Here:
the dialogs, conceding, saving, the deck lab and the command bar's names.

The screen keeps the widgets and the keys: a key calls the controller, and the screen draws what
the controller says.  Nothing here imports Textual or Rich, so the whole loop is driven headless
in tests (tests/tui/test_game_controller.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .controller.answering import Answering, Command
from .controller.card_use import Announced, Ask, PickerKey, PickTargets, Send, Step
from .controller.computer import COMPUTER_PAUSE, Answered, ComputerTurns, Stoppable, said_once
from .controller.key_states import KeyStates
from .controller.on_screen import CatchUp, DecisionOnScreen
from .controller.prompt import KEYS_PICK, Prompt, Prompting
from .controller.state import DIALOG_TYPES
from .decision_dialogs import Dialog, decision_dialog

# the names the screen and the tests use, from the parts
__all__ = ["COMPUTER_PAUSE", "DIALOG_TYPES", "KEYS_PICK", "Announced", "Answered", "Ask", "CatchUp", "Command",
           "ComputerTurns", "GameController", "LabSetup", "PickTargets", "PickerKey", "Prompt", "Send", "Step",
           "Stoppable", "said_once"]


@dataclass(frozen=True)
class LabSetup:
    """What the deck lab opens with (`d` in a goldfish game): the deck's name and list, the
    rules and the mulligan rule of the game."""

    name: str
    deck: Sequence[str]
    ruleset: str
    mulligan: str | None


class GameController(DecisionOnScreen, Answering, Prompting, KeyStates):
    """One game screen's state and decisions, headless: the parts of mtg_tui/controller/ in one
    object, and the screen's dialogs."""

    def dialog(self) -> Dialog | None:
        """The dialog the decision now is answered in (mtg_tui.decision_dialogs), if any."""
        return decision_dialog(self.game, self.board().hand)

    def concession(self) -> tuple[str, str] | None:
        """Who would concede now and what follows ("bob wins"), or None (104.3a / 2009 102.3a)."""
        who = self.conceder()
        if who is None:
            return None
        rest = [p.name for p in self.game.players if p.name != who and not p.lost]
        return who, f"{rest[0]} wins" if len(rest) == 1 else "the game goes on without them"

    def save_path(self) -> str:
        """Where the game is saved unless the player types another path."""
        from .persistence.saves import default_path

        return default_path(self.session)

    def save(self, path: str) -> str | None:
        """Save the game to `path` (empty: `save_path`): why not, or None (the message says where)."""
        from .persistence.saves import SaveError, save

        try:
            where = save(self.session, path or self.save_path())
        except SaveError as e:
            return str(e)
        self.say(f"saved to {where}", "$text-success")
        return None

    def lab_setup(self) -> LabSetup | None:
        """The deck lab for this goldfish game's deck, rules and mulligan rule, or None (the
        message says why: a game begun from a position has no deck list)."""
        g = self.game
        human = self.session.humans[0]
        spec = next(p for p in g.setup.players if p.name == human)
        if not spec.deck:
            self.say("the deck lab needs a deck list: this game began from a position", "$text-warning")
            return None
        cfg = self.session.config
        name = cfg.decks[0] if cfg is not None and cfg.decks else f"{human}'s deck"
        return LabSetup(name, spec.deck, g.setup.ruleset, g.setup.mulligan)

    def completion_names(self) -> list[str]:
        """The names the command bar completes: the players and every card they can see."""
        b = self.board()
        names = {p.name for p in b.view.players}
        for p in b.view.players:
            names |= {c.name for c in p.battlefield + p.graveyard + p.exile + (p.hand or ())}
        names |= {it.name for it in b.stack}
        return sorted(names)
