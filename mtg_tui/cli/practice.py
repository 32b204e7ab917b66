"""`mtg-tui practice`: list the bundled puzzles, or open one (or any puzzle file) in the client."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # pragma: no cover - the puzzles load only when `practice` runs (a fast `mtg-tui play`)
    from rules.play.puzzle import Puzzle

    from ..practice import Progress


def puzzle_table(progress: Progress) -> list[str]:
    """The bundled puzzles grouped by topic (rules.play.puzzle.TOPICS order): a line per topic
    saying how many of its puzzles are solved, then a line per puzzle (its number in the list,
    solved or not, title, difficulty, rules, what it teaches); last the total."""
    from rules.play.puzzle import PuzzleError, load_puzzle

    from ..practice import bundled_paths, by_topic

    numbered: list[tuple[int, Puzzle]] = []
    broken: list[tuple[str, ...]] = []
    for i, path in enumerate(bundled_paths(), 1):
        try:
            numbered.append((i, load_puzzle(path)))
        except PuzzleError as e:
            broken.append((str(i), "", path.stem, "-", "-", f"(can't be loaded: {e})"))
    head = ("#", "solved", "puzzle", "level", "rules", "teaches")
    sections: list[tuple[str, list[tuple[str, ...]]]] = [
        (group.progress_line(progress),
         [(str(i), "yes" if progress.solved(p.key) else "no", p.title, p.difficulty, p.rules, ", ".join(p.teaches))
          for i, p in group.puzzles])
        for group in by_topic(numbered)]
    if broken:
        sections.append(("can't be loaded:", broken))
    rows = [r for _, section in sections for r in section]
    widths = [max(len(r[c]) for r in rows + [head]) for c in range(5)]

    def line(r: tuple[str, ...]) -> str:
        return "  ".join(x.ljust(w) for x, w in zip(r[:5], widths, strict=True)) + "  " + r[5]

    lines = [line(head)]
    for title, section in sections:
        lines += [title] + [line(r) for r in section]
    solved = sum(progress.solved(p.key) for _, p in numbered)
    lines.append(f"{solved} of {len(rows)} solved.  `mtg-tui practice N` or `mtg-tui practice \"TITLE\"` opens "
                 f"a puzzle; `mtg-tui practice FILE` opens a puzzle file.")
    return lines


def puzzle_files(folder: Path) -> list[Path]:
    """The puzzle files of a folder (ours `.toml`, Forge's `.pzl`), by name."""
    return sorted(p for p in folder.iterdir() if p.suffix in (".toml", ".pzl") and p.is_file())


def computer_solves(puzzle: str, level: str, seed: int) -> None:
    """`--ai LEVEL`: the computer plays the solver's side of PUZZLE (or of every puzzle file
    in a folder), a line each: solved or failed, and why, and for one puzzle the moves played
    (both players', passes left out); exits 0 when every one is solved."""
    from rules.play.players import UnknownLevel, make_player
    from rules.play.puzzle import SOLVED, PuzzleError
    from rules.play.puzzle_solver import solve_with

    from ..practice import find_puzzle

    folder = Path(puzzle).expanduser()
    refs = [str(p) for p in puzzle_files(folder)] if folder.is_dir() else [puzzle]
    if not refs:
        raise click.ClickException(f"{puzzle}: no puzzle files (.toml, .pzl) in this folder")
    solved = 0
    for ref in refs:
        try:
            chosen = find_puzzle(ref)
            run = solve_with(chosen, make_player(level, chosen.player, seed))
        except UnknownLevel as e:
            raise click.ClickException(str(e)) from None
        except PuzzleError as e:
            click.echo(f"error: {e}")
            continue
        verdict, why = run.status()
        solved += verdict == SOLVED
        click.echo(f"{verdict}: {chosen.title}" + (f" ({why})" if verdict != SOLVED else ""))
        if len(refs) == 1:  # one puzzle: how it was played, to learn from (passes left out)
            for move in run.line():
                click.echo(f"  {move}")
    if len(refs) > 1:
        click.echo(f"{solved} of {len(refs)} solved by the computer ({level})")
    sys.exit(0 if solved == len(refs) else 1)


@click.command(name="practice")
@click.argument("puzzle", required=False)
@click.option("--ai", "level", default=None, metavar="LEVEL",
              help="The computer plays the solver's side (a level: random, ...) and says whether it solved "
                   "it (exit status 0 or 1); PUZZLE may then be a folder of puzzle files.")
@click.option("--seed", default=0, show_default=True, help="The computer player's seed (with --ai).")
def practice_command(puzzle: str | None, level: str | None, seed: int) -> None:
    """Rules practice: list the bundled puzzles, or open one.

    PUZZLE is a puzzle's number, name or shown title from the list (`mtg-tui practice
    "Mana burn (2009)"`), or the path of any puzzle file (a scenario file with a goal)."""
    from rules.play.puzzle import PuzzleError, PuzzleRun

    from ..practice import Progress, find_puzzle

    if level is not None:
        if puzzle is None:
            raise click.UsageError("--ai needs a PUZZLE (a puzzle, or a folder of puzzle files)")
        computer_solves(puzzle, level, seed)
        return
    progress = Progress.load()
    if progress.warning:
        click.echo(f"warning: {progress.warning}", err=True)
        progress.warning = None
    if puzzle is None:
        for line in puzzle_table(progress):
            click.echo(line)
        return
    try:
        chosen = find_puzzle(puzzle)
        PuzzleRun(chosen)  # the start position must set up before the screen opens
    except PuzzleError as e:
        raise click.ClickException(str(e)) from None
    from ..practice_app import run_practice
    run_practice(chosen, progress)
