"""The rules reference: lookups by number and by words, from a rules file (each seed shape)
or from the project's index, across the two numberings."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.reference import Reference, ReferenceError, detect_era, open_reference, references

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def seed_path(prefix: str) -> Path:
    found = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if not found:
        pytest.skip("seed documents not present")
    return found[0]


def numbers(answer) -> list[str]:  # noqa: ANN001
    return [e.number for e in answer.entries if e.kind != "glossary"]


# ------------------------------------------------------------------ the project's index
def test_index_lookup_704_5g_is_the_lethal_damage_summary_linked_to_420_5c() -> None:
    ans = open_reference().query("704.5g")
    assert numbers(ans) == ["704.5g"]
    entry = ans.entries[0]
    assert entry.kind == "summary" and "destroyed" in entry.text
    assert [str(x) for x in entry.links] == ["420.5c (2009)"]


def test_index_lookup_of_a_rule_lists_the_cited_subrules_in_order() -> None:
    got = numbers(open_reference().query("704.5"))
    assert got[:3] == ["704.5a", "704.5b", "704.5c"] and "704.5k" in got
    section = open_reference().query("704")
    assert section.entries[0].kind == "section" and section.entries[0].text == "State-Based Actions"


def test_index_in_the_2009_numbering() -> None:
    ans = open_reference(None, "2009").query("420.5e")
    assert "whoever controls them" in ans.entries[0].text  # the 2009 legend rule, not 2014's
    assert [x.number for x in ans.entries[0].links] == ["704.5k"]


def test_index_words_search() -> None:
    assert "701.12a" in numbers(open_reference().query("regenerate"))
    assert "702.19b" in numbers(open_reference().query("trample"))


def test_index_search_for_mana_burn_falls_back_to_the_2009_rules() -> None:
    ans = open_reference().query("mana burn")
    assert "300.3" in numbers(ans) and any("2009" in n for n in ans.notes)
    assert any(e.kind == "glossary" and e.term == "Mana burn" for e in ans.entries)


def test_index_miss_says_where_the_rule_would_be_and_tries_the_other_numbering() -> None:
    ans = open_reference().query("704.5t")
    assert not ans.entries and "State-Based Actions" in ans.notes[0]
    ans = open_reference().query("420.5c")
    assert not ans.entries and any("--rules 2009" in n for n in ans.notes)


# ------------------------------------------------------------------ rules files
@pytest.mark.parametrize("prefix, era", [("000", "2014"), ("001", "2014"), ("002", "2014"), ("003", "2009")])
def test_each_seed_is_read_and_its_numbering_detected(prefix: str, era: str) -> None:
    ref = open_reference(seed_path(prefix))
    assert ref.era == era and ref.from_file
    assert detect_era(ref.doc) == era


def test_file_search_for_mana_burn_finds_300_3_and_the_glossary() -> None:
    ans = open_reference(seed_path("003")).query("mana burn")
    assert numbers(ans)[0] == "300.3"
    assert ans.entries[0].kind == "glossary" and ans.entries[0].term == "Mana Burn"


def test_file_lookup_shows_the_rule_and_its_subrules() -> None:
    ans = open_reference(seed_path("003")).query("420.5")
    assert numbers(ans)[:3] == ["420.5", "420.5a", "420.5b"] and numbers(ans)[-1] == "420.5q"
    plain = open_reference(seed_path("002")).query("103.4")
    assert plain.entries[0].text.startswith("Each player draws a number of cards equal to")


def test_a_number_in_the_other_numbering_is_translated() -> None:
    ans = open_reference(seed_path("003")).query("704.5g", "2014")
    assert numbers(ans) == ["420.5c"] and "420.5c" in ans.notes[0]
    ans = open_reference(seed_path("002")).query("101.4", "2009")  # the 2009 mulligan rule: 2014's 103.4
    assert numbers(ans)[:2] == ["103.4", "103.4a"]  # the rule and its subrules


def test_see_rule_references_are_found() -> None:
    text = 'skips the draw step (see rule 304, "Draw Step"); see rules 409.1b-i and rule 502.9.'
    assert references(text) == ["304", "409.1b", "502.9"]


def test_a_bad_rules_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ReferenceError, match="no rules file at"):
        open_reference(tmp_path / "missing.txt")
    with pytest.raises(ReferenceError, match="is a directory"):
        open_reference(tmp_path)
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\x00\xffnot rules at all\n")
    with pytest.raises(ReferenceError, match="doesn't look like the Comprehensive Rules"):
        open_reference(junk)


def test_an_unknown_numbering_is_refused() -> None:
    with pytest.raises(ValueError):
        Reference(None, "1999")
