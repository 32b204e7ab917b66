"""The client's loop without a terminal: where it passes for a player (auto-pass and
priority stops), the goldfish autopilot, undo, configs and saved games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import position

from mtg_tui.config import GameConfig
from mtg_tui.persistence.decklists import DeckError
from mtg_tui.persistence.saves import SaveError, load, save
from mtg_tui.session import Session, Yield
from mtg_tui.stops import Stops
from rules.engine.core import actions as A


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


# ------------------------------------------------------------ smart stops and passing modes
def test_combat_stops_need_an_attacker_508_8() -> None:
    """bob may Bolt, and stops on alice's declare attackers step by default; alice has no
    creature, so there is no combat to answer: bob is asked first at alice's end step."""
    game = position({"alice": {}, "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}})
    s = Session(game)
    s.advance()
    assert (game.turn, game.step, s.decider) == (1, "end", "bob")


def test_a_shield_nobody_threatens_costs_no_handoff_701_12() -> None:
    """Drudge Skeletons' regeneration: no stop for bob on alice's turn while nothing can
    destroy it; asked at once when alice's Lightning Bolt is on the stack."""
    game = position({"alice": {}, "bob": {"hand": ["Swamp"], "battlefield": ["Drudge Skeletons", "Swamp"]}})
    s = Session(game)
    s.act("alice: pass")  # nothing for bob to do on alice's turn: the client passes to bob's turn
    assert game.turn == 2 and game.step == "main1" and s.decider == "bob"
    game2 = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                      "bob": {"battlefield": ["Drudge Skeletons", "Swamp"]}})
    s2 = Session(game2)
    s2.act("alice: cast Lightning Bolt targeting Drudge Skeletons")
    assert s2.decider == "bob" and game2.stack


def test_passing_to_the_next_step_stops_there() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}})
    s = Session(game)
    s.pass_until("alice", "step")
    assert (game.step, s.decider) == ("begin_combat", "alice") and "alice" not in s.yields


def test_passing_to_end_of_turn_stops_at_your_main_2_when_you_can_act_only_then_307_1() -> None:
    """A creature spell (sorcery timing, 307.1) or a land (305.1) stops `e` at main 2."""
    for hand, lands in ((["Runeclaw Bear"], ["Forest", "Forest"]), (["Forest"], [])):
        game = position({"alice": {"hand": hand, "battlefield": lands}, "bob": {}})
        s = Session(game)
        s.pass_until_end_of_turn("alice")
        assert (game.turn, game.step, s.decider) == (1, "main2", "alice")
        s.pass_until_end_of_turn("alice")
        assert game.turn == 2


def test_passing_to_end_of_turn_does_not_stop_at_main_2_for_an_instant() -> None:
    """Issue 15: Lightning Bolt or Doom Blade in hand can be cast later (an instant): `e`
    goes on to the end of the turn."""
    for instant, land in (("Lightning Bolt", "Mountain"), ("Doom Blade", "Swamp")):
        game = position({"alice": {"hand": [instant], "battlefield": [land, land]},
                         "bob": {"battlefield": ["Runeclaw Bear"]}})
        s = Session(game)
        s.pass_until_end_of_turn("alice")
        assert game.turn == 2, (game.turn, game.step)


def test_yield_to_my_turn_unless_a_spell_is_cast() -> None:
    players = {"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
               "bob": {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain"]}}
    game = position(players)
    s = Session(game)
    s.pass_until("alice", "turn")
    assert s.decider == "bob" and game.step == "end"  # bob's stop on alice's end step: he may Bolt
    while s.decider == "bob":
        s.act(A.Pass("bob"))
    assert game.turn == 3 and game.active == "alice" and "alice" not in s.yields  # her end-step stop passed too
    game = position(players)
    s = Session(game)
    s.pass_until("alice", "turn")
    s.act("bob: cast Lightning Bolt targeting alice")
    assert s.decider == "alice" and game.stack and "alice" not in s.yields  # a spell: she is asked


def test_escape_cancels_a_passing_mode() -> None:
    game = position({"alice": {}, "bob": {}})
    s = Session(game)
    s.yields["alice"] = Yield("turn", 1, "main1")
    assert s.cancel_yield("alice") and not s.cancel_yield("alice")


# ------------------------------------------------------------ undo in hotseat
def test_hotseat_undo_takes_back_your_own_decision() -> None:
    game = position({"alice": {"hand": ["Mountain", "Lightning Bolt"]}, "bob": {}})
    s = Session(game)
    s.act("alice: play Mountain")
    assert s.undo_refusal("alice") is None and s.undo("alice")
    assert [game.objects[i].name for i in s.game.player("alice").hand] == ["Mountain", "Lightning Bolt"]


def test_hotseat_undo_is_refused_once_the_other_player_acted() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}})
    s = Session(game)
    s.act("alice: cast Lightning Bolt targeting bob")
    assert s.decider == "bob"  # he may respond
    s.act("bob: pass")  # the Bolt resolves; alice may still play her Mountain
    assert s.decider == "alice" and game.player("bob").life == 17
    assert s.undo_refusal() == "bob has acted since alice's last decision"
    assert not s.undo()


def test_hotseat_undo_is_refused_after_a_draw_121() -> None:
    game = position({"alice": {"hand": ["Divination", "Lightning Bolt"],
                               "battlefield": ["Island", "Island", "Island", "Mountain"]}, "bob": {}})
    s = Session(game)
    s.act("alice: cast Divination")  # bob can't respond: it resolves, alice draws two
    assert s.decider == "alice" and len(game.player("alice").hand) == 3
    assert s.undo_refusal("alice") == "alice drew a card since: taking it back would reveal hidden information"
    assert not s.undo("alice")


def test_hotseat_undo_is_refused_after_a_random_choice() -> None:
    """Hypnotic Specter's damage makes bob discard at random: alice, who attacked, may not
    take the attack back and try for another card."""
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Hypnotic Specter", "Mountain"]},
                     "bob": {"hand": ["Island", "Forest", "Craw Wurm"]}}, step="begin_combat")
    s = Session(game)
    s.advance()
    assert game.decision.kind == "attackers"
    s.act("alice: attack Hypnotic Specter")
    assert s.decider == "alice" and game.step == "declare_blockers"  # her stop: she may Bolt
    assert s.undo_refusal() is None  # nothing hidden yet
    s.act("alice: pass")
    assert s.decider == "alice" and game.step == "main2" and len(game.player("bob").hand) == 2
    why = s.undo_refusal("alice")
    assert why is not None and "random" in why


def test_hotseat_undo_is_refused_after_a_look_at_the_library_401_1() -> None:
    game = position({"alice": {"hand": ["Sage Owl", "Lightning Bolt"],
                               "battlefield": ["Island", "Island", "Island", "Island", "Mountain"]}, "bob": {}})
    s = Session(game)
    s.act("alice: cast Sage Owl")
    while s.decider == "alice" and game.decision.kind != "priority":
        s.act(next(iter(game.actions)))
    while game.stack:
        s.act(A.Pass(game.decision.player))
    why = s.undo_refusal("alice")
    assert why is not None and "looked at or revealed hidden cards" in why


def test_a_finished_hotseat_game_undoes_the_winning_decision() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {"life": 3}})
    s = Session(game)
    s.act("alice: cast Lightning Bolt targeting bob")
    assert game.over and s.decider is None
    assert s.can_undo() and s.undo()
    assert not s.game.over and s.game.player("bob").life == 3


def test_a_computer_seat_named_after_a_precon_is_shown_by_the_products_name() -> None:
    """The gauntlet names the computer's seat after the precon it plays (its deck name);
    the client shows the product's name."""
    assert Session.computer_label("arcaniss-guile") == "Arcanis's Guile (computer)"
    assert Session.computer_label("bob") == "bob (computer)"
