"""`mtg-tui practice`: list the bundled puzzles, or open one (or any puzzle file) in the client."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # pragma: no cover - the puzzles load only when `practice` runs (a fast `mtg-tui play`)
    from .practice import Progress


def puzzle_table(progress: Progress) -> list[str]:
    """One line per bundled puzzle: number, solved or not, title, difficulty, rules, what it teaches."""
    from rules.play.puzzle import PuzzleError, load_puzzle

    from .practice import bundled_paths

    rows: list[tuple[str, ...]] = []
    solved = 0
    for i, path in enumerate(bundled_paths(), 1):
        try:
            p = load_puzzle(path)
        except PuzzleError as e:
            rows.append((str(i), "", path.stem, "-", "-", f"(can't be loaded: {e})"))
            continue
        done = progress.solved(p.key)
        solved += done
        rows.append((str(i), "yes" if done else "no", p.title, p.difficulty, p.rules, ", ".join(p.teaches)))
    head = ("#", "solved", "puzzle", "level", "rules", "teaches")
    widths = [max(len(r[c]) for r in rows + [head]) for c in range(5)]
    lines = ["  ".join(x.ljust(w) for x, w in zip(r[:5], widths, strict=True)) + "  " + r[5] for r in [head] + rows]
    lines.append(f"{solved} of {len(rows)} solved.  `mtg-tui practice N` or `mtg-tui practice \"TITLE\"` opens "
                 f"a puzzle; `mtg-tui practice FILE` opens a puzzle file.")
    return lines


@click.command(name="practice")
@click.argument("puzzle", required=False)
def practice_command(puzzle: str | None) -> None:
    """Rules practice: list the bundled puzzles, or open one.

    PUZZLE is a puzzle's number, name or shown title from the list (`mtg-tui practice
    "Mana burn (2009)"`), or the path of any puzzle file (a scenario file with a goal)."""
    from rules.play.puzzle import PuzzleError, PuzzleRun

    from .practice import Progress, find_puzzle

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
    from .practice_app import run_practice
    run_practice(chosen, progress)
