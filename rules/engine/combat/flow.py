"""Maximum flow on a small graph: blocking requirements ask for the most blocks of "must be
blocked" attackers that the blockers' limits allow (509.1c / 500.3), a matching problem."""

from __future__ import annotations

from collections import deque
from typing import Any


def max_flow(cap: dict[tuple[Any, Any], int], source: Any, sink: Any) -> dict[tuple[Any, Any], int]:
    """Edmonds-Karp on a small graph given as edge capacities; returns the flow on each edge."""
    flow: dict[tuple[Any, Any], int] = dict.fromkeys(cap, 0)
    adj: dict[Any, list[Any]] = {}
    for u, v in cap:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)

    def residual(u: Any, v: Any) -> int:
        return cap.get((u, v), 0) - flow.get((u, v), 0) + flow.get((v, u), 0)

    while True:
        parent: dict[Any, Any] = {source: None}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v in adj.get(u, ()):
                if v not in parent and residual(u, v) > 0:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return flow
        v = sink
        while parent[v] is not None:
            u = parent[v]
            back = min(flow.get((v, u), 0), 1) if (v, u) in flow else 0
            if back:
                flow[(v, u)] -= 1
            else:
                flow[(u, v)] += 1
            v = u
