"""Questions a client asks while building an answer: which actions matter, what may be
targeted, which creature may block which, what lethal damage is.

These are rules questions, so they live in the rules core; the terminal client calls them
instead of reasoning about the rules itself.  Everything here reads the game and changes
nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from ..cards import ir
from ..cards.model import TargetSpec
from ..engine.api.game import Game
from ..engine.api.view import card_view
from ..engine.api.view_types import CardView
from ..engine.changes.damage import lethal_damage as lethal
from ..engine.changes.payment import mana_sources
from ..engine.combat.combat import can_block
from ..engine.continuous.abilities import activated_abilities, activated_ability, spell_ability, spell_targets
from ..engine.continuous.other_zones import playable_elsewhere
from ..engine.core import actions as A
from ..engine.core.decisions import BlockersDecision, DamageAssignmentDecision, TargetsDecision
from ..engine.loop.legal import lethal_first
from ..engine.loop.priority_moves import Source, available_mana, has_action, source_actions, sources
from ..engine.loop.turn import PHASE, STEPS
from ..engine.resolution.division import amount_to_divide, divided_effect
from ..engine.resolution.targets import legal_targets


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


# ------------------------------------------------------------------ smart stops
# What an action does, by category, and the situations in which it can matter.  A client
# passes priority for a player whose every legal action is either a mana ability (it only
# fills the pool: 605.1a, 605.3b / 411.1) or an action none of whose effects could change
# anything now.  Two categories are situational; every other effect (damage, destruction,
# drawing, a permanent spell, a land ...) always matters.
#
# SHIELDS: regeneration (701.12a / 501.5a), prevention and redirection shields (615 / 419.7),
#   protection until end of turn: they only replace or prevent an event that may happen, so
#   they matter only while the permanent or player they cover is in harm's way.
# MODIFIERS: until-end-of-turn changes to a creature's power, toughness, colour, types or
#   abilities (layers 4-7, 613 / 418.5): they matter when the creature fights (combat damage is
#   coming and it is attacking, blocking or may still block), when something on the stack may
#   care (a damage spell, a target's toughness), and on its controller's turn before attackers
#   are declared (`before_attacks`: haste, flying or power decide the attack).  A change of
#   power and toughness alone (Pump or PumpBy granting no ability) doesn't answer what the stack holds when that
#   only destroys, exiles, bounces, counters, taps, draws, discards or changes life totals
#   (PT_INDIFFERENT) and neither its targets nor its effects look at power or toughness
#   (PT_TESTS): Giant Growth is no answer to Royal Assassin's "destroy target tapped creature".
# "In harm's way" (`in_harms_way`): the stack holds a spell or ability that may destroy, damage
# or target (405, the stack; a permanent spell doesn't count), or combat damage is still to come
# this combat (the declare attackers, declare blockers and first-strike damage steps with an
# attacking creature: 506-510 / 306-310) and the object is in that combat.
SHIELDS: tuple[type, ...] = (ir.Regenerate, ir.PreventAllDamageTo, ir.PreventThisTurn, ir.PreventNextDamageTo,
                             ir.PreventFromSourcesThisTurn, ir.RedirectNextDamage, ir.ProtectionFromChosenColor,
                             ir.PreventNextTimeFromChosenSource, ir.PreventNextAndReflect)
MODIFIERS: tuple[type, ...] = (ir.Pump, ir.PumpBy, ir.SwitchPT, ir.SetColor, ir.LoseAndGain, ir.BecomesCreatureType)
PT_INDIFFERENT: tuple[type, ...] = (ir.Destroy, ir.Exile, ir.ReturnToHand, ir.CounterSpell, ir.Tap, ir.TapOrUntap,
                                    ir.Draw, ir.Discard, ir.GainLife, ir.LoseLife)
PT_TESTS: tuple[type, ...] = (ir.PowerAtMost, ir.ToughnessLessThanSourcePower)
COMBAT_STEPS_BEFORE_DAMAGE = frozenset({"declare_attackers", "declare_blockers", "first_strike_damage"})


def combat_damage_coming(game: Game) -> bool:
    """Whether combat damage is still to be dealt this combat: an attacking creature in a step
    before the combat damage step (510 / 310; after first-strike damage, regular damage)."""
    return game.step in COMBAT_STEPS_BEFORE_DAMAGE and any(
        game.objects[i].attacking is not None for i in game.battlefield)


def stack_may_harm(game: Game) -> bool:
    """Whether the stack holds something with an effect yet to come: an instant or sorcery
    spell, an ability, or (2009) combat damage, which used the stack then (310.4).  A permanent spell only
    becomes a permanent as it resolves (608.3 / 413.2i): nothing to shield anything from."""
    return any(it.ability is not None or it.kind == "combat_damage" for it in game.stack)


def _looks_at_pt(node: Any) -> bool:
    """Whether an effect or a target test (IR: frozen dataclasses and tuples of them) reads a
    power or a toughness anywhere inside (PT_TESTS)."""
    if isinstance(node, PT_TESTS):
        return True
    if isinstance(node, tuple):
        return any(_looks_at_pt(x) for x in node)
    if is_dataclass(node) and not isinstance(node, type):
        return any(_looks_at_pt(getattr(node, f.name)) for f in fields(node))
    return False


def stack_may_care_about_pt(game: Game) -> bool:
    """Whether something on the stack may turn out otherwise if a creature's power or
    toughness changed: combat damage (2009), or a spell or ability with an effect outside
    PT_INDIFFERENT, or whose targets or effects read power or toughness (PT_TESTS: a target
    that is no longer legal as it resolves is not affected, 608.2b)."""
    for it in game.stack:
        if it.kind == "combat_damage":
            return True
        ab = it.ability
        if ab is None:
            continue  # a permanent spell
        if any(not isinstance(e, PT_INDIFFERENT) for e in ab.effect) or _looks_at_pt(ab.effect) or any(
                _looks_at_pt(spec.test) for spec in ab.targets):
            return True
    return False


def in_harms_way(game: Game, ref: Any, pt_only: bool = False) -> bool:
    """Whether something could happen now to the permanent or player `ref` (None: anything in
    the game) that a shield or a modifier changes: see SHIELDS above.  `pt_only`: for a change
    of power and toughness alone, which the stack may not care about (`stack_may_care_about_pt`)."""
    if stack_may_care_about_pt(game) if pt_only else stack_may_harm(game):
        return True
    if not combat_damage_coming(game):
        return False
    if ref is None:
        return True
    if isinstance(ref, str):  # a player: attacked (or a planeswalker of theirs is)
        return is_attacked(game, ref)
    o = game.objects.get(ref)
    if o is None or o.zone != "battlefield":
        return False
    if o.attacking is not None or o.blocking:
        return True
    # blockers aren't declared yet: a creature of a defending player that may block (509.1 / 309.1)
    if game.step != "declare_attackers" or not is_attacked(game, o.controller):
        return False
    attackers = [game.objects[i] for i in game.battlefield if game.objects[i].attacking is not None]
    return game.chars(o).is_type("Creature") and any(can_block(game.state, o, a) is None for a in attackers)


def _effect_refs(game: Game, effect: Any, action: A.Action, source: int) -> list[Any] | None:
    """The objects or players an effect applies to, when they are known before it resolves
    (its source, its targets, what its source is attached to); None when not known."""
    ref = getattr(effect, "objects", None) or getattr(effect, "to", None)
    if isinstance(ref, ir.SourceRef):
        return [source]
    if isinstance(ref, ir.TargetRef):
        targets = getattr(action, "targets", ())
        return list(targets[ref.index:ref.index + ref.count]) or None
    if isinstance(ref, ir.AttachedHost):
        host = game.objects[source].attached_to if source in game.objects else None
        return [host] if host is not None else None
    return None


PRECOMBAT_STEPS = frozenset({"upkeep", "draw", "main1", "begin_combat"})


def before_attacks(game: Game, player: str, ref: Any) -> bool:
    """Whether it is `player`'s own turn before attackers are declared (506.1 / 306.1) and `ref`
    (None: any) is a creature of theirs: a modifier now decides how it may attack (haste,
    flying, more power)."""
    if game.active != player or game.step not in PRECOMBAT_STEPS:
        return False
    if ref is None:
        return True
    o = game.objects.get(ref) if isinstance(ref, int) else None
    if o is None or o.zone != "battlefield" or o.controller != player or o.tapped:
        return False
    # a creature that can't attack whatever it gains (Pacifism) isn't helped; summoning sickness
    # and defender may be lifted by the modifier itself (haste, "loses defender")
    ch = game.chars(o)
    cant_attack = {ir.Restriction.CANT_ATTACK, ir.Restriction.CANT_ATTACK_OR_BLOCK}
    return ch.is_type("Creature") and not cant_attack & set(ch.restrictions)


def effect_matters(game: Game, effect: Any, action: A.Action, source: int) -> bool:
    """Whether one effect of `action` could change anything now (see SHIELDS above).  Tapping
    what is tapped already, or untapping what is untapped, changes nothing (2014 701.18)."""
    if isinstance(effect, ir.Tap):
        refs = [r for r in _effect_refs(game, effect, action, source) or [] if isinstance(r, int)]
        # the source is tapped by its own {T} cost, paid as it is activated (2014 602.2b, 601.2h)
        taps_itself = isinstance(action, A.Activate) and activated_abilities(
            game.state, game.objects[source])[action.index - 1].cost.tap
        state = [(r == source and taps_itself) or game.objects[r].tapped for r in refs if r in game.objects]
        if state and len(state) == len(refs) and all(t != effect.untap for t in state):
            return False
    if isinstance(effect, ir.Pump) and cuts_toughness_lethally(game, effect, action, source):
        return True
    if isinstance(effect, SHIELDS + MODIFIERS):
        refs = _effect_refs(game, effect, action, source) or [None]
        pt_only = isinstance(effect, (ir.Pump, ir.PumpBy)) and not effect.grants  # (shroud, protection answer a target)
        if any(in_harms_way(game, r, pt_only) for r in refs):
            return True
        player = getattr(action, "player", None)
        return isinstance(effect, MODIFIERS) and player is not None and any(
            before_attacks(game, player, r) for r in refs)
    return True


def lowers_toughness(effect: Any) -> bool:
    """A "-N/-N" (or "+N/-N") of a fixed size: it may kill without any fight."""
    return isinstance(effect, ir.Pump) and effect.toughness < 0 and effect.scale is None


def cuts_toughness_lethally(game: Game, effect: ir.Pump, action: A.Action, source: int) -> bool:
    """Whether a "-N/-N" puts a creature it affects into the graveyard at once, combat or not:
    its toughness drops to 0 or less (704.5f / 420.5b), or to the damage marked on it or less
    (704.5g / 420.5c).  Wring Flesh on a 1/1 matters in any main phase."""
    if not lowers_toughness(effect):
        return False
    for ref in _effect_refs(game, effect, action, source) or []:
        o = game.objects.get(ref) if isinstance(ref, int) else None
        if o is None or o.zone != "battlefield" or not game.chars(o).is_type("Creature"):
            continue
        toughness = (game.chars(o).toughness or 0) + effect.toughness
        if toughness <= 0 or o.damage >= toughness:
            return True
    return False


def action_matters(game: Game, action: A.Action) -> bool:
    """Whether a legal priority action could matter now: a land or a permanent spell always
    does; a mana ability never does; an instant, sorcery or ability when one of its effects
    could (`effect_matters`)."""
    if isinstance(action, A.Cast):
        o = game.objects[action.card]
        spell = spell_ability(o)
        if spell is None or not spell.effect:  # a permanent spell
            return True
        return any(effect_matters(game, e, action, action.card) for e in spell.effect)
    if isinstance(action, A.Activate):
        ab = activated_ability(game.state, game.objects[action.source], action.index, action.modes)
        if ab.is_mana:
            return False
        if not ab.effect:
            return True
        return any(effect_matters(game, e, action, action.source) for e in ab.effect)
    return not isinstance(action, A.Pass)


def _source_effects(game: Game, src: Source) -> tuple[Any, ...] | None:
    """The effects of a source's actions when all are situational, for a quick test before any
    legality check; None when some action of it may matter regardless."""
    if src.kind == "land":
        return None
    if src.kind == "cast":
        spell = spell_ability(src.obj)
        effects = spell.effect if spell is not None else ()
    else:
        ab = activated_abilities(game.state, src.obj)[src.index - 1]
        if ab.is_mana:
            return ()
        effects = ab.effect
    if not effects or not all(isinstance(e, SHIELDS + MODIFIERS) for e in effects):
        return None
    return tuple(effects)


def relevant_actions(game: Game, player: str) -> Iterator[A.Action]:
    """The legal priority actions of `player` that could matter now (`action_matters`), one
    source at a time (a client asks only for the first)."""
    state = game.state
    mana = available_mana(state, player)
    for src in sources(state, player, mana):
        effects = _source_effects(game, src)
        if effects is not None and (not effects or not (in_harms_way(game, None)
                                                        or before_attacks(game, player, None)
                                                        or any(map(lowers_toughness, effects)))):
            continue  # a mana ability, or only shields and modifiers with nothing in harm's way
        for action in source_actions(state, player, src, mana):
            if action_matters(game, action):
                yield action
                break


def can_act(game: Game, player: str) -> bool:
    """Whether the player has a legal priority action that could matter now (not passing, not
    a mana ability, not a shield or modifier with nothing in harm's way): when not, a client
    may pass for them.  Stops at the first such action."""
    d = game.decision
    return d is not None and d.player == player and next(relevant_actions(game, player), None) is not None


def sorcery_speed_only(game: Game, action: A.Action) -> bool:
    """Whether `action` could be taken only when a sorcery could (307.1 / 305.1 / 602.5d): a
    land, a spell without flash that isn't an instant, a sorcery-speed or loyalty ability.
    (Cast "as though it had flash" isn't counted: a player who may do it later loses nothing.)"""
    if isinstance(action, A.PlayLand):
        return True
    if isinstance(action, A.Cast):
        o = game.objects[action.card]
        return not (o.card.is_type("Instant") or ir.Keyword.FLASH in game.chars(o).keywords)
    if isinstance(action, A.Activate):
        ab = activated_abilities(game.state, game.objects[action.source])[action.index - 1]
        return ab.sorcery_speed or ab.cost.loyalty is not None
    return False


def can_act_only_now(game: Game, player: str) -> bool:
    """Whether the player has a relevant action (`relevant_actions`) they could not take
    later this turn at instant speed: at their main 2, what `e` (pass to end of turn) stops
    for; an instant in hand can wait."""
    d = game.decision
    return (d is not None and d.player == player
            and any(sorcery_speed_only(game, a) for a in relevant_actions(game, player)))


def can_act_at_all(game: Game, player: str) -> bool:
    """Whether the player has any legal priority action besides passing and mana abilities."""
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
        specs = activated_ability(game.state, source, action.index, action.modes).targets
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
        effects = activated_ability(game.state, game.objects[action.source], action.index, action.modes).effect
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
    """The text of each activated ability of a permanent, in the order `Activate.index` counts,
    one line each (a modal ability's modes follow its cost)."""
    return [" ".join(ab.text.split("\n")) for ab in activated_abilities(game.state, game.objects[source])]


def mode_texts(game: Game, action: A.Action) -> list[str]:
    """The words of each mode of the modal ability `action` activates, in the order `modes`
    counts (700.2 / 409.1b); none for anything else."""
    if not isinstance(action, A.Activate):
        return []
    return [m.text for m in activated_abilities(game.state, game.objects[action.source])[action.index - 1].modes]


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


def choice_view(game: Game, ref: Any) -> CardView | str:
    """What the chooser sees of one option of a `choose` decision: the card (as `Game.view`
    shows cards) wherever it is, its library included; else its name (a player, or an object
    no zone holds any more)."""
    if isinstance(ref, str):
        return ref
    o = game.known(ref)
    return card_view(game.state, o) if o is not None else game.name_of(ref)


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


# ------------------------------------------------------------------ hidden information
@dataclass(frozen=True)
class HiddenMark:
    """What hidden information looked like at a moment of the game, to tell later whether any
    has come to light since: the random generator (a shuffle, 701.17a / 217.2b; a random
    choice; a coin flip), each library in order (a draw, a mill, a search: 701.16a / 217.2b),
    and how long the log was (a look at or a reveal of hidden cards: 701.13a, 402.3 / 217.3c)."""

    rng: Any
    libraries: tuple[tuple[int, ...], ...]
    log: int


def hidden_mark(game: Game) -> HiddenMark:
    return HiddenMark(game.state.rng.getstate(), tuple(tuple(p.library) for p in game.players), len(game.log))


REVEAL_CONCEPTS = ("reveal", "look_hand", "library_top", "search")


def revealed_since(game: Game, mark: HiddenMark) -> str | None:
    """What hidden information came to light since `mark` (a sentence), or None: taking the
    actions since back would let a player act again knowing it."""
    for p, before in zip(game.players, mark.libraries, strict=False):
        if tuple(p.library) != before:
            drew = any(e.player == p.name and e.text.startswith(f"{p.name} draws") for e in game.log[mark.log:])
            return f"{p.name} drew a card" if drew else f"{p.name}'s library changed"
    if game.state.rng.getstate() != mark.rng:
        return "something was shuffled or chosen at random"
    reveal_rules = {game.rules.cite(c) for c in REVEAL_CONCEPTS}
    for e in game.log[mark.log:]:
        if e.to is not None:
            return f"{e.to} looked at hidden cards"
        if e.rule in reveal_rules:
            return f"{e.player} looked at or revealed hidden cards" if e.player else "hidden cards were revealed"
    return None
