"""Measure the `easy` player against `random` (issue 26): games on pairs of bundled decks,
each seed played twice with the seats swapped; prints the win rate and the time per decision
of `easy` (median, worst).  A benchmark, not a test:

    python tests/play/easy_vs_random.py red-green white-blue --games 100 --seed 1
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from rules.play.decklist import parse_deck
from rules.play.players import make_player
from rules.play.simulate import decision_cap, new_game

DECKS = Path(__file__).resolve().parents[2] / "decks"


def deck(name: str) -> list[str]:
    return parse_deck((DECKS / f"{name}.txt").read_text(encoding="utf-8"), name).cards


def play(decks: dict[str, list[str]], seed: int, levels: dict[str, str], times: list[float],
         ruleset: str = "2014") -> str | None:
    """One game; returns the winning level (None: a draw)."""
    game = new_game(decks, seed, ruleset)
    players = {seat: make_player(level, seat, seed) for seat, level in levels.items()}
    for _ in range(decision_cap(game.state.setup.turn_cap)):
        d = game.decision
        if d is None:
            break
        seat = game.decider or d.player
        start = time.perf_counter()
        action = players[seat].answer(game, d)
        if levels[seat] == "easy":
            times.append(time.perf_counter() - start)
        game.act(action)
    return levels[game.winner] if game.winner else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("deck1")
    ap.add_argument("deck2")
    ap.add_argument("--games", type=int, default=50, help="seeds (each played twice, seats swapped)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="2014", choices=("2014", "2009"))
    args = ap.parse_args()
    a, b = deck(args.deck1), deck(args.deck2)
    wins, draws, times = 0, 0, []
    total = 0
    lost: list[str] = []
    for seed in range(args.seed, args.seed + args.games):
        for levels in ({"alice": "easy", "bob": "random"}, {"alice": "random", "bob": "easy"}):
            winner = play({"alice": a, "bob": b}, seed, levels, times, args.rules)
            total += 1
            wins += winner == "easy"
            draws += winner is None
            if winner != "easy":
                lost.append(f"{seed}{'' if levels['alice'] == 'easy' else ' swapped'}")
    times.sort()
    print(f"{args.deck1} vs {args.deck2}: easy won {wins}/{total} ({100 * wins / total:.1f}%), draws {draws}; "
          f"easy's decisions {len(times)}, median {1000 * statistics.median(times):.3f} ms, "
          f"99th percentile {1000 * times[len(times) * 99 // 100]:.2f} ms, worst {1000 * times[-1]:.1f} ms; "
          f"not won: {', '.join(lost) or 'none'}")


if __name__ == "__main__":
    main()
