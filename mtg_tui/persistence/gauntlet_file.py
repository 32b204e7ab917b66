"""The gauntlet kept between runs: `gauntlet.json` in the user's data directory, written
atomically after every change (a gauntlet begun, a game started, a game ended).

It holds the one gauntlet in progress (one at a time, whatever the deck and set: starting
another asks to finish or abandon it first) and the finished ones, newest last.  A damaged or
foreign file is reported and never written over: every change is refused, saying so, until
`--abandon` moves it aside (`gauntlet-damaged.json`) or the player removes it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..gauntlet import GameResult, Gauntlet, GauntletError, game_result
from .userfiles import data_dir, move_aside, read_json, write_atomically

FORMAT = "mtg-tui gauntlet 1"
FILE = "gauntlet.json"
DAMAGED = "gauntlet-damaged"  # + ".json", or "-2.json", ...: never one written over


def gauntlet_path() -> Path:
    return data_dir() / FILE


@dataclass(frozen=True)
class Store:
    """What the file holds: the gauntlet in progress (None: none) and the finished ones."""

    current: Gauntlet | None = None
    finished: tuple[Gauntlet, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "current": self.current.as_json() if self.current else None,
                "finished": [g.as_json() for g in self.finished]}


def read() -> Store:
    """The stored gauntlets (none when there is no file); GauntletError when the file can't be
    read or isn't mtg-tui's gauntlet file, naming it."""
    path = gauntlet_path()
    try:
        doc = read_json(path)
    except FileNotFoundError:
        return Store()
    except (OSError, ValueError) as e:  # JsonError and UnicodeDecodeError are ValueErrors
        raise damaged(f"can't be read ({e})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise damaged(f"is not mtg-tui's gauntlet file ({FORMAT!r} expected)")
    try:
        current = Gauntlet.from_json(doc["current"]) if doc.get("current") is not None else None
        finished = tuple(Gauntlet.from_json(g) for g in doc.get("finished", []))
    except (GauntletError, TypeError) as e:
        raise damaged(str(e)) from None
    return Store(current, finished)


def damaged(why: str) -> GauntletError:
    return GauntletError(f"the gauntlet file {gauntlet_path()} {why}; it is left as it is "
                         f"(`mtg-tui gauntlet --abandon` moves it aside)")


def write(store: Store) -> None:
    """Save `store`; GauntletError when the file can't be written."""
    path = gauntlet_path()
    try:
        write_atomically(path, json.dumps(store.as_json(), indent=1) + "\n")
    except OSError as e:
        raise GauntletError(f"can't save the gauntlet to {path}: {e.strerror or e}") from None


def begin(wanted: Gauntlet) -> tuple[Gauntlet, bool]:
    """Start `wanted`, or continue the gauntlet in progress when it is the same deck and set
    (then its own settings stand): (the gauntlet, whether it was continued).  Another gauntlet
    in progress is a GauntletError saying how to go on with it or end it."""
    store = read()
    current = store.current
    if current is not None and current.same_run(wanted.deck, wanted.set_code):
        return current, True
    if current is not None:
        raise GauntletError(f"a gauntlet is in progress: {current.title()}; continue it with "
                            f"`mtg-tui gauntlet {current.deck} --set {current.set_code}` or end it with "
                            f"`mtg-tui gauntlet --abandon`")
    write(Store(wanted, store.finished))
    return wanted, False


def save_current(gauntlet: Gauntlet) -> None:
    """The gauntlet in progress changed (a game started): keep it; finished, it joins the others."""
    store = read()
    if gauntlet.finished:
        write(Store(None, (*store.finished, gauntlet)))
    else:
        write(Store(gauntlet, store.finished))


def record_game(seed: int, players: tuple[str, ...], winner: str | None, turns: int,
                log_texts: list[str]) -> Gauntlet | None:
    """A game ended: when it is the pending game of the gauntlet in progress, its result is
    recorded and the gauntlet returned; a game the gauntlet (or the one finished last) has
    recorded already returns it unchanged; any other game, None."""
    store = read()
    current = store.current
    if current is not None and current.is_its_game(seed, players):
        result: GameResult = game_result(winner, turns, log_texts)
        updated = current.recorded(result)
        save_current(updated)
        return updated
    latest = current or (store.finished[-1] if store.finished else None)
    return latest if latest is not None and latest.has_recorded(seed, players) else None


def abandon() -> tuple[Gauntlet | None, str]:
    """End the gauntlet in progress (it is dropped, its results with it): (it, what to say).
    A damaged file is moved aside instead, the player told where."""
    try:
        store = read()
    except GauntletError:
        return None, set_aside()
    if store.current is None:
        return None, "no gauntlet in progress"
    write(Store(None, store.finished))
    return store.current, f"abandoned: {store.current.title()}"


def set_aside() -> str:
    """Move the damaged gauntlet file to the first free `gauntlet-damaged[-N].json` beside it."""
    path = gauntlet_path()
    try:
        aside = move_aside(path, DAMAGED)
    except OSError as e:
        return f"the damaged gauntlet file {path} could not be moved aside: {e.strerror or e}"
    return f"the damaged gauntlet file was moved to {aside}"


def pending_autosave(gauntlet: Gauntlet) -> Path | None:
    """Where the gauntlet's pending game is still going (the app was closed mid-game): the
    autosave, or the unfinished game kept beside it (`autosave-previous.json`, when another game
    was started since).  None otherwise: the pending game counts as not played and starts again
    from its seed."""
    from .autosave import PREVIOUS, autosave_path

    if gauntlet.pending is None:
        return None
    auto = autosave_path()
    return next((p for p in (auto, auto.with_name(PREVIOUS)) if holds_game_of(p, gauntlet)), None)


def holds_game_of(path: Path, gauntlet: Gauntlet) -> bool:
    """Whether the save at `path` is the gauntlet's pending game, not yet over (read from its
    header: its seed and seats; the game itself is verified when it is opened)."""
    from .saves import SaveError, part_of, read_record

    try:
        record = read_record(path)
    except SaveError:
        return False
    client = part_of(record, "client")
    seed, players = part_of(record, "setup").get("seed"), client.get("players")
    if client.get("over") or not isinstance(seed, int) or not isinstance(players, list):
        return False
    return gauntlet.is_its_game(seed, tuple(map(str, players)))
