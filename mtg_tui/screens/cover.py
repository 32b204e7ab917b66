"""Hotseat privacy: before a player's hand is shown, the other player hands over the keyboard.
The cover says what happened since the player taking the keyboard last had it (`news_since`).

Enter or Space reveals the board, and only that: they are the cover's bindings, so the key
press ends here and never reaches the game screen below (which would cast the selected card).
A cover holds keys as it comes up (mtg_tui.key_guard): a key typed for the previous player's
screen, or a double tap, never dismisses it.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from rules import Game
from rules.engine.core.state import LogEvent

from ..grouping import (
    STEP_NAMES,
    on_the_stack as on_the_stack,  # how a cover names the stack's top, where it was
    scrub,
)
from ..key_guard import hold_from_now
from ..render import styled

NAME = "cover"  # the app's one cover screen is installed under this name (see `CoverScreen.shared`)
MOST_NEWS = 4  # lines of news on a cover: when there is more, the most important are kept
PREGAME = ("mulligan", "bottom")  # decisions before the first turn

# what a line of the log is about, most important first (matched on the log's wording)
_WEIGHTS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(r"\bwins\b|\bloses the game\b|\bconcedes\b"), 9),
    (re.compile(r"\b(casts|activates)\b.*\btargeting\b"), 8),
    (re.compile(r"\bis destroyed\b|\bdies\b|\bhas lethal damage\b|\bhas toughness\b|\bsacrific|\bexiled\b"), 7),
    (re.compile(r"\battacks?\b|\bdeclares .* attack|\bblocks\b"), 7),
    (re.compile(r"\bloses \d+ life|\bgains \d+ life|\bmulligan\b|\bkeeps \d+ cards?\b"), 7),
    (re.compile(r"\bcasts\b|\bactivates\b|\bcounter"), 6),
    (re.compile(r"\bdeals? \d+ .*damage|\bgraveyard\b"), 4),
    (re.compile(r"\bresolves\b|\benters the battlefield\b|\bplays\b"), 3),
)
# routine lines that aren't news for a cover (the turn is in its first line)
_ROUTINE = re.compile(r"^turn \d+:|untaps \d+ permanent|damage is removed|^combat (damage is dealt|ends)|"
                      r"draws \d+ card|declares no (attackers|blockers)|has no creature able to|skips the draw step|"
                      r"taps .* for \{|\bpays \{|receives priority|shuffles their library$|"
                      r"is put into its owner's graveyard$")
_DAMAGE_TO = re.compile(r"\bdeals? \d+ (combat )?damage to (?P<to>.+)$")


def _weight(line: str, players: tuple[str, ...]) -> int:
    hit = _DAMAGE_TO.search(line)
    if hit and hit["to"] in players:  # damage to a player
        return 7
    return next((w for pattern, w in _WEIGHTS if pattern.search(line)), 1)


def _filler(e: LogEvent, player: str, active: dict[int, str]) -> bool:
    """Routine bookkeeping, or damage dealt on `player`'s own turn to anyone but them (their
    own attack: they know it)."""
    if _ROUTINE.search(e.text):
        return True
    hit = _DAMAGE_TO.search(e.text)
    return hit is not None and active.get(e.turn) == player and hit["to"] != player


def news_since(game: Game, player: str, since: int) -> list[str]:
    """What happened in the game since log line `since` (the player's last decision) that
    `player` may see, oldest first, routine bookkeeping left out; at most MOST_NEWS lines,
    when there is more the most important kinds are kept (spells cast at targets, creatures
    dying, damage to players and life changes, attacks and blocks, mulligans) and the
    internal names (`#N`) scrubbed."""
    players = tuple(p.name for p in game.players)
    active = {e.turn: m[1] for e in game.log if (m := re.match(r"turn \d+: (.+)'s turn$", e.text))}
    if game.first_turn_player:
        active.setdefault(1, game.first_turn_player)
    entries: list[LogEvent] = [e for e in game.log[since:] if not e.minor and e.to in (None, player)
                               and not _filler(e, player, active)]
    ranked = sorted(range(len(entries)), key=lambda i: (-_weight(entries[i].text, players), i))
    kept = sorted(ranked[:MOST_NEWS])  # the most important, told in the order they happened
    return [scrub(entries[i].text) for i in kept]


def cover_text(game: Game, player: str, since: int | None, ask: str) -> str:
    """A cover's message: the turn and step, the news since log line `since` (None: the player
    hasn't had the keyboard yet: this turn's news, or all of it before the game), and what `player` is asked now
    ("Turn 8, bob's turn (main 1): alice casts Serra Angel.  Your priority.").  Before the
    first turn (mulligans) there is no turn to name."""
    d = game.decision
    if d is not None and d.kind in PREGAME:
        head = "Before the game"
        since = since or 0
    else:
        head = f"Turn {game.turn}, {game.active}'s turn ({STEP_NAMES.get(game.step, game.step)})"
    if since is None:  # the player hasn't had the keyboard yet (a loaded game): this turn's news
        since = next((i for i, e in enumerate(game.log) if e.turn == game.turn), len(game.log))
    news = news_since(game, player, since)
    lines = [head + (": " + news[0] + "." if news else ".")] + [f"  {n}." for n in news[1:]]
    return "\n".join([*lines, ask])


class CoverScreen(Screen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "reveal", "show the board"),
        Binding("q", "leave", "leave", tooltip="leave the game: save and quit, back to the menu, or quit"),
    ]

    class LeaveGame(Message):
        """`q` on the cover answered (the game screen's choices): "save", "menu" or "quit"."""

        def __init__(self, choice: str) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, player: str, why: str) -> None:
        super().__init__()
        self.player = player
        self.why = why
        self.dropped = False  # a key was pressed too soon (said on the cover)

    @classmethod
    def shared(cls, app: App[Any], player: str, why: str) -> CoverScreen:
        """The app's cover screen, made once and installed, now for `player`: Textual keeps an
        installed screen when it is dismissed instead of removing it, and removing a screen
        lays the screen below out again and paints it twice more (Enter on a cover took
        40-60 ms, most of it those repaints)."""
        if app.is_screen_installed(NAME):
            screen = app.get_screen(NAME)
            assert isinstance(screen, cls)
            return screen.show_for(player, why)
        screen = cls(player, why)
        app.install_screen(screen, NAME)
        return screen

    def show_for(self, player: str, why: str) -> CoverScreen:
        self.player, self.why, self.dropped = player, why, False
        if self.is_mounted:
            self.query_one("#cover-text", Static).update(self.text())
        return self

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Repaint, unless asked to repaint only `regions`: Textual asks that of the top screen
        when the screen below it changed (textual 8, Screen._compositor_refresh), and this
        screen is opaque, so what changed below (the board drawn behind the cover for the
        player taking the keyboard) can't show: repainting would only send the same frame
        again, some 30 ms later."""
        if regions and not layout and not recompose:
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def text(self) -> Text:
        t = styled(f"Pass the keyboard to {self.player}\n\n", "bold")
        t += styled(f"{scrub(self.why)}\n\n", "")  # the log's and the prompt's `Runeclaw Bear#2` read `Runeclaw Bear`
        t += styled(f"{self.player}: press Enter to see your hand", "bold $text-warning")
        if self.dropped:
            t += styled("\n(a key pressed as this screen came up was ignored: press Enter again)", "$text-muted")
        t += styled("\n\n(q: save and quit, back to the menu, or quit)", "dim")
        return t

    def redraw(self) -> None:
        """After a change of theme (the app calls this): the same text in the new colours."""
        self.query_one("#cover-text", Static).update(self.text())

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.text(), id="cover-text")

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """The cover is up: keys pressed before it, and for a moment after, are not the next
        player's (key_guard)."""
        hold_from_now(self.app, f"{self.player}'s cover came up", since=event.time)

    def key_held(self, key: str, why: str) -> None:
        """A key was dropped (the app's key hold): say so, once, under the prompt."""
        if not self.dropped:
            self.dropped = True
            self.redraw()

    def action_leave(self) -> None:
        """`q`: the game's leave dialog, over the cover (the board stays hidden)."""
        from .modals import LeaveDialog

        def chosen(what: str | None) -> None:
            if what:
                self.post_message(self.LeaveGame(what))
        self.app.push_screen(LeaveDialog(), chosen)

    def action_reveal(self) -> None:
        """Show the board: the key press is the binding's, and goes no further."""
        if self.is_current:
            self.dismiss(True)
