"""How often the keyboard changes hands in a hotseat game (not a pytest test; run it by hand):

    python tests/tui/handoffs.py [GAMES] [TURNS]

Plays seeded hotseat games through `Session` (the client's loop without a terminal): the client
answers what it answers for the players (auto-pass, stops), and a simple agent answers every
decision the client does ask a human (at priority: play a land, else cast a spell now and then,
else pass; anything else: a seeded random legal answer).  A handoff is a change of decider
between two consecutive human decisions, counted in the turn the new decision comes in.
`handoffs(...)` returns the numbers; tests/tui/test_hotseat.py runs it on a few games.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's mtg_tui, not the installed one
from mtg_tui.config import GameConfig  # noqa: E402
from mtg_tui.session import Session  # noqa: E402
from rules.engine.core import actions as A  # noqa: E402

# the bundled M10-era decks, a pair per game in turn (regenerators, pumps, fliers, removal)
DECK_PAIRS = (("red-green", "white-blue"), ("blue-black", "green-white"), ("mono-black", "white-blue"),
              ("green-white", "mono-black"))


@dataclass
class Handoffs:
    games: int = 0
    turns: int = 0
    decisions: int = 0
    handoffs: int = 0
    passed: int = 0  # handoffs of priority the agent only passed (the offer changed nothing)
    per_turn: dict[tuple[int, int], int] = field(default_factory=dict)  # (game, turn) -> handoffs

    @property
    def average(self) -> float:
        return self.handoffs / max(self.turns, 1)

    def line(self) -> str:
        worst = max(self.per_turn.values(), default=0)
        return (f"{self.games} games, {self.turns} turns, {self.decisions} human decisions: "
                f"{self.handoffs} handoffs, {self.average:.2f} per turn (most in one turn: {worst}), "
                f"{self.passed / max(self.turns, 1):.2f} per turn only to pass, "
                f"{self.decisions / max(self.turns, 1):.2f} decisions per turn")


def agent(session: Session, rng: random.Random) -> A.Action:
    """A simple player's answer to the decision the client asks."""
    g = session.game
    d = g.decision
    assert d is not None
    if d.kind == "priority":
        legal = g.legal_actions()
        lands = [a for a in legal if isinstance(a, A.PlayLand)]
        if lands:
            return lands[0]
        casts = [a for a in legal if isinstance(a, A.Cast)]
        if casts and rng.random() < 0.6:
            return rng.choice(casts)
        return A.Pass(d.player)
    return g.actions.sample(rng)


def handoffs(games: int = 4, turns: int = 10, seed: int = 1) -> Handoffs:
    out = Handoffs()
    for n in range(games):
        cfg = GameConfig("hotseat", DECK_PAIRS[n % len(DECK_PAIRS)], seed=seed + n).checked()
        s = Session(cfg.new_game(), cfg)
        s.advance()
        rng = random.Random(seed + n)
        last: str | None = None
        seen_turns: set[int] = set()
        for _ in range(5000):
            g = s.game
            if g.decision is None or g.turn > turns:
                break
            seen_turns.add(g.turn)
            decider = s.decider
            out.decisions += 1
            if last is not None and decider != last:
                out.handoffs += 1
                out.per_turn[(n, g.turn)] = out.per_turn.get((n, g.turn), 0) + 1
            answer = agent(s, rng)
            if last is not None and decider != last and isinstance(answer, A.Pass):
                out.passed += 1
            last = decider
            s.act(answer, decider)
        out.games += 1
        out.turns += len(seen_turns)
        for t in seen_turns:
            out.per_turn.setdefault((n, t), 0)
    return out


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    print(handoffs(*args).line())
