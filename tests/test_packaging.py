"""Every package of the source tree ships: a subpackage missing from pyproject's list works in
a checkout and is absent from an installed mtg-tui (.ci/run installs it non-editable)."""

from __future__ import annotations

import tomllib

from paths import ROOT


def test_every_package_directory_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("rules", "mtg_tui")
             for p in (ROOT / top).rglob("__init__.py")}
    assert found - listed == set()
