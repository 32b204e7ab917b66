"""Shared fixtures: paths, and a small helper to build positions in Python tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from paths import ROOT, SHARED


@pytest.fixture
def shared_dir() -> Path:
    return SHARED


@pytest.fixture(autouse=True)
def user_files(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data and config folders: the client autosaves, and no test
    may read or write the real user's files."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    return home


@pytest.fixture(autouse=True)
def bundled_cards_only() -> Iterator[None]:
    """A test that imported cards (or ran a command, which adds the user's imported cards)
    leaves the card pool as the project bundles it."""
    yield
    from rules.cards import card_dirs, remove_card_dir
    from rules.cards.parse_cache import use_cache_dir

    use_cache_dir(None)  # a command named this test's cache directory

    for directory in card_dirs():
        remove_card_dir(directory)


@pytest.fixture
def partial_card(user_files: Path) -> object:
    """A card the engine reads only in part, in this test's card pool (every bundled card is
    fully supported): Lash Out, imported from the Scryfall sample ("Clash with an opponent")."""
    from click.testing import CliRunner

    from mtg_tui.cli.commands import main
    from mtg_tui.persistence.card_pool import register_user_cards
    from rules.cards import get_card

    sample = ROOT / "tests" / "cards" / "import_samples" / "scryfall_cards.json"
    r = CliRunner().invoke(main, ["cards", "import", str(sample)])
    assert r.exit_code == 0, r.output
    register_user_cards()
    card = get_card("Lash Out")
    assert card.unsupported, "the sample card must stay partial"
    return card
