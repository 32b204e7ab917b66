"""The autosave and the crash report: a game is never lost.

After every change the client writes the game record to `autosave.json` in the user data
directory (atomically).  If the client meets an unexpected error it writes the traceback
to `crash.log` there, tells the player in a few lines where the game is and what to do,
and exits with a non-zero status; the next `mtg-tui` offers to resume the autosave.

A damaged autosave (one that can't be read) is named on the menu, and is never written over:
the next game moves it aside first (`autosave-damaged.json`, numbered when that is taken),
where the load list shows it with the reason."""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from ..session import Session
from .saves import SaveError, SaveInfo, labelled_players, list_saves, part_of, read_record, save, saves_dir
from .userfiles import data_dir, move_aside

AUTOSAVE = "autosave.json"
PREVIOUS = "autosave-previous.json"
DAMAGED = "autosave-damaged"  # + ".json", or "-2.json", "-3.json" ...: never one written over
CRASH_LOG = "crash.log"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def write(session: Session) -> str | None:
    """Autosave the session; a warning (never an exception) when the file can't be written."""
    try:
        save(session, autosave_path())
    except SaveError as e:
        return f"autosave failed: {e}"
    return None


@dataclass(frozen=True)
class Resumable:
    """An autosaved game that was still going."""

    path: Path
    players: tuple[str, ...]
    turn: int
    saved_at: str

    def describe(self) -> str:
        return f"{' vs '.join(self.players) or '?'}, turn {self.turn}, saved {self.saved_at}"


def damaged() -> str | None:
    """Why the autosave can't be read (the file is damaged); None when it reads, or there is none."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        read_record(path)
    except SaveError as e:
        return str(e)
    return None


def resumable() -> Resumable | None:
    """The autosaved game, if there is one that hadn't ended."""
    path = autosave_path()
    if not path.is_file():
        return None
    try:
        record = read_record(path)
    except SaveError:
        return None
    client = part_of(record, "client")
    if client.get("over"):
        return None
    turn = client.get("turn")
    return Resumable(path, labelled_players(client), turn if isinstance(turn, int) else 0,
                     str(client.get("saved_at", "")))


def load_list() -> list[SaveInfo]:
    """The load list, newest first: the autosave, the unfinished game kept beside it, and the
    saves in the saves folder (and in the current folder, where saves went before they had a
    folder of their own)."""
    auto = autosave_path()
    aside = [(p, "damaged autosave") for p in sorted(auto.parent.glob(f"{DAMAGED}*.json"))]
    return list_saves([(auto, "autosave"), (auto.with_name(PREVIOUS), "previous autosave"), *aside],
                      [saves_dir(), Path.cwd()])


def keep_previous() -> str | None:
    """A new game is about to autosave over an unfinished one: keep that one beside it.  A
    damaged autosave is moved aside instead (never written over); returns what to tell the
    player then."""
    found = resumable()
    if found is not None:
        found.path.replace(found.path.with_name(PREVIOUS))
        return None
    if damaged() is None:
        return None
    return set_aside(autosave_path())


def set_aside(path: Path) -> str:
    """Move the damaged autosave to the first free `autosave-damaged[-N].json` beside it."""
    try:
        aside = move_aside(path, DAMAGED)
    except OSError as e:
        return f"the damaged autosave {path} could not be moved aside: {e.strerror or e}"
    return f"the damaged autosave was moved to {aside} (the load list shows it)"


def report_crash(error: BaseException, session: Session | None) -> str:
    """Write the traceback to the crash log and return what to tell the player.  The game
    itself is already in the autosave, as it was after the last action that worked."""
    log = data_dir() / CRASH_LOG
    lines = [f"=== {time.strftime('%Y-%m-%d %H:%M:%S')} mtg-tui crashed"]
    if session is not None:
        lines.append("game record: " + json.dumps(session.game.to_record()))
    lines += traceback.format_exception(type(error), error, error.__traceback__)
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as f:
            f.write("\n".join(line.rstrip("\n") for line in lines) + "\n")
        where = f"The details are in {log}; please send them with a bug report."
    except OSError:
        where = "The details could not be written to a log file:\n" + "".join(
            traceback.format_exception_only(type(error), error))
    head = f"mtg-tui stopped because of an internal error ({type(error).__name__})."
    if session is None:
        return f"{head}\n{where}"
    saved = autosave_path()
    return (f"{head}\nYour game is saved in {saved}, as it was after your last action.\n"
            f"Run mtg-tui again and answer y to resume it (or: mtg-tui load {saved}).\n{where}")
