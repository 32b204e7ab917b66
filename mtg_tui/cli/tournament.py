"""`mtg-tui tournament`: computer players meet on the given decks and the report says how
strong each is, with its uncertainty (issue 26, "measured, not claimed").  The games and the
figures are rules.play.tournament's; this is the command line around them: reading the
options, the progress bar, the table or the JSON, Ctrl+C."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from rules.engine.core.ruleset import MULLIGANS, RULESETS
from rules.play.decklist import DeckError
from rules.play.simulate import DEFAULT_TURN_CAP

from .launch import allow_illegal_option, at_least, deck_error

if TYPE_CHECKING:  # the command imports the tournament only when it runs
    from rules.play.tournament import TournamentResult


@click.command("tournament")
@click.argument("more_decks", nargs=-1, metavar="")
@click.option("--players", "levels", default=None, metavar="LEVEL,LEVEL[,...]",
              help="The computer players, by level, comma-separated; a level may be given twice (random,random).  "
                   "A searching level may name its budget, hard@48 (playouts per searched decision), and +peek "
                   "(it sees the hidden cards: to measure what not seeing them costs).")
@click.option("--budget", default=None, type=int, callback=at_least(1), metavar="PLAYOUTS",
              help="Playouts per searched decision for every searching player that names none (default: its "
                   "level's).  A fixed budget and seed give the same games.")
@click.option("--decks", "decks", multiple=True, metavar="DECK...",
              help="The decks (bundled names or files): every pair of them is played; one deck plays itself.")
@click.option("--games", default=100, show_default=True, callback=at_least(1),
              help="Games per pair of players and pair of decks, an even number: seeds S, S+1, ... each played "
                   "twice, the players swapping seats.")
@click.option("--seed", default=0, show_default=True, help="The first seed.")
@click.option("--jobs", default=1, show_default=True, callback=at_least(1),
              help="Worker processes; the results are the same for any number (the timings are not).")
@click.option("--rules", "ruleset", type=click.Choice(list(RULESETS)), default="2014", show_default=True)
@click.option("--mulligan", type=click.Choice(MULLIGANS), default=None, help="Mulligan rule (default: the ruleset's).")
@click.option("--turn-cap", default=DEFAULT_TURN_CAP, show_default=True, callback=at_least(1),
              help="A game reaching this turn is a draw.")
@click.option("--check", is_flag=True, help="Check the engine's invariants after every action.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@allow_illegal_option
def tournament_command(more_decks: tuple[str, ...], levels: str | None, budget: int | None, decks: tuple[str, ...],
                       games: int, seed: int, jobs: int, ruleset: str, mulligan: str | None, turn_cap: int,
                       check: bool, as_json: bool, allow_illegal: bool) -> None:
    """Computer players play each other: every pair of players plays GAMES games on every pair
    of decks, each seed twice with the seats swapped (a deck stays with its seat, so each
    player plays both decks of the same deal).  Prints each player's wins, losses, draws, win
    rate with its 95% interval (Wilson score), decisions per game and time per decision
    (the CPU time of each answer: median, 99th percentile, worst), then each pairing's
    results and the errors with their seeds.  Exit status 1 when a game ended in an error."""
    from rules.play.tournament import entrants, run_tournament, schedule

    from .stopping import stops_cleanly

    try:
        players = entrants(_levels(levels, budget))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    if games % 2:
        raise click.ClickException(f"--games must be even (each seed is played twice, the seats swapped), not {games}")
    deck_refs = list(decks) + list(more_decks)
    loaded = _load_decks(deck_refs, ruleset, allow_illegal)
    planned = schedule(players, loaded, games, seed, ruleset, mulligan, turn_cap, check)
    from .lab import games_bar

    with stops_cleanly("tournament"), games_bar(len(planned), show=not as_json) as progress:
        result = run_tournament(planned, players, jobs, progress)
    if as_json:
        click.echo(json.dumps(result.as_json()))
    else:
        settings = _replay_settings(ruleset, mulligan, turn_cap)
        for line in _report_lines(result, len(loaded), games, seed, settings):
            click.echo(line)
    if result.errors:
        sys.exit(1)


def _levels(text: str | None, budget: int | None = None) -> list[str]:
    """The players of `--players` (levels, or specs: hard@48+peek), each known, at least two,
    the searching ones given `budget` when they name none; ClickException says what is wrong."""
    from rules.play.players import LEVELS, UnknownLevel
    from rules.play.players.spec import parse_spec

    try:
        levels = [str(parse_spec(part).with_budget(budget)) for part in (text or "").split(",") if part.strip()]
    except UnknownLevel as e:
        raise click.ClickException(str(e)) from None
    if len(levels) < 2:
        raise click.ClickException(f"--players needs at least two players, comma-separated "
                                   f"(a level may be given twice: random,random); the levels are {', '.join(LEVELS)}")
    return levels


def _load_decks(refs: list[str], ruleset: str, allow_illegal: bool) -> list[tuple[str, tuple[str, ...]]]:
    """Each deck's name (a bundled deck's, however it was named: a replay line repeats it; a
    file's path as given) and its cards, checked as `simulate` checks them (a precon's notice
    printed on stderr)."""
    from ..persistence.decklists import bundled_name, load_checked

    if not refs:
        raise click.ClickException("give the decks to play: --decks DECK... (bundled names or files)")
    out = []
    for ref in refs:
        try:
            deck, notice = load_checked(ref, ruleset, allow_illegal)
        except DeckError as e:
            raise deck_error(e) from None
        if notice:
            click.echo(f"note: {notice}", err=True)
        out.append((bundled_name(ref) or ref, tuple(deck.cards)))
    return out


MOST_DECK_LINES = 10  # more pairs of decks than this: the match report is in --json only


def _deck_lines(result: TournamentResult) -> list[str]:
    """The match report between decks (each pair of different decks, whoever played them)."""
    if not result.decks:
        return []
    if len(result.decks) > MOST_DECK_LINES:
        return ["", f"decks: {len(result.decks)} pairs of decks, each deck's results against each other in --json"]
    lines = ["", "decks (whoever played them):"]
    for m in result.decks:
        low, high = m.interval
        lines.append(f"  {m.first} vs {m.second}: {m.first_wins}-{m.second_wins}, {m.draws} draws; "
                     f"{m.first} wins {_percent(m.win_rate)} ({_percent(low)} - {_percent(high)})")
    return lines


def _replay_settings(ruleset: str, mulligan: str | None, turn_cap: int) -> str:
    """The options a replay of one seed repeats."""
    return f"--rules {ruleset}" + (f" --mulligan {mulligan}" if mulligan else "") + f" --turn-cap {turn_cap}"


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _report_lines(result: TournamentResult, deck_count: int, games: int, seed: int, settings: str) -> list[str]:
    """The report as text: one line per player, one per pairing, the errors (with how to replay
    each), and the speed."""
    from rules.play.tournament import deck_pairs

    pairs = len(deck_pairs(deck_count))
    seeds = f"seed {seed}" if games == 2 else f"seeds {seed}-{seed + games // 2 - 1} each"
    lines = [f"{result.games} games: {games} per pair of players and pair of decks ({pairs} deck pair"
             f"{'s' if pairs != 1 else ''}), {seeds} played twice, seats swapped; {settings.replace('--', '')}", ""]
    width = max(len(s.name) for s in result.standings)
    lines.append(f"{'player'.ljust(width)}  games  wins  losses  draws  win rate  95% interval (Wilson)  "
                 f"decisions/game  ms/decision median / p99 / worst  illegal")
    for s in result.standings:
        low, high = s.interval
        ms = s.decision_ms()
        lines.append(f"{s.name.ljust(width)}  {s.games:5}  {s.wins:4}  {s.losses:6}  {s.draws:5}  "
                     f"{_percent(s.win_rate):>8}  {_percent(low):>10} - {_percent(high):<8}  "
                     f"{s.decisions_per_game:14.1f}  {ms['median']:12.3f} / {ms['p99']:.3f} / {ms['worst']:.3f}  "
                     f"{s.illegal:7}")
    lines += ["", "head to head:"]
    for p in result.pairs:
        low, high = p.interval
        lines.append(f"  {p.first} vs {p.second}: {p.first_wins}-{p.second_wins}, {p.draws} draws, "
                     f"{p.errors} errors; {p.first} wins {_percent(p.win_rate)} ({_percent(low)} - {_percent(high)}), "
                     f"{p.decisions / p.games if p.games else 0:.0f} decisions per game")
    lines += _deck_lines(result)
    lines.append(f"errors: {len(result.errors)}")
    levels = {s.name: s.level for s in result.standings}
    for e in result.errors[:20]:
        blamed = f"{e.player}: " if e.player else "engine: "
        players = ",".join(levels[name] for name in _pairing_order(result, e.seats))
        lines.append(f"  seed {e.seed}, p1 {e.seats[0]} ({e.deck_names[0]}) vs p2 {e.seats[1]} ({e.deck_names[1]}): "
                     f"{blamed}{e.message}" + (f" ({e.where})" if e.where else "")
                     + f"; replay: mtg-tui tournament --players {players} --decks {e.deck_names[0]} "
                       f"{e.deck_names[1]} --games 2 --seed {e.seed} {settings} --check")
    lines.append(f"seconds: {result.seconds:.2f}  games/s: {result.games_per_s:.2f}  "
                 f"(time per decision: CPU time of each answer)")
    return lines


def _pairing_order(result: TournamentResult, seats: tuple[str, str]) -> list[str]:
    """The two entrants of a game in their pairing's order (the order a replay must list them in:
    it decides their players' seeds)."""
    order = [s.name for s in result.standings]
    return sorted(seats, key=order.index)
