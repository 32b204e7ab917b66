"""What `mtg-tui deck check` says of a deck: its counts, the construction rules of a ruleset,
the unknown cards (with the pool's suggestions), the partial cards and their sentences, the
mana curve and the colour sources (lands by the colours of mana they make)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..cards import UnknownCard, get_card
from ..cards.model import ActivatedAbility
from ..engine.core.ruleset import get_ruleset
from .construction import MIN_CARDS, RULE, deck_problems
from .decklist import DeckList, UnknownEntry
from .partial import partial_cards

COLOURS = "WUBRG"
CURVE_TOP = 7  # costs of 7 and more share the curve's last column


@dataclass
class DeckReport:
    deck: DeckList
    ruleset: str
    problems: list[str] = field(default_factory=list)
    unknown: list[UnknownEntry] = field(default_factory=list)
    partial: list[tuple[str, list[str]]] = field(default_factory=list)
    curve: dict[int, int] = field(default_factory=dict)
    sources: dict[str, int] = field(default_factory=dict)
    lands: int = 0
    minimum: int = MIN_CARDS  # below sixty: the deck is played as it was sold (a precon)

    @property
    def legal(self) -> bool:
        return not self.problems and not self.unknown


def land_colours(name: str) -> frozenset[str]:
    """The colours of mana a land makes by its mana abilities ("C" for colourless)."""
    out: set[str] = set()
    for ab in get_card(name).abilities:
        if isinstance(ab, ActivatedAbility) and ab.is_mana:
            out |= ab.mana_colors
    return frozenset(out)


def deck_report(deck: DeckList, ruleset: str = "2014", unknown: list[UnknownEntry] | None = None,
                minimum: int = MIN_CARDS) -> DeckReport:
    """The report of `deck` under `ruleset`; `minimum` lowers the sixty for a deck played as sold."""
    era = get_ruleset(ruleset).name
    report = DeckReport(deck, era, deck_problems(deck, era, minimum), list(unknown or []), minimum=minimum)
    report.partial = partial_cards(DeckList(deck.name, deck.cards + deck.sideboard))
    curve: Counter[int] = Counter()
    sources: Counter[str] = Counter()
    for name in deck.cards:
        card = get_card(name)
        if card.is_type("Land"):
            report.lands += 1
            for colour in land_colours(name):
                sources[colour] += 1
        else:
            curve[min(card.cmc, CURVE_TOP)] += 1
    report.curve = {cmc: curve[cmc] for cmc in range(CURVE_TOP + 1)}
    report.sources = {c: sources[c] for c in COLOURS + "C" if sources[c]}
    return report


def suggestions(name: str) -> str:
    """The pool's message for an unknown card, with its fuzzy suggestions."""
    try:
        get_card(name)
    except UnknownCard as e:
        return str(e)
    return f"unknown card {name!r}"


def report_lines(r: DeckReport) -> list[str]:
    d = r.deck
    extra = (f", companion {d.companion}" if d.companion else "") + \
            (f", commander {', '.join(dict.fromkeys(d.commander))}" if d.commander else "")
    lines = [f"{d.name}: main deck {len(d.cards)} cards, sideboard {len(d.sideboard)} cards{extra}"]
    if r.legal and r.minimum < MIN_CARDS:
        lines.append(f"legal as sold under the {r.ruleset} rules: {len(d.cards)} cards, a precon below the "
                     f"{MIN_CARDS}-card minimum (rule {RULE[r.ruleset]}); the copy limit holds")
    elif r.legal:
        lines.append(f"legal under the {r.ruleset} rules (rule {RULE[r.ruleset]})")
    else:
        why = r.problems + ([f"{len(r.unknown)} unknown card{'s' if len(r.unknown) != 1 else ''}"] if r.unknown else [])
        lines.append(f"NOT legal under the {r.ruleset} rules (rule {RULE[r.ruleset]}): " + "; ".join(why))
    for u in r.unknown:
        where = f"line {u.line}: " if u.line is not None else ""
        lines.append(f"  {where}{u.count} {u.name}: {suggestions(u.name)}")
    lines += [f"read past: {what}" for what in d.skipped]
    if r.partial:
        lines.append(f"partial cards (sentences the engine doesn't carry out; played by hand): {len(r.partial)}")
        lines += [f"  {name}: " + " / ".join(f'"{s}"' for s in sentences) for name, sentences in r.partial]
    else:
        lines.append("every card " + ("read " if r.unknown else "") + "is fully supported")
    cols = [f"{cmc}{'+' if cmc == CURVE_TOP else ''}:{n}" for cmc, n in r.curve.items()]
    lines.append(f"mana curve (non-land cards by mana value): {'  '.join(cols)}")
    src = "  ".join(f"{c}:{n}" for c, n in r.sources.items()) or "none"
    lines.append(f"lands: {r.lands}; colour sources (lands making each colour): {src}")
    return lines
