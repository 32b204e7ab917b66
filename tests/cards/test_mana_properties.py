"""Properties of the payment solver `solve_payment` (paying a spell's or ability's mana cost:
2014 601.2f-601.2g, 2009 409.1g-409.1h; mana and mana symbols: 106, 107.4, hybrid 107.4e).

The payment is read the way the engine spends it (its mana-paying step, which taps the sources
of a plan): each activation taps its source once and adds `amount` units of the one color named for it
(106.4: the mana goes into the pool), and `from_pool` names units already in the pool.  The
cost is paid when every colored symbol gets its own unit of a color the symbol accepts and the
generic part gets as many further units of any kind (107.4, 601.2g).

A small exhaustive reference solver, written here from those rules alone, decides on tiny inputs
(at most 4 sources, at most 4 symbols, at most 4 units in the pool) whether a payment exists.
"""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings, strategies as st

from rules.cards.mana import ManaCost, Payment, Source, parse_cost, solve_payment

# A small palette keeps collisions between what the cost asks and what the sources make frequent.
PALETTE = "WRG"
COLORED_SYMBOLS = [*PALETTE, "U", "R/G", "G/W", "W/R", "2/R"]  # "U": a color nothing may make
GENERIC_SYMBOLS = ["1", "2", "C"]  # {C} is parsed as one generic (the 2009/2014 cores have no {C} cost)


# ------------------------------------------------------------------ the reference (rules only)
def _unit_colors(src: Source) -> list[str]:
    """The colors one activation of `src` may make; a source of no color makes colorless mana."""
    return sorted(src.colors) if src.colors else ["C"]


def units_pay(units: Counter, cost: ManaCost) -> bool:
    """Whether these units of mana pay `cost`: each colored symbol takes its own unit of a color
    it accepts (a hybrid symbol either of its two), the generic part any `generic` further units.
    Units of one color are interchangeable, so trying each acceptable color per symbol is exhaustive."""

    def colored(k: int, left: Counter) -> bool:
        if k == len(cost.colored):
            return sum(left.values()) >= cost.generic
        for c in sorted(cost.colored[k]):
            if left[c] > 0:
                left[c] -= 1
                ok = colored(k + 1, left)
                left[c] += 1
                if ok:
                    return True
        return False

    return colored(0, Counter(units))


def brute_force_payable(cost: ManaCost, pool: Counter, sources: list[Source]) -> bool:
    """Every way to activate any subset of the sources, each for any one of its colors (or not at
    all): is there one whose mana, with the whole pool, pays the cost?"""
    options = [[None, *_unit_colors(s)] for s in sources]
    for choice in itertools.product(*options):
        units = Counter(pool)
        for src, color in zip(sources, choice, strict=True):
            if color is not None:
                units[color] += src.amount
        if units_pay(units, cost):
            return True
    return False


def check_payment(payment: Payment, cost: ManaCost, pool: Counter, sources: list[Source]) -> None:
    """The payment is one a player could make: pool mana it takes is in the pool, each source
    it taps is one of those given, tapped once, for a color it can make; and the mana it names
    pays the cost."""
    by_key = {s.key: s for s in sources}
    keys = [k for k, _ in payment.activations]
    assert len(keys) == len(set(keys)), f"a source is activated twice: {payment.activations}"
    made: Counter = Counter()
    for key, color in payment.activations:
        assert key in by_key, f"{key!r} is not one of the sources given"
        assert color in _unit_colors(by_key[key]), f"{key!r} can't make {color!r}"
        made[color] += by_key[key].amount
    for color, n in payment.from_pool.items():
        assert 0 <= n <= pool[color], f"takes {n} {color} from a pool holding {pool[color]}"
    assert units_pay(made + payment.from_pool, cost), \
        f"{payment} does not pay {cost} (pool {dict(pool)}, sources {sources})"


# ------------------------------------------------------------------ strategies
@st.composite
def costs(draw: st.DrawFn) -> ManaCost:
    n_colored = draw(st.integers(0, 4))
    symbols = draw(st.lists(st.sampled_from(COLORED_SYMBOLS), min_size=n_colored, max_size=n_colored))
    symbols += draw(st.lists(st.sampled_from(GENERIC_SYMBOLS), max_size=4 - n_colored))
    symbols = draw(st.permutations(symbols))
    cost = parse_cost("".join(f"{{{s}}}" for s in symbols) or "{0}")
    assert cost is not None
    return cost


pools = st.lists(st.sampled_from(PALETTE + "C"), max_size=4).map(Counter)
source_colors = st.one_of(st.sets(st.sampled_from(PALETTE), max_size=2).map(frozenset),
                          st.just(frozenset("WUBRG")))  # "one mana of any color"


@st.composite
def source_lists(draw: st.DrawFn) -> list[Source]:
    """Up to 4 sources with distinct keys, each making 1-3 units of one color of its own choice."""
    out = []
    for i in range(draw(st.integers(0, 4))):
        colors = draw(source_colors)
        amount = draw(st.integers(1, 3))
        out.append(Source(f"s{i}", colors, amount, cost=draw(st.integers(0, 2)), keep=draw(st.integers(0, 2))))
    return out


# ------------------------------------------------------------------ properties
@settings(deadline=None, max_examples=300)
@given(cost=costs(), pool=pools, sources=source_lists())
def test_a_payment_found_really_pays_the_cost_601_2g(cost: ManaCost, pool: Counter, sources: list[Source]) -> None:
    payment = solve_payment(cost, Counter(pool), sources)
    if payment is not None:
        check_payment(payment, cost, pool, sources)


@settings(deadline=None, max_examples=300)
@given(cost=costs(), pool=pools, sources=source_lists())
def test_no_payment_is_missed_601_2g(cost: ManaCost, pool: Counter, sources: list[Source]) -> None:
    """Whenever the exhaustive reference finds a payment, so does the solver (for every kind of
    source, including ones making several units of any one of several colors)."""
    if brute_force_payable(cost, pool, sources):
        assert solve_payment(cost, Counter(pool), sources) is not None, \
            f"{cost} is payable from pool {dict(pool)} and {sources}, the solver says it isn't"


@settings(deadline=None, max_examples=300)
@given(cost=costs(), pool=pools, sources=source_lists())
def test_the_solver_answers_exactly_when_a_payment_exists(cost: ManaCost, pool: Counter,
                                                          sources: list[Source]) -> None:
    """Both directions on the sources the card pool has: None exactly when nothing pays (601.2g)."""
    found = solve_payment(cost, Counter(pool), sources) is not None
    assert found == brute_force_payable(cost, pool, sources)


@settings(deadline=None, max_examples=200)
@given(cost=costs(), pool=pools, sources=source_lists())
def test_require_all_sources_activates_every_source_given(cost: ManaCost, pool: Counter,
                                                          sources: list[Source]) -> None:
    """A payment by hand (the player names the sources: `p` in the client) taps every source
    named, even one whose mana is spare (601.2f: the player activates the mana abilities they
    choose), and still pays the cost; it exists exactly when the automatic one does."""
    automatic = solve_payment(cost, Counter(pool), sources)
    by_hand = solve_payment(cost, Counter(pool), sources, require_all_sources=True)
    assert (by_hand is None) == (automatic is None)
    if by_hand is not None:
        assert sorted(k for k, _ in by_hand.activations) == sorted(s.key for s in sources)
        check_payment(by_hand, cost, pool, sources)


@settings(deadline=None, max_examples=100)
@given(cost=costs(), pool=pools, sources=source_lists())
def test_the_solver_does_not_change_its_inputs(cost: ManaCost, pool: Counter, sources: list[Source]) -> None:
    before = (Counter(pool), [(s.key, s.colors, s.amount, s.cost, s.keep) for s in sources])
    solve_payment(cost, pool, sources, require_all_sources=True)
    assert (pool, [(s.key, s.colors, s.amount, s.cost, s.keep) for s in sources]) == before


def test_a_source_making_several_units_makes_them_of_one_color() -> None:
    cost = parse_cost("{R}{G}")
    assert cost is not None
    sources = [Source("two of one color", frozenset("RG"), amount=2)]
    assert not brute_force_payable(cost, Counter(), sources)
    assert solve_payment(cost, Counter(), sources) is None
