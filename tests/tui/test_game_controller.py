"""The game screen's session logic driven headless (mtg_tui/game_controller.py, issue 27): no
App, no Pilot, no terminal.  A goldfish game started, a land played, a pass, undo; a game
against the computer reaching its decision and its answer played (or dropped after undo), its
hand never on the human's board; the hotseat handover behind a cover, each player's board
showing their own hand only; and the controller, each of its parts (mtg_tui/controller/) alone,
loads without Textual or Rich."""

from __future__ import annotations

import subprocess
import sys
from functools import partial

import pytest
from conftest import position

from mtg_tui.config import GameConfig
from mtg_tui.game_controller import GameController, PickTargets, Send
from mtg_tui.session import Session
from rules.engine.core import actions as A
from rules.play.autopilot import goldfish_answer

from paths import ROOT


def controller(cfg: GameConfig) -> GameController:
    """A controller on a new game of `cfg`, the client having answered what nobody sees."""
    cfg = cfg.checked()
    session = Session(cfg.new_game(), cfg, open_hands=cfg.open_hands, computers=cfg.computers())
    session.advance()
    return GameController(session)


# the controller and each of its parts (mtg_tui/controller/), each loaded alone
CONTROLLER_MODULES = ["mtg_tui.game_controller"] + sorted(
    f"mtg_tui.controller.{p.stem}" for p in (ROOT / "mtg_tui" / "controller").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("module", CONTROLLER_MODULES)
def test_the_controller_loads_without_textual_or_rich(module: str) -> None:
    code = (f"import sys, {module}; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')); "
            "print(' '.join(bad)); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"{module} imports {done.stdout.strip()} {done.stderr[-300:]}"


def test_a_goldfish_game_starts_keeps_and_plays_a_land_then_undo_takes_it_back() -> None:
    c = controller(GameConfig("goldfish", ("red-green",), seed=4))
    step = c.catch_up()
    assert (step.kind, step.new, step.dialog) == ("decision", True, True)  # the mulligan: a dialog
    assert c.viewer == "alice" and not c.hides_hands()
    assert c.act(A.Keep("alice")) is None
    step = c.catch_up()
    game = c.game
    assert step.kind == "decision" and not step.dialog and game.decision.kind == "priority"
    assert c.my_priority() and c.conceder() == "alice"
    hand = len(game.player("alice").hand)
    land = next(a for a in c.legal() if isinstance(a, A.PlayLand))
    name = game.objects[land.card].name
    assert c.act(land) is None
    assert [o.name for o in game.permanents("alice")] == [name]
    assert c.undo() and c.said == ("undone", "$text-success")
    assert c.catch_up().new and c.game.decision.kind == "priority" and c.game.turn == 1
    assert not c.game.permanents("alice") and len(c.game.player("alice").hand) == hand


def test_a_refused_answer_is_said_and_changes_nothing() -> None:
    c = controller(GameConfig("goldfish", ("red-green",), seed=4))
    c.act(A.Keep("alice"))
    c.catch_up()
    before = list(c.game.record)
    refusal = c.act(A.Cast("alice", 10 ** 6))
    assert refusal is not None and c.said[0] == "refused: " + refusal and c.said[1] == "bold $text-error"
    assert c.game.record == before and not c.catch_up().new


def test_a_pass_moves_the_game_and_undo_brings_it_back() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "goldfish": {}},
                    goldfish=("goldfish",))
    c = GameController(Session(game))
    assert c.catch_up().kind == "decision" and game.decision.player == "alice"
    at = (game.turn, game.step, len(game.record))
    assert c.pass_priority()
    assert (c.game.turn, c.game.step) != at[:2]  # the client passed on to alice's next stop
    assert c.undo()
    c.catch_up()
    assert (c.game.turn, c.game.step, len(c.game.record)) == at
    assert not c.undo() and c.said == ("can't undo: nothing to undo", "$text-warning")


def test_passing_with_a_decision_that_is_not_priority_says_so() -> None:
    c = controller(GameConfig("goldfish", ("red-green",), seed=4))
    c.catch_up()  # the mulligan
    assert not c.pass_priority()
    assert c.said == ("the engine is waiting for mulligan, not a pass", "$text-warning")


def assert_sees_only_own_hand(c: GameController, viewer: str, other: str) -> None:
    """The controller's board is `viewer`'s: their hand in full, `other`'s only counted."""
    b = c.board()
    assert b.me.name == viewer and b.them.name == other
    assert [card.id for card in b.hand if card.zone != "graveyard"] == c.game.player(viewer).hand
    assert b.their_hand is None and b.them.hand is None
    assert b.them.hand_count == len(c.game.player(other).hand)


def human_answers_until_the_computer_decides(c: GameController, limit: int = 200) -> None:
    """The human keeps, plays a land when there is one, passes, and answers the rest as the
    autopilot would, until the computer's seat must decide."""
    for _ in range(limit):
        if c.catch_up().kind == "computer":
            return
        d = c.game.decision
        assert d is not None, "the game ended before the computer decided"
        land = [a for a in c.legal() if isinstance(a, A.PlayLand)] if d.kind == "priority" else []
        if land:
            assert c.act(land[0]) is None
        elif d.kind == "priority":
            assert c.pass_priority()
        else:
            assert c.act(goldfish_answer(c.game, d)) is None
    raise AssertionError("the computer never had a decision")


def test_against_the_computer_its_decision_is_worked_out_and_played() -> None:
    c = controller(GameConfig("computer", ("red-green", "white-blue"), seed=3, ai="easy"))
    c.computer_pause = 0.0
    for _ in range(4):  # a few of its decisions, the human answering in between
        human_answers_until_the_computer_decides(c)
        seat = c.session.computer_deciding()
        assert seat == "bob" and c.picker is None and c.viewer == "alice"
        assert_sees_only_own_hand(c, "alice", "bob")
        started = c.start_thinking()
        assert started is not None and c.computer_busy() and c.start_thinking() is None  # one answer at a time
        token, answer = started
        game, at = c.game, len(c.game.record)
        action = answer(None)
        c.say()
        outcome = c.computer_answered(token, game, at, action)
        assert outcome == "played" and not c.computer_busy()
        assert len(game.record) > at and game.record[at] == action
        if not isinstance(action, A.Pass):  # what it did, on the message line, named as the client names it
            assert "bob (computer) " in c.said[0] and c.said[1] == "$text-accent"
            assert c.catch_up().held == "bob (computer) acted" or c.session.computer_deciding() == "bob"


def test_the_computers_answer_is_dropped_when_undo_came_first() -> None:
    c = controller(GameConfig("computer", ("red-green", "white-blue"), seed=3, ai="easy"))
    human_answers_until_the_computer_decides(c)
    c.session.play_computer()
    human_answers_until_the_computer_decides(c)  # past alice's first decision: something to undo
    started = c.start_thinking()
    assert started is not None
    token, answer = started
    game, at = c.game, len(c.game.record)
    action = answer(None)
    assert c.undo() and not c.computer_busy()
    assert c.computer_answered(token, game, at, action) == "dropped"
    assert len(c.game.record) < at or c.game is not game  # taken back, and its answer not played


def test_an_answer_for_a_game_that_moved_on_is_stale() -> None:
    c = controller(GameConfig("computer", ("red-green", "white-blue"), seed=3, ai="easy"))
    human_answers_until_the_computer_decides(c)
    started = c.start_thinking()
    assert started is not None
    token, answer = started
    action = answer(None)
    assert c.computer_answered(token, c.game, len(c.game.record) - 1, action) == "stale"
    assert not c.computer_busy() and c.session.computer_deciding() == "bob"


def test_a_hotseat_handover_goes_behind_a_cover() -> None:
    c = controller(GameConfig("hotseat", ("red-green", "white-blue"), seed=3))
    assert c.hides_hands() and c.viewer is None
    first = c.game.decision.player
    assert c.handing_over(covering=False) and not c.handing_over(covering=True)
    step = c.catch_up()
    assert step.kind == "cover" and c.viewer == first and c.cover_decider() == first
    second = next(p.name for p in c.game.players if p.name != first)
    assert_sees_only_own_hand(c, first, second)  # drawn behind the cover for the player taking the keyboard
    c.uncovered()
    assert c.serial == () and c.catch_up().kind == "decision"


def test_open_hands_show_the_other_hand_too() -> None:
    c = controller(GameConfig("hotseat", ("red-green", "white-blue"), seed=3, open_hands=True))
    assert not c.hides_hands() and c.catch_up().kind == "decision"
    b = c.board()
    other = b.them.name
    assert b.their_hand is not None and [card.id for card in b.their_hand] == c.game.player(other).hand


def hand_card(c: GameController, name: str) -> dict:
    return next(card for card in c.board().hand if card.name == name)


def test_enter_on_a_land_plays_it_and_on_a_spell_with_targets_picks_them_on_the_board() -> None:
    game = position({"alice": {"hand": ["Mountain", "Lightning Bolt"], "battlefield": ["Mountain"]},
                     "goldfish": {}}, goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    land = hand_card(c, "Mountain")
    assert c.use_card("hand", land) == Send(A.PlayLand("alice", land.id))
    bolt = c.use_card("hand", hand_card(c, "Lightning Bolt"))
    assert isinstance(bolt, PickTargets) and "goldfish" in bolt.picker.choices
    c.picker = bolt.picker
    letters, off_board = c.letters(c.board())  # a letter for each choice on the board, none off it
    assert set(letters) == set(bolt.picker.choices) and off_board == []
    bolt.picker.press("goldfish")
    action = bolt.picker.answer()
    assert isinstance(action, A.Cast) and action.targets == ("goldfish",)
    assert c.act(action) is None and c.game.player("goldfish").life == 17


def test_enter_on_what_the_engine_does_not_list_sends_it_for_its_refusal() -> None:
    game = position({"alice": {"hand": ["Craw Wurm"], "battlefield": ["Forest"]}, "goldfish": {}},
                    goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    wurm = hand_card(c, "Craw Wurm")
    step = c.use_card("hand", wurm)
    assert step == Send(A.Cast("alice", wurm.id))  # six mana it hasn't: the engine says so
    assert c.act(step.action) is not None and c.said[0].startswith("refused: ")


def test_an_ability_on_the_battlefield_is_announced_with_its_targets() -> None:
    game = position({"alice": {"battlefield": ["Prodigal Pyromancer"]}, "goldfish": {}}, goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    pyromancer = c.board().mine[0]
    step = c.use_card("mine", pyromancer)
    assert isinstance(step, PickTargets) and step.picker.choices
    assert c.title(A.Activate("alice", pyromancer.ids[0], 1)) == "Prodigal Pyromancer"


def test_which_keys_apply_follows_the_decision() -> None:
    c = controller(GameConfig("goldfish", ("red-green",), seed=4))
    c.catch_up()  # the mulligan: a dialog
    state = partial(c.key_state, phases=False, own_card=lambda: True)
    assert state("open_dialog") and state("pass_priority") is False and state("play") is False
    assert state("undo") is False  # nothing to take back yet: hidden
    c.act(A.Keep("alice"))
    c.catch_up()
    assert state("open_dialog") is False and state("pass_priority") and state("play")
    assert c.key_state("play", phases=False, own_card=lambda: False) is None  # greyed: nothing of theirs selected
    assert c.key_state("toggle_stop", phases=True, own_card=lambda: True) and state("toggle_stop") is False
    assert state("undo") and state("deck_lab") and state("concede") and state("summary") is False


def test_the_cursor_starts_on_a_useful_card_and_moves_between_zones() -> None:
    game = position({"alice": {"hand": ["Craw Wurm", "Lightning Bolt"], "battlefield": ["Mountain"]},
                     "goldfish": {}}, goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    assert c.cursor_needs_placing() and c.set_cursor() and not c.cursor_needs_placing()
    card, _ = c.selected_card(c.board())
    assert c.zone == "hand" and card is not None and card.name == "Lightning Bolt"  # not the Wurm it can't cast
    c.move("up")
    card, _ = c.selected_card(c.board())
    assert c.zone == "mine" and c.own_card_selected() and card is not None and card.name == "Mountain"
    c.move("up")
    assert c.zone == "theirs" and not c.own_card_selected()


def test_a_stop_toggled_on_the_phase_bar_is_the_viewers() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "goldfish": {}},
                    goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    while c.zone != "phases":
        c.move("tab")
    c.move("home")  # untap
    c.move("right")  # upkeep
    assert "upkeep" not in c.stops_shown() and c.editing_own_turns()
    c.toggle_stop()
    assert "upkeep" in c.stops_shown() and c.session.stops["alice"].has(True, "upkeep")
    assert c.said == ("stop set on your turns: upkeep", "$text-success")
    card, facts = c.step_facts()
    assert card is not None and card.name == "upkeep" and facts == ["stop set"]


def test_the_cover_says_who_takes_the_keyboard_and_what_is_on_the_stack() -> None:
    game = position({"alice": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Grizzly Bears"]},
                     "bob": {"hand": ["Lightning Bolt"],
                                                                     "battlefield": ["Mountain"]}},
                    step="main1", active="bob")
    c = GameController(Session(game))
    assert c.catch_up().kind == "cover" and c.cover_ask() == ("bob", "Your priority.")
    c.uncovered()
    c.catch_up()
    bolt = game.player("bob").hand[0]
    bears = next(o.id for o in game.permanents("alice") if o.name == "Grizzly Bears")
    assert c.act(A.Cast("bob", bolt, targets=(bears,))) is None
    assert c.catch_up().kind == "cover"
    assert c.cover_ask() == ("alice", "Your priority: bob's Lightning Bolt is on the stack.")


def test_e_passes_to_the_end_of_the_turn_or_says_what_the_engine_waits_for() -> None:
    c = controller(GameConfig("goldfish", ("red-green",), seed=4))
    c.catch_up()  # the mulligan
    assert not c.pass_to_end_of_turn() and c.said[0] == "the engine is waiting for mulligan, not a pass"
    c.act(A.Keep("alice"))
    c.catch_up()
    before = (c.game.turn, c.game.step)
    assert c.pass_to_end_of_turn() and (c.game.turn, c.game.step) != before


def test_while_the_computer_decides_the_prompt_says_thinking_then_its_progress_or_its_pause() -> None:
    c = controller(GameConfig("computer", ("red-green", "white-blue"), seed=3, ai="easy"))
    assert c.computer_ask() == ("is thinking…", None)
    c.searched = (12, 50)
    assert c.computer_ask() == ("is thinking… ", (12, 50))

    class Timer:
        def stop(self) -> None: ...
    c.wait = Timer()
    assert c.computer_ask() == ("is deciding (Space: go on at once)", None)
    them = c.board().them
    assert c.named(them).name == "bob (computer)" and c.named(c.board().me).name == "alice"


def test_the_cursors_stay_on_the_cards_a_zone_still_has() -> None:
    game = position({"alice": {"hand": ["Mountain"]}, "goldfish": {}}, goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    c.cursor.update(hand=5, mine=3, log=10 ** 6)
    b = c.board()
    c.keep_cursors_on(b)
    assert (c.cursor["hand"], c.cursor["mine"], c.cursor["log"]) == (0, 0, max(len(b.log) - 1, 0))


def test_keys_pressed_before_a_new_step_or_turn_are_dropped_and_held_in_a_new_turn() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "goldfish": {}},
                    goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    assert c.moment_hold() is None  # the first decision shown: nothing moved
    assert c.pass_priority() and c.catch_up().new  # on to alice's main 2 (the Bolt: something to do)
    assert c.moment_hold() == ("the game moved on to main 2", False)
    assert c.moment_hold() is None  # the same moment again
    assert c.pass_priority() and c.catch_up().new  # on to her next turn
    assert c.moment_hold() == ("turn 3 began", True) and c.game.turn == 3  # the goldfish had turn 2


def test_targets_picked_for_a_spell_are_the_players_own_picker() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "goldfish": {}},
                    goldfish=("goldfish",))
    c = GameController(Session(game))
    c.catch_up()
    c.say("an old message")
    step = c.use_card("hand", hand_card(c, "Lightning Bolt"))
    assert isinstance(step, PickTargets)
    assert not c.start_picking(step.picker) and c.picker is step.picker and c.player_picker and c.said == ("", "")
    assert c.picker_key("escape", None) == "redraw" and c.picker is None and c.said == ("cancelled", "dim")
