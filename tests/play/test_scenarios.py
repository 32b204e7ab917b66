"""Every scenario file under tests/scenarios runs and passes (the scenario format is the
project's contract for rules behaviour; each file cites the rules it is about)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules.play.scenario import run_scenario

from paths import SCENARIOS as SCENARIOS_DIR

SCENARIOS = sorted(SCENARIOS_DIR.glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, result.message


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_cites_its_rules(path: Path) -> None:
    doc = tomllib.loads(path.read_text())
    assert doc.get("about"), f"{path.name} must say which rules it is about (about = [...])"


def test_there_are_enough_scenarios() -> None:
    assert len(SCENARIOS) >= 40
