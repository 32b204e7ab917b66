"""The rules core never imports the terminal client (the arrow points mtg_tui -> rules)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "rules"
FORBIDDEN = ("textual", "mtg_tui", "rich", "click")


def test_no_module_under_rules_imports_the_ui() -> None:
    offenders = []
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.relative_to(RULES.parent)}:{node.lineno} imports {name}")
    assert not offenders, "\n".join(offenders)


def test_importing_the_core_loads_no_ui_module() -> None:
    code = ("import sys, rules, rules.play.scenario, rules.play.simulate, rules.reference; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'mtg_tui')]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=RULES.parent)
    assert out.stdout.strip() == ""
