"""The parsed card files kept between runs (rules.cards.parse_cache): the same documents as
parsing, keyed by the text so never stale, and no cache is no error."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules.cards import data_files, parse_cache as pc

TEXT = '[[cards]]\nname = "Grizzly Bears"\ntype = "Creature — Bear"\ncost = "{1}{G}"\n'


@pytest.fixture
def cache(tmp_path: Path):  # noqa: ANN201
    pc.use_cache_dir(tmp_path / "cards")
    yield tmp_path / "cards"
    pc.use_cache_dir(None)


def test_a_cached_file_reads_as_parsed_and_the_second_load_comes_from_the_cache(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = tomllib.loads(TEXT)
    assert pc.load_toml("m10.toml", TEXT) == parsed
    assert len(list(cache.glob("*.json"))) == 1

    def no_parsing(text: str) -> dict:
        raise AssertionError("parsed again")

    monkeypatch.setattr(tomllib, "loads", no_parsing)
    assert pc.load_toml("m10.toml", TEXT) == parsed


def test_changed_text_is_parsed_again_and_replaces_the_files_older_form(cache: Path) -> None:
    pc.load_toml("m10.toml", TEXT)
    other = TEXT.replace("Grizzly Bears", "Runeclaw Bear")
    assert pc.load_toml("m10.toml", other)["cards"][0]["name"] == "Runeclaw Bear"
    assert len(list(cache.glob("*.json"))) == 1
    pc.load_toml("m11.toml", TEXT)  # another file keeps its own
    assert len(list(cache.glob("*.json"))) == 2


def test_a_damaged_or_unwritable_cache_is_no_cache(cache: Path, tmp_path: Path) -> None:
    pc.load_toml("m10.toml", TEXT)
    (found,) = cache.glob("*.json")
    found.write_bytes(b"{not json")
    assert pc.load_toml("m10.toml", TEXT) == tomllib.loads(TEXT)
    blocker = tmp_path / "a file"
    blocker.write_text("")
    pc.use_cache_dir(blocker / "cards")  # can't be made: a file is in the way
    assert pc.load_toml("m10.toml", TEXT) == tomllib.loads(TEXT)


def test_bad_toml_is_still_an_error(cache: Path) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        pc.load_toml("bad.toml", "[[cards]\nname = ")


def test_the_bundled_card_files_read_the_same_with_and_without_the_cache(cache: Path) -> None:
    pc.use_cache_dir(None)
    plain = data_files()
    pc.use_cache_dir(cache)
    assert data_files() == plain and data_files() == plain  # filled, then read from the cache
    assert len(list(cache.glob("*.json"))) == len(plain)
