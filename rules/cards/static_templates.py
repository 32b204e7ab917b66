"""Templates for static abilities: anthems and lords ("Other Elf creatures you control get
+1/+1"), Auras and Equipment ("Enchanted creature gets +1/+2", "Equipped creature can't be
blocked and has shroud"), characteristic-defining P/T, "can't" restrictions, replacement
and prevention effects ("enters the battlefield tapped unless ...", "prevent 1 of that
damage") and rules for players ("You have no maximum hand size").

Which objects an ability affects is judged on their base characteristics, so that
computing one object's characteristics never needs another's."""

from __future__ import annotations

import dataclasses
import re

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


def compile_static(t: str, raw: str) -> StaticAbility | None:  # noqa: C901 (to split: issue 27)
    """A static ability line, or None if `t` isn't one this module knows."""
    s = t.rstrip(".")
    # --- anthems and lords
    m = re.fullmatch(r"(Other )?(" + _GROUP + r") get ([+-]\d+)/([+-]\d+)(?: and have (.+))?", s)
    if m:
        grants = _keywords(m.group(5)) if m.group(5) else ()
        return StaticAbility(raw, affects=creature_group(m.group(2), bool(m.group(1))),
                             effects=layered(ModifyPT(int(m.group(3)), int(m.group(4))), GrantKeywords(grants)))
    m = re.fullmatch(r"~ and other (" + _GROUP + r") get ([+-]\d+)/([+-]\d+)(?: and have (.+))?", s)
    if m:  # Vampire Nocturnus: the source itself, and the others of the group
        grants = _keywords(m.group(4)) if m.group(4) else ()
        group = creature_group(m.group(1), True)
        assert isinstance(group, AffectsGroup)
        return StaticAbility(raw, affects=AffectsSelfAndGroup(group.test),
                             effects=layered(ModifyPT(int(m.group(2)), int(m.group(3))), GrantKeywords(grants)))
    conditional = _as_long_as(s, raw)
    if conditional is not None:
        return conditional
    m = re.fullmatch(r"As long as the top card of your library is (\w+), (.+)", s)
    if m and m.group(1) in NAME_TO_COLOR:
        rest = compile_static(m.group(2)[0].upper() + m.group(2)[1:] + ".", raw)
        if rest is None or rest.affects is None:
            raise Unsupported(s)
        return dataclasses.replace(rest, while_top_card=HasColor(NAME_TO_COLOR[m.group(1)]))
    if s == "Play with the top card of your library revealed":  # Vampire Nocturnus (everyone sees it)
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.TOP_REVEALED),))
    m = re.fullmatch(r"(Other )?(" + _GROUP + r") have (.+)", s)
    if m:
        return StaticAbility(raw, affects=creature_group(m.group(2), bool(m.group(1))),
                             effects=(GrantKeywords(_keywords(m.group(3))),))
    if s == ("Each creature gets +1/+1 for each other creature on the battlefield that shares at least one "
             "creature type with it"):
        return StaticAbility(raw, affects=AffectsAllCreatures(), effects=(PTBonus(BonusPerSharedCreatureType()),))
    m = re.fullmatch(r"~ gets ([+-]\d+)/([+-]\d+) for each (\w+) on the battlefield", s)
    if m:  # Yavimaya Enchantress
        _, test = object_phrase(m.group(3))
        bonus = BonusPerPermanent(test, int(m.group(1)), int(m.group(2)))
        return StaticAbility(raw, affects=AffectsSelf(), effects=(PTBonus(bonus),))
    if s == "~ gets +1/+1 for each other creature on the battlefield named ~":
        return StaticAbility(raw, affects=AffectsSelf(), effects=(PTBonus(BonusPerSameName()),))
    # --- Auras and Equipment
    m = re.fullmatch(r"(?:Enchanted|Equipped) (?:creature|permanent) (gets|has|can't|doesn't) (.+)", s)
    if m:
        return _attached_static(m.group(1), m.group(2), raw)
    # --- the permanent itself
    if s == "~ doesn't untap during your untap step":  # Colossus of Sardia (502.2 / 302.2)
        return StaticAbility(raw, affects=AffectsSelf(), effects=(Restricted(Restriction.DOESNT_UNTAP),))
    if s == ("If you would draw a card, you may instead choose land or nonland and reveal cards from the top of your "
             "library until you reveal a card of the chosen kind. Put that card into your hand and put all other "
             "cards revealed this way on the bottom of your library in any order"):  # Abundance (614.1a / 419.1a)
        return StaticAbility(raw, effects=(DrawInstead("land_or_nonland"),))
    if s == ("If a spell or ability an opponent controls causes you to discard ~, put it onto the battlefield "
             "instead of putting it into your graveyard"):  # Obstinate Baloth (614.1a / 419.1a)
        return StaticAbility(raw, effects=(DiscardedToBattlefield(),))
    m = re.fullmatch(r"~ can't be the target of (\w+) spells or abilities from \1 sources", s)
    if m:  # Gaea's Revenge
        _, test = object_phrase(m.group(1) + " spell")
        untargetable = UntargetableBy(test, f"{m.group(1)} spells or abilities from {m.group(1)} sources",
                                      abilities=True)
        return StaticAbility(raw, effects=(Restricted(untargetable),))
    m = re.fullmatch(r"~ can't be the target of (.+?) spells", s)
    if m:  # Karplusan Strider
        _, test = object_phrase(m.group(1) + " spell")
        return StaticAbility(raw, effects=(Restricted(UntargetableBy(test, m.group(1) + " spells")),))
    m = re.fullmatch(r"All (lands|creatures|artifacts|permanents) are ([A-Z][a-z]+) in addition to their other "
                     r"types", s)
    if m:  # Stormtide Leviathan (layer 4)
        kind: Pred = IsType(singular(m.group(1)).capitalize()) if m.group(1) != "permanents" else ALWAYS
        return StaticAbility(raw, affects=AffectsEachPermanent(kind), effects=(AddSubtypes((singular(m.group(2)),)),))
    m = re.fullmatch(r"Creatures (with|without) ([a-z]+)(?: or ([a-z]+))? can't (attack or block|attack|block)", s)
    if m:  # Stormtide Leviathan: "Creatures without flying or islandwalk can't attack"
        kws = [w for w in (m.group(2), m.group(3)) if w]
        if any(keyword_list(w) != (w,) for w in kws):
            raise Unsupported(raw)
        having = AnyOf(tuple(HasKeyword(Keyword(w)) for w in kws))
        return StaticAbility(raw, affects=AffectsGroup(having if m.group(1) == "with" else Not(having)),
                             effects=(Restricted(_RESTRICTIONS[m.group(4)]),))
    m = re.fullmatch(r"~ can't (attack or block|attack|block|be blocked)", s)
    if m:
        return StaticAbility(raw, effects=(Restricted(_RESTRICTIONS[m.group(1)]),))
    m = re.fullmatch(r"~ can't attack unless defending player controls an? (\w+)", s)
    if m and m.group(1) in BASIC_LAND_TYPES:
        return StaticAbility(raw, affects=AffectsSelfUnlessDefenderHas(m.group(1)),
                             effects=(Restricted(Restriction.CANT_ATTACK),))
    if s == "~ can't attack unless an opponent has been dealt damage this turn":  # Bloodcrazed Goblin
        return StaticAbility(raw, affects=AffectsSelfUnlessOpponentDamaged(),
                             effects=(Restricted(Restriction.CANT_ATTACK),))
    m = re.fullmatch(r"~ can't attack unless there are (\w+) or more (\w+) on the battlefield", s)
    if m and num(m.group(1)) and singular(m.group(2)) in BASIC_LAND_TYPES:  # Harbor Serpent
        return StaticAbility(raw, affects=AffectsSelfUnlessCount(singular(m.group(2)), num(m.group(1)) or 0),
                             effects=(Restricted(Restriction.CANT_ATTACK),))
    m = re.fullmatch(r"~ gets ([+-]\d+)/([+-]\d+) for each (.+)", s)
    if m:  # Earth Servant: "+0/+1 for each Mountain you control"
        per_land = _count_bonus(m.group(3), int(m.group(1)), int(m.group(2)))
        return StaticAbility(raw, affects=AffectsSelf(), effects=(PTBonus(per_land),))
    m = re.fullmatch(r"~'s power and toughness are each equal to (.+)", s)
    if m:
        return StaticAbility(raw, effects=(DefinePT(_cda(m.group(1))),))
    m = re.fullmatch(r"Each (noncreature artifact) is an artifact creature with power and toughness each equal to "
                     r"its converted mana cost", s)
    if m:  # March of the Machines
        return StaticAbility(raw, affects=AffectsEachPermanent(object_phrase(m.group(1))[1]),
                             effects=(AddTypes(("Creature",)), SetPTToManaValue()))
    if s == "As an additional cost to cast ~, sacrifice all creatures you control":  # Soulblast
        return StaticAbility(raw, effects=(SacrificeAllAsCost("creature"),))
    m = re.fullmatch(r"You may pay (\d+) life and sacrifice (\w+) (.+?) rather than pay this spell's mana cost", s)
    if m and num(m.group(2)):  # Demon of Death's Gate
        what = m.group(3)
        return StaticAbility(raw, effects=(AlternativeCost(
            int(m.group(1)), SacrificeCost(what, object_phrase(what)[1]), num(m.group(2)) or 0),))
    m = re.fullmatch(r"As an additional cost to cast ~, sacrifice (?:a|an) (.+)", s)
    if m:  # Fling, Goblin Grenade
        return StaticAbility(raw, effects=(SacrificeAsCost(SacrificeCost(m.group(1), object_phrase(m.group(1))[1])),))
    if s == "This spell can't be countered":
        return StaticAbility(raw, effects=(Restricted(Restriction.UNCOUNTERABLE),))
    m = re.fullmatch(r"A deck can have (any number of|up to (\w+)) cards named ~", s)
    if m:
        limit = ANY_NUMBER if m.group(2) is None else num(m.group(2))
        if limit is None:
            raise Unsupported(s)
        return StaticAbility(raw, effects=(DeckLimit(limit),))
    m = re.fullmatch(r"As ~ enters the battlefield, exile any number of (.+?) cards from your graveyard", s)
    if m:  # Sutured Ghoul (614.12): the cards are "the exiled cards" of its other ability
        return StaticAbility(raw, effects=(AsEntersExile(card_phrase(m.group(1) + " card")),))
    m = re.fullmatch(r"As ~ enters the battlefield, put an? ([a-z]+) counter on an? (.+? you control)", s)
    if m:  # Phylactery Lich (614.12)
        return StaticAbility(raw, effects=(AsEntersCounter(m.group(1), object_phrase(m.group(2))[1]),))
    if s == ("~'s power is equal to the total power of the exiled cards and its toughness is equal to their "
             "total toughness"):  # Sutured Ghoul (604.3)
        return StaticAbility(raw, effects=(DefinePT(LinkedTotalCDA()),))
    m = re.fullmatch(r"As ~ enters the battlefield, choose a (basic land type|card name|color|creature type)", s)
    if m:
        return StaticAbility(raw, effects=(AsEntersChoose(m.group(1)),))
    if s == "Activated abilities of sources with the chosen name can't be activated unless they're mana abilities":
        return StaticAbility(raw, affects=AffectsChosenName(), effects=(Restricted(Restriction.CANT_ACTIVATE_NONMANA),))
    if s == "~ has protection from the chosen color":  # Voice of All (layer 6)
        return StaticAbility(raw, affects=AffectsSelf(), effects=(GrantChosenProtection(),))
    if s == "~ is the chosen type in addition to its other types":  # Adaptive Automaton (layer 4)
        return StaticAbility(raw, affects=AffectsSelf(), effects=(AddChosenCreatureType(),))
    if s == "Other creatures you control of the chosen type get +1/+1":  # Adaptive Automaton
        return StaticAbility(raw, affects=AffectsYourChosenType(other=True), effects=(ModifyPT(1, 1),))
    if s == "Enchanted land is the chosen type":
        return StaticAbility(raw, affects=AffectsAttached(), effects=(SetChosenLandType(),))
    if s in ("You control enchanted creature", "You control enchanted permanent"):
        return StaticAbility(raw, affects=AffectsAttached(), effects=(ControlAffected(),))
    m = re.fullmatch(r"You may have ~ enter the battlefield as a copy of any (.+) on the battlefield", s)
    if m:
        return StaticAbility(raw, effects=(EntersAsCopy(object_phrase(m.group(1))[1]),))
    m = re.fullmatch(r"Spend only (white|blue|black|red|green) mana on X", s)
    if m:
        return StaticAbility(raw, effects=(SpendOnlyOnX(NAME_TO_COLOR[m.group(1)]),))
    m = re.fullmatch(r"This spell costs \{(\d+)\} more to cast for each target beyond the first", s)
    if m:
        return StaticAbility(raw, effects=(CostsMorePerExtraTarget(int(m.group(1))),))
    m = re.fullmatch(r"~ enters the battlefield tapped unless you control (.+)", s)
    if m:
        return StaticAbility(raw, effects=(_lands_unless(m.group(1)),))
    if s == "If ~ is in your opening hand, you may begin the game with it on the battlefield":  # the Leylines
        return StaticAbility(raw, effects=(BeginOnBattlefield(),))
    if s == "~ enters the battlefield tapped":  # Rusted Sentinel: unless nothing (614.1c / 419.1c)
        return StaticAbility(raw, effects=(EntersTappedUnless(()),))
    if s == ("If ~ would be put into a graveyard from anywhere, "
             "reveal ~ and shuffle it into its owner's library instead"):
        return StaticAbility(raw, effects=(GraveyardToLibrary(),))
    m = re.fullmatch(r"~ enters the battlefield with (\w+) ([+\-/\w]+) counters? on it", s)
    if m:
        n = XValue() if m.group(1) == "X" else Fixed(num(m.group(1)) or 0)
        if isinstance(n, Fixed) and n.n == 0:
            raise Unsupported(s)
        return StaticAbility(raw, effects=(EntersWithCounters(m.group(2), n),))
    if s == "If a card would be put into an opponent's graveyard from anywhere, exile it instead":
        return StaticAbility(raw, effects=(OpponentsGraveyardToExile(),))  # Leyline of the Void
    m = re.fullmatch(r"(Artifacts|Creatures|Lands)(?:,? and (artifacts|creatures|lands))? enter the battlefield "
                     r"tapped", s)
    if m:  # Root Maze
        kinds = tuple(k.capitalize()[:-1] for k in m.groups() if k)
        return StaticAbility(raw, effects=(OthersEnterTapped(kinds),))
    if s == "Damage can't be prevented":
        return StaticAbility(raw, effects=(DamageCantBePrevented(),))
    if s == "Players can't gain life":
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.CANT_GAIN_LIFE, RuleFor.EVERYONE),))
    if s == "Prevent all damage that would be dealt to and dealt by enchanted creature":
        return StaticAbility(raw, effects=(PreventToAndFromAttached(),))
    if s == "All damage that would be dealt to you is dealt to enchanted creature instead":
        return StaticAbility(raw, effects=(RedirectToAttached(),))
    if s == "Prevent all damage that would be dealt to ~":
        return StaticAbility(raw, effects=(PreventAllToSelf(),))
    if s == ("If a source would deal damage to a creature or player, it deals double that damage to that creature "
             "or player instead"):
        return StaticAbility(raw, effects=(DoubleAllDamage(),))
    if s == "During your turn, prevent all damage that would be dealt to you":
        return StaticAbility(raw, effects=(PreventToYouDuringYourTurn(),))
    m = re.fullmatch(r"If an? (white|blue|black|red|green) instant or sorcery spell you control would deal damage, "
                     r"it deals double that damage instead", s)
    if m:  # Fire Servant
        color = HasColor(NAME_TO_COLOR[m.group(1)])
        spell = AnyOf((IsType("Instant"), IsType("Sorcery")))
        return StaticAbility(raw, effects=(DoubleDamageFromYourSpells(AllOf((color, spell))),))
    # --- prevention
    m = re.fullmatch(r"If damage would be dealt to ~, prevent that damage and remove that many ([+\-/\w]+) "
                     r"counters from it", s)
    if m:
        return StaticAbility(raw, effects=(PreventToSelfRemoveCounters(m.group(1)),))
    if s == "If a source an opponent controls would deal damage to you, prevent 1 of that damage":
        return StaticAbility(raw, effects=(PreventOneFromOpponents(),))
    if s == "Prevent all noncombat damage that would be dealt to equipped creature":
        return StaticAbility(raw, effects=(PreventNoncombatToAttached(),))
    # --- rules for players
    if s == "You may cast spells as though they had flash":  # Leyline of Anticipation (702.8a)
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.CAST_AS_THOUGH_FLASH),))
    if s == "Each player may play an additional land on each of their turns":  # Rites of Flourishing
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.ADDITIONAL_LAND, RuleFor.EVERYONE),))
    if s == "You have hexproof":  # Leyline of Sanctity (702.11b): opponents' spells and abilities can't target you
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.HEXPROOF),))
    if s == "You may play land cards from your graveyard":  # Crucible of Worlds (305.1 / 212.6b)
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.LANDS_FROM_GRAVEYARD),))
    if s == "You may cast the top card of your library if it's a creature card":  # Garruk's Horde (601.2a / 409.1a)
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.CAST_TOP_CREATURE),))
    if s == "You have no maximum hand size":
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.NO_MAX_HAND_SIZE),))
    if s == "Untap all permanents you control during each other player's untap step":  # Seedborn Muse
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.UNTAP_DURING_OTHERS),))
    if s == "Mana pools don't empty as steps and phases end":  # Upwelling: everyone's
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.POOLS_DONT_EMPTY, RuleFor.EVERYONE),))
    if s == "Each opponent who cast a spell this turn can't attack with creatures":  # Angelic Arbiter
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.CAST_THEN_CANT_ATTACK, RuleFor.OPPONENTS),))
    if s == "Each opponent who attacked with a creature this turn can't cast spells":  # Angelic Arbiter
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.ATTACKED_THEN_CANT_CAST, RuleFor.OPPONENTS),))
    if s == ("During your turn, your opponents can't cast spells or activate abilities of artifacts, creatures, "
             "or enchantments"):  # Grand Abolisher
        return StaticAbility(raw, effects=(
            RuleForPlayers(PlayerRule.YOUR_TURN_CANT_CAST_OR_ACTIVATE, RuleFor.OPPONENTS),))
    if s == "Each player can't cast more than one spell each turn":  # Rule of Law
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.ONE_SPELL_EACH_TURN, RuleFor.EVERYONE),))
    m = re.fullmatch(r"(.+?) spells your opponents cast cost \{(\d+)\} more to cast", s)
    if m:  # Aura of Silence
        words = [w for w in re.split(r",? and |, ", m.group(1).lower()) if w]
        test = AnyOf(tuple(card_phrase(w + " card") for w in words))
        return StaticAbility(raw, effects=(OpponentsSpellsCostMore(test, int(m.group(2))),))
    m = re.fullmatch(r"If an opponent controls at least (\w+) more creatures than you, this spell costs \{(\d+)\} "
                     r"less to cast", s)
    if m and num(m.group(1)) is not None:  # Avatar of Might
        return StaticAbility(raw, effects=(CostsLessIfOutnumbered(num(m.group(1)) or 0, int(m.group(2))),))
    if s == "You have shroud":  # True Believer (702.18 / 502.4): you can't be the target of spells or abilities
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.SHROUD),))
    if s == "You can't cast creature spells":  # Steel Golem
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.CANT_CAST_CREATURES),))
    if s == "Creature spells can't be countered":  # Gaea's Herald: everyone's
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.CREATURE_SPELLS_UNCOUNTERABLE, RuleFor.EVERYONE),))
    if s == "Your opponents play with their hands revealed":  # Telepathy
        return StaticAbility(raw, effects=(RuleForPlayers(PlayerRule.HAND_REVEALED, RuleFor.OPPONENTS),))
    if s == "You can't lose the game and your opponents can't win the game":
        return StaticAbility(raw, effects=(
            RuleForPlayers(PlayerRule.CANT_LOSE), RuleForPlayers(PlayerRule.CANT_WIN, RuleFor.OPPONENTS)))
    return None


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


def _as_long_as(s: str, raw: str) -> StaticAbility | None:
    """"As long as you have 30 or more life, ~ gets +5/+5 and has flying" (Serra Ascendant,
    Griffin Rider, Thran Golem); "~ has trample as long as it has ten or more +1/+1 counters
    on it" (Primordial Hydra)."""
    m = re.fullmatch(r"As long as (.+?), (?:~|it) (.+)", s) or re.fullmatch(r"~ (has .+) as long as (.+)", s)
    if not m:
        return None
    cond_text, what = (m.group(1), m.group(2)) if s.startswith("As long as") else (m.group(2), m.group(1))
    cond = _while(cond_text)
    if cond is None:
        return None
    m2 = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?", what)
    if m2:
        grants = _keywords(m2.group(3)) if m2.group(3) else ()
        return StaticAbility(raw, affects=AffectsSelf(), while_condition=cond,
                             effects=layered(ModifyPT(int(m2.group(1)), int(m2.group(2))), GrantKeywords(grants)))
    m2 = re.fullmatch(r"has (.+)", what)
    if m2:
        return StaticAbility(raw, affects=AffectsSelf(), effects=(GrantKeywords(_keywords(m2.group(1))),),
                             while_condition=cond)
    return None
