"""`mtg-tui rules QUERY`: print the rules matching a number (704.5g: the rule and its
subrules) or words ("mana burn"), from a Comprehensive Rules file or the project's index."""

from __future__ import annotations

import shutil
import sys
import textwrap

import click

from rules.engine.core.ruleset import RULESETS
from rules.reference.lookup import Answer, Entry, Reference, ReferenceError, open_reference

from ..persistence.userfiles import CR_FILE_ENV, cr_file_choice


def load_reference(cr_file: str | None, era: str | None) -> tuple[Reference, list[str]]:
    """The reference to answer from, and warnings; ReferenceError when a named file fails."""
    path, where, warning = cr_file_choice(cr_file)
    warnings = [warning] if warning else []
    if path is None:
        return open_reference(None, era), warnings
    try:
        return open_reference(path), warnings
    except ReferenceError as e:
        raise ReferenceError(f"{e} (from {where})") from None


def format_entry(e: Entry, width: int) -> list[str]:
    if e.kind == "glossary":
        head = f"glossary: {e.term}: "
        return textwrap.wrap(head + e.text, width, subsequent_indent="    ") or [head]
    label = f"{e.number}." if e.kind == "section" else e.number
    lines = textwrap.wrap(e.text, width, initial_indent=f"{label:<8} ", subsequent_indent=" " * 9) or [label]
    if e.links:
        lines.append(" " * 9 + link_text(e))
    return lines


def link_text(e: Entry) -> str:
    """"= 420.5c in the 2009 rules": where the entry's rule lives in the other numbering."""
    era, how = e.links[0].era, e.links[0].how
    where = ", ".join(link.number for link in e.links)
    if how == "rule":
        return f"= {where} in the {era} rules"
    if how == "rule group":
        return f"~ {where} in the {era} rules (the same group of rules)"
    if "." not in where:
        return f"~ section {where} in the {era} rules"
    return f"~ {where} in the {era} rules (same section)"


def format_answer(ans: Answer, ref: Reference, width: int) -> list[str]:
    out = [f"from {ref.source}"]
    out += [f"note: {n}" for n in ans.notes]
    section = None
    for e in ans.entries:
        if e.kind != "glossary" and e.number[:3] != section:
            section = e.number[:3]
            title = ref.title(e.number, e.era)
            if title and not (e.kind == "section" and e.number == section):
                out.append("")
                out.append(f"{section}. {title}")
        elif e.kind == "glossary" and section != "glossary":
            section = "glossary"
            out.append("")
        out += format_entry(e, width)
    return out


@click.command(name="rules")
@click.argument("query", nargs=-1, required=True)
@click.option("--cr-file", default=None, metavar="PATH",
              help=f"A Comprehensive Rules text file (default: ${CR_FILE_ENV}, then cr_file in the settings).")
@click.option("--rules", "era", type=click.Choice(list(RULESETS)), default=None,
              help="The numbering of a rule number you type (default: the file's, or the other one "
                   "when the file's has no such rule; without a file, 2014).")
def rules_command(query: tuple[str, ...], cr_file: str | None, era: str | None) -> None:
    """The rules reference: a rule by number (704.5g) or rules by words (regenerate, "mana burn").

    Without a rules file it answers from the project's own index: section titles and a
    one-sentence summary of every rule the engine cites, in both numberings."""
    try:
        ref, warnings = load_reference(cr_file, era)
    except ReferenceError as e:
        raise click.ClickException(str(e)) from None
    for w in warnings:
        click.echo(f"warning: {w}", err=True)
    text = " ".join(query)
    ans = ref.query(text, era)
    width = max(40, min(shutil.get_terminal_size((100, 24)).columns, 100))
    for line in format_answer(ans, ref, width):
        click.echo(line)
    if not ans.entries:
        click.echo(f"nothing found for {text!r}", err=True)
        sys.exit(1)
