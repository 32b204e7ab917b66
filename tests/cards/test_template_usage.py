"""Every template serves a card: compiling the whole bundled pool with the template registries
watched (`template_uses`), each template (its wording and its builder: an effect sentence, a
completion, a trigger condition, a static ability) is used by at least one card's Oracle text, or is on the
allowlist below with the reason it stays.  A template no card reaches (a wording shadowed by an
earlier, broader one, or a card that left the pool) is dead code that still costs a regex test
on every phrase that gets that far."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from rules.cards import compile_card, data_files
from rules.cards.effect_templates import compile_effect
from rules.cards.ir import EventValue, StepTrigger
from rules.cards.phrases import COMPOSED, PHRASES, expand_phrases
from rules.cards.registry import Template, registered_templates, template_uses
from rules.cards.static_templates import compile_static
from rules.cards.targets import Unsupported
from rules.cards.trigger_templates import compile_triggered, trigger_condition

# templates kept though no bundled card uses them, by wording, with why
SERVE_NO_BUNDLED_CARD = {
    r"Switch (.+?)'s power and toughness until end of turn":
        "switching power and toughness is layer 7e (2014 613.4d / 2009 418.5c); no card of the pool "
        "switches, and tests/engine/test_layers.py plays a custom card that does",
}


def cards_served() -> dict[Template, set[str]]:
    """Each template and the names of the bundled cards whose text it compiles."""
    served: dict[Template, set[str]] = defaultdict(set)
    for _, doc in data_files():
        for raw in doc.get("cards", []):
            with template_uses() as uses:
                compile_card(raw)
            for used in uses:
                served[used].add(raw["name"])
    return served


def describe(t: Template) -> str:
    pattern, build = t
    return f"{build.__module__}.{build.__qualname__} ({pattern.pattern!r})"


def test_every_template_serves_a_card_or_says_why_not() -> None:
    served = cards_served()
    templates = registered_templates()
    counts = Counter(len(served[t]) for t in templates)
    print(f"{len(templates)} templates: {counts[0]} serve no card, {counts[1]} exactly one, {counts[2]} two, "
          f"{sum(n for k, n in counts.items() if 3 <= k <= 5)} three to five, "
          f"{sum(n for k, n in counts.items() if k >= 6)} six or more")
    assert sum(counts.values()) - counts[0] > 100, "the watch recorded almost nothing: it checks nothing"
    unused = [describe(t) for t in templates if not served[t] and t[0].pattern not in SERVE_NO_BUNDLED_CARD]
    assert not unused, "templates no card of the pool uses (delete them, or allow one with a reason):\n" + \
        "\n".join(unused)


def test_every_shared_phrase_is_shared() -> None:
    """A phrase of `rules.cards.phrases.PHRASES` is there because several templates say it: each
    is in the wording of two templates or more (one that only one template says belongs in it)."""
    templates = registered_templates()
    composed = [t for t in templates if t[0].pattern in COMPOSED]
    in_templates = Counter(name for t in composed for name in set(COMPOSED[t[0].pattern]))
    print(f"{len(composed)} of {len(templates)} templates compose from shared phrases: {dict(in_templates)}")
    lonely = sorted(name for name in PHRASES if in_templates[name] < 2)
    assert not lonely, f"shared phrases fewer than two templates use: {lonely}"


def test_a_wording_names_only_phrases_there_are() -> None:
    assert expand_phrases("Draw <number> cards") == r"Draw (\w+) cards"
    with pytest.raises(KeyError, match="no shared phrase named <numbr>"):
        expand_phrases("Draw <numbr> cards")


def test_the_allowlist_names_live_templates_that_still_serve_no_card() -> None:
    served = cards_served()
    by_wording = {t[0].pattern: t for t in registered_templates()}
    gone = sorted(set(SERVE_NO_BUNDLED_CARD) - set(by_wording))
    serving = sorted(w for w in SERVE_NO_BUNDLED_CARD if w in by_wording and served[by_wording[w]])
    assert not gone, f"allowed templates that no longer exist: {gone}"
    assert not serving, f"allowed templates that now serve a card (take them off the list): {serving}"


def test_a_use_inside_a_template_that_fails_is_taken_back() -> None:
    """"If you can't sacrifice a Goblin, tap ~ and you lose many life": the inner "Tap ~" compiles
    before "you lose many life" fails the whole sentence; the inner use goes with the failure."""
    with template_uses() as uses:
        compile_effect("Tap ~.")
    assert len(uses) == 1, "the inner sentence compiles alone"
    with template_uses() as uses, pytest.raises(Unsupported):
        compile_effect("If you can't sacrifice a Goblin, tap ~ and you lose many life.")
    assert uses == []


def test_the_watch_records_trigger_conditions_too() -> None:
    """"Whenever ~ attacks": one trigger template compiles it, and the watch sees it; the test
    above covers every trigger condition's template with the effects'."""
    with template_uses() as uses:
        assert trigger_condition("~ attacks")[0] == "attacks"
    assert [t[1].__module__ for t in uses] == ["rules.cards.trigger_templates"]
    trigger_templates = [t for t in registered_templates() if t[1].__module__ == "rules.cards.trigger_templates"]
    assert len(trigger_templates) > 20


def test_the_watch_records_static_abilities_too() -> None:
    """"Creatures you control get +1/+1" (611.3): one static template compiles it, recorded as the
    effects' and triggers' are, so the test above covers every static ability's template too."""
    with template_uses() as uses:
        compile_static("Creatures you control get +1/+1.", "")
    assert [t[1].__qualname__ for t in uses] == ["_anthem"]
    static_templates = [t for t in registered_templates() if t[1].__module__ == "rules.cards.static_templates"]
    assert len(static_templates) > 50


def test_the_watch_records_intervening_if_clauses() -> None:
    """"When ~ enters the battlefield, if you didn't cast it from your hand, ...": the clause's
    template is used as the trigger's is (603.4 / 2009 404.3)."""
    with template_uses() as uses:
        compile_triggered("When ~ enters the battlefield, if you didn't cast it from your hand, draw a card.", "")
    assert [t[1].__qualname__ for t in uses] == ["_enters_or_dies", "_draw", "_not_cast_from_hand"]


@pytest.mark.parametrize(("words", "step", "whose"), [
    ("your upkeep", "upkeep", "yours"), ("each end step", "end", "each"), ("the end step", "end", "each"),
    ("each player's draw step", "draw", "each"), ("each opponent's upkeep", "upkeep", "opponents"),
])
def test_one_template_says_whose_step_begins(words: str, step: str, whose: str) -> None:
    event, condition, refs, _ = trigger_condition(f"the beginning of {words}")
    assert (event, condition) == (step, StepTrigger(step, whose))
    assert refs["that player"] == EventValue("active")
