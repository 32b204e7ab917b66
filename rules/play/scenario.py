"""Scenario files: a position, actions in action notation, and expectations (TOML).

`run_scenario(path)` builds the game, plays the actions strictly (each must answer the
question the engine is asking), and checks `[expect]`.  It never raises for a bad file
or a failed expectation: the result says what went wrong.  A file is checked against the
format's keys first (`check_keys`): an unknown key or a wrongly typed value fails it, since
a typo that was ignored would let a wrong scenario pass.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
import traceback
from collections import Counter
from collections.abc import Callable, Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import CardDataError, UnknownCard
from ..cards.mana import COLOR_NAMES, mana_symbols
from ..cards.model import CARD_TYPES, SUPERTYPES
from ..cards.safe_files import loads_toml
from ..engine.api.digest import state_digest
from ..engine.api.game import Game
from ..engine.core import actions as A
from ..engine.core.decisions import AttackersDecision, BlockersDecision, PriorityDecision
from ..engine.core.objects import Characteristics, Obj
from ..engine.core.ruleset import MULLIGANS, RULESETS
from ..engine.core.setup import GameSetup, PermanentSpec, PlayerSpec
from ..engine.loop.turn import STEPS


class ScenarioError(Exception):
    """A scenario file that is malformed or names something that doesn't exist."""


class ScenarioFailure(Exception):
    """A scenario that ran but did not do what it says."""


@dataclass
class Scenario:
    name: str
    path: Path | None
    setup: GameSetup
    actions: list[str]
    expect: dict[str, Any]
    about: list[str] = field(default_factory=list)
    doc: dict[str, Any] = field(default_factory=dict)


@dataclass
class ScenarioResult:
    name: str
    passed: bool
    message: str = ""
    game: Game | None = None

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.message}"


# ------------------------------------------------------------------ loading
# Every key a scenario file may hold, with what its value must be.  The file is checked
# against this schema before anything runs: an unknown key (a typo such as `graveyad` or
# `[expct]`) or a value of the wrong type (`life = "20"`, `tapped = "false"`, `hand = "Bolt"`,
# which Python would happily read as something else) fails the file, so a scenario never
# passes because part of it was silently ignored.


@dataclass(frozen=True)
class _Kind:
    """A leaf value: `ok` tests it; `what` says what it must be, in a FAIL line."""

    what: str
    ok: Callable[[Any], bool]


@dataclass(frozen=True)
class _Table:
    """A table with fixed keys; anything else in it is an unknown key."""

    keys: dict[str, _Node]
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Each:
    """A table whose keys are the file's own words (player names, references, counter
    names), so only their values are checked."""

    value: _Node


@dataclass(frozen=True)
class _Entries:
    """A list of card names or tables (battlefield entries): a table is checked as `entry`."""

    entry: _Table


_Node = _Kind | _Table | _Each | _Entries


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)  # TOML's true is not a number


def _is_strs(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


_COLOR_WORDS = tuple(COLOR_NAMES.values())
_POOL = re.compile(r"(\{[WUBRGC]\})*")  # a mana pool as a file writes it: "{R}{R}", "" for empty
_POOL_SYMBOL = re.compile(r"\{([WUBRGC])\}")
_INT = _Kind("a whole number", _is_int)
_BOOL = _Kind("true or false", lambda v: isinstance(v, bool))
_STR = _Kind("a string", lambda v: isinstance(v, str))
_STRS = _Kind("a list of strings", _is_strs)
_STR_OR_STRS = _Kind("a string or a list of strings", lambda v: isinstance(v, str) or _is_strs(v))
_NAMES = _Kind("a list of card names", _is_strs)
_RULES = _Kind(f"the string {' or '.join(json.dumps(r) for r in RULESETS)}", lambda v: isinstance(v, str))
_TYPES = _Kind(f"a list of card types from {', '.join(CARD_TYPES[:-1])} and {CARD_TYPES[-1]} "
               f"(supertypes such as {' and '.join(SUPERTYPES[:2])} are not types)",
               lambda v: _is_strs(v) and all(x in CARD_TYPES for x in v))
_COLORS = _Kind(f"a list of color words from {', '.join(_COLOR_WORDS[:-1])} and {_COLOR_WORDS[-1]} "
                "([] for colorless)",
                lambda v: _is_strs(v) and all(x in _COLOR_WORDS for x in v))
_MANA = _Kind('mana symbols such as "{R}{R}" (of {W}{U}{B}{R}{G}{C}, or "" for an empty pool)',
              lambda v: isinstance(v, str) and _POOL.fullmatch(v) is not None)

_PERMANENT_ENTRY = _Table({"card": _STR, "tapped": _BOOL, "sick": _BOOL, "damage": _INT, "counters": _Each(_INT),
                           "attached_to": _STR, "token": _BOOL}, required=("card",))
_PLAYER = _Table({"life": _INT, "poison": _INT, "hand": _NAMES, "battlefield": _Entries(_PERMANENT_ENTRY),
                  "library": _NAMES, "graveyard": _NAMES, "exile": _NAMES})
_EXPECT_PLAYER = _Table({"life": _INT, "poison": _INT, "hand": _NAMES, "battlefield": _NAMES, "graveyard": _NAMES,
                         "exile": _NAMES, "library_count": _INT, "hand_count": _INT, "mana_pool": _MANA})
_EXPECT_PERMANENT = _Table({"controller": _STR, "owner": _STR, "tapped": _BOOL, "power": _INT, "toughness": _INT,
                            "damage": _INT, "counters": _Each(_INT), "attached_to": _STR, "has": _STRS,
                            "lacks": _STRS, "types": _TYPES, "subtypes": _STRS, "colors": _COLORS})
_EXPECT = _Table({"turn": _INT, "step": _STR, "active": _STR, "priority": _STR, "winner": _STR, "stack": _STRS,
                  "alive": _STRS,  # players who have not lost (a Forge "Survive" puzzle's goal)
                  "log_cites": _STRS, "log_contains": _STRS, "players": _Each(_EXPECT_PLAYER),
                  "permanents": _Each(_EXPECT_PERMANENT)})
_SCENARIO = _Table({
    "name": _STR, "rules": _RULES, "about": _STR_OR_STRS, "actions": _STRS, "mulligan": _STR, "manual": _BOOL,
    "ask_every_search": _BOOL,
    "start": _Table({"turn": _INT, "active": _STR, "step": _STR, "seed": _INT}),
    "players": _Each(_PLAYER), "expect": _EXPECT,
    # a puzzle's keys (rules/play/puzzle.py), so that `mtg-tui scenario` runs a puzzle file too
    "title": _STR, "difficulty": _STR, "teaches": _STR_OR_STRS, "goal": _STR, "hints": _STR_OR_STRS,
    "explain": _STR, "solution": _STRS, "player": _STR, "opponent": _STR_OR_STRS, "turns": _INT, "check": _STR,
    "ai": _STR, "topic": _STR, "computer_solves": _BOOL})


def _shown(value: Any, limit: int = 60) -> str:
    """A value as it is written in TOML, shortened: what a FAIL line says was found."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, list):
        text = "[" + ", ".join(_shown(v, limit) for v in value) + "]"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k} = {_shown(v, limit)}" for k, v in value.items()) + "}"
    else:
        text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _where(path: tuple[str, ...]) -> str:
    """A key's name in a FAIL line.  Inside [expect] it is named as failed expectations are
    (`players.alice.life`) and placed "in [expect]", since [players.alice] holds the same
    words; elsewhere, by its dotted path from the top of the file."""
    def dotted(parts: tuple[str, ...]) -> str:
        return "".join(p if p.startswith("[") or i == 0 else "." + p for i, p in enumerate(parts))
    if path[:1] == ("expect",) and len(path) > 1:
        return f"{dotted(path[1:])} in [expect]"
    return dotted(path) if path else "the top level"


def _unknown(key: str, value: Any, known: dict[str, Any], path: tuple[str, ...]) -> str:
    """An unknown key, with the valid one it is nearest to when there is a close one."""
    near = difflib.get_close_matches(key, list(known), n=1)
    if isinstance(value, dict) and not path:  # `[expct]`: the file shows it as a table
        return f"unknown table [{key}]" + (f" (did you mean [{near[0]}]?)" if near else "")
    return f"unknown key {_where(path + (key,))}" + (f" (did you mean {near[0]}?)" if near else "")


def _schema_problems(value: Any, node: _Node, path: tuple[str, ...] = ()) -> list[str]:
    """What in `value` does not fit `node`: unknown keys, missing keys and wrong types."""
    if isinstance(node, _Kind):
        return [] if node.ok(value) else [f"{_where(path)} must be {node.what}, not {_shown(value)}"]
    if isinstance(node, _Entries):
        if not isinstance(value, list):
            return [f"{_where(path)} must be a list of card names or tables, not {_shown(value)}"]
        out: list[str] = []
        for i, entry in enumerate(value, 1):
            card = entry.get("card") if isinstance(entry, dict) else None
            here = path[:-1] + (f"{path[-1]}[{card if isinstance(card, str) else f'entry {i}'}]",)
            if isinstance(entry, dict):
                out += _schema_problems(entry, node.entry, here)
            elif not isinstance(entry, str):
                out.append(f"{_where(here)} must be a card name or a table with card = \"NAME\", "
                           f"not {_shown(entry)}")
        return out
    if not isinstance(value, dict):
        return [f"{_where(path)} must be a table, not {_shown(value)}"]
    if isinstance(node, _Each):
        return [p for k, v in value.items() for p in _schema_problems(v, node.value, path + (str(k),))]
    out = [_unknown(k, v, node.keys, path) for k, v in value.items() if k not in node.keys]
    out += [f"{_where(path)} needs a {k} key" for k in node.required if k not in value]
    for k, v in value.items():
        if k in node.keys:
            out += _schema_problems(v, node.keys[k], path + (k,))
    return out


def check_keys(doc: dict[str, Any]) -> list[str]:
    """Every key of a scenario (or puzzle) document that is unknown or holds the wrong kind
    of value, one FAIL-line phrase each ([] when the file is well formed)."""
    return _schema_problems(doc, _SCENARIO)


def _perm(entry: str | dict[str, Any]) -> PermanentSpec:
    """A battlefield entry already checked against the schema."""
    if isinstance(entry, str):
        return PermanentSpec(entry)
    return PermanentSpec(entry["card"], entry.get("tapped", False), entry.get("sick", False),
                         entry.get("damage", 0), tuple(entry.get("counters", {}).items()),
                         entry.get("attached_to"), entry.get("token", False))


def parse_scenario(doc: dict[str, Any], path: Path | None = None) -> Scenario:
    """A scenario from its TOML document; ScenarioError naming every unknown key and
    wrongly typed value when it is not well formed (see `check_keys`)."""
    problems = check_keys(doc)
    if problems:
        raise ScenarioError("; ".join(problems))
    name = doc.get("name") or (path.stem if path else "scenario")
    rules = doc.get("rules", "2014")
    if rules not in RULESETS:
        raise ScenarioError(f"rules = {rules!r}: choose \"2014\" or \"2009\"")
    # a puzzle: its solution is played after its setup actions
    actions = doc.get("actions", []) + doc.get("solution", [])
    start = doc.get("start", {})
    players_doc = doc.get("players", {})
    if not players_doc:
        raise ScenarioError("a scenario needs [players.NAME] tables")
    step = start.get("step", "main1")
    if step not in STEPS and step != "mulligan":
        raise ScenarioError(f"start.step = {step!r}: steps are mulligan, {', '.join(STEPS)}")
    players = []
    for pname, pdoc in players_doc.items():
        zone_order = tuple(k for k in pdoc if k in ("hand", "battlefield", "library", "graveyard", "exile"))
        spec = PlayerSpec(
            name=pname, life=pdoc.get("life", 20), poison=pdoc.get("poison", 0),
            hand=tuple(pdoc.get("hand", [])),
            battlefield=tuple(_perm(e) for e in pdoc.get("battlefield", [])),
            library=tuple(pdoc.get("library", [])), graveyard=tuple(pdoc.get("graveyard", [])),
            exile=tuple(pdoc.get("exile", [])), zone_order=zone_order)
        if step == "mulligan" and spec.hand:
            raise ScenarioError(f"players.{pname}.hand must be empty when start.step = \"mulligan\"")
        players.append(spec)
    active = start.get("active", players[0].name)
    if active not in players_doc:
        raise ScenarioError(f"start.active = {active!r} is not a player")
    mulligan = doc.get("mulligan")
    if mulligan is not None and mulligan not in MULLIGANS:
        raise ScenarioError(f"mulligan = {mulligan!r}: choose {', '.join(MULLIGANS)}")
    setup = GameSetup(tuple(players), ruleset=rules, seed=start.get("seed", 0), mulligan=mulligan,
                      position=True, turn=start.get("turn", 1), active=active, step=step,
                      manual=bool(doc.get("manual", False)),  # manual actions only where the file opts in
                      ask_every_search=bool(doc.get("ask_every_search", False)))
    about = doc.get("about", [])
    return Scenario(name, path, setup, [a.strip() for a in actions], doc.get("expect", {}),
                    list(about) if isinstance(about, list) else [about], doc)


def read_text_file(path: str | Path, error: type[Exception], what: str = "file", encoding: str = "utf-8") -> str:
    """A text file's contents; `error` (never OSError) naming the file when it can't be read."""
    p = Path(path)
    try:
        return p.read_text(encoding=encoding)
    except FileNotFoundError:
        raise error(f"no {what} at {p}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"can't read {p}: {getattr(e, 'strerror', None) or e}") from None


def read_toml_file(path: str | Path, error: type[Exception], what: str = "file") -> dict[str, Any]:
    """A TOML document from a file; `error` (never OSError or a TOML error) when it can't be read."""
    p = Path(path)
    text = read_text_file(p, error, what)
    try:
        return loads_toml(text)
    except tomllib.TOMLDecodeError as e:
        raise error(f"{p} is not valid TOML: {e}") from None


def load_scenario(path: str | Path) -> Scenario:
    return parse_scenario(read_toml_file(path, ScenarioError, "scenario file"), Path(path))


# ------------------------------------------------------------------ running
def run_scenario(source: str | Path | Scenario) -> ScenarioResult:
    name = Path(source).stem if not isinstance(source, Scenario) else source.name
    try:
        if isinstance(source, Scenario):
            sc = source
        else:
            doc = read_toml_file(source, ScenarioError, "scenario file")
            if isinstance(doc.get("name"), str) and doc["name"]:
                name = doc["name"]  # a FAIL line for a malformed file names it as it names itself
            sc = parse_scenario(doc, Path(source))
        name = sc.name
        game = build_game(sc)
        play_actions(game, sc.actions)
        problems = check_expectations(game, sc.expect)
        if problems:
            return ScenarioResult(name, False, "; ".join(problems), game)
        return ScenarioResult(name, True, "", game)
    except (ScenarioError, ScenarioFailure) as e:
        return ScenarioResult(name, False, str(e))
    except (UnknownCard, CardDataError) as e:
        return ScenarioResult(name, False, str(e))
    except A.IllegalAction as e:
        return ScenarioResult(name, False, str(e))
    except Exception as e:  # an engine bug: report it, don't crash the run
        tb = traceback.extract_tb(e.__traceback__)[-1]
        return ScenarioResult(name, False, f"engine error: {type(e).__name__}: {e} "
                                           f"(at {Path(tb.filename).name}:{tb.lineno})")


def build_game(sc: Scenario) -> Game:
    try:
        return Game(sc.setup)
    except A.IllegalAction as e:
        raise ScenarioError(f"bad position: {e}") from e


def fingerprint(game: Game) -> str:
    """Everything an illegal action must leave unchanged: the digest of the whole state."""
    return state_digest(game.state)


def play_actions(game: Game, actions: list[str]) -> None:
    for i, text in enumerate(actions, 1):
        where = f"action {i} ({text!r})"
        if text.startswith("!"):
            expect_refusal(game, text[1:].strip(), where)
            continue
        low = text.lower()
        if low == "resolve":
            resolve(game, where)
            continue
        if low.startswith("go to "):
            go_to(game, text[6:].strip(), where)
            continue
        d = game.decision
        if d is None:
            raise ScenarioFailure(f"{where}: the game is over ({game.result})")
        try:
            action = game.parse(text)
        except A.IllegalAction as e:
            raise ScenarioFailure(f"{where}: {e}") from None
        if not isinstance(action, A.Concede) and (action.player != d.player or not d.answered_by(action)):
            raise ScenarioFailure(f"{where} does not answer the engine, which is asking {d.describe()}")
        try:
            game.act(action)
        except A.IllegalAction as e:
            raise ScenarioFailure(f"{where} was refused: {e}") from None


def expect_refusal(game: Game, text: str, where: str) -> None:
    before = fingerprint(game)
    try:
        action = game.parse(text)
        game.act(action)
    except A.IllegalAction as e:
        if not str(e):
            raise ScenarioFailure(f"{where} was refused without a reason") from None
        if fingerprint(game) != before:
            raise ScenarioFailure(f"{where} was refused but changed the game state") from None
        return
    raise ScenarioFailure(f"{where} was accepted, but it must be refused as illegal")


def resolve(game: Game, where: str, act: Callable[[A.Action], None] | None = None) -> None:
    """`resolve`: pass until the top object has left the stack.  `act` takes each pass (a
    puzzle's act also lets its scripted opponent answer); by default `game.act`."""
    act = act or game.act
    if not game.stack:
        raise ScenarioFailure(f"{where}: the stack is empty")
    top = game.stack[-1]
    while any(it is top for it in game.stack):
        d = game.decision
        if not isinstance(d, PriorityDecision):
            return  # a question during resolution: the next action answers it
        act(A.Pass(d.player))


def step_position(turn: int, step: str) -> tuple[int, int]:
    return (turn, STEPS.index(step))


def go_to(game: Game, text: str, where: str, act: Callable[[A.Action], None] | None = None) -> None:
    """`go to STEP [turn N]`: pass (and declare no attackers or blockers) until STEP has begun."""
    act = act or game.act
    words = text.split()
    step = words[0] if words else ""
    if step not in STEPS:
        raise ScenarioFailure(f"{where}: unknown step {step!r}; steps are {', '.join(STEPS)}")
    turn = game.turn
    if len(words) == 3 and words[1] == "turn" and words[2].isdigit():
        turn = int(words[2])
    elif len(words) != 1:
        raise ScenarioFailure(f"{where}: write 'go to STEP' or 'go to STEP turn N'")
    goal = step_position(turn, step)
    if step_position(game.turn, game.step) > goal:
        raise ScenarioFailure(f"{where}: the game is already past {step} of turn {turn}")
    for _ in range(100000):
        d = game.decision
        if d is None:
            raise ScenarioFailure(f"{where}: the game ended ({game.result}) before {step} of turn {turn}")
        if step_position(game.turn, game.step) >= goal:
            return
        match d:
            case PriorityDecision():
                act(A.Pass(d.player))
            case AttackersDecision():
                act(A.DeclareAttackers(d.player, ()))
            case BlockersDecision():
                act(A.DeclareBlockers(d.player, ()))
            case _:
                raise ScenarioFailure(f"{where}: before {step} the engine asks {d.describe()}")
    raise ScenarioFailure(f"{where}: never reached {step} of turn {turn}")


# ------------------------------------------------------------------ expectations
@dataclass(frozen=True)
class Difference:
    """One expectation that does not hold, as data: what was expected and what was found.

    A puzzle words it for its player (rules/puzzle_words.py); `message` is the scenario
    runner's wording, which FAIL lines print."""

    section: str  # "game", "players" or "permanents"
    subject: str  # the player's name or the permanent's reference; "" for the game
    field: str  # "turn", "winner", "life", "hand", "tapped", "counters", "has"...; "" for the subject
    # zones: a Counter of names; "has"/"lacks": the keyword; log_cites: the rule; log_contains: the
    # fragment; types, subtypes, colors: a sorted list; mana_pool: the symbols as the file wrote them
    want: Any
    # zones: a Counter of names; "has": its keywords; log_cites: the rules cited; log_contains: the
    # log line nearest the fragment (None for an empty log); mana_pool: the pool's symbols, WUBRGC order
    got: Any
    # "value", "cards" (multisets), "cited", "logged" (log_contains), "missing" (no such subject),
    # "has", "lacks", "alive" (want: the player who lost; got: the game's result)
    kind: str = "value"
    detail: str = ""  # the kind of counter

    @property
    def key(self) -> str:
        parts = [self.section, self.subject] if self.section != "game" else []
        return ".".join(parts + [x for x in (self.field, self.detail) if x])

    @property
    def message(self) -> str:
        if self.kind == "cards":
            return f"{self.key}: expected {_fmt(self.want)}, found {_fmt(self.got)}"
        if self.kind == "cited":
            return f"{self.key}: rule {self.want} was never cited (cited: {', '.join(self.got)})"
        if self.kind == "logged":
            return (f"{self.key}: expected a log line containing {self.want!r}, found none"
                    + (f" (nearest: {self.got!r})" if self.got is not None else " (the log is empty)"))
        if self.kind == "missing":
            return f"{self.key}: " + ("no such player" if self.section == "players" else "not on the battlefield")
        if self.kind == "has":
            return f"{self.key}: {self.want!r} missing (has {self.got})"
        if self.kind == "lacks":
            return f"{self.key}: it has {self.want!r}"
        if self.kind == "alive":
            return f"{self.key}: {self.want} has lost (result: {self.got})"
        return f"{self.key}: expected {self.want!r}, found {self.got!r}"


def _names(game: Game, ids: list[int]) -> Counter[str]:
    return Counter(game.objects[i].name for i in ids)


def _fmt(c: Counter[str]) -> list[str]:
    return sorted(c.elements())


def _pool(text: str) -> Counter[str]:
    """The mana units a pool written as symbols ("{R}{R}") holds: a pool is compared as a multiset."""
    return Counter(_POOL_SYMBOL.findall(text))


def _nearest_line(fragment: str, lines: list[str]) -> str | None:
    """The log line sharing the longest run of text with `fragment`: what a FAIL line shows
    was found when no line contains it (None for an empty log)."""
    def overlap(line: str) -> int:
        m = difflib.SequenceMatcher(None, fragment, line, autojunk=False)
        return m.find_longest_match(0, len(fragment), 0, len(line)).size
    return max(lines, key=overlap, default=None)


def check_expectations(game: Game, expect: dict[str, Any]) -> list[str]:
    return [d.message for d in expectation_differences(game, expect)]


def expectation_differences(game: Game, expect: dict[str, Any]) -> list[Difference]:
    """Every expectation in `expect` that does not hold in `game`, in the order they are checked."""
    bad = _game_differences(game, expect) + _log_differences(game, expect)
    for pname, pexp in expect.get("players", {}).items():
        bad += _player_differences(game, pname, pexp)
    for ref, pexp in expect.get("permanents", {}).items():
        bad += _permanent_differences(game, ref, pexp)
    return bad


def _differs(section: str, subject: str, key: str, want: Any, got: Any, kind: str = "value",
             detail: str = "") -> list[Difference]:
    """The difference when `want` is not `got`, as a list to add to the others (none when equal)."""
    return [Difference(section, subject, key, want, got, kind, detail)] if want != got else []


def _game_differences(game: Game, expect: dict[str, Any]) -> list[Difference]:
    """The game's own expectations: turn, step, active player, priority, winner, players alive, stack."""
    bad: list[Difference] = []
    for key in ("turn", "step", "active"):
        if key in expect:
            bad += _differs("game", "", key, expect[key], getattr(game, key))
    if "priority" in expect:
        d = game.decision
        got = d.player if d is not None and d.kind == "priority" else None
        bad += _differs("game", "", "priority", expect["priority"], got)
    if "winner" in expect:
        bad += _differs("game", "", "winner", expect["winner"], game.result)
    for name in expect.get("alive", []):
        if not game.has_player(name) or game.player(name).lost:
            bad.append(Difference("game", "", "alive", name, game.result, "alive"))
    if "stack" in expect:
        bad += _differs("game", "", "stack", list(expect["stack"]), [it.name for it in reversed(game.stack)])
    return bad


def _log_differences(game: Game, expect: dict[str, Any]) -> list[Difference]:
    """The rules the log must cite and the fragments it must contain."""
    bad = [Difference("game", "", "log_cites", rule, sorted(game.cited()), "cited")
           for rule in expect.get("log_cites", []) if rule not in game.cited()]
    lines = [e.text for e in game.log]
    for fragment in expect.get("log_contains", []):
        if not any(fragment in line for line in lines):
            bad.append(Difference("game", "", "log_contains", fragment, _nearest_line(fragment, lines), "logged"))
    return bad


def _player_differences(game: Game, pname: str, pexp: dict[str, Any]) -> list[Difference]:
    """A player's expectations: life, poison, the cards in each zone, the counts, the mana pool."""
    if not game.has_player(pname):
        return [Difference("players", pname, "", None, None, "missing")]
    p = game.player(pname)
    bad: list[Difference] = []
    for key in ("life", "poison"):
        if key in pexp:
            bad += _differs("players", pname, key, pexp[key], getattr(p, key))
    for zone in ("hand", "graveyard", "exile"):
        if zone in pexp:
            bad += _differs("players", pname, zone, Counter(pexp[zone]), _names(game, p.zone(zone)), "cards")
    if "battlefield" in pexp:
        in_play = Counter(o.name for o in game.permanents(pname))
        bad += _differs("players", pname, "battlefield", Counter(pexp["battlefield"]), in_play, "cards")
    if "library_count" in pexp:
        bad += _differs("players", pname, "library_count", pexp["library_count"], len(p.library))
    if "hand_count" in pexp:
        bad += _differs("players", pname, "hand_count", pexp["hand_count"], len(p.hand))
    if "mana_pool" in pexp and _pool(pexp["mana_pool"]) != +p.pool:
        got_pool = mana_symbols(c for c in "WUBRGC" for _ in range(p.pool.get(c, 0)))
        bad.append(Difference("players", pname, "mana_pool", pexp["mana_pool"], got_pool))
    return bad


def _permanent_differences(game: Game, ref: str, pexp: dict[str, Any]) -> list[Difference]:
    """A permanent's expectations, read from what it is now (613: after every continuous effect)."""
    try:
        oid = game.resolve_ref(ref, zones=("battlefield",))
    except A.IllegalAction:
        return [Difference("permanents", ref, "", None, None, "missing")]
    o = game.objects[oid]
    ch = game.chars(o)
    now = {"controller": o.controller, "owner": o.owner, "tapped": o.tapped, "power": ch.power,
           "toughness": ch.toughness, "damage": o.damage}
    bad: list[Difference] = []
    for key, value in now.items():
        if key in pexp:
            bad += _differs("permanents", ref, key, pexp[key], value)
    bad += _set_differences(ref, pexp, ch)
    if "counters" in pexp:
        for k, v in pexp["counters"].items():
            bad += _differs("permanents", ref, "counters", v, o.counters.get(k, 0), detail=k)
    if "attached_to" in pexp:
        bad += _attached_to_differences(game, ref, o, pexp["attached_to"])
    return bad + _keyword_differences(ref, pexp, ch)


def _set_differences(ref: str, pexp: dict[str, Any], ch: Characteristics) -> list[Difference]:
    """Card types, subtypes and colors as they are now, compared as sets (colors in WUBRG order)."""
    sets: dict[str, tuple[AbstractSet[str], Callable[[str], Any]]] = {
        "types": (ch.types, str), "subtypes": (ch.subtypes, str),
        "colors": ({COLOR_NAMES[c] for c in ch.colors}, _COLOR_WORDS.index),  # colors in WUBRG order
    }
    bad: list[Difference] = []
    for key, (have, order) in sets.items():
        if key in pexp:
            bad += _differs("permanents", ref, key, sorted(set(pexp[key]), key=order), sorted(have, key=order))
    return bad


def _attached_to_differences(game: Game, ref: str, o: Obj, want: str) -> list[Difference]:
    """What `o` is attached to, by name (a player's name, or the name of the object it is on)."""
    host = o.attached_to
    got_name = host if isinstance(host, str) else (game.name_of(host) if host is not None else None)
    ok = got_name == want or (isinstance(host, int) and host in game.objects
                              and game.objects[host].name == want)
    return [] if ok else [Difference("permanents", ref, "attached_to", want, got_name)]


def _keyword_differences(ref: str, pexp: dict[str, Any], ch: Characteristics) -> list[Difference]:
    """The keywords the permanent must have (`has`) and must not (`lacks`)."""
    missing = [Difference("permanents", ref, "has", kw, sorted(ch.keywords), "has")
               for kw in pexp.get("has", []) if kw.lower() not in ch.keywords]
    present = [Difference("permanents", ref, "lacks", kw, sorted(ch.keywords), "lacks")
               for kw in pexp.get("lacks", []) if kw.lower() in ch.keywords]
    return missing + present
