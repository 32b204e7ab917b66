"""Turning pieces of `game.view(...)` into Rich text: card chips, battlefield rows, log and
stack lines, the card detail.  Pure functions, so the look is tested without a terminal.
What the chips say before any styling (the grouping, the names) is in `grouping`, without Rich.

A "chip" is one card (or a group of identical lands) on one line; chips wrap as whole
units, never in the middle of a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.text import Text

from rules.cards.card_files import Ruling
from rules.engine.api.view_types import CardView, PermanentView, PlayerView, StackItemView

from .colours import resolve
from .grouping import INTERNAL_REF, STEP_WORD, CardFacts, Group, pt, scrub, state_of, target_names
from .persistence.decklists import deck_groups

LABEL = "bold $mtg-label"
SELECTED = "reverse"
DIM = "dim"


def styled(text: str, style: str = "") -> Text:
    """Text whose style covers only these characters: `Text("a", style=s) + b` would
    give `b` the style too (the first part's style is the base of the sum).  `$names` in
    the style are the theme's colours (mtg_tui.colours)."""
    return Text.assemble((text, resolve(style)))


def scrub_text(t: Text) -> Text:
    """`scrub` for styled text: the styles stay on the characters that remain."""
    for m in reversed(list(INTERNAL_REF.finditer(t.plain))):
        t = t[:m.start()] + t[m.end():]
    if STEP_WORD.search(t.plain):
        t = t.copy()
        t.plain = STEP_WORD.sub(lambda m: m.group(0).replace("_", " "), t.plain)  # same length: spans stay
    return t


MANA_ROLES = {"W": "$mtg-white", "U": "$mtg-blue", "B": "$mtg-black", "R": "$mtg-red", "G": "$mtg-green"}


def mana_text(cost: str, base: str = "") -> Text:
    """A mana cost or pool with each symbol in its colour's role ({G} green, {2} colourless)."""
    t = Text()
    for sym in re.findall(r"\{[^}]*\}|[^{]+", cost):
        colours = [MANA_ROLES[ch] for ch in sym.strip("{}").split("/") if ch in MANA_ROLES]
        t += styled(sym, f"{base} {colours[0] if colours else '$mtg-colorless'}".strip())
    return t


def label_text(label: str | None) -> Text:
    return styled(f"{label}", LABEL) + Text(" ") if label else Text()


# what the markers on the board mean (the help screen shows this)
MARKERS = ("tapped · sick: summoning sick (where it matters) · N dmg: damage marked · +flying: gained this turn · "
           "regen shield · [Aura] on its host, (bob's) when another player's · ⚔ attacking ◀ its blockers · "
           "◈ blocking · ×N identical permanents · ◎target: what the selected stack object targets · "
           "highlighted hand cards: playable now · • on the phase bar: a priority stop · ◆: who has priority")

PRINTED_ONLY = ("enchant", "equip")  # abilities that say what it attaches to, not how it fights


def chip_tags(g: Group) -> list[tuple[str, str]]:
    """A permanent's state as (text, style) pieces: token, tapped, sick (where it matters), damage,
    counters, keywords gained this turn, regeneration shields."""
    c, p = g.card, state_of(g.card)
    tags: list[tuple[str, str]] = []
    if c.token:
        tags.append(("token", DIM))
    if p.tapped:
        tags.append(("tapped", DIM))
    if g.sick:
        tags.append(("sick", DIM))
    if p.damage:
        tags.append((f"{p.damage} dmg", "bold $text-error"))
    for k, v in sorted(p.counters.items()):
        if k != "loyalty":
            tags.append((f"{k}×{v}" if v != 1 else k, "$text-warning"))
    for change in p.pumped:
        tags.append((f"{change} this turn", "$text-success"))
    for k in p.granted:
        tags.append((f"+{k}", "$text-success"))
    if p.regen_shields:
        n = p.regen_shields
        tags.append(("regen shield" + (f"×{n}" if n > 1 else ""), "$text-success"))
    return tags


def combat_text(g: Group) -> Text:
    if state_of(g.card).attacking:
        t = styled("⚔ attacking" + (f" {g.attacks}" if g.attacks else ""), "bold $mtg-attacking")
        if g.blocked_by:
            t += styled(" ◀ " + g.blocked_by, "$mtg-blocking")
        return t
    if g.blocks:
        return styled("◈ blocking " + g.blocks, "bold $mtg-blocking")
    return Text()


def _name_part(g: Group, label: str | None, selected: bool, mark: bool) -> Text:
    c = g.card
    t = label_text(label)
    name = styled(c.name, "bold" if c.power is not None else "")
    if state_of(c).tapped:
        name.stylize("dim italic")
    t += name
    if g.count > 1:
        t += Text(f" ×{g.count}")
    p = pt(c)
    if p:
        t += styled(" " + p, "bold $mtg-pt")
    if mark:  # a target of the selected stack object
        t.stylize("underline")
        t += styled(" ◎target", "bold $text-error")
    if selected:
        t.stylize(SELECTED)
    return t


def attachment_text(a: Group, *, label: str | None = None, selected: bool = False, note: str = "",
                    mark: bool = False) -> Text:
    """An Aura or Equipment as drawn on its host: its name, and whose it is when that is not
    the host's controller."""
    t = label_text(label) + styled(a.card.name, "$text-accent")
    if state_of(a.card).tapped:
        t += styled(" tapped", DIM)
    if a.foreign:
        t += styled(f" ({a.foreign}'s)", "italic $text-accent")
    if mark:
        t += styled(" ◎target", "bold $text-error")
    if note:
        t += styled(" " + scrub(note), "bold $text-error")
    if selected:
        t.stylize(SELECTED)
    return t


Attached = list[tuple[Group, str | None, bool, str, bool]]  # (attachment, label, selected, note, marked)


def group_chip(g: Group, *, label: str | None = None, selected: bool = False, note: str = "",
               attached: Attached | None = None, mark: bool = False) -> Text:
    """One permanent (or group) on one line: name, P/T, state, combat, what is attached to it."""
    t = _name_part(g, label, selected, mark)
    tags = chip_tags(g)
    for text, style in tags:
        t += Text(" ") + styled(text, style)
    if g.host and not attached:  # an attachment drawn on its own (its host is elsewhere)
        t += styled(f" → {g.host}", "$text-accent")
    for a, a_label, a_selected, a_note, a_mark in attached or ():
        t += styled(" [", DIM) + attachment_text(a, label=a_label, selected=a_selected, note=a_note,
                                                 mark=a_mark) + styled("]", DIM)
    fight = combat_text(g)
    if fight.cell_len:
        t += Text(" ") + fight
    if note:
        t += styled(" " + scrub(note), "bold $text-error")
    return t


BOX_TEXT_ROWS = 3  # a card box shows at most this many rows of the card's rules text


def rules_lines(card: CardView) -> list[str]:
    """The card's rules text without the lines that only list keywords it shows anyway
    ("Flying, vigilance", "Enchant creature")."""
    keywords = {k.lower() for k in state_of(card).keywords}
    out = []
    for line in card.text.splitlines():
        parts = [p.strip().lower() for p in line.rstrip(".").split(",")]
        if all(p in keywords or p.startswith(PRINTED_ONLY) for p in parts):
            continue
        out.append(line)
    return out


def group_box(g: Group, width: int, *, label: str | None = None, selected: bool = False, note: str = "",
              attached: Attached | None = None, mark: bool = False) -> list[Text]:
    """One permanent as a card box of several lines, for a wide battlefield: name and P/T,
    state, keywords, combat, then each thing attached to it."""
    lines = [_name_part(g, label, selected, mark)]
    if note:
        lines[0] += styled(" " + scrub(note), "bold $text-error")
    if g.card.type:
        lines.append(styled(g.card.type, "dim italic"))
    tags = chip_tags(g)
    if tags:
        lines.append(Text(" ").join(styled(text, style) for text, style in tags))
    permanent = state_of(g.card)
    keywords = [k for k in permanent.keywords if k not in permanent.granted and not k.startswith(PRINTED_ONLY)]
    if keywords:
        lines.append(styled(", ".join(keywords), "italic"))
    text_rows = [row for line in rules_lines(g.card) for row in wrap_line(styled(line, DIM), width, indent=2)]
    if len(text_rows) > BOX_TEXT_ROWS:
        text_rows = text_rows[:BOX_TEXT_ROWS]
        text_rows[-1].truncate(max(width - 1, 1))
        text_rows[-1] += styled("…", DIM)
    lines += text_rows
    fight = combat_text(g)
    if fight.cell_len:
        lines.append(fight)
    for a, a_label, a_selected, a_note, a_mark in attached or ():
        lines.append(styled("▸ ", "$text-accent") + attachment_text(a, label=a_label, selected=a_selected,
                                                                    note=a_note, mark=a_mark))
    return [piece for line in lines for piece in wrap_line(line, width, indent=2)]


def hand_chip(card: CardView | str, *, label: str | None = None, selected: bool = False, playable: bool = False,
              picked: bool = False, from_zone: str = "hand") -> Text:
    """A card as the hand shows it (or an option that is no card: its words).  `from_zone`:
    where a card the hand lists besides its own comes from (the graveyard, the library's top)."""
    t = label_text(label)
    t += styled(card if isinstance(card, str) else card.name, "bold $mtg-playable" if playable else "")
    if isinstance(card, str):
        pass
    elif from_zone == "graveyard":  # a card in the graveyard with an ability that works there
        t += styled(" (graveyard)", "dim")
    elif from_zone == "library":  # the top card of the library, castable (Garruk's Horde)
        t += styled(" " + card.cost + " (top of library)", "dim")
    elif card.cost:
        t += Text(" ") + mana_text(card.cost)
    if picked:
        t += styled(" ✓", "bold $text-error")
    if selected:
        t.stylize(SELECTED)
    return t


def wrap_chips(chips: Iterable[Text], width: int, sep: str = "  ") -> list[Text]:
    """Lay chips out left to right, starting a new line when the next one wouldn't fit."""
    lines: list[Text] = []
    line = Text()
    for chip in chips:
        if line.cell_len and line.cell_len + len(sep) + chip.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line += Text(sep)
        if chip.cell_len > width:  # a long chip (a creature with its Auras) on lines of its own
            if line.cell_len:
                lines.append(line)
            *whole, line = wrap_line(chip, width, indent=2)
            lines += whole
            continue
        line += chip
    if line.cell_len or not lines:
        lines.append(line)
    return lines


def wrap_line(t: Text, width: int, indent: int = 0) -> list[Text]:
    """One long line as several, broken at spaces, the continuation lines indented (log
    entries in a narrow panel)."""
    if t.cell_len <= width:
        return [t]
    if width <= indent + 8:
        t = t.copy()
        t.truncate(width, overflow="ellipsis")
        return [t]
    out: list[Text] = []
    rest, room = t, width
    while rest.cell_len > room:
        cut = rest.plain.rfind(" ", 0, room + 1)
        cut = cut if cut > 0 else room
        out.append(rest[:cut] if not out else Text(" " * indent) + rest[:cut])
        rest = rest[cut:]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
        room = width - indent
    out.append(rest if not out else Text(" " * indent) + rest)
    return out


def player_line(p: PlayerView, *, active: bool, priority: bool, label: str | None = None,
                selected: bool = False, mark: bool = False, short: bool = False) -> Text:
    """A player's line: life, poison, zone counts, mana pool, priority; `short` for a narrow
    panel ("lib 5  gy 1")."""
    t = label_text(label)
    name = styled(p.name, "bold underline" if active else "bold")
    if selected:
        name.stylize(SELECTED)
    t += name
    if mark:
        t += styled(" ◎target", "bold $text-error")
    life_style = "bold $text-error" if p.life <= 5 else "bold $text-success"
    t += Text(" life " if short else "  life ") + styled(str(p.life), life_style)
    if p.poison:
        t += styled(f"  poison {p.poison}", "bold $mtg-black")
    if short:
        t += styled(f" lib {p.library} hand {p.hand_count} gy {len(p.graveyard)}"
                    f" exile {len(p.exile)}", "")
    else:
        t += styled(f"  library {p.library}  hand {p.hand_count}  graveyard {len(p.graveyard)}"
                    f"  exile {len(p.exile)}", "")
    if p.library_top is not None:  # played with the top card of the library revealed (Vampire Nocturnus)
        t += Text("  top ") + styled(p.library_top.name, "bold")
    pool = "".join(f"{{{k}}}" * v for k, v in sorted(p.pool.items()) if v)
    if pool:
        t += Text("  mana ") + mana_text(pool, "bold")
    if priority:
        t += styled(" ◆ priority" if short else "  ◆ priority", "bold $text-warning")
    if p.lost:
        t += styled("  LOST", "bold $text-error")
    return t


KINDS = {"spell": "", "ability": "ability", "trigger": "trigger", "combat_damage": "combat damage"}


def stack_line(item: StackItemView, position: int, *, label: str | None = None, selected: bool = False,
               names: dict[Any, str] | None = None, mark: bool = False) -> Text:
    """A spell or ability on the stack: its name, kind, controller and targets (by the names
    the board shows them by: `names`, keyed by id)."""
    t = label_text(label)
    kind = KINDS.get(item.kind, item.kind.replace("_", " "))
    t += styled(f"{position}. ", DIM) + styled(scrub(item.name), "bold") + styled(f" ({kind})" if kind else "", DIM)
    t += styled(f"  {item.controller}'s", "$text-secondary")
    shown = target_names(item, names or {})
    if shown:
        t += styled(" → " + ", ".join(shown), "$text-accent")
    if mark:
        t += styled(" ◎target", "bold $text-error")
    if selected:
        t.stylize(SELECTED)
    return t


def progress_bar(done: int, total: int, width: int = 20) -> Text:
    """A bar `width` cells long, filled in proportion to `done` of `total`, then the count."""
    filled = min(width, round(width * done / total)) if total > 0 else 0
    return styled("━" * filled, "$text-accent") + styled("─" * (width - filled), DIM) + styled(f" {done}/{total}", DIM)


def log_line(entry: Any, *, selected: bool = False, turn: bool = True) -> Text:
    """One log event: turn, rule number, text; routine events dimmed.  `turn`: whether to
    show the turn (the first line of each turn does)."""
    rule = entry.rule or "-"
    t = styled(f"T{entry.turn:<2} " if turn else "    ", DIM) + styled(f"{rule:>7} ", "$text-secondary") + \
        Text(scrub(entry.text))
    if entry.minor:
        t.stylize(DIM)
    if selected:
        t.stylize(SELECTED)
    return t


def card_detail(card: CardView | CardFacts | None, extra: Iterable[str] = ()) -> Text:
    """Everything about one card: name, cost, type, P/T, Oracle text, its state on the
    battlefield, and the sentences the engine does not enforce."""
    if not card:
        return styled("no card selected", DIM)
    t = styled(card.name, "bold")
    if card.cost:
        t += Text("  ") + mana_text(card.cost)
    t += styled("\n" + card.type, "italic")
    p = pt(card)
    if p:
        t += styled("  " + p, "bold $mtg-pt")
    text = card.text
    if text:
        t += Text("\n\n" + text)
    state = permanent_state(card.permanent) if card.permanent is not None else []
    state += list(extra)
    if state:
        t += styled("\n\n" + "; ".join(scrub(x) for x in state), "$text-warning")
    if card.controller and card.owner and card.controller != card.owner:
        t += styled(f"\nowned by {card.owner}", DIM)
    if card.unsupported:
        t += styled("\n\nnot enforced by the engine:", "bold $text-error")
        for s in card.unsupported:
            t += styled("\n• " + s, "$text-error")
    return t


def rulings_text(rulings: list[tuple[str, list[Ruling]]], room: int, width: int, console: Console) -> Text:
    """A card's rulings under its detail, as many as `room` lines hold at `width` (the panel
    doesn't scroll): each file's heading with its count always, then its rulings oldest first,
    the last one shown cut short with "…" when only part of it fits, and how many more
    `mtg-tui cards show` has."""
    t = Text("")
    left = room
    for source, items in rulings:
        t += styled(f"\n\nRulings (from {source}): {len(items)}", "bold")
        left -= 2
        for i, r in enumerate(items):
            more = len(items) - i - 1
            line = styled(r.date + ("" if r.source == "wotc" else f" ({r.source})"), DIM) + Text(" " + r.text)
            lines = line.wrap(console, max(width, 1))
            fits = left - (1 if more else 0)
            if len(lines) > fits:
                if fits >= 2:  # the start of it, then the count of the rest
                    shown = lines[:fits]
                    shown[-1].rstrip()
                    shown[-1].truncate(max(width, 2) - 1)  # room for the "…" on its line
                    part = Text("\n").join(shown)
                    t += Text("\n") + part + Text("…")
                t += styled(f"\n… {len(items) - i if fits < 2 else more} more: mtg-tui cards show", DIM)
                left = 0
                break
            t += Text("\n") + line
            left -= len(lines)
    return t


def explanation_rulings(groups: list[tuple[str, list[tuple[str, Ruling]]]]) -> Text:
    """The rulings of a puzzle's cards, at the end of its explanation: under each file's
    heading, each card's rulings oldest first."""
    t = Text("")
    for source, items in groups:
        t += styled(("\n\n" if t else "") + f"Rulings (from {source})", "bold")
        for name, r in items:
            t += Text("\n• ") + styled(name, "bold") + styled(" " + r.date, DIM) + Text(" " + r.text)
    return t


def permanent_state(p: PermanentView) -> list[str]:
    """A permanent's state in sentences, for the card detail: tapped, damage, counters, keywords
    (those gained until end of turn apart), regeneration shields, combat, what was chosen."""
    state = [s for s, on in (("tapped", p.tapped), ("summoning sick", p.sick)) if on]
    if p.damage:
        state.append(f"{p.damage} damage marked")
    for k, v in sorted(p.counters.items()):
        state.append(f"{v} {k} counter{'s' if v != 1 else ''}")
    keywords = [k for k in p.keywords if k not in p.granted and not k.startswith(PRINTED_ONLY)]
    if keywords:
        state.append(", ".join(keywords))
    if p.granted:
        state.append(", ".join(p.granted) + " until end of turn")
    for change in p.pumped:
        state.append(f"{change} until end of turn")
    if p.regen_shields:
        n = p.regen_shields
        state.append(f"{n} regeneration shield{'s' if n != 1 else ''}")
    if p.attacking:
        state.append("attacking" + (f" {p.attacks}" if p.attacks else ""))
    if p.blocking:
        state.append("blocking")
    if p.chosen:
        state.append(f"chosen: {p.chosen}")
    return state


def deck_choices(decks: list[str]) -> Text:
    """The bundled decks a form takes (the new game's, the gauntlet's), a line per group (the
    project's own, then each precon product line), then that a path works too."""
    t = Text()
    for title, names in deck_groups(decks, short=True):
        t += styled(f"{title}: ", "bold") + Text(", ".join(names)) + Text("\n")
    return t + styled("or the path of a deck file", "dim")
