"""Official rulings from files the player has: `mtg-tui cards import` keeps the rulings of an
MTGJSON file (by card name) or a Scryfall rulings file (by oracle id) in the user data
directory, `rulings/`, one file per imported file, beside the imported cards.  The project
ships none.  Each file also keeps the oracle ids of the cards its source named (Scryfall card
lists and MTGJSON files carry them), which is how a Scryfall ruling finds its card: the
bundled cards carry no oracle id of their own.

A card's rulings are shown grouped by the file they came from, oldest first (the order the
rulings were published in); `cards remove FILE` takes a file's rulings out with its cards."""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.cards.card_files import CardFile, Ruling, toml_string
from rules.cards.safe_files import loads_toml

from .userfiles import RULINGS, data_dir, write_atomically

SHOWN_IN_NOTICES = 10


def rulings_dir() -> Path:
    return data_dir() / RULINGS


@dataclass
class RulingsStore:
    """The rulings one imported file brought, as kept on disk."""

    source: str  # the imported file's name
    path: str  # its resolved path when imported
    shape: str
    by_name: dict[str, list[Ruling]] = field(default_factory=dict)
    by_oracle_id: dict[str, list[Ruling]] = field(default_factory=dict)
    oracle_ids: dict[str, str] = field(default_factory=dict)  # card name -> oracle id

    @property
    def count(self) -> int:
        return sum(map(len, self.by_name.values())) + sum(map(len, self.by_oracle_id.values()))


@dataclass
class RulingsNote:
    """What an import did with a file's rulings, for the import's report."""

    shape: str
    rulings: int = 0
    cards: int = 0
    unmatched: list[str] = field(default_factory=list)  # oracle ids no card in the pool has

    def lines(self) -> list[str]:
        if not self.rulings:
            return ["  no rulings in it"] if self.shape.startswith("MTGJSON") else []
        out = [f"  kept {self.rulings} rulings of {self.cards} cards (`mtg-tui cards show NAME` and the card "
               "panel show them)"]
        if self.unmatched:
            out.append(f"  {len(self.unmatched)} cards' rulings match no card of your pool by oracle id (the "
                       "bundled cards have none: import the set's MTGJSON or Scryfall card file to match them); "
                       "kept for when one does:")
            out += [f"    - {oracle_id}" for oracle_id in self.unmatched[:SHOWN_IN_NOTICES]]
            if len(self.unmatched) > SHOWN_IN_NOTICES:
                out.append(f"    ... and {len(self.unmatched) - SHOWN_IN_NOTICES} more")
        return out


# --- writing --------------------------------------------------------------------------------

def _store_file(source: Path, stores: dict[Path, RulingsStore]) -> Path:
    """The rulings file for an imported file: named after it, told apart by a digest of its path
    from another file of the same name imported from elsewhere."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", source.stem).strip("-.") or "rulings"
    here = str(source.resolve())
    for file, store in stores.items():
        if store.path == here:
            return file
    target = rulings_dir() / f"{stem}.toml"
    if target in stores:
        target = rulings_dir() / f"{stem}-{hashlib.sha256(here.encode()).hexdigest()[:8]}.toml"
    return target


def _ruling_lines(key: str, value: str, ruling: Ruling) -> list[str]:
    lines = ["", "[[rulings]]", f"{key} = {toml_string(value)}", f"date = {toml_string(ruling.date)}"]
    if ruling.source != "wotc":
        lines.append(f"source = {toml_string(ruling.source)}")
    return lines + [f"text = {toml_string(ruling.text)}"]


def _store_text(store: RulingsStore) -> str:
    lines = [f"# Rulings from {store.source} ({store.shape}), kept by `mtg-tui cards import`;",
             f"# `mtg-tui cards remove {store.source}` takes them out.",
             f"source = {toml_string(store.source)}", f"path = {toml_string(store.path)}",
             f"shape = {toml_string(store.shape)}", "", "[oracle_ids]"]
    lines += [f"{toml_string(name)} = {toml_string(oid)}" for name, oid in sorted(store.oracle_ids.items())]
    for name, rulings in sorted(store.by_name.items()):
        for r in rulings:
            lines += _ruling_lines("card", name, r)
    for oracle_id, rulings in sorted(store.by_oracle_id.items()):
        for r in rulings:
            lines += _ruling_lines("oracle_id", oracle_id, r)
    return "\n".join(lines) + "\n"


def keep_rulings(source: Path, data: CardFile) -> RulingsNote:
    """Keep what `data` (the file `source`, read) holds of rulings and oracle ids, replacing what
    the same file brought before; a file with neither leaves nothing behind."""
    stores = read_stores()
    target = _store_file(source, stores)
    store = RulingsStore(source.name, str(source.resolve()), data.shape, dict(data.rulings), {},
                         dict(data.oracle_ids))
    for oracle_id, ruling in data.oracle_rulings:
        store.by_oracle_id.setdefault(oracle_id, []).append(ruling)
    note = RulingsNote(data.shape, store.count, len(store.by_name) + len(store.by_oracle_id))
    if store.by_oracle_id:
        known = {oid for s in [*stores.values(), store] for oid in s.oracle_ids.values()}
        note.unmatched = sorted(oid for oid in store.by_oracle_id if oid not in known)
    if store.count or store.oracle_ids:
        write_atomically(target, _store_text(store))
    else:
        target.unlink(missing_ok=True)
    _forget()
    return note


def remove_rulings(what: str) -> list[str]:
    """Take out the rulings an imported file brought (its name or path); one line each."""
    names = {what, Path(what).name}
    resolved = str(Path(what).expanduser().resolve())
    out = []
    for file, store in read_stores().items():
        if names & {store.source, store.path, file.name} or store.path == resolved:
            file.unlink(missing_ok=True)
            if store.count:
                out.append(f"removed {store.count} rulings imported from {store.source}")
    _forget()
    return out


def ruling_sources() -> list[str]:
    """The names of the files whose rulings (or oracle ids) are kept."""
    return sorted({s.source for s in read_stores().values()})


# --- reading --------------------------------------------------------------------------------

def _parse_store(doc: dict[str, Any]) -> RulingsStore:
    store = RulingsStore(str(doc.get("source", "?")), str(doc.get("path", "")), str(doc.get("shape", "")))
    ids = doc.get("oracle_ids", {})
    store.oracle_ids = {str(k): str(v) for k, v in ids.items()} if isinstance(ids, dict) else {}
    for r in doc.get("rulings", []):
        if not isinstance(r, dict) or not isinstance(r.get("date"), str) or not isinstance(r.get("text"), str):
            continue
        ruling = Ruling(r["date"], r["text"], str(r.get("source", "wotc")))
        if isinstance(r.get("card"), str):
            store.by_name.setdefault(r["card"], []).append(ruling)
        elif isinstance(r.get("oracle_id"), str):
            store.by_oracle_id.setdefault(r["oracle_id"], []).append(ruling)
    return store


_cache: tuple[tuple[tuple[str, int, int], ...], dict[Path, RulingsStore]] | None = None


def _forget() -> None:
    global _cache
    _cache = None


def read_stores() -> dict[Path, RulingsStore]:
    """Every kept rulings file, read again only when one changed (the card panel asks often).
    A file that can't be read is passed over: rulings are notes, never needed to play."""
    global _cache
    files = sorted(rulings_dir().glob("*.toml")) if rulings_dir().is_dir() else []
    stamp = []
    for f in files:
        try:
            st = f.stat()
        except OSError:
            continue
        stamp.append((str(f), st.st_mtime_ns, st.st_size))
    key = tuple(stamp)
    if _cache is not None and _cache[0] == key:
        return _cache[1]
    stores: dict[Path, RulingsStore] = {}
    for name, _, _ in key:
        try:
            stores[Path(name)] = _parse_store(loads_toml(Path(name).read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError):
            continue
    _cache = (key, stores)
    return stores


def rulings_of(name: str) -> list[tuple[str, list[Ruling]]]:
    """A card's rulings, by the file they came from (its name), each oldest first: by the
    card's name, or by an oracle id some imported file gave the card."""
    stores = read_stores()
    ids = {s.oracle_ids[name] for s in stores.values() if name in s.oracle_ids}
    out = []
    for store in sorted(stores.values(), key=lambda s: s.source):
        found = list(store.by_name.get(name, []))
        for oracle_id in sorted(ids):
            found += store.by_oracle_id.get(oracle_id, [])
        if found:
            out.append((store.source, sorted(set(found), key=lambda r: (r.date, found.index(r)))))
    return out


def ruling_line(ruling: Ruling) -> str:
    """One ruling as shown: its date, who published it when not Wizards, its text."""
    who = "" if ruling.source == "wotc" else f" ({ruling.source})"
    return f"{ruling.date}{who}  {ruling.text}"


def heading(source: str) -> str:
    return f"Rulings (from {source})"


def rulings_lines(name: str) -> list[str]:
    """A card's rulings for `mtg-tui cards show`: a heading per file, then each ruling."""
    out: list[str] = []
    for source, rulings in rulings_of(name):
        out += ["", f"{heading(source)}, oldest first:"]
        out += [f"  {ruling_line(r)}" for r in rulings]
    return out


def cards_rulings(names: list[str]) -> list[tuple[str, list[tuple[str, Ruling]]]]:
    """The rulings of several cards (a puzzle's), by the file they came from: (card, ruling)
    pairs, card by card in the order given, each card's oldest first."""
    by_source: dict[str, list[tuple[str, Ruling]]] = {}
    for name in dict.fromkeys(names):
        for source, rulings in rulings_of(name):
            by_source.setdefault(source, []).extend((name, r) for r in rulings)
    return sorted(by_source.items())
