"""Random decks for the fuzzer: legal, of two or three colours with a matching mana base, the
same for the same seed, and spread over the whole pool."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

import rules.play.simulate as simulate
from mtg_tui.cli.commands import main
from rules.cards import get_card
from rules.play.construction import construction_problems
from rules.play.random_decks import BASIC, LANDS, SPELLS, random_deck

from paths import ROOT


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


def test_an_error_of_a_run_with_imported_cards_names_the_pool_and_their_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Imported cards join the pool random decks are built from, so the same seed builds other
    decks without them: an error line says which pool and which imported sets, for the seed
    to be reproduced elsewhere."""
    def engine_bug(*args: object, **kwargs: object) -> int:
        raise RuntimeError("a forced engine error")

    monkeypatch.setattr(simulate, "play_out", engine_bug)
    args = ["simulate", "--random-decks", "--pool", "all", "--games", "1", "--seed", "4"]
    without = CliRunner().invoke(main, args)
    [line] = [x for x in without.output.splitlines() if "a forced engine error" in x]
    assert "random decks 8 and 9 of the all pool;" in line and "imported" not in line
    assert "reproduce with --random-decks --pool all --replay 4" in line
    sample = ROOT / "tests" / "cards" / "import_samples" / "scryfall_cards.json"
    imported = CliRunner().invoke(main, ["cards", "import", str(sample)])
    assert imported.exit_code == 0, imported.output
    sets = imported.output.split("sets: ")[1].splitlines()[0]  # what the import says it added
    with_cards = CliRunner().invoke(main, args)
    assert with_cards.exit_code == 1
    [line] = [x for x in with_cards.output.splitlines() if "a forced engine error" in x]
    assert f"random decks 8 and 9 of the all pool with imported cards of sets {sets};" in line, line
    as_json = CliRunner().invoke(main, [*args, "--json"])
    [error] = json.loads(as_json.output)["error_details"]
    assert error["decks"].endswith(f"with imported cards of sets {sets}")
