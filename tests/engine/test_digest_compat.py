"""Saves written by an earlier version still verify: the state digest reads the fields the
engine's dataclasses had when saves began to carry digests, in the same order; a field added
since is left out while it has its default value (rules.engine.api.digest.LATER_FIELDS), so it
changes no digest of a game that doesn't use it.  A save's stored digests would otherwise all
differ from the first action on, and the load would offer nothing of the game."""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
from pathlib import Path

import rules.engine
from rules.engine.api.digest import LATER_FIELDS, NOT_STATE

RECORDED = Path(__file__).with_name("digest_fields_67fe12e.json")


def flat_name(qualified: str) -> str:
    """`rules.engine.core.objects.Obj` and the recorded `rules.engine.objects.Obj` (from before the
    engine's subpackages) both as `objects.Obj`: a module keeps its name when it moves folder."""
    return ".".join(qualified.split(".")[-2:])


def engine_dataclasses() -> dict[str, type]:
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(rules.engine.__path__, "rules.engine."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__:
                found[flat_name(f"{module.__name__}.{name}")] = obj
    return found


def test_every_recorded_class_is_found() -> None:
    """The recorded classes all still exist (under their module's name), so the check below reads
    each of them rather than skipping one it can't find."""
    recorded = json.loads(RECORDED.read_text())["classes"]
    assert {flat_name(q) for q in recorded} <= set(engine_dataclasses())


def test_the_digest_reads_the_recorded_fields_in_their_order() -> None:
    recorded: dict[str, list[str]] = json.loads(RECORDED.read_text())["classes"]
    now = engine_dataclasses()
    problems = []
    for qualified, fields in recorded.items():
        cls = now.get(flat_name(qualified))
        if cls is None:
            continue  # a class gone: no state holds it any more
        later = LATER_FIELDS.get(cls.__name__, frozenset())
        current = [f.name for f in dataclasses.fields(cls) if f.name not in later and f.name not in NOT_STATE]
        fields = [f for f in fields if f not in NOT_STATE]
        added = [f for f in current if f not in fields]
        if added:
            problems.append(f"{qualified}: {added} added; name them in LATER_FIELDS (with a default)")
        elif current != fields:
            problems.append(f"{qualified}: fields removed or reordered: {fields} -> {current}")
    assert not problems, "\n".join(problems)


def test_every_later_field_has_a_default() -> None:
    now = {cls.__name__: cls for cls in engine_dataclasses().values()}
    for name, later in LATER_FIELDS.items():
        fields = {f.name: f for f in dataclasses.fields(now[name])}
        for field_name in later:
            f = fields[field_name]
            assert f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING, field_name
