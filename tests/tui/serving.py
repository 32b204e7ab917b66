"""`mtg-tui serve` as a real process for the tests: on a free port, with the test's own user
folders (the autouse `user_files` fixture set them in the environment), stopped and read whole."""

from __future__ import annotations

import codecs
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.cells import cell_len

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


def children(pid: int) -> list[int]:
    """The processes `pid` started (Linux's /proc): a server's clients, one per open page."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


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


# what the server sends the page's terminal: cursor moves (CSI), other control sequences (OSC,
# DCS, two-byte escapes: styles, modes and titles, which don't change the text), text
SEQUENCE = re.compile(r"\x1b\[([0-9;?<>=]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                      r"|\x1b[P_^X][^\x1b]*\x1b\\|\x1b[()#%][0-9A-Za-z@]|\x1b[^\[\]P_^X()#%]")
UNFINISHED_AT_MOST = 256  # a sequence cut by the end of a frame is kept for the next (longer: not one)


class TerminalScreen:
    """The text a terminal shows after the bytes written to it: what the page's xterm.js draws on
    its canvas (which no DOM text carries), rebuilt from the websocket's frames. Enough of a
    VT100 for Textual's output: cursor moves, erasing and text; colours are left out."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.row = self.column = 0
        self.pending = ""
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def feed(self, data: bytes) -> None:
        text = self.pending + self.decoder.decode(data)
        last = text.rfind("\x1b")
        cut = last >= 0 and len(text) - last < UNFINISHED_AT_MOST and not SEQUENCE.match(text, last)
        text, self.pending = (text[:last], text[last:]) if cut else (text, "")
        done = 0
        for match in SEQUENCE.finditer(text):
            self.write(text[done:match.start()])
            if match.group(2):
                self.control(match.group(1), match.group(2))
            done = match.end()
        self.write(text[done:])

    def write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.column = 0
            elif char == "\n":
                self.row += 1
            elif char == "\b":
                self.column = max(0, self.column - 1)
            elif char >= " ":
                self.cells[self.row, self.column] = char
                for extra in range(1, cell_len(char)):  # a wide character covers the next cell
                    self.cells[self.row, self.column + extra] = ""
                self.column += max(1, cell_len(char))

    def control(self, params: str, final: str) -> None:
        numbers = [int(n) if n.isdigit() else 0 for n in params.lstrip("?<>=").split(";")]
        first = numbers[0] or 1
        if params.startswith(("?", "<", ">", "=")):
            return  # modes (mouse, alternate screen, synchronized output)
        if final in "Hf":
            self.row, self.column = first - 1, (numbers[1] if len(numbers) > 1 and numbers[1] else 1) - 1
        elif final in "ABCD":
            step = {"A": (-first, 0), "B": (first, 0), "C": (0, first), "D": (0, -first)}[final]
            self.row, self.column = max(0, self.row + step[0]), max(0, self.column + step[1])
        elif final == "G":
            self.column = first - 1
        elif final == "d":
            self.row = first - 1
        elif final == "J":
            self.erase(lambda r, c: numbers[0] in (2, 3) or (r, c) >= (self.row, self.column))
        elif final == "K":
            part = numbers[0]
            self.erase(lambda r, c: r == self.row and (part == 2 or (c >= self.column) == (part == 0)))

    def erase(self, where: Callable[[int, int], bool]) -> None:
        self.cells = {cell: char for cell, char in self.cells.items() if not where(*cell)}

    def lines(self) -> list[str]:
        if not self.cells:
            return []
        rows = max(r for r, _ in self.cells) + 1
        width = max(c for _, c in self.cells) + 1
        grid = [[" "] * width for _ in range(rows)]
        for (r, c), char in self.cells.items():
            grid[r][c] = char
        return ["".join(row).rstrip() for row in grid]

    def text(self) -> str:
        return "\n".join(self.lines())
