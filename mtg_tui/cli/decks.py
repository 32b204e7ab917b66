"""`mtg-tui decks`: every bundled deck, grouped as the deck picker groups them (the project's
own decks, then each official product line with its five precons): name, product, colours
and size, or one JSON object with --json."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

import click

from rules.cards import get_card

from ..persistence.decklists import OWN_DECKS, bundled_precon, deck_description, deck_groups, load_deck

COLOUR_ORDER = "WUBRG"


@dataclass(frozen=True)
class DeckLine:
    """One bundled deck as the list shows it."""

    name: str
    product: str  # the product it was sold as; "" for the project's own decks
    colours: str  # the colours of its cards' mana costs, in WUBRG order ("" for colourless)
    cards: int
    description: str


def deck_line(name: str) -> DeckLine:
    """A bundled deck's line: its product (if a precon), colours, size and first-line comment."""
    deck = load_deck(name)
    found = bundled_precon(name)
    colours = set().union(*(get_card(card).colors for card in set(deck.cards)))
    return DeckLine(name, found[1].product if found else "", "".join(c for c in COLOUR_ORDER if c in colours),
                    len(deck.cards), deck_description(name))


def listing() -> list[tuple[str, list[DeckLine]]]:
    """The groups, each with its decks' lines."""
    return [(title, [deck_line(name) for name in names]) for title, names in deck_groups()]


def text_lines(groups: list[tuple[str, list[DeckLine]]]) -> list[str]:
    """The groups as text: a heading each, then a line per deck (the project's decks with their
    description's first words, a precon with its product name)."""
    width = max(len(d.name) for _, decks in groups for d in decks)
    out: list[str] = []
    for title, decks in groups:
        out += [("" if not out else "\n") + title]
        for d in decks:
            what = d.product if d.product else d.description.split(":")[0]  # its kind; the rest in --json
            out.append(f"  {d.name.ljust(width)}  {d.colours or '-':<5} {d.cards:3} cards  {what}")
    return out


@click.command("decks")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def decks_command(as_json: bool) -> None:
    """The bundled decks, grouped: the project's own, then the era's official precons by
    product line (Tenth Edition theme decks, Magic 2010, 2011 and 2012 Intro Packs).  Any of
    them, by name or by product name, goes wherever a deck is asked for."""
    groups = listing()
    if as_json:
        doc = {"groups": [{"title": title, "precons": title != OWN_DECKS, "decks": [asdict(d) for d in decks]}
                          for title, decks in groups]}
        click.echo(json.dumps(doc))
        return
    click.echo("\n".join(text_lines(groups)))
