"""Questions a client asks while building an answer: which actions matter, what may be
targeted, which creature may block which, what lethal damage is.

These are rules questions, so they live in the rules core; the terminal client calls them
instead of reasoning about the rules itself.  Everything here reads the game and changes
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards.model import TargetSpec
from ..engine import actions as A
from ..engine.characteristics import activated_abilities, spell_ability, spell_targets
from ..engine.combat import can_block
from ..engine.damage import lethal_damage as lethal
from ..engine.decisions import BlockersDecision, DamageAssignmentDecision, TargetsDecision
from ..engine.division import amount_to_divide, divided_effect
from ..engine.game import Game
from ..engine.legal import lethal_first
from ..engine.other_zones import playable_elsewhere
from ..engine.payment import mana_sources
from ..engine.priority_moves import has_action
from ..engine.targets import legal_targets
from ..engine.turn import PHASE, STEPS
from ..engine.view import card_view


@dataclass(frozen=True)
class TargetChoice:
    """One "target ..." phrase of a spell or ability and every legal choice for it."""

    text: str
    count: int  # the most that may be chosen (never more than there are options)
    up_to: bool
    options: tuple[Any, ...]  # object ids, stack item ids or player names
    fewest: int = 1  # the fewest ("up to": 0; "one, two, or three": 1)


def _choice(spec: TargetSpec, text: str, options: tuple[Any, ...]) -> TargetChoice:
    return TargetChoice(text, spec.most(len(options)) if spec.up_to else spec.count, spec.up_to, options, spec.fewest)


def can_act(game: Game, player: str) -> bool:
    """Whether the player has a legal priority action that matters (not passing, not a mana
    ability): when not, a client may pass for them.  Stops at the first such action."""
    d = game.decision
    return d is not None and d.player == player and has_action(game.state, player)


def target_choices(game: Game, action: A.Cast | A.Activate) -> list[TargetChoice]:
    """The target phrases of the spell or ability `action` casts or activates (its own
    targets are ignored) and the legal choices for each, uncapped."""
    if isinstance(action, A.Cast):
        source = game.objects[action.card]
        specs = spell_targets(source)
    else:
        source = game.objects[action.source]
        specs = activated_abilities(game.state, source)[action.index - 1].targets
    return [_choice(s, s.text.replace("~", source.name), tuple(legal_targets(game.state, s, action.player, source)))
            for s in specs]


def trigger_target_choices(d: TargetsDecision) -> list[TargetChoice]:
    """The same for a `targets` decision (a triggered ability going on the stack)."""
    return [_choice(s, s.text, tuple(opts)) for s, opts in zip(d.specs, d.legal, strict=True)]


def damage_to_divide(game: Game, action: A.Action) -> int:
    """How much damage the player still has to divide among the targets of `action` (601.2d,
    603.3d): 0 when nothing is divided, there are fewer than two targets (the one target
    gets it all) or the division is already given."""
    if not isinstance(action, (A.Cast, A.Activate, A.ChooseTargets)) or len(action.targets) < 2 or action.division:
        return 0
    if isinstance(action, A.ChooseTargets):
        d = game.decision
        return d.divide if isinstance(d, TargetsDecision) else 0
    if isinstance(action, A.Cast):
        spell = spell_ability(game.objects[action.card])
        effects = spell.effect if spell else ()
    else:
        effects = activated_abilities(game.state, game.objects[action.source])[action.index - 1].effect
    effect = divided_effect(effects)
    return amount_to_divide(effect, action.x or 0) if effect else 0


def even_division(total: int, parts: int) -> list[int]:
    """A division to start from: as even as it goes, the first targets getting the rest."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def graveyard_abilities(game: Game, player: str) -> list[int]:
    """The cards in `player`'s graveyard with an activated ability that functions there
    ("Return ~ from your graveyard to your hand", 2014 112.6k / 2009 402.8h), usable now or
    not: a client shows them beside the hand."""
    return [i for i in game.player(player).graveyard
            if any(ab.zone == "graveyard" for ab in activated_abilities(game.state, game.objects[i]))]


def playable_from_other_zones(game: Game, player: str) -> list[int]:
    """The cards outside `player`'s hand they may play or cast (a land card in their graveyard
    under Crucible of Worlds, the creature card on top of their library under Garruk's
    Horde): a client shows them beside the hand."""
    return playable_elsewhere(game.state, player)


def first_ability_index(game: Game, source: int) -> int:
    """The `Activate.index` of the first activated ability of `source` that functions in the
    zone it is in (1 when none does: the engine then says why it can't be activated)."""
    o = game.objects[source]
    abilities = activated_abilities(game.state, o)
    return next((i for i, ab in enumerate(abilities, 1) if ab.zone == o.zone), 1)


def ability_texts(game: Game, source: int) -> list[str]:
    """The text of each activated ability of a permanent, in the order `Activate.index` counts."""
    return [ab.text for ab in activated_abilities(game.state, game.objects[source])]


def block_options(game: Game, d: BlockersDecision) -> dict[int, list[int]]:
    """For a `blockers` decision: each creature able to block -> the attackers it may block."""
    attackers = [game.objects[a] for a in d.attackers]
    return {b: [a.id for a in attackers if can_block(game.state, game.objects[b], a) is None] for b in d.able}


def mana_source_ids(game: Game, player: str) -> list[int]:
    """Permanents the player could tap for mana right now (for choosing sources by hand)."""
    return [o.id for o, _, _ in mana_sources(game.state, player)]


def lethal_damage(game: Game, d: DamageAssignmentDecision) -> dict[Any, int | None]:
    """For an `assign_damage` decision: damage each creature recipient needs to be lethal
    (None for a player or planeswalker, which has no such threshold here)."""
    src = game.known(d.source)
    out: dict[Any, int | None] = {}
    for r in d.recipients:
        o = game.objects.get(r) if isinstance(r, int) else None
        creature = o is not None and game.chars(o).is_type("Creature")
        out[r] = lethal(game.state, o, src, d.assigned(r)) if o is not None and creature else None
    return out


def default_assignment(game: Game, d: DamageAssignmentDecision) -> A.Assign:
    """A legal assignment to start from: lethal damage to each recipient in order, the rest
    to the last one."""
    return lethal_first(game.state, d)


def choice_view(game: Game, ref: Any) -> dict[str, Any]:
    """What the chooser sees of one option of a `choose` decision: a player, or the card
    (as `Game.view` shows cards) wherever it is, its library included."""
    if isinstance(ref, str):
        return {"name": ref, "player": True}
    o = game.known(ref)
    return card_view(game.state, o) if o is not None else {"name": game.name_of(ref)}


def mana_burn_if_passed(game: Game, player: str) -> int:
    """Under rules with mana burn (2009, 300.3): the life `player` would lose if they passed
    now and the phase ended (their unused mana), else 0.  Passing with an empty stack ends
    the step when everyone passes; mana burns when that step is the last of its phase."""
    if not game.rules.mana_burn or game.stack:
        return 0
    unused = sum(game.player(player).pool.values())
    i = STEPS.index(game.step)
    # the end step counts as the last: nobody gets priority in the cleanup step after it
    last_of_phase = game.step == "end" or i + 1 == len(STEPS) or PHASE[STEPS[i + 1]] != PHASE[game.step]
    return unused if last_of_phase else 0


def is_attacked(game: Game, player: str) -> bool:
    """Whether a creature is attacking the player or a planeswalker they control."""
    for oid in game.battlefield:
        target = game.objects[oid].attacking
        if target is None:
            continue
        if target == player or (isinstance(target, int) and target in game.objects
                                and game.objects[target].controller == player):
            return True
    return False
