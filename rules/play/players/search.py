"""The `normal` and `hard` computer players: the easy player's choices, improved by looking
ahead.  A determinized Monte Carlo search over the candidate answers of a decision.

How it decides:

- **Which decisions are searched**: priority when the seat has an action besides passing and
  making mana, at a moment worth a look (anything on the stack; its own main phases, the
  declare attackers and blockers steps, the opponent's end step: `_worth_a_look`), declare
  attackers, declare blockers, and a choice of targets with a few answers.  Everything else
  (mulligans, orders, damage assignment, colors, discards) and every decision with one
  candidate is the easy player's answer, at once and without a copy.
- **Candidates**: the easy player's answer first (the prior), then passing and each action of
  each source (up to `PER_SOURCE` each, mana abilities left out: they only fill the pool);
  for attacks: the easy player's group, no attack, everything, and the easy group with each
  able creature added or taken away (searched creature by creature); for blocks: the easy
  blocks, no blocks, the easy blocks with each blocker taken away or put on each attacker
  it can block, and with two blockers it left free put together on one attacker.  At most `MAX_CANDIDATES`.
- **A playout**: a copy of the game (`Game.copy`), the hidden cards dealt again from what the
  seat may know (`seat.deal_unseen`: the opponent's hand and library together, and the seat's
  own library order), the candidate taken, then both seats played by the easy player for
  `horizon` turn changes (or to the end of the game), and the position scored from the
  seat's side by `score`: 1 a win, 0 a loss, between for a position (life, creatures and
  their worth, other permanents, cards in hand, squashed to 0..1).
- **The budget**: `budget` playouts per searched decision, spread by successive halving: each
  round every candidate still in plays the same deals (common random numbers, so two
  candidates are compared on the same cards), then the worse half is dropped.  A round gives
  each candidate at least one playout, so a small budget compares only the first candidates
  it can afford (`affordable`: 6 at a budget of 12, all 12 at 24).  The prior
  keeps a small edge (`PRIOR_EDGE`): another answer must do better than noise to replace it.
- **Deterministic**: the deals come from a generator seeded by the player's seed and the
  game's record length, so the same game with the same seed gives the same answers (a bug
  report replays); a player's answer depends on nothing else (no clock).

On a puzzle (`mtg-tui practice --ai hard`) the goal is the puzzle's, not the game, and the
opponent follows a script: rules.play.puzzle_search plans for it instead, with this player's
seed and a budget scaled from this one's.

Why not a tree (information-set MCTS, as the issue suggested): a copy of a mid-game state
costs 3-6 ms here and a playout of a few turns about as much again, so a second's budget is
some 100 playouts.  Spread over a tree that is one or two visits per node below the root:
too few to tell moves apart.  Flat rollouts from the root on a good playout policy (the easy
player) use the whole budget to compare the candidates of this decision, and are known to
improve reliably on the policy they roll out with.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ...engine.api.game import Game
from ...engine.combat.combat import can_block
from ...engine.continuous.abilities import activated_abilities
from ...engine.continuous.characteristics import chars
from ...engine.core import actions as A
from ...engine.core.decisions import AttackersDecision, BlockersDecision, Decision, PriorityDecision, TargetsDecision
from ...engine.core.state import GameState
from ...engine.loop.priority_moves import available_mana, has_action, source_actions, sources
from ..pilot import first_legal_attack
from .easy import EasyPlayer, value
from .seat import deal_unseen

MAX_CANDIDATES = 12
PER_SOURCE = 6  # actions of one source (a spell's targets, an ability's X) looked at
TARGET_ANSWERS = 8  # a choice of targets with more answers than this is left to the prior
PRIOR_EDGE = 0.02  # added to the prior's mean score: another answer must beat it by more
PLAYOUT_CAP = 3000  # decisions in one playout before it is scored where it stands
SCALE = 12.0  # score: a lead of this many points is about a 73% position


@dataclass
class SearchPlayer:
    """A searching player for `seat` (module docstring): `budget` playouts per searched
    decision, each `horizon` turn changes long.  `peek`, for measurement only, searches the
    real hidden cards instead of dealing them again (a player that cheats), to measure what
    not knowing them costs."""

    seat: str
    seed: int = 0
    budget: int = 24
    horizon: int = 3
    peek: bool = False
    # the last turn that counts (a puzzle's): playouts stop when it ends, whatever comes after
    last_turn: int | None = None
    # called after each playout with (playouts done, the budget): a client's progress bar
    progress: Callable[[int, int], None] | None = field(default=None, repr=False)
    searched: int = field(default=0, init=False)  # decisions searched so far
    playouts: int = field(default=0, init=False)  # playouts run so far
    _prior: EasyPlayer = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._prior = EasyPlayer(self.seat, self.seed)

    def answer(self, game: Game, decision: Decision) -> A.Action:
        prior = self._prior.answer(game, decision)
        if self.budget < 2:
            return prior
        cands = candidates(game, decision, prior)
        cands = cands[:affordable(len(cands), self.budget)]
        if len(cands) < 2:
            return prior
        self.searched += 1
        return self._search(game, cands)

    # ------------------------------------------------------------ the search
    def _search(self, game: Game, cands: list[A.Action]) -> A.Action:
        rng = random.Random(self.seed * 1_000_003 + len(game.record) * 7 + 1)
        plan = halving_plan(len(cands), self.budget)
        total = plan_cost(plan)
        deals = [rng.getrandbits(48) for _ in range(sum(each for _, each in plan))]
        alive = list(range(len(cands)))
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        done = 0
        for r, (_, each) in enumerate(plan):
            start = counts[alive[0]]
            for i in alive:
                for deal in deals[start:start + each]:
                    totals[i] += self._playout(game, cands[i], deal)
                    counts[i] += 1
                    done += 1
                    if self.progress is not None:
                        self.progress(done, total)
            alive.sort(key=lambda i: (-self._mean(i, totals, counts), i))
            if r < len(plan) - 1:
                alive = sorted(alive[:plan[r + 1][0]])
        return cands[alive[0]]

    @staticmethod
    def _mean(i: int, totals: list[float], counts: list[int]) -> float:
        return totals[i] / counts[i] + (PRIOR_EDGE if i == 0 else 0.0)

    def _playout(self, game: Game, action: A.Action, deal: int) -> float:
        """Play `action` in a copy of `game` with the hidden cards dealt again by `deal`, then
        the easy player for every seat for `horizon` turn changes; the score for this seat."""
        self.playouts += 1
        rng = random.Random(deal)
        copy = game.copy()
        if not self.peek:
            deal_unseen(copy, self.seat, rng)
        try:
            copy.act(action)
        except A.IllegalAction:  # not legal in this deal (it can't be: only hidden cards moved)
            return 0.0
        players = {p.name: EasyPlayer(p.name, rng.getrandbits(16)) for p in copy.players}
        last = game.turn + self.horizon
        if self.last_turn is not None:
            last = min(last, self.last_turn + 1)
        made = 0
        while copy.decision is not None and copy.turn < last and made < PLAYOUT_CAP:
            d = copy.decision
            copy.act(players[copy.decider or d.player].answer(copy, d))
            made += 1
        return score(copy, self.seat)


def halving_plan(candidates: int, budget: int) -> list[tuple[int, int]]:
    """Successive halving's rounds for `budget` playouts over `candidates` answers: (answers
    still in, playouts each) per round, the budget shared evenly between the rounds and the
    better half kept after each.  Each answer still in gets at least one playout a round, so
    more candidates than the budget affords (`affordable`) would overspend it."""
    rounds = max(1, math.ceil(math.log2(candidates)))
    plan: list[tuple[int, int]] = []
    alive, left = candidates, budget
    for r in range(rounds):
        each = max(1, (left // (rounds - r)) // alive)
        plan.append((alive, each))
        left -= alive * each
        alive = math.ceil(alive / 2)
    return plan


def plan_cost(plan: list[tuple[int, int]]) -> int:
    """The playouts a halving plan spends."""
    return sum(alive * each for alive, each in plan)


def affordable(candidates: int, budget: int) -> int:
    """How many of `candidates` answers (the first ones: the prior, then the likelier) a search
    of `budget` playouts can compare within its budget: at least one playout each a round
    costs about twice their number.  Without this cut every budget below twice the candidates
    spent the same (12 candidates cost 23 playouts at a budget of 8 or of 24), so a larger
    budget bought nothing; with it a larger budget compares more answers."""
    k = candidates
    while k > 1 and plan_cost(halving_plan(k, budget)) > budget:
        k -= 1
    return k


def count_only_until(player: object, turn: int) -> None:
    """What happens after `turn` doesn't count (a puzzle's last turn): a searching player's
    playouts stop there; other players look no further ahead anyway."""
    if isinstance(player, SearchPlayer):
        player.last_turn = turn


# ------------------------------------------------------------ scoring a position
def score(game: Game, seat: str) -> float:
    """How good the position is for `seat`, from 0 (lost) to 1 (won): a finished game by its
    result; otherwise each side's life (square-rooted: the last points count most), its
    creatures' worth (`easy.value`), its other permanents and lands, and the cards in its hand,
    the difference squashed by a logistic curve."""
    if game.over:
        if game.is_draw:
            return 0.5
        return 1.0 if game.winner == seat else 0.0
    state = game.state
    lead = 0.0
    for p in state.players:
        side = _side(state, p.name)
        lead += side if p.name == seat else -side
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


def _side(state: GameState, name: str) -> float:
    p = state.player(name)
    if p.lost:
        return -100.0
    worth = 4.0 * math.sqrt(max(p.life, 0)) - 2.0 * p.poison + 2.0 * len(p.hand)
    for o in state.permanents(name):
        ch = chars(state, o)
        if ch.is_type("Creature"):
            worth += value(state, o)
        elif ch.is_type("Land"):
            worth += 1.5
        else:
            worth += 1.0 + value(state, o)
    return worth


# ------------------------------------------------------------ candidates
def candidates(game: Game, d: Decision, prior: A.Action) -> list[A.Action]:
    """The answers a search compares for `d`, the prior first; one (the prior) when the
    decision is not searched (module docstring)."""
    state = game.state
    if isinstance(d, PriorityDecision):
        out = _priority_candidates(state, d.player, prior)
    elif isinstance(d, AttackersDecision):
        out = _attack_candidates(game, d, prior)
    elif isinstance(d, BlockersDecision):
        out = _block_candidates(game, d, prior)
    elif isinstance(d, TargetsDecision) and not d.divide:
        out = [prior]
        for a in game.actions:
            out.append(a)
            if len(out) > TARGET_ANSWERS + 1:
                return [prior]
    else:
        return [prior]
    unique: list[A.Action] = []
    for a in out:
        if a not in unique:
            unique.append(a)
    return unique[:MAX_CANDIDATES]


def _priority_candidates(state: GameState, player: str, prior: A.Action) -> list[A.Action]:
    if not state.stack and not _worth_a_look(state, player):
        return [prior]
    if not has_action(state, player):
        return [prior]
    out = [prior, A.Pass(player)]
    mana = available_mana(state, player)
    for src in sources(state, player, mana):
        if src.kind == "activate" and activated_abilities(state, src.obj)[src.index - 1].is_mana:
            continue
        out += source_actions(state, player, src, mana)[:PER_SOURCE]
    return out


def _worth_a_look(state: GameState, player: str) -> bool:
    """Whether priority with an empty stack is a moment to search: the player's own main
    phases, the combat steps where attackers and blockers are known, and the opponent's end
    step (the last chance before the player's own turn).  The other steps (upkeep, draw, the
    beginning and end of combat, the damage step, the player's own end step, the opponent's
    main phases) are left to the easy player: an instant cast there is rarely better than
    one cast at the moments searched, and searching them doubled the searches per game."""
    mine = state.active == player
    if state.step in ("main1", "main2"):
        return mine
    if state.step in ("declare_attackers", "declare_blockers"):
        return True
    return state.step == "end" and not mine


def _attack_candidates(game: Game, d: AttackersDecision, prior: A.Action) -> list[A.Action]:
    if not d.able or not isinstance(prior, A.DeclareAttackers):
        return [prior]
    state = game.state
    opponent = next((x for x in d.defenders if isinstance(x, str)), d.defenders[0])
    group = [a for a, _ in prior.attacks]
    groups = [[], list(d.able)]
    for a in d.able:
        groups.append([x for x in group if x != a] if a in group else [*group, a])
    out: list[A.Action] = [prior]
    for g in groups:
        action = first_legal_attack(state, d, [g], str(opponent)) if isinstance(opponent, str) else None
        if action is not None:
            out.append(action)
    return out


def _block_candidates(game: Game, d: BlockersDecision, prior: A.Action) -> list[A.Action]:
    if not d.able or not isinstance(prior, A.DeclareBlockers):
        return [prior]
    state = game.state
    blocks = dict(prior.blocks)  # blocker -> attacker
    able = {a: [b for b in d.able if can_block(state, state.objects[b], state.objects[a]) is None] for a in d.attackers}
    variants: list[dict[int, int]] = [{}]
    for b in d.able:
        if b in blocks:
            variants.append({k: v for k, v in blocks.items() if k != b})
        variants += [{**blocks, b: a} for a in d.attackers if blocks.get(b) != a and b in able[a]]
    for a in d.attackers:  # two blockers left free by the prior, together on one attacker
        free = [b for b in able[a] if b not in blocks]
        variants += [{**blocks, b1: a, b2: a} for k, b1 in enumerate(free) for b2 in free[k + 1:]]
    out: list[A.Action] = [prior]
    for v in variants:
        action = A.DeclareBlockers(d.player, tuple(sorted(v.items())))
        if game.check(action) is None:
            out.append(action)
    return out
