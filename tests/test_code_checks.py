"""The linters' settings that issue 27 put in place stay in place: ruff's complexity rule (C901)
on with a ceiling no function is excused from, and mypy checking the rules core and the client
under every flag `mypy --strict` turns on per module.  .ci/run runs both linters; these tests keep
a later edit of pyproject.toml from quietly loosening what they check."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from paths import ROOT

CEILING = 12  # lower it as functions are split, never raise it
# what `mypy --strict` turns on that can be set per module (warn_redundant_casts and
# warn_unused_ignores are global: checked below)
STRICT_PER_MODULE = ("disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
                     "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
                     "disallow_untyped_decorators", "warn_return_any", "strict_equality", "extra_checks")


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_complexity_is_checked_under_the_ceiling() -> None:
    lint = _pyproject()["tool"]["ruff"]["lint"]
    assert "C901" in lint["select"]
    assert lint["mccabe"]["max-complexity"] <= CEILING


def test_no_function_is_excused_from_the_ceiling() -> None:
    excused = [f"{path.relative_to(ROOT)}:{n}" for top in ("rules", "mtg_tui", "tests")
               for path in sorted((ROOT / top).rglob("*.py"))
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if re.search(r"noqa:[^#\n]*C901", line)]
    assert excused == []


def test_mypy_checks_the_core_and_the_client_strictly() -> None:
    mypy = _pyproject()["tool"]["mypy"]
    assert {"rules", "mtg_tui"} <= set(mypy["files"])
    assert mypy["warn_redundant_casts"] and mypy["warn_unused_ignores"]
    for package in ("rules.*", "mtg_tui.*"):
        strict = next(o for o in mypy["overrides"] if package in o["module"])
        assert {flag: strict.get(flag) for flag in STRICT_PER_MODULE} == dict.fromkeys(STRICT_PER_MODULE, True)
        assert strict.get("implicit_reexport") is False
