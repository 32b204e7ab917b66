"""The load list (issue 15): the saves newest first with players, mode, turn, date and whether
each verifies (from its header), Enter loads through the verified load flow, r opens the replay
viewer, o types a path, Delete asks first; `mtg-tui load` without a file opens it."""

from __future__ import annotations

import calendar
import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import SIZE, game_screen, screen_text
from saved_games import saved_game

import mtg_tui.replay_app as replay_app
from mtg_tui.app import MtgApp
from mtg_tui.cli.commands import main
from mtg_tui.persistence import autosave
from mtg_tui.persistence.saves import SaveInfo, engine_version, list_saves, save_info, saves_dir
from mtg_tui.screens.load import LoadScreen
from mtg_tui.screens.menu import MenuScreen
from mtg_tui.screens.modals import ConfirmDialog
from mtg_tui.screens.replay import ReplayScreen


def two_saves() -> tuple[Path, Path]:
    """An older save (turn 2) and a newer one (turn 4) in the saves folder."""
    older, _ = saved_game(saves_dir() / "mtg-tui-ann-ben-older.json", turn=2)
    newer, _ = saved_game(saves_dir() / "mtg-tui-ann-ben-newer.json", turn=4)
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_700_000_600, 1_700_000_600))
    return older, newer


def test_the_list_is_newest_first_with_what_its_header_says(tmp_path: Path) -> None:
    older, newer = two_saves()
    (saves_dir() / "mtg-tui-broken.json").write_text("{ not json")
    os.utime(saves_dir() / "mtg-tui-broken.json", (1_600_000_000, 1_600_000_000))
    infos = list_saves([], [saves_dir()])
    assert [i.path.name for i in infos] == [newer.name, older.name, "mtg-tui-broken.json"]
    first = infos[0]
    assert first.players == ("ann", "ben") and first.mode == "hotseat" and first.turn == 4
    assert first.status == "verified" and first.kind == "save"
    assert infos[2].status == "unreadable" and "bad JSON" in infos[2].note


def test_a_save_from_another_version_or_before_digests_is_marked_so(tmp_path: Path) -> None:
    path, _ = saved_game(tmp_path / "g.json", turn=2)
    record = json.loads(path.read_text())
    record["verify"]["engine"] = "0.0.1"
    record["verify"]["cards"]["Swamp"] = "0" * 64
    path.write_text(json.dumps(record))
    info = save_info(path)
    assert info.status == "changed" and "saved by mtg-tui 0.0.1" in info.note and "Swamp" in info.note
    assert engine_version() not in ("0.0.1",)
    del record["verify"]
    path.write_text(json.dumps(record))
    assert save_info(path).status == "old"


def test_the_autosaves_are_listed_with_their_kind(tmp_path: Path) -> None:
    saved_game(autosave.autosave_path(), turn=3)
    infos = autosave.load_list()
    assert [(i.kind, i.turn) for i in infos] == [("autosave", 3)]


def noticed(app: MtgApp) -> list[str]:
    """What the app tells the player in notifications (toasts), kept for the test to read."""
    said: list[str] = []
    notify = app.notify

    def keep(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(message)
        notify(message, *args, **kwargs)
    app.notify = keep  # type: ignore[method-assign]
    return said


def rows(app: MtgApp) -> list[SaveInfo]:
    screen = app.screen
    assert isinstance(screen, LoadScreen), screen
    return screen.saves


@pytest.mark.asyncio
async def test_menu_then_load_list_then_enter_loads_the_chosen_save() -> None:
    older, newer = two_saves()
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("l")
        assert [i.path for i in rows(app)] == [newer, older]
        text = screen_text(app)
        assert "ann vs ben" in text and "hotseat" in text and "verifies" in text
        assert text.index("ann-ben-newer") < text.index("ann-ben-older")
        await pilot.press("down", "enter")  # the older one: turn 2
        await pilot.pause()
        loaded = game_screen(app).game
        assert loaded.turn == 2 and loaded.state.record_texts[:2] == json.loads(older.read_text())["actions"][:2]


@pytest.mark.asyncio
async def test_a_save_that_no_longer_replays_the_same_asks_before_opening_up_to_the_last_good() -> None:
    path, game = saved_game(saves_dir() / "mtg-tui-ann-ben-x.json", turn=4)
    record = json.loads(path.read_text())
    record["verify"]["state"] = "0" * 64  # the end no longer matches what was saved
    path.write_text(json.dumps(record))
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and "Open it up to action" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert len(game_screen(app).game.record) < len(game.record)


@pytest.mark.asyncio
async def test_delete_asks_first_and_r_opens_the_replay_viewer() -> None:
    older, newer = two_saves()
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "delete")
        assert isinstance(app.screen, ConfirmDialog) and newer.name in screen_text(app)
        await pilot.press("n")  # no: nothing removed
        assert newer.exists() and len(rows(app)) == 2
        await pilot.press("delete", "y")
        await pilot.pause()
        assert not newer.exists() and [i.path for i in rows(app)] == [older]
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and "action " in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)  # back to the list
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.asyncio
async def test_an_unreadable_save_is_a_clear_error_not_a_crash() -> None:
    bad = saves_dir() / "mtg-tui-bad.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": "mtg-tui game record 1", "setup": {"players": "nobody"}, "actions": []}')
    app = MtgApp()
    said = noticed(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "enter")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, LoadScreen)
        assert said and "is not a saved game this version can read" in said[-1]
        await pilot.press("r")  # nor in the replay viewer
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, LoadScreen)
        assert len(said) == 2 and "is not a saved game this version can read" in said[-1]


@pytest.mark.asyncio
async def test_o_types_the_path_of_a_save_elsewhere(tmp_path: Path) -> None:
    path, game = saved_game(tmp_path / "elsewhere.json", turn=3)
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        assert not rows(app)
        assert "No saves yet" in screen_text(app)
        await pilot.press("o", *"missing.json", "enter")
        assert "no file missing.json" in screen_text(app)
        app.screen.query_one("#dialog-input").value = str(path)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        loaded = game_screen(app).game  # the saved game, then what the client answers for nobody
        assert loaded.state.record_texts[:len(game.record)] == game.state.record_texts


def test_mtg_tui_load_without_a_file_opens_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[bool] = []
    monkeypatch.setattr(replay_app, "run_load_list", lambda: opened.append(True))
    r = CliRunner().invoke(main, ["load"])
    assert r.exit_code == 0, r.output
    assert opened == [True]


@pytest.mark.asyncio
async def test_the_load_list_app_opens_over_the_menu() -> None:
    two_saves()
    app = replay_app.LoadListApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, LoadScreen) and len(rows(app)) == 2
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


def rewrite(path: Path, change: Any) -> None:
    """Edit a save's JSON in place (`change` gets the record)."""
    record = json.loads(path.read_text())
    change(record)
    path.write_text(json.dumps(record))


def test_load_list_snapshot(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """The load list at 120x40 with one save of each kind and status, their dates fixed (the
    header's saved_at, the files' times, UTC for a file with no header).  The screen shows the
    saves folder and the chosen save's path: the data folder is a temp folder of a fixed name."""
    from saved_games import played_record

    from mtg_tui.persistence.saves import save
    from mtg_tui.session import Session
    from rules import Game

    data = Path("/tmp/mtg-tui-load-list-snapshot")
    shutil.rmtree(data, ignore_errors=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.chdir(tmp_path)  # no saves in the current folder but these
    zone = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    folder = saves_dir()
    auto, _ = saved_game(autosave.autosave_path(), turn=5)
    changed, _ = saved_game(folder / "mtg-tui-ann-ben-20250301-201500.json", turn=4)
    old, _ = saved_game(folder / "mtg-tui-ann-ben-20250214-090000.json", turn=2)
    over = save(Session(Game.from_record(played_record())), folder / "mtg-tui-ann-ben-20250110-183000.json")
    broken = folder / "mtg-tui-broken.json"
    broken.write_text("{ not json")
    stamps = {auto: "2025-03-02 21:40", changed: "2025-03-01 20:15", old: "2025-02-14 09:00",
              over: "2025-01-10 18:30", broken: "2024-12-24 12:00"}
    rewrite(changed, lambda r: r["verify"].update(engine="0.0.1"))  # saved by another version: "changed"
    rewrite(old, lambda r: r.pop("verify"))  # from before saves were verified: "old"
    for path, stamp in stamps.items():
        if path is not broken:
            rewrite(path, lambda r, stamp=stamp: r["client"].update(saved_at=stamp))
        when = calendar.timegm(time.strptime(stamp, "%Y-%m-%d %H:%M"))  # the file's time: the same
        os.utime(path, (when, when))
    try:
        assert snap_compare(replay_app.LoadListApp(), terminal_size=SIZE)
    finally:
        shutil.rmtree(data, ignore_errors=True)
        if zone is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = zone
        time.tzset()


@pytest.mark.asyncio
async def test_a_long_save_name_fits_the_list_at_120_columns() -> None:
    """Issue 15: the list cut `mtg-tui-alice-bob-20261126-03261`; the name shows whole (less the
    prefix and extension every save has) and the full path is in the line below."""
    path, _ = saved_game(saves_dir() / "mtg-tui-alice-bob-20261126-032612.json", turn=2)
    app = MtgApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        row = next(line for line in text.splitlines() if "alice" in line and "vs" in line)
        assert "alice-bob-20261126-032612" in row
        assert str(path) in text.replace("\n", "") or path.name in text


@pytest.mark.parametrize("client", [{"players": None, "turn": "three"}, {"players": 7, "turn": [3]}, None, "x"])
def test_a_damaged_client_part_is_listed_with_what_can_be_read_not_a_crash(tmp_path: Path, client: Any) -> None:
    """The load list and the menu's resume entry read a save's header only; a damaged (or
    hand-edited) `client` part leaves out what it can't say instead of raising."""
    path, _ = saved_game(autosave.autosave_path(), turn=3)
    record = json.loads(path.read_text())
    record["client"] = client
    path.write_text(json.dumps(record))
    info = save_info(path)
    assert info.players == ("ann", "ben") and info.mode == "hotseat"  # from the setup instead
    found = autosave.resumable()
    assert found is not None and found.players == () and found.turn == 0
    assert found.describe().startswith("?, turn 0, saved ")  # as the load list says an unknown player
