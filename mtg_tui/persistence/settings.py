"""What the client remembers between runs (today: the theme), in `settings.json` in the
user's config directory (on Linux $XDG_CONFIG_HOME/mtg-tui/settings.json), beside the
player-edited config.toml, which the client never writes.  Written atomically; a damaged
file is reported as a warning and ignored, never a crash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .userfiles import config_path, read_json, write_atomically

FORMAT = "mtg-tui settings 1"


def settings_path() -> Path:
    return config_path().parent / "settings.json"


def load() -> tuple[dict[str, Any], str | None]:
    """The remembered settings, and a warning when the file exists but can't be used."""
    path = settings_path()
    try:
        data = read_json(path)
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError) as e:  # JsonError and UnicodeDecodeError are ValueErrors
        return {}, f"can't read the settings file {path} ({e}); using the defaults"
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}, f"the settings file {path} is not mtg-tui's ({FORMAT!r} expected); using the defaults"
    return data, None


def theme() -> tuple[str | None, str | None]:
    """The remembered theme's name (None: Textual's default) and a warning."""
    data, warning = load()
    name = data.get("theme")
    if name is not None and not isinstance(name, str):
        return None, f"the theme in {settings_path()} must be a name in quotes; using the default"
    return name, warning


def remember(**values: Any) -> str | None:
    """Save `values` over the remembered settings; a warning when the file can't be written."""
    data, _ = load()
    data.update(values, format=FORMAT)
    try:
        write_atomically(settings_path(), json.dumps(data, indent=2, sort_keys=True) + "\n")
    except OSError as e:
        return f"can't save the settings to {settings_path()}: {e}"
    return None
