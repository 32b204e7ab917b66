"""Reading a Comprehensive Rules text file in any of the shapes it comes in.

The project ships no rules text: the user points it at a copy.  Copies come as the
official plain text (one rule per line), as reStructuredText (a heading per rule, lettered
subrules indented), as a forum copy whose posts repeat, or squashed onto one line.  All
four parse to the same thing: rule number -> text, in document order, plus a glossary
where the file has one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

# "100.1." / "100.1a" / "704.5g" / "101." (a section heading)
_NUM = r"\d{3}(?:\.\d+[a-z]?)?"
_LINE_RULE = re.compile(rf"^(?P<num>{_NUM})\.?\s+(?P<text>\S.*)$")
_SECTION = re.compile(r"^(?P<num>\d{3})\.\s+(?P<text>\S.*)$")


@dataclass
class RulesText:
    """A parsed Comprehensive Rules document."""

    rules: dict[str, str] = field(default_factory=dict)  # "704.5g" -> text; "704" -> section title
    glossary: dict[str, str] = field(default_factory=dict)
    source: str = ""
    shape: str = ""

    def __len__(self) -> int:
        return len(self.rules)

    def get(self, number: str) -> str | None:
        return self.rules.get(normalise_number(number))

    def subrules(self, number: str) -> list[str]:
        """The rule and every rule under it ("704.5" -> 704.5, 704.5a, 704.5b, ...)."""
        n = normalise_number(number)
        return [k for k in self.rules if k == n or k.startswith(n + ".") or
                (re.fullmatch(r"\d{3}\.\d+", n) and re.fullmatch(re.escape(n) + r"[a-z]", k))]

    def search(self, words: str, limit: int = 50) -> list[str]:
        """Rule numbers whose text has every word (case-insensitive), in document order."""
        terms = [w.lower() for w in words.split() if w]
        out = []
        for k, v in self.rules.items():
            low = v.lower()
            if all(t in low for t in terms):
                out.append(k)
                if len(out) >= limit:
                    break
        return out


_PLAIN_QUOTES = str.maketrans("\u2019\u2018\u201c\u201d", "''\"\"")

def normalise_number(number: str) -> str:
    return number.strip().rstrip(".")


_RuleKey = tuple[int, int, str]  # (section, rule, letter): 704.5g -> (704, 5, "g")


def _sort_key(number: str) -> _RuleKey:
    m = re.fullmatch(r"(\d{3})(?:\.(\d+)([a-z]?))?", number)
    if not m:
        return (9999, 0, "")
    return (int(m.group(1)), int(m.group(2) or 0), m.group(3) or "")


# ------------------------------------------------------------------ shapes
def detect_shape(text: str) -> str:
    lines = text.splitlines()
    if len(lines) < 5 and len(text) > 10000:
        return "one-line"
    if re.search(r"^\d{3}\.\d+\n-{3,}$", text, re.M):
        return "rst"
    if re.search(r"^Re: ", text, re.M) or "Partager" in text:
        return "forum"
    return "plain"


def parse_rules_text(text: str, source: str = "") -> RulesText:
    """Parse a Comprehensive Rules document of any supported shape."""
    text = text.replace("\r\n", "\n").replace("\ufeff", "")
    # typographic quotes to plain ones, so searching "card's" finds "card’s"
    text = text.translate(_PLAIN_QUOTES)
    shape = detect_shape(text)
    doc = {"one-line": _parse_one_line, "rst": _parse_rst}.get(shape, _parse_lines)(text)
    doc.source, doc.shape = source, shape
    return doc


def load_rules_file(path: str | Path) -> RulesText:
    """Read and parse a rules file; OSError/UnicodeDecodeError propagate for the caller to report."""
    p = Path(path)
    return parse_rules_text(p.read_text(encoding="utf-8", errors="replace"), str(p))


def _parse_lines(text: str) -> RulesText:
    """One rule per line (the official text file; also the forum copy, whose repeated posts
    are dropped: the first text of each rule wins)."""
    doc = RulesText()
    glossary = False
    term: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            term = None
            continue
        if line == "Glossary":
            glossary = True
            continue
        if glossary:
            if line == "Credits":
                break
            if term is None:
                term = line
                doc.glossary[term] = ""
            else:
                doc.glossary[term] = (doc.glossary[term] + " " + line).strip()
            continue
        m = _LINE_RULE.match(line)
        if m and _looks_like_rule(m.group("num"), m.group("text")):
            num = m.group("num")
            if num not in doc.rules:
                doc.rules[num] = m.group("text").strip()
            elif doc.rules[num] and not re.fullmatch(r"\d{3}", num):
                continue
            continue
        if doc.rules and line.startswith("Example:"):
            last = next(reversed(doc.rules))
            if not doc.rules[last].endswith(line):
                doc.rules[last] += " " + line
    return doc


def _looks_like_rule(num: str, text: str) -> bool:
    if re.fullmatch(r"\d{3}", num):
        return 100 <= int(num) <= 999 and len(text) < 80  # a section title
    return True


def _clean_rst(text: str) -> str:
    text = re.sub(r":ref:`([^`<]*?)\s*(?:<[^>]*>)?`", r"\1", text)
    text = text.replace(":ref:", "ref")  # damaged markup: ":ref:erred" was "referred"
    text = re.sub(r"`([^`<]+?)\s*<[^>]+>`_", r"\1", text)
    text = re.sub(r"\*([^*]+)\*", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def _parse_rst(text: str) -> RulesText:
    """reStructuredText: a "100.1" heading underlined with dashes, then the rule's paragraphs;
    lettered subrules are indented "a. ..." items; examples are admonitions."""
    doc = RulesText()
    lines = text.splitlines()
    current: str | None = None
    sub: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if re.fullmatch(r"\d{3}\.\d+", line.strip()) and re.fullmatch(r"-{3,}", nxt.strip()):
            current, sub = line.strip(), None
            doc.rules[current] = ""
            i += 2
            continue
        m = re.match(r"^\s+([a-z])\.\s+(.*)$", line)
        if current and m:
            sub = current + m.group(1)
            doc.rules[sub] = _clean_rst(m.group(2))
            i += 1
            continue
        stripped = line.strip()
        if current and stripped and not stripped.startswith(".. ") and not re.fullmatch(r"[-=*]{3,}", stripped):
            if re.fullmatch(r"[=*]{3,}", nxt.strip()):
                i += 1
                continue  # a section title heading
            key = sub or current
            doc.rules[key] = (doc.rules[key] + " " + _clean_rst(stripped)).strip()
        elif stripped.startswith(".. admonition:: Example"):
            example_of = sub or current
            if example_of:
                doc.rules[example_of] = (doc.rules[example_of] + " Example:").strip()
        i += 1
    doc.rules = {k: re.sub(r"\s+", " ", v).strip() for k, v in doc.rules.items()}
    return doc


def _successor(prev: _RuleKey, cand: _RuleKey) -> bool:
    """Can `cand` be the rule right after `prev` in a rules document?"""
    ps, pn, pl = prev
    cs, cn, cl = cand
    if cs == ps:
        if cn == pn:
            return bool(cl) and (not pl or 0 < ord(cl) - ord(pl) <= 3)
        return cn == pn + 1 and not cl or (pn == 0 and cn == 1 and not cl)
    if cs in (ps + 1, ps + 2) or (cs // 100 == ps // 100 + 1 and cs % 100 == 0):
        return cn in (0, 1) and not cl
    return False


def _parse_one_line(text: str) -> RulesText:
    """Everything on one line: rule numbers are found in order, each accepted only where it
    can follow the previous rule (so "see rule 502.9" inside a rule doesn't split it)."""
    doc = RulesText()
    cut = text.rfind(" Glossary ")
    body, glossary = (text[:cut], text[cut + len(" Glossary "):]) if cut > len(text) // 2 else (text, "")
    # the table of contents also lists section numbers: start at the first real rule
    start = re.search(r"\b100\.1\. ", body)
    if start is None:
        return doc
    intro = body[:start.start()]
    m = re.search(r"\b100\. General\b(?!.*\b100\. General\b)", intro)
    pos = start.start()
    candidates = [(m2.start(), m2.group(1)) for m2 in re.finditer(rf"(?<![\w.])({_NUM})\.?\s", body[pos:])]
    accepted: list[tuple[int, str]] = []
    prev: _RuleKey | None = (100, 0, "")
    for off, num in candidates:
        cand = _sort_key(num)
        if prev is not None and _successor(prev, cand):
            accepted.append((pos + off, num))
            prev = cand
    for i, (at, num) in enumerate(accepted):
        end = accepted[i + 1][0] if i + 1 < len(accepted) else len(body)
        chunk = body[at:end]
        chunk = re.sub(rf"^{re.escape(num)}\.?\s+", "", chunk).strip()
        if re.fullmatch(r"\d{3}", num):
            chunk = re.sub(r"\s+\d\.\s+[A-Z][\w ,]+$", "", chunk)  # a trailing chapter title
        doc.rules[num] = chunk
    if m is not None:
        doc.rules.setdefault("100", "General")
    doc.glossary = {k: _clean_underscores(v) for k, v in _one_line_glossary(glossary).items()}
    doc.rules = {k: _clean_underscores(v) for k, v in doc.rules.items()}
    return doc


def _clean_underscores(text: str) -> str:
    """The one-line copy marks italics and trademarks as _Magic_(R)."""
    return re.sub(r"_([^_\s][^_]*?)_(?:\((?:R|TM)\))?", r"\1", text)


# Words that open a sentence but never a glossary term.
_OPENERS = {"A", "An", "The", "To", "If", "Each", "When", "Whenever", "In", "Some", "This", "These", "Any", "All",
            "One", "Two", "Both", "See", "For", "Use", "Many", "It", "Its", "Where", "Used", "Every", "Other", "As"}
_TERM_WORD = re.compile(r"[A-Z(\"][\w'\"\-/()]*|of|the|and|for")  # "Intervening "If" Clause", "Win the Game"
_JOINERS = {"of", "the", "and", "for"}  # inside a term, never at its end


def _one_line_glossary(text: str) -> dict[str, str]:
    """Best effort on a squashed glossary: a new entry starts after a sentence ends, with a
    short capitalised term (in alphabetical order) followed by a definition (`_term_length`)."""
    text = text.split(" Credits ")[0]
    words = text.split()
    out: dict[str, str] = {}
    term: str | None = None
    body: list[str] = []
    i = 0
    while i < len(words):
        at_start = i == 0 or re.search(r"[.:\"')]$", words[i - 1]) is not None
        k = _term_length(words, i, term) if at_start else 0
        if k:
            if term is not None:
                out.setdefault(term, " ".join(body))
            term, body = " ".join(words[i:i + k]), []
            i += k
            continue
        body.append(words[i])
        i += 1
    if term is not None:
        out.setdefault(term, " ".join(body))
    return out


def _term_length(words: list[str], i: int, current: str | None) -> int:
    """How many words from `i` make a new glossary term; 0 when they start no entry.

    A definition opens a sentence: it repeats the term ("Flip Cards Flip cards have"), or opens
    with a function word or a quote ("Active Player The active ..."), or with a capitalised word
    before a lowercase one ("Game Action Several steps").  The terms are capitalised too, so the
    longest term with such a definition after it wins ("Attack Multiple Players Option Some ...").
    The term must be in alphabetical order: its first letter at most two after the current
    term's, and not the start of the current term ("Grand Melee ... Grand Melee is")."""
    first = words[i]
    low = current[0].upper() if current else "A"
    if not first[:1].isupper() or first in _OPENERS or not low <= first[0] <= chr(ord(low) + 2):
        return 0
    best = 0
    for k in range(1, 6):
        if i + k >= len(words):
            break
        last, nxt = words[i + k - 1], words[i + k]
        if not _TERM_WORD.fullmatch(last) or (k > 1 and last in _OPENERS):
            break
        if last in _JOINERS:
            continue
        after = words[i + k + 1] if i + k + 1 < len(words) else ""
        if nxt[:5].lower() == first[:5].lower():  # the definition repeats the term
            best = k
            break
        if nxt in _OPENERS or nxt.startswith('"') or (nxt[:1].isupper() and after[:1].islower()):
            best = k
    if best and current and _letters(current).startswith(_letters(" ".join(words[i:i + best]))):
        return 0
    return best


def _letters(term: str) -> str:
    return re.sub(r"[^a-z]", "", term.lower())
