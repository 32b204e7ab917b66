"""Shared fixtures: paths, and a small helper to build positions in Python tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from paths import SHARED


@pytest.fixture
def shared_dir() -> Path:
    return SHARED


@pytest.fixture(autouse=True)
def user_files(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data and config folders: the client autosaves, and no test
    may read or write the real user's files."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    return home


@pytest.fixture(autouse=True)
def bundled_cards_only() -> Iterator[None]:
    """A test that imported cards (or ran a command, which adds the user's imported cards)
    leaves the card pool as the project bundles it."""
    yield
    from rules.cards import card_dirs, remove_card_dir
    from rules.cards.parse_cache import use_cache_dir

    use_cache_dir(None)  # a command named this test's cache directory

    for directory in card_dirs():
        remove_card_dir(directory)
