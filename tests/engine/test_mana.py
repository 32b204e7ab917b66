"""Mana costs and the payment solver (2014 107.4, 601.2g)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.cards.mana import ManaError, Source, parse_cost, solve_payment


def test_parse_generic_colored_x_and_hybrid() -> None:
    c = parse_cost("{X}{2}{R}{G/W}")
    assert c.x_count == 1 and c.generic == 2
    assert c.colored == (frozenset("R"), frozenset("GW"))
    assert c.cmc == 4
    assert c.colors == frozenset("RGW")
    assert c.with_x(3).generic == 5


def test_no_cost_and_zero_cost() -> None:
    assert parse_cost("") is None
    assert parse_cost("{0}").cmc == 0


@pytest.mark.parametrize("bad", ["{R", "R", "{Q}", "{2}{Z}"])
def test_malformed_costs_are_refused(bad: str) -> None:
    with pytest.raises(ManaError):
        parse_cost(bad)


def test_solver_finds_a_payment_when_one_exists() -> None:
    sources = [Source("any", frozenset("WUBRG")), Source("forest", frozenset("G"))]
    plan = solve_payment(parse_cost("{R}{G}"), Counter(), sources)
    assert plan is not None
    assert dict(plan.activations) == {"any": "R", "forest": "G"}


def test_solver_prefers_the_source_that_keeps_options_open() -> None:
    sources = [Source("birds", frozenset("WUBRG"), cost=2), Source("forest", frozenset("G"))]
    plan = solve_payment(parse_cost("{G}"), Counter(), sources)
    assert [k for k, _ in plan.activations] == ["forest"]


def test_solver_spends_pool_mana_first() -> None:
    plan = solve_payment(parse_cost("{1}{R}"), Counter({"R": 1, "G": 1}), [Source("m", frozenset("R"))])
    assert plan.activations == []
    assert plan.from_pool == Counter({"R": 1, "G": 1})


def test_solver_says_none_when_impossible() -> None:
    assert solve_payment(parse_cost("{U}"), Counter(), [Source("m", frozenset("R"))]) is None
    assert solve_payment(parse_cost("{3}"), Counter(), [Source("m", frozenset("R"))]) is None


def test_multi_mana_source() -> None:
    plan = solve_payment(parse_cost("{2}{G}"), Counter(), [Source("druid", frozenset("G"), amount=3)])
    assert plan is not None and plan.activations == [("druid", "G")]


def test_hybrid_symbols_take_either_color() -> None:
    cost = parse_cost("{R/G}{R/G}")
    plan = solve_payment(cost, Counter(), [Source("f", frozenset("G")), Source("m", frozenset("R"))])
    assert plan is not None and sorted(c for _, c in plan.activations) == ["G", "R"]
    assert solve_payment(cost, Counter(), [Source("i", frozenset("U")), Source("m", frozenset("R"))]) is None


def test_x_paid_only_with_one_color_becomes_symbols_of_that_color() -> None:
    """"Spend only black mana on X": each unit of X must be black (601.2g)."""
    c = parse_cost("{X}{1}{B}").with_x(2, "B")
    assert c.colored == (frozenset("B"),) * 3 and c.generic == 1 and c.x_count == 0
    assert str(c) == "{B}{B}{1}{B}"
    swamps_and_mountains = [Source("s1", frozenset("B")), Source("s2", frozenset("B")), Source("m1", frozenset("R")),
                            Source("m2", frozenset("R"))]
    assert solve_payment(c, Counter(), swamps_and_mountains) is None
    assert solve_payment(parse_cost("{X}{1}{B}").with_x(1, "B"), Counter(), swamps_and_mountains) is not None


def test_a_source_with_triggered_mana_pays_alone_what_it_makes() -> None:
    """Overgrowth's land makes its {G} and {G}{G} more (605.1b, 605.4a): {2}{G} needs it alone,
    not the plain Forests listed before it."""
    sources = [Source("forest1", frozenset("G")), Source("forest2", frozenset("G")),
               Source("overgrown", frozenset("G"), extra=("G", "G"))]
    plan = solve_payment(parse_cost("{2}{G}"), Counter(), sources)
    assert plan is not None and plan.activations == [("overgrown", "G")]
    assert solve_payment(parse_cost("{2}{G}"), Counter(), sources[2:]) is not None


def test_a_source_with_triggered_mana_is_kept_when_less_is_asked() -> None:
    """{G} is paid by a plain Forest: tapping the enchanted one would waste {G}{G} (mana burn
    under the 2009 rules)."""
    sources = [Source("overgrown", frozenset("G"), extra=("G", "G")), Source("forest", frozenset("G"))]
    plan = solve_payment(parse_cost("{G}"), Counter(), sources)
    assert plan is not None and plan.activations == [("forest", "G")]


def test_triggered_mana_does_not_choose_the_color_of_the_source_own_mana() -> None:
    """A land making {W} or {G} under Overgrowth pays {W}{G}{G}: its own mana is {W}."""
    sources = [Source("dual", frozenset("WG"), extra=("G", "G"))]
    plan = solve_payment(parse_cost("{W}{G}{G}"), Counter(), sources)
    assert plan is not None and plan.activations == [("dual", "W")]
