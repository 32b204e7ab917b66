"""The state digests a game has been seen at, for its saves to carry (mtg_tui/persistence/saves.py).

A save stores the state digest at most once every DIGEST_EVERY actions.  The client computes
them while the game is played (Session notes one each time the record reaches a multiple of
DIGEST_EVERY: a digest costs a few milliseconds), so saving never replays the game.  Each
point is kept with a digest of the action texts before it (`chain`), so a point that undo left
behind is recognised and dropped."""

from __future__ import annotations

import hashlib
import weakref

from rules import Game

DIGEST_EVERY = 10

# game -> {k: (chain[k], state digest after the first k actions)}
_SEEN: weakref.WeakKeyDictionary[Game, dict[int, tuple[str, str]]] = weakref.WeakKeyDictionary()


def chain(texts: list[str]) -> list[str]:
    """chain[k]: a digest of the first k action texts."""
    out = [hashlib.sha256(b"").hexdigest()]
    for t in texts:
        out.append(hashlib.sha256((out[-1] + "\n" + t).encode("utf-8")).hexdigest())
    return out


def note(game: Game, k: int, digest: str, chained: list[str]) -> None:
    _SEEN.setdefault(game, {})[k] = (chained[k], digest)


def seen(game: Game) -> dict[int, tuple[str, str]]:
    return _SEEN.setdefault(game, {})


def track(game: Game) -> None:
    """After actions: note the state's digest when the record is at a multiple of DIGEST_EVERY
    (or at its start) and that point isn't noted yet."""
    texts = list(game.state.record_texts)
    k = len(texts)
    if k % DIGEST_EVERY:
        return
    chained = chain(texts)
    known = seen(game).get(k)
    if known is None or known[0] != chained[k]:
        note(game, k, game.digest(), chained)
