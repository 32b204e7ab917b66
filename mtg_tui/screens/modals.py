"""Small dialogs, each offering only the legal options of one decision.

Every dialog hands its answer to a `submit` callback that returns the engine's refusal (or
None when accepted): a refused answer keeps the dialog open with the reason shown inline.
Escape closes a dialog and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..picking import LETTERS
from ..render import styled

Submit = Callable[[Any], str | None]


class Dialog(ModalScreen[bool]):
    """Title, body, an error line and a key hint, in a box in the middle of the screen."""

    KEYS = "Esc: close without choosing"

    def __init__(self, title: str, submit: Submit) -> None:
        super().__init__()
        self.title_text = title
        self.submit = submit
        self.error = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(styled(self.title_text, "bold"), id="dialog-title")
            yield Static(self.body(), id="dialog-body")
            yield Static("", id="dialog-error")
            yield Static(styled(self.KEYS, "dim"), id="dialog-keys")

    def body(self) -> Text:
        return Text("")

    def redraw(self) -> None:
        self.query_one("#dialog-body", Static).update(self.body())
        self.query_one("#dialog-error", Static).update(styled(self.error, "bold red"))

    def send(self, result: Any) -> None:
        refusal = self.submit(result)
        if refusal:
            self.error = refusal
            self.redraw()
        else:
            self.dismiss(True)

    GRAB_KEYS = True  # False: keys other than Escape go on to the dialog's widgets (an Input)

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss(False)
            return
        if self.GRAB_KEYS:
            event.stop()
            event.prevent_default()
            self.key(event)

    def key(self, event: events.Key) -> None:  # pragma: no cover - overridden
        pass


class ChoiceDialog(Dialog):
    """One of a few options: its letter (or the arrows and Enter) picks it."""

    KEYS = "letter: choose · ↑↓ Enter: choose · Esc: close"

    def __init__(self, title: str, options: Sequence[tuple[str, str, Any]], submit: Submit,
                 intro: Text | None = None) -> None:
        """`options`: (key, label, value) triples."""
        super().__init__(title, submit)
        self.options = list(options)
        self.intro = intro
        self.cursor = 0

    def body(self) -> Text:
        t = Text()
        if self.intro is not None:
            t += self.intro + Text("\n\n")
        for i, (key, label, _) in enumerate(self.options):
            line = styled(f" {key} ", "bold black on yellow") + Text(" " + label)
            if i == self.cursor:
                line.stylize("reverse", 4)
            t += line + Text("\n")
        return t

    def key(self, event: events.Key) -> None:
        for key, _, value in self.options:  # an option's own letter wins over j/k movement
            if event.character == key:
                self.send(value)
                return
        if event.key in ("up", "k"):
            self.cursor = (self.cursor - 1) % len(self.options)
            self.redraw()
        elif event.key in ("down", "j"):
            self.cursor = (self.cursor + 1) % len(self.options)
            self.redraw()
        elif event.key == "enter":
            self.send(self.options[self.cursor][2])


def lettered(items: Sequence[tuple[str, Any]], reserved: str = "") -> list[tuple[str, str, Any]]:
    letters = [c for c in LETTERS if c not in reserved]
    return [(letters[i], label, value) for i, (label, value) in enumerate(items[:len(letters)])]


class PickCardsDialog(Dialog):
    """Exactly `count` of some cards (discard, put on the bottom, mana sources)."""

    def __init__(self, title: str, cards: Sequence[tuple[Any, Text]], count: int | None, submit: Submit,
                 detail: Callable[[Any], Text] | None = None) -> None:
        super().__init__(title, submit)
        self.cards = list(cards)[:len(LETTERS)]
        self.count = count
        self.picked: list[Any] = []
        self.cursor = 0
        self.detail = detail
        need = f"choose {count}" if count is not None else "choose any"
        self.KEYS = f"letter: toggle · Enter: confirm ({need}) · Esc: close"

    def body(self) -> Text:
        t = Text()
        for i, (value, label) in enumerate(self.cards):
            mark = styled(" ✓ ", "bold red") if value in self.picked else Text("   ")
            line = styled(f" {LETTERS[i]} ", "bold black on yellow") + mark + label
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

    def key(self, event: events.Key) -> None:
        if event.key in ("up", "k") and self.cards:
            self.cursor = (self.cursor - 1) % len(self.cards)
            self.redraw()
        elif event.key in ("down", "j") and self.cards:
            self.cursor = (self.cursor + 1) % len(self.cards)
            self.redraw()
        elif event.key == "space" and self.cards:
            self.toggle(self.cards[self.cursor][0])
        elif event.key == "enter":
            if self.count is not None and len(self.picked) != self.count:
                self.error = f"choose exactly {self.count} (now {len(self.picked)})"
                self.redraw()
                return
            self.send(tuple(self.picked))
        elif event.character and event.character in LETTERS[:len(self.cards)]:
            i = LETTERS.index(event.character)
            self.cursor = i
            self.toggle(self.cards[i][0])


class OrderDialog(Dialog):
    """An order for a few things: press their letters first to last."""

    KEYS = "letters: first to last · Backspace: undo one · Enter: confirm (the rest keep their order) · Esc: close"

    def __init__(self, title: str, items: Sequence[tuple[str, Any]], submit: Submit, first_word: str) -> None:
        super().__init__(title, submit)
        self.items = list(items)[:len(LETTERS)]
        self.order: list[int] = []
        self.first_word = first_word

    def body(self) -> Text:
        t = Text()
        for i, (label, _) in enumerate(self.items):
            pos = self.order.index(i) + 1 if i in self.order else None
            mark = styled(f" {pos}. " if pos else "    ", "bold green")
            t += styled(f" {LETTERS[i]} ", "bold black on yellow") + mark + Text(label) + Text("\n")
        t += styled(f"\nthe first you press {self.first_word}", "dim")
        return t

    def key(self, event: events.Key) -> None:
        if event.key == "backspace" and self.order:
            self.order.pop()
            self.redraw()
        elif event.key == "enter":
            rest = [i for i in range(len(self.items)) if i not in self.order]
            self.send(tuple(self.items[i][1] for i in self.order + rest))
        elif event.character and event.character in LETTERS[:len(self.items)]:
            i = LETTERS.index(event.character)
            if i not in self.order:
                self.order.append(i)
                self.redraw()


class AssignDialog(Dialog):
    """Divide damage among recipients (combat damage, or a spell's divided damage): ↑↓ picks one,
    ←→ (or - +) moves damage."""

    KEYS = "↑↓: recipient · ←→ or -/+: less/more · Enter: confirm · Esc: close"

    def __init__(self, title: str, recipients: Sequence[tuple[Any, str, int | None]], amount: int,
                 start: Sequence[int], submit: Submit) -> None:
        super().__init__(title, submit)
        self.recipients = list(recipients)
        self.amount = amount
        self.given = list(start)
        self.cursor = 0

    def body(self) -> Text:
        t = Text()
        for i, (_, name, lethal) in enumerate(self.recipients):
            lt = f"  (lethal: {lethal})" if lethal is not None else ""
            line = styled(f"{self.given[i]:>3} ", "bold cyan") + Text(f"to {name}") + styled(lt, "dim")
            if i == self.cursor:
                line.stylize("reverse")
            t += line + Text("\n")
        left = self.amount - sum(self.given)
        t += styled(f"\n{self.amount} damage, {left} not yet assigned", "yellow" if left else "dim")
        return t

    def key(self, event: events.Key) -> None:
        k = event.key
        if k in ("up", "k"):
            self.cursor = (self.cursor - 1) % len(self.recipients)
        elif k in ("down", "j"):
            self.cursor = (self.cursor + 1) % len(self.recipients)
        elif k in ("right", "l", "plus", "equals_sign") or event.character in ("+", "="):
            if sum(self.given) < self.amount:
                self.given[self.cursor] += 1
            else:  # take one from the last other recipient that has some
                for j in reversed(range(len(self.given))):
                    if j != self.cursor and self.given[j] > 0:
                        self.given[j] -= 1
                        self.given[self.cursor] += 1
                        break
        elif k in ("left", "h", "minus") or event.character == "-":
            if self.given[self.cursor] > 0:
                self.given[self.cursor] -= 1
        elif k == "enter":
            self.send(tuple((n, r[0]) for n, r in zip(self.given, self.recipients, strict=True)))
            return
        self.redraw()


class ConfirmDialog(Dialog):
    """A yes/no question about the client itself (quit?)."""

    KEYS = "y: yes · n or Esc: no"

    def __init__(self, question: str) -> None:
        super().__init__(question, lambda _: None)

    def key(self, event: events.Key) -> None:
        if event.character in ("y", "Y") or event.key == "enter":
            self.dismiss(True)
        elif event.character in ("n", "N"):
            self.dismiss(False)


class TextDialog(Dialog):
    """A line of text (a file name to save to or load from)."""

    KEYS = "Enter: confirm · Esc: close"
    GRAB_KEYS = False

    def __init__(self, title: str, value: str, submit: Submit) -> None:
        super().__init__(title, submit)
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(styled(self.title_text, "bold"), id="dialog-title")
            yield Input(self.value, id="dialog-input")
            yield Static("", id="dialog-error")
            yield Static(styled(self.KEYS, "dim"), id="dialog-keys")

    def redraw(self) -> None:
        self.query_one("#dialog-error", Static).update(styled(self.error, "bold red"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send(event.value.strip())


class NameDialog(Dialog):
    """A card name out of hundreds: type to filter the list, ↑↓ to move, Enter to choose.
    The names of the cards in the game come first."""

    KEYS = "type to filter · ↑↓: move · Enter: choose · Esc: close"
    GRAB_KEYS = False
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
            yield Input("", placeholder="type part of a card name", id="dialog-input")
            yield Static(self.body(), id="dialog-body")
            yield Static("", id="dialog-error")
            yield Static(styled(self.KEYS, "dim"), id="dialog-keys")

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
            return styled(f"no card name contains {self.filter.strip()!r}", "yellow")
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

    def on_key(self, event: events.Key) -> None:
        super().on_key(event)
        if event.key in ("up", "down"):
            event.stop()
            n = len(self.matching())
            if n:
                self.cursor = (self.cursor + (1 if event.key == "down" else -1)) % n
                self.redraw()
