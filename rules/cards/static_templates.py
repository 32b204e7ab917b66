"""Templates for static abilities: anthems and lords ("Other Elf creatures you control get
+1/+1"), Auras and Equipment ("Enchanted creature gets +1/+2", "Equipped creature can't be
blocked and has shroud"), characteristic-defining P/T, "can't" restrictions, replacement
and prevention effects ("enters the battlefield tapped unless ...", "prevent 1 of that
damage") and rules for players ("You have no maximum hand size"). Each wording is a template
on the compiler's registry (`rules.cards.registry`: the first whose wording is the whole
sentence and that builds decides it), each building a StaticAbility of typed effects.

Which objects an ability affects is judged on their base characteristics, so that
computing one object's characteristics never needs another's."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from .ir import (
    ALWAYS,
    ANY_NUMBER,
    CDA,
    AddChosenCreatureType,
    AddSubtypes,
    AddTypes,
    Affects,
    AffectsAllCreatures,
    AffectsAttached,
    AffectsChosenName,
    AffectsEachPermanent,
    AffectsGroup,
    AffectsSelf,
    AffectsSelfAndGroup,
    AffectsSelfUnlessCount,
    AffectsSelfUnlessDefenderHas,
    AffectsSelfUnlessOpponentDamaged,
    AffectsYourChosenType,
    AllOf,
    AlternativeCost,
    AnyOf,
    AsEntersChoose,
    AsEntersCounter,
    AsEntersExile,
    BeginOnBattlefield,
    Bonus,
    BonusPerPermanent,
    BonusPerSameName,
    BonusPerSharedCreatureType,
    BonusPerSubtypeYouControl,
    ControlAffected,
    ControlsCreatureOfType,
    CostsLessIfOutnumbered,
    CostsMorePerExtraTarget,
    CountSubtypeCDA,
    DamageCantBePrevented,
    DeckLimit,
    DefinePT,
    DiscardedToBattlefield,
    DoubleAllDamage,
    DoubleDamageFromYourSpells,
    DrawInstead,
    EntersAsCopy,
    EntersTappedUnless,
    EntersWithCounters,
    Fixed,
    GrantChosenProtection,
    GrantKeywords,
    GraveyardCardsCDA,
    GraveyardToLibrary,
    HasColor,
    HasKeyword,
    IsType,
    Keyword,
    LifeAtLeast,
    LifeTotalCDA,
    LinkedTotalCDA,
    ModifyPT,
    Not,
    OpponentsGraveyardToExile,
    OpponentsSpellsCostMore,
    OthersEnterTapped,
    PlayerRule,
    Pred,
    PreventAllToSelf,
    PreventNoncombatToAttached,
    PreventOneFromOpponents,
    PreventToAndFromAttached,
    PreventToSelfRemoveCounters,
    PreventToYouDuringYourTurn,
    PTBonus,
    RedirectToAttached,
    RemoveKeywords,
    Restricted,
    Restriction,
    RuleFor,
    RuleForPlayers,
    SacrificeAllAsCost,
    SacrificeAsCost,
    SacrificeCost,
    SetChosenLandType,
    SetPTToManaValue,
    SourceCountersAtLeast,
    SourceEnchanted,
    SpendOnlyOnX,
    StaticEffect,
    UntargetableBy,
    WhileCondition,
    XValue,
)
from .mana import NAME_TO_COLOR
from .model import StaticAbility
from .phrases import expand_phrases
from .registry import first_that_builds, new_registry, registering
from .targets import Unsupported, card_phrase, object_phrase
from .wording import BASIC_LAND_TYPES, keyword_list, num, singular

_RESTRICTIONS = {"attack or block": Restriction.CANT_ATTACK_OR_BLOCK, "attack": Restriction.CANT_ATTACK,
                 "block": Restriction.CANT_BLOCK, "be blocked": Restriction.UNBLOCKABLE}


def layered(*effects: StaticEffect) -> tuple[StaticEffect, ...]:
    """The effects a sentence states, without the ones it leaves empty ("gets +1/+1" grants no
    keyword; "gets +0/+0" is no P/T change)."""
    return tuple(e for e in effects if not _empty(e))


def _empty(effect: StaticEffect) -> bool:
    match effect:
        case ModifyPT(0, 0) | GrantKeywords(()) | RemoveKeywords(()):
            return True
    return False


def _keywords(text: str) -> tuple[Keyword, ...]:
    kws = keyword_list(text)
    if kws is None:
        raise Unsupported(text)
    return kws


def creature_group(phrase: str, other: bool) -> Affects:
    """"creatures you control", "White creatures you control", "Elf creatures you control",
    "Goblin creatures", "Creatures your opponents control"."""
    p = phrase[0].lower() + phrase[1:] if phrase.split(" ")[0] in ("Creatures", "Each") else phrase
    return AffectsGroup(object_phrase(p)[1], other)


def _count_bonus(phrase: str, p: int, t: int) -> Bonus:
    """"+1/+1 for each Plains you control"."""
    m = re.fullmatch(r"(\w+?)s? you control", phrase)
    if not m or m.group(1) not in BASIC_LAND_TYPES + ("Plain",):
        raise Unsupported(phrase)
    return BonusPerSubtypeYouControl("Plains" if m.group(1) == "Plain" else m.group(1), p, t)


def _lands_unless(words: str) -> EntersTappedUnless:
    """"enters the battlefield tapped unless you control a Swamp or a Mountain"."""
    subs = [s.strip() for s in re.split(r",?\s*(?:or )?an? ", " " + words) if s.strip()]
    if any(s not in BASIC_LAND_TYPES for s in subs):
        raise Unsupported(words)
    return EntersTappedUnless(tuple(sorted(set(subs))))


# "Creatures you control", "Goblin creatures", "Creatures you control with flying" (Favorable Winds)
_GROUP = r"(?:[A-Z]?\w+ )?[Cc]reatures(?: you control| your opponents control)?(?: with(?:out)? flying)?"


# a static ability's template: what it builds of the wording's match and the line's Oracle text,
# or None where the wording matched but its words are not this template's (a later one is tried)
StaticBuilder = Callable[[re.Match[str], str], StaticAbility | None]

# the static abilities' templates, tried in the order defined: the first whose wording is the whole
# sentence and that builds decides it (`rules.cards.registry`)
_STATICS = new_registry()


def static(pattern: str) -> Callable[[StaticBuilder], StaticBuilder]:
    """Register a static ability's template (tried in the order defined)."""
    return registering(_STATICS, expand_phrases(pattern))


def compile_static(t: str, raw: str) -> StaticAbility | None:
    """A static ability line, or None if `t` isn't one a template knows."""
    built: StaticAbility | None = first_that_builds(_STATICS, t.rstrip("."), raw)
    return built


def _fixed(sentence: str, *effects: StaticEffect) -> None:
    """A sentence that always says the same thing, on nothing but its source or its players: a
    template of its own (its wording, exactly), building `effects`."""
    def build(m: re.Match[str], raw: str) -> StaticAbility:
        return StaticAbility(raw, effects=effects)
    build.__qualname__ = build.__name__ = "fixed_" + re.sub(r"\W+", "_", sentence.lower())[:40]
    registering(_STATICS, re.escape(sentence))(build)


# --- anthems and lords


@static(r"(Other )?(" + _GROUP + r") get <pt change>(?: and have (.+))?")
def _anthem(m: re.Match[str], raw: str) -> StaticAbility:
    grants = _keywords(m.group(5)) if m.group(5) else ()
    return StaticAbility(raw, affects=creature_group(m.group(2), bool(m.group(1))),
                         effects=layered(ModifyPT(int(m.group(3)), int(m.group(4))), GrantKeywords(grants)))


@static(r"~ and other (" + _GROUP + r") get <pt change>(?: and have (.+))?")
def _self_and_lord(m: re.Match[str], raw: str) -> StaticAbility:
    """Vampire Nocturnus: the source itself, and the others of the group."""
    grants = _keywords(m.group(4)) if m.group(4) else ()
    group = creature_group(m.group(1), True)
    assert isinstance(group, AffectsGroup)
    return StaticAbility(raw, affects=AffectsSelfAndGroup(group.test),
                         effects=layered(ModifyPT(int(m.group(2)), int(m.group(3))), GrantKeywords(grants)))


@static(r"As long as (.+?), (?:~|it) (.+)|~ (has .+) as long as (.+)")
def _as_long_as(m: re.Match[str], raw: str) -> StaticAbility | None:
    """"As long as you have 30 or more life, ~ gets +5/+5 and has flying" (Serra Ascendant,
    Griffin Rider, Thran Golem); "~ has trample as long as it has ten or more +1/+1 counters
    on it" (Primordial Hydra)."""
    cond_text, what = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    cond = _while(cond_text)
    if cond is None:
        return None
    m2 = re.fullmatch(expand_phrases(r"gets <pt change>(?: and has (.+))?"), what)
    if m2:
        grants = _keywords(m2.group(3)) if m2.group(3) else ()
        return StaticAbility(raw, affects=AffectsSelf(), while_condition=cond,
                             effects=layered(ModifyPT(int(m2.group(1)), int(m2.group(2))), GrantKeywords(grants)))
    m2 = re.fullmatch(r"has (.+)", what)
    if m2:
        return StaticAbility(raw, affects=AffectsSelf(), effects=(GrantKeywords(_keywords(m2.group(1))),),
                             while_condition=cond)
    return None


@static(r"As long as the top card of your library is (\w+), (.+)")
def _while_top_card(m: re.Match[str], raw: str) -> StaticAbility | None:
    """"As long as the top card of your library is black, ..." (Vampire Nocturnus)."""
    if m.group(1) not in NAME_TO_COLOR:
        return None
    rest = compile_static(m.group(2)[0].upper() + m.group(2)[1:] + ".", raw)
    if rest is None or rest.affects is None:
        raise Unsupported(m.group(0))
    return dataclasses.replace(rest, while_top_card=HasColor(NAME_TO_COLOR[m.group(1)]))


_fixed("Play with the top card of your library revealed",  # Vampire Nocturnus (everyone sees it)
       RuleForPlayers(PlayerRule.TOP_REVEALED))


@static(r"(Other )?(" + _GROUP + r") have (.+)")
def _lord_grants(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, affects=creature_group(m.group(2), bool(m.group(1))),
                         effects=(GrantKeywords(_keywords(m.group(3))),))


@static(r"Each creature gets \+1/\+1 for each other creature on the battlefield that shares at least one "
        r"creature type with it")
def _shared_type_bonus(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, affects=AffectsAllCreatures(), effects=(PTBonus(BonusPerSharedCreatureType()),))


@static(r"~ gets <pt change> for each (\w+) on the battlefield")
def _bonus_per_permanent(m: re.Match[str], raw: str) -> StaticAbility:
    """Yavimaya Enchantress."""
    _, test = object_phrase(m.group(3))
    return StaticAbility(raw, affects=AffectsSelf(),
                         effects=(PTBonus(BonusPerPermanent(test, int(m.group(1)), int(m.group(2)))),))


@static(r"~ gets \+1/\+1 for each other creature on the battlefield named ~")
def _same_name_bonus(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, affects=AffectsSelf(), effects=(PTBonus(BonusPerSameName()),))


# --- Auras and Equipment


@static(r"(?:Enchanted|Equipped) (?:creature|permanent) (gets|has|can't|doesn't) (.+)")
def _attached(m: re.Match[str], raw: str) -> StaticAbility:
    return _attached_static(m.group(1), m.group(2), raw)


# --- the permanent itself


@static(r"~ doesn't untap during your untap step")
def _doesnt_untap(m: re.Match[str], raw: str) -> StaticAbility:
    """Colossus of Sardia (502.2 / 302.2)."""
    return StaticAbility(raw, affects=AffectsSelf(), effects=(Restricted(Restriction.DOESNT_UNTAP),))


_fixed("If you would draw a card, you may instead choose land or nonland and reveal cards from the top of your "
       "library until you reveal a card of the chosen kind. Put that card into your hand and put all other "
       "cards revealed this way on the bottom of your library in any order",  # Abundance (614.1a / 419.1a)
       DrawInstead("land_or_nonland"))
_fixed("If a spell or ability an opponent controls causes you to discard ~, put it onto the battlefield "
       "instead of putting it into your graveyard",  # Obstinate Baloth (614.1a / 419.1a)
       DiscardedToBattlefield())


@static(r"~ can't be the target of (\w+) spells or abilities from \1 sources")
def _untargetable_by_spells_or_abilities(m: re.Match[str], raw: str) -> StaticAbility:
    """Gaea's Revenge."""
    _, test = object_phrase(m.group(1) + " spell")
    untargetable = UntargetableBy(test, f"{m.group(1)} spells or abilities from {m.group(1)} sources",
                                  abilities=True)
    return StaticAbility(raw, effects=(Restricted(untargetable),))


@static(r"~ can't be the target of (.+?) spells")
def _untargetable_by_spells(m: re.Match[str], raw: str) -> StaticAbility:
    """Karplusan Strider."""
    _, test = object_phrase(m.group(1) + " spell")
    return StaticAbility(raw, effects=(Restricted(UntargetableBy(test, m.group(1) + " spells")),))


@static(r"All (lands|creatures|artifacts|permanents) are ([A-Z][a-z]+) in addition to their other types")
def _all_are_also(m: re.Match[str], raw: str) -> StaticAbility:
    """Stormtide Leviathan (layer 4)."""
    kind: Pred = IsType(singular(m.group(1)).capitalize()) if m.group(1) != "permanents" else ALWAYS
    return StaticAbility(raw, affects=AffectsEachPermanent(kind), effects=(AddSubtypes((singular(m.group(2)),)),))


@static(r"Creatures (with|without) ([a-z]+)(?: or ([a-z]+))? can't (attack or block|attack|block)")
def _creatures_without_cant(m: re.Match[str], raw: str) -> StaticAbility:
    """Stormtide Leviathan: "Creatures without flying or islandwalk can't attack"."""
    kws = [w for w in (m.group(2), m.group(3)) if w]
    if any(keyword_list(w) != (w,) for w in kws):
        raise Unsupported(raw)
    having = AnyOf(tuple(HasKeyword(Keyword(w)) for w in kws))
    return StaticAbility(raw, affects=AffectsGroup(having if m.group(1) == "with" else Not(having)),
                         effects=(Restricted(_RESTRICTIONS[m.group(4)]),))


@static(r"~ can't (attack or block|attack|block|be blocked)")
def _cant(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, effects=(Restricted(_RESTRICTIONS[m.group(1)]),))


@static(r"~ can't attack unless defending player controls <a> (\w+)")
def _cant_attack_unless_defender_has(m: re.Match[str], raw: str) -> StaticAbility | None:
    if m.group(1) not in BASIC_LAND_TYPES:
        return None
    return StaticAbility(raw, affects=AffectsSelfUnlessDefenderHas(m.group(1)),
                         effects=(Restricted(Restriction.CANT_ATTACK),))


@static(r"~ can't attack unless an opponent has been dealt damage this turn")
def _cant_attack_unless_damaged(m: re.Match[str], raw: str) -> StaticAbility:
    """Bloodcrazed Goblin."""
    return StaticAbility(raw, affects=AffectsSelfUnlessOpponentDamaged(),
                         effects=(Restricted(Restriction.CANT_ATTACK),))


@static(r"~ can't attack unless there are (\w+) or more (\w+) on the battlefield")
def _cant_attack_unless_count(m: re.Match[str], raw: str) -> StaticAbility | None:
    """Harbor Serpent."""
    n = num(m.group(1))
    if not n or singular(m.group(2)) not in BASIC_LAND_TYPES:
        return None
    return StaticAbility(raw, affects=AffectsSelfUnlessCount(singular(m.group(2)), n),
                         effects=(Restricted(Restriction.CANT_ATTACK),))


@static(r"~ gets <pt change> for each (.+)")
def _bonus_per_land(m: re.Match[str], raw: str) -> StaticAbility:
    """Earth Servant: "+0/+1 for each Mountain you control"."""
    per_land = _count_bonus(m.group(3), int(m.group(1)), int(m.group(2)))
    return StaticAbility(raw, affects=AffectsSelf(), effects=(PTBonus(per_land),))


@static(r"~'s power and toughness are each equal to (.+)")
def _defined_pt(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, effects=(DefinePT(_cda(m.group(1))),))


@static(r"Each (noncreature artifact) is an artifact creature with power and toughness each equal to "
        r"its converted mana cost")
def _march(m: re.Match[str], raw: str) -> StaticAbility:
    """March of the Machines."""
    return StaticAbility(raw, affects=AffectsEachPermanent(object_phrase(m.group(1))[1]),
                         effects=(AddTypes(("Creature",)), SetPTToManaValue()))


_fixed("As an additional cost to cast ~, sacrifice all creatures you control",  # Soulblast
       SacrificeAllAsCost("creature"))


@static(r"You may pay (\d+) life and sacrifice (\w+) (.+?) rather than pay this spell's mana cost")
def _alternative_cost(m: re.Match[str], raw: str) -> StaticAbility | None:
    """Demon of Death's Gate."""
    count = num(m.group(2))
    if not count:
        return None
    what = m.group(3)
    return StaticAbility(raw, effects=(AlternativeCost(int(m.group(1)), SacrificeCost(what, object_phrase(what)[1]),
                                                       count),))


@static(r"As an additional cost to cast ~, sacrifice <a> (.+)")
def _sacrifice_as_cost(m: re.Match[str], raw: str) -> StaticAbility:
    """Fling, Goblin Grenade."""
    return StaticAbility(raw, effects=(SacrificeAsCost(SacrificeCost(m.group(1), object_phrase(m.group(1))[1])),))


_fixed("This spell can't be countered", Restricted(Restriction.UNCOUNTERABLE))


@static(r"A deck can have (any number of|up to (\w+)) cards named ~")
def _deck_limit(m: re.Match[str], raw: str) -> StaticAbility:
    limit = ANY_NUMBER if m.group(2) is None else num(m.group(2))
    if limit is None:
        raise Unsupported(m.group(0))
    return StaticAbility(raw, effects=(DeckLimit(limit),))


@static(r"As ~ enters the battlefield, exile any number of (.+?) cards from your graveyard")
def _as_enters_exile(m: re.Match[str], raw: str) -> StaticAbility:
    """Sutured Ghoul (614.12): the cards are "the exiled cards" of its other ability."""
    return StaticAbility(raw, effects=(AsEntersExile(card_phrase(m.group(1) + " card")),))


@static(r"As ~ enters the battlefield, put an? ([a-z]+) counter on <a> (.+? you control)")
def _as_enters_counter(m: re.Match[str], raw: str) -> StaticAbility:
    """Phylactery Lich (614.12)."""
    return StaticAbility(raw, effects=(AsEntersCounter(m.group(1), object_phrase(m.group(2))[1]),))


_fixed("~'s power is equal to the total power of the exiled cards and its toughness is equal to their "
       "total toughness",  # Sutured Ghoul (604.3)
       DefinePT(LinkedTotalCDA()))


@static(r"As ~ enters the battlefield, choose a (basic land type|card name|color|creature type)")
def _as_enters_choose(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, effects=(AsEntersChoose(m.group(1)),))


@static(r"Activated abilities of sources with the chosen name can't be activated unless they're mana abilities")
def _chosen_name_cant_activate(m: re.Match[str], raw: str) -> StaticAbility:
    """Pithing Needle."""
    return StaticAbility(raw, affects=AffectsChosenName(), effects=(Restricted(Restriction.CANT_ACTIVATE_NONMANA),))


@static(r"~ has protection from the chosen color")
def _chosen_protection(m: re.Match[str], raw: str) -> StaticAbility:
    """Voice of All (layer 6)."""
    return StaticAbility(raw, affects=AffectsSelf(), effects=(GrantChosenProtection(),))


@static(r"~ is the chosen type in addition to its other types")
def _chosen_creature_type(m: re.Match[str], raw: str) -> StaticAbility:
    """Adaptive Automaton (layer 4)."""
    return StaticAbility(raw, affects=AffectsSelf(), effects=(AddChosenCreatureType(),))


@static(r"Other creatures you control of the chosen type get <pt change>")
def _chosen_type_lord(m: re.Match[str], raw: str) -> StaticAbility:
    """Adaptive Automaton."""
    return StaticAbility(raw, affects=AffectsYourChosenType(other=True),
                         effects=(ModifyPT(int(m.group(1)), int(m.group(2))),))


@static(r"Enchanted land is the chosen type")
def _chosen_land_type(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, affects=AffectsAttached(), effects=(SetChosenLandType(),))


@static(r"You control enchanted (?:creature|permanent)")
def _control_enchanted(m: re.Match[str], raw: str) -> StaticAbility:
    """Mind Control: a control-changing effect (layer 2)."""
    return StaticAbility(raw, affects=AffectsAttached(), effects=(ControlAffected(),))


@static(r"You may have ~ enter the battlefield as a copy of any (.+) on the battlefield")
def _enters_as_copy(m: re.Match[str], raw: str) -> StaticAbility:
    """Clone: a copy effect (706 / 503), applied as it enters (614.1c / 419.1c)."""
    return StaticAbility(raw, effects=(EntersAsCopy(object_phrase(m.group(1))[1]),))


@static(r"Spend only (<color>) mana on X")
def _spend_only_on_x(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, effects=(SpendOnlyOnX(NAME_TO_COLOR[m.group(1)]),))


@static(r"This spell costs \{(\d+)\} more to cast for each target beyond the first")
def _costs_more_per_target(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, effects=(CostsMorePerExtraTarget(int(m.group(1))),))


@static(r"~ enters the battlefield tapped unless you control (.+)")
def _enters_tapped_unless(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, effects=(_lands_unless(m.group(1)),))


_fixed("If ~ is in your opening hand, you may begin the game with it on the battlefield",  # the Leylines
       BeginOnBattlefield())
_fixed("~ enters the battlefield tapped",  # Rusted Sentinel: unless nothing (614.1c / 419.1c)
       EntersTappedUnless(()))
_fixed("If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead",
       GraveyardToLibrary())


@static(r"~ enters the battlefield with (\w+) ([+\-/\w]+) counters? on it")
def _enters_with_counters(m: re.Match[str], raw: str) -> StaticAbility:
    n = XValue() if m.group(1) == "X" else Fixed(num(m.group(1)) or 0)
    if isinstance(n, Fixed) and n.n == 0:
        raise Unsupported(m.group(0))
    return StaticAbility(raw, effects=(EntersWithCounters(m.group(2), n),))


_fixed("If a card would be put into an opponent's graveyard from anywhere, exile it instead",  # Leyline of the Void
       OpponentsGraveyardToExile())


@static(r"(Artifacts|Creatures|Lands)(?:,? and (artifacts|creatures|lands))? enter the battlefield tapped")
def _others_enter_tapped(m: re.Match[str], raw: str) -> StaticAbility:
    """Root Maze."""
    kinds = tuple(k.capitalize()[:-1] for k in m.groups() if k)
    return StaticAbility(raw, effects=(OthersEnterTapped(kinds),))


_fixed("Damage can't be prevented", DamageCantBePrevented())
_fixed("Players can't gain life", RuleForPlayers(PlayerRule.CANT_GAIN_LIFE, RuleFor.EVERYONE))
_fixed("Prevent all damage that would be dealt to and dealt by enchanted creature", PreventToAndFromAttached())
_fixed("All damage that would be dealt to you is dealt to enchanted creature instead", RedirectToAttached())
_fixed("Prevent all damage that would be dealt to ~", PreventAllToSelf())
_fixed("If a source would deal damage to a creature or player, it deals double that damage to that creature "
       "or player instead", DoubleAllDamage())
_fixed("During your turn, prevent all damage that would be dealt to you", PreventToYouDuringYourTurn())


@static(r"If <a> (<color>) instant or sorcery spell you control would deal damage, it deals double that damage "
        r"instead")
def _double_from_your_spells(m: re.Match[str], raw: str) -> StaticAbility:
    """Fire Servant."""
    color = HasColor(NAME_TO_COLOR[m.group(1)])
    spell = AnyOf((IsType("Instant"), IsType("Sorcery")))
    return StaticAbility(raw, effects=(DoubleDamageFromYourSpells(AllOf((color, spell))),))


# --- prevention


@static(r"If damage would be dealt to ~, prevent that damage and remove that many ([+\-/\w]+) counters from it")
def _prevent_remove_counters(m: re.Match[str], raw: str) -> StaticAbility:
    return StaticAbility(raw, effects=(PreventToSelfRemoveCounters(m.group(1)),))


_fixed("If a source an opponent controls would deal damage to you, prevent 1 of that damage", PreventOneFromOpponents())
_fixed("Prevent all noncombat damage that would be dealt to equipped creature", PreventNoncombatToAttached())

# --- rules for players
_fixed("You may cast spells as though they had flash",  # Leyline of Anticipation (702.8a)
       RuleForPlayers(PlayerRule.CAST_AS_THOUGH_FLASH))
_fixed("Each player may play an additional land on each of their turns",  # Rites of Flourishing
       RuleForPlayers(PlayerRule.ADDITIONAL_LAND, RuleFor.EVERYONE))
_fixed("You have hexproof",  # Leyline of Sanctity (702.11b): opponents' spells and abilities can't target you
       RuleForPlayers(PlayerRule.HEXPROOF))
_fixed("You may play land cards from your graveyard",  # Crucible of Worlds (305.1 / 212.6b)
       RuleForPlayers(PlayerRule.LANDS_FROM_GRAVEYARD))
_fixed("You may cast the top card of your library if it's a creature card",  # Garruk's Horde (601.2a / 409.1a)
       RuleForPlayers(PlayerRule.CAST_TOP_CREATURE))
_fixed("You have no maximum hand size", RuleForPlayers(PlayerRule.NO_MAX_HAND_SIZE))
_fixed("Untap all permanents you control during each other player's untap step",  # Seedborn Muse
       RuleForPlayers(PlayerRule.UNTAP_DURING_OTHERS))
_fixed("Mana pools don't empty as steps and phases end",  # Upwelling: everyone's
       RuleForPlayers(PlayerRule.POOLS_DONT_EMPTY, RuleFor.EVERYONE))
_fixed("Each opponent who cast a spell this turn can't attack with creatures",  # Angelic Arbiter
       RuleForPlayers(PlayerRule.CAST_THEN_CANT_ATTACK, RuleFor.OPPONENTS))
_fixed("Each opponent who attacked with a creature this turn can't cast spells",  # Angelic Arbiter
       RuleForPlayers(PlayerRule.ATTACKED_THEN_CANT_CAST, RuleFor.OPPONENTS))
_fixed("During your turn, your opponents can't cast spells or activate abilities of artifacts, creatures, "
       "or enchantments",  # Grand Abolisher
       RuleForPlayers(PlayerRule.YOUR_TURN_CANT_CAST_OR_ACTIVATE, RuleFor.OPPONENTS))
_fixed("Each player can't cast more than one spell each turn",  # Rule of Law
       RuleForPlayers(PlayerRule.ONE_SPELL_EACH_TURN, RuleFor.EVERYONE))


@static(r"(.+?) spells your opponents cast cost \{(\d+)\} more to cast")
def _opponents_spells_cost_more(m: re.Match[str], raw: str) -> StaticAbility:
    """Aura of Silence."""
    words = [w for w in re.split(r",? and |, ", m.group(1).lower()) if w]
    test = AnyOf(tuple(card_phrase(w + " card") for w in words))
    return StaticAbility(raw, effects=(OpponentsSpellsCostMore(test, int(m.group(2))),))


@static(r"If an opponent controls at least (\w+) more creatures than you, this spell costs \{(\d+)\} less to cast")
def _costs_less_if_outnumbered(m: re.Match[str], raw: str) -> StaticAbility | None:
    """Avatar of Might."""
    more = num(m.group(1))
    if more is None:
        return None
    return StaticAbility(raw, effects=(CostsLessIfOutnumbered(more, int(m.group(2))),))


_fixed("You have shroud",  # True Believer (702.18 / 502.4): you can't be the target of spells or abilities
       RuleForPlayers(PlayerRule.SHROUD))
_fixed("You can't cast creature spells", RuleForPlayers(PlayerRule.CANT_CAST_CREATURES))  # Steel Golem
_fixed("Creature spells can't be countered",  # Gaea's Herald: everyone's
       RuleForPlayers(PlayerRule.CREATURE_SPELLS_UNCOUNTERABLE, RuleFor.EVERYONE))
_fixed("Your opponents play with their hands revealed",  # Telepathy
       RuleForPlayers(PlayerRule.HAND_REVEALED, RuleFor.OPPONENTS))
_fixed("You can't lose the game and your opponents can't win the game",  # Platinum Angel
       RuleForPlayers(PlayerRule.CANT_LOSE), RuleForPlayers(PlayerRule.CANT_WIN, RuleFor.OPPONENTS))


def _cda(what: str) -> CDA:
    """"the number of Swamps you control", "your life total", "the number of creature cards
    in all graveyards"."""
    if what == "your life total":
        return LifeTotalCDA()
    m = re.fullmatch(r"the number of (\w+) cards in all graveyards", what)
    if m:
        return GraveyardCardsCDA(card_phrase(m.group(1) + " card"))
    m = re.fullmatch(r"the number of (\w+?)s? you control", what)
    if not m:
        raise Unsupported(what)
    return CountSubtypeCDA(m.group(1))


def _attached_static(verb: str, rest: str, raw: str) -> StaticAbility:
    """"Enchanted creature gets +1/+1 for each Plains you control and has flying", "Equipped
    creature can't be blocked and has shroud", "Enchanted creature doesn't untap ..."."""
    attached = AffectsAttached()
    m = re.fullmatch(r"([+-]\d+)/([+-]\d+), has (.+?), and is an? ([A-Z]\w+) in addition to its other types", rest)
    if verb == "gets" and m:  # Angelic Destiny
        return StaticAbility(raw, affects=attached, effects=(
            ModifyPT(int(m.group(1)), int(m.group(2))), GrantKeywords(_keywords(m.group(3))),
            AddSubtypes((m.group(4),))))
    if verb == "gets":
        m = re.fullmatch(r"([+-]\d+)/([+-]\d+)(?: for each (.+?))?(?: and (has|loses) (.+))?", rest)
        if not m:
            raise Unsupported(raw)
        p, t = int(m.group(1)), int(m.group(2))
        bonus = _count_bonus(m.group(3), p, t) if m.group(3) else None
        kws = _keywords(m.group(5)) if m.group(5) else ()
        grants, removes = (kws, ()) if m.group(4) == "has" else ((), kws)
        pt: StaticEffect = ModifyPT(p, t) if bonus is None else PTBonus(bonus)
        return StaticAbility(raw, affects=attached, effects=layered(pt, GrantKeywords(grants), RemoveKeywords(removes)))
    if verb == "has":
        return StaticAbility(raw, affects=attached, effects=(GrantKeywords(_keywords(rest)),))
    if verb == "doesn't":
        if rest == "untap during its controller's untap step":
            return StaticAbility(raw, affects=attached, effects=(Restricted(Restriction.DOESNT_UNTAP),))
        raise Unsupported(raw)
    m = re.fullmatch(r"(attack or block), and its activated abilities can't be activated", rest)
    if m:  # Ice Cage
        return StaticAbility(raw, affects=attached, effects=(Restricted(_RESTRICTIONS[m.group(1)]),
                                                             Restricted(Restriction.CANT_ACTIVATE)))
    m = re.fullmatch(r"(attack or block|attack|block|be blocked)(?: and has (.+))?", rest)
    if not m:
        raise Unsupported(raw)
    grants = _keywords(m.group(2)) if m.group(2) else ()
    return StaticAbility(raw, affects=attached,
                         effects=layered(Restricted(_RESTRICTIONS[m.group(1)]), GrantKeywords(grants)))


def _while(text: str) -> WhileCondition | None:
    """"you have 30 or more life", "you control a Griffin creature", "~ is enchanted", "it has
    ten or more +1/+1 counters on it"."""
    m = re.fullmatch(r"you have (\d+) or more life", text)
    if m:
        return LifeAtLeast(int(m.group(1)))
    m = re.fullmatch(r"you control an? ([A-Z]\w+) creature", text)
    if m:
        return ControlsCreatureOfType(m.group(1))
    if text == "~ is enchanted":
        return SourceEnchanted()
    m = re.fullmatch(r"(?:it|~) has (\w+) or more ([+\-/\w]+) counters on it", text)
    if m and num(m.group(1)):
        return SourceCountersAtLeast(m.group(2), num(m.group(1)) or 0)
    return None
