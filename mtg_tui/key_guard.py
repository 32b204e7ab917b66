"""Keys land where they were meant: a key pressed for one screen must not act on the next.

Two players share one keyboard in hotseat, and a fast player types ahead: a double tap of
Enter, or `k` and Enter for "keep, then go on", arrive a few milliseconds apart.  When the first
key hands the keyboard over, the second would dismiss the next player's cover and show their
hand to the wrong player; in a goldfish game, where the client plays on by itself to the
player's next turn, an `e` meant for the turn that just ended would end the new one too.

So the app holds keys for a moment whenever a screen appears that the player hasn't seen yet
(a cover, a new turn): every key stamped before `until` is dropped, and a key dropped pushes
`until` on by HOLD again, so a key held down (autorepeat) never gets through.  Keys are
stamped by Textual when they arrive, so keys typed ahead, still queued while the engine played
on, are dropped too, however long the engine took.

HOLD is half a second: a double tap or keys typed ahead come 50-250 ms apart, and so does
autorepeat once it starts (after its usual 250-600 ms delay, every 30-50 ms), while seeing a new
screen, reading it and deciding takes a person longer than half a second (a choice reaction
alone takes 350-600 ms); a key refused is said on screen, so pressing it again is all it costs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.message import Message

HOLD = 0.5  # seconds a new screen refuses keys for (see the module's docstring)


def now() -> float:
    """The time on the clock Textual stamps events with (monotonic; perf_counter on Windows):
    a message made now carries it."""
    return Message().time


@dataclass
class KeyHold:
    """The app's one hold on keys: keys stamped before `until` are dropped."""

    until: float = 0.0
    why: str = ""  # what the hold is for, said when a key is dropped ("bob's cover came up")

    def hold(self, why: str, *, since: float | None = None, hold: bool = True) -> None:
        """Refuse keys pressed before `since` (default now) and, with `hold`, for HOLD after it."""
        start = now() if since is None else since
        self.until = max(self.until, start + (HOLD if hold else 0.0))
        self.why = why

    def admits(self, stamp: float) -> bool:
        """Whether a key stamped `stamp` may act; a dropped key extends the hold."""
        if stamp >= self.until:
            return True
        self.until = max(self.until, stamp + HOLD)
        return False


def hold_of(app: object) -> KeyHold | None:
    """The app's key hold (every app of the client has one: MtgApp.key_hold)."""
    hold = getattr(app, "key_hold", None)
    return hold if isinstance(hold, KeyHold) else None


def hold_from_now(app: App[Any], why: str, *, since: float | None = None, hold: bool = True) -> None:
    """Refuse keys pressed before `since` (default now) and, with `hold`, for HOLD after it;
    the same again from when the next frame is drawn: on a busy machine the screen can appear
    well after it was made, and nobody reads it before."""
    keys = hold_of(app)
    if keys is not None:
        keys.hold(why, since=since, hold=hold)
        app.call_after_refresh(lambda: keys.hold(why, hold=hold))
