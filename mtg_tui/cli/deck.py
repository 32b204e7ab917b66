"""`mtg-tui deck`: deck files in the formats players have.  `deck convert FILE --to FORMAT`
writes a deck in another format; `deck check FILE` says what the engine makes of it."""

from __future__ import annotations

from pathlib import Path

import click

from rules.engine.core.ruleset import RULESETS
from rules.play.deck_formats import WRITERS, read_deck_file, write_deck
from rules.play.deck_report import deck_report, report_lines
from rules.play.decklist import DeckError, UnknownEntry

from ..persistence.decklists import bundled_name, load_deck, minimum_cards, precon_notice
from ..persistence.userfiles import write_atomically


@click.group("deck")
def deck_command() -> None:
    """Deck files: convert between formats, check a deck."""


@deck_command.command("convert")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "fmt", type=click.Choice(list(WRITERS)), required=True, help="The format to write.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write to this file (default: print the deck).")
def deck_convert(file: str, fmt: str, output: str | None) -> None:
    """Read FILE (plain text, MTGO .txt/.dek, Arena, Forge/XMage .dck, Cockatrice .cod, Magarena
    .dec) and write it in another format."""
    try:
        deck = read_deck_file(file)
    except DeckError as e:
        raise click.ClickException(str(e)) from None
    text = write_deck(deck, fmt)
    if output is None:
        click.echo(text, nl=False)
        return
    out = Path(output)
    if out.exists() and out.resolve() == Path(file).resolve():
        raise click.ClickException(f"{output}: that is the file being converted; give another output file")
    try:
        write_atomically(out, text)
    except OSError as e:
        raise click.ClickException(f"{output}: can't write the file ({e.strerror or e})") from None
    click.echo(f"wrote {output} ({fmt}: main deck {len(deck.cards)}, sideboard {len(deck.sideboard)})", err=True)


@deck_command.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--rules", "ruleset", type=click.Choice(list(RULESETS)), default="2014", show_default=True)
def deck_check(file: str, ruleset: str) -> None:
    """The deck as the engine sees it: counts, the construction rules, unknown and partial cards,
    the mana curve and colour sources.  Exit status 1 when the deck isn't legal.  FILE may be
    a bundled deck's name (or a precon's product name): a precon is checked as it was sold."""
    unknown: list[UnknownEntry] = []
    try:
        deck = load_deck(file) if bundled_name(file) is not None else read_deck_file(file, unknown)
    except DeckError as e:
        raise click.ClickException(str(e)) from None
    notice = precon_notice(file, ruleset)
    if notice:
        click.echo(notice)
    report = deck_report(deck, ruleset, unknown, minimum_cards(file))
    click.echo("\n".join(report_lines(report)))
    if not report.legal:
        raise SystemExit(1)
