"""The game screen's session logic driven headless (mtg_tui/game_controller.py, issue 27): no
App, no Pilot, no terminal.  A goldfish game started, a land played, a pass, undo; a game
against the computer reaching its decision and its answer played (or dropped after undo); the
hotseat handover behind a cover; and the controller loads without Textual or Rich."""

from __future__ import annotations

import subprocess
import sys

from conftest import position

from mtg_tui.config import GameConfig
from mtg_tui.game_controller import GameController
from mtg_tui.session import Session
from rules.engine.core import actions as A
from rules.play.autopilot import goldfish_answer

from paths import ROOT


def controller(cfg: GameConfig) -> GameController:
    """A controller on a new game of `cfg`, the client having answered what nobody sees."""
    cfg = cfg.checked()
    session = Session(cfg.new_game(), cfg, computers=cfg.computers())
    session.advance()
    return GameController(session)


def test_the_controller_loads_without_textual_or_rich() -> None:
    code = ("import sys, mtg_tui.game_controller; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')); "
            "print(' '.join(bad)); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"mtg_tui.game_controller imports {done.stdout.strip()} {done.stderr[-300:]}"


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
    news: list[tuple[str, int]] = []  # (seat, log length before) of each action it shows

    def told(seat: str, since: int) -> str:
        news.append((seat, since))
        return f"{seat} acted"

    for _ in range(4):  # a few of its decisions, the human answering in between
        human_answers_until_the_computer_decides(c)
        seat = c.session.computer_deciding()
        assert seat == "bob" and c.picker is None and c.viewer == "alice"
        started = c.start_thinking()
        assert started is not None and c.computer_busy() and c.start_thinking() is None  # one answer at a time
        token, answer = started
        game, at = c.game, len(c.game.record)
        action = answer(None)
        news.clear()
        since = len(game.log)
        outcome = c.computer_answered(token, game, at, action, told)
        assert outcome == "played" and not c.computer_busy()
        assert len(game.record) > at and game.record[at] == action
        assert news == ([] if isinstance(action, A.Pass) else [("bob", since)])


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
    assert c.computer_answered(token, game, at, action, lambda s, since: "news") == "dropped"
    assert len(c.game.record) < at or c.game is not game  # taken back, and its answer not played


def test_an_answer_for_a_game_that_moved_on_is_stale() -> None:
    c = controller(GameConfig("computer", ("red-green", "white-blue"), seed=3, ai="easy"))
    human_answers_until_the_computer_decides(c)
    started = c.start_thinking()
    assert started is not None
    token, answer = started
    action = answer(None)
    assert c.computer_answered(token, c.game, len(c.game.record) - 1, action, lambda s, since: "") == "stale"
    assert not c.computer_busy() and c.session.computer_deciding() == "bob"


def test_a_hotseat_handover_goes_behind_a_cover() -> None:
    c = controller(GameConfig("hotseat", ("red-green", "white-blue"), seed=3))
    assert c.hides_hands() and c.viewer is None
    first = c.game.decision.player
    assert c.handing_over(covering=False) and not c.handing_over(covering=True)
    step = c.catch_up()
    assert step.kind == "cover" and c.viewer == first and c.cover_decider() == first
    c.uncovered()
    assert c.serial == () and c.catch_up().kind == "decision"
