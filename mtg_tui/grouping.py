"""What the board shows, in words and without Rich: a battlefield grouped into chips (`Group`,
`group_battlefield`), the names that tell copies apart (`display_names`, `choice_labels`),
a permanent's state in words, and texts rid of the engine's internal names (`scrub`).  Both the
Rich rendering (render) and the headless game controller (board, game_controller) read them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from rules.engine.api.view_types import CardView, PermanentView, StackItemView
from rules.engine.core.objects import StackItem
from rules.engine.loop.turn import STEPS

# what a card off the battlefield shows of a permanent's state: nothing (read where a card may be either)
NOT_ON_THE_BATTLEFIELD = PermanentView(False, False, 0, MappingProxyType({}), None, (), False, (), (), (), 0, None)


def state_of(card: CardView) -> PermanentView:
    """The card's state as a permanent, or none of it (untapped, no damage, ...) elsewhere."""
    return card.permanent or NOT_ON_THE_BATTLEFIELD


@dataclass(frozen=True, slots=True)
class CardFacts:
    """A card as printed, of no object (what a spell or ability on the stack is from): what
    the card detail reads of a `CardView`, with the printed P/T ("*" as printed)."""

    name: str
    cost: str = ""
    type: str = ""
    text: str = ""
    unsupported: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: None = None
    owner: str = ""
    controller: str = ""
    permanent: None = None


@dataclass(frozen=True)
class Group:
    """What one battlefield chip shows: one permanent, or identical permanents (same name
    and same visible state) folded into one."""

    ids: tuple[int, ...]
    card: CardView
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


def _row(card: CardView) -> str:
    t = card.type
    if "Creature" in t:
        return "creature"
    if "Land" in t:
        return "land"
    return "other"


def _plain_land(card: CardView) -> bool:
    p = state_of(card)
    return _row(card) == "land" and not p.counters and p.attached_to is None and not p.attacking and not p.damage


def sickness_matters(card: CardView, active: str | None) -> bool:
    """Whether "sick" is worth showing: summoning sickness only stops its controller
    attacking with it and using its {T} abilities (302.6 / 212.3f), so not on a blocker,
    nor on a creature of the player whose turn it is not unless it has a {T} ability."""
    if not state_of(card).sick or state_of(card).blocking:
        return False
    tap_ability = any("{T}" in line.partition(":")[0] for line in activated_lines(card))
    return active is None or card.controller == active or tap_ability


def _same_look(c: CardView, sick: bool) -> tuple[object, ...]:
    """Everything a player sees of a permanent: two with the same look fold into one chip."""
    p = state_of(c)
    return (c.name, c.controller, p.tapped, sick, p.damage, tuple(sorted(p.counters.items())), p.keywords,
            p.granted, p.pumped, p.regen_shields, p.attacks, p.blocking, c.power, c.toughness, c.loyalty,
            c.token, p.chosen or "")


def group_battlefield(cards: Sequence[CardView], names: dict[int, str], *, everyone: Sequence[CardView] | None = None,
                      active: str | None = None, fold_alike: bool = True) -> list[Group]:
    """One player's chips in display order: creatures (attackers first, then blockers in
    the order of what they block, each followed by the Auras and Equipment attached to it,
    whoever controls them), other permanents, then lands; identical permanents fold into one
    chip.  `names` maps the id of every permanent in the game to its display name;
    `everyone` is every permanent in the game (default: `cards`), for what is attached
    across the table and who blocks whom; `active`, the player whose turn it is; with
    `fold_alike` False only plain lands fold (a picker letters each creature)."""
    everyone = cards if everyone is None else everyone
    here = {c.id for c in cards}
    on_battlefield = {c.id for c in everyone} | here
    attached: dict[int, list[CardView]] = {}
    for c in everyone:
        host = state_of(c).attached_to
        if isinstance(host, int) and host in here:
            attached.setdefault(host, []).append(c)
    blockers: dict[int, list[CardView]] = {}
    for c in everyone:
        for a in state_of(c).blocking:
            blockers.setdefault(a, []).append(c)
    loose = [c for c in cards if not (isinstance(host := state_of(c).attached_to, int) and host in on_battlefield)]
    attack_order = {c.id: i for i, c in enumerate(c for c in everyone if state_of(c).attacking)}

    def combat_key(c: CardView) -> tuple[object, ...]:
        if state_of(c).attacking:
            return (0, attack_order.get(c.id, 0))
        if state_of(c).blocking:
            return (1, min(attack_order.get(a, 0) for a in state_of(c).blocking))
        return (2, 0)

    loose.sort(key=lambda c: combat_key(c) if _row(c) == "creature" else (3, 0))
    out: dict[str, list[Group]] = {"creature": [], "other": [], "land": []}
    folded: dict[tuple[object, ...], int] = {}  # look -> index in its row
    for c in loose:
        row = _row(c)
        sick = sickness_matters(c, active)
        blocks = ", ".join(names.get(a, str(a)) for a in state_of(c).blocking)
        blocked_by = ", ".join(f"{b.name} {pt(b)}".strip() for b in blockers.get(c.id, ())) \
            if state_of(c).attacking else ""
        if c.id not in attached and (fold_alike or _plain_land(c)):
            look = (row, _same_look(c, sick), blocked_by)
            if look in folded:
                g = out[row][folded[look]]
                out[row][folded[look]] = replace(g, ids=g.ids + (c.id,))
                continue
            folded[look] = len(out[row])
        attacks = state_of(c).attacks or ""
        attacks = attacks if attacks and any(n == attacks for n in names.values()) else ""
        host = state_of(c).attached_to  # attached to a player (or to nothing on the battlefield)
        shown_host = str(names.get(host, host)) if isinstance(host, int) else (host or "")
        out[row].append(Group((c.id,), c, row, host=shown_host,
                              blocks=blocks, blocked_by=blocked_by, sick=sick, attacks=attacks))
        for att in attached.get(c.id, []):
            whose = att.controller
            foreign = whose if whose and whose != (c.controller or whose) else ""
            out[row].append(Group((att.id,), att, row, host=names.get(c.id, c.name), host_id=c.id,
                                  foreign=foreign))
    return out["creature"] + out["other"] + out["land"]


def display_names(cards: Sequence[CardView]) -> dict[int, str]:
    """A name for each permanent a player can read: the card's name, and where several share
    it, what tells them apart (P/T, state, then position), as `choice_labels` does."""
    by_name: dict[str, list[CardView]] = {}
    for c in cards:
        by_name.setdefault(c.name, []).append(c)
    out: dict[int, str] = {}
    for same in by_name.values():
        if len(same) == 1:
            out[same[0].id] = same[0].name
        else:
            out.update(zip((c.id for c in same), choice_labels(same), strict=True))
    return out


INTERNAL_REF = re.compile(r"(?<=\S)#\d+\b")


# the engine's names of steps (`combat_damage`, `declare_attackers`), as words
STEP_WORD = re.compile(r"\b(?:" + "|".join(s for s in STEPS if "_" in s) + r")\b")


def scrub(text: str) -> str:
    """A text for the screen without the engine's internal names: `Runeclaw Bear#3` (the
    notation's way to tell copies apart) reads `Runeclaw Bear`, `combat_damage` reads
    `combat damage`."""
    return STEP_WORD.sub(lambda m: m.group(0).replace("_", " "), INTERNAL_REF.sub("", text))


def pt(card: CardView | CardFacts) -> str:
    if card.power is not None:
        return f"{card.power}/{card.toughness}"
    if card.loyalty is not None:
        return f"[{card.loyalty}]"
    return ""


def status_tags(card: CardView) -> list[str]:
    """A permanent's state in words, for choice labels and the names that tell copies apart."""
    tags = []
    p = state_of(card)
    if p.tapped:
        tags.append("tapped")
    if p.sick:
        tags.append("sick")
    if p.damage:
        tags.append(f"{p.damage} dmg")
    for k, v in sorted(p.counters.items()):
        if k != "loyalty":
            tags.append(f"{k}×{v}" if v != 1 else k)
    if p.attacking:
        tags.append("attacking")
    return tags


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def choice_labels(cards: Sequence[CardView | str]) -> list[str]:
    """Labels for the options of a choice, in a player's words: the card's name, with its
    P/T and state when it is on the battlefield (an option that is no card: its words);
    options that still read the same are told apart by their position in the order shown
    ("Raging Goblin (1st)", "Raging Goblin (2nd)")."""
    texts = []
    for c in cards:
        if isinstance(c, str):
            texts.append(c)
            continue
        bits = [c.name]
        if c.permanent is not None:
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


def activated_lines(card: CardView) -> list[str]:
    """The card's activated abilities ("{B}: Regenerate Drudge Skeletons."): cost, colon,
    effect (602.1), what a player looks for on a permanent."""
    out = []
    for line in card.text.splitlines():
        cost, colon, _ = line.partition(":")
        if colon and len(cost) <= 40 and '"' not in cost and not cost.lower().startswith(("enchant", "equip")):
            out.append(line)
    return out


# the steps' names as the client says them
STEP_NAMES = {
    "untap": "untap", "upkeep": "upkeep", "draw": "draw", "main1": "main 1", "begin_combat": "begin combat",
    "declare_attackers": "attackers", "declare_blockers": "blockers", "first_strike_damage": "first strike",
    "combat_damage": "damage", "end_combat": "end combat", "main2": "main 2", "end": "end", "cleanup": "cleanup",
}


def target_names(item: StackItemView, names: Mapping[Any, str]) -> list[str]:
    """What a stack object targets, by the names the board shows (`names`, by id), else the
    engine's name for it (a card in a graveyard, a spell), without internal numbers."""
    return [names[r] if r in names else scrub(e) for r, e in zip(item.target_ids, item.targets, strict=False)]


def on_the_stack(item: StackItem) -> str:
    """How a cover names what is on the stack: "bob's Lightning Bolt", "bob's Royal Assassin
    ability"."""
    if item.kind in ("ability", "trigger"):
        return f"{item.controller}'s {scrub(item.name)} ability"
    if item.kind == "combat_damage":
        return "combat damage"
    return f"{item.controller}'s {scrub(item.name)}"
