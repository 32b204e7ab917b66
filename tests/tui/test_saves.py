"""Saves you can trust: a save records the engine version, its cards' definition digests and
state digests; loading verifies the replay, reports a tampered or outdated save, offers the game
up to the last action that replays the same, still opens old saves (unverified), and a write
that fails leaves the earlier save intact."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mtg_tui.persistence.userfiles as userfiles
from mtg_tui.config import GameConfig
from mtg_tui.persistence.save_digests import DIGEST_EVERY
from mtg_tui.persistence.saves import SaveError, SaveMismatch, engine_version, load, load_checked, save
from mtg_tui.practice import Progress
from mtg_tui.session import Session
from rules import Game
from rules.cards.digest import card_digest
from rules.engine.core.decisions import ChooseWordDecision
from rules.play.autopilot import goldfish_answer

from decision_positions import by_shape


def played(actions: int = 35) -> Session:
    """A hotseat game played on by the goldfish answers until its record has `actions` actions."""
    cfg = GameConfig("hotseat", ("red-green", "white-blue"), seed=8).checked()
    s = Session(cfg.new_game(), cfg)
    while len(s.game.record) < actions and s.game.decision is not None:
        s.act(goldfish_answer(s.game, s.game.decision))
    assert len(s.game.record) >= actions
    return s


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Session, Path, dict[str, Any]]:
    s = played()
    path = save(s, tmp_path_factory.mktemp("saves") / "game.json")
    return s, path, json.loads(path.read_text())


def write(tmp_path: Path, record: dict[str, Any], name: str = "edited.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def test_a_save_records_engine_cards_and_digests(saved: tuple[Session, Path, dict[str, Any]]) -> None:
    s, _, record = saved
    verify = record["verify"]
    assert verify["engine"] == engine_version()
    assert verify["state"] == s.game.digest()
    assert verify["cards"]["Mountain"] == card_digest("Mountain") and len(verify["cards"]) > 5
    points = [k for k, _ in verify["digests"]]
    n = len(record["actions"])
    assert points[0] == 0 and points[-1] == n and points == sorted(points)
    # at most one per stretch of DIGEST_EVERY actions (and the last), none missing along the way
    assert all(b - a <= DIGEST_EVERY for a, b in zip(points, points[1:], strict=False))
    assert len({k // DIGEST_EVERY for k in points[:-1]}) == len(points[:-1])


def test_a_save_round_trip_verifies(saved: tuple[Session, Path, dict[str, Any]]) -> None:
    s, path, _ = saved
    loaded, check = load_checked(path)
    assert check.verified and check.note is None
    assert loaded.game.digest() == s.game.digest()
    again = save(loaded, path.with_name("again.json"))  # a loaded game saves with its digests too
    assert json.loads(again.read_text())["verify"]["digests"] == json.loads(path.read_text())["verify"]["digests"]


@pytest.mark.parametrize("answer", ["offered", "typed"])
def test_a_game_with_a_chosen_land_type_saves_and_loads_as_the_same_game(answer: str, tmp_path: Path) -> None:
    """Convincing Mirage's basic land type, chosen from the dialog's options (the engine's
    Island) or typed in lower case, is saved as the notation writes it and loads as the same
    game: no false mismatch (614.12)."""
    s = Session(by_shape()["choose:word"].game())
    d = s.game.decision
    assert isinstance(d, ChooseWordDecision) and "Island" in d.options
    s.act(next(c for c in d.choices if c.words == ("Island",)) if answer == "offered" else "alice: choose island")
    for _ in range(20):  # and the game goes on a little
        if s.game.decision is not None:
            s.act(goldfish_answer(s.game, s.game.decision))
    path = save(s, tmp_path / "mirage.json")
    assert "alice: choose Island" in json.loads(path.read_text())["actions"]
    loaded, check = load_checked(path)
    assert check.verified and check.note is None
    assert loaded.game.digest() == s.game.digest()


def test_a_changed_action_is_reported_and_the_game_opens_up_to_the_last_good_point(
        saved: tuple[Session, Path, dict[str, Any]], tmp_path: Path) -> None:
    s, _, record = saved
    texts = record["actions"]
    k = 23  # change the 24th action to one that doesn't replay
    record = {**record, "actions": texts[:k] + ["alice: cast Nonsense"] + texts[k + 1:]}
    path = write(tmp_path, record)
    with pytest.raises(SaveMismatch) as e:
        load(path)
    assert f"action {k + 1} of {len(texts)}" in str(e.value) and "doesn't replay" in str(e.value)
    last_point = max(p for p, _ in record["verify"]["digests"] if p <= k)
    assert e.value.good == last_point and e.value.verified
    assert f"up to action {last_point} of {len(texts)}" in e.value.question()
    session, check = load_checked(path, up_to_last_good=True)
    assert len(session.game.record) == last_point
    expected = Game.from_record({**record, "actions": texts[:last_point]})
    assert session.game.digest() == expected.digest()
    assert check.note and f"opened up to action {last_point}" in check.note


def test_a_legal_but_different_action_is_caught_by_the_digests(
        saved: tuple[Session, Path, dict[str, Any]], tmp_path: Path) -> None:
    _, _, record = saved
    texts = list(record["actions"])
    # swap two players' first keeps for a mulligan where one was kept: a different, legal game
    i = next(i for i, t in enumerate(texts) if t.endswith(": keep"))
    texts[i] = texts[i].replace(": keep", ": mulligan")
    path = write(tmp_path, {**record, "actions": texts})
    with pytest.raises(SaveMismatch) as e:
        load(path)
    assert "not the one that was saved" in str(e.value) or "doesn't replay" in str(e.value)
    assert e.value.good <= i


def test_a_changed_state_digest_is_reported(saved: tuple[Session, Path, dict[str, Any]], tmp_path: Path) -> None:
    _, _, record = saved
    n = len(record["actions"])
    verify = {**record["verify"], "state": "0" * 64,
              "digests": [[k, d] for k, d in record["verify"]["digests"] if k != n]}
    path = write(tmp_path, {**record, "verify": verify})
    with pytest.raises(SaveMismatch) as e:
        load(path)
    assert "the game it replays to is not the one that was saved" in str(e.value)
    assert e.value.good == max(k for k, _ in verify["digests"])


def test_a_changed_intermediate_digest_stops_there(saved: tuple[Session, Path, dict[str, Any]],
                                                   tmp_path: Path) -> None:
    _, _, record = saved
    digests = [list(x) for x in record["verify"]["digests"]]
    digests[2][1] = "f" * 64
    path = write(tmp_path, {**record, "verify": {**record["verify"], "digests": digests}})
    with pytest.raises(SaveMismatch) as e:
        load(path)
    assert f"after action {digests[2][0]} of" in str(e.value) and e.value.good == digests[1][0]


def test_a_changed_card_definition_is_reported(saved: tuple[Session, Path, dict[str, Any]], tmp_path: Path) -> None:
    _, _, record = saved
    cards = {**record["verify"]["cards"], "Mountain": "0" * 64}
    # the game still replays the same: it loads, saying the card changed
    path = write(tmp_path, {**record, "verify": {**record["verify"], "cards": cards}})
    session, check = load_checked(path)
    assert check.verified and check.changed_cards == ["Mountain"]
    assert check.note and "the definition of Mountain changed" in check.note
    # and when it doesn't replay the same, the mismatch says which cards and engine changed
    verify = {**record["verify"], "cards": cards, "engine": "0.0.1", "state": "0" * 64}
    path = write(tmp_path, {**record, "verify": verify}, "both.json")
    with pytest.raises(SaveMismatch) as e:
        load(path)
    assert "the definition of Mountain changed" in str(e.value)
    assert f"saved by mtg-tui 0.0.1, this is {engine_version()}" in str(e.value)


def test_an_old_save_without_digests_still_loads_unverified(saved: tuple[Session, Path, dict[str, Any]],
                                                            tmp_path: Path) -> None:
    s, _, record = saved
    old = {k: v for k, v in record.items() if k != "verify"}
    session, check = load_checked(write(tmp_path, old))
    assert not check.verified and check.note and "can't be checked" in check.note
    assert session.game.digest() == s.game.digest()
    # an old save whose action no longer replays: offered up to the action before it, unverified
    texts = old["actions"]
    broken = {**old, "actions": texts[:30] + ["bob: fly"] + texts[31:]}
    path = write(tmp_path, broken, "old-broken.json")
    with pytest.raises(SaveMismatch) as e:
        load(path)
    assert e.value.good == 30 and not e.value.verified and "not verified" in e.value.question()
    assert len(load(path, up_to_last_good=True).game.record) == 30


def test_a_failed_write_leaves_the_earlier_save_intact(saved: tuple[Session, Path, dict[str, Any]],
                                                       tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s, _, _ = saved
    path = save(s, tmp_path / "keep.json")
    before = path.read_text()
    other = played(12)

    def crash(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(userfiles.os, "fsync", crash)  # the crash comes mid-write, after some bytes
    with pytest.raises(SaveError, match="No space left"):
        save(other, path)
    assert path.read_text() == before and load(path).game.digest() == s.game.digest()
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # no temporary file left behind
    monkeypatch.undo()
    monkeypatch.setattr(userfiles.os, "replace", crash)
    with pytest.raises(SaveError):
        save(other, path)
    assert path.read_text() == before


def test_practice_progress_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    progress = Progress(tmp_path / "practice.json")
    progress.record("01_respond_to_the_bolt", solved=True)
    before = (tmp_path / "practice.json").read_text()
    monkeypatch.setattr(userfiles.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(5, "I/O error")))
    progress.record("02_combat_trick", solved=True)
    assert progress.warning and "I/O error" in progress.warning
    assert (tmp_path / "practice.json").read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["practice.json"]


# the one `exec` allowed: `@frozen` compiles each IR class's `__init__` from the class's own
# field names (as `dataclasses` does), never from anything read from a file
GENERATED_CODE = {"rules/cards/frozen.py": ["exec("]}


def test_no_user_file_is_evaluated_or_unpickled() -> None:
    root = Path(__file__).parents[2]
    for folder in ("mtg_tui", "rules"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            found = re.findall(r"(?<![\w.])(?:eval|exec)\(|import pickle|from pickle|pickle\.loads?\(|"
                               r"yaml\.(?:unsafe_)?load|marshal\.loads?\(|shelve\.open|import dill", text)
            assert found == GENERATED_CODE.get(path.relative_to(root).as_posix(), []), f"{path}: {found}"


def test_the_generated_init_is_written_from_field_names_only() -> None:
    """What `@frozen` hands to `exec`: the parameters and assignments of the class's fields,
    each a Python identifier (a dataclass field name), with defaults passed as objects."""
    from dataclasses import field, fields

    from rules.cards.frozen import frozen, init_source

    @frozen
    class Sample:
        a: int
        b: str = "x"
        c: list[int] = field(default_factory=list)

    source, names = init_source(fields(Sample), post_init=False)
    assert source.splitlines()[0] == "def __init__(self, a, b=_default_b, c=_FACTORY):"
    assert names["_default_b"] == "x" and names["_factory_c"] is list
    assert Sample(1).c == [] and Sample(1, c=[2]).c == [2] and Sample(1) == Sample(1, "x")


def test_cli_load_asks_before_opening_up_to_the_last_good_action(
        saved: tuple[Session, Path, dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mtg_tui.cli import launch
    from mtg_tui.cli.commands import main

    opened: list[Session] = []
    monkeypatch.setattr(launch, "run_app", lambda session=None, **kw: opened.append(session))
    _, _, record = saved
    path = write(tmp_path, {**record, "verify": {**record["verify"], "state": "0" * 64}})
    r = CliRunner().invoke(main, ["load", str(path)], input="n\n")
    assert r.exit_code == 1 and "no longer replays" in r.output and "not opened" in r.output and not opened
    r = CliRunner().invoke(main, ["load", str(path)], input="y\n")
    assert r.exit_code == 0 and len(opened) == 1 and "opened up to action" in r.output
    r = CliRunner().invoke(main, ["load", "--up-to-last-good", str(path)])
    assert r.exit_code == 0 and len(opened) == 2
    assert os.path.exists(path)


@pytest.mark.asyncio
async def test_the_client_asks_with_a_confirm_dialog_before_opening_a_changed_save(
        saved: tuple[Session, Path, dict[str, Any]]) -> None:
    from conftest import SIZE, game_screen

    from mtg_tui.app import MtgApp
    from mtg_tui.persistence import autosave
    from mtg_tui.screens.modals import ConfirmDialog

    _, _, record = saved
    digests = [list(x) for x in record["verify"]["digests"]]
    digests[2][1] = "f" * 64  # the game differs after digests[2][0] actions
    path = autosave.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**record, "verify": {**record["verify"], "digests": digests}}))
    for answer, opened in (("n", False), ("y", True)):
        app = MtgApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog) and "Resume" in app.screen.title_text
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            question = app.screen.title_text
            assert "no longer replays" in question and f"up to action {digests[1][0]}" in question
            await pilot.press(answer)
            await pilot.pause()
            if opened:
                game = game_screen(app).game  # the client then answers what nobody needs to see
                good = digests[1][0]
                assert game.to_record()["actions"][:good] == record["actions"][:good]
            else:
                assert not isinstance(app.screen, ConfirmDialog) and app.session is None


SAMPLES = Path(__file__).with_name("save_samples")


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*_67fe12e.json")), ids=lambda p: p.stem)
def test_a_save_written_by_an_earlier_version_still_verifies(sample: Path) -> None:
    """Saves written at 67fe12e (before text-changing effects and last known information added
    fields to the engine's objects) replay to the same game: the digest leaves fields added
    since out while they are at their default (rules.engine.api.digest.LATER_FIELDS)."""
    session, check = load_checked(sample)
    assert check.verified, check.note
    assert len(session.game.record) == len(json.loads(sample.read_text())["actions"])
