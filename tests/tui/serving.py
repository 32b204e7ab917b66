"""`mtg-tui serve` as a real process for the tests: on a free port, with the test's own user
folders (the autouse `user_files` fixture set them in the environment), stopped and read whole."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from paths import ROOT

ANNOUNCED = 3  # the lines `serve` says once it listens (mtg_tui.cli.serve.announcement)


def free_port() -> int:
    """A port nothing listens on now (the system's choice, released at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve_process(port: int, host: str | None = None, timeout: float = 30) -> tuple[subprocess.Popen[str], list[str]]:
    """`python -m mtg_tui serve` started, once it says it listens: the process and what it said.
    Its output goes to files (a pipe nobody reads could fill up and stall it)."""
    folder = Path(tempfile.mkdtemp(prefix="mtg-serve-"))
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    argv = [sys.executable, "-m", "mtg_tui", "serve", "--port", str(port), *(["--host", host] if host else [])]
    with open(folder / "out", "w") as out, open(folder / "err", "w") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err, env=env, cwd=ROOT, text=True)
    proc.folder = folder  # type: ignore[attr-defined]  # where stop() reads its output
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        said = (folder / "out").read_text().splitlines()
        if len(said) >= ANNOUNCED:
            return proc, said[:ANNOUNCED]
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    raise AssertionError(f"serve did not start: {(folder / 'out').read_text()}{(folder / 'err').read_text()}")


def stop(proc: subprocess.Popen[str], sig: signal.Signals = signal.SIGINT, timeout: float = 20) -> tuple[str, str]:
    """The signal sent (SIGINT: Ctrl+C), the process waited for (killed if it hangs): its stdout and stderr."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise AssertionError(f"serve did not stop on {sig.name}") from None
    folder: Path = proc.folder  # type: ignore[attr-defined]
    return (folder / "out").read_text(), (folder / "err").read_text()
