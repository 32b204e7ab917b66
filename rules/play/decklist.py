"""Deck lists: the deck model, and plain text, one `COUNT Card Name` line per card ("4 Lightning Bolt").

A deck is its main deck (`DeckList.cards`, one name per card: what every game uses), its
sideboard (`sideboard`, kept apart, never merged), an optional companion and commander, and
the entries as the file listed them (`entries`: count, name, set code, collector number,
section), so a set code or collector number given survives a conversion.  The readers and
writers of the formats players have (Arena, MTGO, Forge, XMage, Cockatrice, Magarena) are
`rules.play.deck_formats`; this module reads the plain text family itself:

- `4 Name` or `4x Name`; blank lines, `#` and `//` comments;
- sections: `Deck` / `Main`, `Sideboard` (or `SB:` before a line), `Companion`, `Commander`,
  and Arena's `About` (`Name My deck`); Arena's printing after the name: `4 Name (M10) 146`;
- MTGO's `.txt`: no section header at all and a BLANK LINE between two blocks of cards: the
  second block is the sideboard.  A list grouped into more blocks, or with comment lines
  between its blocks ("# creatures"), is one main deck in groups.

Every name is checked against the card database (old spellings such as `AEther Adept` and
`Æther` read as the pool's name).  Input far beyond any real deck (a huge file, thousands of
lines, `999999999 Forest`) is refused before any card is looked up: a 100,000-card library
would keep a game busy for minutes, and fuzzy suggestions for thousands of unknown names take
as long.  Whether a deck is legal to play (60 cards, four copies) is `rules.construction`'s
question, not this one's."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..cards import UnknownCard, card_names, get_card, on_pool_change

# Generous bounds: a 60-card list is about 20 lines and 1 KB; even a commented 250-card
# practice deck written one card a line stays far below them.
MAX_CHARS = 200_000
MAX_LINES = 5_000
MAX_CARDS = 500
SHOWN_PROBLEMS = 3  # a file that isn't a deck at all has a problem per line: name a few

MAIN, SIDE, COMPANION, COMMANDER = "main", "side", "companion", "commander"
SECTIONS = (MAIN, SIDE, COMPANION, COMMANDER)


class DeckError(ValueError):
    """A deck list that doesn't parse, names unknown cards or is refused; says which line."""


@dataclass(frozen=True)
class DeckEntry:
    """One line of a deck file: `count` cards named `name`, in `section` (main, side,
    companion, commander), of the printing `set` / `number` where the file says which.
    `art` (Forge's art index), `foil` (Forge's `+`) and `cat_id` (MTGO's catalogue id) are
    kept for the format that wrote them."""

    count: int
    name: str
    set: str = ""
    number: str = ""
    section: str = MAIN
    art: str = ""
    foil: bool = False
    cat_id: str = ""


@dataclass
class DeckList:
    name: str
    cards: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    companion: str | None = None
    commander: list[str] = field(default_factory=list)
    description: str = ""
    entries: list[DeckEntry] = field(default_factory=list)
    # what the file held that the deck leaves out, one phrase each ("[Planes] (10 cards: ...)")
    skipped: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.cards)

    def listed(self) -> list[DeckEntry]:
        """The deck's entries: as the file listed them, or (for a deck built from names alone)
        one entry per distinct name of each section, in order of first appearance."""
        if self.entries:
            return list(self.entries)
        out = []
        sections = ((COMPANION, [self.companion] if self.companion else []), (COMMANDER, self.commander),
                    (MAIN, self.cards), (SIDE, self.sideboard))
        for section, names in sections:
            out += [DeckEntry(n, name, section=section) for name, n in Counter(names).items()]
        return out

    @classmethod
    def from_entries(cls, name: str, entries: list[DeckEntry], description: str = "") -> DeckList:
        deck = cls(name, description=description, entries=list(entries))
        for e in entries:
            if e.section == MAIN:
                deck.cards += [e.name] * e.count
            elif e.section == SIDE:
                deck.sideboard += [e.name] * e.count
            elif e.section == COMMANDER:
                deck.commander += [e.name] * e.count
            elif e.section == COMPANION:
                deck.companion = e.name
        return deck


def summary(name: str, problems: list[str]) -> str:
    """One line naming the first few problems and counting the rest."""
    more = len(problems) - SHOWN_PROBLEMS
    tail = f"; and {more} more problem{'s' if more > 1 else ''}" if more > 0 else ""
    return f"{name}: " + "; ".join(problems[:SHOWN_PROBLEMS]) + tail


@lru_cache(maxsize=1)
def known_names() -> dict[str, str]:
    """Lower-cased name -> name: knowing a name is unknown costs no fuzzy matching."""
    return {n.lower(): n for n in card_names()}


on_pool_change(known_names.cache_clear)  # an imported card directory adds names


_SPELLINGS = (("æ", "ae"), ("’", "'"), ("‘", "'"), ("\u00a0", " "))


def pool_name(card: str) -> str | None:
    """The pool's name for `card` as a deck file spells it (any case; `AEther`/`Æther` for
    Aether, typographic apostrophes), or None when the pool has no such card."""
    key = " ".join(card.lower().split())
    for old, new in _SPELLINGS:
        key = key.replace(old, new)
    return known_names().get(key)


def split_lines(text: str, name: str) -> list[str]:
    """The lines of `text`, unless it is bigger than any deck list; DeckError says which bound."""
    if len(text) > MAX_CHARS:
        raise DeckError(f"{name}: {len(text):,} characters is no deck list (at most {MAX_CHARS:,})")
    if "\x00" in text:
        raise DeckError(f"{name}: binary data, not a deck list")
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"{name}: {len(lines):,} lines is no deck list (at most {MAX_LINES:,})")
    return lines


def one_line(text: str, width: int = 60) -> str:
    """`text` as a short quoted one-liner for a message."""
    return repr(" ".join(text.split())[:width])


@dataclass(frozen=True)
class UnknownEntry:
    """A line naming a card the pool doesn't have (collected by `deck check`, which lists them
    all with suggestions instead of stopping at the first few)."""

    count: int
    name: str
    line: int | None
    section: str


class DeckBuilder:
    """Collects a file's entries and problems: `add` checks the count and the name (problems
    are gathered, so one message names the first few); `deck` gives the DeckList or raises one
    DeckError line.  `file` is what messages call the file."""

    def __init__(self, file: str, name: str, unknown: list[UnknownEntry] | None = None) -> None:
        self.file, self.name, self.description = file, name, ""
        self.unknown = unknown  # given: unknown cards are collected here, not problems
        self.entries: list[DeckEntry] = []
        self.problems: list[str] = []
        self.skipped: list[str] = []  # what the file holds that the deck leaves out (DeckList.skipped)
        self.total = 0

    def problem(self, line: int | None, text: str) -> None:
        self.problems.append(f"line {line}: {text}" if line is not None else text)

    def add(self, count: str, card: str, line: int | None, source: str, section: str = MAIN, *, set: str = "",
            number: str = "", art: str = "", foil: bool = False, cat_id: str = "") -> int | None:
        """Add `count` (as written) cards named `card`; the entry's index, or None on a problem.
        `source` is the line as written (named when the count passes every deck's size)."""
        digits = count.strip()
        if not digits.isdigit() or not digits.isascii():
            self.problem(line, f"{one_line(digits, 20)} is not a card count (in {one_line(source)})")
            return None
        # checked as text first: int() of thousands of digits is itself refused by Python
        n = int(digits) if len(digits) <= len(str(MAX_CARDS)) else MAX_CARDS + 1
        where = f"line {line} ({one_line(source, 40)})" if line is not None else one_line(source, 40)
        if self.total + n > MAX_CARDS:
            raise DeckError(f"{self.file}: {where} brings the deck past {MAX_CARDS} cards: no deck is that big")
        if n == 0:
            self.problem(line, f"a count of 0 (in {one_line(source)})")
            return None
        found = pool_name(card)
        if found is None and self.unknown is not None:
            self.unknown.append(UnknownEntry(n, card.strip(), line, section))
            return None
        if found is None:
            self.problem(line, unknown_card(card.strip(), suggest=len(self.problems) < SHOWN_PROBLEMS))
            return None
        self.total += n
        self.entries.append(DeckEntry(n, get_card(found).name, set, number, section, art, foil, cat_id))
        return len(self.entries) - 1

    def deck(self) -> DeckList:
        if self.problems:
            raise DeckError(summary(self.file, self.problems))
        if not any(e.section == MAIN for e in self.entries) and not self.unknown:
            raise DeckError(f"{self.file}: the deck has no cards" if not self.entries
                            else f"{self.file}: the deck has no main deck, only a sideboard")
        deck = DeckList.from_entries(self.name, self.entries, self.description)
        deck.skipped = list(self.skipped)
        return deck


_HEADERS = {"deck": MAIN, "main": MAIN, "maindeck": MAIN, "main deck": MAIN, "mainboard": MAIN,
            "sideboard": SIDE, "side": SIDE, "sb": SIDE, "side board": SIDE,
            "companion": COMPANION, "commander": COMMANDER, "about": "about"}
_CARD = re.compile(r"^(\S+?)[xX]?\s+(.+?)(?:\s+\(([A-Za-z0-9]{2,6})\)(?:\s+([A-Za-z0-9★*-]+))?)?\s*$")


@dataclass
class _PlainTextReading:
    """Where reading a plain-text deck list has got to: the section a header opened, and the
    blocks of card lines between blank lines (an unmarked second block is MTGO's sideboard)."""

    b: DeckBuilder
    section: str = MAIN
    marked: bool = False  # a header or an "SB:" line said where the sideboard is
    block: int = 0  # the block the card lines are in, counted from 0
    seen_card: bool = False
    comment_between: bool = False  # a comment after a card: the blocks aren't MTGO's
    blank_before: bool = False  # a blank line since the last card: the next card starts a block
    blocks: list[tuple[int, int]] = field(default_factory=list)  # (entry index, block) of main's lines

    def read(self, n: int, raw: str) -> None:
        """Line `n`: a blank, a comment, a section header, the about section's name, or a card."""
        line = raw.strip()
        if not line:
            self.blank_before = self.seen_card
        elif line.startswith(("#", "//")):
            self.comment_between |= self.seen_card
        elif (header := _HEADERS.get(line.lower().rstrip(":").strip())) is not None:
            self.section, self.marked = header, True
        elif self.section == "about":
            key, _, value = line.partition(" ")
            if key.lower() == "name" and value.strip():
                self.b.name = value.strip()
        else:
            self._card(n, line)

    def _card(self, n: int, line: str) -> None:
        """A card line, "SB:" before it putting it in the sideboard."""
        where = self.section
        if line[:3].upper() == "SB:":
            where, self.marked, line = SIDE, True, line[3:].strip()
        m = _CARD.match(line)
        if not m:
            self.b.problem(n, f"expected 'COUNT Card Name', found {one_line(line)}")
            return
        if self.blank_before:
            self.block, self.blank_before = self.block + 1, False
        self.seen_card = True
        at = self.b.add(m.group(1), m.group(2), n, line, where, set=(m.group(3) or "").upper(),
                        number=m.group(4) or "")
        if at is not None and where == MAIN:
            self.blocks.append((at, self.block))

    def second_block_to_sideboard(self) -> None:
        """MTGO's layout: with no header or "SB:", a blank line between two blocks of cards (no
        comment after the first card) starts the sideboard."""
        if self.marked or self.comment_between or self.block != 1:
            return
        for at, in_block in self.blocks:
            if in_block == 1:
                self.b.entries[at] = replace(self.b.entries[at], section=SIDE)


def parse_deck(text: str, name: str = "deck", *, file: str | None = None, blank_sideboard: bool = True,
               unknown: list[UnknownEntry] | None = None) -> DeckList:
    """The deck `text` lists (plain text, MTGO .txt or an Arena export); DeckError names the
    bad lines (the first few, and how many more).  `name` is the deck's name unless the text
    names it; `file` what messages call the file (`name` if not given); `blank_sideboard`:
    whether a blank line between two blocks starts the sideboard (MTGO); `unknown`, when given,
    collects the unknown cards instead of refusing them."""
    file = file or name
    reading = _PlainTextReading(DeckBuilder(file, name, unknown))
    for n, raw in enumerate(split_lines(text, file), 1):
        reading.read(n, raw)
    if blank_sideboard:
        reading.second_block_to_sideboard()
    return reading.b.deck()


def unknown_card(card: str, suggest: bool) -> str:
    """Unknown card `card`, with the database's fuzzy suggestions only when `suggest`: they are
    slow, and only the problems the message shows need them."""
    if suggest:
        try:
            get_card(card)
        except UnknownCard as e:
            return str(e)
    return str(UnknownCard(card))
