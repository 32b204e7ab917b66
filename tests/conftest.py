"""Shared fixtures: paths, and a small helper to build positions in Python tests."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
SHARED = ROOT.parent / "shared"


@pytest.fixture
def shared_dir() -> Path:
    return SHARED
