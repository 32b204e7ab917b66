"""How responsive the client is, measured in a real pseudo-terminal (a benchmark, POSIX only):

1. startup: from starting `mtg-tui play red-green white-blue` to its first frame on the
   terminal (the cover screen), several runs;
2. keys: on a board of 30 permanents, from writing a key to the terminal to the last byte
   of the frame that answers it (the end of the burst of output after the key), for
   selection moves, zone changes and actions that make the engine work; one app per run;
3. the replay viewer (`mtg-tui replay SAVE`) on a long game (a whole game of random play, some
   800 actions): from a step key (← → PgUp PgDn Home End) to the last byte of its frame.

`measure_client(runs)` returns the figures as a dict; `report_lines` words them.  Nothing
here is imported by the client itself (only `mtg-tui bench` and tests/tui/measure.py).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

QUIET = 0.08  # no output for this long: the frame is complete
COLS, ROWS = 120, 40

# the keys pressed on the 30-permanent board, in order, each with the name it is reported
# under.  The app starts in alice's hand: → ← along it, ↑ ↑ ↓ ↓ through the battlefields and
# back, Tab round every zone (hand, mine, theirs, stack, log, phase bar, hand), then Enter on
# Lightning Bolt and "a" for its target (bob): the engine checks and resolves the spell, the
# client passes for both players and the whole board redraws.
RIGHT, LEFT, UP, DOWN, TAB = b"\x1b[C", b"\x1b[D", b"\x1b[A", b"\x1b[B", b"\t"
KEY_NAMES = {RIGHT: "→", LEFT: "←", UP: "↑", DOWN: "↓", TAB: "Tab"}
GROUPS = {"→": "move (← →)", "←": "move (← →)", "↑": "zone (↑ ↓ Tab)", "↓": "zone (↑ ↓ Tab)",
          "Tab": "zone (↑ ↓ Tab)", "Enter (cast)": "act (Enter: cast, letter: target and resolve)",
          "a (target, resolve)": "act (Enter: cast, letter: target and resolve)"}
SEQUENCE: list[tuple[str, bytes]] = (
    [(KEY_NAMES[k], k) for k in [RIGHT, LEFT] * 15]
    + [(KEY_NAMES[k], k) for k in [UP, UP, DOWN, DOWN] * 3 + [TAB] * 6]
    + [("Enter (cast)", b"\r"), ("a (target, resolve)", b"a")]
)

# a hotseat game on the same board (cover screens between the players): Enter on the opening
# cover, Enter on Lightning Bolt, "a" (bob) as its target, which brings up the cover for bob (he
# may respond), and Enter on that cover.  Each key waits until the frame before it is complete.
HOTSEAT: list[tuple[str, bytes]] = [("Enter on the opening cover", b"\r"), ("Enter (cast), hotseat", b"\r"),
                                    ("a (target): bob's cover comes up", b"a"), ("Enter on bob's cover", b"\r")]
GROUPS.update(dict.fromkeys((name for name, _ in HOTSEAT), "hotseat (cover screens between the players)"))

# the replay viewer on a long game, which opens at its end: back and forth one action, a turn,
# to the start and the end, and one action at a time from the start.
PGUP, PGDN, HOME, END = b"\x1b[5~", b"\x1b[6~", b"\x1b[H", b"\x1b[F"
REPLAY_KEY_NAMES = {LEFT: "←", RIGHT: "→", PGUP: "PgUp", PGDN: "PgDn", HOME: "Home", END: "End"}
REPLAY_GROUP = "replay viewer: step key to frame (long game)"
REPLAY_SEQUENCE: list[tuple[str, bytes]] = [
    (f"replay {REPLAY_KEY_NAMES[k]}", k)
    for k in [LEFT] * 8 + [RIGHT] * 8 + [PGUP] * 4 + [PGDN] * 4 + [HOME] + [RIGHT] * 4 + [END] + [LEFT, PGUP]
]
GROUPS.update(dict.fromkeys((name for name, _ in REPLAY_SEQUENCE), REPLAY_GROUP))
REPLAY_DECKS = ("mono-black", "white-blue")
REPLAY_SEED = 3

MINE = ["Forest"] * 6 + ["Mountain"] * 4 + ["Llanowar Elves", "Runeclaw Bear", "Centaur Courser",
                                            "Prodigal Pyromancer", "Giant Spider"]
THEIRS = ["Plains"] * 5 + ["Island"] * 4 + ["Serra Angel", "Wind Drake", "Air Elemental", "Silvercoat Lion",
                                            "Elite Vanguard", "Horned Turtle"]


# ------------------------------------------------------------------ the board the keys are pressed on
def board_game() -> Any:
    """Turn 3, alice's first main phase: 15 permanents each, Lightning Bolt first in alice's hand."""
    from rules import Game
    from rules.play.scenario import parse_scenario

    library = ["Island"] * 5  # nobody loses by drawing
    doc = {"name": "bench", "start": {"turn": 3, "active": "alice", "step": "main1"}, "players": {
        "alice": {"hand": ["Lightning Bolt", "Giant Growth", "Shock", "Forest", "Craw Wurm"], "battlefield": MINE,
                  "library": library},
        "bob": {"hand": ["Cancel"], "battlefield": THEIRS, "library": library}}}
    game = Game(parse_scenario(doc).setup)
    assert len(game.battlefield) == 30
    return game


def run_board_app(open_hands: bool = True) -> None:
    """The app on the bench board, open hands or hotseat (run in the pseudo-terminal by `keys`)."""
    from mtg_tui.app import MtgApp
    from mtg_tui.session import Session

    MtgApp(session=Session(board_game(), open_hands=open_hands)).run()


def long_game() -> Any:
    """A whole game of random play, mono-black against white-blue (deterministic: about 800
    actions, 1,700 log lines): the game the replay viewer is measured on."""
    from mtg_tui.persistence.decklists import load_deck
    from rules.play.simulate import new_game, play_out

    decks = {"ann": load_deck(REPLAY_DECKS[0]).cards, "ben": load_deck(REPLAY_DECKS[1]).cards}
    game = new_game(decks, REPLAY_SEED, "2014", None, 30)
    play_out(game, REPLAY_SEED, check=False)
    return game


def save_long_game(path: str) -> tuple[str, int]:
    """`long_game()` saved at `path` (as the client saves); the path and how many actions it has."""
    from mtg_tui.persistence.saves import save
    from mtg_tui.session import Session

    game = long_game()
    return str(save(Session(game), path)), len(game.record)


# ------------------------------------------------------------------ the pseudo-terminal
def spawn(argv: list[str], home: str, cols: int = COLS, rows: int = ROWS, env: dict[str, str] | None = None,
          ) -> tuple[subprocess.Popen[bytes], int]:
    """Start `argv` in a new pseudo-terminal of `cols` x `rows`, in the directory `home`,
    which is also its user data, settings and cache directory (the player's autosave, settings
    and cache are neither read nor touched); returns the process and the terminal's master end.

    The terminal is the child's controlling terminal, as a terminal emulator makes it: when its
    master end closes (this process ends, even killed), the kernel hangs it up and the child
    gets SIGHUP.  Without it a client left behind never learns its terminal is gone: Textual's
    input thread reads end-of-file and selects again at once, at 100% CPU, for ever."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    # the child imports the code being measured: this mtg_tui (a worktree's, not the installed one)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    env = dict(env if env is not None else os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows),
               PYTHONPATH=path, XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_CACHE_HOME=os.path.join(home, "cache"))
    env.pop("MTG_TUI_CR_FILE", None)
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                            start_new_session=True, cwd=home, preexec_fn=take_terminal)
    os.close(slave)
    return proc, master


def take_terminal() -> None:
    """In the child, after its new session began: its stdin (the pseudo-terminal) becomes the
    session's controlling terminal, and a hang-up ends it even when the bench itself ignores
    hang-ups (`nohup mtg-tui bench`: an ignored signal stays ignored through exec)."""
    import fcntl
    import signal
    import termios

    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@contextmanager
def client_in_terminal(argv: list[str], home: str, env: dict[str, str] | None = None,
                       ) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """`spawn` for the body, then quit the client with Ctrl+Q; when the body fails or the bench
    is stopped (mtg_tui.cli.stopping), the client is terminated at once instead."""
    from mtg_tui.cli.stopping import end_process

    proc, fd = spawn(argv, home, env=env)
    try:
        yield proc, fd
    except BaseException:
        end_process(proc)
        raise
    finally:
        quit_app(proc, fd)


def frame(fd: int, start: float, timeout: float = 20.0) -> tuple[bytes, float]:
    """Output until the terminal goes quiet; returns it and the time its last byte arrived
    (seconds after `start`)."""
    import select

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


ANSI = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]"  # CSI: colours, cursor moves, modes
                  rb"|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\"  # OSC (titles), DCS and the like
                  rb"|[()*+].|[@-Z\\-_=>78])")  # charset designations, two-byte escapes


def plain(output: bytes) -> str:
    """Terminal output without its escape sequences (colours, cursor moves, titles)."""
    return ANSI.sub(b"", output).decode("utf-8", "replace")


def until(fd: int, text: str, start: float, timeout: float = 20.0) -> float:
    """Read frames until `text` has been drawn; the time the frame showing it ended."""
    buf = b""
    while text not in plain(buf):
        left = start + timeout - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"{text!r} never drawn")
        chunk, at = frame(fd, start, timeout=timeout)
        buf += chunk
    return at


def quit_app(proc: subprocess.Popen[bytes], fd: int) -> None:
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


def mtg_tui_command() -> list[str]:
    """How a player starts the client: the `mtg-tui` script beside this Python, else `-m`."""
    exe = shutil.which("mtg-tui", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "mtg_tui"]


# ------------------------------------------------------------------ the measurements
def bytecode_env(cached: bool) -> dict[str, str]:
    """The environment to start the client in.  `cached`: Python's bytecode cache is on and
    kept in a directory of its own (as after `pip install`, which compiles every module: a
    player's start; the first start fills it).  Otherwise as given here (a session that sets
    PYTHONDONTWRITEBYTECODE=1 compiles the project's modules from source at every start)."""
    env = dict(os.environ)
    if cached:
        import tempfile

        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "mtg-tui-bench-pycache")
    return env


def startup(runs: int = 5, cached: bool = True) -> list[float]:
    """Seconds from starting `mtg-tui play red-green white-blue` to its first frame, per run
    (after one start not counted, which fills the bytecode cache when `cached`)."""
    import tempfile

    out = []
    env = bytecode_env(cached)
    with tempfile.TemporaryDirectory(prefix="mtg-tui-bench-") as home:
        for i in range(runs + 1):
            t = time.perf_counter()
            argv = [*mtg_tui_command(), "play", "red-green", "white-blue", "--seed", "1"]
            with client_in_terminal(argv, home, env=env) as (_, fd):
                at = until(fd, "keyboard", t)  # "Pass the keyboard to ..." is on the first frame
                if i:
                    out.append(at)
    return out


# what the screen shows once each hotseat key has done its work (a key that did something else,
# or nothing, would be timed for the wrong frame)
HOTSEAT_SHOWS = {"Enter on the opening cover": "precombat", "Enter (cast), hotseat": "choose",
                 "a (target): bob's cover comes up": "Pass the keyboard to bob",
                 "Enter on bob's cover": "Lightning Bolt"}


def press(fd: int, key: bytes, shows: str | None = None) -> float:
    """Press `key`; the seconds to its frame.  With `shows`: that frame must show it."""
    t = time.perf_counter()
    os.write(fd, key)
    buf, at = frame(fd, t)
    if shows is not None and shows not in plain(buf):
        raise RuntimeError(f"after {key!r} the screen never showed {shows!r}")
    return at


def keys(hotseat: bool = False) -> list[tuple[str, float]]:
    """One app on the bench board: (key name, seconds to its frame) for each key of SEQUENCE,
    or in a hotseat game of HOTSEAT."""
    import tempfile

    from ..key_guard import HOLD

    with tempfile.TemporaryDirectory(prefix="mtg-tui-bench-") as home:
        code = f"from mtg_tui.cli.bench_client import run_board_app; run_board_app(open_hands={not hotseat})"
        with client_in_terminal([sys.executable, "-c", code], home) as (_, fd):
            until(fd, "keyboard" if hotseat else "precombat", time.perf_counter())
            out: list[tuple[str, float]] = []
            for name, key in HOTSEAT if hotseat else SEQUENCE:
                if hotseat:  # a cover, and the board it reveals, take keys after a hold (mtg_tui.key_guard)
                    time.sleep(HOLD + 0.2)
                elif not out:
                    time.sleep(0.3)  # let the app settle (a late resize or refresh is not a key's frame)
                out.append((name, press(fd, key, HOTSEAT_SHOWS.get(name) if hotseat else None)))
            return out


def replay_keys() -> list[tuple[str, float]]:
    """`mtg-tui replay` of the long game in one app: (key name, seconds to its frame) for each
    key of REPLAY_SEQUENCE."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="mtg-tui-bench-") as home:
        path, total = save_long_game(os.path.join(home, "long.json"))
        with client_in_terminal([*mtg_tui_command(), "replay", path], home) as (_, fd):
            until(fd, f"of {total}", time.perf_counter())  # " action N of N " under the board
            time.sleep(0.3)
            return [(name, press(fd, key)) for name, key in REPLAY_SEQUENCE]


# ------------------------------------------------------------------ statistics
def stats_ms(xs: list[float]) -> dict[str, float]:
    """Median and worst of times in seconds, in milliseconds."""
    return {"median_ms": round(statistics.median(xs) * 1000, 1), "worst_ms": round(max(xs) * 1000, 1), "n": len(xs)}


def summarize(first_frames: list[float], samples: list[tuple[str, float]],
              first_frames_as_is: list[float] | None = None) -> dict[str, Any]:
    """The figures from the raw measurements: first frames (s, bytecode cached, and optionally
    in the environment as is) and (key name, seconds) pairs."""
    per_key: dict[str, list[float]] = {}
    for name, t in samples:
        per_key.setdefault(name, []).append(t)
    per_group: dict[str, list[float]] = {}
    for name, xs in per_key.items():
        per_group.setdefault(GROUPS.get(name, name), []).extend(xs)
    every = [t for name, t in samples if GROUPS.get(name) != REPLAY_GROUP]
    replay = [t for name, t in samples if GROUPS.get(name) == REPLAY_GROUP]
    return {
        "first_frame_s": round(statistics.median(first_frames), 3) if first_frames else None,
        "first_frame_worst_s": round(max(first_frames), 3) if first_frames else None,
        **({"first_frame_as_is_s": round(statistics.median(first_frames_as_is), 3),
            "first_frame_as_is_worst_s": round(max(first_frames_as_is), 3)} if first_frames_as_is else {}),
        "key_median_ms": stats_ms(every)["median_ms"] if every else None,
        "key_worst_ms": stats_ms(every)["worst_ms"] if every else None,
        "replay_median_ms": stats_ms(replay)["median_ms"] if replay else None,
        "replay_worst_ms": stats_ms(replay)["worst_ms"] if replay else None,
        "per_key": {name: stats_ms(xs) for name, xs in per_key.items()},
        "per_group": {name: stats_ms(xs) for name, xs in per_group.items()},
    }


def measure_client(runs: int = 5) -> dict[str, Any]:
    """Start the client `runs` times to its first frame (bytecode cached, then with the
    environment as is), and press SEQUENCE on the bench board, HOTSEAT in a hotseat game on
    it and REPLAY_SEQUENCE in the replay viewer of the long game, in `runs` fresh apps each;
    the medians and worsts (see `summarize`: the game screen's keys in "key_*", the replay
    viewer's in "replay_*")."""
    first = startup(runs, cached=True)
    as_is = startup(runs, cached=False)
    return {"runs": runs, **summarize(first, key_samples(runs), as_is)}


def key_samples(runs: int) -> list[tuple[str, float]]:
    """(key name, seconds to its frame) for SEQUENCE, HOTSEAT and REPLAY_SEQUENCE, each pressed
    in `runs` fresh apps."""
    samples: list[tuple[str, float]] = []
    for _ in range(runs):
        samples += keys() + keys(hotseat=True) + replay_keys()
    return samples


def report_lines(result: dict[str, Any]) -> list[str]:
    """The figures as lines for a terminal."""
    def ms(s: dict[str, float]) -> str:
        return f"median {s['median_ms']:.0f} ms, worst {s['worst_ms']:.0f} ms (n={s['n']})"

    lines = [f"startup to first frame: median {result['first_frame_s'] * 1000:.0f} ms, "
             f"worst {result['first_frame_worst_s'] * 1000:.0f} ms (runs={result.get('runs', '?')})"]
    if "first_frame_as_is_s" in result:
        nocache = " (PYTHONDONTWRITEBYTECODE is set: no bytecode cache)" if os.environ.get(
            "PYTHONDONTWRITEBYTECODE") else ""
        median, worst = result["first_frame_as_is_s"] * 1000, result["first_frame_as_is_worst_s"] * 1000
        lines.append(f"startup to first frame, environment as is{nocache}: "
                     f"median {median:.0f} ms, worst {worst:.0f} ms")
    lines += [f"key to frame, {name}: {ms(s)}" for name, s in result["per_group"].items()]
    lines += [f"  {name}: {ms(s)}" for name, s in result["per_key"].items()]
    if result.get("key_median_ms") is not None:
        lines.append(f"key to frame, all keys of the game screen: median {result['key_median_ms']:.0f} ms, "
                     f"worst {result['key_worst_ms']:.0f} ms")
    if result.get("replay_median_ms") is not None:
        lines.append(f"{REPLAY_GROUP}: median {result['replay_median_ms']:.0f} ms, "
                     f"worst {result['replay_worst_ms']:.0f} ms")
    return lines


if __name__ == "__main__":  # pragma: no cover - python -m mtg_tui.cli.bench_client [RUNS]
    print("\n".join(report_lines(measure_client(int(sys.argv[1]) if len(sys.argv) > 1 else 5))))
