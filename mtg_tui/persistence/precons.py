"""The era's official preconstructed decks, by product line: which bundled decks were a
product, what the product was called, how many cards it held, and which set it came with.

A table, not a reading of the deck files: grouping the deck picker, the gauntlet's five
opponents of a set and the precon exemption from the 60-card minimum all ask it, and it must
not depend on a comment's wording."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Precon:
    """One product: its bundled deck's name (`load_deck` takes it) and its product name."""

    deck: str
    product: str


@dataclass(frozen=True)
class ProductLine:
    """A set's preconstructed decks: the set's code, what the line was sold as, the size of
    each deck as sold (Magic 2010's Intro Packs held 40 cards and a foil rare: 41), and its
    five decks in the order the products were listed."""

    set_code: str
    title: str
    size: int
    precons: tuple[Precon, ...]

    @property
    def decks(self) -> tuple[str, ...]:
        return tuple(p.deck for p in self.precons)

    @property
    def short_title(self) -> str:
        """The title with the set's code for its name ("10E theme decks"), where room is short."""
        return f"{self.set_code} {' '.join(self.title.split()[-2:])}"

    @property
    def kind(self) -> str:
        """One product of the line, as a sentence names it: "Tenth Edition theme deck"."""
        return self.title.removesuffix("s")


def _line(set_code: str, title: str, size: int, *products: str) -> ProductLine:
    return ProductLine(set_code, title, size, tuple(Precon(deck_name(p), p) for p in products))


def deck_name(product: str) -> str:
    """A product name as a bundled deck's name: "Arcanis's Guile" -> "arcaniss-guile"."""
    return "-".join(product.lower().replace("'", "").split())


PRODUCT_LINES: tuple[ProductLine, ...] = (
    _line("10E", "Tenth Edition theme decks", 40,
          "Arcanis's Guile", "Cho-Manno's Resolve", "Evincar's Tyranny", "Kamahl's Temper", "Molimo's Might"),
    _line("M10", "Magic 2010 Intro Packs", 41,
          "Death's Minions", "Firebomber", "Nature's Fury", "Presence of Mind", "We Are Legion"),
    _line("M11", "Magic 2011 Intro Packs", 60,
          "Blades of Victory", "Breath of Fire", "Power of Prophecy", "Reign of Vampirism", "Stampede of Beasts"),
    _line("M12", "Magic 2012 Intro Packs", 60,
          "Blood and Fire", "Entangling Webs", "Grab for Power", "Mystical Might", "Sacred Assault"),
)


def product_line(set_code: str) -> ProductLine | None:
    """The product line of a set (its code, any case), or None."""
    return next((line for line in PRODUCT_LINES if line.set_code == set_code.upper()), None)


def precon_of(deck: str) -> tuple[ProductLine, Precon] | None:
    """The product line and product a bundled deck's name belongs to, or None (not a precon)."""
    for line in PRODUCT_LINES:
        for p in line.precons:
            if p.deck == deck:
                return line, p
    return None


def precon_named(name: str) -> tuple[ProductLine, Precon] | None:
    """The precon a player names by its product name in any case, the apostrophe's "s" written
    or not ("Arcanis's Guile", "arcaniss guile", "Arcanis Guile"), or by its deck name."""
    wanted = deck_name(name.replace("\u2019", "'"))
    for line in PRODUCT_LINES:
        for p in line.precons:
            if wanted in (p.deck, deck_name(p.product.replace("'s", ""))):
                return line, p
    return None
