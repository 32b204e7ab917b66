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
from rules.engine.core import actions as A
from rules.engine.core.decisions import Decision
from rules.play.assist import (
    HiddenMark,
    can_act,
    can_act_only_now,
    hidden_mark,
    is_attacked,
    mana_burn_if_passed,
    revealed_since,
)
from rules.play.autopilot import goldfish_answer
from rules.play.players import Player, make_player
from rules.play.players.search import SearchPlayer

from .config import GameConfig
from .persistence.precons import precon_of
from .persistence.save_digests import track
from .stops import COMBAT_STEPS, Stops

MAX_AUTO = 5000  # a safety net: never spin forever without showing the screen


# The passing modes (MTGO's F-keys): what a player asked the client to pass through for them.
YIELD_NAMES = {
    "step": "to the next step",
    "eot": "to end of turn",
    "event": "until something happens",
    "turn": "to their next turn",  # unless attacked, targeted, or a spell is cast
}


@dataclass
class Yield:
    """A passing mode a player set: `mode` (a key of YIELD_NAMES), where it was set, and the
    stack items already there (passing through them was asked for)."""

    mode: str
    turn: int
    step: str
    seen: frozenset[int] = frozenset()

    @property
    def name(self) -> str:
        return YIELD_NAMES[self.mode]


@dataclass
class Session:
    game: Game
    config: GameConfig | None = None
    open_hands: bool = False
    stops: dict[str, Stops] = field(default_factory=dict)
    yields: dict[str, Yield] = field(default_factory=dict)  # player -> the passing mode they set
    # players holding priority: after their next spell or ability they get priority back (117.3c)
    # instead of the client passing for them, so they can respond to it themselves
    holding: set[str] = field(default_factory=set)
    checkpoints: list[int] = field(default_factory=list)  # record lengths before human actions
    counted: bool = False  # its goldfish kill turn is in the running average
    # hidden information as it was at each checkpoint (record length -> mark); a loaded game
    # finds its marks by replaying (see `_mark`)
    marks: dict[int, HiddenMark] = field(default_factory=dict, repr=False, compare=False)
    # player -> the log's length just after their last decision: a cover says what happened since
    seen: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    # called after every change to the game (the app autosaves the record there)
    on_change: Callable[[Session], None] | None = field(default=None, repr=False, compare=False)
    # seat -> level of each seat the computer plays (rules.play.players); not a human: its hand
    # is never shown, and the screen asks its player object for its decisions, paced
    computers: dict[str, str] = field(default_factory=dict)
    _players: dict[str, Player] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        track(self.game)  # the start: a save carries digests to verify its replay by
        self.game.undo_points = True  # undo goes back from the turn's copy, not from the start
        for p in self.humans:
            # a goldfish never acts: nothing to answer on its turns
            self.stops.setdefault(p, Stops(theirs=set()) if self.goldfish else Stops())

    # ------------------------------------------------------------ who is who
    @property
    def humans(self) -> list[str]:
        return [p.name for p in self.game.players if not p.goldfish and p.name not in self.computers]

    @staticmethod
    def computer_label(name: str) -> str:
        """How the client names a seat the computer plays: "bob (computer)"; a seat named after
        the bundled precon it plays (the gauntlet's) by the product's name, "Arcanis's Guile
        (computer)", not the deck file's."""
        precon = precon_of(name)
        return f"{precon[1].product if precon else name} (computer)"

    def label(self, name: str) -> str:
        """A player's name as the client shows it: "bob (computer)" for the computer's seat."""
        return self.computer_label(name) if name in self.computers else name

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
        mark = hidden_mark(self.game)
        who = self.game.decider
        self.game.act(action)
        track(self.game)
        if who is not None:
            self.seen[who] = len(self.game.log)
        self.checkpoints.append(before)
        self.marks[before] = mark
        self.advance()
        self.changed()

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def pass_until(self, player: str, mode: str) -> None:
        """Pass priority now and set a passing mode (YIELD_NAMES) for `player`."""
        if mode not in YIELD_NAMES:
            raise ValueError(mode)
        g = self.game
        self.yields[player] = Yield(mode, g.turn, g.step, frozenset(it.id for it in g.stack))
        self.act(A.Pass(player))

    def pass_until_end_of_turn(self, player: str) -> None:
        self.pass_until(player, "eot")

    def cancel_yield(self, player: str) -> bool:
        """Escape: the player's passing mode ends; returns whether there was one."""
        return self.yields.pop(player, None) is not None

    def yield_of(self, player: str | None) -> Yield | None:
        return self.yields.get(player) if player is not None else None

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
        if game.decider in self.computers:  # the computer's player answers, paced (`computer_answer`)
            return None
        if game.decider != d.player:  # another player makes this player's decisions (712 / 507)
            return None if not game.player(game.decider or d.player).goldfish else goldfish_answer(game, d)
        if game.player(d.player).goldfish:
            return goldfish_answer(game, d)
        if d.kind != "priority":
            return None
        p = d.player
        if mana_burn_if_passed(game, p):  # 2009: never pass for a player into mana burn (300.3)
            self.yields.pop(p, None)
            return None
        y = self.yields.get(p)
        over = y is not None and self._yield_over(p, y)
        if over:
            del self.yields[p]
        if not can_act(game, p):  # nothing they could do would matter (rules.play.assist)
            return A.Pass(p)
        if over:  # "to the next step" stops there; the other modes give way to the usual stops
            return None if y is not None and y.mode == "step" else self._usual(p)
        if y is not None:
            if self._yield_broken(p, y):
                del self.yields[p]
                return None
            return A.Pass(p)
        return self._usual(p)

    # ------------------------------------------------------------ the computer's seat
    def computer_deciding(self) -> str | None:
        """The computer's seat that must decide now (None: a human's turn to act, or game over)."""
        d = self.game.decision
        who = self.game.decider if d is not None else None
        return who if who in self.computers else None

    def computer_player(self, seat: str) -> Player:
        """The player object for a computer seat: made once, seeded by the game's seed."""
        if seat not in self._players:
            self._players[seat] = make_player(self.computers[seat], seat, self.game.setup.seed)
        return self._players[seat]

    def computer_answer(self, progress: Callable[[int, int], None] | None = None) -> A.Action | None:
        """What the computer's player answers to the decision now (None when it isn't its).
        `progress`: called with (playouts done, budget) as a searching player searches (none
        follows a search without it)."""
        seat = self.computer_deciding()
        d = self.game.decision
        if seat is None or d is None:
            return None
        player = self.computer_player(seat)
        if isinstance(player, SearchPlayer):
            player.progress = progress
        return player.answer(self.game, d)

    def act_for_computer(self, action: A.Action) -> None:
        """The computer's answer: not an undo point (undo goes back to the human's own last
        decision, taking the computer's since with it); then the client answers on."""
        self.game.act(action)
        track(self.game)
        self.advance()
        self.changed()

    def play_computer(self, limit: int = MAX_AUTO) -> int:
        """Answer every decision of the computer's seats until a human must decide (headless:
        tests, and the screen's "skip"); returns how many."""
        n = 0
        while n < limit:
            action = self.computer_answer()
            if action is None:
                break
            self.act_for_computer(action)
            n += 1
        return n

    def toggle_hold(self, p: str) -> bool:
        """Hold priority after `p`'s next spell or ability, or stop holding; whether it now holds."""
        self.holding.symmetric_difference_update({p})
        return p in self.holding

    def _usual(self, p: str) -> A.Action | None:
        game = self.game
        if p in self.holding and game.stack and game.stack[-1].controller == p:
            self.holding.discard(p)  # held once: their own spell is on top and they act again
            return None
        return None if self.stops_here(p) else A.Pass(p)

    def stops_here(self, p: str) -> bool:
        """Without a passing mode, whether the client gives `p` (who can act) priority now: an
        opponent's spell or ability on top of the stack, 2009 combat damage on the stack (the
        active player's by the engine's bookkeeping, but the window both players fight over,
        310.1), or a stop set for this step.  Stops on combat steps apply only when a creature
        attacks (nothing to fight over otherwise)."""
        game = self.game
        top = game.stack[-1] if game.stack else None
        if top is not None:
            return top.controller != p or top.kind == "combat_damage"
        if game.step in COMBAT_STEPS and not any(game.objects[i].attacking is not None for i in game.battlefield):
            return False
        return self.stops[p].has(game.active == p, game.step)

    def _yield_over(self, p: str, y: Yield) -> bool:
        """Whether the passing mode has run its course (the client then stops as usual)."""
        g = self.game
        if y.mode == "step":
            return (g.turn, g.step) != (y.turn, y.step)
        if y.mode == "eot":
            # at main 2 of their own turn a player gets it back when there is something to do
            # that can't wait (a land, a sorcery-speed spell or ability): an instant can
            return g.turn != y.turn or (g.active == p and g.step == "main2" and not g.stack
                                        and y.step != "main2" and can_act_only_now(g, p))
        return g.active == p and g.turn != y.turn  # "event", "turn": their next turn

    def _yield_broken(self, p: str, y: Yield) -> bool:
        """Whether something happened that ends the passing mode early: an opponent's new
        spell or ability on the stack, being attacked (the modes differ in which count)."""
        g = self.game
        if y.mode == "step":
            return False
        new = [it for it in g.stack if it.id not in y.seen and it.controller != p]
        attacked = g.step == "declare_attackers" and is_attacked(g, p)
        if y.mode == "turn":  # only a spell, an attack, or a target of theirs
            mine = {o.id for o in g.permanents(p)} | {p}
            return attacked or any(it.kind == "spell" or any(t in mine for t in it.targets) for it in new)
        return attacked or bool(new)  # "eot", "event"

    # ------------------------------------------------------------ undo
    def undo_refusal(self, player: str | None = None) -> str | None:
        """Why `player` (the decider when None) may not take back their last decision now, or
        None when they may.  Goldfish games undo any human action; with two players at the
        keyboard a player takes back only their own decisions, while the other player hasn't
        acted since and nothing hidden came to light (a draw, a shuffle, a random choice, a
        look at hidden cards: rules.play.assist.revealed_since)."""
        if not self.checkpoints:
            return "nothing to undo"
        if self.goldfish or len(self.humans) < 2:
            return None
        keep = self.checkpoints[-1]
        by = self.game.record[keep].player if keep < len(self.game.record) else None
        player = player or self.decider or by  # once the game is over: whoever acted last
        if by != player:
            return f"{by} has acted since {player}'s last decision" if by else "nothing to undo"
        why = revealed_since(self.game, self._mark(keep))
        return f"{why} since: taking it back would reveal hidden information" if why else None

    def can_undo(self, player: str | None = None) -> bool:
        return self.undo_refusal(player) is None

    def _mark(self, keep: int) -> HiddenMark:
        """The hidden information at checkpoint `keep` (replayed for a loaded game)."""
        if keep not in self.marks:
            scratch = Game(self.game.setup)
            scratch.replay(self.game.record[:keep])
            self.marks[keep] = hidden_mark(scratch)
        return self.marks[keep]

    def cancel_announcement(self) -> str | None:
        """Escape on a cost or a choice made while casting a spell or activating an ability:
        the whole action is reversed, the spell back where it was cast from, the mana and every
        other payment given back (717.1 / 2009 422.1).  Says what was reversed, or None when
        no spell or ability is being announced."""
        g = self.game
        at = g.announced_at
        if at is None:
            return None
        action = g.record[at]
        g.rewind(at)
        if isinstance(action, A.Cast):
            what = f"casting {g.name_of(action.card)}: it is back in {action.player}'s hand"
            if g.objects[action.card].zone != "hand":
                what = f"casting {g.name_of(action.card)}: it is back where it was"
        elif isinstance(action, A.Activate):
            what = f"activating {g.name_of(action.source)}'s ability"
        else:  # pragma: no cover - only casting and activating are announced
            what = g.notation(action)
        self.checkpoints = [k for k in self.checkpoints if k < at]
        self.marks = {k: m for k, m in self.marks.items() if k < at}
        self.changed()
        return f"{action.player} stops {what}, and every cost paid is given back ({g.rules.cite('illegal_action')})"

    def undo(self, player: str | None = None) -> bool:
        """Back to just before the last action a human took, when `can_undo`."""
        if self.undo_refusal(player) is not None:
            return False
        keep = self.checkpoints.pop()
        try:
            self.game.rewind(keep)
        except IllegalAction:  # pragma: no cover - the record replays by construction
            return False
        self.marks = {k: m for k, m in self.marks.items() if k < keep}
        self.yields.clear()
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
