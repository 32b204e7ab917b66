"""Card data files parsed once per content, not once per run.

Parsing the bundled TOML card files takes some 25 ms, every start of the client, before
the first frame.  When the client names a cache directory (`use_cache_dir`), a file's
parsed form is kept there as JSON (read 30 times faster than the TOML, and data only:
nothing in the cache is evaluated) under the hash of its text, so it is never stale:
changed text is another key.  Without a directory, or when the cache can't be read or
written, the text is parsed as always.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .safe_files import loads_toml, read_json, write_atomically

_dir: list[Path] = []  # at most one: the cache directory in use


def use_cache_dir(path: str | Path | None) -> None:
    """Keep parsed card files in `path` from now on (None: no cache)."""
    _dir[:] = [Path(path)] if path is not None else []


def load_toml(label: str, text: str) -> dict[str, Any]:
    """`tomllib.loads(text)` (raising its TOMLDecodeError), from the cache when it holds this
    very text parsed.  `label` (the file's name or path) names the cache file, so that a
    file's older parsed forms are removed when its text changes."""
    if not _dir:
        return loads_toml(text)
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    stem = hashlib.sha256(label.encode("utf-8")).hexdigest()[:12]
    path = _dir[0] / f"{stem}-{key}.json"
    try:
        found = read_json(path, walk=False)  # (our own parse of our TOML: only read back as card data)
        if isinstance(found, dict):
            return found
    except (OSError, ValueError):  # missing, unreadable or damaged (JsonError, UnicodeDecodeError)
        pass
    doc = loads_toml(text)
    _store(path, stem, doc)
    return doc


def _store(path: Path, stem: str, doc: dict[str, Any]) -> None:
    """Write `doc` at `path` atomically (a half-written file is never read) and remove the
    same file's older forms; a cache that can't be written is no cache."""
    try:
        data = json.dumps(doc, ensure_ascii=False)  # (a TOML date would be a TypeError: no cache)
        write_atomically(path, data)
        for old in path.parent.glob(f"{stem}-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    except (OSError, ValueError, TypeError):
        pass
