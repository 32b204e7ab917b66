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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ...cards.ir import Keyword, PlayerRule
from ...cards.mana import NO_MANA, ManaCost
from ...cards.model import ActivatedAbility, TargetSpec
from ..changes.payment import source_mana
from ..continuous.abilities import activated_abilities, is_summoning_sick, spell_ability, spell_targets
from ..continuous.characteristics import chars
from ..continuous.other_zones import playable_elsewhere
from ..continuous.player_rules import land_plays, player_rules, rules_changed
from ..core import actions as A
from ..core.objects import Obj
from ..core.state import GameState
from ..resolution.division import amount_to_divide, divided_effect, divisions
from ..resolution.spell_costs import alternative_cost, total_cost
from ..resolution.targets import distinct_ok, legal_targets
from .stack import MAIN_STEPS, can_cast_now, check_activate, check_cast, check_play_land

MAX_TARGET_COMBOS = 24
MAX_X = 12


@dataclass(frozen=True)
class Source:
    """Where priority actions come from: a land to play, a card to cast, or the ability
    `index` (1-based) of a permanent or graveyard card."""

    kind: str  # "land", "cast", "activate"
    obj: Obj
    index: int = 0


def target_combos(state: GameState, specs: tuple[TargetSpec, ...], controller: str,
                  source: Obj) -> list[tuple[Any, ...]]:
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
    return sum(state.player(player).pool.values()) + source_mana(state, player)


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
    if len(targets) < 2:
        return [()]
    effect = divided_effect(effects)
    if effect is None:
        return [()]
    return list(itertools.islice(divisions(amount_to_divide(effect, x), len(targets)), MAX_TARGET_COMBOS))


# ------------------------------------------------------------------ sources
class _Screen:
    """The cheap tests of one priority decision, each fact found once and only when a test
    needs it (the mana available, "as though it had flash", land plays left)."""

    def __init__(self, state: GameState, player: str, mana: int | None = None) -> None:
        self.state, self.player = state, player
        self.sorcery = _sorcery_time(state, player)
        self._mana = mana
        self._flash_all: bool | None = None

    @property
    def mana(self) -> int:
        if self._mana is None:
            self._mana = available_mana(self.state, self.player)
        return self._mana

    def card_ok(self, c: _Card) -> bool:
        state, player = self.state, self.player
        if c.land:
            return self.sorcery and state.player(player).lands_played < land_plays(state, player)
        if not self.sorcery and not c.quick:
            if self._flash_all is None:
                self._flash_all = PlayerRule.CAST_AS_THOUGH_FLASH in player_rules(state, player)
            if not self._flash_all:
                return False  # the usual reason, told without building the refusal
        return (c.least <= self.mana or c.alternative) and can_cast_now(state, player, c.obj) is None

    def ability_ok(self, o: Obj, ab: ActivatedAbility) -> bool:
        cost = ab.cost
        if (cost.tap and o.tapped) or (cost.untap and not o.tapped):
            return False
        if (cost.tap or cost.untap) and is_summoning_sick(self.state, o):
            return False
        if (ab.sorcery_speed or cost.loyalty is not None) and not self.sorcery:
            return False
        return cost.mana is None or cost.mana.cmc <= self.mana


def _cards(state: GameState, player: str) -> list[_Card]:
    """The cards `player` might play: one of each name in hand, and those they may play from
    elsewhere (a graveyard land with Crucible of Worlds, the top card of the library with
    Garruk's Horde)."""
    return _hand_cards(state, player) + [_card(state, player, state.objects[i])
                                         for i in playable_elsewhere(state, player)]


def _choices(state: GameState, player: str, sorcery: bool) -> list[Any]:
    """What the random agent chooses among (besides passing and cards from other zones): each
    card in hand, each ability that doesn't make mana, and all mana abilities as one tuple;
    kept until objects change.  When the player couldn't cast a sorcery now (`sorcery`
    False), what only sorcery timing allows is left out (lands, cards without flash,
    sorcery-speed and loyalty abilities), unless "you may cast spells as though they had
    flash": the cheap tests would refuse them all, so the draw is the same, only quicker."""
    if not sorcery and rules_changed(state) and PlayerRule.CAST_AS_THOUGH_FLASH in player_rules(state, player):
        sorcery = True  # keep the cards: they may be cast now
    key = ("choices", player, sorcery)
    found = state.derived.get(key)
    if found is None:
        abilities = _ability_sources(state, player)
        making_mana = tuple(a for a in abilities if a[2].is_mana)
        found = [*(c for c in _hand_cards(state, player) if sorcery or (c.quick and not c.land)),
                 *(a for a in abilities if not a[2].is_mana
                   and (sorcery or not (a[2].sorcery_speed or a[2].cost.loyalty is not None)))]
        if making_mana:
            found.append(making_mana)
        state.derived[key] = found
    return found


def sources(state: GameState, player: str, mana: int, prefilter: bool = True) -> list[Source]:
    """The sources that may have a legal action for `player` now.  With `prefilter`, those
    that fail a cheap necessary test are left out (`mana`: `available_mana`); without, every
    card in hand, every land and every activated ability (for tests of the filter)."""
    screen = _Screen(state, player, mana)
    out = [Source("land" if c.land else "cast", c.obj) for c in _cards(state, player)
           if not prefilter or screen.card_ok(c)]
    out += [Source("activate", o, index) for o, index, ab in _ability_sources(state, player)
            if not prefilter or screen.ability_ok(o, ab)]
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
            found = _Card(o, False, o.card.is_type("Instant") or Keyword.FLASH in chars(state, o).keywords,
                          total_cost(o, 0, 0, state=state, player=player).cmc, alternative_cost(o) is not None)
        state.board[key] = found
    return found


def _hand_cards(state: GameState, player: str) -> list[_Card]:
    """One card of each name in `player`'s hand (identical cards give identical actions);
    kept with the board's answers (what a card costs depends on the permanents) while the
    hand holds the same cards in the same order."""
    key = ("hand_cards", player)
    hand = tuple(state.player(player).hand)
    kept: tuple[tuple[int, ...], list[_Card]] | None = state.board.get(key)
    if kept is not None and kept[0] == hand:
        return kept[1]
    seen: set[str] = set()
    found = []
    for oid in hand:
        o = state.objects[oid]
        if o.name not in seen:
            seen.add(o.name)
            found.append(_card(state, player, o))
    state.board[key] = (hand, found)
    return found


def _ability_sources(state: GameState, player: str) -> list[tuple[Obj, int, ActivatedAbility]]:
    """Every activated ability `player` could activate where it is: of their permanents, and
    of cards in their graveyard that work there (112.6k / 402.8h); kept until objects change."""
    key = ("ability_sources", player)
    found = state.derived.get(key)
    if found is None:
        objects = state.objects
        graveyard = [g for g in (objects[i] for i in state.player(player).graveyard) if _graveyard_abilities(g)]
        found = _permanent_abilities(state, player) + [(o, index, ab) for o in graveyard for index, ab
                                                      in enumerate(activated_abilities(state, o), 1)
                                                      if ab.zone == o.zone]
        state.derived[key] = found
    return found


def _permanent_abilities(state: GameState, player: str) -> list[tuple[Obj, int, ActivatedAbility]]:
    """`_ability_sources` of `player`'s permanents: they depend only on the permanents and
    their characteristics, so they are kept with the board's answers (a card drawn or cast
    doesn't change them), unless characteristics aren't kept either ("as long as the top card
    of your library is ...": a draw changes them)."""
    key = ("permanent_abilities", player)
    found = state.board.get(key)
    if found is None:
        found = [(o, index, ab) for o in state.permanents(player)
                 for index, ab in enumerate(activated_abilities(state, o), 1) if ab.zone == o.zone]
        if not state.board.get("top_card_statics"):
            state.board[key] = found
    return found


def _sorcery_time(state: GameState, player: str) -> bool:
    return state.active == player and state.step in MAIN_STEPS and not state.stack


def _graveyard_abilities(o: Obj) -> bool:
    return o.card.graveyard_abilities


# ------------------------------------------------------------------ actions of a source
def source_actions(state: GameState, player: str, src: Source, mana: int) -> list[A.Action]:
    """The legal actions of one source (each passed the check `Game.act` applies)."""
    return list(_legal(state, src, _candidates(state, player, src, mana)))


def _candidates(state: GameState, player: str, src: Source, mana: int) -> Iterator[A.Action]:
    """Every action of the source worth offering (each X, targets and division), unchecked."""
    o = src.obj
    if src.kind == "land":
        yield A.PlayLand(player, o.id)
        return
    if src.kind == "cast":
        spell = spell_ability(o)
        for x in x_values(state, player, o.card.mana_cost or NO_MANA, mana):
            for targets in target_combos(state, spell_targets(o), player, o):
                for division in divisions_for(spell.effect if spell else (), targets, x or 0):
                    yield A.Cast(player, o.id, targets, x, division=division)
        return
    ab = activated_abilities(state, o)[src.index - 1]
    xs: Iterable[Any]
    if ab.is_mana and len(ab.mana_colors) > 1:
        xs = [None]
    elif ab.cost.loyalty_x:
        xs = range(o.counters.get("loyalty", 0) + 1)
    else:
        xs = x_values(state, player, ab.cost.mana or NO_MANA, mana)
    for modes, chosen in _mode_choices(ab):
        for x in xs:
            for targets in target_combos(state, chosen.targets, player, o):
                for division in divisions_for(chosen.effect, targets, x or 0):
                    yield A.Activate(player, o.id, src.index, targets, x, division=division, modes=modes)


def _mode_choices(ab: ActivatedAbility) -> list[tuple[tuple[int, ...], ActivatedAbility]]:
    """Each choice of mode of an ability, with the ability as activated so (700.2a / 409.1b):
    one per mode of a modal ability, else no choice."""
    if not ab.modes:
        return [((), ab)]
    return [((n,), ab.with_mode(n)) for n in range(1, len(ab.modes) + 1)]


def _legal(state: GameState, src: Source, cands: Iterable[A.Action]) -> Iterator[A.Action]:
    """The candidates the full check accepts, one at a time."""
    check: Callable[[GameState, Any], object] = (check_play_land if src.kind == "land"
                                                 else check_cast if src.kind == "cast" else check_activate)
    for a in cands:
        try:
            check(state, a)
        except A.IllegalAction:
            continue
        yield a


def has_action(state: GameState, player: str, mana_abilities: bool = False) -> bool:
    """Whether `player` has any legal priority action besides passing (and, unless asked,
    besides activating mana abilities, which only fill the pool): stops at the first one, so a
    client asking whether a player can do anything that matters doesn't list them all."""
    mana = available_mana(state, player)
    for src in sources(state, player, mana):
        if src.kind == "activate" and not mana_abilities and activated_abilities(state, src.obj)[src.index - 1].is_mana:
            continue
        if next(_legal(state, src, _candidates(state, player, src, mana)), None) is not None:
            return True
    return False


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
    its actions.  Choices are drawn at random without replacement until one has a legal
    action, the cheap tests and then the full check applied to each as it is drawn: most are
    never looked at.  An activation that costs nothing ("{X}: ..." with X 0) repeats without
    end (Vengeful Archon), so it is offered only now and then."""
    screen = _Screen(state, player)
    choices: list[Any] = [None, *_choices(state, player, screen.sorcery)]
    choices += [_card(state, player, state.objects[i]) for i in playable_elsewhere(state, player)]
    while choices:
        k = int(rng.random() * len(choices))  # (randrange's exactness isn't needed here, and costs)
        choice = choices[k]
        choices[k] = choices[-1]
        choices.pop()
        if choice is None:
            return _pass(player)
        if isinstance(choice, _Card):
            if screen.card_ok(choice):
                actions = source_actions(state, player, Source("land" if choice.land else "cast", choice.obj),
                                         screen.mana)
                if actions:
                    return rng.choice(actions)
            continue
        group = list(choice) if isinstance(choice, tuple) and isinstance(choice[0], tuple) else [choice]
        if len(group) > 1:  # (shuffling one draws no random number)
            rng.shuffle(group)
        for o, index, ab in group:
            if not screen.ability_ok(o, ab):
                continue
            actions = source_actions(state, player, Source("activate", o, index), screen.mana)
            free = [a for a in actions if isinstance(a, A.Activate) and pays_nothing(ab, a.x)]
            if free and rng.random() < 0.95:
                actions = [a for a in actions if a not in free]
            if actions:
                return rng.choice(actions)
    return _pass(player)


_PASSES: dict[str, A.Pass] = {}


def _pass(player: str) -> A.Pass:
    """`player`'s pass (an action is a frozen value: one per player serves every pass)."""
    found = _PASSES.get(player)
    if found is None:
        found = _PASSES[player] = A.Pass(player)
    return found


def prefilter_misses(state: GameState, player: str) -> list[A.Action]:
    """Legal actions the cheap tests wrongly left out (must be none: the fuzzer's check)."""
    mana = available_mana(state, player)
    kept = {(s.kind, s.obj.id, s.index) for s in sources(state, player, mana)}
    return [a for s in sources(state, player, mana, prefilter=False) if (s.kind, s.obj.id, s.index) not in kept
            for a in source_actions(state, player, s, mana)]
