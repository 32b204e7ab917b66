"""`mtg-tui goldfish DECK --games N` shows rich's progress bar on stderr when stderr is a
terminal, and nothing when it is not, or with --json (issue 25); stdout is the same either way.
Real processes: stderr on a pseudo-terminal (POSIX only) or on a pipe."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from mtg_tui.cli.bench_client import plain

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["goldfish", "red-green", "--games", "40", "--seed", "2"]
BAR = "━"  # the bar rich's Progress draws; the old hand-made progress was text only


def lab(args: list[str], tmp_path: Path, stderr_on_terminal: bool) -> tuple[str, str]:
    """`python -m mtg_tui ARGS`: stdout on a pipe, stderr on a pseudo-terminal or a pipe; both read whole."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS="100",
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        env.pop(name, None)
    argv = [sys.executable, "-m", "mtg_tui", *args]
    if not stderr_on_terminal:
        done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300, check=True)
        return done.stdout, done.stderr
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    terminal = b""
    end = time.monotonic() + 300
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the process ended: its end of the terminal is closed
                break
            if not chunk:
                break
            terminal += chunk
        elif proc.poll() is not None:
            break
    out = proc.stdout.read().decode() if proc.stdout else ""
    assert proc.wait(timeout=30) == 0
    os.close(master)
    return out, plain(terminal)


def without_timing(report: str) -> str:
    """The report without its last line, the wall-clock time the games took."""
    lines = report.splitlines()
    assert "games/s" in lines[-1]
    return "\n".join(lines[:-1])


def test_the_bar_is_drawn_on_a_terminal_and_stdout_is_the_same_as_piped(tmp_path: Path) -> None:
    out_bar, terminal = lab(GAMES, tmp_path, stderr_on_terminal=True)
    assert BAR in terminal and "40/40" in terminal, terminal[-500:]
    out_piped, err = lab(GAMES, tmp_path, stderr_on_terminal=False)
    assert err == ""
    assert without_timing(out_bar) == without_timing(out_piped)
    assert "kill turn" in out_piped.lower() or "won" in out_piped.lower()


def test_nothing_on_the_terminal_with_json(tmp_path: Path) -> None:
    out, terminal = lab([*GAMES, "--json"], tmp_path, stderr_on_terminal=True)
    assert terminal == ""
    piped, err = lab([*GAMES, "--json"], tmp_path, stderr_on_terminal=False)
    assert err == "" and out == piped
