"""`mtg-tui cards import / remove` and the card pool they extend: Scryfall and MTGJSON card
files (the samples in import_samples/, and the reference files in ../shared where present)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import rules.cards.card_files as card_files
from mtg_tui.cli.commands import main
from mtg_tui.persistence.card_pool import pool_dir
from mtg_tui.persistence.userfiles import config_path, data_dir
from rules.cards import UnknownCard, bundled_names, card_source, get_card, pool_changed
from rules.cards.card_files import CardFileError, compiled, read_card_file, toml_lines
from rules.play.decklist import parse_deck, pool_name

from paths import REFERENCE_JSON, ROOT, SHARED

SAMPLES = ROOT / "tests" / "cards" / "import_samples"
SCRYFALL = SAMPLES / "scryfall_cards.json"
ATOMIC = SAMPLES / "mtgjson_atomic.json"
SET_FILE = SAMPLES / "mtgjson_set.json"
M12_MTGJSON = SHARED / "data" / "mtgjson" / "M12.json"


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.output


def pool_files() -> dict[str, bytes]:
    d = pool_dir()
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())} if d.is_dir() else {}


def imported(*files: Path) -> None:
    for f in files:
        code, out = run("cards", "import", str(f))
        assert code == 0, out


def test_user_files_follow_xdg(user_files: Path) -> None:
    assert data_dir() == user_files / "data" / "mtg-tui"
    assert config_path() == user_files / "config" / "mtg-tui" / "config.toml"
    assert pool_dir() == user_files / "data" / "mtg-tui" / "cards"


def test_scryfall_import_compiles_what_it_reads_and_keeps_bundled_cards() -> None:
    code, out = run("cards", "import", str(SCRYFALL))
    assert code == 0, out
    assert "Scryfall card list" in out and "8 card objects, 4 cards in your pool (4 new)" in out
    assert "2 fully supported, 2 partial" in out
    assert "skipped 1 the project bundles" in out
    assert "Little Girl: its mana cost '{HW}'" in out and "Goblin Rogue: a token card" in out
    assert get_card("Pestermite").supported  # flash, flying, an enters-the-battlefield trigger
    assert get_card("Elvish Warrior").supported and get_card("Elvish Warrior").sets == ("LRW", "EVG")
    lash = get_card("Lash Out")
    assert lash.status == "partial" and any("Clash" in line for line in lash.unsupported)
    delver = get_card("Delver of Secrets")  # a two-faced card: its front face, partial, saying why
    assert delver.status == "partial" and str(delver.power) == "1"
    assert any(line.startswith("other face Insectile Aberration") for line in delver.unsupported)
    assert card_source("Lightning Bolt") is None and "Lightning Bolt" in bundled_names()
    assert card_source("Pestermite") == str(pool_dir() / "scryfall_cards.toml")
    for missing in ("Little Girl", "Goblin Rogue"):
        with pytest.raises(UnknownCard):
            get_card(missing)
    doc = tomllib.loads((pool_dir() / "scryfall_cards.toml").read_text(encoding="utf-8"))
    assert [c["name"] for c in doc["cards"]] == ["Delver of Secrets", "Elvish Warrior", "Lash Out", "Pestermite"]
    index = tomllib.loads((pool_dir() / "index.toml").read_text(encoding="utf-8"))
    assert index["sources"] == [{"source": "scryfall_cards.json", "path": str(SCRYFALL.resolve()),
                                 "file": "scryfall_cards.toml", "shape": "Scryfall card list", "cards": 4,
                                 "sets": ["ISD", "LRW"]}]


def test_importing_the_same_file_again_changes_nothing() -> None:
    imported(SCRYFALL, ATOMIC)
    before = pool_files()
    code, out = run("cards", "import", str(SCRYFALL))
    assert code == 0 and "4 cards in your pool (0 new)" in out
    code, out = run("cards", "import", str(ATOMIC))
    assert code == 0 and "3 cards in your pool (0 new)" in out
    assert pool_files() == before


def test_mtgjson_atomic_and_set_files() -> None:
    imported(SCRYFALL)
    code, out = run("cards", "import", str(ATOMIC))
    assert code == 0 and "MTGJSON AtomicCards" in out
    assert "skipped 1 already imported by scryfall_cards.toml" in out  # Elvish Warrior
    fire = get_card("Fire")
    assert fire.status == "partial" and fire.sets == ("APC", "MH2")
    assert any(line.startswith("other face Ice (Instant)") for line in fire.unsupported)
    assert get_card("Wizened Cenn").supported
    code, out = run("cards", "import", str(SET_FILE))
    assert code == 0 and "MTGJSON set file" in out and "5 card objects, 3 cards in your pool (3 new)" in out
    wear = get_card("Wear")  # its faces are two entries of the set file
    assert wear.sets == ("LRW",) and any("other face Tear" in line for line in wear.unsupported)
    assert get_card("Goldmeadow Harrier").supported and get_card("Goldmeadow Harrier").sets == ("LRW",)
    with pytest.raises(UnknownCard):
        get_card("Elemental")  # the set file's tokens are no cards of the set


def test_cards_lists_imported_cards_under_their_sets() -> None:
    imported(SCRYFALL, ATOMIC)
    code, out = run("cards")
    assert code == 0
    bundled, _, mine = out.partition("imported cards (in ")
    assert "M10: " in bundled and "Pestermite" not in bundled
    assert "scryfall_cards.json (Scryfall card list): 4 cards, sets ISD, LRW" in mine
    assert "LRW: 5 cards, 3 fully supported, 2 partial" in mine
    assert "  Pestermite\n" in mine and "  Lash Out (partial)\n" in mine
    assert "partial imported cards" in mine and "    - Lash Out deals 3 damage" in mine
    code, out = run("cards", "--set", "isd")
    assert code == 0 and "ISD: 1 cards, 0 fully supported, 1 partial" in out and "M10" not in out
    data = json.loads(run("cards", "--json")[1])
    assert data["imported"]["total"] == 7 and data["total"] == len(bundled_names())


def test_remove_a_set_or_a_file() -> None:
    imported(SCRYFALL, ATOMIC)
    code, out = run("cards", "remove", "ISD")
    assert code == 0 and out.strip() == "removed 1 cards of set ISD imported from scryfall_cards.json"
    with pytest.raises(UnknownCard):
        get_card("Delver of Secrets")
    assert get_card("Pestermite").supported
    code, out = run("cards", "remove", str(ATOMIC))
    assert code == 0 and out.strip() == "removed 3 cards imported from mtgjson_atomic.json"
    assert not (pool_dir() / "mtgjson_atomic.toml").exists()
    before = pool_files()
    code, out = run("cards", "remove", "XYZ")
    assert code == 1 and len(out.strip().splitlines()) == 1 and "nothing to remove: 'XYZ'" in out
    assert pool_files() == before
    code, out = run("cards", "remove", "scryfall_cards.json")
    assert code == 0
    with pytest.raises(UnknownCard):
        get_card("Pestermite")
    assert tomllib.loads((pool_dir() / "index.toml").read_text()).get("sources", []) == []


_HALF = SCRYFALL.read_text(encoding="utf-8")[:1500]
MALFORMED = {
    "not_json.json": ("Elvish Warrior, Pestermite", "not JSON"),
    "empty.json": ("", "empty"),
    "truncated.json": (_HALF, "ends too early"),
    "unknown_shape.json": ('{"object": "error", "details": "not found"}', "an unknown shape"),
    "no_name.json": ('[{"mana_cost": "{G}", "type_line": "Creature — Elf", "power": "1", "toughness": "1"}]',
                     "card #1 has no name"),
    "no_type.json": ('[{"name": "Pestermite", "mana_cost": "{2}{U}"}]', "card #1 (Pestermite) has no type line"),
    "bad_set.json": ('{"meta": {}, "data": {"Pestermite": {"type": "Creature"}}}', "neither a \"cards\" list"),
    "bad_atomic.json": ('{"meta": {}, "data": {"Pestermite": [{"type": "Creature"}], "Fire": 3}}',
                        "'Fire' is not a list of card faces"),
    "bad_json.json": ('[{"name": "A", "type_line": "Instant"} {"name": "B"}]', "expected ',' or ']'"),
    "bad_value.json": ('[{"name": "A",, "type_line": "Instant"}]', "not valid JSON: Expecting property name"),
    "latin1.json": ("[{\"name\": \"Lim-D\xfbl\"}]".encode("latin-1"), "not UTF-8"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_file_is_refused_in_one_line_and_the_pool_stays(tmp_path: Path, name: str) -> None:
    imported(SCRYFALL)
    before = pool_files()
    content, problem = MALFORMED[name]
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    code, out = run("cards", "import", str(path))
    assert code == 1
    assert len(out.strip().splitlines()) == 1 and str(path) in out and problem in out, out
    assert pool_files() == before


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    code, out = run("cards", "import", str(tmp_path / "nowhere.json"))
    assert code == 1 and len(out.strip().splitlines()) == 1 and "nowhere.json" in out
    assert not pool_dir().exists()


def test_reading_in_tiny_chunks_gives_the_same_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = {f: read_card_file(f) for f in (SCRYFALL, ATOMIC, SET_FILE)}
    monkeypatch.setattr(card_files, "CHUNK", 7)  # every value crosses chunk boundaries
    for f, data in whole.items():
        again = read_card_file(f)
        assert (again.shape, again.entries, again.read, again.left_out) == \
            (data.shape, data.entries, data.read, data.left_out)


def test_an_imported_card_is_known_to_deck_lists_and_plays_in_a_scenario(tmp_path: Path) -> None:
    imported(ATOMIC, SET_FILE)
    assert pool_name("wizened cenn") == "Wizened Cenn"
    deck = parse_deck("20 Plains\n4 Wizened Cenn\n4 Goldmeadow Harrier\n")
    assert sum(e.count for e in deck.entries) == 28
    scenario = tmp_path / "kithkin.toml"
    scenario.write_text('''
name = "Imported Kithkin: Wizened Cenn gives Goldmeadow Harrier +1/+1; the Harrier taps a blocker"
rules = "2014"
actions = [
  "alice: activate Goldmeadow Harrier targeting Grizzly Bears",
  "resolve",
  "go to declare_attackers",
  "alice: attack Wizened Cenn",
  "go to end",
]

[start]
turn = 3

[players.alice]
battlefield = ["Wizened Cenn", "Goldmeadow Harrier", "Plains"]
library = ["Plains"]

[players.bob]
battlefield = ["Grizzly Bears"]
library = ["Island"]

[expect.players.bob]
life = 18

[expect.permanents."Grizzly Bears"]
tapped = true

[expect.permanents."Goldmeadow Harrier"]
tapped = true
power = 2
toughness = 2
''', encoding="utf-8")
    code, out = run("scenario", str(scenario))
    assert code == 0, out
    assert get_card("Goldmeadow Harrier").supported


needs_reference = pytest.mark.skipif(not REFERENCE_JSON.is_file(), reason="../shared/reference is absent")
needs_mtgjson = pytest.mark.skipif(not M12_MTGJSON.is_file(), reason="../shared/data/mtgjson is absent")


@needs_reference
def test_the_reference_file_reads_as_the_bundled_cards() -> None:
    data = read_card_file(REFERENCE_JSON)
    assert data.shape == "Scryfall card list" and data.read == 782 == len(data.entries)
    for name, entry in data.entries.items():
        card, why = compiled(entry)
        assert card is not None, f"{name}: {why}"
        bundled = get_card(name)
        assert (card.mana_cost, card.type_line, card.power, card.toughness, card.loyalty) == \
            (bundled.mana_cost, bundled.type_line, bundled.power, bundled.toughness, bundled.loyalty), name
    code, out = run("cards", "import", str(REFERENCE_JSON))
    assert code == 0 and "782 card objects, 0 cards in your pool (0 new)" in out
    assert "skipped 782 the project bundles" in out
    assert pool_files() == {"index.toml": (pool_dir() / "index.toml").read_bytes()}


@needs_mtgjson
def test_the_mtgjson_m12_set_file() -> None:
    data = read_card_file(M12_MTGJSON)
    assert data.shape == "MTGJSON set file" and data.read == 249 and len(data.entries) == 234
    assert all(e["sets"] == ["M12"] for e in data.entries.values())
    for name, entry in data.entries.items():
        card, why = compiled(entry)
        # (Oracle updates subtypes: Roc Egg is a Bird Egg now)
        assert card is not None and card.type_line.types == get_card(name).type_line.types, f"{name}: {why}"
    code, out = run("cards", "import", str(M12_MTGJSON))
    assert code == 0 and "skipped 234 the project bundles" in out and "(0 new)" in out


def test_read_card_file_names_no_path_itself(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("[", encoding="utf-8")
    with pytest.raises(CardFileError, match=r"^the file ends too early \(truncated\?\) \(line 1\)$"):
        read_card_file(path)


def test_a_damaged_pool_is_a_warning_and_the_bundled_cards_still_play() -> None:
    imported(SCRYFALL)
    (pool_dir() / "scryfall_cards.toml").write_text("[[cards]]\nname = ", encoding="utf-8")
    pool_changed()  # as a new run of mtg-tui would read it
    r = CliRunner().invoke(main, ["cards", "show", "Lightning Bolt"])
    assert r.exit_code == 0 and "Lightning Bolt" in r.output
    assert "your imported cards can't be read" in r.output  # (CliRunner mixes stderr in)
    with pytest.raises(UnknownCard):
        get_card("Pestermite")


@pytest.mark.parametrize("text", ['quotes "x" and \\ backslash', "tab\tnew\nline", "Æther − —", "del \x7f", "\x01"])
def test_the_card_data_writer_round_trips_through_toml(text: str) -> None:
    entry = {"name": text, "type": "Instant", "text": text, "loyalty": 3, "sets": ["X", "Y"],
             "faces": [{"name": "B", "type": "Sorcery", "text": text}]}
    assert tomllib.loads("\n".join(toml_lines(entry)))["cards"] == [entry]


def test_two_files_of_the_same_name_from_different_folders_both_stay(tmp_path: Path) -> None:
    """Importing `cards.json` from one folder never replaces what a `cards.json` from another
    folder added: each gets its own pool file."""
    cards = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    first, second = tmp_path / "a" / "cards.json", tmp_path / "b" / "cards.json"
    for path, picked in ((first, [c for c in cards if c["name"] == "Pestermite"]),
                         (second, [c for c in cards if c["name"] != "Pestermite"])):
        path.parent.mkdir()
        path.write_text(json.dumps(picked), encoding="utf-8")
    imported(first, second)
    assert len([n for n in pool_files() if n.startswith("cards")]) == 2
    assert get_card("Pestermite").supported
    code, out = run("cards", "import", str(first))  # again: the same file, the same pool file
    assert code == 0 and "(0 new)" in out, out
