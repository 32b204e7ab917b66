"""What a new game is made of (mode, decks, names, rules, seed, the computer's level) and how it becomes a Game.

The main menu's form and the `play`/`goldfish` commands both fill a `GameConfig`, so deck
errors are found and worded in one place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Literal, TypeGuard, get_args

from mtg_tui.persistence.decklists import load_checked
from rules import Game, GameSetup
from rules.engine.core.ruleset import MULLIGANS, RULESETS
from rules.play.construction import IllegalDeck
from rules.play.decklist import DeckError, DeckList
from rules.play.partial import PartialDeck, check_supported
from rules.play.players import LEVELS

Mode = Literal["hotseat", "goldfish", "computer"]


def is_mode(what: str) -> TypeGuard[Mode]:
    """Whether `what` (a menu entry's or a command's word) names a kind of new game."""
    return what in get_args(Mode)

GOLDFISH_NAME = "goldfish"


@dataclass(frozen=True)
class GameConfig:
    mode: Mode
    decks: tuple[str, ...]  # one deck reference per human player
    names: tuple[str, ...] = ()
    ruleset: str = "2014"
    mulligan: str | None = None
    seed: int | None = None  # None: a fresh random seed
    open_hands: bool = False
    allow_illegal: bool = False  # practice decks: skip the construction rules (100.2a / 100.2)
    allow_partial: bool = False  # decks with partial cards: their sentences are done by hand
    cards: dict[str, list[str]] = field(default_factory=dict, compare=False)
    ai: str = "random"  # against the computer: its level (rules.play.players.LEVELS)
    ai_first: bool = False  # against the computer: it takes the first seat (deck 1), not the second
    # what the player is told as the game starts: a precon played as sold below sixty cards
    notices: tuple[str, ...] = field(default=(), compare=False)

    def computers(self) -> dict[str, str]:
        """Seat -> level of the seat the computer plays (none unless mode "computer")."""
        if self.mode != "computer":
            return {}
        names = self.player_names()
        return {names[0 if self.ai_first else 1]: self.ai}

    def player_names(self) -> tuple[str, ...]:
        """The names given, then the defaults for players left unnamed (`checked` refuses
        empty names and more names than players rather than quietly fixing them)."""
        defaults = ("alice", "bob") if self.mode != "goldfish" else ("alice",)
        given = tuple(x.strip() for x in self.names)
        return given + defaults[len(given):]

    def checked(self) -> GameConfig:
        """The config with its decks loaded and its options checked; raises DeckError (or
        ValueError) with a message meant for the player.  An illegal deck is IllegalDeck (a
        DeckError), unless `allow_illegal`."""
        self._check_seats()
        names = self.player_names()
        self._check_names(names)
        self._check_options()
        decks, notices = self._loaded_decks()
        cards = {name: deck.cards for name, deck in zip(names, decks, strict=True)}
        seed = self.seed if self.seed is not None else random.randrange(1_000_000)
        return replace(self, names=names, seed=seed, cards=cards, notices=tuple(dict.fromkeys(notices)))

    def _check_seats(self) -> None:
        """A deck for each player of the mode, no more names than players, none empty."""
        need = 1 if self.mode == "goldfish" else 2
        players = f"{need} player{'s' if need > 1 else ''}"
        if len(self.decks) != need:
            raise ValueError(f"a {self.mode} game needs {need} deck{'s' if need > 1 else ''}")
        given = tuple(x.strip() for x in self.names)
        if len(given) > need:
            raise ValueError(f"a {self.mode} game has {players}, so at most {need} name{'s' if need > 1 else ''}, "
                             f"not {len(given)} (names are separated by commas): {', '.join(map(repr, given))}")
        if not all(given):
            raise ValueError(f"a player name can't be empty (names given: {', '.join(map(repr, given))})")

    def _check_names(self, names: tuple[str, ...]) -> None:
        """Single words, all different (and none the goldfish's)."""
        bad = [n for n in names if not n.replace("-", "").replace("_", "").isalnum()]
        if bad:
            raise ValueError(f"player names are single words of letters and digits, not {bad[0]!r}")
        if len(set(names)) != len(names) or (self.mode == "goldfish" and GOLDFISH_NAME in names):
            raise ValueError("the players need different names")

    def _check_options(self) -> None:
        """The ruleset, the mulligan rule and the computer's level are ones there are."""
        if self.ruleset not in RULESETS:
            raise ValueError(f"the ruleset is one of {', '.join(RULESETS)}")
        if self.mulligan not in (None, *MULLIGANS):
            raise ValueError(f"the mulligan rule is one of {', '.join(MULLIGANS)}")
        if self.mode == "computer" and self.ai not in LEVELS:
            raise ValueError(f"no computer player {self.ai!r}: the levels are {', '.join(LEVELS)}")

    def _loaded_decks(self) -> tuple[list[DeckList], list[str]]:
        """The decks loaded, each checked for the construction rules (unless `allow_illegal`; a
        bundled precon as it was sold), then each for cards whose sentences are done by hand
        (unless `allow_partial`); and the notices of the precons played below sixty cards."""
        loaded = [load_checked(ref, self.ruleset, self.allow_illegal) for ref in self.decks]
        decks = [deck for deck, _ in loaded]
        if not self.allow_partial:
            for deck in decks:
                check_supported(deck)
        return decks, [notice for _, notice in loaded if notice]

    def next_seed(self) -> GameConfig:
        """The same game with the next seed: "play again"."""
        return replace(self, seed=(self.seed or 0) + 1)

    def setup(self) -> GameSetup:
        cfg = self if self.cards else self.checked()
        decks = dict(cfg.cards)
        goldfish: tuple[str, ...] = ()
        starting = None
        if cfg.mode == "goldfish":
            decks[GOLDFISH_NAME] = []
            goldfish = (GOLDFISH_NAME,)
            starting = cfg.names[0]  # goldfish kill turns are counted on the play
        # people play it: a search for a card with a stated quality always asks, so "find
        # nothing" (701.16b) is there to choose even when one card qualifies
        return GameSetup.from_decks(decks, ruleset=cfg.ruleset, seed=cfg.seed or 0, mulligan=cfg.mulligan,
                                    starting_player=starting, goldfish=goldfish, ask_every_search=True)

    def new_game(self) -> Game:
        return Game(self.setup())


__all__ = ["GameConfig", "DeckError", "IllegalDeck", "PartialDeck", "GOLDFISH_NAME"]
