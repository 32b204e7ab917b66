"""Saved games: the engine's game record (setup + every action in notation) as JSON, with
the client's few settings beside it.  Loading replays the record.  Files are written
atomically (a temporary file beside the target, then a rename), so a crash or a full disk
mid-write never destroys an earlier save."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from rules import Game, IllegalAction

from .session import Session


class SaveError(Exception):
    """A save or load that failed, worded for the player."""


def default_path(session: Session) -> str:
    names = "-".join(p.name for p in session.game.players)
    return f"mtg-tui-{names}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def record_of(session: Session) -> dict[str, Any]:
    """The session as a JSON-ready save: the game record plus what the client needs to go
    on as before (undo points, whether a finished goldfish game was counted)."""
    record: dict[str, Any] = session.game.to_record()
    g = session.game
    record["client"] = {"open_hands": session.open_hands, "checkpoints": list(session.checkpoints),
                        "counted": session.counted, "over": g.over, "turn": g.turn,
                        "players": [p.name for p in g.players], "saved_at": time.strftime("%Y-%m-%d %H:%M")}
    return record


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(session: Session, path: str | Path) -> Path:
    p = Path(path).expanduser()
    try:
        write_atomically(p, json.dumps(record_of(session), indent=1) + "\n")
    except OSError as e:
        raise SaveError(f"can't save to {p}: {e.strerror or e}") from None
    return p


def read_record(path: str | Path) -> dict[str, Any]:
    """The JSON object of a save file; SaveError when it isn't one."""
    p = Path(path).expanduser()
    try:
        record = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"no file {p}") from None
    except IsADirectoryError:
        raise SaveError(f"{p} is a folder, not a saved game") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"can't read {p}: {getattr(e, 'strerror', None) or e}") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{p} is not a saved game (bad JSON: {e.msg} at line {e.lineno})") from None
    if not isinstance(record, dict) or "setup" not in record or "actions" not in record:
        raise SaveError(f"{p} is not a saved game (no setup and actions)")
    return record


def load(path: str | Path) -> Session:
    p = Path(path).expanduser()
    record = read_record(p)
    try:
        game = Game.from_record(record)
    except IllegalAction as e:
        raise SaveError(f"{p} doesn't replay: {e}") from None
    except ValueError as e:
        raise SaveError(f"{p} is not a saved game this version can read: {e}") from None
    except Exception as e:  # an unknown card, a renamed deck...: never a traceback
        raise SaveError(f"{p} can't be loaded: {e}") from None
    client = record.get("client") if isinstance(record.get("client"), dict) else {}
    session = Session(game, open_hands=bool(client.get("open_hands")))
    session.checkpoints = _checkpoints(client.get("checkpoints"), game, session.humans)
    # a goldfish game that was already over when saved has been counted (or was never played
    # here): loading it must not count it again
    session.counted = bool(client.get("counted")) or game.over
    return session


def _checkpoints(saved: Any, game: Game, humans: list[str]) -> list[int]:
    """Undo points: as saved; for a save without them, before each action of a human."""
    n = len(game.record)
    if isinstance(saved, list) and all(isinstance(i, int) and 0 <= i < n for i in saved):
        return list(saved)
    return [i for i, a in enumerate(game.record) if a.player in humans]
