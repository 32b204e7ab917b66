"""mtg-tui's rules core: a deterministic, decision-driven engine for Magic: The Gathering.

    game = Game(GameSetup.from_decks({"alice": deck1, "bob": deck2}, seed=1))
    game.decision            # who must decide what
    game.legal_actions()     # the legal answers
    game.act("alice: keep")  # action notation, or an Action object
    game.undo()

Pure Python; it never imports the terminal client.
"""

from .cards import UnknownCard, get_card
from .engine.api.game import Game
from .engine.core.actions import IllegalAction
from .engine.core.ruleset import RULES_2009, RULES_2014, Ruleset, get_ruleset
from .engine.core.setup import GameSetup

__all__ = ["Game", "GameSetup", "IllegalAction", "UnknownCard", "get_card", "Ruleset", "RULES_2009",
           "RULES_2014", "get_ruleset"]
