"""Random decks for the fuzzer: legal, of two or three colours with a matching mana base, the
same for the same seed, and spread over the whole pool."""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from mtg_tui.cli import main
from rules.cards import get_card
from rules.play.construction import construction_problems
from rules.play.random_decks import BASIC, LANDS, SPELLS, random_deck


@pytest.mark.parametrize("seed", range(12))
def test_a_random_deck_is_legal_and_its_lands_make_its_colours(seed: int) -> None:
    deck = random_deck(seed)
    assert construction_problems(deck) == [] and len(deck) == SPELLS + LANDS  # 100.2a
    spells = [get_card(n) for n in deck if not get_card(n).is_type("Land")]
    lands = Counter(n for n in deck if get_card(n).is_type("Land"))
    colors = {c for c, land in BASIC.items() if land in lands}
    assert 2 <= len(colors) <= 3 and sum(lands.values()) == LANDS
    assert all(card.colors <= colors for card in spells)
    assert all(card.supported for card in spells)


def test_the_same_seed_gives_the_same_deck_and_seeds_reach_much_of_the_pool() -> None:
    assert random_deck(7) == random_deck(7)
    seen = {n for seed in range(60) for n in random_deck(seed)}
    assert len(seen) > 300


def test_an_unknown_pool_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown pool"):
        random_deck(1, "some")


def test_simulate_random_decks_from_the_command_line() -> None:
    r = CliRunner().invoke(main, ["simulate", "--random-decks", "--games", "2", "--seed", "3", "--rules", "2009",
                                  "--check"])
    assert r.exit_code == 0, r.output
    assert "errors: 0" in r.output
    r = CliRunner().invoke(main, ["simulate", "red-green", "--random-decks"])
    assert r.exit_code != 0 and "not both" in r.output
    r = CliRunner().invoke(main, ["simulate", "red-green"])
    assert r.exit_code != 0 and "--random-decks" in r.output
