"""Linking the two numberings: a 2014 rule and its 2009 counterpart.

Three levels, most precise first:
- "rule": the engine's concept table (`citations.CITES`) names both numbers of one rule
  (704.5g <-> 420.5c);
- "rule group": a rule whose lettered subrules the table links (702.19 <-> 502.9);
- "section": the section correspondence of the rules index (2009 300-314 <-> 2014 500-514,
  409 <-> 601/602, ...), the longest matching prefix winning (212.3 before 212).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .citations import CITES
from .index import ERAS, rules_index, sort_key


@dataclass(frozen=True)
class Link:
    number: str  # in the other numbering
    era: str  # that numbering: "2014" or "2009"
    how: str  # "rule", "rule group" or "section"

    def __str__(self) -> str:
        return f"{self.number} ({self.era})"


def other_era(era: str) -> str:
    return ERAS[1 - ERAS.index(era)]


def covers(prefix: str, number: str) -> bool:
    """Is `number` the rule `prefix` or one of its subrules?  ("212.3" covers 212.3f, not 212.30.)"""
    if number == prefix:
        return True
    if re.fullmatch(r"\d{3}", prefix):
        return number.startswith(prefix + ".")
    return re.fullmatch(re.escape(prefix) + r"[a-z]", number) is not None


def _unique(items: list[str]) -> list[str]:
    return sorted(dict.fromkeys(x for x in items if x), key=sort_key)


def counterparts(number: str, era: str) -> list[Link]:
    """Where `number` (in `era`'s numbering) lives in the other numbering; [] when nowhere."""
    n = number.strip().rstrip(".")
    i, j = ERAS.index(era), 1 - ERAS.index(era)
    other = ERAS[j]
    exact = _rule_links(n, era)
    if exact:
        return [Link(x, other, "rule") for x in exact]
    parent = re.sub(r"[a-z]$", "", n)
    group = _group_links(n, i, j)
    if not group and parent != n:  # a lettered subrule: its parent's link, when that is one rule
        group = _rule_links(parent, era) or _group_links(parent, i, j)
        group = group if len(group) == 1 else []
    if group:
        return [Link(x, other, "rule group") for x in group]
    return [Link(x, other, "section") for x in _section_links(n, era)]


def _rule_links(n: str, era: str) -> list[str]:
    """Both numbers of one rule: the concept table, and rule-level rows of the correspondence."""
    i, j = ERAS.index(era), 1 - ERAS.index(era)
    found = [nums[j] for nums in CITES.values() if nums[i] == n]
    table = rules_index().correspond
    if "." in n:
        if era == "2009":
            found += [v for v in table.get(n, ()) if "." in v]
        else:
            found += [k for k, vs in table.items() if "." in k and n in vs]
    return _unique(found)


def _group_links(n: str, i: int, j: int) -> list[str]:
    """A rule whose lettered subrules the concept table links: 702.19 -> 502.9."""
    if not re.fullmatch(r"\d{3}\.\d+", n):
        return []
    return _unique([re.sub(r"[a-z]$", "", nums[j]) for nums in CITES.values()
                    if nums[j] and re.fullmatch(re.escape(n) + r"[a-z]", nums[i])])


def _section_links(n: str, era: str) -> list[str]:
    table = rules_index().correspond  # 2009 -> 2014
    if era == "2009":
        keys = [k for k in table if covers(k, n)]
        if not keys:
            return []
        best = max(keys, key=len)
        return list(table[best])
    found: list[tuple[int, str]] = [(len(v), k) for k, vs in table.items() for v in vs if covers(v, n)]
    if not found:
        return []
    longest = max(size for size, _ in found)
    return _unique([k for size, k in found if size == longest])
