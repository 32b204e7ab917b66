"""Templates for triggered abilities: "When ~ enters the battlefield, ...", "Whenever ~
attacks, ...", "At the beginning of your upkeep, ...", "Whenever a player casts a white
spell, ...", "Whenever an opponent draws a card, ...".

A trigger condition compiles to a condition of `rules.cards.ir` that the engine checks
against each event, and the words its event lets the effect use ("that player", "that
creature", "that much": the event's data is the resolving ability's data)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .effect_templates import compile_effect
from .ir import (
    ALWAYS,
    ActiveHandAtMost,
    AttachedHost,
    AttachedPowerAtLeast,
    BecomesTappedTrigger,
    CastTrigger,
    CombatDamageToYouTrigger,
    CombatTrigger,
    Condition,
    ControlledByYou,
    ControllersOf,
    CounterRemovedTrigger,
    CreatureAttacksYouTrigger,
    DiesDealtDamageBySelf,
    DiscardedByOpponentTrigger,
    EitherTrigger,
    EnchantedLandTappedForMana,
    EnteredObject,
    EntersUnderControlTrigger,
    EventValue,
    GraveyardHasAtLeast,
    HasColor,
    If,
    NoCreatures,
    NoPermanentsWithCounter,
    NotCastFromHand,
    OpponentDealtDamageByTrigger,
    OtherCombatant,
    PlayerDealtDamageTrigger,
    PlayerEventTrigger,
    Pred,
    Ref,
    SelfDealtDamageTrigger,
    SourceInGraveyard,
    SourceIsInGraveyard,
    SourceRef,
    SourceUntapped,
    StepTrigger,
    TargetedByOpponentTrigger,
    TargetedTrigger,
    TriggerCondition,
    ZoneChangeTrigger,
    all_of,
)
from .mana import NAME_TO_COLOR
from .model import TriggeredAbility
from .phrases import expand_phrases
from .registry import Template, new_registry, record_use, registering
from .targets import Unsupported, card_phrase, object_phrase
from .wording import num


def _player_refs(key: str) -> dict[str, Ref]:
    ref = EventValue(key)
    return {"that player": ref, "they": ref, "them": ref}


_COMBAT_REFS: dict[str, dict[str, Ref]] = {
    "attacks": {"defending player": EventValue("defending_player")},
    "blocks": {"that creature": EventValue("attacker")},
    "blocks a creature": {"that creature": EventValue("attacker")},
    "attacks or blocks": {},
    "blocks or becomes blocked by a creature": {"that creature": OtherCombatant()},
    "blocks or becomes blocked": {},
    "becomes blocked": {},
    "becomes blocked by a creature": {"that creature": EventValue("blocker")},
    "deals combat damage to a player": _player_refs("target"),
    "deals combat damage to a creature": {"that creature": EventValue("target")},
    "deals damage to an opponent": _player_refs("target"),
    "deals damage": {},
}


# what a trigger condition compiles to: (event name, condition, words the event supplies, looks
# back in time?)
Trigger = tuple[str, TriggerCondition, dict[str, Ref], bool]
TriggerBuilder = Callable[[re.Match[str]], Trigger]
ConditionBuilder = Callable[[re.Match[str]], Condition]

# the trigger conditions' templates, tried in the order defined: the first whose wording matches
# the whole condition decides it (`rules.cards.registry`)
_TRIGGERS = new_registry()


def trigger(pattern: str) -> Callable[[TriggerBuilder], TriggerBuilder]:
    """Register a trigger condition's template (tried in the order defined)."""
    return registering(_TRIGGERS, expand_phrases(pattern))


def trigger_condition(cond: str) -> Trigger:
    """(event name, condition, words the event supplies, looks back in time?) of the first
    template whose wording `cond` is; a phrase inside it that doesn't compile fails the whole."""
    meaning: Trigger = _first_template(_TRIGGERS, cond)
    return meaning


def _first_template(templates: list[Template], text: str) -> Any:
    """What the first template whose wording is the whole `text` builds (recorded as used while
    someone watches); unlike a sentence's templates, a later one is not tried when a phrase
    inside it fails."""
    for pattern, fn in templates:
        m = pattern.fullmatch(text)
        if m:
            built = fn(m)
            record_use((pattern, fn))
            return built
    raise Unsupported(text)


@trigger(r"(a|another) creature(?: with power (\d+) or greater)? enters the battlefield "
         r"under (your|an opponent's) control")
def _enters_under_control(m: re.Match[str]) -> Trigger:
    """"a creature enters the battlefield under your control" (Leyline of Vitality, Warstorm
    Surge, Angelic Chorus), "... under an opponent's control" (Blood Seeker), "another creature with power 3 or
    greater enters the battlefield under your control" (Garruk's Packleader)."""
    entered = EnteredObject()
    refs: dict[str, Ref] = {"it": entered, "that creature": entered}
    controller = ControllersOf(entered)
    refs.update({"that player": controller, "they": controller, "them": controller})
    trigger = EntersUnderControlTrigger("you" if m.group(3) == "your" else "opponent", m.group(1) == "another",
                                        int(m.group(2)) if m.group(2) else None)
    return "etb", trigger, refs, False


@trigger(r"<who> (?:is|are) dealt (noncombat )?damage")
def _player_dealt_damage(m: re.Match[str]) -> Trigger:
    """Chandra's Spitfire."""
    return "damage", PlayerDealtDamageTrigger(m.group(1), bool(m.group(2))), _player_refs("target"), False


@trigger(r"a source deals damage to ~")
def _self_dealt_damage(m: re.Match[str]) -> Trigger:
    """Belltower Sphinx."""
    controller = EventValue("controller")
    return "damage", SelfDealtDamageTrigger(), {"that source's controller": controller, "it": SourceRef()}, False


@trigger(r"a (creature(?: with(?:out)? flying)?) attacks you or a planeswalker you control")
def _creature_attacks_you(m: re.Match[str]) -> Trigger:
    """Circle of Flame."""
    return "attacks", CreatureAttacksYouTrigger(object_phrase(m.group(1))[1]), \
        {"that creature": EventValue("attacker")}, False


@trigger(r"~ becomes the target of a spell or ability an opponent controls")
def _targeted_by_opponent(m: re.Match[str]) -> Trigger:
    """Frost Titan."""
    item = EventValue("item")
    return "targeted", TargetedByOpponentTrigger(), {"that spell or ability": item, "it": SourceRef()}, False


@trigger(r"an opponent is dealt damage by an? (.+?) you control or by an? (.+?) you control")
def _opponent_dealt_damage_by(m: re.Match[str]) -> Trigger:
    """Chandra's Phoenix."""
    return "damage", OpponentDealtDamageByTrigger((_source_test(m.group(1)), _source_test(m.group(2)))), \
        _player_refs("target"), False


@trigger(r"a spell or ability an opponent controls causes you to discard ~")
def _discarded_by_opponent(m: re.Match[str]) -> Trigger:
    """Guerrilla Tactics."""
    return "discard", DiscardedByOpponentTrigger(), {"it": SourceRef()}, False


@trigger(r"~ enters the battlefield or attacks")
def _enters_or_attacks(m: re.Match[str]) -> Trigger:
    """The Titans."""
    return "etb_or_attacks", EitherTrigger(ZoneChangeTrigger("battlefield", "self"), CombatTrigger("attacks")), \
        {"it": SourceRef()}, False


@trigger(r"(~|another creature(?: you control)?|a creature(?: you control)?) (enters the battlefield|dies)")
def _enters_or_dies(m: re.Match[str]) -> Trigger:
    """A creature dying looks back in time (603.10a / 410.10)."""
    who = "self" if m.group(1) == "~" else m.group(1)
    refs: dict[str, Ref] = {"it": SourceRef()} if who == "self" else {}
    if m.group(2) == "dies":
        return "dies", ZoneChangeTrigger("dies", who), refs, True
    return "etb", ZoneChangeTrigger("battlefield", who), refs, False


@trigger(r"you control no permanents with ([a-z]+) counters on them")
def _no_permanents_with_counter(m: re.Match[str]) -> Trigger:
    """Phylactery Lich: a state trigger (603.8 / 410.11)."""
    return "state", NoPermanentsWithCounter(m.group(1)), {}, False


@trigger(r"~ leaves the battlefield")
def _leaves(m: re.Match[str]) -> Trigger:
    """Oblivion Ring: looks back in time (603.10a / 410.10)."""
    return "leaves", ZoneChangeTrigger("leaves", "self"), {"it": SourceRef()}, True


@trigger(r"enchanted creature dies")
def _enchanted_dies(m: re.Match[str]) -> Trigger:
    """Angelic Destiny: the Aura looks back too (603.10a / 410.10); by the time it resolves, the
    Aura is in the graveyard it went to (704.5n / 420.5d)."""
    return "dies", ZoneChangeTrigger("dies", "enchanted creature"), {"~": SourceInGraveyard()}, True


@trigger(r"a creature dealt damage by ~ this turn dies")
def _dies_dealt_damage_by_self(m: re.Match[str]) -> Trigger:
    """Sengir Vampire."""
    return "dies", DiesDealtDamageBySelf(), {}, True


# whose step a "the beginning of ..." trigger watches, by the words before the step
_WHOSE_STEP = {"your": "yours", "each": "each", "the": "each", "each player's": "each", "each opponent's": "opponents"}
_STEPS = {"upkeep": "upkeep", "end step": "end", "draw step": "draw"}


@trigger(r"the beginning of (your|each|the|each player's|each opponent's) (upkeep|end step|draw step)")
def _step(m: re.Match[str]) -> Trigger:
    """"your upkeep", "each end step", "the end step", "each player's draw step", "each
    opponent's upkeep" (Lavaborn Muse): "that player" is the active player."""
    step = _STEPS[m.group(2)]
    return step, StepTrigger(step, _WHOSE_STEP[m.group(1)]), _player_refs("active"), False


@trigger(r"the beginning of the upkeep of enchanted creature's controller")
def _enchanted_controllers_upkeep(m: re.Match[str]) -> Trigger:
    return "upkeep", StepTrigger("upkeep", "enchanted"), _player_refs("active"), False


@trigger(r"(~|enchanted creature) becomes the target of a spell or ability")
def _targeted(m: re.Match[str]) -> Trigger:
    who = "self" if m.group(1) == "~" else "enchanted"
    return "targeted", TargetedTrigger(who), {"it": SourceRef()} if who == "self" else {}, False


@trigger(r"an? ([+\-/\w]+) counter is removed from ~")
def _counter_removed(m: re.Match[str]) -> Trigger:
    """Protean Hydra."""
    return "counter_removed", CounterRemovedTrigger(m.group(1)), {"it": SourceRef()}, False


@trigger(r"(?:enchanted|equipped) creature (attacks|blocks|attacks or blocks|deals damage"
         r"|deals combat damage to a player)")
def _host_in_combat(m: re.Match[str]) -> Trigger:
    """Contaminated Bond: the host's controller is "its controller"; Worldslayer."""
    return m.group(1), CombatTrigger(m.group(1), "enchanted"), {"it": AttachedHost(), **_COMBAT_REFS[m.group(1)]}, False


@trigger(r"enchanted (?:permanent|creature|land|artifact) becomes tapped")
def _enchanted_becomes_tapped(m: re.Match[str]) -> Trigger:
    """Brink of Disaster: "it" is the permanent that became tapped."""
    return "tapped", BecomesTappedTrigger("enchanted"), {"it": EventValue("object")}, False


@trigger(r"an? (.+?) becomes tapped")
def _becomes_tapped(m: re.Match[str]) -> Trigger:
    """Gideon's Avenger: "a creature an opponent controls becomes tapped"."""
    tapped = EventValue("object")
    return "tapped", BecomesTappedTrigger("any", object_phrase(m.group(1))[1]), \
        {"it": tapped, "that creature": tapped}, False


@trigger(r"combat damage is dealt to you or a planeswalker you control")
def _combat_damage_to_you(m: re.Match[str]) -> Trigger:
    """Vengeful Pharaoh."""
    return "combat_damage_dealt", CombatDamageToYouTrigger(), {}, False


@trigger(r"~ (.+)")
def _in_combat(m: re.Match[str]) -> Trigger:
    """"Whenever ~ attacks", "... blocks or becomes blocked by a creature": the words each
    supplies are in `_COMBAT_REFS`; no other "~ ..." condition compiles."""
    if m.group(1) not in _COMBAT_REFS:
        raise Unsupported(m.group(1))
    return m.group(1), CombatTrigger(m.group(1)), {"it": SourceRef(), **_COMBAT_REFS[m.group(1)]}, False


@trigger(r"<who> casts? <a> (.*?)\s*spell")
def _casts(m: re.Match[str]) -> Trigger:
    test = object_phrase(f"{m.group(2)} spell")[1] if m.group(2) else None
    refs = {**_player_refs("player"), "that spell": EventValue("item")}
    return "cast", CastTrigger(m.group(1), test), refs, False


@trigger(r"<who> (draws|discards|draw|discard) a card")
def _draws_or_discards(m: re.Match[str]) -> Trigger:
    """"Whenever you draw a card" (Jace's Erasure)."""
    kind = {"draws": "draw", "discards": "discard", "draw": "draw", "discard": "discard"}[m.group(2)]
    return kind, PlayerEventTrigger(kind, m.group(1)), _player_refs("player"), False


@trigger(r"enchanted land is tapped for mana")
def _enchanted_land_mana(m: re.Match[str]) -> Trigger:
    """Overgrowth: a triggered mana ability."""
    return "enchanted_land_mana", EnchantedLandTappedForMana(), {"it": AttachedHost()}, False


@trigger(r"<who> taps? a land for mana")
def _taps_land_for_mana(m: re.Match[str]) -> Trigger:
    """Manabarbs."""
    return "land_mana", PlayerEventTrigger("land_mana", m.group(1)), _player_refs("player"), False


@trigger(r"<who> gains? life")
def _gains_life(m: re.Match[str]) -> Trigger:
    return "life_gain", PlayerEventTrigger("life_gain", m.group(1)), _player_refs("player"), False


def _source_test(phrase: str) -> Pred:
    """"red instant or sorcery spell", "red planeswalker": a color, then what it is; controlled
    by the ability's controller."""
    first, _, rest = phrase.partition(" ")
    color = HasColor(NAME_TO_COLOR[first]) if first in NAME_TO_COLOR and rest else ALWAYS
    return all_of(color, object_phrase(rest if color != ALWAYS else phrase)[1], ControlledByYou())


# the intervening "if" clauses' templates (603.4 / 2009 404.3), tried in the order defined: the
# first whose wording matches the whole clause decides it (`rules.cards.registry`)
_INTERVENING = new_registry()


def intervening(pattern: str) -> Callable[[ConditionBuilder], ConditionBuilder]:
    """Register an intervening "if" clause's template (tried in the order defined)."""
    return registering(_INTERVENING, expand_phrases(pattern))


def _intervening_if(text: str) -> Condition:
    """"if ~ is untapped": checked as it triggers and again as it resolves (603.4)."""
    condition: Condition = _first_template(_INTERVENING, text)
    return condition


@intervening(r"~ is untapped")
def _source_untapped(m: re.Match[str]) -> Condition:
    return SourceUntapped()


@intervening(r"~ is in your graveyard")
def _source_in_graveyard(m: re.Match[str]) -> Condition:
    """Vengeful Pharaoh: it triggers only from there."""
    return SourceIsInGraveyard()


@intervening(r"no creatures are on the battlefield")
def _no_creatures(m: re.Match[str]) -> Condition:
    """Call to the Grave."""
    return NoCreatures()


@intervening(r"enchanted creature's power is (\d+) or greater")
def _attached_power_at_least(m: re.Match[str]) -> Condition:
    """Arachnus Web."""
    return AttachedPowerAtLeast(int(m.group(1)))


@intervening(r"you didn't cast it from your hand")
def _not_cast_from_hand(m: re.Match[str]) -> Condition:
    return NotCastFromHand()


@intervening(r"<number> or more <card> cards are in your graveyard")
def _graveyard_has_at_least(m: re.Match[str]) -> Condition:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    return GraveyardHasAtLeast(n, card_phrase(m.group(2) + " card"))


@intervening(r"that player has <number> or fewer cards in hand")
def _active_hand_at_most(m: re.Match[str]) -> Condition:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    return ActiveHandAtMost(n)


def compile_triggered(t: str, raw: str) -> TriggeredAbility | None:
    """A "When/Whenever/At ..." line, or None if `t` isn't one."""
    m = re.fullmatch(r"(When|Whenever|At) (.+?), (?:if (.+?), )?(.+)", t)
    if not m:
        return None
    m = _split_trigger(t) or m
    event, condition, refs, leaves = trigger_condition(m.group(2))
    effect_text = m.group(4)
    optional = effect_text.startswith("you may ") and not re.match(r"you may pay (\{[0-9WUBRGCX]\})+\.", effect_text)
    if optional:
        effect_text = effect_text[len("you may "):]
        # "you may have it deal ... If you do, that creature deals ...": having it deal damage
        # always happens once chosen (603.5), so what follows "If you do" simply happens
        if effect_text.startswith("have "):
            effect_text = re.sub(r"\. If you do, (\w)", lambda m: ". " + m.group(1).upper(), effect_text)
    c = compile_effect(effect_text[0].upper() + effect_text[1:], refs)
    effect = c.body()
    check = _intervening_if(m.group(3)) if m.group(3) else None
    if check is not None:
        effect = (If(check, effect),)
    zone = "graveyard" if (re.search(r"\breturn ~ from your graveyard\b", effect_text, re.I)
                           or isinstance(check, SourceIsInGraveyard)) else "battlefield"
    if isinstance(condition, DiscardedByOpponentTrigger):  # checked once the card is in the graveyard (603.2)
        zone = "graveyard"
    return TriggeredAbility(raw, event=event, condition=condition, effect=effect, targets=tuple(c.specs), zone=zone,
                            optional=optional, leaves_battlefield=leaves, intervening=check)


def _split_trigger(t: str) -> re.Match[str] | None:
    """The trigger condition may hold commas ("Whenever you cast a white, blue, black, or red
    spell, ..."): the first comma whose words before it are a condition ends it."""
    for m in re.finditer(r", ", t):
        head = re.fullmatch(r"(When|Whenever|At) (.+)", t[:m.start()])
        if head is None or "," not in head.group(2):
            continue
        try:
            trigger_condition(head.group(2))
        except Unsupported:
            continue
        return re.fullmatch(r"(When|Whenever|At) (" + re.escape(head.group(2)) + r"), (?:if (.+?), )?(.+)", t)
    return None
