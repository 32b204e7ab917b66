"""Small dialogs, each offering only the legal options of one decision.

Every dialog hands its answer to a `submit` callback that returns the engine's refusal (or
None when accepted): a refused answer keeps the dialog open with the reason shown inline.
Escape closes a dialog and changes nothing.

Keys are bindings (shown by each dialog's Footer); the options' letters, which change with
every dialog, are read by a small `on_key` (`letter`), and the hint line says only that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from ..grouping import scrub
from ..picking import LETTERS
from ..render import scrub_text, styled
from ..textual_compat import InOrderInput

Submit = Callable[[Any], str | None]


class Dialog(ModalScreen[bool]):
    """Title, body, an error line and a key hint, in a box in the middle of the screen."""

    KEYS = ""  # what the Footer can't say (the letters)
    escape_note = ""  # what Escape does besides closing (set by the game screen: cancel a cast)
    BINDINGS = [Binding("escape", "close", "close", tooltip="close the dialog without choosing")]

    def __init__(self, title: str, submit: Submit) -> None:
        super().__init__()
        self.title_text = scrub(title)  # the engine's prompts may name `Runeclaw Bear#2`
        self.submit = submit
        self.error = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(styled(self.title_text, "bold"), id="dialog-title")
            yield Static(self.body(), id="dialog-body")
            yield Static("", id="dialog-error")
            keys = "   ".join(k for k in (self.KEYS, self.escape_note) if k)
            yield Static(styled(keys, "dim"), id="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def body(self) -> Text:
        return Text("")

    def redraw(self) -> None:
        self.query_one("#dialog-body", Static).update(self.body())
        self.query_one("#dialog-error", Static).update(styled(self.error, "bold $text-error"))

    def send(self, result: Any) -> None:
        refusal = self.submit(result)
        if refusal:
            self.error = refusal
            self.redraw()
        else:
            self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)

    def on_key(self, event: events.Key) -> None:
        """The options' letters (they change with every dialog, so they are not bindings)."""
        if event.character and len(event.character) == 1 and self.letter(event.character):
            event.stop()
            event.prevent_default()

    def letter(self, ch: str) -> bool:
        """Handle the letter `ch`; True when it was one of the dialog's."""
        return False


class ChoiceDialog(Dialog):
    """One of a few options: its letter (or the arrows and Enter) picks it."""

    KEYS = "a letter chooses its option"
    BINDINGS = [Binding("up,k", "cursor(-1)", "up", show=False), Binding("down,j", "cursor(1)", "down", show=False),
                Binding("enter", "choose", "choose", tooltip="choose the selected option")]

    def __init__(self, title: str, options: Sequence[tuple[str, str, Any]], submit: Submit,
                 intro: Text | None = None) -> None:
        """`options`: (key, label, value) triples."""
        super().__init__(title, submit)
        self.options = [(key, scrub(label), value) for key, label, value in options]
        self.intro = intro
        self.cursor = 0

    def body(self) -> Text:
        t = Text()
        if self.intro is not None:
            t += self.intro + Text("\n\n")
        for i, (key, label, _) in enumerate(self.options):
            line = styled(f" {key} ", "bold $mtg-label") + Text(" " + label)
            if i == self.cursor:
                line.stylize("reverse", 4)
            t += line + Text("\n")
        return t

    def letter(self, ch: str) -> bool:
        for key, _, value in self.options:  # an option's own letter wins over j/k movement
            if ch == key:
                self.send(value)
                return True
        return False

    def action_cursor(self, delta: int) -> None:
        self.cursor = (self.cursor + delta) % len(self.options)
        self.redraw()

    def action_choose(self) -> None:
        self.send(self.options[self.cursor][2])


class PickCardsDialog(Dialog):
    """Exactly `count` of some cards (discard, put on the bottom, mana sources)."""

    def __init__(self, title: str, cards: Sequence[tuple[Any, Text]], count: int | None, submit: Submit,
                 detail: Callable[[Any], Text] | None = None) -> None:
        super().__init__(title, submit)
        self.cards = [(value, scrub_text(label)) for value, label in cards][:len(LETTERS)]
        self.count = count
        self.picked: list[Any] = []
        self.cursor = 0
        self.detail = detail
        need = f"choose {count}" if count is not None else "choose any"
        self.KEYS = f"a letter (or Space) toggles a card; {need}"

    BINDINGS = [Binding("up,k", "cursor(-1)", "up", show=False), Binding("down,j", "cursor(1)", "down", show=False),
                Binding("space", "toggle_card", "toggle", tooltip="toggle the selected card"),
                Binding("enter", "confirm", "confirm", tooltip="confirm the cards chosen")]

    def body(self) -> Text:
        t = Text()
        for i, (value, label) in enumerate(self.cards):
            mark = styled(" ✓ ", "bold $text-error") if value in self.picked else Text("   ")
            line = styled(f" {LETTERS[i]} ", "bold $mtg-label") + mark + label
            if i == self.cursor:
                line.stylize("reverse", 4)
            t += line + Text("\n")
        t += Text(f"\n{len(self.picked)} chosen" + (f" of {self.count}" if self.count is not None else ""),
                  style="dim")
        if self.detail is not None and self.cards:
            t += Text("\n\n") + self.detail(self.cards[self.cursor][0])
        return t

    def toggle(self, value: Any) -> None:
        if value in self.picked:
            self.picked.remove(value)
        else:
            self.picked.append(value)
        self.redraw()

    def action_cursor(self, delta: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)
            self.redraw()

    def action_toggle_card(self) -> None:
        if self.cards:
            self.toggle(self.cards[self.cursor][0])

    def action_confirm(self) -> None:
        if self.count is not None and len(self.picked) != self.count:
            self.error = f"choose exactly {self.count} (now {len(self.picked)})"
            self.redraw()
            return
        self.send(tuple(self.picked))

    def letter(self, ch: str) -> bool:
        if ch not in LETTERS[:len(self.cards)]:
            return False
        i = LETTERS.index(ch)
        self.cursor = i
        self.toggle(self.cards[i][0])
        return True


class OrderDialog(Dialog):
    """An order for a few things: press their letters first to last."""

    KEYS = "press the letters first to last (the rest keep their order)"
    BINDINGS = [Binding("backspace", "undo_one", "undo one", tooltip="take back the last letter"),
                Binding("enter", "confirm", "confirm", tooltip="confirm the order")]

    def __init__(self, title: str, items: Sequence[tuple[str, Any]], submit: Submit, first_word: str) -> None:
        super().__init__(title, submit)
        self.items = [(scrub(label), value) for label, value in items][:len(LETTERS)]
        self.order: list[int] = []
        self.first_word = first_word

    def body(self) -> Text:
        t = Text()
        for i, (label, _) in enumerate(self.items):
            pos = self.order.index(i) + 1 if i in self.order else None
            mark = styled(f" {pos}. " if pos else "    ", "bold $text-success")
            t += styled(f" {LETTERS[i]} ", "bold $mtg-label") + mark + Text(label) + Text("\n")
        t += styled(f"\nthe first you press {self.first_word}", "dim")
        return t

    def action_undo_one(self) -> None:
        if self.order:
            self.order.pop()
            self.redraw()

    def action_confirm(self) -> None:
        rest = [i for i in range(len(self.items)) if i not in self.order]
        self.send(tuple(self.items[i][1] for i in self.order + rest))

    def letter(self, ch: str) -> bool:
        if ch not in LETTERS[:len(self.items)]:
            return False
        i = LETTERS.index(ch)
        if i not in self.order:
            self.order.append(i)
            self.redraw()
        return True


class AssignDialog(Dialog):
    """Divide damage among recipients (combat damage, or a spell's divided damage): ↑↓ picks one,
    ←→ (or - +) moves damage."""

    BINDINGS = [Binding("up,k", "cursor(-1)", "recipient", key_display="↑", tooltip="the recipient above"),
                Binding("down,j", "cursor(1)", "recipient", key_display="↓", show=False,
                        tooltip="the recipient below"),
                Binding("left,h,minus", "give(-1)", "less", key_display="←", tooltip="one damage less"),
                Binding("right,l,plus,equals_sign", "give(1)", "more", key_display="→", tooltip="one damage more"),
                Binding("enter", "confirm", "confirm", tooltip="confirm the assignment")]

    def __init__(self, title: str, recipients: Sequence[tuple[Any, str, int | None]], amount: int,
                 start: Sequence[int], submit: Submit) -> None:
        super().__init__(title, submit)
        self.recipients = [(r, scrub(name), lethal) for r, name, lethal in recipients]
        self.amount = amount
        self.given = list(start)
        self.cursor = 0

    def body(self) -> Text:
        t = Text()
        for i, (_, name, lethal) in enumerate(self.recipients):
            lt = f"  (lethal: {lethal})" if lethal is not None else ""
            line = styled(f"{self.given[i]:>3} ", "bold $text-primary") + Text(f"to {name}") + styled(lt, "dim")
            if i == self.cursor:
                line.stylize("reverse")
            t += line + Text("\n")
        left = self.amount - sum(self.given)
        t += styled(f"\n{self.amount} damage, {left} not yet assigned", "$text-warning" if left else "dim")
        return t

    def action_cursor(self, delta: int) -> None:
        self.cursor = (self.cursor + delta) % len(self.recipients)
        self.redraw()

    def action_give(self, delta: int) -> None:
        if delta < 0:
            if self.given[self.cursor] > 0:
                self.given[self.cursor] -= 1
        elif sum(self.given) < self.amount:
            self.given[self.cursor] += 1
        else:  # take one from the last other recipient that has some
            for j in reversed(range(len(self.given))):
                if j != self.cursor and self.given[j] > 0:
                    self.given[j] -= 1
                    self.given[self.cursor] += 1
                    break
        self.redraw()

    def action_confirm(self) -> None:
        self.send(tuple((n, r[0]) for n, r in zip(self.given, self.recipients, strict=True)))


class ConfirmDialog(Dialog):
    """A yes/no question about the client itself (quit?)."""

    BINDINGS = [Binding("y,Y,enter", "answer(True)", "yes", key_display="y"),
                Binding("n,N,escape", "answer(False)", "no", key_display="n")]

    def __init__(self, question: str) -> None:
        super().__init__(question, lambda _: None)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ConcedeDialog(Dialog):
    """Ctrl+D in a game: concede, once confirmed (104.3a / 2009 102.3a).  No is the default:
    Enter and Escape keep playing; only `y` concedes."""

    KEYS = "y concede · n, Enter or Esc keep playing"
    BINDINGS = [Binding("y,Y", "answer(True)", "concede", key_display="y"),
                Binding("n,N,enter", "answer(False)", "keep playing", key_display="n")]

    def __init__(self, who: str, outcome: str, rule: str) -> None:
        super().__init__(f"{who}: concede the game?", lambda _: None)
        self.explained = f"{who} concedes: {who} leaves the game and loses it; {outcome}."
        if rule:
            self.explained += f" (rule {rule})"

    def body(self) -> Text:
        return Text(scrub(self.explained))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class LeaveDialog(ModalScreen[str | None]):
    """`q` in a game: save and quit, back to the menu, quit, or cancel.  The answer is the
    choice's word ("save", "menu", "quit") or None."""

    BINDINGS = [Binding("s", "choose('save')", "save and quit", tooltip="save the game, then quit"),
                Binding("m", "choose('menu')", "menu",
                        tooltip="back to the menu (the game stays in the autosave, offered to resume)"),
                Binding("q", "choose('quit')", "quit", tooltip="quit mtg-tui (the game stays in the autosave)"),
                Binding("c,escape", "choose('')", "cancel", key_display="c", tooltip="back to the game")]
    CHOICES = [("s", "save and quit"), ("m", "back to the menu (the game stays in the autosave)"),
               ("q", "quit (the game stays in the autosave: mtg-tui offers to resume it)"), ("c", "cancel")]

    def compose(self) -> ComposeResult:
        body = Text()
        for key, label in self.CHOICES:
            body += styled(f" {key} ", "bold $mtg-label") + Text(f" {label}\n")
        with Vertical(id="dialog"):
            yield Static(styled("Leave the game?", "bold"), id="dialog-title")
            yield Static(body, id="dialog-body")
        yield Footer(compact=True, show_command_palette=False)

    def action_choose(self, what: str) -> None:
        self.dismiss(what or None)


class TextDialog(Dialog):
    """A line of text (a file name to save to or load from)."""


    def __init__(self, title: str, value: str, submit: Submit) -> None:
        super().__init__(title, submit)
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(styled(self.title_text, "bold"), id="dialog-title")
            yield InOrderInput(self.value, id="dialog-input")
            yield Static("", id="dialog-error")
            keys = "   ".join(k for k in (self.KEYS, self.escape_note) if k)
            yield Static(styled(keys, "dim"), id="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def redraw(self) -> None:
        self.query_one("#dialog-error", Static).update(styled(self.error, "bold $text-error"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send(event.value.strip())


class NameDialog(Dialog):
    """A card name out of hundreds: type to filter the list, ↑↓ to move, Enter to choose.
    The names of the cards in the game come first."""

    KEYS = "type to filter"
    BINDINGS = [Binding("up", "cursor(-1)", "up", show=False), Binding("down", "cursor(1)", "down", show=False)]
    SHOWN = 10  # names listed at once

    def __init__(self, title: str, names: Sequence[str], suggested: Sequence[str], submit: Submit) -> None:
        super().__init__(title, submit)
        first = [n for n in suggested if n in set(names)]
        self.suggested = set(first)
        self.names = first + [n for n in names if n not in self.suggested]
        self.filter = ""
        self.cursor = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(styled(self.title_text, "bold"), id="dialog-title")
            yield InOrderInput("", placeholder="type part of a card name", id="dialog-input")
            yield Static(self.body(), id="dialog-body")
            yield Static("", id="dialog-error")
            keys = "   ".join(k for k in (self.KEYS, self.escape_note) if k)
            yield Static(styled(keys, "dim"), id="dialog-keys")
        yield Footer(compact=True, show_command_palette=False)

    def matching(self) -> list[str]:
        """The names that contain the filter, those that start with it first."""
        q = self.filter.strip().lower()
        if not q:
            return self.names
        starts = [n for n in self.names if n.lower().startswith(q)]
        return starts + [n for n in self.names if q in n.lower() and n not in starts]

    def body(self) -> Text:
        found = self.matching()
        if not found:
            return styled(f"no card name contains {self.filter.strip()!r}", "$text-warning")
        top = max(0, min(self.cursor - self.SHOWN // 2, len(found) - self.SHOWN))
        t = Text()
        for i, name in enumerate(found[top:top + self.SHOWN], top):
            line = Text("  " + name) + (styled("  (in this game)", "dim") if name in self.suggested else Text(""))
            if i == self.cursor:
                line.stylize("reverse", 0, len(name) + 2)
            t += line + Text("\n")
        more = len(found) - top - self.SHOWN
        t += styled(f"{len(found)} name{'s' if len(found) != 1 else ''}" + (f", {more} more below" if more > 0 else ""),
                    "dim")
        return t

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.filter = event.value
        self.cursor = 0
        self.error = ""
        self.redraw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        found = self.matching()
        if not found:
            self.error = "no such card: change the filter"
            self.redraw()
            return
        self.send(found[min(self.cursor, len(found) - 1)])

    def letter(self, ch: str) -> bool:
        return False  # letters are typed into the filter

    def action_cursor(self, delta: int) -> None:
        n = len(self.matching())
        if n:
            self.cursor = (self.cursor + delta) % n
            self.redraw()
