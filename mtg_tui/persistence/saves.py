"""Saved games: the engine's game record (setup + every action in notation) as JSON, with
the client's few settings beside it.  Loading replays the record.  Files are written
atomically (a temporary file beside the target, then a rename), so a crash or a full disk
mid-write never destroys an earlier save.

Saves you can trust: a save also holds `verify`, what its game was made of and came to:

    "verify": {"engine": "0.1.0",                  # the package version that wrote it
               "cards": {"Lightning Bolt": "<sha256 of its compiled definition>", ...},
               "state": "<Game.digest() at save time>",
               "digests": [[k, "<Game.digest() after the first k actions>"], ...]}

`digests` holds the state digest at most once every DIGEST_EVERY actions (the first point the
client saw in each stretch of DIGEST_EVERY actions, and the last action): one per action would
make a long game's save several times its size.  Loading replays the record action by action and
compares each stored digest as it passes it.  When a digest differs, or an action no longer
replays, the load stops with SaveMismatch (saying what changed: the engine version, which cards'
definitions, at which action) and offers the game up to the last point that replays the same:
the last stored digest that matched (so at most DIGEST_EVERY - 1 actions before the real
divergence).  A save from before digests (no `verify`) still loads, reported as unverified.
Nothing in a save is evaluated: it is JSON, read with userfiles.read_json (bad or too deeply
nested JSON is one line, never a traceback), replayed through the engine."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import Game, IllegalAction
from rules.cards.digest import card_digest
from rules.play.players import LEVELS

from ..session import Session
from .save_digests import DIGEST_EVERY, chain, note, seen as seen_at
from .userfiles import (  # the reader and the writer every user file goes through
    SAVES,
    JsonError,
    data_dir,
    read_json,
    write_atomically as write_atomically,
)


def engine_version() -> str:
    from importlib import metadata  # here, not at startup: importing it costs 25 ms of the first frame

    try:
        return metadata.version("mtg-tui")
    except metadata.PackageNotFoundError:  # pragma: no cover - a checkout that isn't installed
        return "unknown"


class SaveError(Exception):
    """A save or load that failed, worded for the player."""


SAVE_PREFIX = "mtg-tui-"  # saves are named mtg-tui-<players>-<date>.json (the load list finds them so)


def saves_dir() -> Path:
    """Where saves go unless the player types another path: `saves` in the user data directory."""
    return data_dir() / SAVES


def default_path(session: Session) -> str:
    names = "-".join(p.name for p in session.game.players)
    return str(saves_dir() / f"{SAVE_PREFIX}{names}-{time.strftime('%Y%m%d-%H%M%S')}.json")


def card_digests(game: Game) -> dict[str, str]:
    """The digest of every card definition the game uses (tokens, which are no cards, aside)."""
    out: dict[str, str] = {}
    for name in sorted({o.name for o in game.objects.values()}):
        d = card_digest(name)
        if d is not None:
            out[name] = d
    return out


def verification(game: Game, texts: list[str]) -> dict[str, Any]:
    """What a save records to be verified when it is loaded (see the module's doc)."""
    chained = chain(texts)
    n = len(texts)
    now = game.digest()
    note(game, n, now, chained)
    seen = seen_at(game)
    for k in [k for k, (c, _) in seen.items() if k > n or chained[k] != c]:
        del seen[k]  # undone: not this game's past any more
    kept: list[int] = []
    for k in sorted(seen):
        if k == n or not kept or k // DIGEST_EVERY != kept[-1] // DIGEST_EVERY:
            kept.append(k)
    for k in list(seen):
        if k not in kept:
            del seen[k]
    return {"engine": engine_version(), "cards": card_digests(game), "state": now,
            "digests": [[k, seen[k][1]] for k in kept]}


def record_of(session: Session) -> dict[str, Any]:
    """The session as a JSON-ready save: the game record plus what the client needs to go
    on as before (undo points, whether a finished goldfish game was counted), and what
    verifies it when loaded."""
    record: dict[str, Any] = session.game.to_record()
    g = session.game
    record["verify"] = verification(g, record["actions"])
    record["client"] = {"open_hands": session.open_hands, "computers": dict(session.computers),
                        "checkpoints": list(session.checkpoints),
                        "counted": session.counted, "over": g.over, "turn": g.turn,
                        "players": [p.name for p in g.players], "saved_at": time.strftime("%Y-%m-%d %H:%M")}
    return record


def save(session: Session, path: str | Path) -> Path:
    p = Path(path).expanduser()
    try:
        write_atomically(p, json.dumps(record_of(session), indent=1) + "\n")
    except OSError as e:
        raise SaveError(f"can't save to {p}: {e.strerror or e}") from None
    return p


def part_of(record: dict[str, Any], key: str) -> dict[str, Any]:
    """The JSON object under `key` of a save, or an empty one when it is missing or not an
    object (a damaged or hand-edited save: its header is read, never trusted)."""
    value = record.get(key)
    return value if isinstance(value, dict) else {}


def read_record(path: str | Path) -> dict[str, Any]:
    """The JSON object of a save file; SaveError when it isn't one."""
    p = Path(path).expanduser()
    try:
        record = read_json(p)
    except FileNotFoundError:
        raise SaveError(f"no file {p}") from None
    except IsADirectoryError:
        raise SaveError(f"{p} is a folder, not a saved game") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"can't read {p}: {getattr(e, 'strerror', None) or e}") from None
    except JsonError as e:
        raise SaveError(f"{p} is not a saved game ({e})") from None
    if not isinstance(record, dict) or "setup" not in record or "actions" not in record:
        raise SaveError(f"{p} is not a saved game (no setup and actions)")
    return record


class SaveMismatch(SaveError):
    """A save whose record no longer replays to the game that was saved.  `good` actions of
    it still replay the same (verified, unless `verified` is False: an old save); loading with
    `up_to_last_good=True` opens the game there."""

    def __init__(self, message: str, good: int, total: int, verified: bool):
        super().__init__(message)
        self.good = good
        self.total = total
        self.verified = verified

    def question(self) -> str:
        return (f"Open it up to action {self.good} of {self.total}, the last that "
                f"{'replays the same' if self.verified else 'still replays (not verified)'}?")


@dataclass
class Check:
    """How a loaded save was verified: `note` says it for the player (None: verified, nothing to say)."""

    verified: bool
    note: str | None = None
    changed_cards: list[str] = field(default_factory=list)


def _what_changed(verify: dict[str, Any], game: Game) -> tuple[list[str], list[str]]:
    """(reasons, changed card names): the engine version and card definitions that differ."""
    reasons: list[str] = []
    saved_by = verify.get("engine")
    if isinstance(saved_by, str) and saved_by != engine_version():
        reasons.append(f"it was saved by mtg-tui {saved_by}, this is {engine_version()}")
    cards = part_of(verify, "cards")
    changed = sorted(n for n, d in cards.items() if card_digest(str(n)) != d)
    if changed:
        shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
        reasons.append(f"the definition of {shown} changed" if len(changed) == 1
                       else f"the definitions of {shown} changed")
    return reasons, changed


def _stored_digests(verify: dict[str, Any], n: int) -> dict[int, str]:
    out: dict[int, str] = {}
    for item in verify.get("digests", []) if isinstance(verify.get("digests"), list) else []:
        if (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int) and isinstance(item[1], str)
                and 0 <= item[0] <= n):
            out[item[0]] = item[1]
    if isinstance(verify.get("state"), str):
        out[n] = verify["state"]
    return out


def replay_checked(record: dict[str, Any], where: str = "the save",
                   up_to_last_good: bool = False) -> tuple[Game, Check]:
    """Replay a save's record action by action, comparing the stored digests as it passes them.
    SaveMismatch when it reaches a different state or an action doesn't replay (unless
    `up_to_last_good`: then the game up to the last action that replays the same)."""
    texts = record["actions"]
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ValueError("its actions must be a list of action texts")
    game = Game.from_record({**record, "actions": []})
    verify = record.get("verify") if isinstance(record.get("verify"), dict) else None
    n = len(texts)
    stored = _stored_digests(verify, n) if verify else {}
    chained = chain(texts)
    good = 0  # the last point known to replay the same (0: the start)
    problem: str | None = None
    for k in range(n + 1):
        if k in stored:
            digest = game.digest()
            if digest != stored[k]:
                problem = (f"after action {k} of {n} the game is not the one that was saved" if k < n
                           else "the game it replays to is not the one that was saved")
                break
            good = k
            note(game, k, digest, chained)
        elif k % DIGEST_EVERY == 0:
            note(game, k, game.digest(), chained)  # so a later save of this game can be verified
        if k == n:
            break
        try:
            game.act(texts[k])
        except IllegalAction as e:
            problem = f"action {k + 1} of {n} ({texts[k]!r}) doesn't replay: {e.message}"
            if not verify:
                good = k  # an old save: every action before it replayed, unverified
            break
    if problem is None:
        if verify is None:
            return game, Check(False, f"{where} was written before saves were verified: "
                                      "it can't be checked that it replays to the same game")
        reasons, changed = _what_changed(verify, game)
        said = f"{where} replays to the same game ({'; '.join(reasons)})" if reasons else None
        return game, Check(True, said, changed)
    reasons, changed = _what_changed(verify, game) if verify else ([], [])
    why = f" ({'; '.join(reasons)})" if reasons else ""
    message = (f"{where} no longer replays to the game that was saved: {problem}{why}. "
               f"The first {good} of {n} actions {'replay the same' if verify else 'replay (unverified)'}.")
    if not up_to_last_good:
        raise SaveMismatch(message, good, n, verify is not None)
    shorter = Game.from_record({**record, "actions": texts[:good]})
    return shorter, Check(verify is not None, f"{where} was opened up to action {good} of {n}: {problem}{why}",
                          changed)


def load_checked(path: str | Path, up_to_last_good: bool = False) -> tuple[Session, Check]:
    """A saved game and how it was verified; SaveMismatch when it doesn't replay the same
    (and `up_to_last_good` is not set), SaveError when it can't be read at all."""
    p = Path(path).expanduser()
    record = read_record(p)
    try:
        game, check = replay_checked(record, str(p), up_to_last_good)
    except SaveMismatch:
        raise
    except IllegalAction as e:
        raise SaveError(f"{p} doesn't replay: {e}") from None
    except ValueError as e:
        raise SaveError(f"{p} is not a saved game this version can read: {e}") from None
    except Exception as e:  # an unknown card, a renamed deck...: never a traceback
        raise SaveError(f"{p} can't be loaded: {e}") from None
    client = part_of(record, "client")
    session = Session(game, open_hands=bool(client.get("open_hands")), computers=_computers(client, game))
    session.checkpoints = _checkpoints(client.get("checkpoints"), game, session.humans)
    # a goldfish game that was already over when saved has been counted (or was never played
    # here): loading it must not count it again
    session.counted = bool(client.get("counted")) or game.over
    return session, check


def load(path: str | Path, up_to_last_good: bool = False) -> Session:
    return load_checked(path, up_to_last_good)[0]


def _computers(client: dict[str, Any], game: Game) -> dict[str, str]:
    """The seats the computer plays, as saved (a save from before games against the computer
    has none); a level this version doesn't have is refused in one line."""
    saved = client.get("computers")
    if not isinstance(saved, dict):
        return {}
    seats = {p.name for p in game.players}
    out = {str(k): str(v) for k, v in saved.items() if k in seats}
    unknown = sorted(set(out.values()) - set(LEVELS))
    if unknown:
        raise SaveError(f"the save's computer player {unknown[0]!r} is not one of this version's levels "
                        f"({', '.join(LEVELS)})")
    return out


def _checkpoints(saved: Any, game: Game, humans: list[str]) -> list[int]:
    """Undo points: as saved; for a save without them, before each action of a human."""
    n = len(game.record)
    if isinstance(saved, list) and all(isinstance(i, int) and 0 <= i < n for i in saved):
        return list(saved)
    return [i for i, a in enumerate(game.record) if a.player in humans]


# ---------------------------------------------------------------- the load list
@dataclass(frozen=True)
class SaveInfo:
    """One save as the load list shows it, read from its header (nothing replayed)."""

    path: Path
    kind: str  # "save", "autosave", "previous autosave"
    players: tuple[str, ...]
    mode: str  # "hotseat", "goldfish", "vs computer", "position" (a game set up from a position) or "?"
    turn: int
    saved_at: str  # "YYYY-MM-DD HH:MM"
    mtime: float
    over: bool
    status: str  # "verified", "changed", "old", "unreadable"
    note: str = ""  # why it is "changed" or "unreadable"

    def describe(self) -> str:
        return f"{' vs '.join(self.players) or '?'}, turn {self.turn}, saved {self.saved_at}"


STATUS_WORDS = {"verified": "verifies", "changed": "may differ", "old": "unverified", "unreadable": "unreadable"}


def header_status(record: dict[str, Any]) -> tuple[str, str]:
    """(status, note) from a save's `verify` block alone: "verified" when this version and
    these card definitions wrote it, "changed" when either differs (loading checks where the
    game parts ways), "old" for a save from before digests.  Cheap: nothing is replayed."""
    verify = record.get("verify")
    if not isinstance(verify, dict):
        return "old", "written before saves were verified"
    saved_by = verify.get("engine")
    reasons: list[str] = []
    if isinstance(saved_by, str) and saved_by != engine_version():
        reasons.append(f"saved by mtg-tui {saved_by}")
    cards = part_of(verify, "cards")
    changed = sorted(str(n) for n, d in cards.items() if card_digest(str(n)) != d)
    if changed:
        reasons.append("changed: " + ", ".join(changed[:3]) + (" ..." if len(changed) > 3 else ""))
    return ("changed", "; ".join(reasons)) if reasons else ("verified", "")


def labelled_players(client: dict[str, Any]) -> tuple[str, ...]:
    """The players a save's client part names, as the client shows them ("bob (computer)")."""
    seats = part_of(client, "computers")
    given = client.get("players")
    names = [str(p) for p in given] if isinstance(given, list) else []  # none when damaged
    return tuple(Session.computer_label(p) if p in seats else p for p in names)


def save_info(path: Path, kind: str = "save") -> SaveInfo:
    """A save's header as the load list shows it; an unreadable file is listed as such."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime)) if mtime else ""
    try:
        record = read_record(path)
    except SaveError as e:
        return SaveInfo(path, kind, (), "?", 0, when, mtime, False, "unreadable", str(e))
    client = part_of(record, "client")
    setup = part_of(record, "setup")
    given = setup.get("players")
    specs = [p for p in given if isinstance(p, dict)] if isinstance(given, list) else []
    players = labelled_players(client) or tuple(str(p.get("name", "?")) for p in specs)
    computers = client.get("computers")
    if any(p.get("goldfish") for p in specs):
        mode = "goldfish"
    elif isinstance(computers, dict) and computers:
        mode = "vs computer"
    elif specs and all(p.get("deck") for p in specs):
        mode = "hotseat"
    else:
        mode = "position" if specs else "?"
    turn = client.get("turn", setup.get("turn", 0))
    status, note = header_status(record)
    return SaveInfo(path, kind, players, mode, turn if isinstance(turn, int) else 0,
                    str(client.get("saved_at") or when), mtime, bool(client.get("over")), status, note)


def list_saves(special: list[tuple[Path, str]], folders: list[Path]) -> list[SaveInfo]:
    """Every save the load list offers, newest first: the `special` files (the autosaves, with
    their kind) and the `mtg-tui-*.json` files in `folders` (autosave.load_list says which)."""
    found: dict[Path, SaveInfo] = {}
    for path, kind in special:
        if path.is_file():
            found[path.resolve()] = save_info(path, kind)
    for folder in folders:
        try:
            paths = sorted(folder.glob(f"{SAVE_PREFIX}*.json"))
        except OSError:
            continue
        for path in paths:
            if path.is_file() and path.resolve() not in found:
                found[path.resolve()] = save_info(path)
    return sorted(found.values(), key=lambda i: i.mtime, reverse=True)
