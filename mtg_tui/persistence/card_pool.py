"""The player's own cards: Scryfall and MTGJSON card files imported into the user data
directory (`mtg-tui cards import FILE`), one card data file per imported file plus an index
of which file added which sets.  Every command and the app add the directory to the card
pool at start (`register_user_cards`); a bundled card keeps its bundled definition."""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.cards import (
    CardDataError,
    add_card_dir,
    bundled_names,
    card_dirs,
    card_sources,
    pool_changed,
    remove_card_dir,
)
from rules.cards.card_files import CardFile, CardFileError, compiled, read_card_file, toml_lines, toml_string
from rules.cards.safe_files import loads_toml

from .rulings import RulingsNote, keep_rulings, remove_rulings, ruling_sources
from .userfiles import CARDS, data_dir, write_atomically

INDEX = "index.toml"


class PoolError(Exception):
    """One line for the player: the pool was left as it was."""


def pool_dir() -> Path:
    return data_dir() / CARDS


def register_user_cards() -> str | None:
    """Add the user's card directory to the card pool (and take out one registered before for
    another data directory: tests give each test its own).  A warning when it can't be read."""
    global _registered
    wanted = pool_dir()
    if _registered is not None and _registered != wanted:
        remove_card_dir(_registered)
        _registered = None
    if not (wanted / INDEX).is_file():
        if wanted in card_dirs():
            remove_card_dir(wanted)
        return None
    add_card_dir(wanted)
    _registered = wanted
    try:
        card_sources()
    except CardDataError as e:
        remove_card_dir(wanted)
        _registered = None
        return f"your imported cards can't be read ({e}); playing without them"
    return None


_registered: Path | None = None


def read_index(directory: Path | None = None) -> list[dict[str, Any]]:
    path = (directory or pool_dir()) / INDEX
    try:
        doc = loads_toml(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise PoolError(f"the index of your imported cards {path} can't be read: {e}") from None
    return [s for s in doc.get("sources", []) if isinstance(s, dict) and "file" in s]


def _write_index(sources: list[dict[str, Any]]) -> None:
    lines = ["# Which imported file added which cards (`mtg-tui cards import` / `mtg-tui cards remove`)."]
    for s in sorted(sources, key=lambda s: s["file"]):
        lines += ["", "[[sources]]"]
        lines += [f"{k} = {toml_value}" for k, toml_value in
                  (("source", toml_string(s["source"])), ("path", toml_string(s["path"])),
                   ("file", toml_string(s["file"])), ("shape", toml_string(s["shape"])),
                   ("cards", str(s["cards"])), ("sets", "[" + ", ".join(toml_string(x) for x in s["sets"]) + "]"))]
    write_atomically(pool_dir() / INDEX, "\n".join(lines) + "\n")


def _pool_file_name(source: Path, sources: list[dict[str, Any]]) -> str:
    """The pool file for an imported file: named after it, and told apart by a short digest of
    its path when another file of the same name, elsewhere, was imported before (so importing
    one never replaces the other's cards)."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", source.stem).strip("-.") or "cards"
    name = ("index-cards" if stem == "index" else stem) + ".toml"
    here = str(source.resolve())
    if any(s["file"] == name and s.get("path") != here for s in sources):
        name = f"{name[:-5]}-{hashlib.sha256(here.encode()).hexdigest()[:8]}.toml"
    return name


def _cards_text(source: str, shape: str, entries: list[dict[str, Any]]) -> str:
    lines = [f"# Cards imported from {source} ({shape}) by `mtg-tui cards import`, in the format of the",
             "# bundled card data (rules/cards/data/*.toml); cards the project bundles are not repeated here."]
    for entry in entries:
        lines.append("")
        lines += toml_lines(entry)
    return "\n".join(lines) + "\n"


def _sets_of(entries: list[dict[str, Any]]) -> list[str]:
    return sorted({(e.get("sets") or ["?"])[0] for e in entries})


@dataclass
class ImportResult:
    source: str
    file: Path
    shape: str
    read: int = 0
    new: int = 0
    kept: int = 0
    supported: int = 0
    partial: int = 0
    bundled: int = 0
    elsewhere: dict[str, int] = field(default_factory=dict)  # pool file -> cards it had already
    left_out: list[tuple[str, str]] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    rulings: RulingsNote | None = None

    def lines(self) -> list[str]:
        if self.rulings is not None and not self.read:  # a Scryfall rulings file: no cards
            return [f"{self.source} ({self.shape}): {self.rulings.rulings} rulings", *self.rulings.lines()]
        out = [f"{self.source} ({self.shape}): {self.read} card objects, {self.kept} cards in your pool "
               f"({self.new} new): {self.supported} fully supported, {self.partial} partial"]
        if self.sets:
            out.append(f"  sets: {', '.join(self.sets)}")
        if self.bundled:
            out.append(f"  skipped {self.bundled} the project bundles (the bundled definition is kept)")
        for file, n in sorted(self.elsewhere.items()):
            out.append(f"  skipped {n} already imported by {file}")
        if self.left_out:
            out.append(f"  left out {len(self.left_out)} the engine can't use:")
            out += [f"    - {name}: {why}" for name, why in self.left_out[:10]]
            if len(self.left_out) > 10:
                out.append(f"    ... and {len(self.left_out) - 10} more")
        if self.kept:
            out.append(f"  in {self.file}")
        return out + (self.rulings.lines() if self.rulings is not None else [])


def import_file(path: str | Path, progress: Callable[[int], None] | None = None) -> ImportResult:
    """Read a Scryfall or MTGJSON card file and add its cards to the user's pool, and keep its
    rulings (persistence.rulings).  Nothing is written unless the whole file reads; the same
    file imported again writes the same bytes.  A Scryfall rulings file adds rulings only."""
    source = Path(path)
    try:
        data = read_card_file(source, progress)
    except CardFileError as e:
        raise PoolError(f"{source}: {e}") from None
    if not data.read:  # rulings and no cards: the pool stays as it is
        return ImportResult(source.name, source, data.shape, rulings=keep_rulings(source, data))
    result = _import_cards(source, data)
    result.rulings = keep_rulings(source, data)
    return result


def _import_cards(source: Path, data: CardFile) -> ImportResult:
    """Add the cards of a file read to the pool (a card the project bundles keeps its bundled
    definition; one another file added keeps that file's)."""
    sources = read_index()
    register_user_cards()
    target = pool_dir() / _pool_file_name(source, sources)
    result = ImportResult(source.name, target, data.shape, read=data.read)
    bundled = bundled_names()
    where = {n: Path(s) for n, s in card_sources().items() if s is not None}
    kept: list[dict[str, Any]] = []
    for name in sorted(data.entries):
        entry = data.entries[name]
        if name in bundled:
            result.bundled += 1
            continue
        if name in where and where[name] != target:
            result.elsewhere[where[name].name] = result.elsewhere.get(where[name].name, 0) + 1
            continue
        card, why = compiled(entry)
        if card is None:
            result.left_out.append((name, why))
            continue
        kept.append(entry)
        result.supported += card.supported
        result.partial += not card.supported
        result.new += name not in where
    result.left_out += data.left_out
    result.kept = len(kept)
    result.sets = _sets_of(kept)
    others = [s for s in sources if s["file"] != target.name]
    if kept:
        write_atomically(target, _cards_text(source.name, data.shape, kept))
        others.append({"source": source.name, "path": str(source.resolve()), "file": target.name,
                       "shape": data.shape, "cards": len(kept), "sets": result.sets})
    else:
        target.unlink(missing_ok=True)
    _write_index(others)
    pool_changed()
    register_user_cards()
    return result


def remove(what: str) -> list[str]:
    """Take out what an imported file (its name, path or pool file) or a set added; one line
    each for what was removed.  PoolError when nothing matches."""
    sources = read_index()
    ruled = ruling_sources()
    rulings_out = remove_rulings(what)
    d = pool_dir()
    names = {what, Path(what).name}
    matched = [s for s in sources if names & {s["source"], s["file"], s["path"]}
               or str(Path(what).expanduser().resolve()) == s["path"]]
    out: list[str] = []
    if matched:
        for s in matched:
            (d / s["file"]).unlink(missing_ok=True)
            out.append(f"removed {s['cards']} cards imported from {s['source']}")
        _write_index([s for s in sources if s not in matched])
    elif rulings_out or names & set(ruled):
        return rulings_out or [f"removed the oracle ids kept from {what} (it added no cards and no rulings)"]
    else:
        code = what.upper()
        kept_sources = []
        for s in sources:
            path = d / s["file"]
            try:
                doc = loads_toml(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
                raise PoolError(f"{path} can't be read: {e}") from None
            cards = doc.get("cards", [])
            left = [c for c in cards if code not in c.get("sets", [])]
            if len(left) == len(cards):
                kept_sources.append(s)
                continue
            out.append(f"removed {len(cards) - len(left)} cards of set {code} imported from {s['source']}")
            if left:
                write_atomically(path, _cards_text(s["source"], s["shape"], left))
                kept_sources.append({**s, "cards": len(left), "sets": _sets_of(left)})
            else:
                path.unlink(missing_ok=True)
        if not out:
            known = ", ".join(sorted({s["source"] for s in sources} | set(ruled))) or "none"
            sets = ", ".join(sorted({x for s in sources for x in s["sets"]})) or "none"
            raise PoolError(f"nothing to remove: {what!r} is neither an imported file ({known}) "
                            f"nor a set of imported cards ({sets})")
        _write_index(kept_sources)
    pool_changed()
    register_user_cards()
    return out + rulings_out


def imported_lines(report: dict[str, Any], set_code: str | None = None) -> list[str]:
    """The imported cards under their sets: where they came from, counts per set, each card,
    and the sentences of the partial ones the engine does not enforce."""
    out = [f"imported cards (in {pool_dir()}):"]
    for s in read_index():
        if set_code is None or set_code.upper() in s["sets"]:
            out.append(f"  {s['source']} ({s['shape']}): {s['cards']} cards, sets {', '.join(s['sets'])}")
    for code, counts in report["sets"].items():
        out.append(f"{code}: {counts['total']} cards, {counts['supported']} fully supported, "
                   f"{counts['partial']} partial")
        out += [f"  {c['name']}" + (" (partial)" if c["status"] == "partial" else "")
                for c in report["cards"] if code in c["sets"] or c["set"] == code]
    partial = [c for c in report["cards"] if c["status"] == "partial"]
    if partial:
        out += ["", "partial imported cards (sentences the engine does not enforce):"]
        for c in partial:
            out.append(f"  {c['name']} ({c['set']})")
            out += [f"    - {line}" for line in c["unsupported"]]
    return out
