"""`mtg-tui serve` in a real headless browser: the system's Chromium, driven by Playwright, opens
the page, starts a goldfish game from the menu by keyboard and plays a land. The page's terminal
draws on a canvas, so the text is read from what the server sends it (serving.TerminalScreen).
Skips, saying why, where no Chromium or no Playwright is installed (.ci/run installs both)."""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mtg_tui.key_guard import HOLD
from mtg_tui.persistence.autosave import autosave_path

from serving import TerminalScreen, children, free_port, serve_process, stop

# Debian's chromium in a closed network: no background connections, no GPU, no sandbox (root in CI)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT = 20.0  # seconds for one screen to appear: the whole test takes about ten
KEY_GAP = 0.1  # seconds between keys: a fast typist's
READ = HOLD + 0.3  # seconds from a screen seen to the next key (mtg_tui.key_guard drops keys before HOLD)
RED_GREEN_BASICS = ("Mountain", "Forest")


def chromium_or_skip() -> str:
    """The system's Chromium, with Playwright to drive it; the test skips, saying what is missing."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("no playwright package: pip install '.[test]' to run the browser test")
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("no Chromium: apt-get install chromium (Debian's package) to run the browser test")
    return found


class BrowserTerminal:
    """The page and the screen its terminal shows, rebuilt from the websocket's frames."""

    def __init__(self, page: Any, shots: Path, server: subprocess.Popen[str]) -> None:
        self.page = page
        self.server = server
        self.screen = TerminalScreen()
        self.shots = shots
        page.on("websocket", self.listen)

    def listen(self, websocket: Any) -> None:
        websocket.on("framereceived", self.frame)

    def frame(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):  # the terminal's bytes; text frames are the page's own messages
            self.screen.feed(payload)

    def wait_for(self, what: str, seen: Callable[[list[str]], bool]) -> list[str]:
        """The screen's lines once `seen` holds of them (the frames arrive while Playwright waits)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            lines = self.screen.lines()
            if seen(lines):
                self.page.wait_for_timeout(READ * 1000)  # as a person would: a new screen holds keys a moment
                return lines
            self.page.wait_for_timeout(100)
        self.shot("timed-out")
        raise AssertionError(f"no {what} on the page's screen after {WAIT:.0f} s:\n{self.screen.text()}")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(KEY_GAP * 1000)

    def type(self, text: str) -> None:
        self.press(*text)

    def shot(self, name: str) -> Path:
        path = self.shots / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


@pytest.fixture
def browser_terminal(tmp_path: Path) -> Iterator[BrowserTerminal]:
    """`mtg-tui serve` on a free port and a headless Chromium with its page open."""
    chromium = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    port = free_port()
    server, _ = serve_process(port)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 860})
                terminal = BrowserTerminal(page, tmp_path, server)
                page.goto(f"http://127.0.0.1:{port}/")
                page.focus("textarea.xterm-helper-textarea")  # where xterm.js takes the keys
                yield terminal
            finally:
                browser.close()
    finally:
        stop(server)


def field(lines: list[str], label: str) -> str | None:
    """What the form's field after `label` holds (its row: `label ▊ value ▎`)."""
    found = re.search(rf"\b{label}\s+▊(.*?)▎", "\n".join(lines))
    return found.group(1).strip() if found else None


def autosaved_actions() -> list[str]:
    """The actions in the autosave of the test's user folders (none before it is written)."""
    path = autosave_path()
    if not path.exists():
        return []
    actions: list[str] = json.loads(path.read_text(encoding="utf-8"))["actions"]
    return actions


def battlefield_row(lines: list[str], player: str) -> str:
    """The first row of a player's battlefield panel (left of the side panels)."""
    header = next(i for i, line in enumerate(lines) if f"{player}'s battlefield" in line)
    return lines[header + 1].split("│")[1].strip()


def has_battlefield(player: str) -> Callable[[list[str]], bool]:
    return lambda lines: any(f"{player}'s battlefield" in line for line in lines) and \
        len(lines) > 2 and "precombat main phase" in "\n".join(lines)


@pytest.mark.browser
def test_a_goldfish_game_in_the_browser_plays_a_land(browser_terminal: BrowserTerminal) -> None:
    page = browser_terminal
    page.wait_for("main menu", lambda lines: any("Goldfish" in line for line in lines))
    page.press("g")
    page.wait_for("goldfish form", lambda lines: any("New goldfish game" in line for line in lines))
    page.press("End", *["Backspace"] * 40)  # the deck field: the first bundled deck, replaced
    page.type("red-green")
    page.press("Tab", "Tab", "Tab", "Tab")  # name, rules, mulligan, seed
    page.type("1")
    page.wait_for("the form filled in",  # every key arrived
                  lambda lines: field(lines, "deck") == "red-green" and field(lines, "seed") == "1")
    page.press("Enter")
    page.wait_for("mulligan decision", lambda lines: any("keep this hand" in line for line in lines))
    page.press("k")
    before = page.wait_for("main phase", has_battlefield("alice"))
    assert battlefield_row(before, "alice") == "no permanents"
    page.press("Enter")  # the card under the cursor: a land, as the hand opens
    after = page.wait_for("land on the battlefield",
                          lambda lines: has_battlefield("alice")(lines)
                          and battlefield_row(lines, "alice") != "no permanents")
    land = battlefield_row(after, "alice")
    assert land in RED_GREEN_BASICS, "\n".join(after)
    assert any(f"alice plays {land} (a special action)" in line for line in after)  # 115.2a, in the log
    shot = page.shot("goldfish-land-played")
    assert shot.stat().st_size > 10_000  # a page drawn, not a blank one
    # the page's client writes the same user files as the terminal's: the autosave has the play
    deadline = time.monotonic() + WAIT
    while f"alice: play {land}#" not in "\n".join(autosaved_actions()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert any(action.startswith(f"alice: play {land}#") for action in autosaved_actions())


@pytest.mark.browser
def test_ctrl_c_with_a_page_open_ends_its_client_and_the_server(browser_terminal: BrowserTerminal) -> None:
    browser_terminal.wait_for("main menu", lambda lines: any("Goldfish" in line for line in lines))
    shells = children(browser_terminal.server.pid)  # textual-serve starts each client through the shell
    clients = shells + [pid for shell in shells for pid in children(shell)]
    assert clients, "the page's client runs under the server"
    began = time.monotonic()
    out, err = stop(browser_terminal.server, signal.SIGINT)
    assert browser_terminal.server.returncode == 0 and out.endswith("Stopped.\n"), out + err
    assert time.monotonic() - began < 10  # not aiohttp's minute of waiting for the page to hang up
    assert not [pid for pid in clients if Path(f"/proc/{pid}").exists()]


def test_the_screen_is_rebuilt_from_frames_cut_anywhere() -> None:
    """What the test reads: Textual's cursor moves and styles, a sequence and a character split
    between two frames, erasing."""
    stream = ("\x1b[?1049h\x1b[2J\x1b[1;1H\x1b[1mmain\x1b[0m menu\x1b[3;5Hé\x1b[38;2;1;2;3mForest"
              "\x1b[2;1Hgone\x1b[2;1H\x1b[K")
    data = stream.encode()
    for cut in range(len(data) + 1):
        screen = TerminalScreen()
        screen.feed(data[:cut])
        screen.feed(data[cut:])
        assert screen.lines() == ["main menu", "", "    éForest"], cut
