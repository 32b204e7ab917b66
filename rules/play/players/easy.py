"""The `easy` computer player: the goldfish pilot's way of playing its own deck (lands, curve,
targets: `rules.play.pilot`), taught what an opponent that acts needs.

The policy, beyond the pilot's (which it inherits for everything not said here):

- **Value**: a creature is worth 2 x power + toughness + its mana value + a bonus for each
  keyword that matters in combat (flying, first strike, double strike, deathtouch, trample,
  lifelink, vigilance, indestructible, evasion, hexproof/shroud); another permanent is worth its
  mana value.  A combat between two creatures is judged on their power and toughness now
  (damage marked, first and double strike, deathtouch, indestructible).
- **Attacks**: a creature attacks when no blocker the opponent has can punish it: against each
  creature able to block it, it survives, or both die and the blocker is worth at least as
  much (it trades up or even).  When the attackers' damage is lethal through the opponent's
  best blocks (its blockers on the biggest attackers they can block, a trampler's excess still
  dealt), everything attacks.  A
  creature stays home when the opponent's swing back would otherwise be lethal.
- **Blocks**: attacker by attacker, the biggest first: a blocker that kills it and survives
  (the cheapest such), else one that survives it, else one that trades with it when the
  attacker is worth at least as much.  Chump blocks (the cheapest blocker on the biggest
  attacker left) only while the unblocked damage would be lethal.  Never a block in which
  the blocker dies and the attacker doesn't, unless that chump is needed.
- **Targets**: an effect is read as the pilot reads it, and further: an effect on what a
  target player controls ("tap all creatures target player controls") is aimed at that
  player, a chosen discard or a sacrifice is harmful, and a life loss that would end a
  player's life (Sign in Blood) is aimed at the opponent.  Harmful effects only on the
  opponent's side (never on its own permanents or itself; a triggered ability that must
  target only its own gets its least valuable), the most valuable first.  Damage goes to
  the face when it is lethal, else to the most valuable creature it kills, else to the face.
  Helpful effects on its own (the pilot's choice).
- **Tricks**: in the declare blockers step, on either player's turn, a pump spell goes on its
  own creature when it wins that creature's combat (it then survives where it would have died,
  or kills what it fights and lives), or on an unblocked attacker when the pump makes the
  damage lethal (with the other pumps in hand it can pay for, cast after it).  Otherwise held.
- **Counterspells**: while it holds one, it keeps that much mana open in its main phases
  (when it has that much); it counters an opponent's spell of mana value 3 or more, or one
  that targets it or its permanents.
- **Never self-harm**: no harmful effect on its own side when the choice is its own (a spell
  or ability it chooses to use); discards are the pilot's (extra lands, then the dearest).

It reads only what its seat may know (its hand, the battlefield, the stack, life totals): the
opponent's hand and either library never enter a decision.  Every answer is checked with the
engine (`Game.check`); an answer the engine refuses becomes a pass, or a seeded random legal
answer (`legal.random_answer`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...cards import ir
from ...cards.model import TargetSpec
from ...engine.api.game import Game
from ...engine.changes.damage import lethal_damage
from ...engine.combat.combat import blocked_by, blockers_of, can_block
from ...engine.continuous.abilities import spell_ability
from ...engine.continuous.characteristics import chars
from ...engine.core import actions as A
from ...engine.core.decisions import AttackersDecision, BlockersDecision, Decision, PriorityDecision, TargetsDecision
from ...engine.core.objects import Obj
from ...engine.core.state import GameState
from ...engine.loop.legal import random_answer
from ...engine.loop.stack import check_cast
from ..pilot import Pilot, effects_within, evades, first_legal_attack, target_role

# what a keyword adds to a creature's value
_K = ir.Keyword
KEYWORD_VALUE: dict[str, int] = {
    _K.FLYING: 3, _K.FIRST_STRIKE: 2, _K.DOUBLE_STRIKE: 4, _K.DEATHTOUCH: 3, _K.TRAMPLE: 1, _K.LIFELINK: 2,
    _K.VIGILANCE: 1, _K.INDESTRUCTIBLE: 4, _K.FEAR: 2, _K.INTIMIDATE: 2, _K.HEXPROOF: 1, _K.SHROUD: 1, _K.REACH: 1}
# effects that hurt the player or permanent they name, besides the pilot's list
MORE_HARM = (ir.DiscardChosen, ir.SacrificeChosen, ir.SacrificeSeveral, ir.LoseGame, ir.SkipNextCombat, ir.DontUntap,
             ir.CounterUnlessPays)
COUNTER_WORTH = 3  # the smallest mana value of an opponent's spell worth a counterspell (unless it targets us)


def value(state: GameState, o: Obj) -> int:
    """What a permanent is worth to its controller (module docstring)."""
    ch = chars(state, o)
    cmc = o.card.mana_cost.cmc if o.card.mana_cost else 0
    if not ch.is_type("Creature"):
        return cmc + (2 * o.counters.get("loyalty", 0) if ch.is_type("Planeswalker") else 0)
    bonus = sum(KEYWORD_VALUE.get(k, 0) for k in ch.keywords)
    bonus += 2 if ir.Restriction.UNBLOCKABLE in ch.restrictions else 0
    return 2 * max(ch.power or 0, 0) + max(ch.toughness or 0, 0) + cmc + bonus


@dataclass(frozen=True)
class Fighter:
    """A creature as a combat sees it: what it deals and what it can take."""

    power: int
    left: int  # toughness less damage marked
    first: bool
    double: bool
    deathtouch: bool
    indestructible: bool

    @classmethod
    def of(cls, state: GameState, o: Obj, pump: tuple[int, int] = (0, 0)) -> Fighter:
        ch = chars(state, o)
        kws = ch.keywords
        return cls(max((ch.power or 0) + pump[0], 0), (ch.toughness or 0) + pump[1] - o.damage,
                   bool({_K.FIRST_STRIKE, _K.DOUBLE_STRIKE} & kws), _K.DOUBLE_STRIKE in kws, _K.DEATHTOUCH in kws,
                   _K.INDESTRUCTIBLE in kws)

    def kills(self, other: Fighter, hits: int) -> bool:
        dealt = self.power * hits
        return dealt > 0 and not other.indestructible and (self.deathtouch or dealt >= other.left)


def clash(a: Fighter, b: Fighter) -> tuple[bool, bool]:
    """(a dies, b dies) when a and b deal combat damage to each other alone."""
    if a.first and not b.first and a.kills(b, 1):
        return False, True
    if b.first and not a.first and b.kills(a, 1):
        return True, False
    return b.kills(a, 2 if b.double else 1), a.kills(b, 2 if a.double else 1)


def through_blocks(state: GameState, attackers: list[Obj], blockers: list[Obj]) -> int:
    """The attackers' damage the defender can't stop when each blocker blocks one attacker,
    the biggest it can (a greedy estimate of the defender's best blocks); a blocked trampler
    still deals what is beyond lethal damage for its blocker (702.19b / 502.9b)."""
    free = list(blockers)
    damage = 0
    for a in sorted(attackers, key=lambda o: -(chars(state, o).power or 0)):
        ch = chars(state, a)
        power = max(ch.power or 0, 0) * (2 if ir.Keyword.DOUBLE_STRIKE in ch.keywords else 1)
        able = [b for b in free if not evades(state, a, b)]
        if able:
            b = min(able, key=lambda b: value(state, b))
            free.remove(b)
            if ir.Keyword.TRAMPLE in ch.keywords:
                damage += max(power - lethal_damage(state, b, a), 0)
        else:
            damage += power
    return damage


def pump_of(o: Obj) -> tuple[int, int] | None:
    """The +P/+T a spell gives its target creature, or None (not a plain pump)."""
    ab = spell_ability(o)
    for e in effects_within(ab.effect if ab is not None else ()):
        if isinstance(e, ir.Pump) and isinstance(e.objects, ir.TargetRef) and e.scale is None \
                and (e.power > 0 or e.toughness > 0):
            return e.power, e.toughness
        if isinstance(e, ir.PumpBy) and isinstance(e.objects, ir.TargetRef) and isinstance(e.amount, ir.Fixed):
            return e.amount.n, e.amount.n
    return None


def damage_of(effects: Iterable[Any], x: int | None) -> int | None:
    """The damage a spell or ability deals to its target, when it says a number (or X)."""
    for e in effects_within(effects):
        if isinstance(e, ir.DealDamage) and isinstance(e.to, ir.TargetRef):
            if isinstance(e.amount, ir.Fixed):
                return e.amount.n
            if isinstance(e.amount, ir.XValue) and x is not None:
                return x
    return None


def counters(o: Obj) -> bool:
    """Whether a card is a counterspell (Cancel, Mana Leak)."""
    ab = spell_ability(o)
    return any(isinstance(e, ir.CounterSpell | ir.CounterUnlessPays)
               for e in effects_within(ab.effect if ab is not None else ()))


@dataclass
class Aim:
    """What the player is choosing targets for: its effects and target specs, and the
    damage it deals its target (None: no damage, or an amount not known in advance)."""

    effects: tuple[Any, ...]
    specs: tuple[TargetSpec, ...]
    x: int | None
    mandatory: bool = False  # a triggered ability: targets must be chosen, even bad ones

    @property
    def damage(self) -> int | None:
        return damage_of(self.effects, self.x)


@dataclass
class EasyPlayer(Pilot):
    """The `easy` level (module docstring): a `Pilot` for `seat` that blocks, answers and
    aims at the opponent."""

    seat: str = field(init=False)
    _aim: Aim | None = field(default=None, init=False, repr=False)  # what is being aimed now
    _focus: Any = field(default=None, init=False, repr=False)  # the target to prefer (a spell to counter)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.seat = self.player

    # ------------------------------------------------------------ the entry point
    def answer(self, game: Game, d: Decision) -> A.Action:
        state = game.state
        action = self._choose(game, state, d)
        if action is not None and game.check(action) is None:
            return action
        if isinstance(d, PriorityDecision):
            return A.Pass(self.player)
        return random_answer(state, d, self._rng)

    def _choose(self, game: Game, state: GameState, d: Decision) -> A.Action | None:
        if isinstance(d, BlockersDecision):
            return self._block(state, d)
        if isinstance(d, TargetsDecision) and not d.divide and d.trigger is not None:
            self._aim = Aim(tuple(d.trigger.ability.effect), d.specs, None, mandatory=True)
            try:
                return super()._choose(game, state, d)
            finally:
                self._aim = None
        return super()._choose(game, state, d)

    def _opponent(self, state: GameState) -> str:
        return next(p for p in state.opponents(self.player))

    # ------------------------------------------------------------ priority
    def _priority(self, state: GameState) -> A.Action:
        p = self.player
        if state.stack:
            top = state.stack[-1]
            if top.kind == "spell" and top.controller != p:
                counter = self._counter(state, top.id, top.source_id, top.targets)
                if counter is not None:
                    return counter
            return A.Pass(p)
        if state.step == "declare_blockers":
            trick = self._combat_tricks(state)
            return trick if trick is not None else A.Pass(p)
        if state.active != p:
            return A.Pass(p)
        return super()._priority(state)

    def _cast_by_curve(self, state: GameState, hand: list[int], mana: int, step: str) -> A.Action | None:
        """The pilot's curve, keeping a counterspell's mana open when it has that much."""
        held = [self._plan(state, state.objects[i]).cmc for i in hand if counters(state.objects[i])]
        if held and mana >= min(held):
            mana -= min(held)
        return super()._cast_by_curve(state, hand, mana, step)

    def _counter(self, state: GameState, item: int, spell: int, targets: list[Any]) -> A.Action | None:
        """A counterspell on the stack object `item` (the spell of card `spell`) when it is
        worth countering (module docstring)."""
        o = state.objects[spell]
        cmc = o.card.mana_cost.cmc if o.card.mana_cost else 0
        mine = any(t == self.player or (isinstance(t, int) and t in state.objects
                                        and state.objects[t].controller == self.player) for t in targets)
        if cmc < COUNTER_WORTH and not mine:
            return None
        mana = self._mana(state)
        for i in state.player(self.player).hand:
            c = state.objects[i]
            if not counters(c) or self._plan(state, c).cmc > mana:
                continue
            self._focus = item
            try:
                action = self._cast_action(state, c, self._plan(state, c), None)
            finally:
                self._focus = None
            if isinstance(action, A.Cast) and item in action.targets:
                return action
        return None

    # ------------------------------------------------------------ targets
    def _cast_action(self, state: GameState, o: Obj, plan: Any, x: int | None,
                     prefer: list[int] | None = None) -> A.Action | None:
        ab = spell_ability(o)
        self._aim = Aim(tuple(ab.effect) if ab is not None else (), tuple(plan.specs), x)
        try:
            return super()._cast_action(state, o, plan, x, prefer)
        finally:
            self._aim = None

    def _activation(self, state: GameState, o: Obj, index: int, ab: Any,
                    prefer: list[int] | None = None) -> A.Action | None:
        self._aim = Aim(tuple(ab.effect), tuple(ab.targets), None)
        try:
            return super()._activation(state, o, index, ab, prefer)
        finally:
            self._aim = None

    def _pick(self, state: GameState, spec: TargetSpec, legal: list[Any], role: int, strict: bool,
              prefer: list[int] | None = None) -> list[Any] | None:
        """Harmful effects at the opponent's most valuable target (module docstring); the
        pilot's choice otherwise.  An effect the pilot can't read (role 0) is read again,
        looking inside what it names ("creatures target player controls")."""
        aim = self._aim
        if role == 0 and aim is not None:
            index = next((i for i, s in enumerate(aim.specs) if s is spec), None)
            role = self._role_of(state, aim.effects, index) if index is not None else 0
        mandatory = aim is not None and aim.mandatory
        if role >= 0:
            return super()._pick(state, spec, legal, role, strict, prefer)
        theirs = [t for t in legal if not self._mine(state, t)]
        most = spec.most(len(legal))
        if spec.count >= ir.ANY_NUMBER:
            most = min(most, max(spec.fewest, 1))
        if not theirs:
            if not mandatory or spec.fewest == 0:
                return None if spec.fewest else []
            return sorted(legal, key=lambda t: self._worth(state, t))[: spec.fewest]
        ranked = self._rank_harm(state, theirs)
        picks = ranked[:most]
        if len(picks) < spec.fewest:
            if not mandatory:
                return None
            picks += sorted((t for t in legal if t not in picks), key=lambda t: self._worth(state, t))
            picks = picks[: spec.fewest]
        return picks

    def _role_of(self, state: GameState, effects: tuple[Any, ...], index: int) -> int:
        """The pilot's reading of what the effects do to target `index`, looking deeper: inside
        what they name, the harm the pilot doesn't list (a chosen discard, a sacrifice), and a
        life loss that would be lethal (aimed at the opponent whose life it ends, never at this
        player's own)."""
        role = target_role(effects, index, deep=True)
        if role:
            return role
        named = [e for e in effects_within(effects) if hasattr(e, "__dict__")
                 and any(isinstance(v, ir.TargetRef) and v.index == index for v in vars(e).values())]
        if any(isinstance(e, MORE_HARM) for e in named):
            return -1
        loss = sum(e.amount.n for e in named if isinstance(e, ir.LoseLife) and isinstance(e.amount, ir.Fixed))
        lives = (state.player(self._opponent(state)).life, state.player(self.player).life)
        return -1 if loss and min(lives) <= loss else 0

    def _rank_harm(self, state: GameState, targets: list[Any]) -> list[Any]:
        """The opponent's targets, best first: the focus; with damage, the face when lethal,
        then the most valuable creature it kills, then the face; otherwise the most valuable."""
        players = [t for t in targets if isinstance(t, str)]
        objects = sorted((t for t in targets if not isinstance(t, str)), key=lambda t: -self._worth(state, t))
        first = [t for t in targets if t == self._focus]
        dmg = self._aim.damage if self._aim is not None else None
        if dmg is None:
            ranked = objects + players
        else:
            lethal = [p for p in players if state.player(p).life <= dmg]
            killed = [t for t in objects if t in state.objects and self._dies_to(state, state.objects[t], dmg)]
            ranked = lethal + killed + players + [t for t in objects if t not in killed]
        return first + [t for t in ranked if t not in first]

    @staticmethod
    def _dies_to(state: GameState, o: Obj, dmg: int) -> bool:
        ch = chars(state, o)
        if ch.is_type("Creature"):
            return ir.Keyword.INDESTRUCTIBLE not in ch.keywords and (ch.toughness or 0) - o.damage <= dmg
        return ch.is_type("Planeswalker") and o.counters.get("loyalty", 0) <= dmg

    def _mine(self, state: GameState, t: Any) -> bool:
        if isinstance(t, str):
            return t == self.player
        o = state.objects.get(t)
        return o is not None and o.controller == self.player

    @staticmethod
    def _worth(state: GameState, t: Any) -> int:
        if isinstance(t, str):
            return 1000
        o = state.objects.get(t)
        if o is None or o.zone != "battlefield":
            return o.card.mana_cost.cmc if o is not None and o.card.mana_cost else 0
        return value(state, o)

    # ------------------------------------------------------------ attacks
    def _attack(self, state: GameState, d: AttackersDecision) -> A.Action | None:
        opponent = next((x for x in d.defenders if isinstance(x, str)), d.defenders[0])
        able = [state.objects[a] for a in d.able]
        blockers = [o for o in state.permanents(opponent) if chars(state, o).is_type("Creature")
                    and can_block(state, o) is None]
        if through_blocks(state, able, blockers) >= state.player(opponent).life:
            group = able
        else:
            group = [a for a in able if self._safe_attack(state, a, blockers)]
            group = self._keep_home(state, group, able, opponent)
        return first_legal_attack(state, d, ([a.id for a in group], list(d.required), []), opponent)

    @staticmethod
    def _safe_attack(state: GameState, a: Obj, blockers: list[Obj]) -> bool:
        """No blocker punishes `a`: against each, `a` survives or trades with one worth as much."""
        me = Fighter.of(state, a)
        for b in blockers:
            if evades(state, a, b):
                continue
            a_dies, b_dies = clash(me, Fighter.of(state, b))
            if a_dies and not (b_dies and value(state, b) >= value(state, a)):
                return False
        return True

    def _keep_home(self, state: GameState, group: list[Obj], able: list[Obj], opponent: str) -> list[Obj]:
        """Drop attackers (the least valuable first) while the opponent's swing back through the
        creatures left home would be lethal."""
        theirs = [o for o in state.permanents(opponent) if chars(state, o).is_type("Creature")]
        mine = [o for o in state.permanents(self.player) if chars(state, o).is_type("Creature")]
        life = state.player(self.player).life
        group = sorted(group, key=lambda o: value(state, o))
        while group:
            home = [o for o in mine if o not in group or ir.Keyword.VIGILANCE in chars(state, o).keywords]
            if through_blocks(state, theirs, home) < life:
                break
            group = group[1:]
        return group

    # ------------------------------------------------------------ blocks
    def _block(self, state: GameState, d: BlockersDecision) -> A.Action | None:
        free = [state.objects[b] for b in d.able]
        attackers = sorted((state.objects[a] for a in d.attackers), key=lambda o: -value(state, o))
        blocks: list[tuple[int, int]] = []
        unblocked: list[Obj] = []
        for a in attackers:
            b = self._good_blocker(state, a, free)
            if b is None:
                unblocked.append(a)
            else:
                free.remove(b)
                blocks.append((b.id, a.id))
        life = state.player(self.player).life
        unblocked.sort(key=lambda o: -self._hit(state, o))
        while unblocked and sum(self._hit(state, o) for o in unblocked) >= life:
            a = unblocked.pop(0)
            able = [b for b in free if can_block(state, b, a) is None]
            if able:
                b = min(able, key=lambda o: value(state, o))
                free.remove(b)
                blocks.append((b.id, a.id))
        return A.DeclareBlockers(self.player, tuple(blocks))

    @staticmethod
    def _hit(state: GameState, a: Obj) -> int:
        ch = chars(state, a)
        return max(ch.power or 0, 0) * (2 if ir.Keyword.DOUBLE_STRIKE in ch.keywords else 1)

    @staticmethod
    def _good_blocker(state: GameState, a: Obj, free: list[Obj]) -> Obj | None:
        """The block on `a` that loses no value (module docstring), or None."""
        them = Fighter.of(state, a)
        kills, walls, trades = [], [], []
        for b in free:
            if can_block(state, b, a) is not None:
                continue
            b_dies, a_dies = clash(Fighter.of(state, b), them)
            if a_dies and not b_dies:
                kills.append(b)
            elif not b_dies:
                walls.append(b)
            elif a_dies and value(state, a) >= value(state, b):
                trades.append(b)
        for group in (kills, walls, trades):
            if group:
                return min(group, key=lambda o: value(state, o))
        return None

    # ------------------------------------------------------------ tricks
    def _combat_tricks(self, state: GameState) -> A.Action | None:
        """A pump that wins a combat of its own creature, or makes an unblocked attack lethal."""
        mana = self._mana(state)
        if mana <= 0:
            return None
        pumps = [(state.objects[i], pump_of(state.objects[i])) for i in state.player(self.player).hand]
        for o, pump in pumps:
            if pump is None or self._plan(state, o).cmc > mana:
                continue
            target = self._wins_with(state, pump, o.id)
            if target is None:
                continue
            action = A.Cast(self.player, o.id, (target,))
            try:
                check_cast(state, action)
            except A.IllegalAction:
                continue
            return action
        return None

    def _wins_with(self, state: GameState, pump: tuple[int, int], spell: int) -> int | None:
        """The creature of this player whose combat `pump` turns: it survives where it would die,
        or kills where it wouldn't; else an unblocked attacker whose damage becomes lethal."""
        unblocked: list[Obj] = []
        for o in state.permanents(self.player):
            if o.attacking is None and not o.blocking:
                continue
            foes = blockers_of(state, o) if o.attacking is not None else blocked_by(state, o)
            if not foes:
                if o.attacking is not None and not o.blocked:
                    unblocked.append(o)
                continue
            foe = Fighter.of(state, foes[0])
            before = clash(Fighter.of(state, o), foe)
            after = clash(Fighter.of(state, o, pump), foe)
            if (before[0] and not after[0]) or (not before[1] and after[1] and not after[0]):
                return o.id
        if unblocked and state.active == self.player:
            damage = sum(self._hit(state, o) for o in unblocked)
            best = max(unblocked, key=lambda o: self._hit(state, o))
            more = self._pumps_after(state, spell)
            if damage - self._hit(state, best) + self._hit_pumped(state, best, (pump[0] + more, 0)) >= \
                    state.player(self._opponent(state)).life:
                return best.id
        return None

    def _pumps_after(self, state: GameState, spell: int) -> int:
        """The power the other pump spells in hand add (the cheapest first) with the mana left
        after casting `spell`: the pumps cast together, one at a time (Giant Growth twice)."""
        mana = self._mana(state) - self._plan(state, state.objects[spell]).cmc
        others = sorted((self._plan(state, state.objects[i]).cmc, p[0]) for i in state.player(self.player).hand
                        if i != spell and (p := pump_of(state.objects[i])) is not None)
        more = 0
        for cost, power in others:
            if cost <= mana:
                mana -= cost
                more += power
        return more

    @staticmethod
    def _hit_pumped(state: GameState, a: Obj, pump: tuple[int, int]) -> int:
        ch = chars(state, a)
        return max((ch.power or 0) + pump[0], 0) * (2 if ir.Keyword.DOUBLE_STRIKE in ch.keywords else 1)


def easy_player(seat: str, seed: int = 0) -> EasyPlayer:
    """The `easy` level for `seat` (levels.LEVELS)."""
    return EasyPlayer(seat, seed)
