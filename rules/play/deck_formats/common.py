"""What the deck format modules share: the printing a writer names when the deck gave none,
grouping a deck's entries by section, and parsing XML without its dangerous parts."""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from ...cards import get_card
from ..decklist import COMMANDER, COMPANION, MAIN, SIDE, DeckEntry, DeckError, DeckList, split_lines


def default_set(name: str) -> str:
    """The set code a format that needs one names for `name` when the deck gave none: the most
    recent of the card's sets in the card data (`sets`, oldest first)."""
    sets = get_card(name).sets
    return sets[-1] if sets else ""


def with_set(entry: DeckEntry) -> DeckEntry:
    """`entry`, with a set code from the card data if it had none (its collector number stays
    as given: the card data has none)."""
    if entry.set:
        return entry
    return DeckEntry(entry.count, entry.name, default_set(entry.name), "", entry.section,
                     entry.art, entry.foil, entry.cat_id)


def by_section(deck: DeckList) -> dict[str, list[DeckEntry]]:
    """The deck's entries, grouped: main, side, companion, commander (each possibly empty)."""
    out: dict[str, list[DeckEntry]] = {MAIN: [], SIDE: [], COMPANION: [], COMMANDER: []}
    for e in deck.listed():
        out[e.section].append(e)
    return out


def sideboard_with_extras(parts: dict[str, list[DeckEntry]]) -> list[DeckEntry]:
    """The sideboard as a format without commander or companion sections lists it: the
    commander first, then the companion unless the sideboard already holds it (Arena lists
    its companion in both places), then the sideboard."""
    side_names = {e.name for e in parts[SIDE]}
    return parts[COMMANDER] + [e for e in parts[COMPANION] if e.name not in side_names] + parts[SIDE]


def parse_xml(text: str, file: str) -> XmlNode:
    """The root element of the XML `text`, each element knowing its line; DeckError (one line:
    file, line, problem) when it isn't well-formed.  Documents with a DTD are refused: a deck
    never needs one, and entity definitions are how an XML file blows up its reader (the
    "billion laughs")."""
    split_lines(text, file)  # the size bounds of every deck file
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise DeckError(f"{file}: XML with a DTD or entities is not a deck file")
    parser = expat.ParserCreate()
    stack: list[XmlNode] = []
    roots: list[XmlNode] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = XmlNode(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def data(chars: str) -> None:
        if stack:
            stack[-1].text += chars

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, data
    try:
        parser.Parse(text, True)
    except expat.ExpatError as e:
        reason = expat.ErrorString(e.code) if e.code is not None else str(e)
        if reason.startswith("not well-formed ("):
            reason = reason[len("not well-formed ("):-1]
        raise DeckError(f"{file}: line {e.lineno}: not well-formed XML ({reason}, column {e.offset + 1})") from None
    return roots[0]


@dataclass
class XmlNode:
    """An XML element as the deck readers need it: tag, attributes, text, children, line."""

    tag: str
    attrs: dict[str, str]
    line: int
    text: str = ""
    children: list[XmlNode] = field(default_factory=list)


def xml_text(value: str) -> str:
    """`value` escaped for XML text or a double-quoted attribute."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
