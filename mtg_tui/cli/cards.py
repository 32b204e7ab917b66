"""`mtg-tui cards import FILE` and `mtg-tui cards remove SET|FILE`: the player's own cards,
from Scryfall and MTGJSON card files (mtg_tui/persistence/card_pool.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..persistence.card_pool import PoolError, import_file, remove


@click.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def import_command(file: Path) -> None:
    """Add the cards of a Scryfall card file (a JSON list of cards, as Scryfall's bulk
    oracle_cards) or an MTGJSON file (AtomicCards.json or a set file) to your card pool.

    Cards the compiler reads are fully supported, the others partial; a card the project
    bundles keeps its bundled definition.  Importing the same file again changes nothing."""
    try:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

            with Progress(TextColumn("importing {task.description}"), BarColumn(), DownloadColumn(),
                          TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
                size = file.stat().st_size if file.is_file() else None
                task = bar.add_task(file.name, total=size)
                result = import_file(file, lambda n: bar.advance(task, n))
        else:
            result = import_file(file)
    except PoolError as e:
        raise click.ClickException(str(e)) from None
    click.echo("\n".join(result.lines()))


@click.command("remove")
@click.argument("what")
def remove_command(what: str) -> None:
    """Take out the cards an imported file added (its name or path), or the imported cards of a set."""
    try:
        lines = remove(what)
    except PoolError as e:
        raise click.ClickException(str(e)) from None
    click.echo("\n".join(lines))
