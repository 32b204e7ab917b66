"""The rules reference: lookups by number and by words, from a rules file (each seed shape)
or from the project's index, across the two numberings."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.reference.lookup import Reference, ReferenceError, detect_era, open_reference, references

from paths import SEEDS

SEEDS = SEEDS


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


def test_a_number_only_the_other_numbering_has_is_translated_without_being_told() -> None:
    """704.5g (2014, lethal damage) isn't a rule of the 2009 numbering: in seed 003 it is 420.5c."""
    ans = open_reference(seed_path("003")).query("704.5g")
    assert numbers(ans) == ["420.5c"] and ans.entries[0].kind == "rule"
    assert ans.notes[0] == "704.5g (2014 numbering) is 420.5c in this file's 2009 numbering"
    assert "translated because the 2009 numbering has no rule 704.5g" in ans.notes[1]


def test_a_number_both_numberings_have_means_the_files_rule() -> None:
    """101.4 is the mulligan in 2009 and a different rule in 2014: the file's numbering wins,
    and the note says so; --rules 2014 translates it instead (2014 section 101 is 2009's 103)."""
    ref = open_reference(seed_path("003"))
    ans = ref.query("101.4")
    assert numbers(ans)[:3] == ["101.4", "101.4a", "101.4b"] and "mulligan" in ans.entries[0].text
    assert ans.notes == ["101.4 is read in this file's 2009 numbering (for the 2014 rule 101.4, add --rules 2014)"]
    told = ref.query("101.4", "2014")
    assert numbers(told)[:2] == ["103", "103.1"] and "101.4 (2014 numbering)" in told.notes[0]
    assert not any("translated because" in n for n in told.notes)


def test_translation_notes_say_how_precise_the_link_is() -> None:
    """Section 420 (2009 state-based effects) is 704; 704.5t, unknown to the index, is in the
    group 704.5 = 420.5; 613.2a (layers) only has a section, 418; 100 (General) is 100 in both."""
    assert open_reference(seed_path("002")).query("420", "2009").notes[0] == \
        "420 (2009 numbering) corresponds to section 704 in this file's 2014 numbering"
    ref = open_reference(seed_path("003"))
    assert ref.query("704.5t").notes[0] == \
        "704.5t (2014 numbering) corresponds to the group of rules 420.5 in this file's 2009 numbering"
    layers = ref.query("613.2a")
    assert layers.notes[0].startswith("613.2a (2014 numbering) has no exact counterpart; its section corresponds to")
    assert layers.notes[0].endswith(" 418 in this file's 2009 numbering")
    assert numbers(layers)[0] == "418" and numbers(layers).count("418.5") == 1
    assert ref.query("100").notes == []


def test_a_rule_the_file_lacks_comes_from_the_index() -> None:
    """Seed 002 holds only section 1: 704.5g (2014) and 420.5c (2009, translated to 704.5g)
    are answered with the index's summary, and a note says where the answer came from."""
    ref = open_reference(seed_path("002"))
    for query in ("704.5g", "420.5c"):
        ans = ref.query(query)
        assert numbers(ans) == ["704.5g"] and ans.entries[0].kind == "summary" and ans.entries[0].era == "2014"
        assert any(n.startswith("this file has no rule 704.5g: from the project's index of the 2014 rules")
                   for n in ans.notes)
    assert "420.5c (2009 numbering) is 704.5g" in ref.query("420.5c").notes[0]


def test_a_number_of_the_files_numbering_is_not_translated_when_the_file_lacks_it() -> None:
    """502.3 is in 2014's untap step (502), which seed 002 doesn't hold: it stays a 2014
    number (not 2009's keyword abilities, also 502), and nothing is found."""
    ans = open_reference(seed_path("002")).query("502.3")
    assert not ans.entries
    assert "section 502, Untap Step" in ans.notes[0] and "try --rules 2009" in ans.notes[1]


def test_nothing_found_when_neither_the_file_nor_the_index_knows_the_rule() -> None:
    ref = open_reference(seed_path("003"))
    assert not ref.query("999.1").entries
    told = ref.query("704.5g", "2009")  # --rules 2009: no section 704 in that numbering
    assert not told.entries and "try --rules 2014" in told.notes[-1]


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
