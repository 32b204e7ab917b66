"""Where the client keeps the user's files (platformdirs): progress and imported cards in the
data directory (on Linux $XDG_DATA_HOME/mtg-tui, default ~/.local/share/mtg-tui) and settings
in the config directory's config.toml (on Linux $XDG_CONFIG_HOME/mtg-tui/config.toml, default
~/.config/mtg-tui/config.toml).  The cache directory ($XDG_CACHE_HOME/mtg-tui, default
~/.cache/mtg-tui) holds only what can be made again.

Settings the client reads:  cr_file = "PATH"  (a Comprehensive Rules text file).
A damaged settings file is reported, never fatal.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from platformdirs import user_cache_dir, user_config_dir, user_data_dir

# the writer every user file goes through (a temporary file beside the target, flushed, then a
# rename: a crash or a full disk mid-write leaves the earlier file as it was), and the one
# reader of their JSON (bad or too deeply nested JSON is a JsonError, never a traceback)
from rules.cards.safe_files import (
    JsonError as JsonError,
    loads_toml,
    read_json as read_json,
    remove_stale_temp_files,
    write_atomically as write_atomically,
)

if TYPE_CHECKING:  # pragma: no cover - loaded when the app first shows a rule (its start stays quick)
    from rules.reference.lookup import Reference

APP = "mtg-tui"
CR_FILE_ENV = "MTG_TUI_CR_FILE"
SAVES = "saves"  # the saves folder in the data directory
CARDS = "cards"  # the imported cards in the data directory, and the parsed card files in the cache
RULINGS = "rulings"  # the rulings kept from imported files, in the data directory


def move_aside(path: Path, damaged: str) -> Path:
    """Move a damaged file to the first free `<damaged>.json`, `<damaged>-2.json`, ... beside
    it (never one written over) and return where; OSError when it can't be moved."""
    aside = path.with_name(f"{damaged}.json")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{damaged}-{n}.json")
    path.replace(aside)
    return aside


def data_dir() -> Path:
    return Path(user_data_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """What can be made again, kept to save time (the parsed card files: rules.cards.parse_cache)."""
    return Path(user_cache_dir(APP, appauthor=False))


def config_path() -> Path:
    return Path(user_config_dir(APP, appauthor=False)) / "config.toml"


def written_folders() -> list[Path]:
    """Every folder the client writes files into through write_atomically."""
    data = data_dir()
    return [data, data / SAVES, data / CARDS, data / RULINGS, config_path().parent, cache_dir() / CARDS]


def remove_stale_writes() -> list[Path]:
    """At start: remove the temporary files a write killed midway left in our folders (only
    ours, told by their name; see rules.cards.safe_files.stale_temp_file for when one is
    stale).  The files removed."""
    return remove_stale_temp_files(written_folders())


def load_settings() -> tuple[dict[str, Any], str | None]:
    """The settings, and a warning when the file exists but can't be used."""
    path = config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as e:
        return {}, f"can't read the settings file {path}: {e}"
    try:
        return loads_toml(text), None
    except tomllib.TOMLDecodeError as e:
        return {}, f"the settings file {path} is not valid TOML ({e}); ignoring it"


def cr_file_choice(explicit: str | None = None) -> tuple[str | None, str, str | None]:
    """The Comprehensive Rules file to use: (path or None, where it came from, a warning).
    An explicit path wins, then $MTG_TUI_CR_FILE, then `cr_file` in the settings."""
    if explicit:
        return explicit, "--cr-file", None
    env = os.environ.get(CR_FILE_ENV, "").strip()
    if env:
        return env, f"${CR_FILE_ENV}", None
    settings, warning = load_settings()
    value = settings.get("cr_file")
    if isinstance(value, str) and value.strip():
        return value.strip(), f"cr_file in {config_path()}", warning
    if value is not None and not isinstance(value, str):
        warning = f"cr_file in {config_path()} must be a path in quotes; ignoring it"
    return None, "", warning


_REFERENCES: dict[tuple[str | None, str], tuple[Reference, str | None]] = {}


def app_reference(era: str) -> tuple[Reference, str | None]:
    """The rules reference the app shows (`rules.reference.Reference`) and a warning.  The
    configured rules file ($MTG_TUI_CR_FILE or cr_file in the settings) when it loads, else the
    project's own index in `era`'s numbering.  Parsed once per run."""
    from rules.reference.lookup import ReferenceError, open_reference

    path, where, warning = cr_file_choice(None)
    key = (path, era if path is None else "")
    if key not in _REFERENCES:
        try:
            _REFERENCES[key] = (open_reference(path, era), warning)
        except ReferenceError as e:
            _REFERENCES[key] = (open_reference(None, era), f"{e} (from {where}); showing the project's own index")
    return _REFERENCES[key]
