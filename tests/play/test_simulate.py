"""The simulator plays whole games between random agents with no engine error, checks its
invariants after every action when asked (`check`), and gives the same digest for the same
seed, in one process or several (`jobs`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_tui.persistence.decklists import bundled_decks
from rules.play.decklist import parse_deck
from rules.play.simulate import round_robin, scheduled_decks, simulate


@pytest.mark.parametrize("ruleset", ["2014", "2009"])
def test_random_games_have_no_errors_and_repeat_exactly(ruleset: str) -> None:
    decks = {name: parse_deck(text, name).cards for name, text in bundled_decks().items()}
    names = sorted(decks)
    pair = {"p1": decks[names[0]], "p2": decks[names[1]]}
    first = simulate(pair, games=6, seed=11, ruleset=ruleset, check=True)
    assert [e.message for e in first.errors] == []
    assert first.games == 6 and sum(first.wins.values()) + first.draws == 6
    again = simulate(pair, games=6, seed=11, ruleset=ruleset)
    assert again.digest == first.digest  # checking the invariants changes nothing in the games


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
        result = simulate({"p1": first.cards, "p2": second.cards}, games=8, seed=3, ruleset=ruleset, check=True)
        assert [e.message for e in result.errors] == [], (first.name, second.name)


def _bundled_pair() -> dict[str, list[str]]:
    decks = {name: parse_deck(text, name).cards for name, text in bundled_decks().items()}
    names = sorted(decks)
    return {"p1": decks[names[0]], "p2": decks[names[-1]]}


def test_several_worker_processes_give_the_same_results_and_digest_as_one() -> None:
    pair = _bundled_pair()
    alone = simulate(pair, games=4, seed=5, ruleset="2009")
    spread = simulate(pair, games=4, seed=5, ruleset="2009", jobs=2)
    assert (spread.digest, spread.wins, spread.draws, spread.decisions, spread.games) == (
        alone.digest, alone.wins, alone.draws, alone.decisions, alone.games)


def test_the_invariants_are_checked_after_every_action_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.play.simulate as sim

    calls: list[int] = []
    monkeypatch.setattr(sim, "check_invariants", lambda game: calls.append(1))
    pair = _bundled_pair()
    unchecked = simulate(pair, games=1, seed=2, ruleset="2009")
    assert calls == []
    checked = simulate(pair, games=1, seed=2, ruleset="2009", check=True)
    assert len(calls) == checked.decisions == unchecked.decisions > 0


def test_an_engine_error_is_reported_with_its_seed_and_the_run_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.play.simulate as sim

    def broken(game: object) -> None:
        raise sim.InvariantError("a broken invariant")
    monkeypatch.setattr(sim, "check_invariants", broken)
    result = simulate(_bundled_pair(), games=2, seed=7, ruleset="2009", check=True)
    assert result.games == 2
    assert [(e.seed, e.message) for e in result.errors] == [(7, "InvariantError: a broken invariant"),
                                                           (8, "InvariantError: a broken invariant")]


def test_a_long_legal_game_meets_its_turn_cap_not_the_decision_cap() -> None:
    """500 Forests a side: nothing ever happens, so the game goes on to the turn cap (a draw).
    The decision cap follows the turn cap; a fixed one (the default cap's, 20,000) stopped
    such a game as an engine error near turn 430."""
    forests = ["Forest"] * 500
    result = simulate({"p1": forests, "p2": forests}, games=1, seed=0, turn_cap=500)
    assert [e.message for e in result.errors] == []
    assert result.draws == 1
    from rules.play.simulate import DEFAULT_TURN_CAP, decision_cap

    assert result.decisions > decision_cap(DEFAULT_TURN_CAP)  # longer than the default cap allows: telling


def test_a_round_robin_plays_every_pair_once_and_each_round_every_name() -> None:
    names = [f"d{i}" for i in range(20)]
    pairs = round_robin(names)
    assert len(pairs) == 190 and len({frozenset(p) for p in pairs}) == 190
    for r in range(19):
        played = [name for pair in pairs[10 * r:10 * r + 10] for name in pair]
        assert sorted(played) == sorted(names), r
    odd = round_robin(["a", "b", "c"])
    assert sorted(map(sorted, odd)) == [["a", "b"], ["a", "c"], ["b", "c"]]


def test_a_schedule_gives_each_seed_its_pair_named_after_the_decks_seats_swapped_on_the_next_pass() -> None:
    decks = {"x": ["Forest"] * 60, "y": ["Island"] * 60, "z": ["Swamp"] * 60}
    schedule = round_robin(list(decks))
    first = scheduled_decks(schedule, decks, 0)
    assert list(first) == list(schedule[0]) and first[schedule[0][0]] == decks[schedule[0][0]]
    assert list(scheduled_decks(schedule, decks, 3)) == list(reversed(schedule[0]))  # pass 2: seats swapped
    result = simulate(decks, games=3, seed=0, ruleset="2009", schedule=schedule, turn_cap=4)
    assert result.games == 3 and set(result.wins) <= set(decks) and not result.errors
