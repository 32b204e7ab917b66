"""The seed documents (shared/seeds) for tests that read them; a test skips when absent."""

from __future__ import annotations

import pytest

from rules.reference.crtext import RulesText, load_rules_file

from paths import SEEDS

SEEDS = SEEDS


def seed(prefix: str) -> RulesText:
    """The parsed seed whose file name starts with `prefix` ("003")."""
    found = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if not found:
        pytest.skip("seed documents not present")
    return load_rules_file(found[0])
