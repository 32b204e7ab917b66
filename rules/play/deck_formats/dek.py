"""MTGO's `.dek` (XML): a `<Deck>` of `<Cards CatID="12345" Quantity="4" Sideboard="false"
Name="Lightning Bolt"/>` elements.  `CatID` is MTGO's catalogue id of the printing: kept when
read and written back; a deck from elsewhere has none, and the attribute is left out rather
than guessed (MTGO then finds the card by name)."""

from __future__ import annotations

from ..decklist import MAIN, SIDE, DeckBuilder, DeckError, DeckList, UnknownEntry, one_line
from .common import by_section, parse_xml, sideboard_with_extras, xml_text


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    root = parse_xml(text, file)
    if root.tag != "Deck":
        raise DeckError(f"{file}: line {root.line}: XML but no deck file: found <{root.tag}> (an MTGO .dek "
                        "holds a <Deck>, a Cockatrice .cod a <cockatrice_deck>)")
    b = DeckBuilder(file, name, unknown)
    for el in root.children:
        if el.tag in ("NetDeckID", "PreconstructedDeckID"):
            continue
        if el.tag != "Cards":
            b.problem(el.line, f"unknown element <{el.tag}> (an MTGO .dek holds <Cards .../>)")
            continue
        card, count = el.attrs.get("Name"), el.attrs.get("Quantity")
        if not card or count is None:
            b.problem(el.line, "a <Cards> element needs Name and Quantity")
            continue
        side = el.attrs.get("Sideboard", "false").strip().lower()
        if side not in ("true", "false"):
            b.problem(el.line, f"Sideboard={one_line(side, 20)} (expected true or false)")
            continue
        b.add(count, card, el.line, f'{count} {card}', SIDE if side == "true" else MAIN,
              cat_id=el.attrs.get("CatID", "").strip())
    return b.deck()


def write(deck: DeckList) -> str:
    """A commander or companion goes with the sideboard (a .dek has no such place)."""
    parts = by_section(deck)
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
           "  <NetDeckID>0</NetDeckID>", "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
    for side, entries in (("false", parts[MAIN]), ("true", sideboard_with_extras(parts))):
        for e in entries:
            cat = f'CatID="{xml_text(e.cat_id)}" ' if e.cat_id else ""
            out.append(f'  <Cards {cat}Quantity="{e.count}" Sideboard="{side}" Name="{xml_text(e.name)}" />')
    out.append("</Deck>")
    return "\n".join(out) + "\n"
