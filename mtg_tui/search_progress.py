"""A computer player's search, followed from the screen: its progress callback runs in the
worker thread after every playout (hundreds a second), and each update the screen gets is a
round trip to the UI thread, so the relay passes on a few a second, and only those of the
thread it was made in (a search dropped by undo may still be running, on the same player)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

INTERVAL = 0.1  # seconds between two updates passed on: at most ten a second


class ProgressRelay:
    """A search's `progress(done, budget)` callback that calls `post(done, budget)` at most
    once per `interval`; the first one interval after it was made, so that a search quicker
    than that shows nothing (no flicker)."""

    def __init__(self, post: Callable[[int, int], object], interval: float = INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.post = post
        self.interval = interval
        self.clock = clock
        self.thread = threading.get_ident()
        self.last = clock()

    def __call__(self, done: int, budget: int) -> None:
        if threading.get_ident() != self.thread:
            return
        now = self.clock()
        if now - self.last < self.interval:
            return
        self.last = now
        self.post(done, budget)
