"""Long commands (`mtg-tui bench`, `mtg-tui simulate`) stopped by Ctrl+C or SIGTERM (issue 25).

The signal becomes an exception (`Stopped`) raised where the command happens to be, so every
`with` and `finally` on the way out ends the processes it started (bench_client's terminals,
the simulator's worker pool); the command then exits with the shell's status for a signal
(128 + its number: 130 for Ctrl+C, 143 for SIGTERM) and one line saying so, not a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

import click

SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stopped(BaseException):
    """The command was asked to stop by `signum`.  Not an Exception, as KeyboardInterrupt is
    not: code that records errors and goes on (the simulator's `play_one`) must not catch it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def stops_cleanly(command: str) -> Iterator[None]:
    """Run the body with SIGINT and SIGTERM raising `Stopped` (once: a second Ctrl+C while the
    processes are being ended is not another traceback), then exit with 128 + the signal."""
    stopping: list[int] = []

    def stop(signum: int, _frame: FrameType | None) -> None:
        if not stopping:
            stopping.append(signum)
            raise Stopped(signum)

    before = {sig: signal.signal(sig, stop) for sig in SIGNALS}
    try:
        yield
    except Stopped as e:
        click.echo(f"{command}: stopped by {signal.Signals(e.signum).name}", err=True)
        sys.exit(128 + e.signum)
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def end_process(proc: subprocess.Popen[bytes], grace: float = 2.0) -> None:
    """Terminate `proc` (SIGTERM), and kill it if it is still there after `grace` seconds."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
