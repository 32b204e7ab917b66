"""Properties of `max_flow` (rules/engine/combat/flow.py), the Edmonds-Karp the engine uses for blocking
requirements: a declaration of blockers must obey as many "must be blocked" requirements as
possible without breaking a restriction (2014 509.1c, 2009 500.3), a maximum matching.

On random small graphs the flow it returns is a flow (each edge within its capacity, what enters
every inner node leaves it) and a maximum one: its value equals the smallest capacity of an s-t
cut, found by enumerating every cut (the max-flow min-cut theorem).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence

from hypothesis import given, settings, strategies as st

from rules.engine.combat.flow import max_flow

Cap = dict[tuple[Hashable, Hashable], int]


def value(flow: Cap, source: Hashable) -> int:
    return sum(f for (u, _), f in flow.items() if u == source) - sum(f for (_, v), f in flow.items() if v == source)


def check_is_a_flow(cap: Cap, flow: Cap, source: Hashable, sink: Hashable) -> None:
    assert set(flow) == set(cap), "one flow value per edge given, and no other"
    for e, f in flow.items():
        assert isinstance(f, int) and 0 <= f <= cap[e], f"flow {f} on {e} of capacity {cap[e]}"
    nodes = {n for e in cap for n in e}
    for n in nodes - {source, sink}:
        inflow = sum(f for (_, v), f in flow.items() if v == n)
        outflow = sum(f for (u, _), f in flow.items() if u == n)
        assert inflow == outflow, f"node {n!r}: {inflow} in, {outflow} out"


def min_cut(cap: Cap, nodes: list[Hashable], source: Hashable, sink: Hashable) -> int:
    """The smallest total capacity of the edges leaving S, over every S holding the source and not
    the sink."""
    inner = [n for n in nodes if n not in (source, sink)]
    best = None
    for bits in itertools.product((False, True), repeat=len(inner)):
        side = {source} | {n for n, b in zip(inner, bits, strict=True) if b}
        cut = sum(c for (u, v), c in cap.items() if u in side and v not in side)
        best = cut if best is None else min(best, cut)
    assert best is not None
    return best


@st.composite
def graphs(draw: st.DrawFn) -> tuple[Cap, list[int], int, int]:
    """Up to 6 nodes, any directed edges between distinct nodes (antiparallel pairs, edges into the
    source and out of the sink included), capacities 0 to 4."""
    n = draw(st.integers(2, 6))
    nodes = list(range(n))
    source, sink = draw(st.permutations(nodes))[:2]
    pairs = [(u, v) for u in nodes for v in nodes if u != v]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=min(len(pairs), 14)))
    cap = {e: draw(st.integers(0, 4)) for e in edges}
    return cap, nodes, source, sink


@settings(deadline=None, max_examples=500)
@given(graphs())
def test_the_flow_respects_capacities_and_conservation(graph: tuple[Cap, list[int], int, int]) -> None:
    cap, _, source, sink = graph
    check_is_a_flow(cap, max_flow(dict(cap), source, sink), source, sink)


@settings(deadline=None, max_examples=500)
@given(graphs())
def test_the_flow_is_maximum_it_equals_the_minimum_cut(graph: tuple[Cap, list[int], int, int]) -> None:
    cap, nodes, source, sink = graph
    flow = max_flow(dict(cap), source, sink)
    assert value(flow, source) == min_cut(cap, nodes, source, sink)
    assert value(flow, source) == -value(flow, sink)  # what leaves the source reaches the sink


@st.composite
def blocks(draw: st.DrawFn) -> tuple[dict[int, int], dict[int, int], set[tuple[int, int]]]:
    """Blockers with how many creatures each may block, attackers that must be blocked with how
    many blockers each may have, and which blocker can block which attacker."""
    blockers = {b: draw(st.integers(1, 2)) for b in range(draw(st.integers(0, 3)))}
    attackers = {a: draw(st.integers(1, 3)) for a in range(draw(st.integers(0, 3)))}
    can = {(b, a) for b in blockers for a in attackers if draw(st.booleans())}
    return blockers, attackers, can


@settings(deadline=None, max_examples=300)
@given(blocks())
def test_blocking_requirements_the_most_blocks_that_obey_every_limit_509_1c(
        case: tuple[dict[int, int], dict[int, int], set[tuple[int, int]]]) -> None:
    """The network `most_block_requirements` builds (source -> blocker: its block limit; blocker ->
    attacker: 1 if it can block it; attacker -> sink: its blocker limit) gives as many blocks as
    the best declaration found by trying every set of blocks (509.1c / 2009 500.3)."""
    blockers, attackers, can = case
    cap: Cap = {("s", ("b", b)): n for b, n in blockers.items()}
    cap |= {(("b", b), ("a", a)): 1 for b, a in can}
    cap |= {(("a", a), "t"): n for a, n in attackers.items()}
    flow = max_flow(cap, "s", "t")
    check_is_a_flow(cap, flow, "s", "t")
    chosen = [(u[1], v[1]) for (u, v), f in flow.items() if f and isinstance(u, tuple) and u[0] == "b"]

    def legal(pairs: Sequence[tuple[int, int]]) -> bool:
        return (all(sum(1 for b, _ in pairs if b == x) <= n for x, n in blockers.items())
                and all(sum(1 for _, a in pairs if a == x) <= n for x, n in attackers.items()))

    best = max(k for k in range(len(can) + 1)
               if any(legal(c) for c in itertools.combinations(sorted(can), k)))
    assert legal(chosen) and set(chosen) <= can
    assert len(chosen) == best == value(flow, "s")
