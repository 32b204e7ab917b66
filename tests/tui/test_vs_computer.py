"""Playing against the computer (issue 26): `play --ai LEVEL`, the menu entry, a game where the
computer's player answers its seat's decisions (paced, in the log, its hand never shown), undo
back to the human's own decision, and saves that remember which seat the computer plays."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import game_screen, position, screen_text
from textual.widgets import Select

import mtg_tui.cli.launch as launch
import mtg_tui.screens.game as game_screen_module
from mtg_tui import key_guard
from mtg_tui.app import MtgApp
from mtg_tui.board import actor_labelled, build_board
from mtg_tui.cli.commands import main
from mtg_tui.config import GameConfig
from mtg_tui.game_controller import said_once
from mtg_tui.persistence import autosave
from mtg_tui.persistence.saves import load_checked, save, save_info
from mtg_tui.screens.game import GameScreen
from mtg_tui.screens.menu import MenuScreen, NewGameScreen
from mtg_tui.search_progress import ProgressRelay
from mtg_tui.session import Session
from rules import Game
from rules.engine.core import actions as A
from rules.engine.loop.legal import random_answer
from rules.play.players import DEFAULT_LEVEL, DESCRIPTIONS, LEVELS
from rules.play.players.search import SearchPlayer

SEED = 3


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list:
    calls: list = []
    monkeypatch.setattr(launch, "run_app", lambda config=None: calls.append(config))
    return calls


def test_play_with_ai_starts_a_game_against_the_computer(started: list) -> None:
    r = CliRunner().invoke(main, ["play", "red-green", "white-blue", "--ai", "random", "--seed", "3",
                                  "--rules", "2009", "--mulligan", "london"])
    assert r.exit_code == 0, r.output
    cfg = started[0]
    assert cfg.mode == "computer" and cfg.seed == 3 and cfg.ruleset == "2009" and cfg.mulligan == "london"
    assert cfg.computers() == {"bob": "random"}  # the second player, with the second deck
    assert cfg.cards["bob"] == GameConfig("goldfish", ("white-blue",)).checked().cards["alice"]
    r = CliRunner().invoke(main, ["play", "red-green", "white-blue", "--ai", "random", "--ai-first"])
    assert r.exit_code == 0, r.output
    assert started[1].computers() == {"alice": "random"}


def test_play_help_says_what_each_level_is() -> None:
    r = CliRunner().invoke(main, ["play", "--help"])
    text = " ".join(r.output.split())  # as one line: click wraps the help
    assert r.exit_code == 0 and "--ai LEVEL" in text
    assert all(f"{name} ({what})" in text for name, what in DESCRIPTIONS.items())


@pytest.mark.parametrize("args, message", [
    (["play", "red-green", "white-blue", "--ai", "grandmaster"],
     f"no computer player 'grandmaster': the levels are {', '.join(LEVELS)}"),
    (["play", "red-green", "white-blue", "--ai-first"], "--ai-first needs --ai LEVEL"),
])
def test_a_bad_level_is_one_clear_line(started: list, args: list[str], message: str) -> None:
    r = CliRunner().invoke(main, args)
    assert r.exit_code != 0 and message in r.output and "Traceback" not in r.output
    assert r.output.count("\n") == 1 and not started


def config(seed: int = SEED) -> GameConfig:
    return GameConfig("computer", ("red-green", "white-blue"), seed=seed, ai="random").checked()


def bobs_secret_names(session: Session) -> set[str]:
    """Names of the cards in the computer's hand that nothing public shows (not on the
    battlefield, a stack, a graveyard, exile, the log, nor in the human's hand)."""
    g = session.game
    hand = {g.objects[i].name for i in g.player("bob").hand}
    public = {g.objects[i].name for p in g.players for zone in (p.graveyard, p.exile) for i in zone}
    public |= {g.objects[i].name for i in g.battlefield} | {g.objects[i].name for i in g.player("alice").hand}
    public |= {it.name for it in g.stack}
    log = " ".join(e.text for e in g.log)
    return {n for n in hand - public if n not in log}


async def play_until(pilot, app: MtgApp, done, limit: int = 400) -> GameScreen:  # noqa: ANN001
    """The human keeps, plays a land when it can and passes; the computer answers its own
    decisions (no pause).  Every frame the computer's hand must be off the screen."""
    for _ in range(limit):
        await pilot.pause(0.01)
        screen = game_screen(app)
        screen.computer_pause = 0.0
        s = screen.session
        assert not screen.query_one("#their-hand").display
        text = screen_text(app)
        assert not [n for n in bobs_secret_names(s) if n in text], "the computer's hand is on screen"
        if done(s) and s.computer_deciding() is None and not screen.computer_busy():
            return screen  # the human's turn to decide
        d = s.game.decision
        if d is None or s.computer_deciding() is not None or screen.computer_busy():
            continue
        if app.screen is not screen:  # the human's mulligan dialog: keep
            await pilot.press("k")
        elif d.kind == "priority":
            land = [a for a in screen.legal() if isinstance(a, A.PlayLand)]
            if land and s.game.active == "alice" and s.game.step == "main1":
                screen.try_act(land[0])
            else:
                await pilot.press("space")
    raise AssertionError(f"not done after {limit} frames (turn {s.game.turn}, {s.game.decision})")


def computer_acted(s: Session) -> bool:
    return s.game.turn >= 4 and any(e.text.startswith("bob plays ") for e in s.game.log)


@pytest.mark.asyncio
async def test_the_computer_plays_its_seat_its_hand_never_shown() -> None:
    app = MtgApp(config())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play_until(pilot, app, computer_acted)
        s = screen.session
        assert s.humans == ["alice"] and s.computers == {"bob": "random"}
        assert not screen.hides_hands() and screen.viewer == "alice"  # no cover screens
        text = screen_text(app)
        assert "bob (computer)" in text  # its panel names it
        assert "bob (computer) plays " in text and "bob plays " not in text  # its land, in the log on screen
        assert any(e.text.startswith("bob plays ") for e in s.game.log)  # the engine's log as it was
        # every decision of its seat was its player's: none is an undo point of the human's
        assert all(s.game.record[k].player == "alice" for k in s.checkpoints)


def test_the_log_names_the_computer_where_it_acts_only() -> None:
    """"Serra (computer) casts Serra Angel": the seat's name where the line begins with it acting,
    as a whole word; never inside a card's name like it, nor in the engine's own log."""
    game = position({"Serra": {"hand": ["Serra Angel"], "battlefield": ["Plains"] * 5}, "alice": {}},
                    step="main1", active="Serra")
    for action in ("Serra: cast Serra Angel", "Serra: pass", "alice: pass"):
        game.act(action)
    labels = {"Serra": "Serra (computer)"}
    texts = [e.text for e in build_board(game, "alice", folded=True, labels=labels).log]
    assert "Serra (computer) casts Serra Angel" in texts and "Serra (computer) pays {3}{W}{W}" in texts
    assert "Serra Angel resolves" in texts and "Serra Angel enters the battlefield under Serra's control" in texts
    assert "Serra casts Serra Angel" in [e.text for e in game.log]  # the engine's text stays
    assert actor_labelled("Serrated blade", "Serra", "Serra (computer)") == "Serrated blade"
    assert actor_labelled("Serra Angel attacks alice", "Serra", "Serra (computer)", ["Serra Angel"]) == \
        "Serra Angel attacks alice"
    assert actor_labelled("alice casts Serra Angel", "Serra", "Serra (computer)") == "alice casts Serra Angel"


def test_the_message_line_names_the_computer_once_for_lines_in_a_row() -> None:
    lines = ["bob (computer) taps Island for {U}", "bob (computer) pays {U}", "bob (computer) casts Twincast",
             "Glacial Fortress enters the battlefield tapped", "bob (computer) plays Glacial Fortress"]
    assert "; ".join(said_once(lines, "bob (computer) ")) == (
        "bob (computer) taps Island for {U}; pays {U}; casts Twincast; "
        "Glacial Fortress enters the battlefield tapped; bob (computer) plays Glacial Fortress")


@pytest.mark.asyncio
async def test_the_computers_action_is_said_and_paced() -> None:
    """An action the computer shows waits `computer_pause` before its next decision; the message
    line names it "bob (computer)"; Space goes on at once."""
    app = MtgApp(config())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.05)
        screen = game_screen(app)
        screen.computer_pause = 30.0  # a pause no test waits out: only Space ends it
        s = screen.session
        for _ in range(300):
            await pilot.pause(0.01)
            if screen._computer_wait is not None:
                break
            if app.screen is not screen:
                await pilot.press("k")
            elif s.computer_deciding() is None and not screen.computer_busy() and s.game.decision is not None:
                await pilot.press("space")
        assert screen._computer_wait is not None, "the computer never showed an action"
        at = len(s.game.record)
        assert "bob (computer) " in screen_text(app)  # what it did, on the message line
        assert "bob (computer): is deciding (Space: go on at once)" in screen_text(app)
        await pilot.pause(0.2)
        assert len(s.game.record) == at  # waiting: its next decision not taken yet
        await pilot.press("space")
        await pilot.pause(0.2)
        assert len(s.game.record) > at or s.computer_deciding() is None


@pytest.mark.asyncio
async def test_undo_takes_back_to_the_humans_own_decision() -> None:
    app = MtgApp(config())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play_until(pilot, app, computer_acted)
        s = screen.session
        keep = s.checkpoints[-1]
        assert any(a.player == "bob" for a in s.game.record[keep:])  # the computer acted since
        before = s.game.record[keep]
        await pilot.pause(0.1)  # the board that came back is on screen (key_guard drops keys typed before)
        await pilot.press("ctrl+z")
        await pilot.pause(0.05)
        assert len(s.game.record) == keep  # the computer's decisions went with it
        assert s.game.decision is not None and s.game.decider == "alice"
        assert before.player == "alice"
        assert "undone" in screen_text(app)


@pytest.mark.asyncio
async def test_the_menu_entry_starts_a_game_against_the_computer() -> None:
    app = MtgApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and "Play against the computer" in screen_text(app)
        await pilot.press("a")
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.mode == "computer"
        level = form.query_one("#level", Select)
        assert level.value == DEFAULT_LEVEL == "normal"  # the quick search, offered first
        assert "normal (search, quick)" in screen_text(app)  # the level chosen says what it is
        level.focus()
        await pilot.press("enter")  # the list opens: every level with what it is
        await pilot.pause(0.05)
        assert all(f"{name} ({what})" in screen_text(app) for name, what in DESCRIPTIONS.items())
        await pilot.press("escape")
        form.query_one("#deck1").focus()
        await pilot.press("enter")  # Enter in the deck field: start
        await pilot.pause(0.1)
        s = game_screen(app).session
        assert s.computers == {"bob": "normal"} and s.humans == ["alice"]
        assert s.config is not None and s.config.mode == "computer"


@pytest.mark.asyncio
async def test_conceding_while_the_computer_decides_concedes_for_the_human() -> None:
    app = MtgApp(config())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.05)
        screen = game_screen(app)
        screen.computer_pause = 30.0  # the computer stays on its decision while we look
        for _ in range(300):
            await pilot.pause(0.01)
            if screen.session.computer_deciding() is not None:
                break
            if app.screen is not screen:
                await pilot.press("k")
        assert screen.session.computer_deciding() == "bob"
        assert screen.conceder() == "alice"


def test_a_save_keeps_the_computer_and_verifies(tmp_path: Path) -> None:
    cfg = config()
    s = Session(cfg.new_game(), cfg, computers=cfg.computers())
    s.advance()
    while s.game.turn < 5 and s.game.decision is not None:
        if s.computer_deciding() is not None:
            s.play_computer()
        else:
            s.act(A.Pass(s.game.decision.player) if s.game.decision.kind == "priority" else
                  s.game.legal_actions()[0])
    path = save(s, tmp_path / "vs.json")
    loaded, check = load_checked(path)
    assert check.verified and loaded.computers == {"bob": "random"} and loaded.humans == ["alice"]
    assert loaded.checkpoints == s.checkpoints and loaded.computer_deciding() == s.computer_deciding()
    info = save_info(path)
    assert info.mode == "vs computer" and info.players == ("alice", "bob (computer)")
    save(s, autosave.autosave_path())  # the menu's "Continue the autosaved game" names it too
    found = autosave.resumable()
    assert found is not None and found.describe().startswith("alice vs bob (computer), turn ")
    # a save from before games against the computer: both seats human, as before
    record = json.loads(path.read_text())
    del record["client"]["computers"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(record))
    assert load_checked(old)[0].computers == {} and save_info(old).mode == "hotseat"


@pytest.mark.asyncio
@pytest.mark.key_hold
async def test_keys_are_held_when_the_turn_comes_back_from_the_computer() -> None:
    """`e` ends alice's turn; the computer plays its own, then the board comes back to her: a
    key pressed a moment after it came back (typed for what she saw before) is dropped, and
    acts again after the hold (key_guard)."""
    game = position({"alice": {"hand": ["Forest"]}, "bob": {"hand": ["Island"]}}, step="main2")
    app = MtgApp(session=Session(game, computers={"bob": "random"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.computer_pause = 0.0
        assert (game.turn, game.step, game.decider) == (1, "main2", "alice")
        await pilot.press("e")
        for _ in range(500):
            await pilot.pause(0.005)
            if game.turn == 3 and game.decider == "alice" and not screen.computer_busy():
                break
        assert (game.turn, game.decider) == (3, "alice") and any(a.player == "bob" for a in game.record)
        step = game.step
        await pilot.press("e")
        assert "e ignored" in screen_text(app) and (game.turn, game.step) == (3, step)
        await pilot.pause(key_guard.HOLD + 0.1)
        await pilot.press("e")
        assert (game.turn, game.step) != (3, step)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_game_against_the_computer_plays_to_its_end(seed: int) -> None:
    """The human answers at random (every kind of decision, blocks and discards included); the
    computer's seat is answered by its player every time (`play_computer` stops only at a
    human's decision), to the end of the game."""
    cfg = config(seed)
    s = Session(cfg.new_game(), cfg, computers=cfg.computers())
    s.advance()
    rng = random.Random(seed)
    for _ in range(5000):
        if s.game.decision is None:
            break
        if s.computer_deciding() is not None:
            s.play_computer()
        else:
            s.act(random_answer(s.game.state, s.game.decision, rng))
    assert s.game.over and s.game.winner in ("alice", "bob")
    assert s.computer_deciding() is None and all(s.game.record[k].player == "alice" for k in s.checkpoints)


def bears_to_cast() -> Game:
    """bob's main phase, Grizzly Bears in hand and the mana for it: a decision the search
    players search (cast it or pass)."""
    return position({"alice": {"battlefield": ["Forest"]},
                     "bob": {"hand": ["Grizzly Bears"], "battlefield": ["Forest"] * 2}}, step="main1", active="bob")


class SlowSearch(SearchPlayer):
    """A searching player whose search lasts while `hold` is set: it reports its progress every
    2 ms (as a search does after each playout, hundreds of times a second), then answers as
    the real one does with no budget (the easy player's answer).  `now` is the search's own
    clock: 2 ms go by with each report, however slowly a loaded machine runs the thread, so
    what the screen is passed on depends on the reports alone, not on the machine's load."""

    hold = threading.Event()
    reported = 0
    now = 0.0

    def answer(self, game, decision):  # noqa: ANN001, ANN201
        while self.hold.is_set():
            SlowSearch.reported += 1
            SlowSearch.now += 0.002
            if self.progress is not None:
                self.progress(min(SlowSearch.reported, 50), 50)
            time.sleep(0.002)
        return super().answer(game, decision)


@pytest.mark.asyncio
async def test_the_screen_says_the_computer_is_thinking_and_how_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """While its player searches: "bob (computer): is thinking…" and a bar, a few updates a
    second however often the search reports, keys answered meanwhile; gone once it answers.
    The screen's relay reads the search's own clock (SlowSearch.now), so the counts below
    hold on a loaded machine too."""
    monkeypatch.setitem(LEVELS, "normal", lambda seat, seed=0: SlowSearch(seat, seed, budget=1))
    monkeypatch.setattr(game_screen_module, "ProgressRelay",
                        lambda post: ProgressRelay(post, clock=lambda: SlowSearch.now))
    shown: list[tuple[int, int]] = []
    relay = GameScreen._search_progress
    monkeypatch.setattr(GameScreen, "_search_progress", lambda self, token, done, budget: (
        shown.append((done, budget)), relay(self, token, done, budget)))
    game = bears_to_cast()
    SlowSearch.hold.set()
    SlowSearch.reported = 0
    SlowSearch.now = 0.0
    app = MtgApp(session=Session(game, computers={"bob": "normal"}))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.01)
            assert "bob (computer): is thinking…" in screen_text(app)  # at once (the bar comes with its first update)
            for _ in range(1000):
                await pilot.pause(0.02)
                if "is thinking… ━" in screen_text(app) and len(shown) >= 2:
                    break
            screen = game_screen(app)
            text = screen_text(app)
            assert "bob (computer): is thinking… ━" in text and "/50" in text
            assert "log (routine events folded: f)" in text
            await pilot.press("f")  # a key during the search: answered at once
            await pilot.pause(0.05)
            assert "log (all events: f folds)" in screen_text(app)
            heard = len(shown)  # read before the search's count and clock, which only go on
            reported, elapsed = SlowSearch.reported, SlowSearch.now
            assert reported > max(50, 4 * heard)  # the search reported hundreds of times...
            assert 2 <= heard <= elapsed * 10 + 1  # ...the screen heard of it ten times a second at most
            assert [d for d, _ in shown] == sorted(d for d, _ in shown)
            SlowSearch.hold.clear()
            for _ in range(1000):
                await pilot.pause(0.02)
                if not screen.computer_busy() and screen.session.computer_deciding() is None:
                    break
            assert game.decider == "alice"
            assert "is thinking" not in screen_text(app)  # the indicator went with the search
    finally:
        SlowSearch.hold.clear()


def test_a_searching_player_reports_its_playouts_to_the_session() -> None:
    """`computer_answer(progress)` hands the callback to the real searching player: called after
    each playout with (done, budget); without one, nothing follows the search."""
    game = bears_to_cast()
    s = Session(game, computers={"bob": "normal"})
    calls: list[tuple[int, int]] = []
    s.computer_answer(lambda done, budget: calls.append((done, budget)))
    player = s.computer_player("bob")
    assert isinstance(player, SearchPlayer) and player.searched == 1
    assert calls == [(k, player.budget) for k in range(1, player.budget + 1)]
    s.computer_answer()
    assert player.progress is None


def test_the_relay_passes_on_a_few_updates_a_second_from_its_own_thread() -> None:
    now = [0.0]  # in ms: whole numbers, no rounding
    posted: list[tuple[int, int]] = []
    relay = ProgressRelay(lambda done, budget: posted.append((done, budget)), interval=100, clock=lambda: now[0])
    for k in range(1, 101):  # a playout every 5 ms for half a second
        now[0] = k * 5
        relay(k, 100)
    assert posted == [(20, 100), (40, 100), (60, 100), (80, 100), (100, 100)]
    other = threading.Thread(target=relay, args=(100, 100))  # a dropped search's thread, still running
    now[0] = 10_000
    other.start()
    other.join()
    assert len(posted) == 5
