"""`mtg-tui gauntlet`: start or continue a gauntlet (your deck against a set's five precons,
the computer playing them) and open it in the client; `--status` prints the progress and the
summaries, `--abandon` ends the one in progress."""

from __future__ import annotations

import json

import click

from rules.engine.core.ruleset import RULESETS
from rules.play.decklist import DeckError
from rules.play.players import DEFAULT_LEVEL

from .. import memory
from ..gauntlet import Gauntlet, GauntletError
from ..persistence import gauntlet_file
from ..persistence.precons import PRODUCT_LINES
from .launch import deck_error


@click.command("gauntlet")
@click.argument("deck", required=False)
@click.option("--set", "set_code", default=None, metavar="SET",
              help=f"The set whose five precons you play: {', '.join(p.set_code for p in PRODUCT_LINES)}.")
@click.option("--best-of", type=click.Choice(["1", "3"]), default="1", show_default=True,
              help="Games a match: one, or best of three.")
@click.option("--ai", "level", default=DEFAULT_LEVEL, show_default=True, metavar="LEVEL",
              help="The computer's level (see `play --help`).")
@click.option("--rules", "ruleset", type=click.Choice(list(RULESETS)), default="2014", show_default=True)
@click.option("--seed", type=int, default=None, help="The first game's seed (game k: seed+k; default: random).")
@click.option("--allow-illegal", is_flag=True,
              help="Accept your deck though the construction rules forbid it (the precons are always played as sold).")
@click.option("--status", is_flag=True, help="Print the gauntlet in progress and the finished ones, and exit.")
@click.option("--json", "as_json", is_flag=True, help="With --status: one JSON object.")
@click.option("--abandon", is_flag=True, help="End the gauntlet in progress (its results are dropped).")
def gauntlet_command(deck: str | None, set_code: str | None, best_of: str, level: str, ruleset: str,
                     seed: int | None, allow_illegal: bool, status: bool, as_json: bool, abandon: bool) -> None:
    """A gauntlet: DECK (a bundled deck's name or a file) against the five precons of a set in
    turn, the computer playing them, one game each or best of three; progress is kept between
    runs.  Starts one, or continues the one in progress (without DECK: that one)."""
    if as_json and not status:
        raise click.UsageError("--json goes with --status")
    if status or abandon:
        memory.resume_collector()  # no client: the cycle collector runs as in any command
        if status and abandon:
            raise click.UsageError("give --status or --abandon, not both")
        print_status(as_json) if status else print_abandoned()
        return
    try:
        gauntlet, continued = begin(deck, set_code, int(best_of), level, ruleset, seed, allow_illegal)
    except DeckError as e:
        raise deck_error(e) from None
    except GauntletError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"{'continuing' if continued else 'starting'} the gauntlet: {gauntlet.title()}", err=True)
    from .launch import run_app

    run_app(gauntlet=True)


def begin(deck: str | None, set_code: str | None, best_of: int, level: str, ruleset: str, seed: int | None,
          allow_illegal: bool) -> tuple[Gauntlet, bool]:
    """The gauntlet to open: the one in progress (DECK and SET naming it, or not given), or a
    new one (its first game checked first, so a bad deck is refused here)."""
    current = gauntlet_file.read().current
    if deck is None:
        if current is None:
            raise GauntletError("no gauntlet in progress: give your deck and --set SET to start one")
        return current, True
    if set_code is None:
        raise GauntletError(f"give the set whose precons you play: --set {'|'.join(p.set_code for p in PRODUCT_LINES)}")
    wanted = Gauntlet.new(deck, set_code, best_of, level, ruleset, seed, allow_illegal)
    if current is None or not current.same_run(deck, set_code):
        wanted.game_config()  # the player's deck, checked before anything is kept
    return gauntlet_file.begin(wanted)


def print_status(as_json: bool) -> None:
    try:
        store = gauntlet_file.read()
    except GauntletError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(json.dumps(store.as_json()))
        return
    lines = store.current.summary_text() if store.current else ["No gauntlet in progress."]
    for done in reversed(store.finished):
        lines += ["", *done.summary_text()]
    click.echo("\n".join(lines))


def print_abandoned() -> None:
    gone, said = gauntlet_file.abandon()
    click.echo(said)
    if gone is not None:
        click.echo("\n".join(gone.summary_text()))
