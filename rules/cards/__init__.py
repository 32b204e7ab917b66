"""The card database: card data files (TOML, one table per card) compiled from Oracle text.

Cards are compiled the first time they are asked for, so start-up stays fast however
large the pool grows."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .compiler import compile_abilities
from .mana import ManaError, parse_cost
from .model import CardDef, TypeLine
from .parse_cache import load_toml

# a card data entry, or a whole card data file, as TOML parses it
RawCard = dict[str, Any]
DataDoc = dict[str, Any]


class UnknownCard(KeyError):
    """A card name the database doesn't have."""

    def __init__(self, name: str, suggestions: Iterable[str] = ()):
        self.name = name
        self.suggestions = list(suggestions)
        hint = f" (did you mean {', '.join(self.suggestions)}?)" if self.suggestions else ""
        super().__init__(f"unknown card {name!r}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])


class CardDataError(ValueError):
    """A malformed card data file."""


def data_files() -> list[tuple[str, DataDoc]]:
    """(file name, parsed document) of every card data file, in name order."""
    out = []
    data = resources.files("rules.cards") / "data"
    for entry in sorted(data.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".toml"):
            continue
        try:
            out.append((entry.name, load_toml(entry.name, entry.read_text(encoding="utf-8"))))
        except tomllib.TOMLDecodeError as e:
            raise CardDataError(f"{entry.name}: {e}") from e
    return out


_DIRS: list[Path] = []  # more card data directories (a player's imported cards), after the bundled data
_LISTENERS: list[Callable[[], None]] = []


def dir_files(directory: Path) -> list[tuple[Path, DataDoc]]:
    """(path, parsed document) of every card data file (*.toml) in `directory`, in name order;
    a file without [[cards]] tables (an index) adds no cards."""
    out = []
    for path in sorted(Path(directory).glob("*.toml")):
        try:
            out.append((path, load_toml(str(path), path.read_text(encoding="utf-8"))))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
            raise CardDataError(f"{path}: {e}") from e
    return out


def add_card_dir(path: str | Path) -> None:
    """Add a directory of card data files to the pool (after the bundled files: a bundled card
    keeps its bundled definition).  The card caches start again."""
    p = Path(path)
    if p not in _DIRS:
        _DIRS.append(p)
        pool_changed()


def remove_card_dir(path: str | Path) -> None:
    p = Path(path)
    if p in _DIRS:
        _DIRS.remove(p)
        pool_changed()


def card_dirs() -> tuple[Path, ...]:
    return tuple(_DIRS)


def on_pool_change(listener: Callable[[], None]) -> None:
    """Call `listener` whenever the card pool changes (modules that cache card names)."""
    _LISTENERS.append(listener)


def pool_changed() -> None:
    """Forget every cached card: a card directory was added or removed, or its files changed."""
    _raw_cards.cache_clear()
    creature_types.cache_clear()
    _CACHE.clear()
    for listener in _LISTENERS:
        listener()


def _entry(where: str, raw: RawCard, doc: DataDoc, source: str | None) -> RawCard:
    if "name" not in raw or "type" not in raw:
        raise CardDataError(f"{where}: every card needs a name and a type: {raw}")
    return {**raw, "_set": doc.get("set") or (raw.get("sets") or [""])[0], "_source": source}


@lru_cache(maxsize=1)
def _raw_cards() -> dict[str, RawCard]:
    out: dict[str, RawCard] = {}
    for file_name, doc in data_files():
        for raw in doc.get("cards", []):
            out[raw["name"]] = _entry(file_name, raw, doc, None)
    for directory in _DIRS:
        for path, doc in dir_files(directory):
            for raw in doc.get("cards", []):
                entry = _entry(str(path), raw, doc, str(path))
                out.setdefault(entry["name"], entry)  # a bundled (or earlier) card keeps its definition
    return out


def bundled_names() -> frozenset[str]:
    """The names of the cards the project itself defines."""
    return frozenset(n for n, raw in _raw_cards().items() if raw["_source"] is None)


def card_sources() -> dict[str, str | None]:
    """Every card's name and the added card data file it comes from (None: bundled)."""
    return {n: raw["_source"] for n, raw in _raw_cards().items()}


def card_source(name: str) -> str | None:
    """The card data file an added card comes from (None: a bundled card)."""
    source: str | None = _raw_cards()[get_card(name).name]["_source"]
    return source


def card_names() -> list[str]:
    return sorted(_raw_cards())


_TOKEN_TYPES = re.compile(r"\d+/\d+ (?:[a-z]+ )*((?:[A-Z][a-z]+ )+)(?:artifact )?creature token"
                          r"|becomes an? (?:\d+/\d+ )?(?:[a-z]+ )*((?:[A-Z][a-z]+ ?)+)")


@lru_cache(maxsize=1)
def creature_types() -> tuple[str, ...]:
    """The creature types of the card database's creature and tribal cards and of the tokens
    their text names or makes things (2014 205.3m / 2009 212.3): what "choose a creature type" offers."""
    found: set[str] = set()
    for raw in _raw_cards().values():
        types, _, subtypes = raw["type"].partition("—")
        if "Creature" in types or "Tribal" in types:
            found.update(subtypes.split())
        for m in _TOKEN_TYPES.finditer(raw.get("text", "")):
            found.update((m.group(1) or m.group(2)).split())
    return tuple(sorted(found))


def card_set(name: str) -> str:
    """The set a card is filed under: its data file's set, else the first set it lists."""
    set_code: str = _raw_cards()[get_card(name).name]["_set"]
    return set_code


_CACHE: dict[str, CardDef] = {}


def get_card(name: str) -> CardDef:
    """The compiled card called `name` (exact; case-insensitive as a fallback)."""
    card = _CACHE.get(name)
    if card is not None:
        return card
    raws = _raw_cards()
    raw = raws.get(name)
    if raw is None:
        lower = {n.lower(): n for n in raws}
        if name.lower() in lower:
            return get_card(lower[name.lower()])
        raise UnknownCard(name, difflib.get_close_matches(name, list(raws), n=3, cutoff=0.6))
    card = compile_card(raw)
    _CACHE[card.name] = card
    return card


@contextmanager
def with_cards(raws: Iterable[RawCard]) -> Iterator[list[CardDef]]:
    """Cards that exist only inside the `with` block, as card data entries (tests use cards
    the pool lacks: "Target creature becomes 0/1 until end of turn")."""
    cards = [compile_card(raw) for raw in raws]
    clash = [c.name for c in cards if c.name in _raw_cards() or c.name in _CACHE]
    if clash:
        raise CardDataError(f"already in the card pool: {', '.join(clash)}")
    _CACHE.update({c.name: c for c in cards})
    try:
        yield cards
    finally:
        for c in cards:
            _CACHE.pop(c.name, None)


def compile_card(raw: RawCard) -> CardDef:
    """Build a CardDef from a data entry, compiling each line of its Oracle text."""
    name = raw["name"]
    try:
        cost = parse_cost(raw.get("cost"))
        type_line = TypeLine.parse(raw["type"])
    except (ManaError, ValueError) as e:
        raise CardDataError(f"{name}: {e}") from e
    power = toughness = None
    if "pt" in raw:
        power, _, toughness = str(raw["pt"]).partition("/")
    loyalty = raw.get("loyalty")
    colors = frozenset(raw["colors"]) if "colors" in raw else None  # a color indicator (2014 204)
    card = CardDef(name, cost, type_line, text=raw.get("text", ""), power=power, toughness=toughness,
                   loyalty=int(loyalty) if loyalty is not None else None, sets=tuple(raw.get("sets", ())),
                   colors_override=colors)
    compile_abilities(card)
    for face in raw.get("faces", ()):  # a two-faced or split card: the engine plays its first face only
        card.unsupported.append(f"other face {face.get('name', '?')} ({face.get('type', '?')}): "
                                f"{' / '.join((face.get('text') or '').splitlines()) or 'no text'}"
                                " -- the engine has no multi-faced cards")
    return card
