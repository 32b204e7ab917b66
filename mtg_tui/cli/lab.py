"""`mtg-tui goldfish DECK --games N`: the deck lab from the command line (issue 13).  The
pilot plays N headless games of the deck against a goldfish; the report is printed as
rich text (a kill-turn bar chart and the figures) or, with --json, as one JSON object."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from rules.play.deck_lab import DEFAULT_TURN_CAP, LabReport, run_lab
from rules.play.decklist import DeckError

from .launch import deck_error


def load_lab_deck(deck: str, ruleset: str, allow_illegal: bool, allow_partial: bool) -> tuple[str, list[str]]:
    """The deck's name and cards, checked as a goldfish game checks them (a precon's notice
    printed on stderr); DeckError says why not."""
    from rules.play.partial import check_supported

    from ..persistence.decklists import load_checked

    d, notice = load_checked(deck, ruleset, allow_illegal)
    if notice:
        click.echo(f"note: {notice}", err=True)
    if not allow_partial:
        check_supported(d)
    return d.name or deck, list(d.cards)


def lab_command(deck: str, games: int, seed: int | None, ruleset: str, mulligan: str | None, turn_cap: int,
                as_json: bool, allow_illegal: bool, allow_partial: bool) -> None:
    """Run the lab and print its report.  Bad input is one line (a ClickException; the
    numbers are checked by their options: launch.at_least)."""
    try:
        name, cards = load_lab_deck(deck, ruleset, allow_illegal, allow_partial)
    except DeckError as e:
        raise deck_error(e) from None
    start = time.perf_counter()
    with games_bar(games, show=not as_json) as progress:
        report = run_lab(cards, games, seed or 0, ruleset, mulligan, turn_cap=turn_cap, name=name, progress=progress)
    seconds = time.perf_counter() - start
    if as_json:
        click.echo(report.to_json())
        return
    print_report(report, seconds)


@contextmanager
def games_bar(games: int, show: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar of the games played, on stderr, while the body runs: rich's Progress,
    drawn only when `show` and stderr is a terminal (not when it is piped or redirected, so
    logs and scripts get no bar), and gone when the games are done.  Yields the lab's
    `progress(done, total)`: it only records the count (once a game); the bar is redrawn a few
    times a second by rich's own thread, so the games are not slowed."""
    from rich.console import Console

    console = Console(stderr=True)
    if not (show and console.is_terminal):
        yield lambda done, total: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TextColumn("games"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, refresh_per_second=5,
                  redirect_stdout=False, redirect_stderr=False) as bar:
        task = bar.add_task("games", total=games)
        yield lambda done, total: bar.update(task, completed=done)


def print_report(report: LabReport, seconds: float | None = None) -> None:
    from rich.console import Console

    from ..lab_render import render_report

    console = Console(highlight=False, soft_wrap=False)
    console.print(render_report(report))
    if seconds is not None:
        console.print(f"[dim]{report.games} games in {seconds:.2f} s ({report.games / seconds:.0f} games/s)[/dim]")


__all__ = ["DEFAULT_TURN_CAP", "lab_command", "load_lab_deck"]
