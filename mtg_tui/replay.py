"""Stepping through a saved game one action at a time (the replay viewer; no UI here).

The record is replayed once when opened, noting where each turn begins and how long the log
is after each action.  Moving forward takes the next actions; moving back rewinds the game
from its undo point (a copy of the state kept once a turn, rules/engine/api/snapshot.py) and takes
the few actions since, so a step costs a few milliseconds at any point of a long game.  Home
starts a new game and keeps the one it leaves (with its undo points), so End, or a long jump
forward, goes back to that one instead of replaying the whole record again.  While the player
looks at a point, the viewer can ready the one the same key would go to next (`prepare`: a
second game forked from the undo points), so that key only swaps games."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import Game, IllegalAction
from rules.engine.core.setup import setup_from_dict

from .persistence.saves import SaveError, read_record

_INTERNAL_ID = re.compile(r"#\d+")
FAR = 40  # a jump forward of more actions than this takes a game already further on, if there is one


def readable(text: str) -> str:
    """An action's notation without the engine's object numbers (`play Island#12` -> `play Island`)."""
    return _INTERNAL_ID.sub("", text)


@dataclass(frozen=True)
class Moment:
    """Where the replay stands: after `index` of `total` actions."""

    index: int
    total: int
    turn: int
    action: str | None  # the action just taken, readable (None at the start)
    player: str | None  # who took it
    new_log: int  # how many log lines it added (they end the log)


class Replay:
    """A saved game to step through: `goto(k)` shows it after its first k actions."""

    def __init__(self, record: dict[str, Any], where: str = "the save") -> None:
        texts = record.get("actions")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise SaveError(f"{where} is not a saved game this version can read: its actions must be a list of texts")
        try:
            Game.from_record({**record, "actions": []})  # the format and the setup, worded
            setup = setup_from_dict(record["setup"])
        except ValueError as e:
            raise SaveError(f"{where} is not a saved game this version can read: {e}") from None
        except Exception as e:  # an unknown card, a renamed deck...: never a traceback
            raise SaveError(f"{where} can't be replayed: {e}") from None
        self.texts: list[str] = list(texts)
        self.setup = setup
        self.game = Game(setup, undo_points=True)
        self._ahead: tuple[int, Game] | None = None  # (index, game): a game left further on by Home
        self._ready: tuple[int, Game] | None = None  # (index, game): a point readied by `prepare`
        self.turns = [self.game.turn]  # turns[k]: the turn after k actions
        self.log_lengths = [len(self.game.log)]
        self.players: list[str] = []
        self.problem: str | None = None
        for k, text in enumerate(self.texts):
            try:
                self.game.act(text)
            except IllegalAction as e:  # a save that no longer replays: shown up to there
                self.problem = f"action {k + 1} of {len(self.texts)} ({readable(text)!r}) doesn't replay: {e.message}"
                self.texts = self.texts[:k]
                break
            except Exception as e:  # noqa: BLE001 - an engine error on a strange save: never a traceback
                self.problem = f"action {k + 1} of {len(self.texts)} ({readable(text)!r}) failed: {e}"
                self.texts = self.texts[:k]
                break
            self.turns.append(self.game.turn)
            self.log_lengths.append(len(self.game.log))
        self.players = [a.player for a in self.game.record]
        self.index = len(self.texts)

    @classmethod
    def open(cls, path: str | Path) -> Replay:
        """A save file to step through; SaveError (worded for the player) when it can't be."""
        p = Path(path).expanduser()
        return cls(read_record(p), str(p))

    @property
    def total(self) -> int:
        return len(self.texts)

    def goto(self, k: int) -> Moment:
        """The game after its first k actions (clamped to the record)."""
        k = max(0, min(k, self.total))
        if k == self.index:
            return self.moment()
        if self._ready is not None and self._ready[0] == k:  # readied while the last point was shown
            self.game = self._ready[1]
            self._ready = None
        elif k == 0:  # the start is a new game: the one left keeps its undo points for a jump back (End)
            if self._ahead is None or self._ahead[0] < self.index:
                self._ahead = (self.index, self.game)
            self.game = Game(self.setup, undo_points=True)
        elif k < self.index:
            self.game.rewind(k)
        elif self._ahead is not None and k - self.index > FAR and self._ahead[0] - self.index > FAR:
            at, game = self._ahead  # further on already: rewound from its undo points, or replayed from there
            self._ahead = None
            if k < at:
                game.rewind(k)
            else:
                game.replay(self.texts[at:k])
            self.game = game
        else:
            self.game.replay(self.texts[self.index:k])
        self.index = k
        return self.moment()

    def moment(self) -> Moment:
        k = self.index
        return Moment(k, self.total, self.turns[k], readable(self.texts[k - 1]) if k else None,
                      self.players[k - 1] if k else None, self.log_lengths[k] - self.log_lengths[k - 1] if k else 0)

    def step(self, by: int) -> Moment:
        return self.goto(self.index + by)

    def next_turn(self) -> Moment:
        """The first action of the next turn (the end when this is the last)."""
        return self.goto(self.next_turn_index())

    def previous_turn(self) -> Moment:
        """The start of this turn, or of the turn before when already there."""
        return self.goto(self.previous_turn_index())

    def next_turn_index(self) -> int:
        now = self.turns[self.index]
        return next((k for k in range(self.index, self.total + 1) if self.turns[k] > now), self.total)

    def previous_turn_index(self) -> int:
        k = self.index
        start = self._turn_start(k)
        return self._turn_start(start - 1) if start == k and k > 0 else start

    @property
    def readied(self) -> int | None:
        """The point `prepare` readied (None when none is)."""
        return self._ready[0] if self._ready is not None else None

    def prepare(self, k: int) -> None:
        """Ready the game after the first k actions beside the one shown (a fork from its undo
        points, and the actions since), so that `goto(k)` next only swaps them."""
        k = max(0, min(k, self.total))
        if k == self.index or (self._ready is not None and self._ready[0] == k):
            return
        if k < self.index:
            game = self.game.fork(k)
        else:
            game = self.game.fork(self.index)
            game.replay(self.texts[self.index:k])
        for p in game.players:  # a copy's caches start empty: filled now, not when the key is pressed
            game.view(p.name, log=False)
        self._ready = (k, game)

    def _turn_start(self, k: int) -> int:
        turn = self.turns[k]
        while k > 0 and self.turns[k - 1] == turn:
            k -= 1
        return k
