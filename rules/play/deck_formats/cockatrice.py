"""Cockatrice's `.cod` (XML): `<cockatrice_deck>` with `<deckname>`, `<comments>` and zones,
`<zone name="main">` and `<zone name="side">`, of `<card number="4" name="Lightning Bolt"/>`.
A `tokens` zone (the tokens the deck makes, not cards of it) is read past, and so are the
elements newer Cockatrice writes about the deck (`lastLoadedTimestamp`, `bannerCard`, `tags`,
`sideboard_plan`, `format`); a printing given as `setShortName` / `collectorNumber` attributes
(newer Cockatrice) is kept."""

from __future__ import annotations

from ..decklist import MAIN, SIDE, DeckBuilder, DeckError, DeckList, UnknownEntry, one_line
from .common import by_section, parse_xml, sideboard_with_extras, xml_text

_ZONES = {"main": MAIN, "side": SIDE}
_ABOUT_THE_DECK = {"lastLoadedTimestamp", "bannerCard", "tags", "sideboard_plan", "format"}


def read(text: str, name: str, file: str, unknown: list[UnknownEntry] | None = None) -> DeckList:
    root = parse_xml(text, file)
    if root.tag != "cockatrice_deck":
        raise DeckError(f"{file}: line {root.line}: a Cockatrice .cod holds a <cockatrice_deck>, found <{root.tag}>")
    b = DeckBuilder(file, name, unknown)
    for el in root.children:
        if el.tag == "deckname":
            b.name = el.text.strip() or b.name
        elif el.tag == "comments":
            b.description = el.text.strip()
        elif el.tag in _ABOUT_THE_DECK:
            continue
        elif el.tag == "zone":
            zone = el.attrs.get("name", "")
            if zone == "tokens":
                continue
            if zone not in _ZONES:
                b.problem(el.line, f"unknown zone {one_line(zone, 20)} (a .cod deck has zones main and side)")
                continue
            for card in el.children:
                count, card_name = card.attrs.get("number"), card.attrs.get("name")
                if card.tag != "card" or not card_name or count is None:
                    b.problem(card.line, f'expected <card number=".." name=".."/>, found <{card.tag}>')
                    continue
                b.add(count, card_name, card.line, f"{count} {card_name}", _ZONES[zone],
                      set=card.attrs.get("setShortName", "").strip().upper(),
                      number=card.attrs.get("collectorNumber", "").strip())
        else:
            b.problem(el.line, f"unknown element <{el.tag}> (a .cod deck holds deckname, comments and zones)")
    return b.deck()


def write(deck: DeckList) -> str:
    """A commander or companion goes with the sideboard (a .cod has zones main and side)."""
    parts = by_section(deck)
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
           f"  <deckname>{xml_text(deck.name)}</deckname>", f"  <comments>{xml_text(deck.description)}</comments>"]
    for zone, entries in (("main", parts[MAIN]), ("side", sideboard_with_extras(parts))):
        if not entries:
            continue
        out.append(f'  <zone name="{zone}">')
        for e in entries:
            printing = (f' setShortName="{xml_text(e.set)}"' if e.set else "") + \
                       (f' collectorNumber="{xml_text(e.number)}"' if e.number else "")
            out.append(f'    <card number="{e.count}" name="{xml_text(e.name)}"{printing} />')
        out.append("  </zone>")
    out.append("</cockatrice_deck>")
    return "\n".join(out) + "\n"
