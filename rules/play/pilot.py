"""The goldfish pilot: a deterministic policy that plays a deck against a goldfish (the deck
lab's autopilot; `autopilot.goldfish_answer` is the goldfish itself, which never acts).

The policy, decision by decision:

- **Mulligan** (`keep_hand`): judged on the hand it would keep (7 cards, or 7 less the
  mulligans taken under the London rule, or the cards in hand under the others).  Seven
  cards: keep 2-5 lands.  Fewer: keep 1-4 lands (London: when the seven seen allow such a
  hand after the bottom cards go).  A hand of 4 or fewer is always kept.  London bottom
  cards: lands beyond half of the hand kept, then the spells of the highest mana value.
- **Priority**, on the owner's turn with the stack empty, in a main phase:
  1. play a land when it can, preferring one that enters untapped and makes a colour the
     spells in hand need and its mana sources don't make yet;
  2. cast in curve order: of the spells it may cast now (see "held" below), the set that
     spends the most mana this turn (ties: the most mana on creatures), creatures first,
     then other permanents, then other spells; then an {X} spell with all the mana left;
  3. activate a planeswalker's loyalty ability (tokens or damage first, a plus ability
     otherwise, never one that would put it to 0 loyalty);
  4. in the second main phase: abilities with only {T} and mana in their cost that deal
     damage, at the goldfish's face.
  Held (not cast in a main phase): pump spells and other tricks that help the owner's
  creatures (cast in combat on an attacking creature), "creatures you control get ..."
  sorceries unless two creatures can attack, spells that end the turn (until the second
  main phase), spells that destroy, exile, bounce or damage a group of permanents while
  the owner controls a creature, and removal, Auras that hurt and other spells that hurt a permanent when the
  opponent has no permanent to aim them at.
  In the declare blockers step of its own combat, it casts held tricks on its attackers and
  activates "+N/+0"-style abilities of its attackers with the mana left.  Everywhere else
  it passes.
- **Attacks**: every creature that can attack, at the goldfish, when the goldfish has no
  untapped creature able to block; otherwise only the creatures none of those can block
  for their evasion (flying, landwalk, fear, intimidate, "can't be blocked").
- **Targets**: damage and "target player" harm go to the goldfish's face (then its
  creatures, biggest first); removal and hurtful Auras to the opponent's permanents; pumps,
  helpful Auras and other benefits to the owner's own creatures (attacking ones first, then
  the biggest), card draw and life gain to the owner.
- **Other decisions**: "may" -> yes; colours -> the one the hand needs most; discard -> the
  extra lands, then the most expensive spells; orders -> as offered; damage assignment ->
  lethal damage to each blocker in order, the rest to the last; any other choice -> the
  first offered.  An answer the engine would refuse is never sent: every candidate is
  checked with the engine's own checks (`check_play_land`, `check_cast`, `check_activate`,
  `check_attackers`, `Game.check`), and when none passes the pilot falls back to a seeded
  random legal answer (`legal.random_answer`).

It never lists every legal action (that is the simulator's slow path): it looks at the hand
and the permanents and checks only the candidates it wants, in order.  Its only randomness
is that fallback, seeded, so a game is a function of its seed.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..cards import ir
from ..cards.mana import COLOR_NAMES, ManaCost
from ..cards.model import ActivatedAbility, EnchantAbility, StaticAbility, TargetSpec
from ..engine.api.game import Game
from ..engine.changes.payment import source_mana
from ..engine.combat.combat import LANDWALK, can_attack, can_block, check_attackers
from ..engine.continuous.abilities import activated_abilities, spell_ability, spell_targets
from ..engine.continuous.characteristics import chars
from ..engine.core import actions as A
from ..engine.core.decisions import (
    AttackersDecision,
    BottomDecision,
    ChooseColorDecision,
    ChooseNameDecision,
    Decision,
    DiscardDecision,
    MulliganDecision,
    PriorityDecision,
    TargetsDecision,
    YesNoDecision,
)
from ..engine.core.objects import Obj
from ..engine.core.state import GameState
from ..engine.loop.kinds import home_of
from ..engine.loop.legal import random_answer
from ..engine.loop.stack import check_activate, check_cast, check_play_land
from ..engine.resolution.targets import legal_targets

MAIN_STEPS = ("main1", "main2")
MAX_ACTIVATIONS = 4  # the most times the pilot activates one ability in a turn (no endless loops)

# what an effect does to the object or player it names: hurts it, or helps it
_HARMFUL = (ir.DealDamage, ir.DealDividedDamage, ir.Destroy, ir.Exile, ir.ReturnToHand, ir.PutOnTopOfLibrary,
            ir.PutOnBottomOfLibrary, ir.LoseLife, ir.Discard, ir.Mill, ir.Restrict, ir.GainControl,
            ir.CounterSpell, ir.SwitchPT)
_HELPFUL = (ir.PumpBy, ir.Regenerate, ir.Draw, ir.GainLife, ir.PreventThisTurn, ir.PreventNextDamageTo)
_FACE_KINDS = ("any", "player", "opponent", "player_or_planeswalker")
# among the spells spending the most mana, which to cast first (lower first; any other kind: 6)
_CAST_ORDER = {"creature": 0, "permanent": 1, "aura": 2, "team_pump": 3, "removal": 4, "spell": 5, "sweeper": 5,
               "late": 6}


def keep_hand(hand_lands: int, hand_size: int, mulligans: int, rule: str) -> bool:
    """The mulligan rule of the pilot (module docstring): keep or not, from the lands among
    the `hand_size` cards in hand after `mulligans` mulligans under `rule`."""
    keep_size = max(hand_size - mulligans, 0) if rule == "london" else hand_size
    if keep_size <= 4:
        return True
    if keep_size >= 7:
        return 2 <= hand_lands <= 5
    if rule == "london":  # the cards to bottom can be lands or spells: can the kept part have 1-4 lands?
        spells = hand_size - hand_lands
        return hand_lands >= 1 and spells >= keep_size - 4
    return 1 <= hand_lands <= 4


# ------------------------------------------------------------------ reading cards

def _refs_target(value: Any, index: int) -> bool:
    return isinstance(value, ir.TargetRef) and value.index == index


def _refers_within(value: Any, index: int) -> bool:
    """Whether `value` names target `index` anywhere inside it ("creatures target player
    controls")."""
    if isinstance(value, ir.TargetRef):
        return value.index == index
    if isinstance(value, tuple | list):
        return any(_refers_within(v, index) for v in value)
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return any(_refers_within(v, index) for v in vars(value).values())
    return False


def effects_within(effects: Iterable[Any]) -> Iterable[Any]:
    """Every effect, those inside "you may" and "if" included."""
    for e in effects:
        yield e
        if isinstance(e, ir.May):
            yield from effects_within(e.body)
        elif isinstance(e, ir.If):
            yield from effects_within(e.body)
            yield from effects_within(e.orelse)


def target_role(effects: tuple[Any, ...], index: int, deep: bool = False) -> int:
    """How the effects treat target `index`: > 0 they help it, < 0 they hurt it, 0 unknown.
    `deep`: an effect on objects the target only qualifies ("tap all creatures target player
    controls") counts as an effect on the target; otherwise only effects naming it do."""
    refers = _refers_within if deep else _refs_target
    score = 0
    for e in effects_within(effects):
        names = [v for v in vars(e).values() if refers(v, index)] if hasattr(e, "__dict__") else []
        if not names:
            continue
        if isinstance(e, ir.Pump):
            score += 1 if (e.power + e.toughness) >= 0 else -1
        elif isinstance(e, ir.Tap):
            score += 1 if e.untap else -1
        elif isinstance(e, ir.AddCounters):
            score += -1 if e.kind.startswith("-") else 1
        elif isinstance(e, _HARMFUL):
            score -= 1
        elif isinstance(e, _HELPFUL):
            score += 1
    return score


def _aura_role(o: Obj) -> int:
    """An Aura's effect on what it enchants: > 0 helps, < 0 hurts (a restriction, a minus, or
    taking control: the opponent's creature is the one to enchant), 0 unknown."""
    score = 0
    for ab in o.card.abilities:
        if not isinstance(ab, StaticAbility) or isinstance(ab, EnchantAbility):
            continue
        pt = [e for e in ab.effects if isinstance(e, ir.ModifyPT)]
        if ab.restrictions or any(e.power < 0 or e.toughness < 0 for e in pt) \
                or any(isinstance(e, ir.ControlAffected) for e in ab.effects):
            score -= 1
        elif any(e.power > 0 or e.toughness > 0 for e in pt) \
                or any(isinstance(e, ir.GrantKeywords) for e in ab.effects):
            score += 1
    return score


def _damages_face(effects: tuple[Any, ...], specs: tuple[TargetSpec, ...]) -> bool:
    """Whether the effects deal damage (or life loss) to a target that may be a player, or
    to each opponent."""
    for e in effects_within(effects):
        if isinstance(e, (ir.DealDamage, ir.DealDividedDamage, ir.LoseLife)):
            to = getattr(e, "to", None) or getattr(e, "players", None)
            if isinstance(to, ir.EachOpponent | ir.EachPlayer):
                return True
            if isinstance(to, ir.TargetRef) and to.index < len(specs) and specs[to.index].kind in _FACE_KINDS:
                return True
    return False


def _sweeps(effects: tuple[Any, ...]) -> bool:
    """Whether the effects destroy, exile, bounce or damage a group of permanents ("Destroy
    all creatures"): the owner's own with them."""
    for e in effects_within(effects):
        if isinstance(e, (ir.Destroy, ir.Exile, ir.ReturnToHand, ir.DealDamage)):
            ref = e.to if isinstance(e, ir.DealDamage) else e.objects
            if isinstance(ref, ir.Permanents | ir.Remember):
                return True
        if isinstance(e, ir.Pump) and isinstance(e.objects, ir.Permanents | ir.Remember) and e.toughness < 0:
            return True
    return False


def _pumps_team(effects: tuple[Any, ...]) -> bool:
    """"Creatures you control get +N/+N ..." (Overrun)."""
    for e in effects_within(effects):
        if isinstance(e, ir.Pump) and not isinstance(e.objects, ir.TargetRef) and e.power > 0:
            return True
    return False


@dataclass
class _Plan:
    """What the pilot makes of a card in hand (computed once per card)."""

    kind: str  # "creature", "permanent", "spell", "trick", "team_pump", "removal", "x_spell", "aura"
    cmc: int
    specs: tuple[TargetSpec, ...]
    roles: tuple[int, ...]
    face: bool


@dataclass
class TurnNotes:
    """What the pilot saw on one of its owner's turns (the lab reads these)."""

    cast: int = 0
    held_uncastable: bool = False  # at its last main-phase look: nonland cards, none castable


@dataclass
class Pilot:
    """The goldfish pilot for `player` (module docstring).  `answer(game, decision)` returns
    a legal answer to a decision of that player."""

    player: str
    seed: int = 0
    notes: dict[int, TurnNotes] = field(default_factory=dict)  # by game turn
    _rng: random.Random = field(init=False, repr=False)
    _plans: dict[str, _Plan] = field(default_factory=dict, init=False, repr=False)
    _refused: dict[int, int] = field(default_factory=dict, init=False, repr=False)  # card -> mana then
    _refused_turn: int = field(default=-1, init=False, repr=False)
    _uses: Counter[tuple[int, int]] = field(default_factory=Counter, init=False, repr=False)
    _land_done: int = field(default=-1, init=False, repr=False)  # the turn whose land drops are all made
    _mana_key: tuple[int, ...] = field(default=(), init=False, repr=False)
    _mana_now: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed * 7919 + 31)

    # ------------------------------------------------------------ the entry point
    def answer(self, game: Game, d: Decision) -> A.Action:
        state = game.state
        action = self._choose(game, state, d)
        if action is None or (not isinstance(d, PriorityDecision | AttackersDecision) and game.check(action)):
            action = random_answer(state, d, self._rng)  # nothing sensible is legal: any legal answer
        return action

    def _choose(self, game: Game, state: GameState, d: Decision) -> A.Action | None:
        p = self.player
        match d:
            case PriorityDecision():
                return self._priority(state)
            case MulliganDecision():
                return self._keep_or_mulligan(state)
            case BottomDecision():
                return A.Choose(p, tuple(self._bottom(state, list(d.cards), d.count)))
            case DiscardDecision():
                return A.Discard(p, tuple(self._bottom(state, list(d.cards), d.count)))
            case AttackersDecision():
                return self._attack(state, d)
            case YesNoDecision():
                return A.YesNo(p, True)
            case TargetsDecision():
                return self._trigger_targets(state, d)
            case ChooseColorDecision():
                return self._color(state, d)
            case ChooseNameDecision():
                names = d.suggested or d.names
                return A.Choose(p, (names[0],)) if names else None
        # no opinion of its own: no blockers, orders as offered, lethal damage to each blocker in
        # order, no cards, the first choice offered (the answer its kind's home says does the least)
        return home_of(d).least(state, d)

    def _keep_or_mulligan(self, state: GameState) -> A.Action:
        """Keeps a hand with a sensible number of lands (`keep_hand`)."""
        p = self.player
        hand = state.player(p).hand
        lands = sum(1 for i in hand if state.objects[i].card.is_type("Land"))
        keep = keep_hand(lands, len(hand), state.player(p).mulligans, state.mulligan_rule)
        return A.Keep(p) if keep else A.Mulligan(p)

    def _trigger_targets(self, state: GameState, d: TargetsDecision) -> A.Action | None:
        """A triggered ability's targets, each picked for its role in the effect; None (a random
        answer) for damage to divide, no trigger to aim with, or a target it can't pick."""
        if d.divide or d.trigger is None:
            return None
        effects = d.trigger.ability.effect
        picks: list[Any] = []
        for i, (spec, legal) in enumerate(zip(d.specs, d.legal, strict=True)):
            chosen = self._pick(state, spec, [t for t in legal if t not in picks], target_role(effects, i),
                                strict=False)
            if chosen is None:
                return None
            picks += chosen
        return A.ChooseTargets(self.player, tuple(picks))

    def _color(self, state: GameState, d: ChooseColorDecision) -> A.Action | None:
        """The color its cards need most (the first offered of those needed as much)."""
        need = self._colors_needed(state)
        best = max(d.colors, key=lambda c: (need[c], -d.colors.index(c)), default=None)
        return A.Choose(self.player, (COLOR_NAMES[best],)) if best else None

    # ------------------------------------------------------------ priority
    def _priority(self, state: GameState) -> A.Action:
        p = self.player
        if state.active != p or state.stack:
            return A.Pass(p)
        step = state.step
        if step in MAIN_STEPS:
            notes = self.notes.setdefault(state.turn, TurnNotes())
            action = self._main(state, step, notes)
            if action is not None:
                if isinstance(action, A.Cast):
                    notes.cast += 1
                return action
        elif step == "declare_blockers":
            action = self._combat_tricks(state)
            if action is not None:
                if isinstance(action, A.Cast):
                    self.notes.setdefault(state.turn, TurnNotes()).cast += 1
                return action
        return A.Pass(p)

    def _main(self, state: GameState, step: str, notes: TurnNotes) -> A.Action | None:
        p = self.player
        me = state.player(p)
        if state.turn != self._refused_turn:
            self._refused.clear()
            self._uses.clear()
            self._refused_turn = state.turn
        land = self._land(state, me.hand)
        if land is not None:
            return land
        mana = self._mana(state) if any(not state.objects[i].card.is_type("Land") for i in me.hand) else 0
        cast = self._cast_by_curve(state, me.hand, mana, step)
        if cast is not None:
            return cast
        walker = self._loyalty(state)
        if walker is not None:
            return walker
        if step == "main2":
            ping = self._face_abilities(state)
            if ping is not None:
                return ping
        notes.held_uncastable = self._all_uncastable(state, me.hand, mana)
        return None

    def _mana(self, state: GameState) -> int:
        """The mana the owner could make now (its pool and its untapped mana sources),
        remembered while nothing it counts could have changed: the turn, the untapped
        permanents, the pool."""
        me = state.player(self.player)
        perms = state.permanents(self.player)
        pool = sum(me.pool.values())
        key = (state.turn, len(perms), sum(1 for o in perms if not o.tapped), pool)
        if key != self._mana_key:
            made = source_mana(state, self.player)
            self._mana_key, self._mana_now = key, pool + made
        return self._mana_now

    # ------------------------------------------------------------ lands
    def _land(self, state: GameState, hand: list[int]) -> A.Action | None:
        p = self.player
        if self._land_done == state.turn:
            return None
        lands = [state.objects[i] for i in hand if state.objects[i].card.is_type("Land")]
        if not lands or not self._may_play(state, lands[0]):
            if lands and state.player(p).lands_played:  # the land drops of this turn are made
                self._land_done = state.turn
            return None
        need = self._colors_needed(state)
        have = self._colors_made(state)
        seen: set[str] = set()

        def score(o: Obj) -> tuple[int, int, int]:
            colors = self._land_colors(o)
            wanted = sum(need[c] for c in colors - have)
            tapped = 0 if self._enters_untapped(state, o) else 1
            return (-wanted, tapped, -len(colors))

        for o in sorted(lands, key=score):
            if o.name in seen:
                continue
            seen.add(o.name)
            action = A.PlayLand(p, o.id)
            try:
                check_play_land(state, action)
            except A.IllegalAction:
                continue
            return action
        return None

    def _may_play(self, state: GameState, o: Obj) -> bool:
        try:
            check_play_land(state, A.PlayLand(self.player, o.id))
        except A.IllegalAction:
            return False
        return True

    @staticmethod
    def _land_colors(o: Obj) -> frozenset[str]:
        out: set[str] = set()
        for ab in o.card.abilities:
            if isinstance(ab, ActivatedAbility) and ab.is_mana:
                out |= ab.mana_colors
        return frozenset(out)

    @staticmethod
    def _enters_untapped(state: GameState, o: Obj) -> bool:
        for _, _, effect in o.card.replacement_effects:
            if isinstance(effect, ir.EntersTappedUnless):
                subtypes = set(effect.subtypes)
                if not subtypes:
                    return False
                return any(subtypes & chars(state, x).subtypes for x in state.permanents(o.owner))
        return True

    def _colors_made(self, state: GameState) -> set[str]:
        out: set[str] = set()
        for o in state.permanents(self.player):
            for ab in o.card.abilities:
                if isinstance(ab, ActivatedAbility) and ab.is_mana:
                    out |= ab.mana_colors
        return out

    def _colors_needed(self, state: GameState) -> Counter[str]:
        need: Counter[str] = Counter()
        for i in state.player(self.player).hand:
            cost = state.objects[i].card.mana_cost
            if cost is not None:
                for sym in cost.colored:
                    for c in sym:
                        need[c] += 1
        return need

    # ------------------------------------------------------------ casting
    def _plan(self, state: GameState, o: Obj) -> _Plan:
        plan = self._plans.get(o.name)
        if plan is not None:
            return plan
        card = o.card
        cost = card.mana_cost or ManaCost()
        specs = spell_targets(o)
        ab = spell_ability(o)
        effects = ab.effect if ab is not None else ()
        is_aura = any(isinstance(a, EnchantAbility) for a in card.abilities)
        roles = (_aura_role(o),) if is_aura else tuple(target_role(effects, i) for i in range(len(specs)))
        face = _damages_face(effects, specs)
        if cost.x_count:
            kind = "x_spell"
        elif card.is_type("Creature"):
            kind = "creature"
        elif is_aura:
            kind = "aura"
        elif not card.is_type("Instant") and not card.is_type("Sorcery"):
            kind = "permanent"
        elif _sweeps(effects):
            kind = "sweeper"
        elif any(isinstance(e, ir.EndTheTurn) for e in effects_within(effects)):
            kind = "late"  # "End the turn" (Time Stop): not before the owner's combat
        elif _pumps_team(effects):
            kind = "team_pump"
        elif specs and not face and roles and roles[0] > 0 and specs[0].kind == "creature":
            kind = "trick"
        elif specs and not face and roles and roles[0] < 0 and specs[0].kind not in ("player", "opponent"):
            kind = "removal"
        else:
            kind = "spell"
        plan = _Plan(kind, cost.cmc, specs, roles, face)
        self._plans[o.name] = plan
        return plan

    def _cast_by_curve(self, state: GameState, hand: list[int], mana: int, step: str) -> A.Action | None:
        """The next spell of the set that spends the most mana (module docstring)."""
        if mana <= 0:
            return None
        fixed, xs = self._spells_in_reach(state, hand, mana, step)
        action = self._cast_most_mana(state, fixed, mana)
        if action is not None:
            return action
        return self._cast_x_spell(state, xs, mana)

    def _spells_in_reach(self, state: GameState, hand: list[int], mana: int, step: str
                         ) -> tuple[list[tuple[Obj, _Plan]], list[tuple[Obj, _Plan]]]:
        """The spells of the hand worth casting now for at most `mana`, one of each name: those
        with a fixed cost, and the X spells."""
        p = self.player
        fixed: list[tuple[Obj, _Plan]] = []
        xs: list[tuple[Obj, _Plan]] = []
        seen: set[str] = set()
        attackers = functools.cache(lambda: sum(1 for c in state.permanents(p) if can_attack(state, c) is None))
        for i in hand:
            o = state.objects[i]
            if o.card.is_type("Land") or o.name in seen or self._refused.get(i, -1) >= mana:
                continue
            plan = self._plan(state, o)
            if self._held_back(state, plan, step, attackers) or plan.cmc > mana:
                continue
            seen.add(o.name)
            (xs if plan.kind == "x_spell" else fixed).append((o, plan))
        return fixed, xs

    def _held_back(self, state: GameState, plan: _Plan, step: str, attackers: Callable[[], int]) -> bool:
        """Whether a spell waits for its moment: a trick for combat, "end the turn" for the second
        main phase, a sweeper for a board without the pilot's creatures, a pump for the whole
        team for the first main phase with two attackers or more."""
        if plan.kind == "trick" or plan.kind == "late" and step != "main2":
            return True
        if plan.kind == "sweeper":
            return any(chars(state, c).is_type("Creature") for c in state.permanents(self.player))
        if plan.kind == "team_pump":
            return step != "main1" or attackers() < 2
        return False

    def _cast_most_mana(self, state: GameState, fixed: list[tuple[Obj, _Plan]], mana: int) -> A.Action | None:
        """A cast from the set of fixed-cost spells spending the most mana, creatures first; the
        next best set when the engine refuses each (a refused spell waits for more mana)."""
        while fixed:
            chosen = _most_mana(fixed, mana)
            if not chosen:
                break
            chosen.sort(key=lambda op: (_CAST_ORDER.get(op[1].kind, 6), -op[1].cmc))
            for o, plan in chosen:
                action = self._cast_action(state, o, plan, None)
                if action is not None:
                    return action
                self._refused[o.id] = mana
            fixed = [op for op in fixed if op not in chosen]
        return None

    def _cast_x_spell(self, state: GameState, xs: list[tuple[Obj, _Plan]], mana: int) -> A.Action | None:
        """An X spell with all the mana left for X (at least 1)."""
        for o, plan in xs:
            x = mana - plan.cmc
            if x >= 1:
                action = self._cast_action(state, o, plan, x)
                if action is not None:
                    return action
            self._refused[o.id] = mana
        return None

    def _cast_action(self, state: GameState, o: Obj, plan: _Plan, x: int | None,
                     prefer: list[int] | None = None) -> A.Action | None:
        """A checked cast of `o` with sensible targets, or None (no sensible target, or the
        engine refuses it)."""
        targets: list[Any] = []
        for i, spec in enumerate(plan.specs):
            legal = [t for t in legal_targets(state, spec, self.player, o) if t not in targets]
            role = plan.roles[i] if i < len(plan.roles) else 0
            chosen = self._pick(state, spec, legal, role, strict=plan.kind in ("removal", "aura", "trick"),
                                prefer=prefer)
            if chosen is None:
                return None
            targets += chosen
        action = A.Cast(self.player, o.id, tuple(targets), x)
        try:
            check_cast(state, action)
        except A.IllegalAction:
            return None
        return action

    def _pick(self, state: GameState, spec: TargetSpec, legal: list[Any], role: int, strict: bool,
              prefer: list[int] | None = None) -> list[Any] | None:
        """Targets for `spec` from `legal`: the opponent's side first when the effect hurts,
        the owner's when it helps.  `strict`: only from that side (else None)."""
        p = self.player

        def mine(t: Any) -> bool:
            if isinstance(t, str):
                return t == p
            o = state.objects.get(t)
            return o is not None and o.controller == p

        def size(t: Any) -> int:
            o = state.objects.get(t) if isinstance(t, int) else None
            if o is None:
                return 100  # a player: the face first
            return chars(state, o).power or 0

        if role < 0:
            good = sorted((t for t in legal if not mine(t)), key=lambda t: -size(t))
        elif role > 0:
            first = set(prefer or ())
            good = sorted((t for t in legal if mine(t)), key=lambda t: (t not in first, -size(t)))
        else:
            good = list(legal)
        rest = [t for t in legal if t not in good]
        most = spec.most(len(legal))
        if spec.count >= ir.ANY_NUMBER:  # "any number of targets" (Fireball): one, the best
            most = min(most, max(spec.fewest, 1))
        n = min(most, len(good)) if role else min(max(spec.fewest, 1), most)
        picks = good[:n]
        if len(picks) < spec.fewest:
            if strict:
                return None
            picks += rest[: spec.fewest - len(picks)]
        if len(picks) < spec.fewest:
            return None
        return picks

    def _all_uncastable(self, state: GameState, hand: list[int], mana: int) -> bool:
        """Nonland cards in hand and none castable at this last look (the stall test): each
        costs more than the mana available or the engine refused it; a trick or removal the
        pilot holds counts as castable."""
        spells = [state.objects[i] for i in hand if not state.objects[i].card.is_type("Land")]
        if not spells:
            return False
        for o in spells:
            plan = self._plan(state, o)
            if plan.kind in ("trick", "removal", "team_pump", "aura", "late", "sweeper"):
                return False
            if plan.cmc <= mana and self._refused.get(o.id, -1) < mana:
                return False
        return True

    # ------------------------------------------------------------ abilities
    def _loyalty(self, state: GameState) -> A.Action | None:
        p = self.player
        for o in state.permanents(p):
            if not o.card.is_type("Planeswalker") or o.loyalty_activated or o.activated_this_turn:
                continue
            loyalty = o.counters.get("loyalty", 0)
            ranked: list[tuple[int, int, ActivatedAbility]] = []
            for index, ab in enumerate(activated_abilities(state, o), 1):
                cost = ab.cost.loyalty
                if cost is None or ab.cost.loyalty_x or loyalty + cost <= 0:
                    continue
                effects = tuple(effects_within(ab.effect))
                if any(isinstance(e, ir.CreateTokens) for e in effects) or _damages_face(ab.effect, ab.targets):
                    rank = 0
                elif cost > 0:
                    rank = 1
                else:
                    continue
                ranked.append((rank, index, ab))
            for _, index, ab in sorted(ranked, key=lambda r: (r[0], r[1])):
                action = self._activation(state, o, index, ab)
                if action is not None:
                    return action
        return None

    def _face_abilities(self, state: GameState) -> A.Action | None:
        """Abilities costing only {T} and mana that deal damage: at the goldfish's face."""
        p = self.player
        for o in state.permanents(p):
            if o.tapped or not chars(state, o).is_type("Creature") and not o.card.abilities:
                continue
            for index, ab in enumerate(activated_abilities(state, o), 1):
                c = ab.cost
                if ab.is_mana or not _damages_face(ab.effect, ab.targets) or c.sacrifice_self or c.sacrifice \
                        or c.loyalty is not None or c.life or c.discard_count or c.discard or c.exile_self:
                    continue
                action = self._activation(state, o, index, ab)
                if action is not None:
                    return action
        return None

    def _activation(self, state: GameState, o: Obj, index: int, ab: ActivatedAbility,
                    prefer: list[int] | None = None) -> A.Action | None:
        key = (o.id, index)
        if self._uses[key] >= MAX_ACTIVATIONS:
            return None
        targets: list[Any] = []
        for i, spec in enumerate(ab.targets):
            legal = [t for t in legal_targets(state, spec, self.player, o) if t not in targets]
            chosen = self._pick(state, spec, legal, target_role(ab.effect, i), strict=False, prefer=prefer)
            if chosen is None:
                return None
            targets += chosen
        action = A.Activate(self.player, o.id, index, tuple(targets))
        try:
            check_activate(state, action)
        except A.IllegalAction:
            return None
        self._uses[key] += 1
        return action

    # ------------------------------------------------------------ combat
    def _attack(self, state: GameState, d: AttackersDecision) -> A.Action | None:
        opponent = next((x for x in d.defenders if isinstance(x, str)), d.defenders[0])
        blockers = [o for o in state.permanents(opponent) if not o.tapped and chars(state, o).is_type("Creature")
                    and can_block(state, o) is None]
        if not blockers:
            attackers = list(d.able)
        else:
            attackers = [a for a in d.able if all(evades(state, state.objects[a], b) for b in blockers)]
        return first_legal_attack(state, d, (attackers, list(d.required), list(d.able), []), opponent)

    def _combat_tricks(self, state: GameState) -> A.Action | None:
        """Held tricks on the owner's attackers, then their "+N/+0" abilities, with the mana left."""
        p = self.player
        attacking = [o.id for o in state.permanents(p) if o.attacking is not None]
        if not attacking:
            return None
        mana = self._mana(state)
        if mana <= 0:
            return None
        for i in state.player(p).hand:
            o = state.objects[i]
            if o.card.is_type("Land") or self._refused.get(i, -1) >= mana:
                continue
            plan = self._plan(state, o)
            if plan.kind not in ("trick", "team_pump") or plan.cmc > mana:
                continue
            action = self._cast_action(state, o, plan, None, prefer=attacking)
            if action is not None:
                return action
            self._refused[i] = mana
        for aid in attacking:
            o = state.objects[aid]
            for index, ab in enumerate(activated_abilities(state, o), 1):
                c = ab.cost
                if ab.is_mana or not c.mana or c.tap or c.sacrifice_self or c.sacrifice or c.loyalty is not None:
                    continue
                if not any(isinstance(e, ir.Pump) and isinstance(e.objects, ir.SourceRef) and e.power > 0
                           for e in effects_within(ab.effect)):
                    continue
                action = self._activation(state, o, index, ab)
                if action is not None:
                    return action
        return None

    # ------------------------------------------------------------ cards to lose
    def _bottom(self, state: GameState, cards: list[int], count: int) -> list[int]:
        """`count` of `cards` to put away: lands beyond half of what stays, then the spells of
        the highest mana value."""
        objs = [state.objects[i] for i in cards]
        lands = [o for o in objs if o.card.is_type("Land")]
        spells = sorted((o for o in objs if not o.card.is_type("Land")),
                        key=lambda o: -(o.card.mana_cost.cmc if o.card.mana_cost else 0))
        stay = len(cards) - count
        on_board = sum(1 for o in state.permanents(self.player) if o.card.is_type("Land"))
        extra_lands = max(0, len(lands) - max((stay + 1) // 2 - on_board // 2, 1))
        out = [o.id for o in lands[:min(extra_lands, count)]]
        out += [o.id for o in spells[: count - len(out)]]
        out += [o.id for o in lands[len(out) - len(spells):] if o.id not in out][: count - len(out)]
        return out[:count]


def first_legal_attack(state: GameState, d: AttackersDecision, groups: Iterable[list[int]],
                       opponent: str) -> A.DeclareAttackers | None:
    """The first of `groups` (attackers' ids) the engine accepts as the declaration, each
    creature attacking the defender an effect requires it to (508.1d), else `opponent`;
    None when it accepts none."""
    whom = dict(d.required_to)
    for group in groups:
        action = A.DeclareAttackers(d.player, tuple((a, whom.get(a, opponent)) for a in group))
        try:
            check_attackers(state, d, action)
        except A.IllegalAction:
            continue
        return action
    return None


def evades(state: GameState, attacker: Obj, blocker: Obj) -> bool:
    """Whether `blocker` can't block `attacker` for its evasion (flying, landwalk, fear,
    intimidate, "can't be blocked"): the blocks the pilot foresees before attacking."""
    a, b = chars(state, attacker), chars(state, blocker)
    if ir.Keyword.FLYING in a.keywords and not ({ir.Keyword.FLYING, ir.Keyword.REACH} & b.keywords):
        return True
    for kw, land in LANDWALK.items():
        if kw in a.keywords and any(land in chars(state, p).subtypes for p in state.permanents(blocker.controller)):
            return True
    if ir.Keyword.FEAR in a.keywords and not (b.is_type("Artifact") or "B" in b.colors):
        return True
    if ir.Keyword.INTIMIDATE in a.keywords and not (b.is_type("Artifact") or b.colors & a.colors):
        return True
    return ir.Restriction.UNBLOCKABLE in a.restrictions


def _most_mana(options: list[tuple[Obj, _Plan]], mana: int) -> list[tuple[Obj, _Plan]]:
    """The subset of `options` whose mana values sum highest within `mana` (ties: the most
    on creatures): a small knapsack over mana values."""
    best: dict[int, tuple[tuple[int, int], list[int]]] = {0: ((0, 0), [])}
    for k, (_, plan) in enumerate(options):
        for spent, (score, picked) in list(best.items()):
            total = spent + plan.cmc
            if total > mana:
                continue
            new = (score[0] + plan.cmc, score[1] + (plan.cmc if plan.kind == "creature" else 0))
            if total not in best or new > best[total][0] or (plan.cmc == 0 and k not in best[total][1]):
                best[total] = (new, picked + [k])
    _, picked = max(best.values(), key=lambda v: v[0])
    return [options[k] for k in picked]

