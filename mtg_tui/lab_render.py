"""A deck lab report as rich text: the kill-turn bar chart and the figures.  The `goldfish
--games` command prints it; the client's deck lab screen shows it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rules.play.deck_lab import LAND_TURNS, LabReport

from .colours import resolve

BAR_WIDTH = 40


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def kill_chart(report: LabReport, width: int = BAR_WIDTH) -> Text:
    """One row per owner's turn from the first kill to the last: a horizontal bar of the
    games won on that turn, their number and share, and the share won by then."""
    t = Text()
    if not report.kill_turns:
        return Text("no game was won by the turn cap", style=resolve("$text-warning"))
    most = max(report.kill_turns.values())
    first, last = min(report.kill_turns), max(report.kill_turns)
    for turn in range(first, last + 1):
        n = report.kill_turns.get(turn, 0)
        bar = round(width * n / most) if most else 0
        if n and not bar:
            bar = 1
        t.append(f"turn {turn:>2} ", style="bold")
        t.append("█" * bar, style=resolve("$mtg-green"))
        t.append(" " * (width - bar))
        t.append(f" {n:>5}  {pct(n / report.games):>6}", style="")
        t.append(f"   by then {pct(report.won_by_turn[turn - 1]):>6}\n", style="dim")
    if report.not_won:
        t.append(f"not won by turn {report.turn_cap}: {report.not_won} ({pct(report.not_won / report.games)})\n",
                 style=resolve("$text-warning"))
    return t


def figures(report: LabReport) -> Table:
    """The other figures, one per row."""
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column(style=resolve("bold $mtg-pt"), no_wrap=True)
    table.add_column()
    n = report.games
    mean = f"{report.mean_kill_turn:.2f}" if report.mean_kill_turn is not None else "-"
    median = f"{report.median_kill_turn:g}" if report.median_kill_turn is not None else "-"
    table.add_row("kill turn", f"mean {mean}, median {median} (over the {report.won} games won)")
    table.add_row("mulligans", f"{pct(report.mulligan_rate)} of games; hands kept: "
                  + ", ".join(f"{k} cards ×{v}" for k, v in sorted(report.kept_hand_sizes.items(), reverse=True)))
    table.add_row("land drops", "  ".join(f"T{t} {pct(s)}" for t, s in enumerate(report.land_drops, 1))
                  + "  (of the games reaching that turn)")
    table.add_row("missed a land drop", f"{report.missed_land_drop} games ({pct(report.missed_land_drop / n)}) "
                  f"on one of turns 1-{LAND_TURNS}")
    table.add_row("stalled", f"{report.stalled} games ({pct(report.stalled / n)}) with uncastable cards "
                  "and nothing cast on a turn from the 3rd on")
    last = max(report.kill_turns, default=min(8, report.turn_cap))
    shown = report.damage_by_turn[:max(last, 1)]
    table.add_row("damage by turn", "  ".join(f"T{t} {d:.1f}" for t, d in enumerate(shown, 1))
                  + "  (mean, cumulative)")
    table.add_row("not won", f"{report.not_won} games by turn {report.turn_cap}")
    if report.errors:
        table.add_row("engine errors", f"{len(report.errors)}: "
                      + "; ".join(f"seed {s}: {m}" for s, m in report.errors[:3]), style=resolve("$text-error"))
    return table


def title(report: LabReport) -> Text:
    head = Text(f"{report.deck}", style="bold")
    head.append(f" — {report.games} goldfish games, rules {report.ruleset}, {report.mulligan} mulligan, "
                f"seed {report.seed}, on the play", style="")
    if report.cancelled:
        head.append("  (cancelled: the games played so far)", style=resolve("$text-warning"))
    return head


def render_report(report: LabReport) -> RenderableType:
    """The whole report: title, chart, figures."""
    if not report.games:
        return Group(title(report), Text("no game was played", style=resolve("$text-warning")))
    return Group(title(report), Text(""), Text("kill turn (your turn)", style="bold underline"), kill_chart(report),
                 figures(report))
