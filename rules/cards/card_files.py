"""Card files from elsewhere, read as the project's card data entries (`mtg-tui cards import`).

Two shapes are read, told apart by their content:
- Scryfall: a JSON list of card objects (the bulk `oracle_cards` / `default_cards` files), or an
  object holding that list under "data" (an API list) or "cards".  A card: name, mana_cost,
  type_line, oracle_text, power, toughness, loyalty, colors, set (or sets), card_faces.
- MTGJSON: {"meta": ..., "data": ...} where data is AtomicCards' {name: [face, ...]} or a set
  file's {"code": ..., "cards": [...]}.  A card (face): name, faceName, side, manaCost, type,
  text, power, toughness, loyalty, colors, setCode (set files) or printings (AtomicCards).

Rulings come along: an MTGJSON card's "rulings" ({date, text}) by the card's name, and a
Scryfall rulings file (a list, or {"data": [...]}, of ruling objects: oracle_id, source,
published_at, comment) by oracle id; the oracle ids of the cards read (Scryfall's "oracle_id",
MTGJSON's identifiers.scryfallOracleId) are kept to match them.

Files of hundreds of MB are streamed: JSON values are decoded one card at a time from chunks
of the file (safe_files.raw_decode), never the whole document at once.  A malformed file
raises CardFileError with one line saying what is wrong and where.
"""

from __future__ import annotations

import codecs
import datetime
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from . import CardDataError, compile_card
from .mana import ManaError, parse_cost
from .model import CardDef
from .safe_files import JsonError, raw_decode

CHUNK = 1 << 20
_WS = " \t\n\r"
# Scryfall layouts that are no card a deck holds
NOT_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series", "scheme", "planar", "vanguard",
                       "augment", "host"})


class CardFileError(ValueError):
    """A card file that can't be read: one line naming the problem."""


@dataclass(frozen=True)
class Ruling:
    """One official ruling: its date (YYYY-MM-DD), its text, and who published it (Scryfall
    tells "wotc" from its own notes; MTGJSON's are all "wotc")."""

    date: str
    text: str
    source: str = "wotc"


@dataclass
class CardFile:
    """What a card file holds: its shape, the card data entries by name (the first printing of a
    name is kept; later printings add their sets) and the card objects left out, with why."""

    shape: str = ""
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    left_out: list[tuple[str, str]] = field(default_factory=list)
    read: int = 0  # card objects read
    faces: dict[str, dict[str, Any]] = field(default_factory=dict)  # a set file's faces by card name
    rulings: dict[str, list[Ruling]] = field(default_factory=dict)  # a card's rulings by its name (MTGJSON)
    oracle_ids: dict[str, str] = field(default_factory=dict)  # a card's oracle id by its name
    oracle_rulings: list[tuple[str, Ruling]] = field(default_factory=list)  # a Scryfall rulings file's


class _Reader:
    """JSON read a value at a time from a file, a chunk at a time."""

    def __init__(self, stream: IO[bytes], progress: Callable[[int], None] | None):
        self.stream = stream
        self.progress = progress
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.buf = ""
        self.pos = 0
        self.line = 1  # the line of buf[0]
        self.eof = False

    def more(self) -> bool:
        if self.eof:
            return False
        chunk = self.stream.read(CHUNK)
        try:
            text = self.decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as e:
            raise CardFileError(f"not UTF-8 text ({e.reason})") from None
        if not chunk:
            self.eof = True
        if self.progress is not None:
            self.progress(len(chunk))
        if self.pos:
            self.line += self.buf.count("\n", 0, self.pos)
            self.buf = self.buf[self.pos:]
            self.pos = 0
        self.buf += text
        return bool(chunk) or bool(text)

    def error(self, problem: str, at: int | None = None) -> CardFileError:
        at = self.pos if at is None else at
        return CardFileError(f"{problem} (line {self.line + self.buf.count(chr(10), 0, at)})")

    def peek(self) -> str:
        """The next character that isn't white space ("" at the end of the file)."""
        while True:
            buf, pos = self.buf, self.pos
            while pos < len(buf) and buf[pos] in _WS:
                pos += 1
            self.pos = pos
            if pos < len(buf):
                return buf[pos]
            if not self.more():
                return ""

    def take(self, char: str, what: str) -> None:
        found = self.peek()
        if found != char:
            raise self.error(f"expected {what}, found {_shown(found)}")
        self.pos += 1

    def value(self) -> Any:
        """The next JSON value, decoded."""
        if not self.peek():
            raise self.error("the file ends too early (truncated?)")
        while True:
            try:
                value, end = raw_decode(self.buf, self.pos)
            except JsonError as e:  # nested too deeply for the decoder
                raise self.error(str(e)) from None
            except json.JSONDecodeError as e:
                # a value cut by the end of the chunk fails at (or near) the end of the text
                tail = len(self.buf.rstrip()) - e.pos
                unterminated = e.msg.startswith("Unterminated string")
                if (tail < 65536 or unterminated) and self.more():
                    continue
                if tail <= 5 or unterminated:
                    raise self.error("the file ends too early (truncated?)", e.pos) from None
                raise self.error(f"not valid JSON: {e.msg}", e.pos) from None
            if end >= len(self.buf) and self.more():
                continue  # a number may go on in the next chunk
            self.pos = end
            return value

    def items(self) -> Iterator[Any]:
        """The values of a JSON list, one at a time."""
        self.take("[", "a list")
        first = True
        while True:
            if self.peek() == "]":
                self.pos += 1
                return
            if not first:
                self.take(",", "',' or ']' in a list")
            first = False
            yield self.value()

    def object_keys(self) -> Iterator[str]:
        """The keys of a JSON object; the caller reads (or skips) each key's value."""
        self.take("{", "an object")
        first = True
        while True:
            if self.peek() == "}":
                self.pos += 1
                return
            if not first:
                self.take(",", "',' or '}' in an object")
            first = False
            if self.peek() != '"':
                raise self.error(f"expected a key in quotes, found {_shown(self.peek())}")
            key = self.value()
            self.take(":", "':' after a key")
            yield key


def _shown(char: str) -> str:
    return "the end of the file" if not char else repr(char)


def read_card_file(path: str | Path, progress: Callable[[int], None] | None = None) -> CardFile:
    """The cards of a Scryfall or MTGJSON file.  `progress` is called with the number of bytes
    read after each chunk."""
    out = CardFile()
    try:
        with open(path, "rb") as stream:
            reader = _Reader(stream, progress)
            for kind, obj in _card_objects(reader, out):
                if kind == "scryfall" and is_ruling_object(obj):
                    _add_oracle_ruling(out, obj)
                    continue
                out.read += 1
                if kind == "scryfall":
                    _add(out, *_from_scryfall(obj, out.read))
                elif kind == "atomic":
                    _add(out, *_from_mtgjson(obj[1], out.read, obj[0]))
                else:
                    _add_set_face(out, obj, out.read)
            if reader.peek():
                raise reader.error("more text after the JSON document")
    except OSError as e:
        raise CardFileError(f"can't read it: {e.strerror or e}") from None
    _join_faces(out)
    if out.oracle_rulings and not out.read:
        out.shape = "Scryfall rulings file"
    elif not out.read:
        raise CardFileError(f"no cards in it ({out.shape})")
    return out


def is_ruling_object(obj: Any) -> bool:
    """A Scryfall ruling object (its rulings endpoint and bulk "rulings" file), not a card."""
    return isinstance(obj, dict) and (obj.get("object") == "ruling"
                                      or ("oracle_id" in obj and "comment" in obj and "name" not in obj))


def _ruling_date(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CardFileError(f"{where} has no date")
    try:
        return datetime.date.fromisoformat(value.strip()).isoformat()
    except ValueError:
        raise CardFileError(f"{where} has a date that is not YYYY-MM-DD: {value!r}") from None


def _ruling_text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CardFileError(f"{where} has no text")
    return value.strip()


def _add_oracle_ruling(out: CardFile, obj: dict[str, Any]) -> None:
    where = f"ruling #{len(out.oracle_rulings) + 1}"
    oracle_id = obj.get("oracle_id")
    if not isinstance(oracle_id, str) or not oracle_id.strip():
        raise CardFileError(f"{where} has no oracle_id")
    where += f" (oracle_id {oracle_id})"
    source = obj.get("source")
    ruling = Ruling(_ruling_date(obj.get("published_at"), where), _ruling_text(obj.get("comment"), where),
                    source if isinstance(source, str) and source else "wotc")
    out.oracle_rulings.append((oracle_id.strip(), ruling))


def _mtgjson_rulings(card: dict[str, Any], n: int, name: str) -> list[Ruling]:
    """An MTGJSON card's rulings, each with its date and text (a malformed one refuses the file)."""
    rulings = card.get("rulings")
    if rulings is None:
        return []
    if not isinstance(rulings, list):
        raise CardFileError(f"card #{n} ({name}): \"rulings\" is not a list")
    out = []
    for i, r in enumerate(rulings, 1):
        where = f"card #{n} ({name}): ruling {i}"
        if not isinstance(r, dict):
            raise CardFileError(f"{where} is not a JSON object")
        out.append(Ruling(_ruling_date(r.get("date"), where), _ruling_text(r.get("text"), where)))
    return out


def _card_objects(reader: _Reader, out: CardFile) -> Iterator[tuple[str, Any]]:
    first = reader.peek()
    if first == "[":
        out.shape = "Scryfall card list"
        yield from (("scryfall", obj) for obj in reader.items())
        return
    if first != "{":
        raise reader.error("the file is empty" if not first else "not JSON: it doesn't start with '[' or '{'")
    found = False
    for key in reader.object_keys():
        following = reader.peek()
        if key in ("data", "cards") and following == "[":
            out.shape = "Scryfall card list"
            found = True
            yield from (("scryfall", obj) for obj in reader.items())
        elif key == "data" and following == "{":
            found = True
            yield from _mtgjson_data(reader, out)
        else:
            reader.value()  # "meta", "object", "about", "count", ...
    if not found:
        raise CardFileError("an unknown shape: a JSON object with neither a \"data\" nor a \"cards\" list "
                            "(expected a Scryfall card list or an MTGJSON file)")


def _mtgjson_data(reader: _Reader, out: CardFile) -> Iterator[tuple[str, Any]]:
    """AtomicCards' {name: [face, ...]} or a set file's {"code": ..., "cards": [...]}: the
    first key tells (a set file's keys are mostly not lists; its cards are under "cards")."""
    mode = ""
    found = False
    for key in reader.object_keys():
        following = reader.peek()
        if not mode:
            mode = "set" if key == "cards" or following != "[" else "atomic"
            out.shape = "MTGJSON set file" if mode == "set" else "MTGJSON AtomicCards"
        if mode == "atomic":
            faces = reader.value()
            if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
                raise reader.error(f"AtomicCards: {key!r} is not a list of card faces")
            yield "atomic", (key, faces)
        elif key == "cards":
            if following != "[":
                raise reader.error("MTGJSON set file: \"cards\" is not a list")
            found = True
            yield from (("set", obj) for obj in reader.items())
        else:
            reader.value()  # code, name, booster, tokens, translations, ...
    if mode != "atomic" and not found:
        raise CardFileError("an unknown shape: MTGJSON \"data\" holds neither a \"cards\" list (a set file) "
                            "nor lists of card faces (AtomicCards)")


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _sets(*codes: Any) -> list[str]:
    out: list[str] = []
    for code in codes:
        for c in code if isinstance(code, list) else [code]:
            if isinstance(c, str) and c and c.upper() not in out:
                out.append(c.upper())
    return out


def _pt(power: Any, toughness: Any) -> str | None:
    if power is None or toughness is None:
        return None
    return f"{power}/{toughness}"


def _entry(name: str, cost: str, type_line: str, text: str, power: Any, toughness: Any,
           loyalty: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": name}
    if cost:
        entry["cost"] = cost
    entry["type"] = type_line
    if text:
        entry["text"] = text
    pt = _pt(power, toughness)
    if pt is not None:
        entry["pt"] = pt
    if loyalty is not None and str(loyalty).strip():
        entry["loyalty"] = int(loyalty) if str(loyalty).isdigit() else str(loyalty)
    return entry


def _require(obj: Any, n: int) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise CardFileError(f"card #{n} is not a JSON object")
    return obj


def _from_scryfall(obj: Any, n: int) -> tuple[dict[str, Any] | None, str]:
    card = _require(obj, n)
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, dict)]
    front = faces[0] if faces else {}

    def get(key: str) -> Any:
        return front[key] if front.get(key) is not None else card.get(key)

    name = _text(front.get("name")) or _text(card.get("name"))
    if not name.strip():
        raise CardFileError(f"card #{n} has no name")
    if card.get("layout") in NOT_CARDS:
        return None, f"{name}: a {card['layout']} card, not a card of a deck"
    type_line = _text(get("type_line"))
    if not type_line.strip():
        raise CardFileError(f"card #{n} ({name}) has no type line")
    entry = _entry(name, _text(get("mana_cost")), type_line, _text(get("oracle_text")), get("power"),
                   get("toughness"), get("loyalty"))
    entry["sets"] = _sets(card.get("set"), card.get("sets"))
    if isinstance(card.get("oracle_id"), str) and card["oracle_id"]:
        entry["_oracle_id"] = card["oracle_id"]
    colors = get("colors")
    if isinstance(colors, list):
        entry["_colors"] = [c for c in colors if isinstance(c, str)]
    if len(faces) > 1:
        entry["faces"] = [_entry(_text(f.get("name")), _text(f.get("mana_cost")), _text(f.get("type_line")),
                                 _text(f.get("oracle_text")), f.get("power"), f.get("toughness"), f.get("loyalty"))
                          for f in faces[1:]]
    return entry, ""


def _from_mtgjson(faces: list[dict[str, Any]], n: int, key: str = "") -> tuple[dict[str, Any] | None, str]:
    ordered = sorted(faces, key=lambda f: str(f.get("side") or "a"))
    front = ordered[0]
    name = _text(front.get("faceName")) or _text(front.get("name")) or key
    if not name.strip():
        raise CardFileError(f"card #{n} has no name")
    if front.get("layout") in NOT_CARDS:
        return None, f"{name}: a {front['layout']} card, not a card of a deck"
    type_line = _text(front.get("type"))
    if not type_line.strip():
        raise CardFileError(f"card #{n} ({name}) has no type")
    entry = _entry(name, _text(front.get("manaCost")), type_line, _text(front.get("text")), front.get("power"),
                   front.get("toughness"), front.get("loyalty"))
    entry["sets"] = _sets(front.get("setCode") or front.get("printings"))
    entry["_rulings"] = _mtgjson_rulings(front, n, name)
    identifiers = front.get("identifiers")
    oracle_id = identifiers.get("scryfallOracleId") if isinstance(identifiers, dict) else None
    if isinstance(oracle_id, str) and oracle_id:
        entry["_oracle_id"] = oracle_id
    if isinstance(front.get("colors"), list):
        entry["_colors"] = [c for c in front["colors"] if isinstance(c, str)]
    if len(ordered) > 1:
        entry["faces"] = [_entry(_text(f.get("faceName")) or _text(f.get("name")), _text(f.get("manaCost")),
                                 _text(f.get("type")), _text(f.get("text")), f.get("power"), f.get("toughness"),
                                 f.get("loyalty")) for f in ordered[1:]]
    return entry, ""


def _add(out: CardFile, entry: dict[str, Any] | None, why: str) -> None:
    if entry is None:
        out.left_out.append((why.partition(":")[0], why.partition(": ")[2]))
        return
    rulings, oracle_id = entry.pop("_rulings", None), entry.pop("_oracle_id", None)
    if rulings:
        out.rulings.setdefault(entry["name"], rulings)
    if oracle_id:
        out.oracle_ids.setdefault(entry["name"], oracle_id)
    known = out.entries.get(entry["name"])
    if known is None:
        out.entries[entry["name"]] = entry
    else:  # another printing: its sets
        known["sets"] += [s for s in entry["sets"] if s not in known["sets"]]


def _add_set_face(out: CardFile, obj: Any, n: int) -> None:
    """A set file lists each face of a multi-faced card as a card of its own (same "name",
    its own "faceName" and "side"): faces wait until the whole file is read."""
    face = _require(obj, n)
    if face.get("faceName") and isinstance(face.get("name"), str):
        sides = out.faces.setdefault(face["name"], {})
        sides.setdefault(str(face.get("side") or "a"), face)
        sides.setdefault("_n", n)
        return
    _add(out, *_from_mtgjson([face], n))


def _join_faces(out: CardFile) -> None:
    for sides in out.faces.values():
        n = sides.pop("_n")
        _add(out, *_from_mtgjson(list(sides.values()), n))
    out.faces.clear()


def compiled(entry: dict[str, Any]) -> tuple[CardDef | None, str]:
    """The card an entry makes, or why the engine can't make one (a cost or type line it
    doesn't read).  The entry keeps its colors only where they aren't its cost's (a color
    indicator)."""
    colors = entry.pop("_colors", None)
    try:
        cost = parse_cost(entry.get("cost"))
    except ManaError as e:
        return None, f"its mana cost {entry.get('cost')!r}: {e}"
    if colors is not None and frozenset(colors) != (cost.colors if cost else frozenset()):
        entry["colors"] = sorted(colors)
    try:
        return compile_card(entry), ""
    except (CardDataError, ValueError, TypeError) as e:
        return None, str(e).removeprefix(f"{entry['name']}: ")


def toml_string(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    clean = value.encode("utf-8", "replace").decode("utf-8")
    return json.dumps(clean, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return toml_string(str(value))


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_lines(entry: dict[str, Any], table: str = "cards") -> list[str]:
    """One card data entry as a [[cards]] table (its other faces as [[cards.faces]])."""
    lines = [f"[[{table}]]"]
    for key, value in entry.items():
        if key.startswith("_") or key == "faces" or value is None:
            continue
        lines.append(f"{key if _BARE.match(key) else toml_string(key)} = {_toml_value(value)}")
    for face in entry.get("faces", ()):
        lines += toml_lines(face, f"{table}.faces")
    return lines
