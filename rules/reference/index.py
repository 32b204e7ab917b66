"""The project's own rules index: what the rules reference knows without a rules file.

It holds no Comprehensive Rules text.  For each concept the engine cites
(`citations.CITES`), one sentence in the project's own words; the chapter and section
titles of both numberings; the correspondence between 2009 and 2014 sections; a short
glossary.  The data lives in `rules/reference/data/rules_index.toml`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .citations import CITES

ERAS = ("2014", "2009")


@dataclass(frozen=True)
class RulesIndex:
    summaries: dict[str, str]  # concept -> sentence (both numberings)
    summaries_2009: dict[str, str]  # concept -> sentence where the 2009 rules differ
    chapters: dict[str, dict[str, str]]  # era -> "5" -> title
    sections: dict[str, dict[str, str]]  # era -> "504" -> title
    correspond: dict[str, tuple[str, ...]]  # 2009 rule/section -> 2014 rules/sections
    glossary: dict[str, str]

    # ------------------------------------------------------------ concepts
    def summary(self, concept: str, era: str = "2014") -> str | None:
        """The sentence for `concept` under `era`'s rules (None for an unknown concept)."""
        if era == "2009" and concept in self.summaries_2009:
            return self.summaries_2009[concept]
        return self.summaries.get(concept)

    def concepts_for(self, number: str, era: str) -> list[str]:
        """The concepts the engine cites as `number` in `era`'s numbering, in table order."""
        i = ERAS.index(era)
        return [c for c, nums in CITES.items() if nums[i] == number]

    def rule_summary(self, number: str, era: str) -> str | None:
        """The sentence for a rule number the engine cites (the first concept citing it)."""
        for concept in self.concepts_for(number, era):
            s = self.summary(concept, era)
            if s:
                return s
        return None

    def cited_numbers(self, era: str) -> list[str]:
        """Every rule number the engine cites in `era`'s numbering, in rule order."""
        i = ERAS.index(era)
        return sorted({nums[i] for nums in CITES.values() if nums[i]}, key=sort_key)

    # ------------------------------------------------------------ titles
    def section_title(self, number: str, era: str) -> str | None:
        """The title of the section a rule number belongs to ("704.5g" -> "State-Based Actions")."""
        return self.sections.get(era, {}).get(section_of(number))

    def chapter_title(self, number: str, era: str) -> str | None:
        return self.chapters.get(era, {}).get(section_of(number)[:1])


def section_of(number: str) -> str:
    """"704.5g" -> "704"."""
    return number.strip()[:3]


def sort_key(number: str) -> tuple[int, int, str]:
    """Rule order: 704.5 < 704.5a < 704.5k < 704.6 < 704.10."""
    m = re.fullmatch(r"(\d{3})(?:\.(\d+)([a-z]?))?", number)
    if not m:
        return (9999, 0, number)
    return (int(m.group(1)), int(m.group(2) or 0), m.group(3) or "")


@lru_cache(maxsize=1)
def rules_index() -> RulesIndex:
    """The index shipped with the package (read once)."""
    text = resources.files("rules.reference.data").joinpath("rules_index.toml").read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    return RulesIndex(
        summaries=dict(doc.get("summary", {})),
        summaries_2009=dict(doc.get("summary_2009", {})),
        chapters={str(k): dict(v) for k, v in doc.get("chapters", {}).items()},
        sections={str(k): dict(v) for k, v in doc.get("sections", {}).items()},
        correspond={k: tuple(v) for k, v in doc.get("correspond", {}).items()},
        glossary=dict(doc.get("glossary", {})),
    )
