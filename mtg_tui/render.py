"""Turning pieces of `game.view(...)` into Rich text: card chips, battlefield rows, log and
stack lines, the card detail.  Pure functions, so the look is tested without a terminal.

A "chip" is one card (or a group of identical lands) on one line; chips wrap as whole
units, never in the middle of a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from rich.text import Text

from rules.engine.loop.turn import STEPS

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
    """What one battlefield chip shows: one permanent, or identical permanents (same name
    and same visible state) folded into one."""

    ids: tuple[int, ...]
    card: dict
    row: str  # "creature", "other" or "land"
    host: str = ""  # for an Aura or Equipment: the name of what it is attached to
    blocks: str = ""  # for a blocker: the attackers it blocks
    host_id: int | None = None  # for an Aura or Equipment: the permanent it is drawn on
    blocked_by: str = ""  # for an attacker: its blockers, with their P/T
    foreign: str = ""  # for an attachment drawn on another player's permanent: whose it is
    sick: bool = False  # summoning sickness, shown only where it matters (302.6)
    attacks: str = ""  # for an attacker of a planeswalker: its name (a player attacked goes without saying)

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


def sickness_matters(card: dict, active: str | None) -> bool:
    """Whether "sick" is worth showing: summoning sickness only stops its controller
    attacking with it and using its {T} abilities (302.6 / 212.3f), so not on a blocker,
    nor on a creature of the player whose turn it is not unless it has a {T} ability."""
    if not card.get("sick") or card.get("blocking"):
        return False
    tap_ability = any("{T}" in line.partition(":")[0] for line in activated_lines(card))
    return active is None or card.get("controller", active) == active or tap_ability


def _same_look(c: dict, sick: bool) -> tuple:
    """Everything a player sees of a permanent: two with the same look fold into one chip."""
    return (c["name"], c.get("controller"), bool(c.get("tapped")), sick, c.get("damage") or 0,
            tuple(sorted((c.get("counters") or {}).items())), tuple(c.get("keywords") or ()),
            tuple(c.get("granted") or ()), tuple(c.get("pumped") or ()), c.get("regen_shields") or 0, c.get("attacks"),
            tuple(c.get("blocking") or ()), c.get("power"), c.get("toughness"), c.get("loyalty"),
            bool(c.get("token")), c.get("chosen") or "")


def group_battlefield(cards: list[dict], names: dict[int, str], *, everyone: list[dict] | None = None,
                      active: str | None = None, fold_alike: bool = True) -> list[Group]:
    """One player's chips in display order: creatures (attackers first, then blockers in
    the order of what they block, each followed by the Auras and Equipment attached to it,
    whoever controls them), other permanents, then lands; identical permanents fold into one
    chip.  `names` maps the id of every permanent in the game to its display name;
    `everyone` is every permanent in the game (default: `cards`), for what is attached
    across the table and who blocks whom; `active`, the player whose turn it is; with
    `fold_alike` False only plain lands fold (a picker letters each creature)."""
    everyone = cards if everyone is None else everyone
    here = {c["id"] for c in cards}
    on_battlefield = {c["id"] for c in everyone} | here
    attached: dict[int, list[dict]] = {}
    for c in everyone:
        host = c.get("attached_to")
        if isinstance(host, int) and host in here:
            attached.setdefault(host, []).append(c)
    blockers: dict[int, list[dict]] = {}
    for c in everyone:
        for a in c.get("blocking") or ():
            blockers.setdefault(a, []).append(c)
    loose = [c for c in cards if not (isinstance(c.get("attached_to"), int) and c["attached_to"] in on_battlefield)]
    attack_order = {c["id"]: i for i, c in enumerate(c for c in everyone if c.get("attacking"))}

    def combat_key(c: dict) -> tuple:
        if c.get("attacking"):
            return (0, attack_order.get(c["id"], 0))
        if c.get("blocking"):
            return (1, min(attack_order.get(a, 0) for a in c["blocking"]))
        return (2, 0)

    loose.sort(key=lambda c: combat_key(c) if _row(c) == "creature" else (3, 0))
    out: dict[str, list[Group]] = {"creature": [], "other": [], "land": []}
    folded: dict[tuple, int] = {}  # look -> index in its row
    for c in loose:
        row = _row(c)
        sick = sickness_matters(c, active)
        blocks = ", ".join(names.get(a, str(a)) for a in c.get("blocking") or ())
        blocked_by = ", ".join(f"{b['name']} {pt(b)}".strip() for b in blockers.get(c["id"], ())) \
            if c.get("attacking") else ""
        if c["id"] not in attached and (fold_alike or _plain_land(c)):
            look = (row, _same_look(c, sick), blocked_by)
            if look in folded:
                g = out[row][folded[look]]
                out[row][folded[look]] = replace(g, ids=g.ids + (c["id"],))
                continue
            folded[look] = len(out[row])
        attacks = c.get("attacks") or ""
        attacks = attacks if attacks and any(n == attacks for n in names.values()) else ""
        host = c.get("attached_to")  # attached to a player (or to nothing on the battlefield)
        out[row].append(Group((c["id"],), c, row, host=str(names.get(host, host)) if host is not None else "",
                              blocks=blocks, blocked_by=blocked_by, sick=sick, attacks=attacks))
        for a in attached.get(c["id"], []):
            whose = a.get("controller", "")
            foreign = whose if whose and whose != c.get("controller", whose) else ""
            out[row].append(Group((a["id"],), a, row, host=names.get(c["id"], c["name"]), host_id=c["id"],
                                  foreign=foreign))
    return out["creature"] + out["other"] + out["land"]


def display_names(cards: list[dict]) -> dict[int, str]:
    """A name for each permanent a player can read: the card's name, and where several share
    it, what tells them apart (P/T, state, then position), as `choice_labels` does."""
    by_name: dict[str, list[dict]] = {}
    for c in cards:
        by_name.setdefault(c["name"], []).append(c)
    out: dict[int, str] = {}
    for same in by_name.values():
        if len(same) == 1:
            out[same[0]["id"]] = same[0]["name"]
        else:
            out.update(zip((c["id"] for c in same), choice_labels(same), strict=True))
    return out


_INTERNAL_REF = re.compile(r"(?<=\S)#\d+\b")
# the engine's names of steps (`combat_damage`, `declare_attackers`), as words
_STEP_WORD = re.compile(r"\b(?:" + "|".join(s for s in STEPS if "_" in s) + r")\b")


def scrub(text: str) -> str:
    """A text for the screen without the engine's internal names: `Runeclaw Bear#3` (the
    notation's way to tell copies apart) reads `Runeclaw Bear`, `combat_damage` reads
    `combat damage`."""
    return _STEP_WORD.sub(lambda m: m.group(0).replace("_", " "), _INTERNAL_REF.sub("", text))


def scrub_text(t: Text) -> Text:
    """`scrub` for styled text: the styles stay on the characters that remain."""
    for m in reversed(list(_INTERNAL_REF.finditer(t.plain))):
        t = t[:m.start()] + t[m.end():]
    if _STEP_WORD.search(t.plain):
        t = t.copy()
        t.plain = _STEP_WORD.sub(lambda m: m.group(0).replace("_", " "), t.plain)  # same length: spans stay
    return t


MANA_ROLES = {"W": "$mtg-white", "U": "$mtg-blue", "B": "$mtg-black", "R": "$mtg-red", "G": "$mtg-green"}


def mana_text(cost: str, base: str = "") -> Text:
    """A mana cost or pool with each symbol in its colour's role ({G} green, {2} colourless)."""
    t = Text()
    for sym in re.findall(r"\{[^}]*\}|[^{]+", cost):
        colours = [MANA_ROLES[ch] for ch in sym.strip("{}").split("/") if ch in MANA_ROLES]
        t += styled(sym, f"{base} {colours[0] if colours else '$mtg-colorless'}".strip())
    return t


def pt(card: dict) -> str:
    if card.get("power") is not None:
        return f"{card['power']}/{card['toughness']}"
    if card.get("loyalty") is not None:
        return f"[{card['loyalty']}]"
    return ""


def status_tags(card: dict) -> list[str]:
    """A permanent's state in words, for choice labels and the names that tell copies apart."""
    tags = []
    if card.get("tapped"):
        tags.append("tapped")
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


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def choice_labels(cards: list[dict]) -> list[str]:
    """Labels for the options of a choice, in a player's words: the card's name, with its
    P/T and state when it is on the battlefield; options that still read the same are
    told apart by their position in the order shown ("Raging Goblin (1st)", "Raging Goblin (2nd)")."""
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
            out.append(f"{t} ({ordinal(seen[t])})")
        else:
            out.append(t)
    return out


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
    c = g.card
    tags: list[tuple[str, str]] = []
    if c.get("token"):
        tags.append(("token", DIM))
    if c.get("tapped"):
        tags.append(("tapped", DIM))
    if g.sick:
        tags.append(("sick", DIM))
    if c.get("damage"):
        tags.append((f"{c['damage']} dmg", "bold $text-error"))
    for k, v in sorted((c.get("counters") or {}).items()):
        if k != "loyalty":
            tags.append((f"{k}×{v}" if v != 1 else k, "$text-warning"))
    for change in c.get("pumped") or ():
        tags.append((f"{change} this turn", "$text-success"))
    for k in c.get("granted") or ():
        tags.append((f"+{k}", "$text-success"))
    if c.get("regen_shields"):
        n = c["regen_shields"]
        tags.append(("regen shield" + (f"×{n}" if n > 1 else ""), "$text-success"))
    return tags


def combat_text(g: Group) -> Text:
    c = g.card
    if c.get("attacking"):
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
    name = styled(c["name"], "bold" if c.get("power") is not None else "")
    if c.get("tapped"):
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
    t = label_text(label) + styled(a.card["name"], "$text-accent")
    if a.card.get("tapped"):
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


def activated_lines(card: dict) -> list[str]:
    """The card's activated abilities ("{B}: Regenerate Drudge Skeletons."): cost, colon,
    effect (602.1), what a player looks for on a permanent."""
    out = []
    for line in (card.get("text") or "").splitlines():
        cost, colon, _ = line.partition(":")
        if colon and len(cost) <= 40 and '"' not in cost and not cost.lower().startswith(("enchant", "equip")):
            out.append(line)
    return out


BOX_TEXT_ROWS = 3  # a card box shows at most this many rows of the card's rules text


def rules_lines(card: dict) -> list[str]:
    """The card's rules text without the lines that only list keywords it shows anyway
    ("Flying, vigilance", "Enchant creature")."""
    keywords = {k.lower() for k in card.get("keywords") or ()}
    out = []
    for line in (card.get("text") or "").splitlines():
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
    if g.card.get("type"):
        lines.append(styled(g.card["type"], "dim italic"))
    tags = chip_tags(g)
    if tags:
        lines.append(Text(" ").join(styled(text, style) for text, style in tags))
    keywords = [k for k in g.card.get("keywords") or () if k not in (g.card.get("granted") or ())
                and not k.startswith(PRINTED_ONLY)]
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


def hand_chip(card: dict, *, label: str | None = None, selected: bool = False, playable: bool = False,
              picked: bool = False) -> Text:
    t = label_text(label)
    t += styled(card["name"], "bold $mtg-playable" if playable else "")
    if card.get("zone") == "graveyard":  # a card in the graveyard with an ability that works there
        t += styled(" (graveyard)", "dim")
    elif card.get("zone") == "library":  # the top card of the library, castable (Garruk's Horde)
        t += styled(" " + card.get("cost", "") + " (top of library)", "dim")
    elif card.get("cost"):
        t += Text(" ") + mana_text(card["cost"])
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


def player_line(p: dict, *, active: bool, priority: bool, label: str | None = None,
                selected: bool = False, mark: bool = False, short: bool = False) -> Text:
    """A player's line: life, poison, zone counts, mana pool, priority; `short` for a narrow
    panel ("lib 5  gy 1")."""
    t = label_text(label)
    name = styled(p["name"], "bold underline" if active else "bold")
    if selected:
        name.stylize(SELECTED)
    t += name
    if mark:
        t += styled(" ◎target", "bold $text-error")
    life_style = "bold $text-error" if p["life"] <= 5 else "bold $text-success"
    t += Text(" life " if short else "  life ") + styled(str(p["life"]), life_style)
    if p["poison"]:
        t += styled(f"  poison {p['poison']}", "bold $mtg-black")
    if short:
        t += styled(f" lib {p['library']} hand {p['hand_count']} gy {len(p['graveyard'])}"
                    f" exile {len(p['exile'])}", "")
    else:
        t += styled(f"  library {p['library']}  hand {p['hand_count']}  graveyard {len(p['graveyard'])}"
                    f"  exile {len(p['exile'])}", "")
    if p.get("library_top"):  # played with the top card of the library revealed (Vampire Nocturnus)
        t += Text("  top ") + styled(p["library_top"]["name"], "bold")
    pool = "".join(f"{{{k}}}" * v for k, v in sorted((p.get("pool") or {}).items()) if v)
    if pool:
        t += Text("  mana ") + mana_text(pool, "bold")
    if priority:
        t += styled(" ◆ priority" if short else "  ◆ priority", "bold $text-warning")
    if p.get("lost"):
        t += styled("  LOST", "bold $text-error")
    return t


KINDS = {"spell": "", "ability": "ability", "trigger": "trigger", "combat_damage": "combat damage"}


def target_names(item: dict, names: dict[Any, str]) -> list[str]:
    """What a stack object targets, by the names the board shows (`names`, by id), else the
    engine's name for it (a card in a graveyard, a spell), without internal numbers."""
    refs = item.get("target_ids") or [None] * len(item.get("targets") or ())
    engine = item.get("targets") or [str(r) for r in refs]
    return [names[r] if r in names else scrub(str(e)) for r, e in zip(refs, engine, strict=False)]


def stack_line(item: dict, position: int, *, label: str | None = None, selected: bool = False,
               names: dict[Any, str] | None = None, mark: bool = False) -> Text:
    """A spell or ability on the stack: its name, kind, controller and targets (by the names
    the board shows them by: `names`, keyed by id)."""
    t = label_text(label)
    kind = KINDS.get(item["kind"], item["kind"].replace("_", " "))
    t += styled(f"{position}. ", DIM) + styled(scrub(item["name"]), "bold") + styled(f" ({kind})" if kind else "", DIM)
    t += styled(f"  {item['controller']}'s", "$text-secondary")
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


def card_detail(card: dict | None, extra: Iterable[str] = ()) -> Text:
    """Everything about one card: name, cost, type, P/T, Oracle text, its state on the
    battlefield, and the sentences the engine does not enforce."""
    if not card:
        return styled("no card selected", DIM)
    t = styled(card["name"], "bold")
    if card.get("cost"):
        t += Text("  ") + mana_text(card["cost"])
    t += styled("\n" + card.get("type", ""), "italic")
    p = pt(card)
    if p:
        t += styled("  " + p, "bold $mtg-pt")
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
        granted = card.get("granted") or []
        keywords = [k for k in card.get("keywords") or () if k not in granted and not k.startswith(PRINTED_ONLY)]
        if keywords:
            state.append(", ".join(keywords))
        if granted:
            state.append(", ".join(granted) + " until end of turn")
        for change in card.get("pumped") or ():
            state.append(f"{change} until end of turn")
        if card.get("regen_shields"):
            n = card["regen_shields"]
            state.append(f"{n} regeneration shield{'s' if n != 1 else ''}")
        if card.get("attacking"):
            state.append("attacking" + (f" {card['attacks']}" if card.get("attacks") else ""))
        if card.get("blocking"):
            state.append("blocking")
        if card.get("chosen"):
            state.append(f"chosen: {card['chosen']}")
    state += list(extra)
    if state:
        t += styled("\n\n" + "; ".join(scrub(x) for x in state), "$text-warning")
    if card.get("controller") and card.get("owner") and card["controller"] != card["owner"]:
        t += styled(f"\nowned by {card['owner']}", DIM)
    if card.get("unsupported"):
        t += styled("\n\nnot enforced by the engine:", "bold $text-error")
        for s in card["unsupported"]:
            t += styled("\n• " + s, "$text-error")
    return t
