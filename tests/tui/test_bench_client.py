"""The client benchmark's helpers (mtg_tui/cli/bench_client.py): nothing here is timed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mtg_tui.cli.bench_client import (
    GROUPS,
    HOTSEAT,
    REPLAY_GROUP,
    REPLAY_SEQUENCE,
    SEQUENCE,
    board_game,
    frame,
    keys,
    plain,
    replay_keys,
    report_lines,
    spawn,
    summarize,
)


def test_plain_drops_escape_sequences_so_split_words_are_found() -> None:
    out = (b"\x1b[?1049h\x1b]0;mtg-tui\x07\x1b[1;1H\x1b[1mPass the key\x1b[0m\x1b[38;2;1;2;3mboard to alice"
           b"\x1b[2J\x1b(B\x1b[?25l")
    assert plain(out) == "Pass the keyboard to alice"
    assert "keyboard" in plain(out)


def test_summarize_gives_medians_and_worsts_per_key_group_and_overall() -> None:
    samples = [("→", 0.003), ("→", 0.005), ("←", 0.004), ("Tab", 0.010), ("Tab", 0.030),
               ("a (target, resolve)", 0.020)]
    r = summarize([0.5, 0.3, 0.4], samples, [0.6, 0.7])
    assert r["first_frame_s"] == 0.4 and r["first_frame_worst_s"] == 0.5
    assert r["first_frame_as_is_s"] == 0.65 and r["first_frame_as_is_worst_s"] == 0.7
    assert r["key_median_ms"] == 7.5 and r["key_worst_ms"] == 30.0
    assert r["per_key"]["→"] == {"median_ms": 4.0, "worst_ms": 5.0, "n": 2}
    assert r["per_key"]["Tab"] == {"median_ms": 20.0, "worst_ms": 30.0, "n": 2}
    assert r["per_group"]["move (← →)"] == {"median_ms": 4.0, "worst_ms": 5.0, "n": 3}
    assert r["per_group"]["act (Enter: cast, letter: target and resolve)"]["n"] == 1
    lines = report_lines({**r, "runs": 3})
    assert lines[0] == "startup to first frame: median 400 ms, worst 500 ms (runs=3)"
    assert lines[1].startswith("startup to first frame, environment as is") and lines[1].endswith(
        "median 650 ms, worst 700 ms")
    assert lines[-1] == "key to frame, all keys of the game screen: median 8 ms, worst 30 ms"
    assert "  Tab: median 20 ms, worst 30 ms (n=2)" in lines


def test_summarize_without_samples() -> None:
    r = summarize([], [])
    assert "first_frame_as_is_s" not in r
    assert r["first_frame_s"] is None and r["key_worst_ms"] is None and r["per_key"] == {}


def test_every_key_pressed_is_reported_in_a_group_and_the_board_has_30_permanents() -> None:
    assert {name for name, _ in SEQUENCE + HOTSEAT} <= set(GROUPS)
    assert len(SEQUENCE) == 50
    game = board_game()
    assert len(game.battlefield) == 30 and game.decision.player == "alice"


def test_the_replay_viewers_keys_are_reported_on_their_own_line() -> None:
    samples = [("→", 0.004), ("replay ←", 0.012), ("replay PgUp", 0.020), ("replay Home", 0.030)]
    r = summarize([0.4], samples)
    assert r["key_median_ms"] == 4.0 and r["key_worst_ms"] == 4.0  # the game screen's keys alone
    assert r["replay_median_ms"] == 20.0 and r["replay_worst_ms"] == 30.0
    assert r["per_group"][REPLAY_GROUP] == {"median_ms": 20.0, "worst_ms": 30.0, "n": 3}
    lines = report_lines({**r, "runs": 1})
    assert lines[-1] == "replay viewer: step key to frame (long game): median 20 ms, worst 30 ms"


def test_the_replay_viewer_measurement_runs_in_a_pseudo_terminal() -> None:
    """`mtg-tui replay` of the long game, every step key pressed: a frame for each (not timed here)."""
    samples = replay_keys()
    assert [name for name, _ in samples] == [name for name, _ in REPLAY_SEQUENCE]
    assert {name.split()[1] for name, _ in samples} == {"←", "→", "PgUp", "PgDn", "Home", "End"}
    assert all(t > 0 for _, t in samples)


def hang_up_clues(pid: int) -> str:
    """What can keep a closed terminal from hanging its process up: the signals the child blocks
    or ignores (inherited through exec), and other children of this process that a fork may have
    handed the terminal's master end to (the hang-up comes only when its last copy closes)."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    signals = [line for line in status if line.startswith(("SigBlk", "SigIgn"))]
    others = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and int(stat.parent.name) != pid:
            others.append(stat.parent.name)
    return f"{'; '.join(signals)}; other children of the test process: {others or 'none'}"


def assert_hung_up_when_its_terminal_closes(proc: subprocess.Popen[bytes], fd: int) -> None:
    """The child in the terminal `fd` is running; closing the terminal ends it with SIGHUP."""
    try:
        frame(fd, time.perf_counter())  # it runs: "ready"
        os.close(fd)
        assert proc.wait(timeout=20) == -signal.SIGHUP
    except subprocess.TimeoutExpired:
        pytest.fail(f"no hang-up after 20 s: {hang_up_clues(proc.pid)}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


SLEEPER = [sys.executable, "-c", "import time; print('ready', flush=True); time.sleep(60)"]


def test_a_client_whose_terminal_is_closed_is_hung_up(tmp_path: Path) -> None:
    """The pseudo-terminal is the child's controlling terminal: when the bench's end closes (the
    bench ended, even killed), the child gets SIGHUP, as from a closed terminal window, instead
    of running on (a client spins at 100% CPU on a terminal that is gone)."""
    assert_hung_up_when_its_terminal_closes(*spawn(SLEEPER, str(tmp_path)))


def test_a_client_is_hung_up_even_when_the_bench_ignores_hang_ups(tmp_path: Path) -> None:
    """`nohup mtg-tui bench`: the bench ignores SIGHUP, and an ignored signal stays ignored in a
    child through exec; the client's terminal still hangs it up when it closes."""
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        proc, fd = spawn(SLEEPER, str(tmp_path))
    finally:
        signal.signal(signal.SIGHUP, before)
    assert_hung_up_when_its_terminal_closes(proc, fd)


def test_a_hotseat_key_the_client_drops_is_an_error_not_a_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hotseat keys wait out the covers' key hold (mtg_tui.key_guard); pressed sooner, a key
    is dropped, and its frame (the cover saying so) must not be timed as the key's."""
    from mtg_tui import key_guard

    monkeypatch.setattr(key_guard, "HOLD", 0.0)  # the bench's wait only: the client keeps its hold
    with pytest.raises(RuntimeError, match="never showed"):
        keys(hotseat=True)
