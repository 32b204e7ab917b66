"""Starting the app from the command line: options become a checked GameConfig first, so a
bad deck or option is a one-line error and a non-zero exit, never a traceback."""

from __future__ import annotations

from typing import Optional

import click

from .config import GameConfig, Mode
from .decklists import DeckError


def run_app(config: Optional[GameConfig] = None) -> None:
    from .app import MtgApp  # Textual loads only when the app runs

    MtgApp(config).run()


def start(mode: Mode, decks: tuple[str, ...], names: Optional[str], ruleset: str, mulligan: Optional[str],
          seed: Optional[int], open_hands: bool = False) -> None:
    config = GameConfig(mode, decks, tuple((names or "").split(",")) if names else (), ruleset, mulligan,
                        seed, open_hands)
    try:
        config = config.checked()
    except (DeckError, ValueError) as e:
        raise click.ClickException(short(str(e))) from None
    run_app(config)


def short(message: str, problems: int = 3) -> str:
    """A deck error lists every bad line; a file that isn't a deck at all needs only a few."""
    parts = message.split("; ")
    if len(parts) <= problems:
        return message
    return "; ".join(parts[:problems]) + f"; and {len(parts) - problems} more problems"


def game_options(f):  # noqa: ANN001, ANN201 - a click decorator
    """The options `play` and `goldfish` share."""
    f = click.option("--seed", type=int, default=None, help="Seed of the game (default: random).")(f)
    f = click.option("--mulligan", type=click.Choice(["sequential", "paris", "london"]), default=None,
                     help="Mulligan rule (default: the ruleset's).")(f)
    f = click.option("--rules", "ruleset", type=click.Choice(["2014", "2009"]), default="2014",
                     show_default=True)(f)
    return f
