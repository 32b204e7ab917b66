"""A write killed midway leaves its temporary file behind; the next start removes it.  Only
the writer's own files (`.NAME.mtg-tui-PID-XXXXXXXX.tmp`) are touched, and only stale ones:
the writer is gone and the file is a minute old, or the file is an hour old whatever its
writer.  A fresh file of a live writer is kept (it is being written)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from mtg_tui.cli.commands import main
from mtg_tui.persistence.card_pool import pool_dir
from mtg_tui.persistence.saves import saves_dir
from mtg_tui.persistence.settings import settings_path
from mtg_tui.persistence.userfiles import data_dir, remove_stale_writes
from rules.cards.safe_files import ANY_WRITER_AGE, DEAD_WRITER_AGE, temp_prefix

from paths import ROOT

# the writer, killed (SIGKILL: nothing runs after it) between writing the text and the rename
KILLED_WRITE = """
import os, sys
from pathlib import Path
from rules.cards.safe_files import write_atomically
os.fsync = lambda fd: os.kill(os.getpid(), 9)
write_atomically(Path(sys.argv[1]), "a save, half written")
"""


def killed_write(target: Path) -> Path:
    """Run the writer in a process killed mid-write; the temporary file it left."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(target)], env=env, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert not target.exists()
    [left] = target.parent.glob(f".{target.name}.*")
    return left


def aged(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def temp_of(target: Path, pid: int) -> Path:
    """A temporary file named as process `pid`'s writer names them."""
    target.parent.mkdir(parents=True, exist_ok=True)
    path = target.parent / (temp_prefix(target).replace(f"-{os.getpid()}-", f"-{pid}-") + "abcd1234.tmp")
    path.write_text("half", encoding="utf-8")
    return path


def gone_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_write_killed_midway_is_cleaned_up_at_the_next_start() -> None:
    left = killed_write(saves_dir() / "mtg-tui-ann-ben.json")
    assert left.name.startswith(".mtg-tui-ann-ben.json.mtg-tui-") and left.name.endswith(".tmp")
    assert remove_stale_writes() == []  # a minute's grace: a writer elsewhere may still be at it
    aged(left, DEAD_WRITER_AGE + 5)
    r = CliRunner().invoke(main, ["cards", "show", "Forest"])  # any command starts with the cleanup
    assert r.exit_code == 0, r.output
    assert not left.exists()


def test_stale_files_of_our_writer_go_in_every_folder_it_writes() -> None:
    targets = [data_dir() / "autosave.json", saves_dir() / "mtg-tui-a-b.json", pool_dir() / "index.toml",
               settings_path()]
    stale = [aged(temp_of(t, gone_pid()), DEAD_WRITER_AGE + 5) for t in targets]
    assert sorted(remove_stale_writes()) == sorted(stale)
    assert not any(p.exists() for p in stale)


def test_a_fresh_file_of_a_live_writer_and_files_not_ours_are_kept() -> None:
    target = saves_dir() / "mtg-tui-a-b.json"
    live = temp_of(target, os.getpid())
    live_for_a_while = aged(temp_of(data_dir() / "autosave.json", os.getpid()), DEAD_WRITER_AGE + 5)
    just_killed = temp_of(data_dir() / "practice.json", gone_pid())  # younger than a minute
    not_ours = []
    for name in (".mtg-tui-a-b.json.x8k2j4mq.tmp", "notes.tmp", ".other.json.tmp"):  # (the old naming too)
        (target.parent / name).write_text("theirs", encoding="utf-8")
        not_ours.append(aged(target.parent / name, ANY_WRITER_AGE + 5))
    assert remove_stale_writes() == []
    assert all(p.exists() for p in [live, live_for_a_while, just_killed, *not_ours])
    aged(live, ANY_WRITER_AGE + 5)  # no write takes an hour: the process id was reused
    assert remove_stale_writes() == [live]
