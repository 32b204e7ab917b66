"""Long commands stopped by Ctrl+C or SIGTERM (issue 25): `mtg-tui bench` (which runs the
client in pseudo-terminals), `mtg-tui simulate --jobs N` and `mtg-tui tournament --jobs N`
(worker processes) end every process they started, exit with 128 + the signal's number and say
so in one line, without a traceback.  Real processes and real signals (POSIX only); polled, with
generous timeouts, for a loaded machine."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def parent_of(pid: int) -> int | None:
    """The parent's pid from /proc (psutil is not a dependency); None once the process is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def alive(pid: int) -> bool:
    """Running (a zombie, waiting only to be reaped by whoever adopted it, has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def descendants(pid: int) -> set[int]:
    """Every process below `pid`: children, their children, ..."""
    parents = {int(p): parent_of(int(p)) for p in os.listdir("/proc") if p.isdigit()}
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier and p not in found}
        found |= frontier
    return found


def wait_for(what: Callable[[], object], timeout: float, message: str) -> object:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = what()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(message)


def start(args: list[str], tmp_path: Path) -> subprocess.Popen:
    """`python -m mtg_tui ARGS` in a process group of its own (so a Ctrl+C can be sent to the
    whole group, as a terminal does), with SIGINT at its default (a shell's background job
    ignores it) and the user's files out of reach."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    with open(tmp_path / "out", "w") as out, open(tmp_path / "err", "w") as err:  # not pipes: an orphan holds them
        return subprocess.Popen([sys.executable, "-m", "mtg_tui", *args], stdout=out, stderr=err, env=env,
                                cwd=tmp_path, start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def send(proc: subprocess.Popen, sig: signal.Signals) -> None:
    """SIGTERM to the process; SIGINT to its whole group, as Ctrl+C in a terminal."""
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)


def stop_and_check(proc: subprocess.Popen, sig: signal.Signals, children: set[int], tmp_path: Path) -> str:
    """Send `sig`; the command exits with 128 + sig within seconds, no process it started
    remains, and it said why on one line of stderr, no traceback; returns that line."""
    send(proc, sig)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    err = (tmp_path / "err").read_text()
    left = [p for p in children if alive(p)]
    for p in left:  # don't leave them running after a failed test
        os.kill(p, signal.SIGKILL)
    assert not left, f"still running after {sig.name}: {left}"
    assert proc.returncode == 128 + sig, (proc.returncode, err[-2000:])
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    lines = err.strip().splitlines()
    assert len(lines) == 1, err[-2000:]
    return lines[0]


SIGNALS = [signal.SIGTERM, signal.SIGINT]


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_a_stopped_bench_ends_the_client_it_started(sig: signal.Signals, tmp_path: Path) -> None:
    proc = start(["bench", "--games", "1", "--lab-games", "1", "--undo-turn", "2", "--client-runs", "1"], tmp_path)
    children = wait_for(lambda: descendants(proc.pid), 120, "the bench never started the client")
    assert isinstance(children, set)
    time.sleep(0.3)  # the client is starting up
    line = stop_and_check(proc, sig, children | descendants(proc.pid), tmp_path)
    assert line.startswith("bench: stopped") and sig.name in line


WORKER_COMMANDS = {
    "simulate": ["simulate", "red-green", "white-blue", "--jobs", "2", "--games", "5000"],
    "tournament": ["tournament", "--players", "random,random", "--decks", "red-green", "white-blue", "--jobs", "2",
                   "--games", "5000"],
}


@pytest.mark.parametrize("command", sorted(WORKER_COMMANDS))
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_a_stopped_command_ends_its_workers(sig: signal.Signals, command: str, tmp_path: Path) -> None:
    """simulate --jobs and tournament --jobs: stopped, no worker outlives them."""
    proc = start(WORKER_COMMANDS[command], tmp_path)
    workers = wait_for(lambda: (lambda d: d if len(d) >= 2 else None)(descendants(proc.pid)), 120,
                       f"{command} never started its workers")
    assert isinstance(workers, set)
    time.sleep(0.5)  # the workers are playing
    line = stop_and_check(proc, sig, workers | descendants(proc.pid), tmp_path)
    assert line.startswith(f"{command}: stopped") and sig.name in line


def test_bench_prints_each_figure_as_soon_as_it_is_measured(tmp_path: Path) -> None:
    """The self-play and undo rows are on stdout (not a terminal: a file) while the deck lab
    is still playing its games."""
    proc = start(["bench", "--games", "1", "--undo-turn", "2", "--lab-games", "1000000", "--no-client"], tmp_path)
    try:
        out = wait_for(lambda: (lambda t: t if "undo at turn 2" in t else None)((tmp_path / "out").read_text()),
                       120, "no figure printed before the end")
        assert proc.poll() is None, "the bench ended: nothing to tell about printing early"
        assert isinstance(out, str)
        assert out.splitlines()[0].startswith("self-play 2014 (red-green vs white-blue, 1 games)")
        assert "deck lab" not in out
    finally:
        stop_and_check(proc, signal.SIGTERM, descendants(proc.pid), tmp_path)
