"""The Game: the one class the outside world needs.  It holds a `GameState` and the game
loop that runs over it, and offers the decision API.

The loop is a generator (`turn.run_game`).  Wherever a player must choose, it yields a
`Decision` and waits; `Game.act` checks the answer against the rules *before* anything
changes (a refused action changes nothing and names the rule that refused it) and sends it
in.  The engine never blocks, prints or reads input.  The list of accepted actions is the
game record: `undo` replays it minus the last action; `to_record` / `from_record` save and
load it."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

from ..continuous.characteristics import chars
from ..continuous.static_index import watched_state_changed
from ..core import actions as A
from ..core.decisions import Decision
from ..core.objects import Characteristics, Obj, Player, StackItem
from ..core.refs import name_of, resolve_ref
from ..core.ruleset import Ruleset
from ..core.setup import GameSetup, setup_from_dict, setup_to_dict
from ..core.state import GameState, LogEvent, new_state
from ..loop.legal import ActionSpace
from ..loop.turn import resume_game, run_game
from ..loop.validate import validate
from ..resolution.turn_control import decider
from .digest import state_digest
from .notation import format_action, parse_action
from .snapshot import copy_state
from .view import LogLines, build_view
from .view_types import GameView

RECORD_FORMAT = "mtg-tui game record 1"


class Game:
    """A game of Magic: its state, the decision it waits for, and the game record."""

    def __init__(self, setup: GameSetup, undo_points: bool = False):
        self.setup = setup
        # copies of the state taken at most once a turn, at a step's priority: (record length,
        # copy).  `undo` carries on from the latest one instead of replaying the whole record.
        # Off unless asked for (a copy costs a few milliseconds; the simulator never undoes).
        self.undo_points = undo_points
        self._points: list[tuple[int, GameState]] = []
        self._log_lines = LogLines()  # the view's log lines, built once per log event
        self._start()

    def _start(self) -> None:
        """Set the game up from its setup and run the loop to the first decision (also how
        `undo` begins again)."""
        self.state = new_state(self.setup)
        self._proc: Generator[Decision, Any, Any] = run_game(self.state)
        self._advance(None)
        self._maybe_keep_point()

    # ------------------------------------------------------------ the decision API
    @property
    def decision(self) -> Decision | None:
        """What the engine waits for (None once the game is over)."""
        return self.state.decision

    @property
    def decider(self) -> str | None:
        """Who answers the current decision: its player, or the player controlling them
        (Sorin Markov, 712 / 507)."""
        d = self.state.decision
        return decider(self.state, d.player) if d is not None else None

    @property
    def announced_at(self) -> int | None:
        """While a spell is being cast or an ability activated and the current decision is part
        of it (a cost to pay, a choice to make: 601.2 / 602.2; 2009 409.1), the record's length
        before that action: rewinding to it reverses the whole action and cancels the payments
        made (717.1 / 422.1).  None otherwise."""
        return self.state.announcing

    def act(self, action: A.Action | str) -> None:
        """Take one action (an Action, or its text in action notation).  Raises
        IllegalAction, naming the rule, and changes nothing when it is not legal now."""
        action, plan = self._checked(action)
        text = format_action(self.state, action)
        self.state.record.append(action)
        self.state.record_texts.append(text)
        if isinstance(action, A.Concede):
            self._concede(action.player)
            return
        self._advance((action, plan))
        self._maybe_keep_point()

    def check(self, action: object) -> A.IllegalAction | None:
        """Why `action` would be refused now (an IllegalAction naming the rule), or None when
        it is legal.  Raises nothing and changes nothing."""
        try:
            self._checked(action)
        except A.IllegalAction as e:
            return e
        return None

    @property
    def actions(self) -> ActionSpace:
        """The legal answers to the current decision, as a space: `action in game.actions`,
        `game.actions.count()`, `game.actions.sample(rng)`, iteration."""
        return ActionSpace(self.state)

    def legal_actions(self, player: str | None = None) -> list[A.Action]:
        """Every legal answer to the current decision, as Action objects (priority: every
        castable card with each legal choice of targets, up to a cap, every activatable
        ability, playing a land, passing; attackers and blockers: every legal declaration)."""
        d = self.decision
        if d is None or (player is not None and player != d.player):
            return []
        return list(self.actions)

    def undo(self) -> None:
        """Go back one action: the state becomes exactly what it was before that action."""
        if self.record:
            self.rewind(len(self.record) - 1)

    def rewind(self, keep: int) -> None:
        """Go back to the state after the first `keep` actions of the record: from the latest
        undo point at or before it, the actions since are taken again (without undo points,
        the game is set up again and the record replayed)."""
        self._rewind_from(self._points, self.record[:keep])

    def _rewind_from(self, points: list[tuple[int, GameState]], actions: list[A.Action]) -> None:
        """This game becomes the one after `actions`, carried on from the latest of `points`
        within them (each a record length and an undo point, only ever copied from)."""
        keep = len(actions)
        self._points = [(n, point) for n, point in points if n <= keep]
        if self._points:
            n, point = self._points[-1]
            self.state = copy_state(point)
            self._proc = resume_game(self.state)
            self._advance(None)
            self.replay(actions[n:])
        else:
            self._start()
            self.replay(actions)

    def fork(self, keep: int) -> Game:
        """A second game, the state after the first `keep` actions of this one's record, carried
        on from this game's undo points (shared: an undo point is only ever copied from); this
        game is left as it is.  (A replay viewer readies the point a key is likely to ask for
        next while the player looks at this one.)"""
        if not 0 <= keep <= len(self.record):
            raise ValueError(f"a game of {len(self.record)} actions has no point after {keep}")
        other = Game.__new__(Game)
        other.setup = self.setup
        other._log_lines = LogLines()
        other.undo_points = self.undo_points
        other._rewind_from(self._points, self.record[:keep])
        return other

    def copy(self) -> Game:
        """A second game at this very point, for a search to play on and throw away; this game
        is left as it is.  At a step's priority with nothing half done (`resumable`) it is a
        copy of the state carried on from there (a few milliseconds); elsewhere (a declaration,
        a choice in the middle of a spell) a fork from the turn's undo point, which replays the
        actions since (from the start of the game when there are no undo points).  The copy
        keeps no undo points of its own."""
        other = Game.__new__(Game)
        other.setup = self.setup
        other._log_lines = LogLines()
        other.undo_points = False
        if self.state.resumable and self.state.decision is not None:
            other._points = []
            other.state = copy_state(self.state)
            other._proc = resume_game(other.state)
            other._advance(None)
        else:
            other._rewind_from(self._points, self.record)
        other._points = []
        return other

    @property
    def points_kept(self) -> int:
        """How many undo points the game holds."""
        return len(self._points)

    def _maybe_keep_point(self) -> None:
        """Keep an undo point at the first step's priority of each turn (when asked to)."""
        s = self.state
        if not self.undo_points or not s.resumable or s.decision is None:
            return
        if self._points and self._points[-1][1].turn == s.turn:
            return
        self._points.append((len(s.record), copy_state(s)))

    def replay(self, actions: Iterable[A.Action | str]) -> None:
        for a in actions:
            self.act(a)

    def to_record(self) -> dict[str, Any]:
        """The game record: its setup and every action in notation.  A saved game is this;
        `Game.from_record` replays it to the same state."""
        return {"format": RECORD_FORMAT, "setup": setup_to_dict(self.setup), "actions": list(self.state.record_texts)}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay a game record.  ValueError for a record this version can't read;
        IllegalAction (its message says which action) for one that doesn't replay."""
        if not isinstance(record, dict):
            raise ValueError("a game record is a JSON object with format, setup and actions")
        fmt = record.get("format")
        if fmt != RECORD_FORMAT:
            raise ValueError(f"its format is {fmt!r}; this version of mtg-tui reads {RECORD_FORMAT!r}")
        texts = record.get("actions")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ValueError("its actions must be a list of action texts")
        setup = record.get("setup")
        if not isinstance(setup, dict):
            raise ValueError("its setup must be a JSON object (the players, decks and seed)")
        game = cls(setup_from_dict(setup))
        for i, text in enumerate(texts, 1):
            try:
                game.act(text)
            except A.IllegalAction as e:
                raise A.IllegalAction(f"action {i} of {len(texts)} ({text!r}) doesn't replay: {e.message}",
                                      e.rule) from None
        return game

    # ------------------------------------------------------------ text forms and views
    def parse(self, text: str, player: str | None = None) -> A.Action:
        """The action a text in action notation means now."""
        return parse_action(self.state, text, player)

    def notation(self, action: A.Action) -> str:
        """The text of an action, with references that read back to the same objects."""
        return format_action(self.state, action)

    def view(self, player: str | None = None, log: bool = True) -> GameView:
        """What `player` may see (None: an observer, who sees no hand); `log=False` leaves the
        log out (the rest is the same)."""
        return build_view(self.state, player, log, self._log_lines)

    def digest(self) -> str:
        """A digest of the whole state: equal digests are the same game."""
        return state_digest(self.state)

    # ------------------------------------------------------------ read-only queries
    @property
    def rules(self) -> Ruleset:
        return self.state.rules

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def step(self) -> str:
        return self.state.step

    @property
    def active(self) -> str:
        return self.state.active

    @property
    def priority(self) -> str | None:
        return self.state.priority

    @property
    def players(self) -> list[Player]:
        return self.state.players

    @property
    def objects(self) -> dict[int, Obj]:
        return self.state.objects

    @property
    def stack(self) -> list[StackItem]:
        return self.state.stack

    @property
    def battlefield(self) -> list[int]:
        return self.state.battlefield

    @property
    def log(self) -> list[LogEvent]:
        return self.state.log

    @property
    def record(self) -> list[A.Action]:
        return self.state.record

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def is_draw(self) -> bool:
        return self.state.is_draw

    @property
    def result(self) -> str:
        """The winner's name, "draw", or "none" while the game goes on."""
        return self.state.result

    @property
    def first_turn_player(self) -> str | None:
        return self.state.first_turn_player

    def player(self, name: str) -> Player:
        return self.state.player(name)

    def has_player(self, name: object) -> bool:
        return self.state.has_player(name)

    def permanents(self, controller: str | None = None) -> list[Obj]:
        return self.state.permanents(controller)

    def known(self, oid: int) -> Obj | None:
        return self.state.known(oid)

    def chars(self, o: Obj) -> Characteristics:
        """An object's characteristics after continuous effects (613 / 418.5)."""
        return chars(self.state, o)

    def name_of(self, ref: Any) -> str:
        return name_of(self.state, ref)

    def resolve_ref(self, ref: str, zones: tuple[str, ...] = ("battlefield",), *, player_ok: bool = False,
                    controller: str | None = None) -> Any:
        return resolve_ref(self.state, ref, zones, player_ok=player_ok, controller=controller)

    def cited(self) -> set[str]:
        """Every rule number the log has cited."""
        return self.state.cited()

    # ------------------------------------------------------------ inside
    def _checked(self, action: object) -> tuple[A.Action, Any]:
        """The action (parsed if it was text) and the plan to carry it out; IllegalAction
        when it is not legal now.  Whatever is given, the answer is one of these two."""
        if isinstance(action, str):
            action = self.parse(action)
        why = A.malformed(action)
        if why:
            raise A.IllegalAction(why)
        assert isinstance(action, A.Action)
        state = self.state
        if not state.has_player(action.player):
            raise A.IllegalAction(f"there is no player called {action.player!r} in this game")
        if isinstance(action, A.Concede):
            if self.over or self.player(action.player).lost:
                raise A.IllegalAction(f"{action.player} is no longer in the game", self.rules.cite("concede"))
            return action, None
        d = state.decision
        if d is None:
            raise A.IllegalAction("the game is over", self.rules.cite("win"))
        if action.player != d.player:
            raise A.IllegalAction(
                f"{action.player} cannot act now: the engine is waiting for {d.describe()}",
                self.rules.cite("priority"),
            )
        if not d.answered_by(action):
            raise A.IllegalAction(f"that does not answer the question: {d.describe()}")
        return action, validate(state, d, action)

    def _advance(self, value: Any) -> None:
        try:
            self.state.decision = self._proc.send(value)
        except StopIteration:
            self.state.decision = None
            self.state.over = True

    def _concede(self, name: str) -> None:
        p = self.player(name)
        p.lost = p.conceded = True
        watched_state_changed(self.state)  # who is an opponent changed
        self.state.log_event(f"{name} concedes", "concede", player=name)
        self.state.check_game_over(raise_=False)
        if self.over:
            self._proc.close()
            self.state.decision = None
