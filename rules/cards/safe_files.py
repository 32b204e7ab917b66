"""Files read and written so that no file can crash the program or be left half-written.

Every JSON file the project reads that a person or another program may have made (saves, the
autosave, practice progress, settings, card files to import, the parse cache) is decoded
here: bad JSON, and JSON nested too deeply (json's decoder recurses, so `[[[[...]]]]` 100,000
deep is a RecursionError, not a ValueError), are a JsonError with one line saying what is
wrong.  Lists and objects nested deeper than MAX_DEPTH are refused too: no file of ours
comes near it, and a value nested a few hundred deep would pass the decoder and then break
whatever walks it (json.dumps writing it back).  TOML files (scenarios, puzzles, card data,
config.toml) are parsed by `loads_toml`: tomllib recurses too.

Every file the project writes goes through `write_atomically`: a temporary file beside the
target, then a rename.  The temporary file is named `.NAME.mtg-tui-PID-XXXXXXXX.tmp` (the
writer's process id in it), so that `remove_stale_temp_files` can tell ours from anyone
else's and remove those a killed writer left behind.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

MAX_DEPTH = 100
TEMP_MARK = "mtg-tui"
_TEMP_NAME = re.compile(r"^\.(?P<target>.+)\." + TEMP_MARK + r"-(?P<pid>\d+)-[A-Za-z0-9_]+\.tmp$")
# a temporary file whose writer is gone is removed once it is this old (a writer on another
# machine sharing the folder, whose process id means nothing here, is never cut off mid-write:
# no write of ours takes a minute) ...
DEAD_WRITER_AGE = 60.0
# ... and any of ours once it is this old, whatever its process id (ids are reused)
ANY_WRITER_AGE = 3600.0

_DECODER = json.JSONDecoder()


class JsonError(ValueError):
    """JSON that can't be read: one line saying what is wrong (the caller names the file)."""


def too_deep() -> JsonError:
    return JsonError(f"its lists and objects are nested too deeply to read (more than {MAX_DEPTH} levels)")


def loads(text: str, walk: bool = True) -> Any:
    """The JSON value of `text`; JsonError when it is not valid JSON or is nested too deeply.
    `walk=False` leaves out walking the value for its depth (10 ms for the parse cache's card
    files at every start): only what the decoder itself can't read is refused then."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise JsonError(f"bad JSON: {e.msg} at line {e.lineno}") from None
    except RecursionError:
        raise too_deep() from None
    if walk:
        check_depth(value)
    return value


def raw_decode(text: str, pos: int) -> tuple[Any, int]:
    """The JSON value starting at `pos` of `text` and where it ends (json's raw_decode, for a
    reader that streams a large file a value at a time): json.JSONDecodeError as json raises
    it, JsonError when the value is nested too deeply for the decoder.  The value's depth is
    not walked (a card file's values are many, and only their known fields are read)."""
    try:
        return _DECODER.raw_decode(text, pos)
    except RecursionError:
        raise too_deep() from None


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """JsonError when lists and objects in `value` are nested more than `limit` deep.
    Iterative: a check of depth must not recurse."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            raise too_deep()
        todo.extend((c, depth + 1) for c in children if isinstance(c, dict | list))


def loads_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`; nesting too deep for its parser (which recurses: `a = [[[[...]]]]`)
    is a TOMLDecodeError too, which every reader of TOML already turns into its one line."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError("its arrays and tables are nested too deeply to read") from None


def read_json(path: Path, walk: bool = True) -> Any:
    """The JSON value of the file at `path`: OSError and UnicodeDecodeError as reading raises
    them, JsonError when the text is not JSON we can use (`walk`: as `loads`)."""
    return loads(path.read_text(encoding="utf-8"), walk)


# ---------------------------------------------------------------- writing
def temp_prefix(path: Path) -> str:
    return f".{path.name}.{TEMP_MARK}-{os.getpid()}-"


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder, flushed to disk, then
    a rename: a crash or a full disk mid-write leaves the earlier file as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def process_alive(pid: int) -> bool:
    """Whether process `pid` runs on this machine (True when it can't be told: keep the file)."""
    if os.name != "posix":
        return True  # os.kill(pid, 0) would signal the process on Windows: rely on the age alone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: someone else's process, alive
        return True
    return True


def stale_temp_file(path: Path, now: float | None = None) -> bool:
    """Whether `path` is a temporary file of `write_atomically` that no write will finish:
    its writer is gone and it is DEAD_WRITER_AGE old, or it is ANY_WRITER_AGE old."""
    found = _TEMP_NAME.match(path.name)
    if found is None:
        return False
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except OSError:
        return False
    pid = int(found["pid"])
    if age >= ANY_WRITER_AGE:
        return True
    return age >= DEAD_WRITER_AGE and not process_alive(pid)


def remove_stale_temp_files(folders: list[Path]) -> list[Path]:
    """Remove the temporary files a killed writer left in `folders` (ours only, by their
    name); the ones removed.  A folder that can't be read is passed over."""
    removed: list[Path] = []
    for folder in folders:
        try:
            candidates = list(folder.glob(f".*.{TEMP_MARK}-*.tmp"))
        except OSError:
            continue
        for path in candidates:
            if stale_temp_file(path):
                try:
                    path.unlink()
                except OSError:
                    continue
                removed.append(path)
    return removed
