"""Shared fixtures: paths, and a small helper to build positions in Python tests."""

from __future__ import annotations

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
    return home
