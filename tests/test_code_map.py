"""The README's code map (its "## Layout" section) names every module of rules/ and mtg_tui/, each
in the entry of its own folder (or the nearest folder above it that has an entry): a module added
without a word in the map, or moved without moving its word, fails here."""

from __future__ import annotations

import re

from paths import ROOT

TOPS = ("rules", "mtg_tui")
ENTRY = re.compile(r"^( *)([\w.]+/)(?:\s|$)")


def layout_block() -> list[str]:
    """The lines of the code block in the README's "## Layout" section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1].splitlines()


def code_map() -> dict[str, str]:
    """Folder path ("rules/engine/core/") -> the text of its entry; an entry is the line naming the
    folder and the lines after it up to the next folder, its parents read from the indentation."""
    entries: dict[str, str] = {}
    parents: list[tuple[int, str]] = []
    current = ""
    for line in layout_block():
        m = ENTRY.match(line)
        if m:
            indent = len(m.group(1))
            parents = [(i, p) for i, p in parents if i < indent]
            current = (parents[-1][1] if parents else "") + m.group(2)
            parents.append((indent, current))
            line = line[m.end():]
        if current:
            entries[current] = entries.get(current, "") + " " + line
    return entries


def entry_for(folder: str, entries: dict[str, str]) -> str:
    """The entry of the folder, or of the nearest folder above it with one."""
    while folder and folder not in entries:
        folder = folder.rstrip("/").rpartition("/")[0] + "/" if "/" in folder.rstrip("/") else ""
    return folder


def test_every_module_is_named_in_its_folders_entry() -> None:
    entries = code_map()
    missing = []
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            if path.name == "__init__.py":
                continue
            rel = path.relative_to(ROOT)
            folder = entry_for("/".join(rel.parts[:-1]) + "/", entries)
            if not folder or not re.search(rf"(?<![\w/.]){re.escape(path.stem)}(?![\w/])", entries[folder]):
                missing.append(f"{rel} (not named in the entry of {folder or 'any folder'})")
    assert not missing, "modules missing from the README's code map:\n" + "\n".join(missing)


def test_the_map_reads_the_folders_of_the_tree() -> None:
    """The parser finds the entries the map has, so the test above checks something."""
    entries = code_map()
    assert {"rules/", "rules/engine/", "rules/cards/", "rules/play/", "mtg_tui/"} <= set(entries)
    assert entry_for("rules/engine/core/", {"rules/": "", "rules/engine/": ""}) == "rules/engine/"
