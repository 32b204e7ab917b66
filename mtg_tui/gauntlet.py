"""The gauntlet: the player's deck against the five precons of a set in turn, the computer
playing them; one game each or best of three; the results so far and the summary.

No Textual and no files here (mtg_tui.persistence.gauntlet_file keeps it between runs): the
CLI and the gauntlet screen both ask this model what comes next and tell it how a game ended.

Game k of a gauntlet (counted from 0 over the whole gauntlet) is played with seed `seed + k`,
so a game is known again by its seed: a game started and not finished (the app closed) is
`pending`, and continuing the gauntlet resumes it from the autosave when the autosave is that
game; otherwise it counts as not played and starts again."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rules.engine.core.ruleset import RULESETS
from rules.play.players import DEFAULT_LEVEL, LEVELS

from .config import GameConfig
from .persistence.decklists import bundled_names
from .persistence.precons import PRODUCT_LINES, product_line

PLAYER = "alice"  # the player's seat (the client's usual first name); the computer's is named after its precon
MATCH_LENGTHS = (1, 3)


class GauntletError(ValueError):
    """A gauntlet that can't be made or read: the message is meant for the player."""


@dataclass(frozen=True)
class GameResult:
    """One game against an opponent: "won", "lost" or "drawn" (the player's side), the turn
    it ended on, and how it ended in the log's words."""

    outcome: str
    turns: int
    ending: str

    def as_json(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "turns": self.turns, "ending": self.ending}


@dataclass(frozen=True)
class Match:
    """The games against one precon."""

    deck: str
    product: str
    games: tuple[GameResult, ...] = ()

    def count(self, outcome: str) -> int:
        return sum(g.outcome == outcome for g in self.games)

    def result(self, best_of: int) -> str | None:
        """"won", "lost" or "drawn" once the match is decided, else None: a side with a majority
        of `best_of` wins takes it; after `best_of` games (draws among them) the side with more
        wins, or a drawn match."""
        need = best_of // 2 + 1
        won, lost = self.count("won"), self.count("lost")
        if won >= need or lost >= need or len(self.games) >= best_of:
            return "won" if won > lost else "lost" if lost > won else "drawn"
        return None

    def record(self) -> str:
        """"2-1", with draws "1-1-1"."""
        draws = self.count("drawn")
        return f"{self.count('won')}-{self.count('lost')}" + (f"-{draws}" if draws else "")


@dataclass(frozen=True)
class Summary:
    """What the end of a gauntlet (or its progress) says."""

    matches_won: int
    matches_lost: int
    matches_drawn: int
    games: int
    average_turns: float | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Gauntlet:
    """A gauntlet: whose deck, which set's precons, how long each match, the computer's level,
    the ruleset, the first game's seed, the matches so far, and the seed of a game started and
    not yet ended (None: none)."""

    deck: str
    set_code: str
    best_of: int
    level: str
    ruleset: str
    seed: int
    matches: tuple[Match, ...]
    pending: int | None = None
    allow_illegal: bool = False  # the player's own deck only: the precons are always played as sold
    started_at: str = field(default="", compare=False)

    # ------------------------------------------------------------ making one
    @classmethod
    def new(cls, deck: str, set_code: str, best_of: int = 1, level: str = DEFAULT_LEVEL, ruleset: str = "2014",
            seed: int | None = None, allow_illegal: bool = False) -> Gauntlet:
        """A gauntlet not yet played; GauntletError for an unknown set, level, ruleset or length
        (the deck is checked when a game is made: `game_config`)."""
        line = product_line(set_code)
        if line is None:
            sets = ", ".join(p.set_code for p in PRODUCT_LINES)
            raise GauntletError(f"no precons of set {set_code!r}: a gauntlet is played against one of {sets}")
        if best_of not in MATCH_LENGTHS:
            raise GauntletError(f"a match is 1 game or best of 3, not best of {best_of}")
        if level not in LEVELS:
            raise GauntletError(f"no computer player {level!r}: the levels are {', '.join(LEVELS)}")
        if ruleset not in RULESETS:
            raise GauntletError(f"the ruleset is one of {', '.join(RULESETS)}")
        matches = tuple(Match(p.deck, p.product) for p in line.precons)
        return cls(deck_reference(deck), line.set_code, best_of, level, ruleset,
                   seed if seed is not None else random.randrange(1_000_000), matches,
                   allow_illegal=allow_illegal, started_at=time.strftime("%Y-%m-%d %H:%M"))

    def same_run(self, deck: str, set_code: str) -> bool:
        """Whether `deck` against `set_code` names this gauntlet (so continuing it, not a new one)."""
        return deck_reference(deck) == self.deck and set_code.upper() == self.set_code

    # ------------------------------------------------------------ where it stands
    @property
    def next_index(self) -> int | None:
        """The opponent to play next (its index among the five), None when all are decided."""
        return next((i for i, m in enumerate(self.matches) if m.result(self.best_of) is None), None)

    @property
    def finished(self) -> bool:
        return self.next_index is None

    @property
    def games_played(self) -> int:
        return sum(len(m.games) for m in self.matches)

    @property
    def next_seed(self) -> int:
        """The seed of the next game: one more for every game played."""
        return self.seed + self.games_played

    def opponent(self) -> Match | None:
        i = self.next_index
        return None if i is None else self.matches[i]

    # ------------------------------------------------------------ playing
    def game_config(self) -> GameConfig:
        """The next game, checked: the player's deck under the construction rules (unless the
        gauntlet allows it illegal), the precon as sold (a 40-card theme deck too).  Raises
        DeckError (the player's deck) or GauntletError (nothing left to play)."""
        opponent = self.opponent()
        if opponent is None:
            raise GauntletError("this gauntlet is over: every opponent has been played")
        if not self.allow_illegal:  # the player's deck: the check any game of it gets
            GameConfig("goldfish", (self.deck,), ruleset=self.ruleset).checked()
        config = GameConfig("computer", (self.deck, opponent.deck), (PLAYER, opponent.deck), self.ruleset,
                            seed=self.next_seed, allow_illegal=True, ai=self.level)
        return config.checked()

    def started(self) -> Gauntlet:
        """The next game has begun: it is pending until its result is recorded."""
        return replace(self, pending=self.next_seed)

    def is_its_game(self, seed: int, players: tuple[str, ...]) -> bool:
        """Whether a game (its seed and seats) is this gauntlet's pending game."""
        opponent = self.opponent()
        return (self.pending is not None and opponent is not None and seed == self.pending
                and set(players) == {PLAYER, opponent.deck})

    def has_recorded(self, seed: int, players: tuple[str, ...]) -> bool:
        """Whether a game (its seed and seats) is one this gauntlet has recorded already (its
        game over screen shown again: after a save, or the save opened)."""
        k = seed - self.seed
        opponents = [m.deck for m in self.matches for _ in m.games]  # game k's opponent, in order
        return 0 <= k < len(opponents) and set(players) == {PLAYER, opponents[k]}

    def recorded(self, result: GameResult) -> Gauntlet:
        """The pending game ended with `result`: it joins the current opponent's match."""
        i = self.next_index
        if i is None:
            raise GauntletError("this gauntlet is over: no game to record")
        match = self.matches[i]
        matches = (*self.matches[:i], replace(match, games=(*match.games, result)), *self.matches[i + 1:])
        return replace(self, matches=matches, pending=None)

    # ------------------------------------------------------------ words
    def after_game(self) -> str:
        """What the game over screen says once this gauntlet recorded a game: how the match
        stands, and what `n` leads to."""
        if self.finished:
            s = self.summary()
            return f"Gauntlet over: matches won {s.matches_won}, lost {s.matches_lost}. n: the summary."
        last = max((i for i, m in enumerate(self.matches) if m.games), default=0)
        match = self.matches[last]
        result = match.result(self.best_of)
        stands = f"{result} {match.record()}" if result is not None else f"{match.record()} so far"
        following = self.opponent()
        going = "another game against it" if last == self.next_index else \
            f"next: {following.product}" if following is not None else ""
        return f"Gauntlet: against {match.product} {stands}; {going}. n: the gauntlet."

    def title(self) -> str:
        length = "one game each" if self.best_of == 1 else "best of three"
        return (f"{deck_label(self.deck)} against the {self.set_code} precons, {length}, "
                f"computer {self.level}, rules {self.ruleset}")

    def match_line(self, i: int) -> str:
        """One opponent's line: its product, then its result, "next", or "to play"."""
        m = self.matches[i]
        result = m.result(self.best_of)
        if result is not None:
            state = f"{result} {m.record()}"
        elif i == self.next_index:
            state = "next" + (f" ({m.record()} so far)" if m.games else "") + (
                " - a game in progress" if self.pending is not None else "")
        else:
            state = "to play"
        turns = ", ".join(f"{g.outcome} on turn {g.turns}" for g in m.games)
        return f"{i + 1}. {m.product} ({m.deck}): {state}" + (f" [{turns}]" if turns else "")

    def summary(self) -> Summary:
        results = [m.result(self.best_of) for m in self.matches]
        games = [g for m in self.matches for g in m.games]
        average = sum(g.turns for g in games) / len(games) if games else None
        return Summary(results.count("won"), results.count("lost"), results.count("drawn"), len(games), average,
                       tuple(self.match_line(i) for i in range(len(self.matches))))

    def summary_text(self) -> list[str]:
        """The summary as lines of text: the title, each opponent, the record."""
        s = self.summary()
        n = self.games_played
        state = "finished" if self.finished else f"{n} game{'s' if n != 1 else ''} played"
        lines = [f"Gauntlet: {self.title()} ({state}; started {self.started_at or '?'})", *s.lines]
        record = f"matches won {s.matches_won}, lost {s.matches_lost}" + (
            f", drawn {s.matches_drawn}" if s.matches_drawn else "")
        turns = f", average {s.average_turns:.1f} turns a game" if s.average_turns is not None else ""
        lines.append(f"{record}; {s.games} game{'s' if s.games != 1 else ''}{turns}")
        return lines

    # ------------------------------------------------------------ JSON
    def as_json(self) -> dict[str, Any]:
        s = self.summary()
        return {"deck": self.deck, "set": self.set_code, "best_of": self.best_of, "level": self.level,
                "ruleset": self.ruleset, "seed": self.seed, "pending": self.pending,
                "allow_illegal": self.allow_illegal, "started_at": self.started_at, "finished": self.finished,
                "next": self.next_index,
                "matches": [{"deck": m.deck, "product": m.product, "result": m.result(self.best_of),
                             "games": [g.as_json() for g in m.games]} for m in self.matches],
                "summary": {"matches_won": s.matches_won, "matches_lost": s.matches_lost,
                            "matches_drawn": s.matches_drawn, "games": s.games, "average_turns": s.average_turns}}

    @classmethod
    def from_json(cls, doc: Any) -> Gauntlet:
        """A gauntlet as `as_json` wrote it; GauntletError saying what is wrong otherwise."""
        try:
            return cls._from_json(doc)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise GauntletError(f"not a gauntlet this version can read ({type(e).__name__}: {e})") from None

    @classmethod
    def _from_json(cls, doc: dict[str, Any]) -> Gauntlet:
        fresh = cls.new(str(doc["deck"]), str(doc["set"]), int(doc["best_of"]), str(doc["level"]),
                        str(doc["ruleset"]), int(doc["seed"]))
        matches = tuple(Match(m.deck, m.product, tuple(_game(g) for g in saved["games"]))
                        for m, saved in zip(fresh.matches, _list(doc["matches"], len(fresh.matches)), strict=True))
        pending = doc.get("pending")
        return replace(fresh, matches=matches, pending=int(pending) if pending is not None else None,
                       allow_illegal=bool(doc.get("allow_illegal")), started_at=str(doc.get("started_at", "")))


def _list(value: Any, n: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"expected a list of {n}")
    return value


def _game(doc: Any) -> GameResult:
    outcome = str(doc["outcome"])
    if outcome not in ("won", "lost", "drawn"):
        raise ValueError(f"a game's outcome is won, lost or drawn, not {outcome!r}")
    return GameResult(outcome, int(doc["turns"]), str(doc["ending"]))


def deck_reference(deck: str) -> str:
    """A deck as a gauntlet keeps it: a bundled deck's name, or a file's absolute path (so the
    gauntlet continues from any folder)."""
    deck = deck.strip()
    if deck in bundled_names():
        return deck
    path = Path(deck).expanduser()
    return str(path.resolve()) if path.is_file() else deck


def deck_label(deck: str) -> str:
    """A deck as shown: a file by its name, a bundled deck by its own."""
    return Path(deck).name if "/" in deck else deck


ENDINGS = ("loses the game", "concedes", "is a draw")


def game_result(winner: str | None, turns: int, log_texts: list[str]) -> GameResult:
    """A finished game's result for the player (seat PLAYER): the winner (None: a draw), the turn
    it ended on, and the last log line saying how (a loss, a concession, a draw)."""
    ending = next((t for t in reversed(log_texts) if any(e in t for e in ENDINGS)), "")
    outcome = "drawn" if winner is None else "won" if winner == PLAYER else "lost"
    return GameResult(outcome, turns, ending)
