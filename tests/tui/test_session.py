"""The client's loop without a terminal: where it passes for a player (auto-pass and
priority stops), the goldfish autopilot, undo, configs and saved games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import position

from mtg_tui.config import GameConfig
from mtg_tui.decklists import DeckError
from mtg_tui.saves import SaveError, load, save
from mtg_tui.session import Session, Yield
from mtg_tui.stops import Stops
from rules.engine import actions as A


def test_nothing_relevant_to_do_means_the_client_passes_117_3() -> None:
    game = position({"alice": {"hand": ["Craw Wurm"], "battlefield": ["Forest"]}, "bob": {}})
    s = Session(game)
    assert s.auto_answer(game.decision) == A.Pass("alice")  # Craw Wurm costs six


def test_a_relevant_action_stops_at_a_main_phase_but_not_at_upkeep() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}})
    s = Session(game)
    assert s.auto_answer(game.decision) is None
    upkeep = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}},
                      step="upkeep")
    assert Session(upkeep).auto_answer(upkeep.decision) == A.Pass("alice")


def test_an_opponents_spell_stops_a_player_who_can_respond() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Runeclaw Bear"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": ["Forest"]}})
    s = Session(game)
    s.act("alice: cast Lightning Bolt targeting bob")
    assert game.decision.player == "bob" and game.stack  # alice's own spell: passed for her
    assert s.auto_answer(game.decision) is None


def test_toggling_a_stop_changes_where_the_client_stops() -> None:
    stops = Stops()
    assert stops.has(True, "main1") and not stops.has(True, "upkeep")
    assert stops.toggle(True, "upkeep") and stops.has(True, "upkeep")
    assert not stops.toggle(True, "upkeep")
    with pytest.raises(ValueError):
        stops.toggle(True, "lunch")


def test_pass_until_end_of_turn_stops_when_attacked() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}}, active="bob", step="upkeep")
    s = Session(game)
    s.advance()
    s.yields["alice"] = Yield("eot", game.turn, game.step)
    while game.decision.kind != "attackers":
        s.act(A.Pass(game.decision.player))
    s.act("bob: attack Runeclaw Bear")
    assert game.decision.player == "alice" and game.step == "declare_attackers"
    assert "alice" not in s.yields


def test_the_goldfish_keeps_passes_and_never_blocks() -> None:
    cfg = GameConfig("goldfish", ("red-green",), seed=4).checked()
    s = Session(cfg.new_game(), cfg)
    s.advance()
    assert s.decider == "alice" and s.humans == ["alice"]
    assert s.game.player("goldfish").life == 20 and s.game.player("goldfish").library == []


def test_kill_turn_counts_the_winners_own_turns() -> None:
    game = position({"alice": {"battlefield": ["Craw Wurm"]}, "goldfish": {"life": 6}},
                    goldfish=("goldfish",), turn=5, step="begin_combat")
    s = Session(game)
    s.advance()
    s.act("alice: attack Craw Wurm")
    assert game.over and game.winner == "alice"
    assert s.kill_turn() == 3  # turns 1, 3, 5 were alice's


def test_undo_goes_back_to_before_the_last_human_action() -> None:
    game = position({"alice": {"hand": ["Forest", "Mountain"]}, "goldfish": {}}, goldfish=("goldfish",))
    s = Session(game)
    s.act("alice: play Forest")
    assert s.can_undo()
    assert s.undo()
    assert sorted(s.game.objects[i].name for i in s.game.player("alice").hand) == ["Forest", "Mountain"]
    assert not s.undo()


def test_configs_say_what_is_wrong() -> None:
    with pytest.raises(DeckError, match="no deck called 'nope'"):
        GameConfig("hotseat", ("nope", "red-green")).checked()
    with pytest.raises(ValueError, match="different names"):
        GameConfig("hotseat", ("red-green", "red-green"), ("al", "al")).checked()
    with pytest.raises(ValueError, match="single words"):
        GameConfig("goldfish", ("red-green",), ("a b",)).checked()
    cfg = GameConfig("hotseat", ("red-green", "white-blue"), ("ann",), seed=3).checked()
    assert cfg.names == ("ann", "bob") and cfg.next_seed().seed == 4


def test_a_saved_game_loads_to_the_same_position(tmp_path: Path) -> None:
    cfg = GameConfig("hotseat", ("red-green", "white-blue"), seed=8).checked()
    s = Session(cfg.new_game(), cfg, open_hands=True)
    s.act(A.Keep(s.decider))
    path = save(s, tmp_path / "g.json")
    loaded = load(path)
    assert loaded.game.view("alice") == s.game.view("alice") and loaded.open_hands


@pytest.mark.parametrize("content, message", [
    (None, "no file"), ("{", "bad JSON"), ("[]", "not a saved game"),
    ('{"setup": {"players": []}, "actions": ["alice: fly"]}', "its format is None; this version of mtg-tui reads"),
    ('{"format": "mtg-tui game record 7", "setup": {}, "actions": []}', "its format is 'mtg-tui game record 7'"),
    ('{"format": "mtg-tui game record 1", "setup": {"players": []}, "actions": ["alice: fly"]}', "can't be loaded"),
    ('{"format": "mtg-tui game record 1", "setup": {"players": [{"name": "alice"}, {"name": "bob"}], '
     '"position": true}, "actions": ["alice: fly"]}', "action 1 of 1 \\('alice: fly'\\) doesn't replay"),
    ("{}", "not a saved game"), ("", "bad JSON"),
])
def test_a_bad_save_file_is_a_clear_error(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "save.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(SaveError, match=message):
        load(path)


def test_a_save_names_its_players_and_is_json(tmp_path: Path) -> None:
    game = position({"alice": {}, "bob": {}})
    path = save(Session(game), tmp_path / "sub" / "x.json")
    client = json.loads(path.read_text())["client"]
    assert client["players"] == ["alice", "bob"] and client["open_hands"] is False and client["over"] is False


def test_target_choices_are_not_capped_like_legal_actions() -> None:
    from rules.play.assist import target_choices
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"] + ["Runeclaw Bear"] * 15},
                     "bob": {"battlefield": ["Elite Vanguard"] * 15}})
    bolt = next(a for a in game.legal_actions() if isinstance(a, A.Cast))
    (choice,) = target_choices(game, bolt)
    assert len(choice.options) == 32  # 30 creatures and 2 players; legal_actions lists at most 24 combinations


def test_the_client_never_passes_a_player_into_mana_burn_300_3() -> None:
    """2009: unused mana burns as a phase ends.  A player with mana in their pool and
    nothing else to do is asked, not passed for, when passing would end the phase."""
    game = position({"alice": {"battlefield": ["Mountain"]}, "bob": {}}, rules="2009")
    s = Session(game, open_hands=True)
    s.act("alice: activate Mountain")
    d = s.game.decision
    assert d.kind == "priority" and d.player == "alice" and s.game.step == "main1"
    from rules.play.assist import mana_burn_if_passed
    assert mana_burn_if_passed(s.game, "alice") == 1
    s.act("alice: pass")  # passed on purpose: the phase ends and the mana burns
    assert s.game.player("alice").life == 19


def test_a_player_controlling_the_goldfishs_turn_makes_its_decisions_712() -> None:
    """Sorin Markov's -7 on the goldfish: during the goldfish's next turn the client doesn't
    answer for it; the human who controls it decides, as the goldfish (712 / 507)."""
    game = position({"alice": {"battlefield": [{"card": "Sorin Markov", "counters": {"loyalty": 7}}],
                               "library": ["Swamp", "Swamp"]},
                     "goldfish": {"battlefield": ["Forest", "Forest"], "hand": ["Grizzly Bears"],
                                  "library": ["Forest", "Forest"]}}, goldfish=("goldfish",))
    s = Session(game)
    s.act("alice: activate Sorin Markov ability 3 targeting goldfish")
    while game.active != "goldfish":
        s.act(A.Pass(game.decision.player))
    assert game.decision.player == "goldfish" and s.decider == "alice"
    assert s.auto_answer(game.decision) is None
    while game.step != "main1":
        s.act(A.Pass(game.decision.player))
    s.act("cast Grizzly Bears", "goldfish")
    assert [it.name for it in game.stack] == ["Grizzly Bears"]
