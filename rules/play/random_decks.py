"""Seeded random decks from the card pool, so the fuzzer plays every card, not only the
bundled decks'.

A deck is a pure function of its seed and pool: two or three colours, 36 spells of those
colours (or colourless) in ones to fours, and 24 basic lands split by the spells' coloured
mana symbols.  The decks are legal (60 cards, at most four of a card: 100.2a / 100.2) and
playable enough: about a third of the spells cost two or less."""

from __future__ import annotations

import random
from collections import Counter

from ..cards import card_names, card_set, card_sources, get_card
from ..cards.model import CardDef
from .construction import construction_problems, copy_limit

POOLS = ("supported", "all")
COLORS = "WUBRG"
BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
SPELLS = 36
LANDS = 24


def _spell_pool(pool: str) -> list[CardDef]:
    """The nonland cards a random deck may hold (lands come as basics; a nonbasic land's
    mana is not what the deck's colours were chosen for)."""
    if pool not in POOLS:
        raise ValueError(f"unknown pool {pool!r}: one of {', '.join(POOLS)}")
    cards = [get_card(n) for n in card_names()]
    return [c for c in cards if not c.is_type("Land") and (pool == "all" or c.supported)]


def imported_sets(pool: str) -> list[str]:
    """The sets of the added cards (`mtg-tui cards import`, rules.cards.add_card_dir) among
    those random decks of `pool` are built from: with them the same seed builds other decks,
    so a run that reports a seed must say so for it to be reproduced elsewhere."""
    added = {name for name, source in card_sources().items() if source is not None}
    return sorted({card_set(c.name) for c in _spell_pool(pool) if c.name in added})


def random_deck(seed: int, pool: str = "supported") -> list[str]:
    """A legal 60-card deck for `seed`: the same seed and pool give the same deck."""
    rng = random.Random(f"deck:{pool}:{seed}")
    colors = set(rng.sample(COLORS, rng.choice((2, 3))))
    spells = [c for c in _spell_pool(pool) if c.colors <= colors]
    spells.sort(key=lambda c: c.name)
    cheap = [c for c in spells if c.cmc <= 2]
    deck: Counter[str] = Counter()
    while sum(deck.values()) < SPELLS:
        card = rng.choice(cheap if cheap and sum(deck.values()) < SPELLS // 3 else spells)
        limit = copy_limit(card)
        room = SPELLS - sum(deck.values())
        most = room if limit is None else min(room, limit - deck[card.name])
        if most > 0:
            deck[card.name] += rng.randint(1, min(most, 4))
    deck.update(_lands(deck, sorted(colors)))
    names = sorted(deck.elements())
    problems = construction_problems(names)
    if problems:  # a bug here, not a bad seed: say which deck
        raise AssertionError(f"random deck {seed} ({pool}) is illegal: {'; '.join(problems)}")
    return names


def _lands(spells: Counter[str], colors: list[str]) -> Counter[str]:
    """24 basic lands, each colour's share its share of the spells' coloured symbols (at
    least three of each colour chosen)."""
    symbols: dict[str, float] = dict.fromkeys(colors, 0.0)
    for name, n in spells.items():
        cost = get_card(name).mana_cost
        for sym in cost.colored if cost else ():
            for c in sym:
                if c in symbols:
                    symbols[c] += n / len(sym)
    weights = {c: symbols[c] + 1 for c in colors}
    total = sum(weights.values())
    lands = {c: max(3, round(LANDS * w / total)) for c, w in weights.items()}
    while sum(lands.values()) > LANDS:
        lands[max(lands, key=lambda c: lands[c])] -= 1
    while sum(lands.values()) < LANDS:
        lands[max(weights, key=lambda c: weights[c])] += 1
    return Counter({BASIC[c]: n for c, n in lands.items()})


def deck_text(cards: list[str]) -> str:
    """The deck as a plain list (`4 Name` lines), to save and replay it."""
    return "".join(f"{n} {name}\n" for name, n in sorted(Counter(cards).items()))
