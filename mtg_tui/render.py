"""Turning pieces of `game.view(...)` into Rich text: card chips, battlefield rows, log and
stack lines, the card detail.  Pure functions, so the look is tested without a terminal.

A "chip" is one card (or a group of identical lands) on one line; chips wrap as whole
units, never in the middle of a name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from .colours import resolve

LABEL = "bold $mtg-label"
SELECTED = "reverse"
DIM = "dim"


def styled(text: str, style: str = "") -> Text:
    """Text whose style covers only these characters: `Text("a", style=s) + b` would
    give `b` the style too (the first part's style is the base of the sum).  `$names` in
    the style are the theme's colours (mtg_tui.colours)."""
    return Text.assemble((text, resolve(style)))


@dataclass(frozen=True)
class Group:
    """What one battlefield chip shows: one permanent, or identical untouched lands."""

    ids: tuple[int, ...]
    card: dict
    row: str  # "creature", "other" or "land"
    host: str = ""  # for an Aura or Equipment: what it is attached to
    blocks: str = ""  # for a blocker: the attackers it blocks

    @property
    def count(self) -> int:
        return len(self.ids)


def _row(card: dict) -> str:
    t = card["type"]
    if "Creature" in t:
        return "creature"
    if "Land" in t:
        return "land"
    return "other"


def _plain_land(card: dict) -> bool:
    return (_row(card) == "land" and not card.get("counters") and card.get("attached_to") is None
            and not card.get("attacking") and not card.get("damage"))


def group_battlefield(cards: list[dict], names: dict[int, str]) -> list[Group]:
    """Chips in display order: creatures (each followed by what is attached to it), other
    permanents, then lands, identical plain lands folded into one chip.  `names` maps the
    id of every permanent in the game to its display name (for "attached to")."""
    attached: dict[int, list[dict]] = {}
    loose: list[dict] = []
    ids_here = {c["id"] for c in cards}
    for c in cards:
        host = c.get("attached_to")
        if isinstance(host, int) and host in ids_here:
            attached.setdefault(host, []).append(c)
        else:
            loose.append(c)
    out: dict[str, list[Group]] = {"creature": [], "other": [], "land": []}
    land_groups: dict[tuple, list[dict]] = {}
    for c in loose:
        row = _row(c)
        if _plain_land(c) and c["id"] not in attached:
            key = (c["name"], bool(c.get("tapped")), bool(c.get("sick")))
            if key not in land_groups:
                land_groups[key] = []
                out["land"].append(Group((), c, "land"))  # placeholder, filled below
            land_groups[key].append(c)
            continue
        host = c.get("attached_to")
        blocks = ", ".join(names.get(a, str(a)) for a in c.get("blocking") or ())
        out[row].append(Group((c["id"],), c, row, names.get(host, str(host)) if host is not None else "", blocks))
        for a in attached.get(c["id"], []):
            out[row].append(Group((a["id"],), a, row, c["name"]))
    lands = []
    for g in out["land"]:
        if g.ids:
            lands.append(g)
            continue
        key = (g.card["name"], bool(g.card.get("tapped")), bool(g.card.get("sick")))
        members = land_groups[key]
        lands.append(Group(tuple(m["id"] for m in members), members[0], "land"))
    return out["creature"] + out["other"] + lands


def pt(card: dict) -> str:
    if card.get("power") is not None:
        return f"{card['power']}/{card['toughness']}"
    if card.get("loyalty") is not None:
        return f"[{card['loyalty']}]"
    return ""


def status_tags(card: dict) -> list[str]:
    """The short markers after a permanent's name (the help screen explains them)."""
    tags = []
    if card.get("tapped"):
        tags.append("tap")
    if card.get("sick"):
        tags.append("sick")
    if card.get("damage"):
        tags.append(f"{card['damage']} dmg")
    for k, v in sorted((card.get("counters") or {}).items()):
        if k != "loyalty":
            tags.append(f"{k}×{v}" if v != 1 else k)
    if card.get("attacking"):
        tags.append("attacking")
    return tags


def choice_labels(cards: list[dict]) -> list[str]:
    """Labels for the options of a choice, in a player's words: the card's name, with its
    P/T and state when it is on the battlefield; options that still read the same are
    numbered in the order shown ("Raging Goblin (1)", "Raging Goblin (2)")."""
    texts = []
    for c in cards:
        bits = [c["name"]]
        if "tapped" in c:  # a permanent
            bits += [pt(c)] + status_tags(c)
        texts.append(" ".join(b for b in bits if b))
    seen: dict[str, int] = {}
    out = []
    for t in texts:
        if texts.count(t) > 1:
            seen[t] = seen.get(t, 0) + 1
            out.append(f"{t} ({seen[t]})")
        else:
            out.append(t)
    return out


def label_text(label: str | None) -> Text:
    return styled(f"{label}", LABEL) + Text(" ") if label else Text()


def group_chip(g: Group, *, label: str | None = None, selected: bool = False, note: str = "") -> Text:
    c = g.card
    t = label_text(label)
    name = styled(c["name"], "bold" if c.get("power") is not None else "")
    if c.get("tapped"):
        name.stylize("dim italic")
    t += name
    if g.count > 1:
        t += Text(f" ×{g.count}")
    p = pt(c)
    if p:
        t += styled(" " + p, "bold cyan")
    tags = status_tags(c)
    if g.blocks:
        tags.append(f"blocking {g.blocks}")
    if tags:
        t += styled(" " + ", ".join(tags), "yellow" if c.get("damage") else "dim")
    if g.host:
        t += styled(f" → {g.host}", "magenta")
    if note:
        t += styled(f" {note}", "bold red")
    if selected:
        t.stylize(SELECTED)
    return t


def hand_chip(card: dict, *, label: str | None = None, selected: bool = False, playable: bool = False,
              picked: bool = False) -> Text:
    t = label_text(label)
    t += styled(card["name"], "bold green" if playable else "")
    if card.get("zone") == "graveyard":  # a card in the graveyard with an ability that works there
        t += styled(" (graveyard)", "dim")
    elif card.get("zone") == "library":  # the top card of the library, castable (Garruk's Horde)
        t += styled(" " + card.get("cost", "") + " (top of library)", "dim")
    elif card.get("cost"):
        t += styled(" " + card["cost"], "cyan")
    if picked:
        t += styled(" ✓", "bold red")
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
        chip = chip.copy()
        if chip.cell_len > width:
            chip.truncate(max(width, 1), overflow="ellipsis")
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


def player_line(p: dict, *, active: bool, priority: bool, label: str | None = None,
                selected: bool = False) -> Text:
    t = label_text(label)
    name = styled(p["name"], "bold underline" if active else "bold")
    if selected:
        name.stylize(SELECTED)
    t += name
    life_style = "bold red" if p["life"] <= 5 else "bold green"
    t += Text("  life ") + styled(str(p["life"]), life_style)
    if p["poison"]:
        t += styled(f"  poison {p['poison']}", "bold magenta")
    t += styled(f"  library {p['library']}  hand {p['hand_count']}  graveyard {len(p['graveyard'])}"
              f"  exile {len(p['exile'])}", "")
    if p.get("library_top"):  # played with the top card of the library revealed (Vampire Nocturnus)
        t += Text("  top ") + styled(p["library_top"]["name"], "bold")
    pool = "".join(k * v for k, v in sorted((p.get("pool") or {}).items()) if v)
    if pool:
        t += Text("  mana ") + styled(pool, "bold yellow")
    if priority:
        t += styled("  ◆ priority", "bold yellow")
    if p.get("lost"):
        t += styled("  LOST", "bold red")
    return t


def stack_line(item: dict, position: int, *, label: str | None = None, selected: bool = False) -> Text:
    t = label_text(label)
    kind = "" if item["kind"] == "spell" else f" ({item['kind']})"
    t += styled(f"{position}. ", DIM) + styled(item["name"], "bold") + styled(kind, DIM)
    t += styled(f"  {item['controller']}", "cyan")
    if item.get("targets"):
        t += styled(" → " + ", ".join(item["targets"]), "magenta")
    if selected:
        t.stylize(SELECTED)
    return t


def log_line(entry: Any, *, selected: bool = False) -> Text:
    """One log event: turn, rule number, text; routine events dimmed."""
    rule = entry.rule or "-"
    t = styled(f"T{entry.turn} ", DIM) + styled(f"{rule:>7} ", "cyan") + Text(entry.text)
    if entry.minor:
        t.stylize(DIM)
    if selected:
        t.stylize(SELECTED)
    return t


def card_detail(card: dict | None, extra: Iterable[str] = ()) -> Text:
    """Everything about one card: name, cost, type, P/T, Oracle text, its state on the
    battlefield, and the sentences the engine does not enforce."""
    if not card:
        return styled("no card selected", DIM)
    t = styled(card["name"], "bold")
    if card.get("cost"):
        t += styled("  " + card["cost"], "cyan")
    t += styled("\n" + card.get("type", ""), "italic")
    p = pt(card)
    if p:
        t += styled("  " + p, "bold cyan")
    text = card.get("text") or ""
    if text:
        t += Text("\n\n" + text)
    state = []
    if "tapped" in card:
        state += [s for s, on in (("tapped", card.get("tapped")), ("summoning sick", card.get("sick"))) if on]
        if card.get("damage"):
            state.append(f"{card['damage']} damage marked")
        for k, v in sorted((card.get("counters") or {}).items()):
            state.append(f"{v} {k} counter{'s' if v != 1 else ''}")
        if card.get("keywords"):
            state.append("has " + ", ".join(card["keywords"]))
        if card.get("attacking"):
            state.append("attacking")
        if card.get("blocking"):
            state.append("blocking")
        if card.get("chosen"):
            state.append(f"chosen: {card['chosen']}")
    state += list(extra)
    if state:
        t += styled("\n\n" + "; ".join(state), "yellow")
    if card.get("controller") and card.get("owner") and card["controller"] != card["owner"]:
        t += styled(f"\nowned by {card['owner']}", DIM)
    if card.get("unsupported"):
        t += styled("\n\nnot enforced by the engine:", "bold red")
        for s in card["unsupported"]:
            t += styled("\n• " + s, "red")
    return t
