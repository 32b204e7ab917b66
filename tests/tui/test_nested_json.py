"""JSON nested too deeply (`[[[[...]]]]` 100,000 deep: json's decoder recurses, a RecursionError)
in any user file the client reads is one clear line naming the file, never a traceback: a
save, the autosave (the main menu treats it as unreadable), practice progress, the settings,
a card file to import (streamed or not) and the parse cache.  The same for TOML (tomllib
recurses too): scenarios, puzzles, config.toml and the imported cards' files."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SIZE

from mtg_tui.app import MtgApp
from mtg_tui.cli.commands import main
from mtg_tui.persistence import autosave, settings
from mtg_tui.persistence.saves import SaveError, read_record
from mtg_tui.practice import Progress
from mtg_tui.screens.menu import MenuScreen
from rules.cards import card_files, parse_cache
from rules.cards.safe_files import MAX_DEPTH, JsonError, loads

DEEP = 100_000
DEEP_LIST = "[" * DEEP + "]" * DEEP
DEEP_OBJECT = '{"a": ' * DEEP + "1" + "}" * DEEP
# nested deeper than any file of ours, though the decoder itself could read it
NEAR = MAX_DEPTH + 50
NEAR_LIST = "[" * NEAR + "]" * NEAR
TOO_DEEP = "nested too deeply"


def one_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    return lines[0]


@pytest.mark.parametrize("text", [DEEP_LIST, DEEP_OBJECT, NEAR_LIST])
def test_the_reader_refuses_too_deep_json_as_its_own_error(text: str) -> None:
    with pytest.raises(JsonError, match=TOO_DEEP):
        loads(text)
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None  # as deep as allowed reads


def test_a_save_nested_too_deeply_is_one_line_naming_it(tmp_path: Path) -> None:
    for text in (DEEP_LIST, DEEP_OBJECT, '{"setup": {}, "actions": ' + NEAR_LIST + "}"):
        path = tmp_path / "deep.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SaveError, match=TOO_DEEP) as e:
            read_record(path)
        assert str(path) in str(e.value)
        r = CliRunner().invoke(main, ["load", str(path)])
        assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
        line = one_line(r.output)
        assert str(path) in line and TOO_DEEP in line and "Traceback" not in r.output


@pytest.mark.asyncio
async def test_a_deep_autosave_is_unreadable_and_the_main_menu_still_opens() -> None:
    path = autosave.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DEEP_LIST, encoding="utf-8")
    assert autosave.resumable() is None
    [listed] = autosave.load_list()
    assert listed.kind == "autosave" and listed.status == "unreadable" and TOO_DEEP in listed.note
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MenuScreen)
        assert app.screen.check_action("choose", ("resume",)) is False


def test_deep_practice_progress_is_set_aside_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    path.write_text(DEEP_OBJECT, encoding="utf-8")
    progress = Progress.load(path)
    assert progress.puzzles == {} and progress.warning is not None
    assert str(path) in progress.warning and TOO_DEEP in progress.warning
    assert path.with_name("practice.json.damaged").is_file()


def test_deep_settings_are_a_warning_and_the_defaults() -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in (DEEP_LIST, '{"format": "mtg-tui settings 1", "theme": "x", "more": ' + NEAR_LIST + "}"):
        path.write_text(text, encoding="utf-8")
        data, warning = settings.load()
        assert data == {} and warning is not None and str(path) in warning and TOO_DEEP in warning
        assert settings.remember(theme="textual-light") is None  # written afresh over it
        assert settings.theme() == ("textual-light", None)


CARD_FILES = {
    "deep_list.json": DEEP_LIST,
    "deep_card.json": '[{"name": "A", "type_line": "Instant", "x": ' + DEEP_LIST + "}]",
    "deep_meta.json": '{"meta": ' + DEEP_OBJECT + ', "data": []}',
    "deep_mtgjson.json": '{"meta": {}, "data": {"code": "X", "booster": ' + DEEP_LIST + "}}",
    # bigger than the reader's chunk: the deep value crosses chunks as it is streamed
    "deep_streamed.json": "[" + '{"name": "A", "type_line": "Instant"}, ' * 30_000 + "[" * 2 * card_files.CHUNK,
}


@pytest.mark.parametrize("name", sorted(CARD_FILES))
def test_a_deep_card_file_to_import_is_one_line_naming_it(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(CARD_FILES[name], encoding="utf-8")
    r = CliRunner().invoke(main, ["cards", "import", str(path)])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.output
    line = one_line(r.output)
    assert str(path) in line and TOO_DEEP in line and "Traceback" not in r.output


def test_a_deep_parse_cache_file_is_parsed_again(tmp_path: Path) -> None:
    parse_cache.use_cache_dir(tmp_path)
    text = 'name = "x"\n'
    assert parse_cache.load_toml("x.toml", text) == {"name": "x"}
    [cached] = tmp_path.glob("*.json")
    cached.write_text(DEEP_LIST, encoding="utf-8")
    assert parse_cache.load_toml("x.toml", text) == {"name": "x"}


DEEP_TOML = "a = " + DEEP_LIST + "\n"  # tomllib recurses too


def test_a_deep_scenario_or_puzzle_file_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(DEEP_TOML, encoding="utf-8")
    r = CliRunner().invoke(main, ["scenario", str(path)])
    said = r.output.splitlines()[0]
    assert said == f"FAIL deep: {path} is not valid TOML: its arrays and tables are {TOO_DEEP} to read"
    r = CliRunner().invoke(main, ["practice", str(path)])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    line = one_line(r.output)
    assert str(path) in line and TOO_DEEP in line


def test_a_deep_config_toml_is_a_warning() -> None:
    from mtg_tui.persistence.userfiles import config_path, load_settings

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(DEEP_TOML, encoding="utf-8")
    settings_found, warning = load_settings()
    assert settings_found == {} and warning is not None and str(config_path()) in warning and TOO_DEEP in warning


def test_a_deep_index_of_imported_cards_is_a_warning_and_one_error_line() -> None:
    from mtg_tui.persistence.card_pool import INDEX, pool_dir

    index = pool_dir() / INDEX
    index.parent.mkdir(parents=True)
    index.write_text(DEEP_TOML, encoding="utf-8")
    r = CliRunner().invoke(main, ["cards", "remove", "LRW"])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    warning, error = r.output.splitlines()  # (CliRunner mixes stderr in)
    assert warning.startswith("your imported cards can't be read") and warning.endswith("playing without them")
    assert error.startswith("Error: ") and str(index) in error and TOO_DEEP in error
