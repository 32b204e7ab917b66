"""Measures the client in a real pseudo-terminal (not a pytest test; run it by hand):

    python tests/tui/measure.py

1. startup: from starting `mtg-tui play red-green white-blue` to its first frame on the
   terminal (the cover screen), several runs;
2. keys: on a board of 30 permanents, from writing a key to the terminal to the last byte
   of the frame that answers it (the end of the burst of output after the key), for
   selection moves, zone changes and actions that make the engine work.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUIET = 0.08  # no output for this long: the frame is complete
BOARD = f"\nimport sys\nsys.path.insert(0, {str(HERE)!r})" + r'''
from conftest import position
from mtg_tui.app import MtgApp
from mtg_tui.session import Session
mine = ["Forest"] * 6 + ["Mountain"] * 4 + ["Llanowar Elves", "Runeclaw Bear", "Centaur Courser",
                                            "Prodigal Pyromancer", "Giant Spider"]
theirs = ["Plains"] * 5 + ["Island"] * 4 + ["Serra Angel", "Wind Drake", "Air Elemental", "Silvercoat Lion",
                                            "Elite Vanguard", "Horned Turtle"]
game = position({"alice": {"hand": ["Lightning Bolt", "Giant Growth", "Shock", "Forest", "Craw Wurm"],
                           "battlefield": mine},
                 "bob": {"hand": ["Cancel"], "battlefield": theirs}}, turn=3, active="alice", step="main1")
assert len(game.battlefield) == 30
MtgApp(session=Session(game, open_hands=True)).run()
'''


def spawn(argv: list[str], cols: int = 120, rows: int = 40) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                            start_new_session=True)
    os.close(slave)
    return proc, master


def frame(fd: int, start: float, timeout: float = 20.0) -> tuple[bytes, float]:
    """Output until the terminal goes quiet; returns it and the time its last byte arrived
    (seconds after `start`)."""
    buf, last = b"", None
    end = start + timeout
    while True:
        wait = QUIET if last is not None else max(end - time.perf_counter(), 0)
        r, _, _ = select.select([fd], [], [], wait)
        if not r:
            if last is None:
                raise TimeoutError("no output")
            return buf, last - start
        buf += os.read(fd, 65536)
        last = time.perf_counter()


def until(fd: int, text: bytes, start: float) -> float:
    buf = b""
    while text not in buf:
        chunk, at = frame(fd, start)
        buf += chunk
    return at


def quit_app(proc: subprocess.Popen, fd: int) -> None:
    """Ctrl+Q, then make sure: an app left without its terminal would spin on."""
    try:
        os.write(fd, b"\x11")
        proc.wait(5)
    except (OSError, subprocess.TimeoutExpired):
        pass
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(fd)


def startup(runs: int = 5) -> list[float]:
    exe = str(Path(sys.executable).with_name("mtg-tui"))
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        proc, fd = spawn([exe, "play", "red-green", "white-blue", "--seed", "1"])
        try:
            out.append(until(fd, b"keyboard", t))  # "Pass the keyboard to ..." is on the first frame
        finally:
            quit_app(proc, fd)
    return out


def press(fd: int, key: bytes) -> float:
    t = time.perf_counter()
    os.write(fd, key)
    return frame(fd, t)[1]


def keys() -> dict[str, list[float]]:
    proc, fd = spawn([sys.executable, "-c", BOARD])
    try:
        return measure_keys(fd)
    finally:
        quit_app(proc, fd)


def measure_keys(fd: int) -> dict[str, list[float]]:
    until(fd, b"precombat", time.perf_counter())
    result = {
        "move (<- ->)": [press(fd, k) for k in [b"\x1b[C", b"\x1b[D"] * 15],
        "zone (up, down, Tab)": [press(fd, k) for k in [b"\x1b[A", b"\x1b[A", b"\x1b[B", b"\x1b[B"] * 3 + [b"\t"] * 6],
    }
    # back in the hand (six Tabs), on Lightning Bolt: Enter, then letter "a" (bob): the engine checks
    # and resolves the spell, the client passes for both players, the whole board redraws
    result["act (Enter: cast, letter: target and resolve)"] = [press(fd, b"\r"), press(fd, b"a")]
    return result


def ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:.0f} ms, worst {max(xs) * 1000:.0f} ms (n={len(xs)})"


if __name__ == "__main__":
    print("startup to first frame:", ms(startup()))
    everything: list[float] = []
    for name, xs in keys().items():
        everything += xs
        print(f"key to frame, {name}:", ms(xs))
    print("key to frame, all keys:", ms(everything))
