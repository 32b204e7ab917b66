"""The rules reference: look rules up by number or by words.

One `Reference` answers from a Comprehensive Rules file the user gave (`crtext`), or, without
one, from the project's own index (`rules_index`: section titles and one-sentence summaries
of the rules the engine cites).  Numbers are in one numbering, 2014 or 2009; a number asked in
the other numbering (said, or one the file's numbering lacks) is translated through
`numbering.counterparts`, and a rule the file lacks is answered from the index, with a note
saying so.  Used by the `mtg-tui rules` command and the client's rules screen; it does no printing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .crtext import RulesText, load_rules_file
from .index import ERAS, rules_index, section_of, sort_key
from .numbering import Link, counterparts, covers, other_era

RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?\.?$")
_SEE = re.compile(r"\b(?:rules?|section)\s+(\d{3}(?:\.\d+[a-z]?)?)", re.I)


class ReferenceError(Exception):
    """A rules file that can't be read or isn't a rules document; the message is for the user."""


@dataclass(frozen=True)
class Entry:
    """One line of an answer: a rule (or its summary), a section title or a glossary entry."""

    number: str  # "704.5g", "704", or "" for a glossary entry
    text: str
    era: str  # the numbering of `number`
    kind: str  # "rule" (text from the file), "summary" (own words), "section", "glossary"
    term: str = ""  # a glossary entry's term
    links: tuple[Link, ...] = ()  # the same rule in the other numbering

    @property
    def label(self) -> str:
        return self.term if self.kind == "glossary" else self.number


@dataclass
class Answer:
    """What a query found, with notes to show above it (a translated number, a fallback)."""

    query: str
    entries: list[Entry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def is_rule_number(text: str) -> bool:
    return RULE_NUMBER.match(text.strip()) is not None


def references(text: str) -> list[str]:
    """The rule numbers a text refers to ("see rule 502.9", "rules 409.1b-i", "section 310")."""
    return list(dict.fromkeys(m.group(1) for m in _SEE.finditer(text)))


def detect_era(doc: RulesText) -> str:
    """Which numbering a rules file uses: the 2009 rules start the game in 101 and keep
    state-based effects in 420; later ones start it in 103."""
    starting = doc.rules.get("101", "")
    if starting.startswith("Starting") or "420.5a" in doc.rules or "409.1a" in doc.rules and "601.2a" not in doc.rules:
        return "2009"
    return "2014"


def open_reference(cr_file: str | Path | None = None, era: str | None = None) -> Reference:
    """A reference over `cr_file`, or over the project's index when it is None.  Raises
    ReferenceError (never OSError) for a file that can't be read or holds no rules."""
    if cr_file is None:
        return Reference(None, era or "2014")
    path = Path(cr_file).expanduser()
    try:
        doc = load_rules_file(path)
    except IsADirectoryError:
        raise ReferenceError(f"{path} is a directory, not a rules file") from None
    except FileNotFoundError:
        raise ReferenceError(f"no rules file at {path}") from None
    except OSError as e:
        raise ReferenceError(f"can't read the rules file {path}: {e.strerror or e}") from None
    if len(doc) == 0:
        raise ReferenceError(f"{path} doesn't look like the Comprehensive Rules: no numbered rules in it")
    return Reference(doc, detect_era(doc))


class Reference:
    """Rules lookups over a rules file (`doc`) or the project's index (`doc` None)."""

    def __init__(self, doc: RulesText | None, era: str) -> None:
        if era not in ERAS:
            raise ValueError(f"unknown numbering {era!r}: choose 2014 or 2009")
        self.doc = doc
        self.era = era
        self.index = rules_index()

    # ------------------------------------------------------------ facts
    @property
    def source(self) -> str:
        if self.doc is None:
            return f"the project's own index of the {self.era} rules (summaries of the rules the engine cites)"
        return f"{self.doc.source or 'a rules file'} ({self.era} numbering)"

    @property
    def from_file(self) -> bool:
        return self.doc is not None

    def glossary(self) -> dict[str, str]:
        """The file's glossary, or the project's short one."""
        if self.doc is not None and self.doc.glossary:
            return self.doc.glossary
        return self.index.glossary

    def title(self, number: str, era: str | None = None) -> str | None:
        """The title of the section `number` is in."""
        era = era or self.era
        sec = section_of(number)
        if self.doc is not None and era == self.era and sec in self.doc.rules:
            return self.doc.rules[sec]
        return self.index.section_title(number, era)

    def summary(self, number: str, era: str | None = None) -> str | None:
        """The project's one sentence on a rule the engine cites."""
        return self.index.rule_summary(number, era or self.era)

    def numbers(self) -> list[str]:
        """Every rule number this reference can show, in order."""
        if self.doc is not None:
            return list(self.doc.rules)
        return self.index.cited_numbers(self.era)

    # ------------------------------------------------------------ answers
    def query(self, text: str, era: str | None = None) -> Answer:
        """A rule number (with its subrules) or words; `era` is the numbering of a number
        typed by the user (None: not said, see `lookup`)."""
        q = text.strip()
        if not q:
            return Answer(q)
        if is_rule_number(q):
            return self.lookup(q.rstrip("."), era)
        return self.search(q)

    def lookup(self, number: str, era: str | None = None) -> Answer:
        """A rule and its subrules.  `era` is the numbering `number` is in; None means this
        reference's, except that a rules file lacking a number its own numbering doesn't
        know either reads it in the other numbering (704.5g in a 2009 file is 420.5c)."""
        if self.doc is None:
            return self._index_lookup(number, era or self.era)
        return self._file_lookup(number, era)

    def _index_lookup(self, number: str, era: str) -> Answer:
        ans = Answer(number)
        targets = [number]
        if era != self.era:
            targets = [link.number for link in counterparts(number, era)]
            if not targets:
                ans.notes.append(f"{number} ({era}) has no counterpart in the {self.era} numbering")
                return ans
            ans.notes.append(f"{number} in the {era} numbering is {', '.join(targets)} in the {self.era} numbering "
                             f"of the index")
        for t in targets:
            ans.entries += self._index_rules(t, self.era)
        if not ans.entries and era == self.era:
            ans.notes += self._index_miss(number)
        elif not ans.entries:
            ans.notes.append(f"no rule {number} in {self.source}")
        return ans

    def _file_lookup(self, number: str, era: str | None) -> Answer:
        """`number` in the file's numbering when `era` says so or when that numbering has it (from
        the file, else the index); otherwise translated from the other numbering."""
        other = other_era(self.era)
        if era == other:
            return self._translate(number, other, asked=True)
        if era is None and not self._file_rules(number) and not self._index_rules(number, self.era) \
                and not self._in_numbering(number) and self.index.section_title(number, other):
            return self._translate(number, other, asked=False)
        return self._read_here(number, hint=era is None)

    def _read_here(self, number: str, hint: bool) -> Answer:
        """The file's rule `number`, else the index's summary of it; `hint`: say which numbering
        it was read in when the other one has that section too (101.4 is in both)."""
        ans = Answer(number, self._file_rules(number))
        other = other_era(self.era)
        other_title = self.index.section_title(number, other)
        if ans.entries:
            if hint and other_title and number not in [x.number for x in counterparts(number, other)]:
                ans.notes.append(f"{number} is read in this file's {self.era} numbering "
                                 f"(for the {other} rule {number}, add --rules {other})")
        elif entries := self._index_rules(number, self.era):
            ans.entries = entries
            ans.notes.append(f"this file has no rule {number}: {_from_index(self.era)}")
        else:
            ans.notes.append(self._file_miss(number))
            if other_title:
                ans.notes.append(f"the {other} numbering has a section {section_of(number)}, {other_title}: "
                                 f"try --rules {other}")
        return ans

    def _translate(self, number: str, era: str, asked: bool) -> Answer:
        """`number` of the other numbering `era`, in the file's (from the file, else the index);
        `asked`: --rules said so, rather than the file's numbering lacking it."""
        ans = Answer(number)
        links = counterparts(number, era)
        if not links:
            ans.notes.append(f"{number} ({era} numbering) has no counterpart in this file's {self.era} numbering")
            ans.entries = self._index_rules(number, era)
            if ans.entries:
                ans.notes.append(_from_index(era))
            return ans
        links = [x for x in links if not any(y.number != x.number and covers(y.number, x.number) for y in links)]
        ans.notes.append(_translation_note(number, era, links))
        if not asked:
            ans.notes.append(f"translated because the {self.era} numbering has no rule {number} "
                             f"(add --rules to say which numbering you mean)")
        targets = [link.number for link in links]
        ans.entries = [e for t in targets for e in self._file_rules(t)]
        if not ans.entries:
            ans.entries = [e for t in targets for e in self._index_rules(t, self.era)]
            if ans.entries:
                ans.notes.append(f"this file has no rule {', '.join(targets)}: {_from_index(self.era)}")
        if not ans.entries:
            ans.notes.append(self._file_miss(", ".join(targets)))
        return ans

    def _in_numbering(self, number: str) -> bool:
        """Is `number` a rule of this file's numbering?  The file tells for the sections it
        holds; for the others (seed 002 holds only section 1), whether the section exists."""
        assert self.doc is not None
        sec = section_of(number)
        if any(covers(sec, n) for n in self.doc.rules):
            return bool(self.doc.subrules(number))
        return self.index.section_title(number, self.era) is not None

    def _file_miss(self, number: str) -> str:
        """Nothing on `number` in the file or the index: where it would be, if the index knows."""
        title = self.index.section_title(number, self.era)
        where = f", where it would be in section {section_of(number)}, {title}," if title else ""
        return f"no rule {number} in this file's {self.era} numbering{where} nor a summary of it in the project's index"

    def _index_miss(self, number: str) -> list[str]:
        """No summary of `number`: say where it would be, and try the other numbering."""
        notes = []
        title = self.title(number)
        if title:
            notes.append(f"{number} is in section {section_of(number)}, {title}; the project's index has "
                         f"summaries only of the rules the engine cites (give a rules file for the full text)")
        else:
            notes.append(f"no rule {number} in the {self.era} numbering of the project's index")
        other = other_era(self.era)
        if any(covers(number, n) for n in self.index.cited_numbers(other)):
            notes.append(f"the {other} rules cite {number}: try --rules {other}")
        return notes

    def _file_rules(self, number: str) -> list[Entry]:
        """The file's rule `number` and its subrules."""
        assert self.doc is not None
        return [self._entry(n, self.doc.rules[n], "section" if re.fullmatch(r"\d{3}", n) else "rule")
                for n in self.doc.subrules(number)]

    def _index_rules(self, number: str, era: str) -> list[Entry]:
        """The index's section title and summaries under `number`, in `era`'s numbering."""
        out: list[Entry] = []
        if re.fullmatch(r"\d{3}", number):
            title = self.index.section_title(number, era)
            if title:
                out.append(Entry(number, title, era, "section", links=tuple(counterparts(number, era))))
        for n in self.index.cited_numbers(era):
            if covers(number, n):
                out.append(Entry(n, self.summary(n, era) or "", era, "summary", links=tuple(counterparts(n, era))))
        return out

    def _entry(self, number: str, text: str, kind: str) -> Entry:
        return Entry(number, text, self.era, kind, links=tuple(counterparts(number, self.era)))

    def search(self, words: str, limit: int = 60) -> Answer:
        """Rules (or summaries) and glossary entries with every word; those holding the
        words as one phrase first."""
        ans = Answer(words)
        terms = [w.lower() for w in re.findall(r"[\w'+/-]+", words)]
        if not terms:
            return ans
        phrase = " ".join(terms)
        rules = self._search_rules(terms, phrase, self.era)
        if not rules and self.doc is None:
            other = other_era(self.era)
            rules = self._search_rules(terms, phrase, other)
            if rules:
                ans.notes.append(f"nothing in the {self.era} rules the engine cites; in the {other} rules:")
        ans.entries = rules[:limit]
        for term, text in self.glossary().items():
            low = f"{term} {text}".lower()
            if all(t in low for t in terms):
                ans.entries.append(Entry("", text, self.era, "glossary", term=term))
        ans.entries.sort(key=lambda e: _rank(e, phrase))
        return ans

    def _search_rules(self, terms: list[str], phrase: str, era: str) -> list[Entry]:
        out: list[Entry] = []
        if self.doc is not None:
            for n, text in self.doc.rules.items():
                low = text.lower()
                if all(t in low for t in terms):
                    out.append(self._entry(n, text, "section" if re.fullmatch(r"\d{3}", n) else "rule"))
            return out
        index = self.index
        for n in index.cited_numbers(era):
            concepts = index.concepts_for(n, era)
            text = index.rule_summary(n, era) or ""
            hay = (text + " " + " ".join(c.replace("_", " ") for c in concepts)).lower()
            if all(t in hay for t in terms):
                out.append(Entry(n, text, era, "summary", links=tuple(counterparts(n, era))))
        for n, title in sorted(index.sections.get(era, {}).items(), key=lambda kv: sort_key(kv[0])):
            if all(t in title.lower() for t in terms):
                out.append(Entry(n, title, era, "section", links=tuple(counterparts(n, era))))
        return out


def _rank(e: Entry, phrase: str) -> int:
    """Headings and terms that are the phrase first, then texts holding it, then the rest."""
    head = (e.term or (e.text if e.kind == "section" or len(e.text) < 40 else "")).lower().strip(" .")
    if head == phrase:
        return 0
    return 1 if phrase in f"{e.term} {e.text}".lower() else 2


def _from_index(era: str) -> str:
    return f"from the project's index of the {era} rules instead (a one-sentence summary of each rule the engine cites)"


def _translation_note(number: str, era: str, links: list[Link]) -> str:
    """"704.5g (2014 numbering) is 420.5c in this file's 2009 numbering", as precise as the link."""
    where, to = ", ".join(link.number for link in links), links[0].era
    if links[0].how == "rule":
        how = "is"
    elif links[0].how == "rule group":
        how = "corresponds to the group of rules"
    elif re.fullmatch(r"\d{3}", number):
        how = "corresponds to section"
    else:
        how = "has no exact counterpart; its section corresponds to"
    return f"{number} ({era} numbering) {how} {where} in this file's {to} numbering"
