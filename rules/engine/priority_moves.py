"""The answers to a priority decision, one source at a time: a land to play, a card to cast,
an ability to activate.

Listing every legal action runs the full check (`check_cast`, `check_activate`) on every
target and X of every card and ability, and mostly finds that nothing but passing is legal
(a creature card in the upkeep, a spell nobody can pay for).  So each source is first put
through cheap tests that are necessary for any of its actions to be legal (timing, an
untapped source, the mana available at most, computed once), and only the survivors are
expanded and checked.  Sampling shuffles the survivors and expands them one at a time until
one has a legal action: a uniformly random legal source, then a uniformly random action of
it, without listing the rest.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..cards.mana import ManaCost
from ..cards.model import ActivatedAbility, TargetSpec
from . import actions as A
from .characteristics import activated_abilities, chars, is_summoning_sick, spell_ability, spell_targets
from .division import amount_to_divide, divided_effect, divisions
from .objects import Obj
from .other_zones import playable_elsewhere
from .payment import mana_amount, mana_sources
from .player_rules import land_plays, player_rules
from .spell_costs import alternative_cost, total_cost
from .stack import MAIN_STEPS, can_cast_now, check_activate, check_cast, check_play_land
from .state import GameState
from .targets import distinct_ok, legal_targets

MAX_TARGET_COMBOS = 24
MAX_X = 12


@dataclass(frozen=True)
class Source:
    """Where priority actions come from: a land to play, a card to cast, or the ability
    `index` (1-based) of a permanent or graveyard card."""

    kind: str  # "land", "cast", "activate"
    obj: Obj
    index: int = 0


def target_combos(state: GameState, specs: tuple[TargetSpec, ...], controller: str, source: Obj) -> list[tuple]:
    """Legal target tuples for `specs` (distinct within each spec), capped."""
    if not specs:
        return [()]
    per_spec: list[list[tuple[Any, ...]]] = []
    for spec in specs:
        legal = legal_targets(state, spec, controller, source)
        sizes = range(spec.fewest, spec.most(len(legal)) + 1)  # "up to two": none, one or two
        per_spec.append(list(itertools.islice((c for k in sizes for c in itertools.combinations(legal, k)),
                                              MAX_TARGET_COMBOS)))
    out = []
    for combo in itertools.islice(itertools.product(*per_spec), MAX_TARGET_COMBOS):
        targets = tuple(t for part in combo for t in part)
        if distinct_ok(specs, targets):  # "another target" (Cone of Flame)
            out.append(targets)
    return out


def available_mana(state: GameState, player: str) -> int:
    """The most mana `player` could spend now: the pool and every source automatic payment
    may tap (what any cost is checked against)."""
    total = sum(state.player(player).pool.values())
    for o, _, ab in mana_sources(state, player):
        total += mana_amount(state, ab, o)
    return total


def x_values(state: GameState, player: str, cost: ManaCost, mana: int | None = None) -> Iterable[int | None]:
    """The values of X worth offering for `cost`: none without X, else 0 up to what the
    mana available pays for (capped)."""
    if not cost.x_count:
        return [None]
    spare = (available_mana(state, player) if mana is None else mana) - cost.cmc
    return range(min(max(spare, -1) // cost.x_count, MAX_X) + 1)


def divisions_for(effects: Iterable[Any], targets: tuple[Any, ...], x: int) -> Iterable[tuple[int, ...]]:
    """The divisions to offer with `targets`: none to announce unless the effect divides
    damage among two or more targets (601.2d), then each way to divide it (capped)."""
    effect = divided_effect(effects)
    if effect is None or len(targets) < 2:
        return [()]
    return list(itertools.islice(divisions(amount_to_divide(effect, x), len(targets)), MAX_TARGET_COMBOS))


# ------------------------------------------------------------------ sources
def sources(state: GameState, player: str, mana: int, prefilter: bool = True) -> list[Source]:
    """The sources that may have a legal action for `player` now.  With `prefilter`, those
    that fail a cheap necessary test are left out (`mana`: `available_mana`); without, every
    card in hand, every land and every activated ability (for tests of the filter)."""
    out: list[Source] = []
    sorcery = _sorcery_time(state, player)
    flash_all: bool | None = None  # "You may cast spells as though they had flash", asked once
    # a graveyard land (Crucible of Worlds), the top card of the library (Garruk's Horde) too
    cards = _hand_cards(state, player) + [_card(state, player, state.objects[i])
                                          for i in playable_elsewhere(state, player)]
    for c in cards:
        if c.land:
            if not prefilter or (sorcery and state.player(player).lands_played < land_plays(state, player)):
                out.append(Source("land", c.obj))
            continue
        if prefilter:
            if not sorcery and not c.quick:
                if flash_all is None:
                    flash_all = "cast_as_though_flash" in player_rules(state, player)
                if not flash_all:
                    continue  # the usual reason, told without building the refusal
            if (c.least > mana and not c.alternative) or can_cast_now(state, player, c.obj) is not None:
                continue
        out.append(Source("cast", c.obj))
    for o, index, ab in _ability_sources(state, player):
        if prefilter:
            cost = ab.cost
            if (cost.tap and o.tapped) or (cost.untap and not o.tapped):
                continue
            if (cost.tap or cost.untap) and is_summoning_sick(state, o):
                continue
            if (ab.sorcery_speed or cost.loyalty is not None) and not sorcery:
                continue
            if cost.mana is not None and cost.mana.cmc > mana:
                continue
        out.append(Source("activate", o, index))
    return out


@dataclass(frozen=True)
class _Card:
    """A card `player` might play, with what the cheap tests need: whether it is a land,
    whether it may be cast at instant speed (an instant, or flash), the least mana it could
    cost (X 0, the fewest targets, increases and reductions counted), and whether it has an
    alternative cost."""

    obj: Obj
    land: bool
    quick: bool = False
    least: int = 0
    alternative: bool = False


def _card(state: GameState, player: str, o: Obj) -> _Card:
    """What the cheap tests need of a card, kept while it stays where it is and the
    permanents don't change (what it costs depends on them)."""
    key = ("card", o.id, player)
    found = state.board.get(key)
    if found is None or found.obj is not o:
        if o.card.is_type("Land"):
            found = _Card(o, True)
        else:
            found = _Card(o, False, o.card.is_type("Instant") or "flash" in chars(state, o).keywords,
                          total_cost(o, 0, 0, state=state, player=player).cmc, alternative_cost(o) is not None)
        state.board[key] = found
    return found


def _hand_cards(state: GameState, player: str) -> list[_Card]:
    """One card of each name in `player`'s hand (identical cards give identical actions);
    kept until the cards or the permanents change."""
    key = ("hand_cards", player)
    found = state.derived.get(key)
    if found is None:
        seen: set[str] = set()
        found = []
        for oid in state.player(player).hand:
            o = state.objects[oid]
            if o.name not in seen:
                seen.add(o.name)
                found.append(_card(state, player, o))
        state.derived[key] = found
    return found


def _ability_sources(state: GameState, player: str) -> list[tuple[Obj, int, ActivatedAbility]]:
    """Every activated ability `player` could activate where it is: of their permanents, and
    of cards in their graveyard that work there (112.6k / 402.8h); kept until objects change."""
    key = ("ability_sources", player)
    found = state.derived.get(key)
    if found is None:
        graveyard = [state.objects[i] for i in state.player(player).graveyard]
        found = [(o, index, ab) for o in state.permanents(player) + [g for g in graveyard if _graveyard_abilities(g)]
                 for index, ab in enumerate(activated_abilities(state, o), 1) if ab.zone == o.zone]
        state.derived[key] = found
    return found


def _sorcery_time(state: GameState, player: str) -> bool:
    return state.active == player and state.step in MAIN_STEPS and not state.stack


def _graveyard_abilities(o: Obj) -> bool:
    return any(getattr(ab, "zone", "") == "graveyard" for ab in o.card.abilities)


# ------------------------------------------------------------------ actions of a source
def source_actions(state: GameState, player: str, src: Source, mana: int) -> list[A.Action]:
    """The legal actions of one source (each passed the check `Game.act` applies)."""
    if src.kind == "land":
        return _checked([A.PlayLand(player, src.obj.id)], lambda a: check_play_land(state, a))
    if src.kind == "cast":
        o = src.obj
        spell = spell_ability(o)
        casts: list[A.Action] = [A.Cast(player, o.id, targets, x, division=division)
                 for x in x_values(state, player, o.card.mana_cost or ManaCost(), mana)
                 for targets in target_combos(state, spell_targets(o), player, o)
                 for division in divisions_for(spell.effect if spell else (), targets, x or 0)]
        return _checked(casts, lambda a: check_cast(state, a))
    o = src.obj
    ab = activated_abilities(state, o)[src.index - 1]
    xs: Iterable[Any]
    if ab.is_mana and len(ab.mana_colors) > 1:
        xs = [None]
    elif ab.cost.loyalty_x:
        xs = range(o.counters.get("loyalty", 0) + 1)
    else:
        xs = x_values(state, player, ab.cost.mana or ManaCost(), mana)
    activations: list[A.Action] = [A.Activate(player, o.id, src.index, targets, x, division=division)
             for x in xs for targets in target_combos(state, ab.targets, player, o)
             for division in divisions_for(ab.effect, targets, x or 0)]
    return _checked(activations, lambda a: check_activate(state, a))


def _checked(cands: list[A.Action], check: Callable[[Any], object]) -> list[A.Action]:
    out = []
    for a in cands:
        try:
            check(a)
        except A.IllegalAction:
            continue
        out.append(a)
    return out


def priority_options(state: GameState, player: str) -> list[A.Action]:
    """Every legal answer to `player`'s priority: passing first, then each source's actions."""
    mana = available_mana(state, player)
    out: list[A.Action] = [A.Pass(player)]
    for src in sources(state, player, mana):
        out += source_actions(state, player, src, mana)
    return out


def pays_nothing(ab: ActivatedAbility, x: int | None) -> bool:
    """An activation whose whole cost is {X} with X 0: legal any number of times."""
    c = ab.cost
    return (x == 0 and c.mana is not None and c.mana.x_count > 0 and c.mana.cmc == 0 and not c.tap
            and not c.untap and not c.sacrifice_self and c.sacrifice is None and c.loyalty is None
            and not c.life and c.remove_counters is None and not c.discard_count and not c.exile_self
            and c.discard is None)


def sample_priority(state: GameState, player: str, rng: random.Random) -> A.Action:
    """A random legal answer to `player`'s priority: a uniformly random choice among passing,
    making mana (all mana abilities together: one choice, so a player with many lands isn't
    mostly tapping them for nothing) and each other source with a legal action, then one of
    its actions.  The choices are expanded in a random order until one has an action, so
    most sources are never checked in full.  An activation that costs nothing ("{X}: ..."
    with X 0) repeats without end (Vengeful Archon), so it is offered only now and then."""
    mana = available_mana(state, player)
    found = sources(state, player, mana)
    making_mana = [s for s in found if s.kind == "activate" and _ability(state, s).is_mana]
    order: list[list[Source] | None] = [None, *([s] for s in found if s not in making_mana)]  # None: pass
    if making_mana:
        order.append(making_mana)
    rng.shuffle(order)
    for group in order:
        if group is None:
            return A.Pass(player)
        rng.shuffle(group)
        for src in group:
            actions = source_actions(state, player, src, mana)
            if src.kind == "activate":
                ab = _ability(state, src)
                free = [a for a in actions if isinstance(a, A.Activate) and pays_nothing(ab, a.x)]
                if free and rng.random() < 0.95:
                    actions = [a for a in actions if a not in free]
            if actions:
                return rng.choice(actions)
    return A.Pass(player)


def _ability(state: GameState, src: Source) -> ActivatedAbility:
    return activated_abilities(state, src.obj)[src.index - 1]


def prefilter_misses(state: GameState, player: str) -> list[A.Action]:
    """Legal actions the cheap tests wrongly left out (must be none: the fuzzer's check)."""
    mana = available_mana(state, player)
    kept = {(s.kind, s.obj.id, s.index) for s in sources(state, player, mana)}
    return [a for s in sources(state, player, mana, prefilter=False) if (s.kind, s.obj.id, s.index) not in kept
            for a in source_actions(state, player, s, mana)]
