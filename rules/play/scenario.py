"""Scenario files: a position, actions in action notation, and expectations (TOML).

`run_scenario(path)` builds the game, plays the actions strictly (each must answer the
question the engine is asking), and checks `[expect]`.  It never raises for a bad file
or a failed expectation: the result says what went wrong.
"""

from __future__ import annotations

import tomllib
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from ..engine import actions as A
from ..cards import CardDataError, UnknownCard
from ..engine.digest import state_digest
from ..engine.game import Game
from ..engine.ruleset import MULLIGANS, RULESETS
from ..engine.setup import GameSetup, PermanentSpec, PlayerSpec
from ..engine.turn import STEPS


class ScenarioError(Exception):
    """A scenario file that is malformed or names something that doesn't exist."""


class ScenarioFailure(Exception):
    """A scenario that ran but did not do what it says."""


@dataclass
class Scenario:
    name: str
    path: Optional[Path]
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
    game: Optional[Game] = None

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.message}"


# ------------------------------------------------------------------ loading
_TOP_KEYS = {"name", "rules", "about", "actions", "start", "players", "expect", "mulligan",
             "title", "difficulty", "teaches", "goal", "hints", "explain",
             "solution", "player", "opponent", "turns", "check"}  # puzzles: see rules/puzzle.py
_PLAYER_KEYS = {"life", "poison", "hand", "battlefield", "library", "graveyard", "exile"}
_PERM_KEYS = {"card", "tapped", "sick", "damage", "counters", "attached_to", "token"}


def _list_of_str(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{where} must be a list of card names")
    return tuple(value)


def _perm(entry: Any, where: str) -> PermanentSpec:
    if isinstance(entry, str):
        return PermanentSpec(entry)
    if not isinstance(entry, dict) or "card" not in entry:
        raise ScenarioError(f"{where}: each entry is a card name or a table with 'card'")
    unknown = set(entry) - _PERM_KEYS
    if unknown:
        raise ScenarioError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    counters = entry.get("counters", {})
    if not isinstance(counters, dict):
        raise ScenarioError(f"{where}: counters must be a table")
    return PermanentSpec(entry["card"], bool(entry.get("tapped", False)), bool(entry.get("sick", False)),
                         int(entry.get("damage", 0)), tuple((str(k), int(v)) for k, v in counters.items()),
                         entry.get("attached_to"), bool(entry.get("token", False)))


def parse_scenario(doc: dict[str, Any], path: Optional[Path] = None) -> Scenario:
    name = doc.get("name") or (path.stem if path else "scenario")
    rules = str(doc.get("rules", "2014"))
    if rules not in RULESETS:
        raise ScenarioError(f"rules = {rules!r}: choose \"2014\" or \"2009\"")
    actions = doc.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError("actions must be a list of strings")
    solution = doc.get("solution", [])  # a puzzle: its solution is played after its setup actions
    if not isinstance(solution, list) or not all(isinstance(a, str) for a in solution):
        raise ScenarioError("solution must be a list of strings")
    actions = actions + solution
    start = doc.get("start", {})
    if not isinstance(start, dict):
        raise ScenarioError("[start] must be a table")
    players_doc = doc.get("players", {})
    if not isinstance(players_doc, dict) or not players_doc:
        raise ScenarioError("a scenario needs [players.NAME] tables")
    step = start.get("step", "main1")
    if step not in STEPS and step != "mulligan":
        raise ScenarioError(f"start.step = {step!r}: steps are mulligan, {', '.join(STEPS)}")
    players = []
    for pname, pdoc in players_doc.items():
        if not isinstance(pdoc, dict):
            raise ScenarioError(f"[players.{pname}] must be a table")
        unknown = set(pdoc) - _PLAYER_KEYS
        if unknown:
            raise ScenarioError(f"[players.{pname}]: unknown key(s) {', '.join(sorted(unknown))}")
        zone_order = tuple(k for k in pdoc if k in ("hand", "battlefield", "library", "graveyard", "exile"))
        bf = pdoc.get("battlefield", [])
        if not isinstance(bf, list):
            raise ScenarioError(f"players.{pname}.battlefield must be a list")
        spec = PlayerSpec(
            name=pname, life=int(pdoc.get("life", 20)), poison=int(pdoc.get("poison", 0)),
            hand=_list_of_str(pdoc.get("hand", []), f"players.{pname}.hand"),
            battlefield=tuple(_perm(e, f"players.{pname}.battlefield") for e in bf),
            library=_list_of_str(pdoc.get("library", []), f"players.{pname}.library"),
            graveyard=_list_of_str(pdoc.get("graveyard", []), f"players.{pname}.graveyard"),
            exile=_list_of_str(pdoc.get("exile", []), f"players.{pname}.exile"),
            zone_order=zone_order)
        if step == "mulligan" and spec.hand:
            raise ScenarioError(f"players.{pname}.hand must be empty when start.step = \"mulligan\"")
        players.append(spec)
    active = start.get("active", players[0].name)
    if active not in players_doc:
        raise ScenarioError(f"start.active = {active!r} is not a player")
    mulligan = doc.get("mulligan")
    if mulligan is not None and mulligan not in MULLIGANS:
        raise ScenarioError(f"mulligan = {mulligan!r}: choose {', '.join(MULLIGANS)}")
    setup = GameSetup(tuple(players), ruleset=rules, seed=int(start.get("seed", 0)), mulligan=mulligan,
                      position=True, turn=int(start.get("turn", 1)), active=active, step=step)
    expect = doc.get("expect", {})
    if not isinstance(expect, dict):
        raise ScenarioError("[expect] must be a table")
    about = doc.get("about", [])
    return Scenario(str(name), path, setup, [a.strip() for a in actions], expect,
                    [str(a) for a in about] if isinstance(about, list) else [str(about)], doc)


def read_toml_file(path: str | Path, error: type[Exception], what: str = "file") -> dict[str, Any]:
    """A TOML document from a file; `error` (never OSError or a TOML error) when it can't be read."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"no {what} at {p}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"can't read {p}: {getattr(e, 'strerror', None) or e}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(f"{p} is not valid TOML: {e}") from None


def load_scenario(path: str | Path) -> Scenario:
    return parse_scenario(read_toml_file(path, ScenarioError, "scenario file"), Path(path))


# ------------------------------------------------------------------ running
def run_scenario(source: str | Path | Scenario) -> ScenarioResult:
    name = Path(source).stem if not isinstance(source, Scenario) else source.name
    try:
        sc = source if isinstance(source, Scenario) else load_scenario(source)
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
    return state_digest(game)


def play_actions(game: Game, actions: list[str]) -> None:
    for i, text in enumerate(actions, 1):
        where = f"action {i} ({text!r})"
        if text.startswith("!"):
            _expect_refusal(game, text[1:].strip(), where)
            continue
        low = text.lower()
        if low == "resolve":
            _resolve(game, where)
            continue
        if low.startswith("go to "):
            _go_to(game, text[6:].strip(), where)
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


def _expect_refusal(game: Game, text: str, where: str) -> None:
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


def _resolve(game: Game, where: str, act: Optional[Callable[[A.Action], None]] = None) -> None:
    """`resolve`: pass until the top object has left the stack.  `act` takes each pass (a
    puzzle's act also lets its scripted opponent answer); by default `game.act`."""
    act = act or game.act
    if not game.stack:
        raise ScenarioFailure(f"{where}: the stack is empty")
    top = game.stack[-1]
    while any(it is top for it in game.stack):
        d = game.decision
        if d is None or d.kind != "priority":
            return  # a question during resolution: the next action answers it
        act(A.Pass(d.player))


def _position(turn: int, step: str) -> tuple[int, int]:
    return (turn, STEPS.index(step))


def _go_to(game: Game, text: str, where: str, act: Optional[Callable[[A.Action], None]] = None) -> None:
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
    goal = _position(turn, step)
    if _position(game.turn, game.step) > goal:
        raise ScenarioFailure(f"{where}: the game is already past {step} of turn {turn}")
    for _ in range(100000):
        d = game.decision
        if d is None:
            raise ScenarioFailure(f"{where}: the game ended ({game.result}) before {step} of turn {turn}")
        if _position(game.turn, game.step) >= goal:
            return
        if d.kind == "priority":
            act(A.Pass(d.player))
        elif d.kind == "attackers":
            act(A.DeclareAttackers(d.player, ()))
        elif d.kind == "blockers":
            act(A.DeclareBlockers(d.player, ()))
        else:
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
    want: Any  # zones: a Counter of names; "has"/"lacks": the keyword; log_cites: the rule
    got: Any  # zones: a Counter of names; "has": its keywords; log_cites: the rules cited
    kind: str = "value"  # "value", "cards" (multisets), "cited", "missing" (no such subject), "has", "lacks"
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
        if self.kind == "missing":
            return f"{self.key}: " + ("no such player" if self.section == "players" else "not on the battlefield")
        if self.kind == "has":
            return f"{self.key}: {self.want!r} missing (has {self.got})"
        if self.kind == "lacks":
            return f"{self.key}: it has {self.want!r}"
        return f"{self.key}: expected {self.want!r}, found {self.got!r}"


def _names(game: Game, ids: list[int]) -> Counter:
    return Counter(game.objects[i].name for i in ids)


def _fmt(c: Counter) -> list[str]:
    return sorted(c.elements())


def check_expectations(game: Game, expect: dict[str, Any]) -> list[str]:
    return [d.message for d in expectation_differences(game, expect)]


def expectation_differences(game: Game, expect: dict[str, Any]) -> list[Difference]:
    """Every expectation in `expect` that does not hold in `game`, in the order they are checked."""
    bad: list[Difference] = []

    def cmp(section: str, subject: str, key: str, want: Any, got: Any, detail: str = "") -> None:
        if want != got:
            bad.append(Difference(section, subject, key, want, got, detail=detail))

    for key in ("turn", "step", "active"):
        if key in expect:
            cmp("game", "", key, expect[key], getattr(game, key))
    if "priority" in expect:
        d = game.decision
        got = d.player if d is not None and d.kind == "priority" else None
        cmp("game", "", "priority", expect["priority"], got)
    if "winner" in expect:
        cmp("game", "", "winner", expect["winner"], game.result)
    if "stack" in expect:
        cmp("game", "", "stack", list(expect["stack"]), [it.name for it in reversed(game.stack)])
    for rule in expect.get("log_cites", []):
        if rule not in game.cited():
            bad.append(Difference("game", "", "log_cites", rule, sorted(game.cited()), "cited"))
    for pname, pexp in expect.get("players", {}).items():
        if not game.has_player(pname):
            bad.append(Difference("players", pname, "", None, None, "missing"))
            continue
        p = game.player(pname)
        for key in ("life", "poison"):
            if key in pexp:
                cmp("players", pname, key, pexp[key], getattr(p, key))
        for zone in ("hand", "graveyard", "exile"):
            if zone in pexp:
                want = Counter(pexp[zone])
                got = _names(game, p.zone(zone))
                if want != got:
                    bad.append(Difference("players", pname, zone, want, got, "cards"))
        if "battlefield" in pexp:
            want = Counter(pexp["battlefield"])
            got = Counter(o.name for o in game.permanents(pname))
            if want != got:
                bad.append(Difference("players", pname, "battlefield", want, got, "cards"))
        if "library_count" in pexp:
            cmp("players", pname, "library_count", pexp["library_count"], len(p.library))
        if "hand_count" in pexp:
            cmp("players", pname, "hand_count", pexp["hand_count"], len(p.hand))
    for ref, pexp in expect.get("permanents", {}).items():
        try:
            oid = game.resolve_ref(ref, zones=("battlefield",))
        except A.IllegalAction:
            bad.append(Difference("permanents", ref, "", None, None, "missing"))
            continue
        o = game.obj(oid)
        ch = game.chars(o)
        got = {"controller": o.controller, "tapped": o.tapped, "power": ch.power, "toughness": ch.toughness,
               "damage": o.damage}
        for key, value in got.items():
            if key in pexp:
                cmp("permanents", ref, key, pexp[key], value)
        if "counters" in pexp:
            for k, v in pexp["counters"].items():
                cmp("permanents", ref, "counters", v, o.counters.get(k, 0), detail=k)
        if "attached_to" in pexp:
            want = pexp["attached_to"]
            host = o.attached_to
            got_name = host if isinstance(host, str) else (game.name_of(host) if host is not None else None)
            ok = got_name == want or (isinstance(host, int) and host in game.objects
                                      and game.objects[host].name == want)
            if not ok:
                bad.append(Difference("permanents", ref, "attached_to", want, got_name))
        for kw in pexp.get("has", []):
            if kw.lower() not in ch.keywords:
                bad.append(Difference("permanents", ref, "has", kw, sorted(ch.keywords), "has"))
        for kw in pexp.get("lacks", []):
            if kw.lower() in ch.keywords:
                bad.append(Difference("permanents", ref, "lacks", kw, sorted(ch.keywords), "lacks"))
    return bad
