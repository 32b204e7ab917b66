"""Real saved games for the load list and replay viewer tests: the first turns of a game the
simulator's random agents play (deterministic by its seed), saved through the client."""

from __future__ import annotations

from pathlib import Path

from mtg_tui.persistence.decklists import load_deck
from mtg_tui.persistence.saves import save
from mtg_tui.session import Session
from rules import Game
from rules.play.simulate import new_game, play_out

_PLAYED: dict[int, dict] = {}


def played_record(seed: int = 3) -> dict:
    """The record of a whole random game of mono-black against white-blue."""
    if seed not in _PLAYED:
        decks = {"ann": load_deck("mono-black").cards, "ben": load_deck("white-blue").cards}
        game = new_game(decks, seed, "2014", None, 30)
        play_out(game, seed, check=False)
        _PLAYED[seed] = game.to_record()
    return _PLAYED[seed]


def game_until_turn(turn: int, seed: int = 3) -> Game:
    """The game as it was when turn `turn` began (every action before its first one)."""
    record = played_record(seed)
    game = Game.from_record({**record, "actions": []})
    for text in record["actions"]:
        before = game.turn
        game.act(text)
        if game.turn >= turn > before:
            break
    return game


def saved_game(path: Path, turn: int = 4, seed: int = 3) -> tuple[Path, Game]:
    """A save (with its digests) of the game up to turn `turn`, and that game."""
    game = game_until_turn(turn, seed)
    return save(Session(game), path), game
