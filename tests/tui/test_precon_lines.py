"""The product-line table (mtg_tui/persistence/precons.py): the era's 20 official precons,
five per set, named as the products were, and each named as Cockatrice's real file of it."""

from __future__ import annotations

import pytest

from mtg_tui.persistence.precons import PRODUCT_LINES, deck_name, precon_of, product_line
from tests.paths import SHARED

COCKATRICE = SHARED / "data" / "precons" / "cockatrice"


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
