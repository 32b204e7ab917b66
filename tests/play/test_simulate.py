"""The simulator plays whole games between random agents with no engine error, checks its
invariants after every action, and gives the same digest for the same seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_tui.decklists import bundled_decks
from rules.play.decklist import parse_deck
from rules.play.simulate import simulate


@pytest.mark.parametrize("ruleset", ["2014", "2009"])
def test_random_games_have_no_errors_and_repeat_exactly(ruleset: str) -> None:
    decks = {name: parse_deck(text, name).cards for name, text in bundled_decks().items()}
    names = sorted(decks)
    pair = {"p1": decks[names[0]], "p2": decks[names[1]]}
    first = simulate(pair, games=6, seed=11, ruleset=ruleset)
    assert [e.message for e in first.errors] == []
    assert first.games == 6 and sum(first.wins.values()) + first.draws == 6
    again = simulate(pair, games=6, seed=11, ruleset=ruleset)
    assert again.digest == first.digest


FUZZ_DECKS = sorted((Path(__file__).parent / "fuzz_decks").glob("*.txt"))


@pytest.mark.parametrize("ruleset", ["2014", "2009"])
def test_the_fuzz_decks_of_formerly_partial_cards_play_without_errors(ruleset: str) -> None:
    """Legal decks built from cards that the layer system, copies, divided damage and
    the new triggers made playable: every card fully supported, random games error-free
    (the simulator checks its invariants after every action)."""
    from rules.cards import get_card
    from rules.play.construction import check_construction

    decks = [parse_deck(p.read_text(encoding="utf-8"), p.stem) for p in FUZZ_DECKS]
    assert len(decks) >= 2
    for deck in decks:
        check_construction(deck, ruleset)
        assert all(get_card(name).supported for name in deck.cards), deck.name
    for first, second in zip(decks, decks[1:] + decks[:1], strict=True) if len(decks) > 2 else [decks]:
        result = simulate({"p1": first.cards, "p2": second.cards}, games=8, seed=3, ruleset=ruleset)
        assert [e.message for e in result.errors] == [], (first.name, second.name)
