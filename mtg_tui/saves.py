"""Saved games: the engine's game record (setup + every action in notation) as JSON, with
the client's few settings beside it.  Loading replays the record."""

from __future__ import annotations

import json
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


def save(session: Session, path: str | Path) -> Path:
    record: dict[str, Any] = session.game.to_record()
    record["client"] = {"open_hands": session.open_hands}
    p = Path(path).expanduser()
    try:
        if p.parent != Path("."):
            p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise SaveError(f"can't save to {p}: {e.strerror or e}") from None
    return p


def load(path: str | Path) -> Session:
    p = Path(path).expanduser()
    try:
        record = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"no file {p}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"can't read {p}: {e}") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{p} is not a saved game (bad JSON: {e.msg} at line {e.lineno})") from None
    if not isinstance(record, dict) or "setup" not in record or "actions" not in record:
        raise SaveError(f"{p} is not a saved game (no setup and actions)")
    try:
        game = Game.from_record(record)
    except IllegalAction as e:
        raise SaveError(f"{p}: the record doesn't replay: {e}") from None
    except (ValueError, KeyError, TypeError) as e:
        raise SaveError(f"{p} is not a valid saved game: {e}") from None
    except Exception as e:  # an unknown card, a renamed deck...: never a traceback
        raise SaveError(f"{p} can't be loaded: {e}") from None
    client = record.get("client") or {}
    session = Session(game, open_hands=bool(client.get("open_hands")))
    return session
