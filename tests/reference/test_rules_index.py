"""The project's own rules index (used without a rules file): a summary for every concept
the engine cites, in the project's own words; section titles of both numberings; and the
links between the 2009 and 2014 numberings."""

from __future__ import annotations

import re

import pytest

from rules.reference.citations import CITES
from rules.reference.index import ERAS, rules_index
from rules.reference.numbering import counterparts

from seed_docs import seed


def test_every_concept_the_engine_cites_has_a_summary() -> None:
    index = rules_index()
    missing = [c for c in CITES if not index.summary(c)]
    assert not missing, f"concepts without a summary in rules/data/rules_index.toml: {missing}"
    unknown = sorted((set(index.summaries) | set(index.summaries_2009)) - set(CITES))
    assert not unknown, f"summaries of concepts the engine doesn't cite: {unknown}"


def test_every_rule_number_the_engine_cites_has_a_summary_and_a_section_title() -> None:
    index = rules_index()
    for era in ERAS:
        for number in index.cited_numbers(era):
            assert index.rule_summary(number, era), (era, number)
            assert index.section_title(number, era), (era, number)


def test_summaries_are_one_sentence() -> None:
    index = rules_index()
    for concept, text in list(index.summaries.items()) + list(index.summaries_2009.items()):
        assert text.endswith("."), concept
        body = re.sub(r"\([^)]*\)|\"[^\"]*\"", "", text[:-1])
        assert not re.search(r"[.!?] [A-Z]", body), f"{concept}: more than one sentence"
        assert len(text) <= 260, concept


def _shingles(text: str, n: int = 7) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_summaries_are_in_the_projects_own_words_not_copied_from_the_rules() -> None:
    """No summary shares seven words in a row with the seeds' text of the rule it summarises."""
    index = rules_index()
    old, new = seed("003"), seed("002")
    copied = []
    for concept, (n14, n09) in CITES.items():
        for era, number, doc in (("2009", n09, old), ("2014", n14, new)):
            source = doc.get(number) if number else None
            if source and _shingles(index.summary(concept, era) or "") & _shingles(source):
                copied.append(f"{concept} ({era} {number})")
    assert not copied, copied


def test_2009_section_titles_are_seed_003s_table_of_contents() -> None:
    doc = seed("003")
    titles = rules_index().sections["2009"]
    for number, title in doc.rules.items():
        if re.fullmatch(r"\d{3}", number) and number != "211":
            assert titles.get(number) == title, number


def test_2014_section_1_titles_are_seed_002s() -> None:
    doc = seed("002")
    titles = rules_index().sections["2014"]
    found = {n: t for n, t in doc.rules.items() if re.fullmatch(r"\d{3}", n)}
    assert len(found) == 18
    for number, title in found.items():
        assert titles[number] == title


def test_a_rule_and_its_counterpart_are_linked_both_ways() -> None:
    assert [str(x) for x in counterparts("704.5g", "2014")] == ["420.5c (2009)"]
    assert [str(x) for x in counterparts("420.5c", "2009")] == ["704.5g (2014)"]
    assert counterparts("300.3", "2009")[0].number == "500.4"
    assert [x.number for x in counterparts("409.1", "2009")] == ["601.2", "602.2"]


def test_turn_structure_sections_correspond_2009_300_to_2014_500() -> None:
    for k in range(15):
        old, new = str(300 + k), str(500 + k)
        assert [x.number for x in counterparts(old, "2009")] == [new]
        assert old in [x.number for x in counterparts(new, "2014")]
        # an unknown subrule: its section (".19z": 300.9 is a rule the engine cites, skipping a phase)
        assert counterparts(f"{old}.19z", "2009")[0].number == new


@pytest.mark.parametrize("old, new", [("409", "601"), ("413", "608"), ("418", "613"), ("420", "704"),
                                      ("502", "702"), ("101", "103"), ("102", "104"), ("103", "101"),
                                      ("104", "107")])
def test_section_correspondences(old: str, new: str) -> None:
    assert new in [x.number for x in counterparts(old, "2009")]
    assert old in [x.number for x in counterparts(new, "2014")]


def test_section_1_links_agree_with_the_seeds_tables() -> None:
    """Seed 003 (2009), 001 (Magic 2010) and 002 (2014) name their sections: the same title
    means the same section, and the index links those numbers."""
    old, m10, new = seed("003"), seed("001"), seed("002")

    def titles(doc) -> dict[str, str]:  # noqa: ANN001
        return {t: n for n, t in doc.rules.items() if re.fullmatch(r"1\d\d", n)}
    t09, t10, t14 = titles(old), titles(m10), titles(new)
    same = {title: (t09[title], t14[title]) for title in t09 if title in t14}
    same["Winning and Losing"] = (t09["Winning and Losing"], t10["Winning and Losing"])  # 002 renamed it
    assert len(same) == 5
    for title, (n09, n14) in same.items():
        assert n14 in [x.number for x in counterparts(n09, "2009")], title
    # Magic 2010 (001) and 2014 (002) number section 1 alike up to 112; 2014 inserted 113 Emblems
    for title, n10 in t10.items():
        if title in t14:
            assert int(t14[title]) == int(n10) + (1 if int(n10) >= 113 else 0), title


def test_2009_sections_all_have_a_2014_counterpart() -> None:
    for number in rules_index().sections["2009"]:
        assert counterparts(number, "2009"), number
