"""The gauntlet's model (mtg_tui.gauntlet) and its file (mtg_tui.persistence.gauntlet_file):
opponents in the product line's order, matches of one game or best of three, the summary,
progress kept in the data directory, a damaged file never written over."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from mtg_tui.gauntlet import PLAYER, GameResult, Gauntlet, GauntletError, game_result
from mtg_tui.persistence import gauntlet_file
from mtg_tui.persistence.decklists import load_deck
from mtg_tui.persistence.precons import product_line
from rules.play.construction import IllegalDeck

WON, LOST, DRAWN = GameResult("won", 7, "x loses"), GameResult("lost", 9, "alice concedes"), GameResult("drawn", 12, "")


def test_a_new_gauntlet_lists_the_sets_five_precons_in_order() -> None:
    g = Gauntlet.new("red-green", "m10", seed=40)
    line = product_line("M10")
    assert line is not None
    assert [m.deck for m in g.matches] == list(line.decks)
    assert g.set_code == "M10" and g.next_index == 0 and not g.finished and g.next_seed == 40


@pytest.mark.parametrize(("args", "said"), [
    (("red-green", "ZEN"), "no precons of set 'ZEN'"),
    (("red-green", "M10", 2), "1 game or best of 3"),
    (("red-green", "M10", 1, "genius"), "no computer player 'genius'"),
    (("red-green", "M10", 1, "easy", "1999"), "the ruleset is one of"),
])
def test_bad_settings_are_one_clear_error(args: tuple[object, ...], said: str) -> None:
    with pytest.raises(GauntletError, match=said):
        Gauntlet.new(*args)  # type: ignore[arg-type]


def test_one_game_matches_move_to_the_next_opponent_after_each_game() -> None:
    g = Gauntlet.new("red-green", "M11", seed=5)
    for result in (WON, LOST, DRAWN, WON, WON):
        assert not g.finished
        g = g.started().recorded(result)
    assert g.finished and g.next_index is None and g.games_played == 5
    s = g.summary()
    assert (s.matches_won, s.matches_lost, s.matches_drawn, s.games) == (3, 1, 1, 5)
    assert s.average_turns == pytest.approx((7 + 9 + 12 + 7 + 7) / 5)
    text = "\n".join(g.summary_text())
    assert "finished" in text and "matches won 3, lost 1, drawn 1; 5 games, average 8.4 turns" in text


def test_best_of_three_ends_at_two_wins_or_three_games() -> None:
    g = Gauntlet.new("red-green", "M12", best_of=3, seed=0)
    g = g.recorded(WON).recorded(WON)  # 2-0: decided
    assert g.matches[0].result(3) == "won" and g.next_index == 1
    g = g.recorded(WON).recorded(LOST)
    assert g.next_index == 1, "1-1: a third game"
    g = g.recorded(LOST)
    assert g.matches[1].result(3) == "lost" and g.matches[1].record() == "1-2"
    g = g.recorded(DRAWN).recorded(WON).recorded(DRAWN)  # three games, one win: won
    assert g.matches[2].result(3) == "won" and g.matches[2].record() == "1-0-2"
    assert g.next_seed == 8, "a seed for every game played"


def test_the_next_game_is_against_the_precon_as_sold_and_the_players_deck_is_checked(tmp_path: Path) -> None:
    g = Gauntlet.new("red-green", "10E", seed=3)  # Tenth Edition theme decks: 40 cards
    config = g.game_config()
    assert config.decks == ("red-green", "arcaniss-guile") and config.names == (PLAYER, "arcaniss-guile")
    assert config.computers() == {"arcaniss-guile": g.level} and config.seed == 3
    # the player's deck gets the check any game of it gets: a bundled precon is legal as sold
    # (100.2a's minimum is its own size), a 41-card file of the player's is not
    assert Gauntlet.new("firebomber", "10E").game_config().decks[0] == "firebomber"
    short = tmp_path / "short.txt"
    counts = Counter(load_deck("firebomber").cards)
    short.write_text("".join(f"{n} {name}\n" for name, n in counts.items()), encoding="utf-8")
    with pytest.raises(IllegalDeck):
        Gauntlet.new(str(short), "10E").game_config()
    assert Gauntlet.new(str(short), "10E", allow_illegal=True).game_config().decks[0] == str(short)


def test_a_game_is_known_by_its_seed_and_seats() -> None:
    g = Gauntlet.new("red-green", "M10", seed=10).started()
    assert g.is_its_game(10, (PLAYER, "deaths-minions"))
    assert not g.is_its_game(11, (PLAYER, "deaths-minions"))
    assert not g.is_its_game(10, ("alice", "bob"))
    assert not Gauntlet.new("red-green", "M10", seed=10).is_its_game(10, (PLAYER, "deaths-minions")), "none pending"


def test_a_games_result_says_how_it_ended() -> None:
    log = ["alice draws a card", "firebomber has 0 life and loses the game"]
    assert game_result(PLAYER, 8, log) == GameResult("won", 8, "firebomber has 0 life and loses the game")
    assert game_result("firebomber", 3, ["alice concedes"]).outcome == "lost"
    assert game_result(None, 40, ["a draws a card", "the game is a draw: x"]).ending == "the game is a draw: x"


def test_a_deck_file_is_kept_by_its_absolute_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mtg_tui.persistence.decklists import bundled_decks

    folder = tmp_path
    (folder / "mine.txt").write_text(bundled_decks()["red-green"], encoding="utf-8")
    monkeypatch.chdir(folder)
    g = Gauntlet.new("mine.txt", "M10")
    assert g.deck == str((folder / "mine.txt").resolve())
    assert g.same_run(str(folder / "mine.txt"), "m10")


# ------------------------------------------------------------ the file
def test_progress_is_kept_and_read_back() -> None:
    g, continued = gauntlet_file.begin(Gauntlet.new("red-green", "M10", best_of=3, level="easy", seed=7))
    assert not continued
    gauntlet_file.save_current(g.started())
    assert gauntlet_file.record_game(7, (PLAYER, "deaths-minions"), PLAYER, 6, ["deaths-minions concedes"]) is not None
    again, continued = gauntlet_file.begin(Gauntlet.new("red-green", "M10"))
    assert continued and again.best_of == 3 and again.level == "easy", "its own settings stand"
    assert again.matches[0].games == (GameResult("won", 6, "deaths-minions concedes"),)
    assert again.pending is None and again.next_seed == 8


def test_a_game_recorded_already_is_not_recorded_again() -> None:
    g, _ = gauntlet_file.begin(Gauntlet.new("red-green", "M10", best_of=3, seed=7))
    gauntlet_file.save_current(g.started())
    first = gauntlet_file.record_game(7, (PLAYER, "deaths-minions"), PLAYER, 6, [])
    again = gauntlet_file.record_game(7, (PLAYER, "deaths-minions"), PLAYER, 6, [])  # its game over shown again
    assert first is not None and again == first and again.games_played == 1
    assert not again.has_recorded(8, (PLAYER, "deaths-minions")), "not played yet"
    assert not again.has_recorded(7, (PLAYER, "firebomber"))


def test_another_game_is_not_recorded() -> None:
    g, _ = gauntlet_file.begin(Gauntlet.new("red-green", "M10", seed=7))
    gauntlet_file.save_current(g.started())
    assert gauntlet_file.record_game(8, (PLAYER, "deaths-minions"), PLAYER, 6, []) is None
    assert gauntlet_file.record_game(7, ("alice", "bob"), "alice", 6, []) is None
    stored = gauntlet_file.read().current
    assert stored is not None and stored.games_played == 0


def test_one_gauntlet_at_a_time() -> None:
    gauntlet_file.begin(Gauntlet.new("red-green", "M10"))
    with pytest.raises(GauntletError, match="a gauntlet is in progress.*--abandon"):
        gauntlet_file.begin(Gauntlet.new("red-green", "M11"))
    gone, said = gauntlet_file.abandon()
    assert gone is not None and said.startswith("abandoned")
    assert gauntlet_file.begin(Gauntlet.new("red-green", "M11"))[0].set_code == "M11"


def test_a_finished_gauntlet_joins_the_finished_ones() -> None:
    g, _ = gauntlet_file.begin(Gauntlet.new("red-green", "M10", seed=0))
    for i, opponent in enumerate(g.matches):
        current = gauntlet_file.read().current
        assert current is not None
        gauntlet_file.save_current(current.started())
        last = gauntlet_file.record_game(i, (PLAYER, opponent.deck), opponent.deck, 4, [])
    assert last is not None and last.finished
    store = gauntlet_file.read()
    assert store.current is None and len(store.finished) == 1 and store.finished[0].summary().matches_lost == 5


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": "something else"}),
                                  json.dumps({"format": gauntlet_file.FORMAT, "current": {"deck": 1}})])
def test_a_damaged_or_foreign_file_is_reported_and_never_written_over(text: str) -> None:
    path = gauntlet_file.gauntlet_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GauntletError, match=f"the gauntlet file {path}.*left as it is"):
        gauntlet_file.begin(Gauntlet.new("red-green", "M10"))
    assert path.read_text(encoding="utf-8") == text
    _, said = gauntlet_file.abandon()
    assert "moved to" in said and not path.exists()
    assert path.with_name("gauntlet-damaged.json").read_text(encoding="utf-8") == text


def test_after_a_game_the_game_over_screen_says_how_the_match_stands() -> None:
    g = Gauntlet.new("red-green", "M10", best_of=3, seed=0).recorded(WON)
    assert g.after_game() == "Gauntlet: against Death's Minions 1-0 so far; another game against it. n: the gauntlet."
    g = g.recorded(WON)
    assert g.after_game() == "Gauntlet: against Death's Minions won 2-0; next: Firebomber. n: the gauntlet."
    for _ in range(4):
        g = g.recorded(LOST).recorded(LOST)
    assert g.after_game() == "Gauntlet over: matches won 1, lost 4. n: the summary."
