"""Forge puzzle files (`.pzl`) as the project's puzzles (rules/play/puzzle.py).

A Forge puzzle file has two sections:

    [metadata]
    Name:Burn them out
    Goal:Win                      # Win or Survive (Forge's other goals are refused)
    Turns:1                       # the last turn the puzzle lasts (Forge counts turns of the game)
    Difficulty:Easy
    Description:Win this turn.
    [state]
    humanlife=20
    ailife=5
    turn=1
    activeplayer=human
    activephase=MAIN1
    humanhand=Lightning Bolt;Giant Growth
    humanbattlefield=Mountain|Tapped;Grizzly Bears|SummonSick;Runeclaw Bear|Counters:P1P1=2
    aibattlefield=...

Zones are `human` or `ai` followed by hand, battlefield, graveyard, library (top first) or exile;
cards are separated by `;`, a card's options by `|`: `Tapped`, `SummonSick` (Forge's permanents
are not summoning sick unless they say so), `Counters:P1P1=2,M1M1=1` (P1P1 is +1/+1, M1M1 is
-1/-1, any other kind is the counter's name in lower case: LOYALTY -> loyalty), `Damage:N`, and
`Set:XXX` (accepted; the card pool has one printing of each card).

"human" is the solver; "ai" does nothing (passes, attacks with nothing, blocks with nothing),
as a bundled puzzle's opponent without an `opponent` script.  Goals: "Win" - the ai loses by
the end of turn `Turns`; "Survive" - the human has not lost when turn `Turns` ends.
Forge's phases map to the engine's steps (PHASES).  Anything the translation can't carry out
(a precast spell, a token, another goal, an unknown key or option) is refused with one line
naming the file, the line and the problem: never ignored, so the puzzle is never a different
one from the file.  Pure code: no I/O beyond reading the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..cards import CardDataError, UnknownCard, get_card
from .puzzle import Puzzle, PuzzleError, parse_puzzle
from .scenario import read_text_file

HUMAN, AI = "human", "ai"
PHASES = {
    "UNTAP": "untap", "UPKEEP": "upkeep", "DRAW": "draw", "MAIN1": "main1",
    "COMBAT_BEGIN": "begin_combat", "COMBAT_DECLARE_ATTACKERS": "declare_attackers",
    "COMBAT_DECLARE_BLOCKERS": "declare_blockers", "COMBAT_FIRST_STRIKE_DAMAGE": "first_strike_damage",
    "COMBAT_DAMAGE": "combat_damage", "COMBAT_END": "end_combat", "MAIN2": "main2",
    "END_OF_TURN": "end", "CLEANUP": "cleanup",
}
GOALS = ("Win", "Survive")
ZONES = ("hand", "battlefield", "graveyard", "library", "exile")
COUNTERS = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
DIFFICULTY = {"easy": "easy", "common": "easy", "medium": "medium", "uncommon": "medium",
              "hard": "hard", "very hard": "hard", "rare": "hard", "mythic": "hard", "mythic rare": "hard"}
# metadata Forge writes that changes nothing here
HARMLESS_METADATA = {"url", "author", "source", "set", "date", "tags"}


class ForgePuzzleError(PuzzleError):
    """A Forge puzzle file that can't be used: one line naming the file, the line and the problem."""


class UnknownForgeCards(ForgePuzzleError):
    """A well-formed puzzle naming cards the card pool lacks."""

    def __init__(self, message: str, names: list[str]):
        super().__init__(message)
        self.names = names


def is_forge_puzzle(path: str | Path) -> bool:
    return Path(path).suffix.lower() == ".pzl"


def _int(text: str, what: str, fail: Any) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise fail(f"{what} must be a whole number, not {text.strip()!r}") from None


def _card(entry: str, zone: str, fail: Any) -> str | dict[str, Any]:
    """One card of a zone list: its name, or a battlefield table with its options."""
    name, *options = [part.strip() for part in entry.split("|")]
    if not name:
        raise fail(f"a card with no name ({entry.strip()!r})")
    if name.lower().startswith("t:"):
        raise fail(f"tokens ({name}) are not supported")
    table: dict[str, Any] = {"card": name}
    for opt in options:
        key, _, value = opt.partition(":")
        key = key.strip()
        if key == "Set":
            continue
        if zone != "battlefield":
            raise fail(f"{name}: option {opt!r} is only for cards on the battlefield")
        if key == "Tapped" and not value:
            table["tapped"] = True
        elif key == "SummonSick" and not value:
            table["sick"] = True
        elif key == "Damage":
            table["damage"] = _int(value, f"{name}: Damage", fail)
        elif key == "Counters":
            counters: dict[str, int] = {}
            for item in value.split(","):
                kind, eq, n = item.partition("=")
                if not eq or not kind.strip():
                    raise fail(f"{name}: counters are written KIND=N (Counters:P1P1=2), not {item!r}")
                k = kind.strip().upper()
                counters[COUNTERS.get(k, k.lower())] = _int(n, f"{name}: the number of {k} counters", fail)
            table["counters"] = counters
        else:
            raise fail(f"{name}: card option {opt!r} is not supported "
                       "(supported: Tapped, SummonSick, Counters:KIND=N, Damage:N, Set:XXX)")
    return table if len(table) > 1 else name


def parse_forge_puzzle(text: str, path: Path | None = None) -> Puzzle:
    """A Forge puzzle's text as a Puzzle; ForgePuzzleError naming the line when it can't be used,
    UnknownForgeCards naming every card the pool lacks."""
    where = str(path) if path is not None else "puzzle"
    lineno = 0

    def fail(problem: str) -> ForgePuzzleError:
        return ForgePuzzleError(f"{where}, line {lineno}: {problem}")

    meta: dict[str, str] = {}
    meta_line: dict[str, int] = {}
    state: dict[str, str] = {}
    state_line: dict[str, int] = {}
    section = ""
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            if section not in ("metadata", "state"):
                raise fail(f"unknown section [{section}]: a Forge puzzle has [metadata] and [state]")
            continue
        if section == "metadata":
            key, sep, value = line.partition(":")
            if not sep:
                if "description" in meta:  # Forge's descriptions run over several lines
                    meta["description"] += "\n" + line
                    continue
                raise fail(f"expected KEY:VALUE in [metadata], found {line!r}")
            meta[key.strip().lower()] = value.strip()
            meta_line[key.strip().lower()] = lineno
        elif section == "state":
            key, sep, value = line.partition("=")
            if not sep:
                raise fail(f"expected key=value in [state], found {line!r}")
            state[key.strip().lower()] = value.strip()
            state_line[key.strip().lower()] = lineno
        else:
            raise fail("text before [metadata]: a Forge puzzle starts with [metadata]")
    lineno = 0
    if not state:
        raise ForgePuzzleError(f"{where}: no [state] section: not a Forge puzzle file")

    def at_meta(key: str) -> None:
        nonlocal lineno
        lineno = meta_line.get(key, 0)

    def at_state(key: str) -> None:
        nonlocal lineno
        lineno = state_line.get(key, 0)

    for key in meta:
        if key not in ("name", "goal", "turns", "difficulty", "description") and key not in HARMLESS_METADATA:
            at_meta(key)
            raise fail(f"metadata {key!r} is not supported (goals here are {' and '.join(GOALS)})")
    goal = meta.get("goal", "Win")
    at_meta("goal")
    if goal.lower() not in [g.lower() for g in GOALS]:
        raise fail(f"goal {goal!r} is not supported: the goals are {' and '.join(GOALS)}")
    goal = next(g for g in GOALS if g.lower() == goal.lower())

    doc_players: dict[str, dict[str, Any]] = {HUMAN: {}, AI: {}}
    start: dict[str, Any] = {"turn": 1, "active": HUMAN, "step": "main1"}
    for key, value in state.items():
        at_state(key)
        who = HUMAN if key.startswith(HUMAN) else AI if key.startswith(AI) else None
        rest = key[len(who):] if who else key
        if who and rest == "life":
            doc_players[who]["life"] = _int(value, key, fail)
        elif who and rest in ZONES:
            cards = [_card(e, rest, fail) for e in value.split(";") if e.strip()]
            if rest != "battlefield":
                cards = [c["card"] if isinstance(c, dict) else c for c in cards]
            doc_players[who][rest] = cards
        elif key == "turn":
            start["turn"] = _int(value, "turn", fail)
            if start["turn"] < 1:
                raise fail("turn must be 1 or more")
        elif key == "activeplayer":
            if value.lower() not in (HUMAN, AI):
                raise fail(f"activeplayer must be human or ai, not {value!r}")
            start["active"] = value.lower()
        elif key == "activephase":
            step = PHASES.get(value.upper())
            if step is None:
                raise fail(f"unknown phase {value!r}: the phases are {', '.join(PHASES)}")
            start["step"] = step
        elif key == "removesummoningsickness":
            continue  # Forge's permanents aren't summoning sick unless marked SummonSick anyway
        else:
            raise fail(f"{key}= is not supported")

    at_meta("turns")
    last = _int(meta["turns"], "Turns", fail) if "turns" in meta else start["turn"]
    if last < start["turn"]:
        raise fail(f"Turns:{last} is before the puzzle's first turn ({start['turn']})")

    lineno = 0
    names = sorted({c["card"] if isinstance(c, dict) else c
                    for p in doc_players.values() for z in ZONES for c in p.get(z, [])})
    unknown: list[str] = []
    hints: list[str] = []
    for name in names:
        try:
            get_card(name)
        except UnknownCard as e:
            unknown.append(name)
            if e.suggestions:
                hints.append(f"{name} (did you mean {', '.join(e.suggestions)}?)")
        except CardDataError as e:
            raise ForgePuzzleError(f"{where}: card {name!r} can't be read: {e}") from None
    if unknown:
        shown = ", ".join(next((h for h in hints if h.startswith(n + " (")), n) for n in unknown)
        raise UnknownForgeCards(f"{where}: unknown card{'s' if len(unknown) > 1 else ''}: {shown}", unknown)

    description = meta.get("description", "").replace("\\n", "\n").strip()
    goal_text = (f"Win by the end of turn {last}." if goal == "Win"
                 else f"Survive until the end of turn {last}.")
    doc: dict[str, Any] = {
        "name": meta.get("name") or (path.stem if path else "Forge puzzle"),
        "title": meta.get("name") or (path.stem if path else "Forge puzzle"),
        "difficulty": DIFFICULTY.get(meta.get("difficulty", "").lower(), "medium"),
        "player": HUMAN, "rules": "2014",
        "goal": f"{description} ({goal_text})" if description else goal_text,
        "check": "any time" if goal == "Win" else "end of turn",
        "turns": last - start["turn"] + 1,
        "start": start, "players": doc_players,
        "expect": {"winner": HUMAN} if goal == "Win" else {"alive": [HUMAN]},
    }
    try:
        return parse_puzzle(doc, path)
    except PuzzleError as e:
        raise ForgePuzzleError(str(e) if str(e).startswith(where) else f"{where}: {e}") from None


def load_forge_puzzle(path: str | Path) -> Puzzle:
    """Read a Forge puzzle file; ForgePuzzleError (never OSError) when it can't be used."""
    p = Path(path)
    return parse_forge_puzzle(read_text_file(p, ForgePuzzleError, "puzzle file", encoding="utf-8-sig"), p)
