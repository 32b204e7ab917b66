"""A game as the client plays it: who sits at the keyboard, who is a goldfish, where the
client passes priority for a player, and undo points.

No Textual here: the screen calls `act` with the player's answer and `advance` answers
everything nobody needs to see (goldfish decisions, priority with nothing relevant to do,
steps without a stop), so the loop is tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules import Game, IllegalAction
from rules.engine import actions as A
from rules.engine.decisions import Decision
from rules.play.assist import can_act, is_attacked, mana_burn_if_passed
from rules.play.autopilot import goldfish_answer

from .config import GameConfig
from .save_digests import track
from .stops import Stops

MAX_AUTO = 5000  # a safety net: never spin forever without showing the screen


@dataclass
class Session:
    game: Game
    config: GameConfig | None = None
    open_hands: bool = False
    stops: dict[str, Stops] = field(default_factory=dict)
    pass_eot: dict[str, int] = field(default_factory=dict)  # player -> turn they pass through
    checkpoints: list[int] = field(default_factory=list)  # record lengths before human actions
    counted: bool = False  # its goldfish kill turn is in the running average
    # called after every change to the game (the app autosaves the record there)
    on_change: Callable[[Session], None] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        track(self.game)  # the start: a save carries digests to verify its replay by
        self.game.undo_points = True  # undo goes back from the turn's copy, not from the start
        for p in self.humans:
            # a goldfish never acts: nothing to answer on its turns
            self.stops.setdefault(p, Stops(theirs=set()) if self.goldfish else Stops())

    # ------------------------------------------------------------ who is who
    @property
    def humans(self) -> list[str]:
        return [p.name for p in self.game.players if not p.goldfish]

    @property
    def goldfish(self) -> bool:
        return any(p.goldfish for p in self.game.players)

    @property
    def opponent_of(self) -> dict[str, str]:
        names = [p.name for p in self.game.players]
        return {n: names[(i + 1) % len(names)] for i, n in enumerate(names)}

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    @property
    def decider(self) -> str | None:
        """The human who must answer now (None when the game is over): the decision's player,
        or the player controlling them (Sorin Markov, 712 / 507)."""
        return self.game.decider

    # ------------------------------------------------------------ acting
    def act(self, action: A.Action | str, player: str | None = None) -> None:
        """A human's answer.  Raises IllegalAction and changes nothing when refused;
        otherwise the client then answers whatever nobody needs to see."""
        if isinstance(action, str):
            d = self.game.decision
            action = self.game.parse(action, player or (d.player if d is not None else None))
        before = len(self.game.record)
        self.game.act(action)
        track(self.game)
        self.checkpoints.append(before)
        self.advance()
        self.changed()

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def pass_until_end_of_turn(self, player: str) -> None:
        self.pass_eot[player] = self.game.turn
        self.act(A.Pass(player))

    def advance(self) -> int:
        """Answer every decision the client answers for the players; returns how many."""
        n = 0
        while n < MAX_AUTO:
            d = self.game.decision
            if d is None:
                break
            answer = self.auto_answer(d)
            if answer is None:
                break
            self.game.act(answer)
            track(self.game)
            n += 1
        return n

    def auto_answer(self, d: Decision) -> A.Action | None:
        """The answer the client gives for the player, or None when the player must decide."""
        game = self.game
        if game.decider != d.player:  # another player makes this player's decisions (712 / 507)
            return None if not game.player(game.decider or d.player).goldfish else goldfish_answer(game, d)
        if game.player(d.player).goldfish:
            return goldfish_answer(game, d)
        if d.kind != "priority":
            return None
        p = d.player
        top = game.stack[-1] if game.stack else None
        theirs_on_top = top is not None and top.controller != p
        if mana_burn_if_passed(game, p):  # 2009: never pass for a player into mana burn (300.3)
            self.pass_eot.pop(p, None)
            return None
        if not can_act(game, p):
            return A.Pass(p)
        if self.pass_eot.get(p) == game.turn:
            if theirs_on_top or (game.step == "declare_attackers" and is_attacked(game, p)):
                del self.pass_eot[p]
                return None
            return A.Pass(p)
        if theirs_on_top:
            return None
        if top is None and self.stops[p].has(game.active == p, game.step):
            return None
        return A.Pass(p)

    # ------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        return self.goldfish and bool(self.checkpoints)

    def undo(self) -> bool:
        """Back to just before the last action a human took (goldfish games only)."""
        if not self.can_undo():
            return False
        keep = self.checkpoints.pop()
        try:
            self.game.rewind(keep)
        except IllegalAction:  # pragma: no cover - the record replays by construction
            return False
        self.pass_eot.clear()
        self.changed()
        return True

    # ------------------------------------------------------------ summary
    def kill_turn(self) -> int | None:
        """In a goldfish game the human won: on which of their own turns (1 = first)."""
        g = self.game
        if not (self.goldfish and g.over and g.winner in self.humans):
            return None
        first = g.first_turn_player or g.active
        return (g.turn + (1 if first == g.winner else 0)) // 2
