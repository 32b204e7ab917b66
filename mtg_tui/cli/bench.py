"""`mtg-tui bench`: every speed figure of the project in one command, measured on this machine
(one core for the engine), so the next person can measure again and compare."""

from __future__ import annotations

import json
import platform
import sys
import time
from typing import Any

import click

from mtg_tui.cli.launch import at_least
from mtg_tui.persistence.decklists import load_deck
from rules.play.deck_lab import run_lab

DECKS = ("red-green", "white-blue")
WHAT_WIDTH = 76  # the figures' column: the longest description (the replay viewer's) and two spaces


@click.command("bench")
@click.option("--games", default=200, show_default=True, callback=at_least(1),
              help="Random self-play games per ruleset.")
@click.option("--lab-games", default=1000, show_default=True, callback=at_least(1),
              help="Deck lab games (goldfish, one deck).")
@click.option("--undo-turn", default=40, show_default=True, callback=at_least(2),
              help="The turn at which undo is timed (turn 1 has nothing to undo yet).")
@click.option("--client/--no-client", default=True, show_default=True,
              help="Also measure the client in a pseudo-terminal (first frame, key presses, the replay viewer).")
@click.option("--client-runs", default=5, show_default=True, callback=at_least(1),
              help="Client starts and key sequences measured.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_command(games: int, lab_games: int, undo_turn: int, client: bool, client_runs: int, as_json: bool) -> None:
    """Measure the engine (random self-play under both rulesets, undo at turn 40), the deck
    lab (goldfish games of a bundled deck) and the client (first frame, key presses).  Each
    figure is printed as soon as it is measured; Ctrl+C or SIGTERM ends the clients started."""
    from mtg_tui.cli.stopping import stops_cleanly

    with stops_cleanly("bench"):
        measure(games, lab_games, undo_turn, client, client_runs, as_json)


def measure(games: int, lab_games: int, undo_turn: int, client: bool, client_runs: int, as_json: bool) -> None:
    """`bench_command`'s measurements, each line printed (flushed) as soon as its figure is known."""
    from rules.play.bench import copy_times, self_play, undo_times  # here: every start of the client would import it

    decks = {"p1": load_deck(DECKS[0]).cards, "p2": load_deck(DECKS[1]).cards}
    out: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}

    def row(what: str, value: str, target: str) -> None:
        if not as_json:
            click.echo(f"{what.ljust(WHAT_WIDTH)}  {value}   (target {target})")

    def note(what: str) -> None:
        if not as_json and sys.stderr.isatty():
            click.echo(f"measuring {what} ...", err=True)

    for ruleset in ("2014", "2009"):
        note(f"random self-play, {ruleset} rules")
        r = self_play(decks, games, ruleset)
        out[f"selfplay_{ruleset}"] = {"games": r.games, "decisions": r.decisions, "seconds": round(r.seconds, 3),
                                      "games_per_s": round(r.games_per_s, 2),
                                      "decisions_per_s": round(r.decisions_per_s)}
        row(f"self-play {ruleset} ({DECKS[0]} vs {DECKS[1]}, {r.games} games)",
            f"{r.games_per_s:.1f} games/s, {r.decisions_per_s:,.0f} decisions/s",
            "≥ 30 games/s, ≥ 25,000 decisions/s" if ruleset == "2014" else "decisions/s ≥ 2014's")
    note(f"undo at turn {undo_turn}")
    u = undo_times(decks, turn=undo_turn)
    out["undo"] = {"turn": undo_turn, "turns": list(u.turns), "actions": list(u.actions),
                   "median_ms": round(u.median_ms, 2), "worst_ms": round(u.worst_ms, 2)}
    row(f"undo at turn {undo_turn} ({len(u.ms)} undos, records of {min(u.actions, default=0)}–"
        f"{max(u.actions, default=0)} actions)", f"median {u.median_ms:.1f} ms, worst {u.worst_ms:.1f} ms", "≤ 25 ms")
    note("a search's copies of a game")
    c = copy_times(decks)
    out["copies"] = {"turn": c.turn, "fork_median_ms": round(c.fork_median_ms, 2),
                     "game_copy_median_ms": round(c.game_copy_median_ms, 2),
                     "copy_median_ms": round(c.copy_median_ms, 2), "playouts_per_s": round(c.playouts_per_s, 1),
                     "search_playouts_per_s": round(c.search_playouts_per_s, 1)}
    row(f"a search's copies at turn {c.turn} (fork, game copy, state copy, random playout to the end)",
        f"fork {c.fork_median_ms:.1f} ms, copy {c.game_copy_median_ms:.1f} ms, state {c.copy_median_ms:.1f} ms, "
        f"{c.playouts_per_s:.0f} playouts/s", "measured for the computer player's search")
    row("the hard player's playouts (copy, deal, easy play for 3 turns)", f"{c.search_playouts_per_s:.0f} playouts/s",
        "a searched decision of hard: 24 playouts")
    note(f"deck lab, {lab_games} games")
    start = time.perf_counter()
    report = run_lab(load_deck(DECKS[0]).cards, lab_games, name=DECKS[0])
    seconds = time.perf_counter() - start
    out["deck_lab"] = {"deck": DECKS[0], "games": lab_games, "seconds": round(seconds, 2),
                       "mean_kill_turn": report.mean_kill_turn}
    row(f"deck lab ({DECKS[0]}, {lab_games} goldfish games)", f"{seconds:.2f} s", "≤ 10 s for 1,000 games")
    if client:
        from mtg_tui.cli.bench_client import key_samples, report_lines, startup, summarize

        note("the client's first frame in a pseudo-terminal")
        first = startup(client_runs, cached=True)
        started = summarize(first, [])
        row("client: startup to first frame (bytecode cached, as after pip install)",
            f"median {started['first_frame_s'] * 1000:.0f} ms, worst {started['first_frame_worst_s'] * 1000:.0f} ms",
            "≤ 400 ms")
        as_is = startup(client_runs, cached=False)
        note("key presses in the client")
        try:
            samples = key_samples(client_runs)
        except (TimeoutError, RuntimeError) as e:  # the client didn't draw what the keys lead to
            raise click.ClickException(f"measuring key presses in the client failed: {e}") from None
        figures = {"runs": client_runs, **summarize(first, samples, as_is)}
        out["client"] = figures
        row("client: key press to updated screen (30 permanents, and hotseat covers)",
            f"median {figures['key_median_ms']:.0f} ms, worst {figures['key_worst_ms']:.0f} ms",
            "median ≤ 10 ms, worst ≤ 33 ms")
        row("client: replay viewer: step key to frame (long game, ← → PgUp PgDn Home End)",
            f"median {figures['replay_median_ms']:.0f} ms, worst {figures['replay_worst_ms']:.0f} ms",
            "median ≤ 10 ms, worst ≤ 33 ms")
        if not as_json:
            click.echo("\nthe client in detail:")
            click.echo("\n".join("  " + line for line in report_lines(figures)))
    if as_json:
        click.echo(json.dumps(out, indent=2))
