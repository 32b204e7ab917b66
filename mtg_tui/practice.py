"""Rules practice outside the screen: the bundled puzzles and the progress file.

Progress is a small JSON file in the user's data directory (`practice.json`); a damaged one
is reported, moved aside (`practice.json.damaged`) and replaced, never a crash.
"""

from __future__ import annotations

import difflib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.play.forge_puzzle import is_forge_puzzle, load_forge_puzzle
from rules.play.puzzle import NO_TOPIC, TOPICS, Puzzle, PuzzleError, load_puzzle

from .persistence.userfiles import JsonError, data_dir, read_json, write_atomically

FORMAT = "mtg-tui practice progress 1"


def puzzles_dir() -> Path:
    """Installed, the puzzles are package data in mtg_tui/puzzles; in a checkout, ./puzzles."""
    here = Path(__file__).resolve().parent
    installed = here / "puzzles"
    return installed if installed.is_dir() else here.parent / "puzzles"


def puzzle_cards(puzzle: Puzzle) -> list[str]:
    """The names of the cards a puzzle's position holds, each once, player by player and zone
    by zone (tokens are no cards with rulings)."""
    names: list[str] = []
    for p in puzzle.scenario.setup.players:
        names += [*p.hand, *(c.card for c in p.battlefield if not c.token), *p.library, *p.graveyard,
                  *p.exile]
    return list(dict.fromkeys(names))


def bundled_paths() -> list[Path]:
    return sorted(puzzles_dir().glob("*.toml"))


def bundled_puzzles() -> list[Puzzle]:
    """Every bundled puzzle, in order (a broken one raises PuzzleError: tests keep them sound)."""
    return [load_puzzle(p) for p in bundled_paths()]


def find_puzzle(ref: str) -> Puzzle:
    """A puzzle by file path (a Forge `.pzl` file too), by its number in the list (1-based), by its
    file name, or by its shown title ("Mana burn (2009)", any case).  Unknown: PuzzleError naming
    the closest titles."""
    path = Path(ref).expanduser()
    if is_forge_puzzle(path):  # a Forge puzzle file (rules/play/forge_puzzle.py)
        return load_forge_puzzle(path)
    if path.is_file() or path.suffix == ".toml" or "/" in ref:
        return load_puzzle(path)
    paths = bundled_paths()
    if ref.isdigit() and 1 <= int(ref) <= len(paths):
        return load_puzzle(paths[int(ref) - 1])
    for p in paths:
        if ref in (p.stem, p.stem.split("_", 1)[-1]):
            return load_puzzle(p)
    titles = bundled_titles()
    wanted = " ".join(ref.split()).casefold()
    for title, p in titles.items():
        if title.casefold() == wanted:
            return load_puzzle(p)
    close = close_titles(ref, list(titles))
    said = f"; did you mean {', '.join(repr(t) for t in close)}?" if close else ""
    raise PuzzleError(f"no puzzle {ref!r}: give a puzzle file, or a number, name or title from "
                      f"`mtg-tui practice`{said}")


def bundled_titles() -> dict[str, Path]:
    """The bundled puzzles by their shown title (a puzzle that doesn't load is left out)."""
    out: dict[str, Path] = {}
    for p in bundled_paths():
        try:
            out[load_puzzle(p).title] = p
        except PuzzleError:
            continue
    return out


def close_titles(ref: str, titles: list[str], n: int = 3) -> list[str]:
    """The titles closest to what was typed: those containing it, then those spelled nearly so."""
    wanted = ref.casefold().strip()
    out = [t for t in titles if wanted and wanted in t.casefold()]
    folded = {t.casefold(): t for t in titles}
    out += [folded[t] for t in difflib.get_close_matches(wanted, list(folded), n=n, cutoff=0.6)
            if folded[t] not in out]
    return out[:n]


def next_puzzle(puzzle: Puzzle) -> Puzzle | None:
    """The bundled puzzle after `puzzle` (None after the last, or for another file)."""
    paths = [p.resolve() for p in bundled_paths()]
    if puzzle.path is None or puzzle.path.resolve() not in paths:
        return None
    for path in paths[paths.index(puzzle.path.resolve()) + 1:]:
        try:
            return load_puzzle(path)
        except PuzzleError:
            continue
    return None


@dataclass
class TopicGroup:
    """The puzzles of one topic, each with its number in the list (its place among the bundled
    files: what `mtg-tui practice N` opens), for the list's per-topic progress."""

    topic: str
    puzzles: list[tuple[int, Puzzle]]

    def solved(self, progress: Progress) -> int:
        return sum(progress.solved(p.key) for _, p in self.puzzles)

    def progress_line(self, progress: Progress) -> str:
        """"combat: 3 of 7 solved"."""
        return f"{self.topic}: {self.solved(progress)} of {len(self.puzzles)} solved"


def by_topic(numbered: list[tuple[int, Puzzle]]) -> list[TopicGroup]:
    """The puzzles grouped under their topic, topics in TOPICS order (a puzzle without one under
    "other", last), each group in list order; topics without a puzzle are left out."""
    order = [*TOPICS, NO_TOPIC]
    groups = {t: TopicGroup(t, []) for t in order}
    for number, puzzle in numbered:
        groups[puzzle.topic if puzzle.topic in groups else NO_TOPIC].puzzles.append((number, puzzle))
    return [g for g in groups.values() if g.puzzles]


@dataclass
class Progress:
    """Which puzzles were solved, attempts and hints taken; keyed by the puzzle file's name."""

    path: Path
    puzzles: dict[str, dict[str, Any]] = field(default_factory=dict)
    warning: str | None = None  # a damaged file that was set aside, or a save that failed

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        path = path or data_dir() / "practice.json"
        try:
            doc = read_json(path)
        except FileNotFoundError:
            return cls(path)
        except (OSError, UnicodeDecodeError) as e:
            return cls(path, warning=_set_aside(path, f"can't read it ({e})"))
        except JsonError as e:
            return cls(path, warning=_set_aside(path, str(e)))
        try:
            if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("puzzles"), dict):
                raise ValueError("not a practice progress file")
            puzzles = {str(k): dict(v) for k, v in doc["puzzles"].items() if isinstance(v, dict)}
        except (ValueError, TypeError) as e:
            return cls(path, warning=_set_aside(path, str(e)))
        return cls(path, puzzles)

    def entry(self, key: str) -> dict[str, Any]:
        return self.puzzles.setdefault(key, {"solved": False, "attempts": 0, "hints": 0})

    def solved(self, key: str) -> bool:
        return bool(self.puzzles.get(key, {}).get("solved"))

    def record(self, key: str, solved: bool, hints: int = 0) -> None:
        """One finished attempt; solving is remembered for good."""
        e = self.entry(key)
        e["attempts"] = int(e.get("attempts", 0)) + 1
        e["hints"] = max(int(e.get("hints", 0)), hints)
        if solved:
            e["solved"] = True
            e["solved_at"] = time.strftime("%Y-%m-%d")
        self.save()

    def save(self) -> None:
        try:
            write_atomically(self.path, json.dumps({"format": FORMAT, "puzzles": self.puzzles}, indent=1) + "\n")
        except OSError as e:
            self.warning = f"can't save practice progress to {self.path}: {e.strerror or e}"


def _set_aside(path: Path, why: str) -> str:
    """Move a damaged progress file out of the way; returns the message for the user."""
    aside = path.with_name(path.name + ".damaged")
    try:
        path.replace(aside)
        return (f"the practice progress file {path} was damaged ({why}); it was moved to {aside} "
                "and progress starts afresh")
    except OSError:
        return f"the practice progress file {path} is damaged ({why}); progress starts afresh"
