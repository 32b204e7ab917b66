"""Official rulings from the player's files (`mtg-tui cards import`): an MTGJSON file's rulings
by card, a Scryfall rulings file's by oracle id, shown by `cards show`, taken out by `cards
remove`.  The ruling texts here are samples in our own words, written to temporary files; the
real M12.json is read in place where ../shared is present."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_tui.cli.commands import main
from mtg_tui.persistence.card_pool import pool_dir
from mtg_tui.persistence.rulings import cards_rulings, rulings_dir, rulings_of
from rules.cards import card_source
from rules.cards.card_files import CardFileError, Ruling, read_card_file

from paths import ROOT, SHARED

M12_MTGJSON = SHARED / "data" / "mtgjson" / "M12.json"
needs_mtgjson = pytest.mark.skipif(not M12_MTGJSON.is_file(), reason="../shared/data/mtgjson is absent")
BEARS_ID = "11111111-2222-3333-4444-555555555555"
UNKNOWN_ID = "99999999-8888-7777-6666-555555555555"


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.output


def user_files() -> dict[str, bytes]:
    """Everything imports wrote: the pool and the rulings."""
    return {str(p): p.read_bytes() for d in (pool_dir(), rulings_dir()) if d.is_dir()
            for p in sorted(d.iterdir())}


def mtgjson_set(tmp_path: Path, cards: list[dict[str, Any]], name: str = "mine.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"meta": {"version": "5"}, "data": {"code": "M10", "cards": cards}}),
                    encoding="utf-8")
    return path


def card(name: str, type_line: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "type": type_line, "setCode": "M10", **more}


def bears(rulings: Any = None, oracle_id: str = BEARS_ID) -> dict[str, Any]:
    more: dict[str, Any] = {"manaCost": "{1}{G}", "power": "2", "toughness": "2",
                            "identifiers": {"scryfallOracleId": oracle_id}}
    if rulings is not None:
        more["rulings"] = rulings
    return card("Grizzly Bears", "Creature — Bear", **more)


SAMPLE_RULINGS = [{"date": "2010-06-01", "text": "A later note of ours about the bears."},
                  {"date": "2009-07-01", "text": "An earlier note of ours about the bears."}]


def scryfall_rulings(tmp_path: Path, entries: list[dict[str, Any]], wrapped: bool = True) -> Path:
    path = tmp_path / "rulings.json"
    doc: Any = {"object": "list", "has_more": False, "data": entries} if wrapped else entries
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def ruling(oracle_id: str, date: str | None, comment: str, source: str = "wotc") -> dict[str, Any]:
    out = {"object": "ruling", "oracle_id": oracle_id, "source": source, "comment": comment}
    if date is not None:
        out["published_at"] = date
    return out


def test_an_mtgjson_files_rulings_are_read_with_their_dates_and_oracle_ids(tmp_path: Path) -> None:
    data = read_card_file(mtgjson_set(tmp_path, [bears(SAMPLE_RULINGS)]))
    assert data.rulings == {"Grizzly Bears": [Ruling("2010-06-01", SAMPLE_RULINGS[0]["text"]),
                                              Ruling("2009-07-01", SAMPLE_RULINGS[1]["text"])]}
    assert data.oracle_ids == {"Grizzly Bears": BEARS_ID}
    assert "_rulings" not in data.entries["Grizzly Bears"]  # never written into card data


def test_a_bundled_cards_rulings_are_kept_and_its_definition_stays(tmp_path: Path) -> None:
    code, out = run("cards", "import", str(mtgjson_set(tmp_path, [bears(SAMPLE_RULINGS)])))
    assert code == 0, out
    assert "skipped 1 the project bundles" in out and "kept 2 rulings of 1 cards" in out
    assert card_source("Grizzly Bears") is None  # the bundled definition
    assert rulings_of("Grizzly Bears") == [("mine.json", [Ruling("2009-07-01", SAMPLE_RULINGS[1]["text"]),
                                                          Ruling("2010-06-01", SAMPLE_RULINGS[0]["text"])])]
    assert [p.name for p in rulings_dir().iterdir()] == ["mine.toml"]
    assert ROOT not in rulings_dir().parents  # the user's data folder: the project ships none


def test_cards_show_prints_the_rulings_oldest_first_with_their_dates(tmp_path: Path) -> None:
    run("cards", "import", str(mtgjson_set(tmp_path, [bears(SAMPLE_RULINGS)])))
    code, out = run("cards", "show", "Grizzly", "Bears")
    assert code == 0
    rulings = out[out.index("Rulings (from mine.json), oldest first:"):].splitlines()[1:]
    assert rulings == ["  2009-07-01  An earlier note of ours about the bears.",
                       "  2010-06-01  A later note of ours about the bears."]
    code, out = run("cards", "show", "Llanowar Elves")
    assert code == 0 and "Rulings" not in out


def test_cards_remove_takes_a_files_rulings_out(tmp_path: Path) -> None:
    run("cards", "import", str(mtgjson_set(tmp_path, [bears(SAMPLE_RULINGS)])))
    code, out = run("cards", "remove", "mine.json")
    assert code == 0 and out.strip() == "removed 2 rulings imported from mine.json"
    assert rulings_of("Grizzly Bears") == [] and list(rulings_dir().iterdir()) == []
    assert "Rulings" not in run("cards", "show", "Grizzly Bears")[1]
    code, out = run("cards", "remove", "mine.json")
    assert code == 1 and "nothing to remove" in out


def test_importing_again_replaces_a_files_rulings_and_others_stay(tmp_path: Path) -> None:
    first = mtgjson_set(tmp_path, [bears(SAMPLE_RULINGS)])
    other = tmp_path / "elsewhere"
    other.mkdir()
    second = mtgjson_set(other, [bears([{"date": "2011-01-01", "text": "Another file's note."}])])
    run("cards", "import", str(first))
    run("cards", "import", str(second))
    before = user_files()
    run("cards", "import", str(second))
    assert user_files() == before  # the same file again writes the same bytes
    assert [s for s, _ in rulings_of("Grizzly Bears")] == ["mine.json", "mine.json"]
    first.write_text(first.read_text(encoding="utf-8").replace("later note", "revised note"), encoding="utf-8")
    run("cards", "import", str(first))
    texts = [r.text for _, rs in rulings_of("Grizzly Bears") for r in rs]
    assert "A revised note of ours about the bears." in texts and "A later note of ours about the bears." not in texts
    assert "Another file's note." in texts


def test_a_scryfall_rulings_file_is_matched_through_imported_oracle_ids(tmp_path: Path) -> None:
    path = scryfall_rulings(tmp_path, [ruling(BEARS_ID, "2012-02-02", "Our sample note, by oracle id."),
                                       ruling(BEARS_ID, "2013-03-03", "A note of Scryfall's own.", "scryfall"),
                                       ruling(UNKNOWN_ID, "2014-04-04", "A note for a card nobody has.")])
    code, out = run("cards", "import", str(path))
    assert code == 0, out
    assert out.splitlines()[0] == "rulings.json (Scryfall rulings file): 3 rulings"
    assert "2 cards' rulings match no card of your pool by oracle id" in out  # nothing names an oracle id yet
    assert f"    - {BEARS_ID}" in out and f"    - {UNKNOWN_ID}" in out
    assert rulings_of("Grizzly Bears") == []
    run("cards", "import", str(mtgjson_set(tmp_path, [bears()])))  # names the bears' oracle id, no rulings
    assert rulings_of("Grizzly Bears") == [("rulings.json", [Ruling("2012-02-02", "Our sample note, by oracle id."),
                                                             Ruling("2013-03-03", "A note of Scryfall's own.",
                                                                    "scryfall")])]
    code, out = run("cards", "import", str(path))
    assert "1 cards' rulings match no card" in out and UNKNOWN_ID in out and BEARS_ID not in out
    show = run("cards", "show", "Grizzly Bears")[1]
    assert "Rulings (from rulings.json), oldest first:" in show
    assert "  2013-03-03 (scryfall)  A note of Scryfall's own." in show
    code, out = run("cards", "remove", "rulings.json")
    assert code == 0 and out.strip() == "removed 3 rulings imported from rulings.json"


def test_a_scryfall_card_lists_oracle_ids_match_rulings_to_bundled_cards(tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"name": "Grizzly Bears", "oracle_id": BEARS_ID, "mana_cost": "{1}{G}",
                                  "type_line": "Creature — Bear", "power": "2", "toughness": "2", "set": "m10"}]),
                     encoding="utf-8")
    assert read_card_file(cards).oracle_ids == {"Grizzly Bears": BEARS_ID}
    code, out = run("cards", "import", str(cards))
    assert code == 0 and "skipped 1 the project bundles" in out and "rulings" not in out
    code, out = run("cards", "import", str(scryfall_rulings(tmp_path, [ruling(BEARS_ID, "2012-02-02", "A note.")])))
    assert code == 0 and "match no card" not in out
    assert rulings_of("Grizzly Bears") == [("rulings.json", [Ruling("2012-02-02", "A note.")])]
    code, out = run("cards", "remove", "cards.json")  # it added no cards, only the oracle ids
    assert code == 0 and out.strip() == "removed the oracle ids kept from cards.json (it added no cards and no rulings)"
    assert rulings_of("Grizzly Bears") == []


def test_a_bare_list_of_scryfall_rulings_reads_too(tmp_path: Path) -> None:
    data = read_card_file(scryfall_rulings(tmp_path, [ruling(BEARS_ID, "2012-02-02", "A note.")], wrapped=False))
    assert data.shape == "Scryfall rulings file" and data.read == 0
    assert data.oracle_rulings == [(BEARS_ID, Ruling("2012-02-02", "A note."))]


BAD_MTGJSON = {
    "no_date": ([{"text": "A note without a date."}], "card #2 (Grizzly Bears): ruling 1 has no date"),
    "bad_date": ([{"date": "June 2010", "text": "A note."}], "ruling 1 has a date that is not YYYY-MM-DD"),
    "no_text": ([{"date": "2010-06-01"}], "card #2 (Grizzly Bears): ruling 1 has no text"),
    "not_a_list": ("a note", "card #2 (Grizzly Bears): \"rulings\" is not a list"),
    "not_an_object": (["a note"], "ruling 1 is not a JSON object"),
}


@pytest.mark.parametrize("name", sorted(BAD_MTGJSON))
def test_a_malformed_ruling_refuses_the_file_in_one_line_and_nothing_is_written(tmp_path: Path, name: str) -> None:
    run("cards", "import", str(mtgjson_set(tmp_path, [bears(SAMPLE_RULINGS)], "kept.json")))
    before = user_files()
    rulings, problem = BAD_MTGJSON[name]
    path = mtgjson_set(tmp_path, [card("Pestermite", "Creature — Faerie"), bears(rulings)])
    code, out = run("cards", "import", str(path))
    assert code == 1 and len(out.strip().splitlines()) == 1 and problem in out and str(path) in out, out
    assert user_files() == before


BAD_SCRYFALL = {
    "no_date": (ruling(BEARS_ID, None, "A note."), f"ruling #1 (oracle_id {BEARS_ID}) has no date"),
    "no_comment": (ruling(BEARS_ID, "2012-02-02", ""), "ruling #1 (oracle_id " + BEARS_ID + ") has no text"),
    "no_oracle_id": ({"object": "ruling", "published_at": "2012-02-02", "comment": "A note."},
                     "ruling #1 has no oracle_id"),
}


@pytest.mark.parametrize("name", sorted(BAD_SCRYFALL))
def test_a_malformed_scryfall_ruling_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    entry, problem = BAD_SCRYFALL[name]
    path = scryfall_rulings(tmp_path, [entry])
    code, out = run("cards", "import", str(path))
    assert code == 1 and len(out.strip().splitlines()) == 1 and problem in out, out
    assert user_files() == {}
    with pytest.raises(CardFileError):
        read_card_file(path)


def test_a_file_with_no_rulings_says_so(tmp_path: Path) -> None:
    code, out = run("cards", "import", str(mtgjson_set(tmp_path, [bears()])))
    assert code == 0 and "  no rulings in it" in out
    assert rulings_of("Grizzly Bears") == []
    code, out = run("cards", "import", str(scryfall_rulings(tmp_path, [])))
    assert code == 1 and len(out.strip().splitlines()) == 1 and "no cards in it" in out


def test_a_puzzles_cards_rulings_are_grouped_by_file(tmp_path: Path) -> None:
    run("cards", "import", str(mtgjson_set(tmp_path, [bears(SAMPLE_RULINGS), card(
        "Giant Growth", "Instant", manaCost="{G}", rulings=[{"date": "2009-01-01", "text": "A growth note."}])])))
    groups = cards_rulings(["Giant Growth", "Grizzly Bears", "Giant Growth", "Island"])
    assert groups == [("mine.json", [("Giant Growth", Ruling("2009-01-01", "A growth note.")),
                                     ("Grizzly Bears", Ruling("2009-07-01", SAMPLE_RULINGS[1]["text"])),
                                     ("Grizzly Bears", Ruling("2010-06-01", SAMPLE_RULINGS[0]["text"]))])]


@needs_mtgjson
def test_the_m12_set_file_keeps_every_cards_rulings_with_dates() -> None:
    doc = json.loads(M12_MTGJSON.read_text(encoding="utf-8"))
    want = {c["name"]: c["rulings"] for c in doc["data"]["cards"] if c.get("rulings")}
    code, out = run("cards", "import", str(M12_MTGJSON))
    assert code == 0 and "(0 new)" in out  # every M12 card is bundled: their definitions stay
    assert f"kept {sum(map(len, want.values()))} rulings of {len(want)} cards" in out
    for name, rulings in want.items():
        assert card_source(name) is None
        [(source, kept)] = rulings_of(name)
        assert source == "M12.json"
        assert sorted((r.date, r.text) for r in kept) == sorted((r["date"], r["text"]) for r in rulings)
        assert [r.date for r in kept] == sorted(r.date for r in kept)
    angel = next(name for name in want if len({r["date"] for r in want[name]}) > 1)
    show = run("cards", "show", angel)[1]
    assert "Rulings (from M12.json), oldest first:" in show
    code, out = run("cards", "remove", "M12.json")
    assert code == 0 and out.strip() == f"removed {sum(map(len, want.values()))} rulings imported from M12.json"
    assert all(rulings_of(name) == [] for name in want)
