"""The command palette's commands (Ctrl+P): new games, load, save, practice puzzles by name,
the rules reference (rule numbers and words), the deck lab, the theme, a screenshot.

A command is offered only where it works: save, concede and the deck lab in a game (concede
while the game goes on, the lab in a goldfish game), the others everywhere.  Each command asks
the app to do it (`MtgApp`'s methods), so the palette holds no flow of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    run: Callable[[], Any]


def commands(app: Any, screen: Any, practice: bool = True) -> list[Command]:
    """The commands that make sense on `screen` (the screen the palette was opened on)."""
    from .screens.game import GameScreen

    game = screen if isinstance(screen, GameScreen) else None
    out = [
        Command("New hotseat game", "two players at one keyboard: decks, names, rules",
                partial(app.new_game, "hotseat")),
        Command("Play against the computer", "you against the computer: decks, its level, rules",
                partial(app.new_game, "computer")),
        Command("New goldfish game", "play a deck alone against no opponent", partial(app.new_game, "goldfish")),
        Command("Load a saved game", "open a game saved with Ctrl+S", app.load_game),
        Command("Rules reference", "search the Comprehensive Rules by number or words", partial(app.open_rules, "")),
        Command("Settings: theme", "pick the colour theme (remembered for the next run)", app.action_change_theme),
        Command("Save screenshot", "an SVG of the screen, in the user's data folder", app.save_svg),
        Command("Keys and help", "every key, and what the screen shows (?)", app.action_show_help),
        Command("Quit", "quit mtg-tui (asks first; in a game: save and quit, menu, or quit)", app.action_confirm_quit),
    ]
    if game is not None:
        out.append(Command("Save the game", "save this game to a file (Ctrl+S)", game.save))
        if game.check_action("concede", ()):
            out.append(Command("Concede", f"{game.conceder()} concedes: loses, and the game ends (asks first; Ctrl+D)",
                               game.concede))
        if game.session.goldfish:
            out.append(Command("Deck lab", "1,000 autopilot goldfish games of this deck: the kill-turn chart",
                               game.open_lab))
    if practice:
        out += [Command(f"Practice: {title}", f"rules puzzle {i}", partial(app.start_practice, path))
                for i, (title, path) in enumerate(puzzle_titles(), 1)]
    return out


@cache
def puzzle_titles() -> tuple[tuple[str, Any], ...]:
    """(title, file) of each bundled puzzle that loads (read once per run)."""
    from rules.play.puzzle import PuzzleError, load_puzzle

    from .practice import bundled_paths

    out = []
    for path in bundled_paths():
        try:
            out.append((load_puzzle(path).title, path))
        except PuzzleError:
            continue
    return tuple(out)


def era_of(screen: Any) -> str:
    game = getattr(screen, "session", None)
    return game.game.rules.name if game is not None else "2014"


class MtgCommands(Provider):
    """mtg-tui's commands, and rules from the reference for what is typed."""

    async def discover(self) -> Hits:
        for c in commands(self.app, self.screen, practice=False):
            yield DiscoveryHit(c.name, c.run, help=c.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for c in commands(self.app, self.screen):
            score = matcher.match(c.name)
            if score > 0:
                yield Hit(score, matcher.highlight(c.name), c.run, help=c.help)
        async for hit in self.rules(query):
            yield hit

    async def rules(self, query: str) -> AsyncIterator[Hit]:
        """The rules the reference finds for `query` ("601.2", "mana burn"), below the commands."""
        from .persistence.userfiles import app_reference

        q = query.strip()
        if len(q) < 3:
            return
        era = era_of(self.screen)
        ref, _ = app_reference(era)
        answer = ref.query(q, None)
        app: Any = self.app
        for rank, e in enumerate(answer.entries[:6]):
            if e.kind == "glossary":
                label, where = f"Rules glossary: {e.term}", q
            else:
                label, where = f"Rule {e.number}", e.number
            text = e.text.replace("\n", " ")
            yield Hit(0.5 - rank * 0.01, f"{label} — {clip(text, 60)}", partial(app.open_rules, where, era),
                      text=label, help=clip(text, 120))


# Textual's own palette commands that mtg-tui's replace (MtgApp.get_system_commands leaves them out)
REPLACED_SYSTEM_COMMANDS = frozenset({"Theme", "Screenshot", "Keys", "Quit"})


def clip(text: str, width: int) -> str:
    """`text` cut to at most `width` characters at a word, with an ellipsis when cut."""
    if len(text) <= width:
        return text
    cut = text[:width - 1].rstrip()
    space = cut.rfind(" ")
    if space > width // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "…"
