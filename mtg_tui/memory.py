"""Keep Python's cycle collector out of the first frame and out of key presses.

Starting the client creates some 60,000 long-lived objects (the card pool's compiled cards,
some 450 dataclasses, Textual's styles and widgets).  Left on, the cycle collector walks
them again and again while they are made: 45 ms of the first frame.  So `mtg-tui` starts
with it paused (`pause_collector`, in `entry.main`); a command that isn't the client resumes
it at once, and the client, once its first frame is drawn, collects once and freezes what
is left (`gc.freeze`: kept out of every later collection) before resuming it.  A full
collection at a random key press then walks only what play added (a whole game adds a few
thousand objects): a few milliseconds instead of 40 (`mtg-tui bench`).  Objects freed by
reference counting are freed as always.
"""

from __future__ import annotations

import gc

_settled = False


def pause_collector() -> None:
    """No cycle collections until `resume_collector` or `settle_after_startup`."""
    gc.disable()


def resume_collector() -> None:
    """Cycle collections as usual (a command that runs long and isn't the client)."""
    gc.enable()


def settle_after_startup() -> None:
    """The client's first frame is drawn: collect the startup garbage, freeze what is left,
    resume the collector.  Once per process: a later game adds little, and freezing again
    would keep a finished game's cycles forever."""
    global _settled
    if not _settled:
        _settled = True
        gc.collect()
        gc.freeze()
    gc.enable()
