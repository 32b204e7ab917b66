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

A side's keys begin `human` or `ai` (older files), `p0` or `p1` (newer ones; p0 is the
human), in any case: `life`, `counters` (`POISON=N`), and the zones hand, battlefield,
graveyard, library (top first) or exile; `activeplayer=` is human, ai, p0 or p1.  Keys that
hold nothing a fresh position lacks are accepted (an empty `p0command=` or `p1precast=`,
`p0landsplayed=0`); with something in them they are refused.  Cards are separated by `;`, a
card's options by `|`: `Tapped`, `SummonSick` (Forge's permanents are not summoning sick
unless they say so; `removesummoningsickness=true` clears even those), `Counters:P1P1=2,M1M1=1`
(P1P1 is +1/+1, M1M1 is -1/-1, any other kind is the counter's name in lower case: LOYALTY ->
loyalty), `Damage:N`, `Id:N` with `AttachedTo:N` (`Attaching:N` in older files: an Aura or
Equipment on the card of that Id), `Attacking` (`Attacking:N`: the planeswalker of that Id),
and `Set:XXX` / `Art:N` (accepted; the card pool has one printing of each card).  Attacking
cards are declared attackers by the puzzle's setup actions, as Forge does at
COMBAT_DECLARE_ATTACKERS (or _BLOCKERS, and the game then goes on to the blockers step).

"human" is the solver; "ai" is played by the `easy` computer player (rules.play.players: it
attacks, blocks and answers, as Forge's own opponent does; the puzzle's `ai` key).  Goals: "Win" - the ai loses by
the end of turn `Turns`; "Survive" - the human has not lost when turn `Turns` ends.
Forge's phases map to the engine's steps (PHASES).  Anything the translation can't carry out
(a precast spell, a token, another goal, an unknown key or option) is refused with one line
naming the file, the line and the problem: never ignored, so the puzzle is never a different
one from the file.  Pure code: no I/O beyond reading the file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import CardDataError, UnknownCard, get_card
from .puzzle import Puzzle, PuzzleError, parse_puzzle
from .scenario import read_text_file

HUMAN, AI = "human", "ai"
FORGE_AI_LEVEL = "easy"  # the computer player that plays Forge's "ai" side (it acts, as in Forge)
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
# the sides' key prefixes: Forge's older files say human / ai, newer ones p0 / p1
SIDES = {"human": HUMAN, "ai": AI, "p0": HUMAN, "p1": AI}
PRINTING = ("Set", "Art")  # which printing: the card pool has one of each card
# a side's keys that hold nothing to carry out when empty (Forge writes them so)
NOTHING_WHEN_EMPTY = ("command", "sideboard", "precast", "putonstack", "manapool", "persistentmana")
# a side's counts that a position starts with at 0
ZERO_AT_START = ("landsplayed", "landsplayedlastturn")


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


@dataclass
class _ForgeCard:
    """A card of a zone list: its scenario entry (a name, or a battlefield table), and what
    Forge writes about it that points at other cards: its `Id:N`, the card it is attached to
    (`AttachedTo:N`, or `Attaching:N` in older files), whether it is attacking (`Attacking`,
    `Attacking:N` for a planeswalker)."""

    entry: str | dict[str, Any]
    id: int | None = None
    attached_to: int | None = None
    attacking: bool = False
    attacked: int | None = None

    @property
    def name(self) -> str:
        return self.entry["card"] if isinstance(self.entry, dict) else self.entry


def _card(entry: str, zone: str, fail: Any) -> _ForgeCard:
    """One card of a zone list, its options read."""
    name, *options = [part.strip() for part in entry.split("|")]
    if not name:
        raise fail(f"a card with no name ({entry.strip()!r})")
    if name.lower().startswith("t:"):
        raise fail(f"tokens ({name}) are not supported")
    table: dict[str, Any] = {"card": name}
    card = _ForgeCard(table)
    for opt in options:
        _card_option(card, table, zone, opt, fail)
    if len(table) == 1:
        card.entry = name
    return card


def _card_option(card: _ForgeCard, table: dict[str, Any], zone: str, opt: str, fail: Any) -> None:
    """One `|Key:value` option of a card: its printing (ignored) and its Id anywhere, the others
    only on the battlefield."""
    name = table["card"]
    key, _, value = opt.partition(":")
    key = key.strip()
    if key in PRINTING:
        return
    if key == "Id":
        card.id = _int(value, f"{name}: Id", fail)
        return
    if zone != "battlefield":
        raise fail(f"{name}: option {opt!r} is only for cards on the battlefield")
    _battlefield_option(card, table, opt, key, value, fail)


def _battlefield_option(card: _ForgeCard, table: dict[str, Any], opt: str, key: str, value: str,
                        fail: Any) -> None:
    """An option of a card on the battlefield: tapped, summoning sick, damage, counters, what it
    is attached to, whether it is attacking."""
    name = table["card"]
    if key == "Tapped" and not value:
        table["tapped"] = True
    elif key == "SummonSick" and not value:
        table["sick"] = True
    elif key == "Damage":
        table["damage"] = _int(value, f"{name}: Damage", fail)
    elif key == "Counters":
        table["counters"] = _counters(name, value, fail)
    elif key in ("AttachedTo", "Attaching"):
        card.attached_to = _int(value, f"{name}: {key}", fail)
    elif key == "Attacking":
        card.attacking = True
        card.attacked = _int(value, f"{name}: Attacking", fail) if value.strip() else None
    else:
        raise fail(f"{name}: card option {opt!r} is not supported (supported: Tapped, SummonSick, "
                   "Counters:KIND=N, Damage:N, Id:N, AttachedTo:N, Attacking, Set:XXX)")


def _counters(name: str, value: str, fail: Any) -> dict[str, int]:
    """`P1P1=2,M1M1=1` as the scenario's counters (`+1/+1`, `-1/-1`, others by name)."""
    counters: dict[str, int] = {}
    for item in value.split(","):
        kind, eq, n = item.partition("=")
        if not eq or not kind.strip():
            raise fail(f"{name}: counters are written KIND=N (Counters:P1P1=2), not {item!r}")
        k = kind.strip().upper()
        counters[COUNTERS.get(k, k.lower())] = _int(n, f"{name}: the number of {k} counters", fail)
    return counters


def _side(key: str) -> tuple[str | None, str]:
    """Whose a [state] key is (`humanlife`, `p0life`: the human's; `ailife`, `p1life`: the
    ai's) and the rest of the key; (None, key) for a key of the game (`turn`)."""
    for prefix, who in SIDES.items():
        if key.startswith(prefix):
            return who, key[len(prefix):]
    return None, key


def _player(value: str, fail: Any) -> str:
    who = SIDES.get(value.strip().lower())
    if who is None:
        raise fail(f"activeplayer must be human or ai (p0 or p1), not {value!r}")
    return who


@dataclass
class _Lines:
    """Where a problem is, for its one-line error: the file, the line being read, and the line
    of each metadata and state key (a key's problem is found after the whole file is read)."""

    where: str
    lineno: int = 0
    meta_line: dict[str, int] = field(default_factory=dict)
    state_line: dict[str, int] = field(default_factory=dict)

    def fail(self, problem: str) -> ForgePuzzleError:
        return ForgePuzzleError(f"{self.where}, line {self.lineno}: {problem}")

    def at_meta(self, key: str) -> None:
        self.lineno = self.meta_line.get(key, 0)

    def at_state(self, key: str) -> None:
        self.lineno = self.state_line.get(key, 0)


@dataclass
class _Position:
    """What the [state] section says: each side's life, counters and zones, the turn, step and
    active player, and whether summoning sickness is removed from every permanent."""

    players: dict[str, dict[str, Any]] = field(default_factory=lambda: {HUMAN: {}, AI: {}})
    cards: dict[str, dict[str, list[_ForgeCard]]] = field(
        default_factory=lambda: {HUMAN: {}, AI: {}})  # each side's zones, in file order
    zone_keys: dict[tuple[str, str], str] = field(default_factory=dict)  # (side, zone) -> its key in the file
    start: dict[str, Any] = field(default_factory=lambda: {"turn": 1, "active": HUMAN, "step": "main1"})
    unsick: bool = False


def parse_forge_puzzle(text: str, path: Path | None = None) -> Puzzle:
    """A Forge puzzle's text as a Puzzle; ForgePuzzleError naming the line when it can't be used,
    UnknownForgeCards naming every card the pool lacks."""
    at = _Lines(str(path) if path is not None else "puzzle")
    meta, state = _sections(text, at)
    at.lineno = 0
    if not state:
        raise ForgePuzzleError(f"{at.where}: no [state] section: not a Forge puzzle file")
    goal = _goal(meta, at)
    pos = _position(state, at)
    last = _last_turn(meta, pos.start, at)
    at.lineno = 0
    _check_known_cards(pos.cards, at.where)
    actions = _links(pos.cards, pos.zone_keys, pos.start, at.at_state, at.fail)
    doc = _puzzle_doc(meta, goal, last, pos, actions, path)
    try:
        return parse_puzzle(doc, path)
    except PuzzleError as e:
        raise ForgePuzzleError(str(e) if str(e).startswith(at.where) else f"{at.where}: {e}") from None


def _sections(text: str, at: _Lines) -> tuple[dict[str, str], dict[str, str]]:
    """The [metadata] (`Key:Value`, keys in lower case) and [state] (`key=value`) sections, each
    key's line noted in `at`; the first line that is neither refused."""
    meta: dict[str, str] = {}
    state: dict[str, str] = {}
    section = ""
    for lineno, raw in enumerate(text.splitlines(), 1):
        at.lineno = lineno
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = _section_name(line, at)
        elif section == "metadata":
            _metadata_line(line, meta, at)
        elif section == "state":
            _state_line(line, state, at)
        else:
            raise at.fail("text before [metadata]: a Forge puzzle starts with [metadata]")
    return meta, state


def _section_name(line: str, at: _Lines) -> str:
    section = line[1:-1].strip().lower()
    if section not in ("metadata", "state"):
        raise at.fail(f"unknown section [{section}]: a Forge puzzle has [metadata] and [state]")
    return section


def _metadata_line(line: str, meta: dict[str, str], at: _Lines) -> None:
    """`Key:Value`; a line without a colon goes on the description (Forge's descriptions run
    over several lines)."""
    key, sep, value = line.partition(":")
    if not sep:
        if "description" not in meta:
            raise at.fail(f"expected KEY:VALUE in [metadata], found {line!r}")
        meta["description"] += "\n" + line
        return
    meta[key.strip().lower()] = value.strip()
    at.meta_line[key.strip().lower()] = at.lineno


def _state_line(line: str, state: dict[str, str], at: _Lines) -> None:
    key, sep, value = line.partition("=")
    if not sep:
        raise at.fail(f"expected key=value in [state], found {line!r}")
    state[key.strip().lower()] = value.strip()
    at.state_line[key.strip().lower()] = at.lineno


def _goal(meta: dict[str, str], at: _Lines) -> str:
    """The puzzle's goal as GOALS spells it; any metadata this translation can't honour refused."""
    for key in meta:
        if key not in ("name", "goal", "turns", "difficulty", "description") and key not in HARMLESS_METADATA:
            at.at_meta(key)
            raise at.fail(f"metadata {key!r} is not supported (goals here are {' and '.join(GOALS)})")
    goal = meta.get("goal", "Win")
    at.at_meta("goal")
    if goal.lower() not in [g.lower() for g in GOALS]:
        raise at.fail(f"goal {goal!r} is not supported: the goals are {' and '.join(GOALS)}")
    return next(g for g in GOALS if g.lower() == goal.lower())


def _position(state: dict[str, str], at: _Lines) -> _Position:
    """The [state] section read key by key: a side's keys first, then the game's."""
    pos = _Position()
    for key, value in state.items():
        at.at_state(key)
        who, rest = _side(key)
        if not (who and _side_key(pos, who, rest, key, value, at.fail)):
            _game_key(pos, key, value, at.fail)
    return pos


def _side_key(pos: _Position, who: str, rest: str, key: str, value: str, fail: Any) -> bool:
    """A side's key (`humanlife`, `p1battlefield`, ...) read into `pos`; False when it is none
    this translation knows."""
    if rest == "life":
        pos.players[who]["life"] = _int(value, key, fail)
    elif rest in ZONES:
        pos.cards[who][rest] = [_card(e, rest, fail) for e in value.split(";") if e.strip()]
        pos.zone_keys[who, rest] = key
    elif rest == "counters":
        pos.players[who].update(_player_counters(value, key, fail))
    else:
        return _nothing_to_carry_out(rest, value, key, fail)
    return True


def _game_key(pos: _Position, key: str, value: str, fail: Any) -> None:
    """A key of the game (`turn`, `activeplayer`, `activephase`, `removesummoningsickness`) read
    into `pos`; any other key refused."""
    if key == "turn":
        pos.start["turn"] = _int(value, "turn", fail)
        if pos.start["turn"] < 1:
            raise fail("turn must be 1 or more")
    elif key == "activeplayer":
        pos.start["active"] = _player(value, fail)
    elif key == "activephase":
        step = PHASES.get(value.upper())
        if step is None:
            raise fail(f"unknown phase {value!r}: the phases are {', '.join(PHASES)}")
        pos.start["step"] = step
    elif key == "removesummoningsickness":
        pos.unsick = value.strip().lower() == "true"  # no permanent is, even one marked SummonSick
    else:
        raise fail(f"{key}= is not supported")


def _last_turn(meta: dict[str, str], start: dict[str, Any], at: _Lines) -> int:
    """The last turn the puzzle lasts (`Turns:`, else its first turn)."""
    at.at_meta("turns")
    last = _int(meta["turns"], "Turns", at.fail) if "turns" in meta else start["turn"]
    if last < start["turn"]:
        raise at.fail(f"Turns:{last} is before the puzzle's first turn ({start['turn']})")
    return last


def _check_known_cards(cards: dict[str, dict[str, list[_ForgeCard]]], where: str) -> None:
    """UnknownForgeCards naming every card the pool lacks (with the pool's suggestions)."""
    names = sorted({c.name for zones in cards.values() for listed in zones.values() for c in listed})
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


def _players_doc(pos: _Position) -> dict[str, dict[str, Any]]:
    """Each side's scenario table: its life and counters, and its zones (battlefield entries as
    tables, other zones by name), summoning sickness dropped when the state removes it."""
    if pos.unsick:
        for c in pos.cards[HUMAN].get("battlefield", []) + pos.cards[AI].get("battlefield", []):
            if isinstance(c.entry, dict):
                c.entry.pop("sick", None)
    for who, zones in pos.cards.items():
        for zone, listed in zones.items():
            pos.players[who][zone] = [c.entry if zone == "battlefield" else c.name for c in listed]
    return pos.players


def _puzzle_doc(meta: dict[str, str], goal: str, last: int, pos: _Position, actions: list[str],
                path: Path | None) -> dict[str, Any]:
    """The puzzle as the project's puzzle table (rules/play/puzzle.py)."""
    description = meta.get("description", "").replace("\\n", "\n").strip()
    goal_text = (f"Win by the end of turn {last}." if goal == "Win"
                 else f"Survive until the end of turn {last}.")
    return {
        "name": meta.get("name") or (path.stem if path else "Forge puzzle"),
        "title": meta.get("name") or (path.stem if path else "Forge puzzle"),
        "difficulty": DIFFICULTY.get(meta.get("difficulty", "").lower(), "medium"),
        "player": HUMAN, "rules": "2014",
        "goal": f"{description} ({goal_text})" if description else goal_text,
        "check": "any time" if goal == "Win" else "end of turn",
        "turns": last - pos.start["turn"] + 1,
        "start": pos.start, "players": _players_doc(pos), "actions": actions,
        "expect": {"winner": HUMAN} if goal == "Win" else {"alive": [HUMAN]},
        "ai": FORGE_AI_LEVEL,
    }


def _nothing_to_carry_out(rest: str, value: str, key: str, fail: Any) -> bool:
    """Whether a side's key holds nothing a fresh position lacks: an empty `p0command=`, or
    `p0landsplayed=0` (the same key with something in it is refused)."""
    if rest in NOTHING_WHEN_EMPTY:
        return not value.strip()
    return rest in ZERO_AT_START and _int(value, key, fail) == 0


def _player_counters(value: str, key: str, fail: Any) -> dict[str, int]:
    """A side's counters (`humancounters=POISON=3`): poison is the only kind a player has here."""
    out: dict[str, int] = {}
    for item in value.split(","):
        kind, eq, n = item.partition("=")
        if not item.strip():
            continue
        if not eq or kind.strip().upper() != "POISON":
            raise fail(f"{key}: only POISON=N counters are supported on a player, not {item.strip()!r}")
        out["poison"] = _int(n, f"{key}: POISON", fail)
    return out


def _numbered(cards: dict[str, dict[str, list[_ForgeCard]]]) -> list[tuple[str, str, _ForgeCard, str]]:
    """Every card as (side, zone, card, reference) in the order the scenario creates them
    (side by side, zones in the file's order), the reference naming it unambiguously:
    `Grizzly Bears#2`, the second card of that name the game creates (refs.py)."""
    seen: Counter[str] = Counter()
    out = []
    for who, zones in cards.items():
        for zone, listed in zones.items():
            for c in listed:
                name = get_card(c.name).name
                seen[name] += 1
                out.append((who, zone, c, f"{name}#{seen[name]}"))
    return out


def _links(cards: dict[str, dict[str, list[_ForgeCard]]], zone_keys: dict[tuple[str, str], str],
           start: dict[str, Any], at_state: Any, fail: Any) -> list[str]:
    """What Forge says by `Id:N`, carried out: each `AttachedTo:N` becomes the entry's
    `attached_to` (a reference), and cards marked `Attacking` are declared as attackers by a
    setup action (Forge starts combat this way at COMBAT_DECLARE_ATTACKERS or _BLOCKERS: the
    puzzle starts at the declare attackers step, the active player attacks, and, for the
    blockers step, the game goes on to it).  Returns the setup actions."""
    numbered = _numbered(cards)
    by_id = _by_id(numbered, zone_keys, at_state, fail)
    plain: list[str] = []
    at_walkers: list[str] = []
    for who, zone, c, ref in numbered:
        at_state(zone_keys[who, zone])
        if c.attached_to is not None:
            _attach(c, c.attached_to, by_id, fail)
        if not c.attacking:
            continue
        _check_attacking(c, who, start, fail)
        if c.attacked is None:
            plain.append(ref)
        else:
            at_walkers.append(f"{ref} -> {_attacked_walker(c, c.attacked, by_id, fail)}")
    return _attack_actions(plain, at_walkers, start)


def _by_id(numbered: list[tuple[str, str, _ForgeCard, str]], zone_keys: dict[tuple[str, str], str],
           at_state: Any, fail: Any) -> dict[int, tuple[str, str]]:
    """Each `Id:N` as the (zone, reference) of its card; an Id given twice is refused."""
    by_id: dict[int, tuple[str, str]] = {}
    for who, zone, c, ref in numbered:
        if c.id is not None:
            if c.id in by_id:
                at_state(zone_keys[who, zone])
                raise fail(f"{c.name}: Id:{c.id} is given to two cards")
            by_id[c.id] = (zone, ref)
    return by_id


def _attach(c: _ForgeCard, host_id: int, by_id: dict[int, tuple[str, str]], fail: Any) -> None:
    """`AttachedTo:N`: the entry is attached to the card on the battlefield with Id:N."""
    host = by_id.get(host_id)
    if host is None or host[0] != "battlefield":
        raise fail(f"{c.name}: AttachedTo:{host_id}, but no card on the battlefield "
                   f"has Id:{host_id}")
    if isinstance(c.entry, str):
        c.entry = {"card": c.entry}
    c.entry["attached_to"] = host[1]


def _check_attacking(c: _ForgeCard, who: str, start: dict[str, Any], fail: Any) -> None:
    """A card marked `Attacking` needs the puzzle to start in combat, on its side's turn."""
    if start["step"] not in ("declare_attackers", "declare_blockers"):
        raise fail(f"{c.name} is Attacking, but the puzzle doesn't start in combat "
                   "(activephase=COMBAT_DECLARE_ATTACKERS or COMBAT_DECLARE_BLOCKERS)")
    if who != start["active"]:
        raise fail(f"{c.name} is Attacking, but {who} is not the active player")


def _attacked_walker(c: _ForgeCard, walker_id: int, by_id: dict[int, tuple[str, str]], fail: Any) -> str:
    """`Attacking:N`: the reference of the planeswalker on the battlefield with Id:N."""
    walker = by_id.get(walker_id)
    if walker is None or walker[0] != "battlefield":
        raise fail(f"{c.name}: Attacking:{walker_id}, but no card on the battlefield has Id:{walker_id}")
    return walker[1]


def _attack_actions(plain: list[str], at_walkers: list[str], start: dict[str, Any]) -> list[str]:
    """The setup actions declaring the attackers (those attacking the player together, then each
    attacking a planeswalker), and going on to the declare blockers step if the puzzle starts there."""
    if not plain and not at_walkers:
        return []
    groups = ([", ".join(plain)] if plain else []) + at_walkers
    actions = [f"{start['active']}: attack {'; '.join(groups)}"]
    if start["step"] == "declare_blockers":
        start["step"] = "declare_attackers"
        actions.append("go to declare_blockers")
    return actions


def load_forge_puzzle(path: str | Path) -> Puzzle:
    """Read a Forge puzzle file; ForgePuzzleError (never OSError) when it can't be used."""
    p = Path(path)
    return parse_forge_puzzle(read_text_file(p, ForgePuzzleError, "puzzle file", encoding="utf-8-sig"), p)
