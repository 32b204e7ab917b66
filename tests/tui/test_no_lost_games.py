"""A crash never loses a game, and saved games come back as they were: the autosave after
every action, the crash report, resuming, and goldfish games loaded from a save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import SIZE, app_for, game_screen, position

from mtg_tui.app import Crash, MtgApp
from mtg_tui.persistence import autosave
from mtg_tui.persistence.saves import load, save
from mtg_tui.session import Session
from rules import Game


def bolt_position() -> Game:
    return position({"alice": {"hand": ["Lightning Bolt", "Forest"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}})


@pytest.mark.asyncio
async def test_every_action_is_autosaved_atomically() -> None:
    game = bolt_position()
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        path = autosave.autosave_path()
        assert json.loads(path.read_text())["actions"] == []
        await pilot.press("right", "enter")  # play the Forest
        saved = json.loads(path.read_text())
        assert saved["actions"] == ["alice: play Forest"] and saved["client"]["over"] is False
        assert not list(path.parent.glob(".autosave.json.*"))  # no temporary file left behind
        assert load(path).game.digest() == game_screen(app).game.digest()


@pytest.mark.asyncio
async def test_a_crash_keeps_the_game_says_where_and_exits_non_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    game = bolt_position()
    app = app_for(game)
    with pytest.raises(Crash) as crash:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("right", "enter")  # play the Forest: autosaved
            before = game_screen(app).game.digest()

            def broken(*args: object, **kwargs: object) -> None:
                raise RuntimeError("an engine bug")
            monkeypatch.setattr(game_screen(app).game, "act", broken)
            await pilot.press("space")  # pass priority: the engine fails
            await pilot.pause()
    assert app.return_code == 1
    message = crash.value.message
    path = autosave.autosave_path()
    assert str(path) in message and "resume" in message and "Traceback" not in message
    log = path.parent / autosave.CRASH_LOG
    assert "RuntimeError: an engine bug" in log.read_text()
    assert load(path).game.digest() == before  # the game as it was after the last good action
    found = autosave.resumable()
    assert found is not None and found.players == ("alice", "bob")


@pytest.mark.asyncio
async def test_an_ended_game_is_not_offered_for_resuming() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"life": 3, "battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        screen = game_screen(app)
        await pilot.press(screen.labels(screen.current_board())[0]["bob"])
        await pilot.pause()
    assert game.over and autosave.resumable() is None


def test_a_loaded_goldfish_game_keeps_its_undo_and_is_not_counted_twice(tmp_path: Path) -> None:
    game = position({"alice": {"hand": ["Lightning Bolt", "Forest"], "battlefield": ["Mountain"]},
                     "goldfish": {"life": 3}}, goldfish=("goldfish",))
    s = Session(game)
    s.advance()
    s.act("alice: play Forest")
    s.act("alice: cast Lightning Bolt targeting goldfish")
    assert s.game.over and s.kill_turn() is not None
    s.counted = True  # shown once on the game-over screen
    path = save(s, tmp_path / "g.json")
    loaded = load(path)
    assert loaded.counted, "a finished game loaded again would count twice in the average"
    assert loaded.can_undo() and loaded.checkpoints == s.checkpoints
    assert loaded.undo() and not loaded.game.over
    assert list(loaded.game.record) == s.game.record[:s.checkpoints[-1]]


@pytest.mark.asyncio
async def test_loading_a_finished_goldfish_game_keeps_the_average() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "goldfish": {"life": 3}}, goldfish=("goldfish",))
    s = Session(game)
    s.act("alice: cast Lightning Bolt targeting goldfish")
    s.counted = True
    app = MtgApp(session=load(save(s, autosave.autosave_path().with_name("done.json"))))
    app.kill_turns = [3, 4]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.kill_turns == [3, 4]


@pytest.mark.asyncio
async def test_ctrl_z_works_in_a_loaded_goldfish_game() -> None:
    game = position({"alice": {"hand": ["Forest", "Runeclaw Bear"], "battlefield": ["Forest"]},
                     "goldfish": {}}, goldfish=("goldfish",))
    s = Session(game)
    s.act("alice: play Forest")
    path = save(s, autosave.autosave_path().with_name("g.json"))
    app = MtgApp(session=load(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [o.name for o in game_screen(app).game.permanents("alice")] == ["Forest", "Forest"]
        await pilot.press("ctrl+z")
        assert [o.name for o in game_screen(app).game.permanents("alice")] == ["Forest"]


@pytest.mark.asyncio
async def test_the_next_mtg_tui_offers_to_resume_the_autosave() -> None:
    game = bolt_position()
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "enter")  # play the Forest, then leave without saving
        before = game_screen(app).game.digest()
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from mtg_tui.screens.modals import ConfirmDialog
        assert isinstance(app.screen, ConfirmDialog) and "alice vs bob, turn 1" in app.screen.title_text
        await pilot.press("y")
        await pilot.pause()
        assert game_screen(app).game.digest() == before


@pytest.mark.asyncio
async def test_another_game_keeps_an_unfinished_autosave_aside() -> None:
    app = app_for(bolt_position())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "enter")
    app = app_for(bolt_position())  # a game started or loaded while that one is unfinished
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    previous = autosave.autosave_path().with_name(autosave.PREVIOUS)
    assert json.loads(previous.read_text())["actions"] == ["alice: play Forest"]
    assert json.loads(autosave.autosave_path().read_text())["actions"] == []


def test_mtg_tui_load_opens_a_saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from mtg_tui.cli import launch
    from mtg_tui.cli.commands import main

    opened: list[Session] = []
    monkeypatch.setattr(launch, "run_app", lambda config=None, session=None: opened.append(session))
    path = save(Session(bolt_position()), tmp_path / "g.json")
    assert CliRunner().invoke(main, ["load", str(path)]).exit_code == 0
    assert opened and opened[0].game.players[0].name == "alice"
    bad = CliRunner().invoke(main, ["load", str(tmp_path / "none.json")])
    assert bad.exit_code == 1 and "no file" in bad.output and "Traceback" not in bad.output
