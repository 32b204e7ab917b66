"""The replay viewer (issue 15): a saved game stepped through one action at a time by keys,
read-only, checked against the game replayed independently to the same point; both hands
shown; stepping at the end of a long game; bad saves a clear error; its snapshot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import SIZE, screen_text
from saved_games import game_until_turn, played_record, saved_game

from mtg_tui.persistence.saves import SaveError, save
from mtg_tui.replay import Replay, readable
from mtg_tui.replay_app import ReplayApp
from mtg_tui.screens.replay import ReplayScreen
from mtg_tui.session import Session
from rules import Game


def replayed(path: Path, k: int) -> Game:
    """The save's game after its first k actions, replayed on its own."""
    record = json.loads(path.read_text())
    return Game.from_record({**record, "actions": record["actions"][:k]})


def viewer(app: ReplayApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen), app.screen
    return app.screen


def last_line(game: Game) -> str:
    return game.log[-1].text


@pytest.mark.asyncio
async def test_stepping_with_the_arrows_home_and_end_shows_each_point_of_the_game(tmp_path: Path) -> None:
    path, game = saved_game(tmp_path / "g.json", turn=4)
    n = len(game.record)
    app = ReplayApp(Replay.open(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = viewer(app)
        assert f"action {n} of {n}" in screen_text(app)  # it opens where the save was left
        await pilot.press("home")
        text = screen_text(app)
        assert f"action 0 of {n}" in text and "the start of the game" in text and " T1 " in text
        await pilot.press("right")
        first = replayed(path, 1)
        text = screen_text(app)
        assert f"action 1 of {n}" in text and f"just taken: {readable(game.state.record_texts[0])}" in text
        assert last_line(first)[:40] in text  # the log line the action wrote
        for k in (2, 3):
            await pilot.press("right")
            assert screen.replay.game.digest() == replayed(path, k).digest()
        await pilot.press("left")
        assert f"action 2 of {n}" in screen_text(app)
        assert screen.replay.game.digest() == replayed(path, 2).digest()
        await pilot.press("end")
        text = screen_text(app)
        assert f"action {n} of {n}" in text and f" T{game.turn} " in text
        await pilot.press("left")
        assert screen.replay.game.digest() == replayed(path, n - 1).digest()  # back: the same state exactly
        assert f"just taken: {readable(game.state.record_texts[n - 2])}" in screen_text(app)


@pytest.mark.asyncio
async def test_page_up_and_down_move_by_turn(tmp_path: Path) -> None:
    path, game = saved_game(tmp_path / "g.json", turn=4)
    starts = {t: len(game_until_turn(t).record) for t in (2, 3, 4)}  # the action that began each turn
    app = ReplayApp(Replay.open(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = viewer(app)
        await pilot.press("home", "pagedown")
        assert screen.replay.index == starts[2] and " T2 " in screen_text(app)
        assert "turn 2: " in screen_text(app)  # the log line that began it
        await pilot.press("pagedown")
        assert screen.replay.index == starts[3] and " T3 " in screen_text(app)
        await pilot.press("right", "pageup")  # within turn 3: back to its start
        assert screen.replay.index == starts[3]
        await pilot.press("pageup")  # at its start: the turn before
        assert screen.replay.index == starts[2]
        assert screen.replay.game.digest() == replayed(path, starts[2]).digest()


@pytest.mark.asyncio
async def test_both_hands_are_shown_and_nothing_can_be_played(tmp_path: Path) -> None:
    path, game = saved_game(tmp_path / "g.json", turn=3)
    app = ReplayApp(Replay.open(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = viewer(app)
        text = screen_text(app)
        for p in game.players:
            assert f"{p.name}'s hand ({len(p.hand)})" in text
            for oid in p.hand:
                assert game.objects[oid].name in text
        before = len(screen.replay.game.record)
        await pilot.press("enter", "space", "a", "p")  # a game's keys do nothing here
        assert len(screen.replay.game.record) == before and screen.replay.index == before


@pytest.mark.asyncio
async def test_the_footer_greys_what_cannot_move_and_q_closes(tmp_path: Path) -> None:
    path, _ = saved_game(tmp_path / "g.json", turn=2)
    app = ReplayApp(Replay.open(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = viewer(app)

        def greyed() -> set[str]:  # the Footer's keys shown dim
            return {k.key for k in screen.query("FooterKey") if k.has_class("-disabled")}  # type: ignore[attr-defined]

        assert screen.check_action("step", (1,)) is None and screen.check_action("step", (-1,)) is True
        await pilot.pause()
        assert greyed() == {"right", "pagedown", "end"}  # at the end: nothing further
        keys = list(screen.query("FooterKey"))
        await pilot.press("home")
        assert screen.check_action("step", (-1,)) is None and screen.check_action("end", ()) is True
        await pilot.pause()
        assert greyed() == {"left", "pageup", "home"}  # at the start: nothing before
        assert list(screen.query("FooterKey")) == keys  # greyed where they are, not composed again
        await pilot.press("right")
        await pilot.pause()
        assert greyed() == set() and len(screen.query("FooterKey")) == 9  # the same keys and the palette's
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running  # the viewer alone: leaving it quits


@pytest.mark.asyncio
async def test_stepping_at_the_end_of_a_long_game_lands_on_the_right_points(tmp_path: Path) -> None:
    """Steps and turn jumps back from the end of a long game (how fast they are is measured by
    `mtg-tui bench`, not timed here)."""
    record = played_record()  # a whole game, hundreds of actions
    game = Game.from_record(record)
    path = save(Session(game), tmp_path / "long.json")
    replay = Replay.open(path)
    assert replay.total == len(record["actions"]) > 500
    app = ReplayApp(replay)
    async with app.run_test(size=SIZE):
        screen = viewer(app)
        end = replay.index
        for _ in range(5):
            screen.action_step(-1)
        assert replay.index == end - 5
        start_of_turn = replay.previous_turn_index()
        screen.action_turn(-1)
        assert replay.index == start_of_turn < end - 5
        for _ in range(3):
            screen.action_step(1)
        assert replay.index == start_of_turn + 3
        expected = Game.from_record({**record, "actions": record["actions"][:replay.index]})
        assert replay.game.digest() == expected.digest()


def test_a_save_that_stops_replaying_is_shown_up_to_there(tmp_path: Path) -> None:
    path, game = saved_game(tmp_path / "g.json", turn=3)
    record = json.loads(path.read_text())
    record["actions"].insert(5, "ann: play Nonexistent Card")
    path.write_text(json.dumps(record))
    replay = Replay.open(path)
    assert replay.total == 5 and replay.problem and "action 6 of" in replay.problem


@pytest.mark.parametrize("content, says", [
    (None, "no file"),
    ("{ not json", "bad JSON"),
    ('{"hello": 1}', "no setup and actions"),
    ('{"format": "something else", "setup": {}, "actions": []}', "this version can read"),
])
def test_bad_saves_are_a_clear_error(tmp_path: Path, content: str | None, says: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(SaveError, match=says):
        Replay.open(path)


def test_replay_viewer_snapshot(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    path, _ = saved_game(tmp_path / "g.json", turn=4)
    replay = Replay.open(path)
    replay.goto(replay.total - 3)
    assert snap_compare(ReplayApp(replay, "a saved game"), terminal_size=SIZE)


def test_mtg_tui_replay_opens_the_viewer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import mtg_tui.replay_app as replay_app
    from mtg_tui.cli.commands import main

    path, game = saved_game(tmp_path / "g.json", turn=3)
    opened: list = []
    monkeypatch.setattr(replay_app, "run_replay", lambda replay, title="": opened.append((replay, title)))
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    (replay, title), = opened
    assert replay.total == len(game.record) and replay.game.digest() == game.digest() and title == str(path)


@pytest.mark.parametrize("content, says", [
    (None, "no file"),
    ("{ not json", "is not a saved game (bad JSON"),
    ('{"format": "mtg-tui game record 1", "setup": {"players": "x"}, "actions": []}', "this version can read"),
])
def test_mtg_tui_replay_of_a_bad_save_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         content: str | None, says: str) -> None:
    from click.testing import CliRunner

    import mtg_tui.replay_app as replay_app
    from mtg_tui.cli.commands import main

    monkeypatch.setattr(replay_app, "run_replay", lambda *a, **k: pytest.fail("opened a bad save"))
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code == 1 and says in r.output and "Traceback" not in r.output
    assert r.output.count("\n") == 1


def test_any_order_of_jumps_reaches_the_same_states_as_replaying_from_the_start(tmp_path: Path) -> None:
    """Back by rewinding from an undo point, Home to a new game, End or a long jump forward from
    the game Home left: each point is the game replayed to it on its own."""
    record = played_record()
    path = save(Session(Game.from_record(record)), tmp_path / "long.json")
    replay = Replay.open(path)
    n = replay.total
    for k in [n - 1, n - 30, 0, n, 5, n // 2, 0, n // 3, n // 3 - 1, n, n - 1, 1, n // 2 + 7, 0, n]:
        moment = replay.goto(k)
        assert moment.index == k and replay.game.digest() == replayed(path, k).digest(), k
        assert moment.turn == replay.game.turn


def test_a_readied_point_is_the_game_there_whether_or_not_the_next_key_asks_for_it(tmp_path: Path) -> None:
    """`prepare(k)` readies a fork beside the game shown (back one, a turn back or forward):
    going there swaps it in, going elsewhere ignores it; either way each point is the game
    replayed to it on its own."""
    record = played_record()
    path = save(Session(Game.from_record(record)), tmp_path / "long.json")
    replay = Replay.open(path)
    n = replay.total
    moves = [("back", n - 1), ("back", n - 2), ("turn back", None), ("turn back", None), ("back", 5),
             ("turn forward", None), ("turn forward", None), ("back", n // 2), ("turn back", 0)]
    for readied, goes in moves:
        at = replay.index
        k = {"back": at - 1, "turn back": replay.previous_turn_index(),
             "turn forward": replay.next_turn_index()}[readied]
        replay.prepare(k)
        assert replay.index == at and replay.game.digest() == replayed(path, at).digest()  # nothing moved
        moment = replay.goto(k if goes is None else goes)
        assert replay.game.digest() == replayed(path, moment.index).digest(), (readied, moment.index)


async def readied(pilot: Any, replay: Replay, k: int) -> bool:
    """Whether the viewer readies point k soon after the frame (it waits a moment first)."""
    for _ in range(100):
        if replay.readied == k:
            return True
        await pilot.pause(0.01)
    return False


@pytest.mark.asyncio
async def test_holding_back_readies_each_point_before_the_key_asks_for_it(tmp_path: Path) -> None:
    record = played_record()
    path = save(Session(Game.from_record(record)), tmp_path / "long.json")
    app = ReplayApp(Replay.open(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = viewer(app)
        n = screen.replay.total
        for i in range(1, 4):
            await pilot.press("left")
            assert screen.replay.index == n - i
            assert await readied(pilot, screen.replay, n - i - 1)
        assert screen.replay.game.digest() == replayed(path, n - 3).digest()
        await pilot.press("pageup")
        assert await readied(pilot, screen.replay, screen.replay.previous_turn_index())
        await pilot.press("pageup")  # the readied game swapped in: the same as replaying to there
        assert screen.replay.readied is None or screen.replay.readied < screen.replay.index
        assert screen.replay.game.digest() == replayed(path, screen.replay.index).digest()


@pytest.mark.asyncio
async def test_the_log_panel_shows_the_end_of_the_log_folded_or_not_at_any_height(tmp_path: Path) -> None:
    """The viewer's log is given only the entries the terminal can show: the panel is still
    full to its last line, unfolded with f, and fills again when the terminal grows."""
    from mtg_tui.screens.replay import ReplayLog

    record = played_record()
    path = save(Session(Game.from_record(record)), tmp_path / "long.json")
    app = ReplayApp(Replay.open(path))
    async with app.run_test(size=SIZE) as pilot:
        screen = viewer(app)
        panel = screen.query_one("#rp-log", ReplayLog)
        game = screen.replay.game

        def shown() -> list[str]:
            return [t.plain for t in panel.window()]

        for size in [SIZE, (120, 60)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            for fold in ("folded", "all events"):
                lines = shown()
                assert len(lines) == panel.size.height > 10 and lines[0] == "  ▲ more"
                assert game.log[-1].text[:20] in lines[-1] or game.log[-1].text[:20] in " ".join(lines[-3:])
                assert ("routine events folded" if fold == "folded" else "all events") in str(panel.border_title)
                minor = [e.text for e in game.log[-len(lines):] if e.minor]
                if fold == "all events" and minor:
                    assert any(minor[-1][:20] in line for line in lines)
                await pilot.press("f")
                await pilot.pause()


@pytest.mark.asyncio
async def test_a_replay_has_no_you_f_says_what_it_does_and_folds_as_the_game_does(tmp_path: Path) -> None:
    """Issue 15: no "your turn" in the header (nobody is at the keyboard); the Footer's f reads
    "show all" when folded and "fold" when not; folded, the lines that say nothing happened
    (board.routine: "untaps 0 permanents", "has no creature able to attack") are left out."""
    from mtg_tui.board import routine
    from mtg_tui.screens.replay import ReplayLog

    path, _ = saved_game(tmp_path / "g.json", turn=3)
    app = ReplayApp(Replay.open(path))
    async with app.run_test(size=(120, 60)) as pilot:
        screen = viewer(app)
        await pilot.press("home")
        for _ in range(12):
            await pilot.press("right")
        await pilot.pause()
        game = screen.replay.game
        panel = screen.query_one("#rp-log", ReplayLog)
        text = screen_text(app)
        assert "your turn" not in text and "their turn" not in text
        assert "f show all" in text and "f fold" not in text
        nothing = [e.text for e in game.log if routine(e) and not e.minor]
        assert nothing, "the game has lines that say nothing happened"
        lines = " ".join(t.plain for t in panel.window())
        assert not any(n in lines for n in nothing)
        await pilot.press("f")
        await pilot.pause()
        text = screen_text(app)
        assert "f fold" in text and "f show all" not in text
        lines = " ".join(t.plain for t in panel.window())
        assert any(n in lines for n in nothing)
