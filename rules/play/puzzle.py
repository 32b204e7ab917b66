"""Puzzles: scenario files (scenarios.md) with a goal, hints and an explanation.

A puzzle file is a scenario file with these extra top-level keys:

    title = "Respond before it resolves"
    difficulty = "easy"                 # easy, medium or hard
    teaches = ["the stack", "responding"]
    player = "alice"                    # who the solver plays (default: start.active)
    goal = "Save your Runeclaw Bear."   # what the solver is told
    check = "any time"                  # "any time": solved as soon as [expect] holds;
                                        # "end of turn": judged once the last turn is over
    turns = 1                           # how many turns the puzzle lasts (default 1)
    hints = ["...", "..."]              # shown one at a time
    explain = "... (rule 608.2) ..."    # shown once solved or failed: the rules, with numbers
    actions = [...]                     # setup: played before the solver takes over
    solution = [...]                    # a winning line, both players, in action notation
    opponent = [...]                    # optional: the opponent's answers (default: the
                                        # opponent's actions in `solution`, passes aside)
    ai = "random"                       # optional: a computer player's level (players.LEVELS)
                                        # answers for the opponent where its script doesn't
    topic = "combat"                    # what the practice list groups it under (TOPICS)
    computer_solves = false             # optional (default true): the computer player
                                        # (`mtg-tui practice --ai hard`) isn't expected to
                                        # solve it (with a comment saying why)

Like any scenario file, a key that is not one of these or a scenario's, or a value of the
wrong type, makes the file unusable (PuzzleError naming the key).

The opponent plays a scripted action the first time it answers the question asked and is
legal (so a scripted spell is cast at the first chance); otherwise the computer player of
level `ai` answers, or, without one, the opponent does nothing (passes, no attack, no block).
Set positions up with `actions`.
`[expect]` is the goal.  The scenario runner plays `actions` then `solution` and checks it,
so `mtg-tui scenario` runs a puzzle file like any other.  `PuzzleRun` is one attempt as a
client plays it: the solver acts; the opponent answers from its script (an action that
answers the question and is legal) or does nothing; `status()` says playing, solved or
failed, and why in the solver's words (rules/puzzle_words.py: "your Runeclaw Bear died"), not
the scenario runner's (`problems()`).  Pure code: no I/O beyond reading the file.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..cards import CardDataError, UnknownCard
from ..engine.api.game import Game
from ..engine.core import actions as A
from ..engine.core.decisions import Decision
from .autopilot import goldfish_answer
from .players import LEVELS, Player, make_player
from .players.search import count_only_until
from .puzzle_words import Voice, failure_sentences
from .scenario import (
    Difference,
    Scenario,
    ScenarioError,
    ScenarioFailure,
    build_game,
    check_expectations,
    expect_refusal,
    expectation_differences,
    go_to,
    parse_scenario,
    play_actions,
    read_toml_file,
    resolve,
)

DIFFICULTIES = ("easy", "medium", "hard")
# what the practice list groups puzzles under, in the order it shows them
TOPICS = ("the stack", "combat", "keywords", "regeneration and protection", "layers",
          "replacement and prevention", "copies", "planeswalkers", "state-based actions", "the 2009 rules")
NO_TOPIC = "other"
CHECKS = ("any time", "end of turn")
PLAYING, SOLVED, FAILED = "playing", "solved", "failed"


class PuzzleError(Exception):
    """A puzzle file that can't be used; the message says why."""


@dataclass
class Puzzle:
    scenario: Scenario
    title: str
    difficulty: str
    teaches: list[str]
    player: str
    opponent: str
    goal: str
    check: str
    turns: int
    hints: list[str]
    explain: str
    setup_actions: list[str]
    solution: list[str]
    script: list[str]  # the opponent's answers
    ai: str | None = None  # the level of the computer player answering for the opponent beyond its script
    topic: str = NO_TOPIC  # one of TOPICS (a puzzle file from elsewhere may have none)
    computer_solves: bool = True  # whether the computer player is expected to solve it

    @property
    def path(self) -> Path | None:
        return self.scenario.path

    @property
    def rules(self) -> str:
        return self.scenario.setup.ruleset

    @property
    def about(self) -> list[str]:
        return self.scenario.about

    @property
    def expect(self) -> dict[str, Any]:
        return self.scenario.expect

    @property
    def key(self) -> str:
        """What progress is remembered under: the file's name."""
        return self.path.stem if self.path is not None else self.title


# ------------------------------------------------------------------ loading
def _strings(doc: dict[str, Any], key: str) -> list[str]:
    """A key holding a string or a list of strings (parse_scenario has checked which), as a list."""
    value = doc.get(key, [])
    return [v.strip() for v in ([value] if isinstance(value, str) else value)]


def _actor(text: str, players: list[str]) -> str | None:
    """The player an action in notation names ("bob: block ..." -> bob), None for meta-actions."""
    head, sep, _ = text.lstrip("!").partition(":")
    name = head.strip()
    return name if sep and name in players else None


def parse_puzzle(doc: dict[str, Any], path: Path | None = None) -> Puzzle:
    where = str(path) if path is not None else "puzzle"
    try:
        sc = parse_scenario(doc, path)
    except ScenarioError as e:
        raise PuzzleError(f"{where}: {e}") from None
    players = [p.name for p in sc.setup.players]
    if len(players) != 2:
        raise PuzzleError(f"{where}: a puzzle has two players")
    if not sc.expect:
        raise PuzzleError(f"{where}: a puzzle needs an [expect] table: the goal")
    player = str(doc.get("player", sc.setup.active or players[0]))
    if player not in players:
        raise PuzzleError(f"{where}: player = {player!r} is not one of {', '.join(players)}")
    opponent = next(p for p in players if p != player)
    difficulty = str(doc.get("difficulty", "medium"))
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"{where}: difficulty = {difficulty!r}: choose {', '.join(DIFFICULTIES)}")
    check = str(doc.get("check", "any time"))
    if check not in CHECKS:
        raise PuzzleError(f"{where}: check = {check!r}: choose {' or '.join(repr(c) for c in CHECKS)}")
    turns = doc.get("turns", 1)  # a whole number, and every key's type, checked by parse_scenario
    if turns < 1:
        raise PuzzleError(f"{where}: turns must be a whole number, 1 or more")
    ai = doc.get("ai")
    if ai is not None and ai not in LEVELS:
        raise PuzzleError(f"{where}: ai = {ai!r}: choose {', '.join(LEVELS)}")
    topic = str(doc.get("topic", NO_TOPIC))
    if topic not in (*TOPICS, NO_TOPIC):
        raise PuzzleError(f"{where}: topic = {topic!r}: choose {', '.join(TOPICS)}")
    setup_actions = _strings(doc, "actions")
    solution = _strings(doc, "solution")
    script = (_strings(doc, "opponent") if "opponent" in doc
              else [a for a in solution if _actor(a, players) == opponent and not a.startswith("!")
                    and a.partition(":")[2].strip().lower() != "pass"])
    return Puzzle(
        scenario=sc, title=str(doc.get("title") or sc.name), difficulty=difficulty,
        teaches=_strings(doc, "teaches"), player=player, opponent=opponent,
        goal=str(doc.get("goal") or "make the position in [expect] happen"), check=check, turns=turns,
        hints=_strings(doc, "hints"), explain=str(doc.get("explain", "")).strip(),
        setup_actions=setup_actions, solution=solution, script=script, ai=ai, topic=topic,
        computer_solves=bool(doc.get("computer_solves", True)))


def load_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file; PuzzleError (never OSError or a TOML error) when it can't be used."""
    return parse_puzzle(read_toml_file(path, PuzzleError, "puzzle file"), Path(path))


# ------------------------------------------------------------------ playing
@dataclass
class PuzzleRun:
    """One attempt at a puzzle: the game from its start state, the opponent's script, the verdict."""

    puzzle: Puzzle
    game: Game = field(init=False)
    start_turn: int = field(init=False)
    start_record: int = field(init=False)  # the record's length at the start position
    used: set[int] = field(default_factory=set, init=False)  # script entries the opponent has played
    verdict: tuple[str, str] | None = field(default=None, init=False)
    # a person solves it: every search for a card with a stated quality asks (GameSetup.ask_every_search)
    ask_every_search: bool = False
    _computer: Player | None = field(default=None, init=False, repr=False)  # the opponent's `ai`, once asked

    def __post_init__(self) -> None:
        try:
            self.game = self._set_up()
            self.start_turn = self.game.turn
            self.start_record = len(self.game.record)
            self.settle()
        except (ScenarioError, ScenarioFailure, A.IllegalAction, UnknownCard, CardDataError) as e:
            raise PuzzleError(f"{self.puzzle.title}: the start position can't be set up: {e}") from None
        except Exception as e:  # an engine bug: reported like the scenario runner does, not raised
            raise PuzzleError(f"{self.puzzle.title}: the engine failed setting it up: "
                              f"{type(e).__name__}: {e}") from None

    def _set_up(self) -> Game:
        """The start position: the file's position, then its setup actions.  With
        `ask_every_search` the game asks every search, unless the setup actions were written
        for a game that doesn't (they meet a search it would ask about): they are then played
        as written, on a game without the option."""
        sc = self.puzzle.scenario
        if self.ask_every_search:
            game = build_game(replace(sc, setup=replace(sc.setup, ask_every_search=True)))
            try:
                play_actions(game, self.puzzle.setup_actions)
                return game
            except ScenarioFailure:
                pass
        game = build_game(sc)
        play_actions(game, self.puzzle.setup_actions)
        return game

    @property
    def last_turn(self) -> int:
        return self.start_turn + self.puzzle.turns - 1

    # ------------------------------------------------------------ the opponent
    def is_opponents(self, d: Decision | None) -> bool:
        return d is not None and d.player == self.puzzle.opponent

    def opponent_answer(self, d: Decision) -> A.Action:
        """The opponent's answer: the first unplayed scripted action that answers `d`
        legally, otherwise the computer player's (the puzzle's `ai`), or without one the
        do-nothing answer (pass, no attack, no block...)."""
        for i, text in enumerate(self.puzzle.script):
            if i in self.used:
                continue
            try:
                action = self.game.parse(text, d.player)
                if action.player != d.player or not d.answered_by(action):
                    continue
                if self.game.check(action) is not None:
                    continue
            except A.IllegalAction:
                continue
            self.used.add(i)
            return action
        if self.puzzle.ai is not None:
            if self._computer is None:
                self._computer = make_player(self.puzzle.ai, self.puzzle.opponent)
                count_only_until(self._computer, self.last_turn)  # it plays for the puzzle's turns only
            return self._computer.answer(self.game, d)
        return goldfish_answer(self.game, d)

    def fork(self, computer: Player | None = None) -> PuzzleRun:
        """An independent copy of this attempt (a search's playout): the game copied, the
        script's progress and the verdict kept.  A computer opponent (`ai`) is played by
        `computer`, a search's model of it (without one, the puzzle's own level, made when
        first asked, as in a fresh attempt)."""
        twin = copy.copy(self)
        twin.game = self.game.copy()
        twin.used = set(self.used)
        twin._computer = computer if self.puzzle.ai is not None else None
        if twin._computer is not None:
            count_only_until(twin._computer, self.last_turn)
        return twin

    def settle(self, limit: int = 10000) -> None:
        """Answer every question the opponent is asked, until the solver must decide."""
        for _ in range(limit):
            d = self.game.decision
            if d is None or not self.is_opponents(d):
                return
            self.game.act(self.opponent_answer(d))
        raise PuzzleError("the opponent never stops acting")  # pragma: no cover - a safety net

    # ------------------------------------------------------------ the solver
    def act(self, action: A.Action | str) -> None:
        """The solver's action (IllegalAction, and nothing changes, when refused)."""
        if isinstance(action, str):
            action = self.game.parse(action, self.puzzle.player)
        self.game.act(action)
        self.settle()
        self.status()  # a verdict is reached at the moment it holds

    def play(self, texts: list[str]) -> None:
        """Play the solver's part of a line in notation: its own actions, `resolve` and
        `go to` (passing for the solver, the opponent answering as in a client); the
        opponent's actions in the line are left to its script.  ScenarioFailure when a step
        can't be played."""
        players = [p.name for p in self.game.players]
        for i, text in enumerate(texts, 1):
            where = f"solution action {i} ({text!r})"
            who = _actor(text, players)
            if who == self.puzzle.opponent:
                continue
            if text.startswith("!"):
                expect_refusal(self.game, text[1:].strip(), where)
            elif text.lower() == "resolve":
                resolve(self.game, where, self.act)
            elif text.lower().startswith("go to "):
                go_to(self.game, text[6:].strip(), where, self.act)
            else:
                try:
                    self.act(text)
                except A.IllegalAction as e:
                    raise ScenarioFailure(f"{where} was refused: {e}") from None

    # ------------------------------------------------------------ the verdict
    def line(self) -> list[str]:
        """What was played since the start position, in notation, passes left out: the
        solver's moves and the opponent's answers."""
        g = self.game
        return [g.notation(a) for a in g.record[self.start_record:] if not isinstance(a, A.Pass)]

    def problems(self) -> list[str]:
        """What in [expect] doesn't hold now, as the scenario runner says it ([] when the goal holds)."""
        return check_expectations(self.game, self.puzzle.expect)

    def failures(self, differences: list[Difference] | None = None) -> list[str]:
        """What in the goal doesn't hold now, in the solver's words ([] when the goal holds)."""
        if differences is None:
            differences = expectation_differences(self.game, self.puzzle.expect)
        return failure_sentences(self.game, self.puzzle.player, differences)

    def status(self) -> tuple[str, str]:
        """(playing|solved|failed, why).  Solved and failed are final: the first verdict stays.
        `why` is for the solver to read ("the turn ended: your Runeclaw Bear died")."""
        if self.verdict is not None:
            return self.verdict
        g = self.game
        differences = expectation_differences(g, self.puzzle.expect)
        if not differences and g.player(self.puzzle.player).conceded:  # giving up (104.3a) never solves one
            self.verdict = (FAILED, f"you conceded: {_result(g, Voice(self.puzzle.player))}")
            return self.verdict
        over = g.over or g.decision is None
        ended = over or g.turn > self.last_turn
        if self.puzzle.check == "end of turn" and not ended:
            return PLAYING, ""
        if not differences:
            self.verdict = (SOLVED, "the goal holds")
        elif over:
            why = "; ".join(self.failures(differences))
            if not any(d.field == "winner" for d in differences):  # then the sentences don't say who won
                why = f"{_result(g, Voice(self.puzzle.player))}, but {why}"
            self.verdict = (FAILED, why)
        elif ended:
            when = "the turn ended" if self.puzzle.turns == 1 else f"turn {self.last_turn} ended"
            self.verdict = (FAILED, f"{when}: " + "; ".join(self.failures(differences)))
        else:
            return PLAYING, ""
        return self.verdict


def _result(g: Game, v: Voice) -> str:
    return "the game is a draw" if g.is_draw or g.winner is None else f"{v.who(g.winner)} won"


def solve(puzzle: Puzzle) -> PuzzleRun:
    """Play the puzzle's solution as a client would (the opponent from its script)."""
    run = PuzzleRun(puzzle)
    run.play(puzzle.solution)
    return run
