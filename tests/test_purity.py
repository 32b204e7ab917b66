"""The rules core never imports the terminal client (the arrow points mtg_tui -> rules), and
its own imports point one way: no cycle, play -> engine -> cards, reference alone, inside the engine
api -> loop -> combat, resolution -> changes -> continuous -> core, no private names."""

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


# ------------------------------------------------------------ the shape of rules/

# each subpackage of rules/ and what it may import (besides itself): play -> engine -> cards;
# reference stands alone; the engine reads its citation table
LAYERS: dict[str, set[str]] = {
    "reference": set(),
    "cards": {"reference"},
    "engine": {"cards", "reference"},
    "play": {"engine", "cards", "reference"},
}


def _modules() -> dict[str, Path]:
    out = {}
    for path in RULES.rglob("*.py"):
        name = ".".join(path.relative_to(RULES.parent).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _imports(modules: dict[str, Path]) -> dict[str, dict[str, int]]:
    """module -> {imported module under rules/: line}.  Every import counts, those under
    `if TYPE_CHECKING:` or inside functions too; `from . import x` depends on the package and
    on `x`."""
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        deps: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(max(node.level - 1, 0)):
                    base = base.rsplit(".", 1)[0]
                full = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
                targets = [full] + [f"{full}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for t in targets:
                if t in modules and t != name:
                    deps.setdefault(t, node.lineno)
        graph[name] = deps
    return graph


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_no_import_cycle_inside_rules() -> None:
    """Systems depend on the state, never back on the Game façade: following imports from any
    module never comes back to it."""
    modules = _modules()
    graph = _imports(modules)
    on_cycle = []
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            m = todo.pop()
            if m == start:
                on_cycle.append(start)
                break
            if m not in seen:
                seen.add(m)
                todo.extend(graph[m])
    assert not on_cycle, "modules on an import cycle: " + ", ".join(sorted(on_cycle))


def test_imports_point_one_way_between_the_subpackages() -> None:
    modules = _modules()
    assert {_layer(m) for m in modules} - {""} == set(LAYERS), "a subpackage of rules/ without a layer rule"
    wrong = []
    for module, deps in _imports(modules).items():
        here = _layer(module)
        if not here:
            continue  # the package's façade re-exports from any layer
        for dep, line in deps.items():
            there = _layer(dep)
            if there != here and there not in LAYERS[here]:
                where = modules[module].relative_to(RULES.parent)
                wrong.append(f"{where}:{line} ({here}) imports {dep} ({there or 'rules'})")
    assert not wrong, "\n".join(wrong)


# each subpackage of the engine and the engine's subpackages it may import (besides itself): the
# state's nouns first, the Game façade last; combat and resolution both stand on the changes
ENGINE_LAYERS: dict[str, set[str]] = {
    "core": set(),
    "continuous": {"core"},
    "changes": {"core", "continuous"},
    "combat": {"core", "continuous", "changes"},
    "resolution": {"core", "continuous", "changes"},
    "loop": {"core", "continuous", "changes", "combat", "resolution"},
    "api": {"core", "continuous", "changes", "combat", "resolution", "loop"},
}


def _engine_part(module: str) -> str:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "engine" else ""


def test_every_engine_module_is_in_a_subpackage() -> None:
    loose = [m for m in _modules() if m.startswith("rules.engine.") and m.count(".") == 2
             and m.split(".")[2] not in ENGINE_LAYERS]
    assert not loose, "modules directly under rules/engine/ (put each in a subpackage): " + ", ".join(sorted(loose))


def test_imports_point_one_way_between_the_engines_subpackages() -> None:
    modules = _modules()
    parts = {_engine_part(m) for m in modules} - {""}
    assert parts == set(ENGINE_LAYERS), f"engine subpackages without a layer rule: {sorted(parts - set(ENGINE_LAYERS))}"
    wrong = []
    for module, deps in _imports(modules).items():
        here = _engine_part(module)
        if not here:
            continue  # outside the engine, or the engine's own package
        for dep, line in deps.items():
            there = _engine_part(dep)
            if there and there != here and there not in ENGINE_LAYERS[here]:
                where = modules[module].relative_to(RULES.parent)
                wrong.append(f"{where}:{line} ({here}) imports {dep} ({there})")
    assert not wrong, "\n".join(wrong)


def test_no_module_uses_another_modules_private_names() -> None:
    """What systems share is public; a leading underscore means "this module only"."""
    modules = _modules()
    offenders = []
    for path in modules.values():
        tree = ast.parse(path.read_text(), filename=str(path))
        imported_modules: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        offenders.append(f"{path.relative_to(RULES.parent)}:{node.lineno} imports {alias.name}")
                    imported_modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                imported_modules.update((a.asname or a.name).split(".")[0] for a in node.names)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in imported_modules and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                offenders.append(f"{path.relative_to(RULES.parent)}:{node.lineno} uses {node.value.id}.{node.attr}")
    assert not offenders, "\n".join(offenders)
