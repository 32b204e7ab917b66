"""The product-line table (mtg_tui/persistence/precons.py): the era's 20 official precons,
five per set, named as the products were, and each named as Cockatrice's real file of it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mtg_tui.persistence.decklists import bundled_decks, load_deck
from mtg_tui.persistence.precons import PRODUCT_LINES, Precon, ProductLine, deck_name, precon_of, product_line
from rules.play.deck_formats import read_deck_file
from tests.paths import SHARED

COCKATRICE = SHARED / "data" / "precons" / "cockatrice"
MAGARENA = SHARED / "data" / "precons" / "magarena"


def test_four_lines_of_five_decks_with_the_sizes_they_were_sold_at() -> None:
    assert [(line.set_code, line.size, len(line.precons)) for line in PRODUCT_LINES] == [
        ("10E", 40, 5), ("M10", 41, 5), ("M11", 60, 5), ("M12", 60, 5)]
    names = [d for line in PRODUCT_LINES for d in line.decks]
    assert len(set(names)) == 20


def test_names_and_look_ups() -> None:
    assert deck_name("Arcanis's Guile") == "arcaniss-guile"
    assert deck_name("Cho-Manno's Resolve") == "cho-mannos-resolve"
    line = product_line("m10")
    assert line is not None and "firebomber" in line.decks
    found = precon_of("we-are-legion")
    assert found is not None and found[0].set_code == "M10" and found[1].product == "We Are Legion"
    assert precon_of("red-green") is None and product_line("M13") is None


@pytest.mark.skipif(not COCKATRICE.is_dir(), reason="../shared/data/precons is not here")
def test_every_product_is_one_of_the_real_files() -> None:
    """The real files are named like ArcanisSGuile_10E.cod: the product's words run together,
    "'s" as "S", and the set's code."""
    stems = {p.stem for p in COCKATRICE.glob("*.cod")}
    expected = {"".join(w.replace("'s", "S").replace("-", "") for w in p.product.split()) + "_" + line.set_code
                for line in PRODUCT_LINES for p in line.precons}
    assert {s.lower() for s in expected} == {s.lower() for s in stems}


def _cockatrice_file(line: ProductLine, precon: Precon) -> Path:
    """The real file of a product, named as test_every_product_is_one_of_the_real_files says."""
    stem = "".join(w.replace("'s", "S").replace("-", "") for w in precon.product.split()) + "_" + line.set_code
    return next(p for p in COCKATRICE.glob("*.cod") if p.stem.lower() == stem.lower())


@pytest.mark.skipif(not COCKATRICE.is_dir(), reason="../shared/data/precons is not here")
def test_every_bundled_precon_is_the_real_list_card_for_card() -> None:
    """Each bundled precon, read as `load_deck` reads it, holds the same cards in the same
    numbers as the Cockatrice file it was converted from, and the product's size."""
    bundled = bundled_decks()
    for line in PRODUCT_LINES:
        for precon in line.precons:
            assert precon.deck in bundled, precon.deck
            ours = load_deck(precon.deck)
            real = read_deck_file(_cockatrice_file(line, precon))
            assert Counter(ours.cards) == Counter(real.cards), precon.deck
            assert len(ours.cards) == line.size, precon.deck
            assert ours.sideboard == [] == real.sideboard


@pytest.mark.skipif(not MAGARENA.is_dir(), reason="../shared/data/precons is not here")
def test_the_magarena_files_list_the_same_decks_as_cockatrices() -> None:
    files = sorted(MAGARENA.glob("*.dec"))
    assert len(files) == 2
    for path in files:
        found = precon_of(path.stem.split("_")[-1].lower())  # Theme-Deck_10E_R_40_Kamahls-Temper
        assert found is not None, path.name
        line, precon = found
        assert Counter(read_deck_file(path).cards) == Counter(read_deck_file(_cockatrice_file(line, precon)).cards)


def test_each_precon_file_opens_with_its_own_description() -> None:
    """The first line says what the product was and how it plays: not the converter's
    placeholder ("Tenth Edition theme deck: Arcanis's Guile (40 cards).")."""
    for line in PRODUCT_LINES:
        for precon in line.precons:
            first = bundled_decks()[precon.deck].split("\n", 1)[0]
            assert first.startswith("# ") and f"({line.size} cards" in first, precon.deck
            assert f"{precon.product} (" not in first, precon.deck  # the placeholder: "Product (40 cards)."
            assert len(first) > 100, precon.deck
