"""Starting the app from the command line: options become a checked GameConfig first, so a
bad deck or option is a one-line error and a non-zero exit, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rules.engine.core.ruleset import MULLIGANS, RULESETS
from rules.play.construction import IllegalDeck
from rules.play.decklist import DeckError
from rules.play.partial import PartialDeck

from ..config import GameConfig, Mode

if TYPE_CHECKING:  # pragma: no cover
    from ..session import Session

# a command's function as click's decorators take and give it back
Command = TypeVar("Command", bound=Callable[..., Any])

ALLOW_HINT = "--allow-illegal plays it anyway"
PARTIAL_HINT = "--allow-partial plays it anyway, those sentences done by hand (manual actions)"


def run_app(config: GameConfig | None = None, session: Session | None = None, gauntlet: bool = False) -> None:
    """Run the client (on the gauntlet's screen with `gauntlet`); exit with its status (1 after
    an unexpected error, whose short report Textual prints as the app closes)."""
    from ..app import MtgApp  # Textual loads only when the app runs

    app = MtgApp(config, session, gauntlet)
    app.run()
    if app.return_code:
        sys.exit(app.return_code)


def start(mode: Mode, decks: tuple[str, ...], names: str | None, ruleset: str, mulligan: str | None,
          seed: int | None, open_hands: bool = False, allow_illegal: bool = False, allow_partial: bool = False,
          ai: str = "random", ai_first: bool = False) -> None:
    # split as given: an empty name or one too many is refused by checked(), not dropped
    config = GameConfig(mode, decks, tuple(names.split(",")) if names is not None else (), ruleset, mulligan,
                        seed, open_hands, allow_illegal, allow_partial, ai=ai, ai_first=ai_first)
    try:
        config = config.checked()
    except DeckError as e:
        raise deck_error(e) from None
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    for notice in config.notices:  # the client says it again as the game starts
        click.echo(f"note: {notice}", err=True)
    run_app(config)


def deck_error(e: DeckError) -> click.ClickException:
    """The one-line error for a deck refused; an illegal deck's says how to play it anyway."""
    if isinstance(e, IllegalDeck):
        return click.ClickException(f"{e}; {ALLOW_HINT}")
    if isinstance(e, PartialDeck):
        return click.ClickException(f"{e}; {PARTIAL_HINT}")
    return click.ClickException(str(e))


def at_least(minimum: int) -> Callable[[click.Context, click.Parameter, int | None], int | None]:
    """An option callback refusing a number below `minimum` (`--games 0`, a negative turn cap)
    in one line and a non-zero exit, the same for every command."""
    def check(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
        if value is not None and value < minimum:
            name = max(param.opts, key=len)
            raise click.ClickException(f"{name} must be at least {minimum}, not {value}")
        return value
    return check


def allow_illegal_option(f: Command) -> Command:
    """`--allow-illegal`, for `play`, `goldfish` and `simulate`."""
    return click.option("--allow-illegal", is_flag=True,
                        help="Accept decks the construction rules forbid (under 60 cards, over 4 copies): "
                             "practice decks.")(f)


def game_options(f: Command) -> Command:
    """The options `play` and `goldfish` share."""
    f = allow_illegal_option(f)
    f = click.option("--allow-partial", is_flag=True,
                     help="Accept decks with partial cards: the log names each sentence the engine doesn't carry "
                          "out, and the players do it by hand (manual actions).")(f)
    f = click.option("--seed", type=int, default=None, help="Seed of the game (default: random).")(f)
    f = click.option("--mulligan", type=click.Choice(MULLIGANS), default=None,
                     help="Mulligan rule (default: the ruleset's).")(f)
    f = click.option("--rules", "ruleset", type=click.Choice(list(RULESETS)), default="2014",
                     show_default=True)(f)
    return f
