"""Templates for what spells and abilities do: "~ deals 3 damage to any target", "Destroy
target nonblack creature", "Draw two cards", "Create a 1/1 white Soldier creature token".

`compile_effect(text)` turns the effect text into target specs (in order) and steps: the
effects of `rules.cards.ir`, which the engine interprets.  Sentences run in the order
written (608.2c).  Words that refer back ("it", "that creature", "those creatures",
"that player") are resolved through `Compiled.refs`; a triggered ability adds the ones
its event supplies ("that player" for "Whenever an opponent draws a card")."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from .ir import (
    ALWAYS,
    ActivatedTimesAtLeast,
    AddCounters,
    AdditionalCombatPhase,
    AddManaEffect,
    AGraveyardHasAtLeast,
    Amount,
    AnyOf,
    AtEndOfCombat,
    AtNextEndStep,
    AttachElsewhere,
    AttackNextTurnIfAble,
    AttacksIfAble,
    Becomes,
    BlockingSourceCount,
    Both,
    ChangeTargets,
    ChangeText,
    ChooseAtRandom,
    ChooseExiled,
    ChooseName,
    ControlledByEventPlayer,
    ControllersOf,
    ControlPlayerNextTurn,
    ControlsArtifactsNamed,
    CopySpell,
    CountersOnSource,
    CounterSpell,
    CounterUnlessPays,
    CountPlayerControls,
    CreateTokens,
    DealDamage,
    DealDividedDamage,
    Destroy,
    Discard,
    DiscardChosen,
    DontUntap,
    DoubleCounters,
    DoubleLife,
    Draw,
    DrawInsteadThisTurn,
    EachDealsPowerDamage,
    EachMayPutFromHand,
    EachPlayer,
    Effect,
    EndTheTurn,
    EntersWithCounters,
    EventValue,
    Exile,
    ExileFromGraveyard,
    ExileLibrary,
    ExileLinked,
    ExileNamesakes,
    ExtraTurn,
    FewerThanAnOpponent,
    Fixed,
    FlipCoin,
    ForAsLongAs,
    GainControl,
    GainLife,
    GiveControl,
    HalfLibrary,
    HasColor,
    If,
    IsAlso,
    KeepOneDiscardRest,
    Keyword,
    Link,
    LinkedCards,
    LoseAndGain,
    LoseGame,
    LoseLife,
    LostFlip,
    May,
    MayPay,
    Mill,
    NamedLikeSource,
    NoRegenerationIfDealtDamage,
    Not,
    NothingSacrificed,
    OfChosenColor,
    OpponentsCantCast,
    OtherPlayers,
    PlayWithoutPaying,
    PowerDividedByController,
    PreventAllDamageTo,
    PreventFromSourcesThisTurn,
    PreventNextAndReflect,
    PreventNextDamageTo,
    PreventNextTimeFromChosenSource,
    PreventThisTurn,
    ProtectionFromChosenColor,
    Pump,
    PumpBy,
    PutAuraAttached,
    PutFromHand,
    PutIntoHand,
    PutOnBottomOfLibrary,
    PutOntoBattlefield,
    PutOnTopOfLibrary,
    PutRevealedOntoBattlefield,
    RedirectCombatDamageFromUnblocked,
    RedirectNextDamage,
    Ref,
    Regenerate,
    Remembered,
    RememberedCardIs,
    ReorderTop,
    Restrict,
    Restriction,
    ReturnAllFromGraveyards,
    ReturnChosen,
    ReturnDiedThisTurn,
    ReturnToBattlefield,
    ReturnToHand,
    ReturnUnderOwner,
    RevealAtRandom,
    RevealHand,
    RevealTop,
    RevealUntil,
    SacrificeChosen,
    SacrificeSeveral,
    SacrificeSource,
    Scramble,
    Scry,
    Search,
    SearchLibraryOf,
    SearchOneTappedOneToHand,
    SearchSeveral,
    SearchSeveralToHand,
    SetColor,
    SetLifeTotal,
    Shuffle,
    ShuffleGraveyardIntoLibrary,
    ShufflePermanentsIn,
    ShuffleSelfAndGraveyard,
    ShuffleSourceIntoLibrary,
    SkipNextCombat,
    SourceRef,
    SpellGainsEntersWith,
    SpellImmunityThisTurn,
    SwitchPT,
    Tap,
    TapOrUntap,
    TargetRef,
    TargetSpec,
    ThatMuch,
    TokenSpec,
    UnlessDiscard,
    UntapAttackedThisTurn,
    WheneverThisTurn,
    WhenYouCastNextThisTurn,
    WinGame,
    WithSingleTarget,
    XValue,
    You,
    all_of,
)
from .library_templates import LIBRARY_TEMPLATES, Builder
from .mana import NAME_TO_COLOR, parse_cost
from .phrases import (
    PHRASES,
    Compiled,
    add_target,
    amount,
    count_phrase,
    expand_phrases,
    expect,
    is_expected,
    objects,
    players,
    quantity,
    split_sentences,
    times,
)
from .registry import Wording, new_registry, record_use, registering, take_back_uses, uses_so_far
from .targets import Unsupported, card_phrase, object_phrase, target_spec
from .wording import keyword_list, num, singular


# ------------------------------------------------------------------ compiling
def compile_effect(text: str, refs: dict[str, Ref] | None = None) -> Compiled:
    """Compile the effect part of a spell or ability: sentences in order (608.2c)."""
    out = Compiled(refs=dict(refs or {}))
    for sentence in split_sentences(text):
        compile_sentence(sentence.rstrip("."), out)
    if out.expected:
        raise Unsupported(text)
    return out


# the sentence templates and the completions, tried in the order defined (`rules.cards.registry`)
_TEMPLATES = new_registry()
_COMPLETIONS = new_registry()


def template(pattern: str, flags: int = 0) -> Callable[[Builder], Builder]:
    """Register a sentence template (tried in the order defined)."""
    return registering(_TEMPLATES, expand_phrases(pattern), flags)


def object_template(pattern: str, effect: Callable[[Ref], Effect]) -> None:
    """A sentence that names objects (its first group) and does one thing to them."""
    def build(m: re.Match[str], out: Compiled) -> None:
        out.steps.append(effect(objects(m.group(1), out)))
    template(pattern)(build)


def completion(pattern: str) -> Callable[[Builder], Builder]:
    """Register a template for a sentence that completes the step before it: tried only when
    that step expects the sentence (`rules.cards.phrases.expect`)."""
    return registering(_COMPLETIONS, expand_phrases(pattern))


def compile_sentence(s: str, out: Compiled) -> None:
    """Compile one sentence into `out`; the first template that understands it wins."""
    m = re.fullmatch(r"(.+), where X is (.+)", s)
    if m:
        out.x = quantity(m.group(2), out)
        s = m.group(1)
    if is_expected(s, out):
        _compile_expected(s, out)
        return
    if not any(_tried(pattern, fn, s, out) for pattern, fn in _TEMPLATES):
        raise Unsupported(s)


def _compile_expected(s: str, out: Compiled) -> None:
    """The sentence the step before expects (`expect`): a template that completes the step
    compiles it; when none has its wording, the step already carries it out."""
    out.expected = out.expected[1:]
    completing = [(pattern, fn) for pattern, fn in _COMPLETIONS if pattern.fullmatch(s)]
    if completing and not any(_tried(pattern, fn, s, out) for pattern, fn in completing):
        raise Unsupported(s)


def _tried(pattern: Wording, fn: Builder, s: str, out: Compiled) -> bool:
    """Whether the template compiled `s`; when its wording fits but a phrase in it doesn't,
    `out` is left as it was (the next template is tried)."""
    m = pattern.fullmatch(s)
    if not m:
        return False
    saved = (len(out.specs), len(out.steps), dict(out.refs), out.expected)
    used = uses_so_far()
    try:
        fn(m, out)
        record_use((pattern, fn))
        return True
    except Unsupported:
        take_back_uses(used)
        del out.specs[saved[0]:], out.steps[saved[1]:]
        out.refs.clear()
        out.refs.update(saved[2])
        out.expected = saved[3]
        return False


# ---- structure: "you may", conditions, delayed effects
@template(r"You may (.+)")
def _you_may(m: re.Match[str], out: Compiled) -> None:
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:], sub)
    out.steps.append(May(body, sub.body()))


@template(r"If this ability has been activated <number> or more times this turn, (.+)")
def _activatedtimes(m: re.Match[str], out: Compiled) -> None:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    sub = out.child()
    rest = m.group(2)
    compile_sentence(rest[0].upper() + rest[1:], sub)
    out.steps.append(If(ActivatedTimesAtLeast(n), sub.body()))


@template(r"(.+) at the beginning of the next end step")
def _next_end(m: re.Match[str], out: Compiled) -> None:
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:], sub)
    out.steps.append(AtNextEndStep(sub.body(), m.group(0) + "."))


@template(r"[Ss]acrifice <a> (.+?)( other than ~)?, then <sentence>")
def _sacrifice_then(m: re.Match[str], out: Compiled) -> None:
    what = m.group(1)
    _, test = object_phrase(what)
    out.steps.append(SacrificeChosen(You(), test, "a " + what, other_than_source=bool(m.group(2))))
    compile_sentence(m.group(3)[0].upper() + m.group(3)[1:], out)


@template(r"If you can't sacrifice <a> .+?, (tap|untap) ~ and (you lose \w+ life)")
def _if_cant_sacrifice(m: re.Match[str], out: Compiled) -> None:
    sub = out.child()
    compile_sentence(f"{m.group(1).capitalize()} ~", sub)
    compile_sentence(m.group(2)[0].upper() + m.group(2)[1:], sub)
    out.steps.append(If(NothingSacrificed(), sub.body()))


# ---- linked abilities and control (group A): tried before the general "Exile ..." and "Untap ..."
@template(r"For each nonland permanent, choose a player at random")
def _scrambleverse(m: re.Match[str], out: Compiled) -> None:
    """Scrambleverse: the next two sentences say what happens to the permanents."""
    out.steps.append(Scramble())
    expect(out, "Then each player gains control of each permanent for which they (?:was|were) chosen",
           "Untap those permanents")


@template(r"[Ee]xile (another target .+)")
def _exile_linked(m: re.Match[str], out: Compiled) -> None:
    """Oblivion Ring: the card exiled is "the exiled card" of its other ability (607.2a / 407.1)."""
    out.steps.append(ExileLinked(objects(m.group(1), out)))


@template(r"At the beginning of the next end step, (.+)")
def _at_next_end(m: re.Match[str], out: Compiled) -> None:
    """Mystifying Maze: "it" after "Exile target ..." is the card in exile (the effect finds
    the object in the zone it moved to)."""
    saved = dict(out.refs)
    last = out.steps[-1] if out.steps else None
    if isinstance(last, Exile) and "it" in out.refs and last.objects == out.refs["it"]:
        out.steps[-1] = ExileLinked(last.objects)
        out.refs["it"] = Remembered("exiled")
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:], sub)
    out.refs.clear()
    out.refs.update(saved)
    out.steps.append(AtNextEndStep(sub.body(), m.group(0) + "."))



# ---- damage and prevention
def recipients(phrase: str, out: Compiled) -> Ref:
    """"any target", "each creature and each player", "target player and each creature they
    control", "you", "that creature"."""
    parts = [p.strip() for p in re.split(r"\s+and\s+(?=each |you$|target |them$)", phrase)]
    refs: list[Ref] = []
    for part in parts:
        if part == "each player":
            refs.append(EachPlayer())
        elif re.fullmatch(r"that (?:land|creature|permanent)'s controller", part):  # Cryoclasm
            refs.append(players("its controller", out))
        elif part in ("you", "that player", "them", "target player", "target opponent", "each opponent"):
            refs.append(players(part, out))
        elif part in ("that creature's controller", "its controller") and "that creature" in out.refs:
            refs.append(ControllersOf(out.refs["that creature"]))  # Chandra's Outrage
        else:
            refs.append(objects(part, out))
    return refs[0] if len(refs) == 1 else Both(tuple(refs))


@template(r"Each (\w+) tapped this way deals damage equal to its power to <recipients>")
def _each_tapped_deals_power(m: re.Match[str], out: Compiled) -> None:
    """Master of the Wild Hunt: the creatures the previous sentence tapped."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, Tap) or last.untap or "those creatures" not in out.refs:
        raise Unsupported(m.group(0))
    those = out.refs["those creatures"]
    out.steps.append(EachDealsPowerDamage(those, recipients(m.group(2), out)))


@template(r"(That creature) deals damage equal to its power divided as its controller chooses among any number "
          r"of (those \w+)")
def _power_divided_by_controller(m: re.Match[str], out: Compiled) -> None:
    if not any(isinstance(s, EachDealsPowerDamage) for s in out.steps) or "that creature" not in out.refs:
        raise Unsupported(m.group(0))  # "those Wolves": the creatures tapped this way
    out.steps.append(PowerDividedByController(out.refs["that creature"], out.refs["those creatures"]))


@template(r"(It|That creature) deals damage equal to its power to <recipients>")
def _it_deals_its_power(m: re.Match[str], out: Compiled) -> None:
    """Warstorm Surge: "it" is the creature that entered, the source of the damage."""
    if m.group(1).lower() not in out.refs:
        raise Unsupported(m.group(0))
    out.steps.append(EachDealsPowerDamage(out.refs[m.group(1).lower()], recipients(m.group(2), out)))


@template(r"Have (it|~) deal damage equal to its power to <recipients>")
def _have_it_deal_power(m: re.Match[str], out: Compiled) -> None:
    """Cyclops Gladiator: "you may have it deal damage equal to its power to target creature
    defending player controls" (the source deals it)."""
    who = objects(m.group(1), out)
    out.steps.append(EachDealsPowerDamage(who, recipients(m.group(2), out)))


@template(r"Have (that player|target player|target opponent) (lose|gain|draw|discard|put) (.+)")
def _have_player(m: re.Match[str], out: Compiled) -> None:
    """"you may have that player lose 1 life" (Blood Seeker): the player does it."""
    compile_sentence(f"{m.group(1)} {m.group(2)}s {m.group(3)}", out)


@template(r"<~ or it> deals damage to <recipients> equal to <quantity>")
def _damage_equal(m: re.Match[str], out: Compiled) -> None:
    who = recipients(m.group(1), out)
    out.steps.append(DealDamage(quantity(m.group(2), out), who))


@template(r"<~ or it> deals <number> damage divided (as you choose|evenly, rounded down,) among (.+)")
def _divided_damage(m: re.Match[str], out: Compiled) -> None:
    """Bogardan Hellkite, Ignite Disorder, Fireball: one target spec, its damage divided."""
    to = add_target(m.group(3), out)
    assert isinstance(to, TargetRef)
    out.steps.append(DealDividedDamage(amount(m.group(1), out), to, evenly=m.group(2).startswith("evenly")))


@template(r"<~ or it> deals (\w+) damage to (any target|target [^,]+), "
          r"(\w+) damage to another (any target|target [^,]+),? and (\w+) damage to a third (any target|target .+)")
def _damage_to_several_targets(m: re.Match[str], out: Compiled) -> None:
    """Cone of Flame: each amount to its own target, and the targets differ ("another", "a
    third": 2014 114.3 / 2009 409.1c let one object be chosen for each word "target" otherwise)."""
    for i, (word, spec) in enumerate(zip(m.groups()[::2], m.groups()[1::2], strict=True)):
        ref = add_target(spec, out)
        if i:
            out.specs[-1] = dataclasses.replace(out.specs[-1], distinct=True,
                                                text=("another " if i == 1 else "a third ")
                                                + out.specs[-1].text.removeprefix("any "))
        out.steps.append(DealDamage(amount(word, out), ref))


@template(r"<~ or it> deals <number> damage to (.+)")
def _damage(m: re.Match[str], out: Compiled) -> None:
    n = amount(m.group(1), out)
    rest = m.group(2)
    gain = None
    m2 = re.fullmatch(r"(.+?) and you gain (\w+) life", rest)
    if m2:
        rest, gain = m2.group(1), amount(m2.group(2), out)
    second = None
    m2 = re.fullmatch(r"(.+?) and (\w+) damage to (.+)", rest)
    if m2:
        rest, second = m2.group(1), (amount(m2.group(2), out), m2.group(3))
    out.steps.append(DealDamage(n, recipients(rest, out)))
    if second is not None:
        out.steps.append(DealDamage(second[0], recipients(second[1], out)))
    if gain is not None:
        out.steps.append(GainLife(You(), gain))


@template(r"Switch <objects>'s power and toughness until end of turn")
def _switch(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(SwitchPT(objects(m.group(1), out)))


@template(r"The damage can't be prevented")
def _unpreventable(m: re.Match[str], out: Compiled) -> None:
    """Completes the damage before it (Combust)."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, DealDamage):
        raise Unsupported(m.group(0))
    out.steps[-1] = dataclasses.replace(last, unpreventable=True)


@template(r"Prevent the next <number> damage that would be dealt to <recipients> this turn")
def _prevent_next(m: re.Match[str], out: Compiled) -> None:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    out.steps.append(PreventNextDamageTo(n, recipients(m.group(2), out)))


@template(r"Prevent the next X damage that would be dealt to <recipients> this turn")
def _prevent_next_x(m: re.Match[str], out: Compiled) -> None:
    """Vengeful Archon's first sentence; the next one says what the prevention also does."""
    out.steps.append(PreventNextAndReflect(XValue(), recipients(m.group(1), out), You()))
    expect(out, "If damage is prevented this way, ~ deals that much damage to target player")


@completion(r"If damage is prevented this way, ~ deals that much damage to <target player>")
def _if_prevented_reflect(m: re.Match[str], out: Compiled) -> None:
    """615.5 / 419.7e: completes the prevention before it (Vengeful Archon)."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, PreventNextAndReflect):
        raise Unsupported(m.group(0))
    out.steps[-1] = dataclasses.replace(last, reflect_to=players(m.group(1), out))


@template(r"The next time a source of your choice( of the chosen color)? would deal damage to you this turn, "
          r"prevent that damage")
def _prevent_next_time(m: re.Match[str], out: Compiled) -> None:
    """Story Circle (615.7 / 419.7b; the source is chosen as it resolves, 609.7a / 419.8a)."""
    out.steps.append(PreventNextTimeFromChosenSource(OfChosenColor() if m.group(1) else ALWAYS))


@template(r"Until end of turn, if (target player|target opponent|each player) would draw a card, instead that player "
          r"skips that draw and (you) draw a card")
def _draw_skipped_instead(m: re.Match[str], out: Compiled) -> None:
    """Plagiarize (614.1a / 419.1a)."""
    out.steps.append(DrawInsteadThisTurn(players(m.group(1), out), players(m.group(2), out)))


@template(r"All combat damage that would be dealt to you by unblocked creatures this turn is dealt to ~ instead")
def _royal_guard(m: re.Match[str], out: Compiled) -> None:
    """Kjeldoran Royal Guard (614.9 / 419.6c)."""
    out.steps.append(RedirectCombatDamageFromUnblocked())


@template(r"Prevent all damage that (<color>) sources and (<color>) sources "
          r"would deal this turn")
def _prevent_colors(m: re.Match[str], out: Compiled) -> None:
    """Luminesce."""
    colors = tuple(HasColor(NAME_TO_COLOR[c]) for c in (m.group(1), m.group(2)))
    out.steps.append(PreventFromSourcesThisTurn(AnyOf(colors)))


@template(r"<players> gains? life equal to <quantity>")
def _gain_equal_to(m: re.Match[str], out: Compiled) -> None:
    """Corrupt ("the damage dealt this way"), Blood Tithe, Condemn ("Its controller gains life
    equal to its toughness"), Angelic Chorus."""
    out.steps.append(GainLife(players(m.group(1), out), quantity(m.group(2), out)))


@template(r"Prevent all combat damage that would be dealt this turn")
def _fog(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(PreventThisTurn("combat", "all combat damage is prevented"))


@template(r"Prevent all damage that would be dealt to you and creatures you control this turn")
def _safe_passage(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(PreventThisTurn("you_and_your_creatures",
                                        "damage to its controller and their creatures is prevented"))


@template(r"The next <number> damage that a source of your choice would deal to you and/or permanents you control "
          r"this turn is dealt to <recipients> instead")
def _harms_way(m: re.Match[str], out: Compiled) -> None:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    out.steps.append(RedirectNextDamage(n, recipients(m.group(2), out), m.group(0)))


# ---- copies of spells, changing targets
@template(r"Choose new targets for (target .*spell)")
def _choose_new_targets(m: re.Match[str], out: Compiled) -> None:
    """Redirect ("You may choose new targets for target spell", 114.6d / 415.7a)."""
    out.steps.append(ChangeTargets(add_target(m.group(1), out)))


@template(r"Change the target of target spell with a single target")
def _change_the_target(m: re.Match[str], out: Compiled) -> None:
    """Shunt (114.6a / 415.7a)."""
    out.specs.append(TargetSpec("spell", "target spell with a single target", WithSingleTarget()))
    out.steps.append(ChangeTargets(TargetRef(len(out.specs) - 1), must=True))


@template(r"Copy (target .+ spell)")
def _copy_target_spell(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(CopySpell(add_target(m.group(1), out), You()))


@template(r"Each other player copies that spell")
def _each_other_player_copies(m: re.Match[str], out: Compiled) -> None:
    """Hive Mind: "that spell" and "player" are the triggering cast's."""
    spell, player = out.refs.get("that spell"), out.refs.get("that player")
    if spell is None or player is None:
        raise Unsupported(m.group(0))
    out.steps.append(CopySpell(spell, OtherPlayers(player)))


@template(r"When you cast your next (.+?) spell this turn, copy that spell")
def _copy_next_spell(m: re.Match[str], out: Compiled) -> None:
    """Chandra, the Firebrand's -2: a delayed trigger (603.7) whose "that spell" is the spell cast."""
    test = object_phrase(m.group(1) + " spell")[1]
    out.steps.append(WhenYouCastNextThisTurn(test, (CopySpell(EventValue("item"), You()),), m.group(0) + "."))


@template(r"(?:It|That spell) gains bloodthirst (\d+)")
def _spell_gains_bloodthirst(m: re.Match[str], out: Compiled) -> None:
    """Bloodlord of Vaasgoth: the spell the trigger saw cast (702.53a / 502.50a)."""
    spell = out.refs.get("that spell")
    if spell is None:
        raise Unsupported(m.group(0))
    counters = EntersWithCounters("+1/+1", Fixed(int(m.group(1))), if_opponent_damaged=True)
    out.steps.append(SpellGainsEntersWith(spell, counters, f"bloodthirst {m.group(1)}"))


@template(r"Spells you control can't be countered by (.+?) spells this turn, and creatures you control can't be "
          r"the targets of \1 spells this turn")
def _spell_immunity(m: re.Match[str], out: Compiled) -> None:
    """Autumn's Veil (101.2 / 103.2)."""
    out.steps.append(SpellImmunityThisTurn(object_phrase(m.group(1) + " spell")[1], True, True))


@template(r"You may choose new targets for the copy")
def _copy_next_new_targets(m: re.Match[str], out: Compiled) -> None:
    """Completes the delayed copy before it (706.10c / 503.10c)."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, WhenYouCastNextThisTurn) or not isinstance(last.body[-1], CopySpell):
        raise Unsupported(m.group(0))
    body = (*last.body[:-1], dataclasses.replace(last.body[-1], new_targets=True))
    out.steps[-1] = dataclasses.replace(last, body=body, text=last.text + " " + m.group(0) + ".")


@template(r"<~ or it> deals <number> damage to each of ((?:up to )?\w+ targets?.*)")
def _damage_each_of_targets(m: re.Match[str], out: Compiled) -> None:
    """"deals 6 damage to each of up to six target creatures and/or players" (Chandra, the Firebrand)."""
    phrase = re.sub(r"^(up to \w+) targets$", r"\1 target creatures and/or players", m.group(2))  # any targets
    out.steps.append(DealDamage(amount(m.group(1), out), add_target(phrase, out)))


@template(r"(?:You|Each of those players) may choose new targets for (?:the|their) copy")
def _new_targets(m: re.Match[str], out: Compiled) -> None:
    """706.10c / 503.10c: completes the copy effect before it."""
    if not out.steps or not isinstance(out.steps[-1], CopySpell):
        raise Unsupported(m.group(0))
    out.steps[-1] = dataclasses.replace(out.steps[-1], new_targets=True)


# ---- destroying, exiling, moving
@template(r"(?:It|They|That creature) can't be regenerated")
def _no_regen(m: re.Match[str], out: Compiled) -> None:
    out.no_regenerate = True


@template(r"Choose ((?:up to \w+ )?target .+)")
def _choose_targets(m: re.Match[str], out: Compiled) -> None:
    """"choose target nonland permanent you control and up to two target nonland permanents
    you don't control": targets chosen now (601.2c / 603.3d), "them" afterwards."""
    parts = re.split(r" and (?=(?:up to \w+ )?target )", m.group(1))
    refs = [objects(part, out) for part in parts]
    for part in parts:
        if not part.startswith(("target ", "up to ")):
            raise Unsupported(part)
    out.refs["them"] = refs[0] if len(refs) == 1 else Both(tuple(refs))


@template(r"(Destroy|Exile) one of (them|those creatures) at random")
def _one_at_random(m: re.Match[str], out: Compiled) -> None:
    """"Destroy one of them at random": one chosen by the game's random generator among
    those still there (608.2b: illegal targets are left alone), then destroyed."""
    if m.group(2) not in out.refs:
        raise Unsupported(m.group(0))
    out.steps.append(ChooseAtRandom(out.refs[m.group(2)], "random"))
    chosen = Remembered("random")
    out.steps.append(Destroy(chosen) if m.group(1) == "Destroy" else Exile(chosen))


@template(r"Destroy <objects>")
def _destroy(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(Destroy(objects(m.group(1), out)))  # Compiled.body applies "can't be regenerated"


object_template(r"Regenerate <objects>", Regenerate)


object_template(r"Exile <objects>", Exile)


@template(r"Return ~ from your graveyard to the battlefield( tapped)?")
def _return_self_to_battlefield(m: re.Match[str], out: Compiled) -> None:
    """Reassembling Skeleton: an ability that functions only in the graveyard."""
    out.steps.append(ReturnToBattlefield(SourceRef(), tapped=bool(m.group(1))))


@template(r"[Pp]ut (a|an|one|two|three) ([a-z]+) counters? on ~, then draw a card for each \2 counter on ~")
def _counter_then_draw(m: re.Match[str], out: Compiled) -> None:
    """Mind Unbound."""
    out.steps.append(AddCounters(SourceRef(), m.group(2), num(m.group(1)) or 1))
    out.steps.append(Draw(You(), CountersOnSource(m.group(2))))


@template(r"Draw cards equal to <quantity>")
def _draw_equal_to(m: re.Match[str], out: Compiled) -> None:
    """Garruk, Primal Hunter: "the greatest power among creatures you control"."""
    out.steps.append(Draw(You(), quantity(m.group(1), out)))


@template(r"<players> skips their next combat phase")
def _skip_combat(m: re.Match[str], out: Compiled) -> None:
    """Stonehorn Dignitary."""
    out.steps.append(SkipNextCombat(players(m.group(1), out)))


@template(r"Shuffle ~ and your graveyard into their owner's library")
def _elixir(m: re.Match[str], out: Compiled) -> None:
    """Elixir of Immortality."""
    out.steps.append(ShuffleSelfAndGraveyard())


@template(r"(.+?) at end of combat")
def _at_end_of_combat(m: re.Match[str], out: Compiled) -> None:
    """Crumbling Colossus: "sacrifice it at end of combat"."""
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:], sub)
    out.steps.append(AtEndOfCombat(sub.body(), m.group(0) + "."))


@template(r"Search your library for up to two (.+?) cards, reveal those cards, and put one onto the battlefield "
          r"tapped and the other into your hand")
def _cultivate(m: re.Match[str], out: Compiled) -> None:
    """Cultivate ("Then shuffle your library." follows as a sentence of its own)."""
    what = m.group(1) + " card"
    out.steps.append(SearchOneTappedOneToHand(card_phrase(what), what))


@template(r"Search your library for up to <number> cards named ~, reveal them, put them into your hand, "
          r"then shuffle your library")
def _search_namesakes(m: re.Match[str], out: Compiled) -> None:
    """Squadron Hawk."""
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    out.steps.append(SearchSeveralToHand(NamedLikeSource(), "card with this name", n))
    out.steps.append(Shuffle(You()))


@template(r"Return ~ from your graveyard to your hand")
def _return_self_from_graveyard(m: re.Match[str], out: Compiled) -> None:
    """Magma Phoenix: an ability that functions only in the graveyard returns its card."""
    out.steps.append(ReturnToHand(SourceRef()))


object_template(r"Return <objects> to (?:its owner's|their owners'|their owner's|your|their) hands?", ReturnToHand)


object_template(r"Put <objects> on top of <owner's> library", PutOnTopOfLibrary)
object_template(r"Put <objects> on the bottom of <owner's> library", PutOnBottomOfLibrary)  # Condemn


@template(r"Counter (target .+?|that spell or ability) unless its controller pays ((?:\{\w+\})+)")
def _counter_unless(m: re.Match[str], out: Compiled) -> None:
    """Mana Leak; Frost Titan ("that spell or ability": the one that targeted it)."""
    cost = parse_cost(m.group(2))
    if cost is None:
        raise Unsupported(m.group(0))
    out.steps.append(CounterUnlessPays(objects(m.group(1), out), cost))


@template(r"Add ((?:\{[WUBRGC]\})+)")
def _add_mana(m: re.Match[str], out: Compiled) -> None:
    """Pyretic Ritual: "Add {R}{R}{R}" as a spell's effect."""
    syms = re.findall(r"\{(\w)\}", m.group(1))
    if len(set(syms)) != 1:
        raise Unsupported(m.group(0))
    out.steps.append(AddManaEffect(syms[0], len(syms)))


@template(r"<objects> gains protection from the color of your choice until end of turn")
def _protection_choice(m: re.Match[str], out: Compiled) -> None:
    """Stave Off."""
    out.steps.append(ProtectionFromChosenColor(objects(m.group(1), out)))


@template(r"<players> chooses a card in their hand and discards the rest")
def _keep_one(m: re.Match[str], out: Compiled) -> None:
    """Monomania."""
    out.steps.append(KeepOneDiscardRest(players(m.group(1), out)))


@template(r"Each player (loses \w+ life), (discards \w+ cards?), (sacrifices an? \w+), then (sacrifices an? \w+)")
def _each_player_series(m: re.Match[str], out: Compiled) -> None:
    """Smallpox: each part in order, every player doing it (608.2c)."""
    for part in m.groups():
        compile_sentence("Each player " + part, out)


@template(r"If you (have less life|control fewer creatures) than an opponent, <sentence>")
def _if_fewer(m: re.Match[str], out: Compiled) -> None:
    """Timely Reinforcements."""
    sub = out.child()
    compile_sentence(m.group(2)[0].upper() + m.group(2)[1:], sub)
    out.steps.append(If(FewerThanAnOpponent("life" if m.group(1) == "have less life" else "creatures"), sub.body()))


object_template(r"Counter (target .+)", CounterSpell)


@template(r"(Tap|Untap) <objects>")
def _tap(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(Tap(objects(m.group(2), out), untap=m.group(1) == "Untap"))


@template(r"[Ss]acrifice (~|it)")
def _sacrifice_self(m: re.Match[str], out: Compiled) -> None:
    """"Sacrifice ~", or "sacrifice it" where "it" is the ability's source."""
    if m.group(1) == "it" and not isinstance(out.refs.get("it"), SourceRef):
        raise Unsupported(m.group(0))
    out.steps.append(SacrificeSource())


@template(r"<players> (?:sacrifice|sacrifices) (two|three|four|five|six|seven) (.+)")
def _sacrifice_several(m: re.Match[str], out: Compiled) -> None:
    """Destructive Force: "Each player sacrifices five lands"."""
    who = players(m.group(1), out)
    what = singular(m.group(3))
    _, test = object_phrase(what)
    out.steps.append(SacrificeSeveral(who, test, what, num(m.group(2)) or 0))


@template(r"<players> (?:sacrifice|sacrifices) <a> (.+)")
def _sacrifice_chosen(m: re.Match[str], out: Compiled) -> None:
    who = players(m.group(1), out)
    what = m.group(2)
    _, test = object_phrase(what)
    out.steps.append(SacrificeChosen(who, test, "a " + what))


# ---- cards and life
@template(r"(?:<players> )?(?:draw|draws) <number> (?:additional )?cards?"
          r"(?:, then (?:discard|discards) <number> cards?( at random)?)?"
          r"(?: and (?:lose|loses) <number> life)?", re.I)
def _draw(m: re.Match[str], out: Compiled) -> None:
    who = players(m.group(1) or "you", out)
    out.steps.append(Draw(who, amount(m.group(2), out)))
    if m.group(3):
        out.steps.append(Discard(who, amount(m.group(3), out), random=bool(m.group(4))))
    if m.group(5):
        out.steps.append(LoseLife(who, amount(m.group(5), out)))


@template(r"Any number of target players each (gain \w+ life|draw \w+ cards?)")
def _targets_each(m: re.Match[str], out: Compiled) -> None:
    """Hunters' Feast, Jace, Memory Adept: every chosen target player does it."""
    spec = target_spec("any number of target players")
    out.specs.append(spec)
    ref = TargetRef(len(out.specs) - 1, spec.count)
    out.refs.update({"those players": ref})
    verb, rest = m.group(1).split(" ", 1)
    if verb == "gain":
        out.steps.append(GainLife(ref, amount(rest.split()[0], out)))
    else:
        out.steps.append(Draw(ref, amount(rest.split()[0], out)))


@template(r"If a graveyard has <number> or more cards in it, draw <number> cards instead")
def _draw_instead(m: re.Match[str], out: Compiled) -> None:
    """Visions of Beyond: the draw of the sentence before, replaced when the condition holds."""
    last = out.steps[-1] if out.steps else None
    n = num(m.group(1))
    if not isinstance(last, Draw) or n is None:
        raise Unsupported(m.group(0))
    out.steps[-1] = If(AGraveyardHasAtLeast(n), (Draw(last.players, amount(m.group(2), out)),), (last,))


@template(r"(?:<players> )?(?:[Gg]ain|gains) <amount> life(?: for each (.+))?")
def _gain(m: re.Match[str], out: Compiled) -> None:
    who = players(m.group(1) or "you", out)
    n = amount(m.group(2), out)
    if m.group(3):
        n = times(n, count_phrase(m.group(3), out))
    out.steps.append(GainLife(who, n))


@template(r"<players> (?:lose|loses) life equal to <quantity>")
def _lose_equal_to(m: re.Match[str], out: Compiled) -> None:
    """Xathrid Demon ("the sacrificed creature's power"), Dark Tutelage ("its converted mana cost")."""
    out.steps.append(LoseLife(players(m.group(1), out), quantity(m.group(2), out)))


@template(r"<players> (?:lose|loses) <amount> life")
def _lose(m: re.Match[str], out: Compiled) -> None:
    who = players(m.group(1), out)
    out.steps.append(LoseLife(who, amount(m.group(2), out)))


@template(r"<players> (?:discard|discards) <number> cards?( at random)?")
def _discard(m: re.Match[str], out: Compiled) -> None:
    who = players(m.group(1), out)
    out.steps.append(Discard(who, amount(m.group(2), out), random=bool(m.group(3))))


@template(r"<players> reveals a card at random from their hand")
def _reveal_random(m: re.Match[str], out: Compiled) -> None:
    """Merfolk Spy: one card of the player's hand, chosen at random, is shown to everyone."""
    out.steps.append(RevealAtRandom(players(m.group(1), out)))


@template(r"<players> reveals their hand")
def _reveal_hand(m: re.Match[str], out: Compiled) -> None:
    who = players(m.group(1), out)
    out.steps.append(RevealHand(who))
    out.refs["that player"] = who


@template(r"You choose <a> (.+?) card from it")
def _choose_from_hand(m: re.Match[str], out: Compiled) -> None:
    words = m.group(1)
    test = card_phrase(words.replace(",", "") + " card")
    who = players("that player", out)
    out.steps.append(DiscardChosen(who, test, f"a {words} card"))
    expect(out, "That player discards that card")


# how many cards from the top of a library, in the words of a sentence that mills them
_MILLED: dict[str, Amount] = {
    "the top card of their library": Fixed(1),  # Jace, Memory Adept
    "that many cards from the top of their library": ThatMuch(),  # Belltower Sphinx: the damage dealt
    "the top half of their library, rounded down,": HalfLibrary(),  # Traumatize
}


@template(r"<players> (?:put|puts) (the top <number> cards? of their library|"
          r"the top card of their library|that many cards from the top of their library|"
          r"the top half of their library, rounded down,) into their graveyard")
def _mill(m: re.Match[str], out: Compiled) -> None:
    """Who mills is a player the sentence names, or one its trigger supplies ("that source's
    controller")."""
    who = out.refs.get(m.group(1).lower()) or players(m.group(1), out)
    milled = _MILLED.get(m.group(2))
    out.steps.append(Mill(who, milled if milled is not None else amount(m.group(3), out)))


@template(r"Search your library for <a> (.+?)(, reveal it,)? and put (?:it|that card) "
          r"(into your hand|onto the battlefield tapped|onto the battlefield)")
def _search(m: re.Match[str], out: Compiled) -> None:
    what = m.group(1)
    test = card_phrase(what)
    dest = "hand" if m.group(3) == "into your hand" else "battlefield"
    tapped = m.group(3).endswith("tapped")
    reveal = bool(m.group(2))
    out.steps.append(Search(test, "a " + what, dest, tapped=tapped, reveal=reveal))


@template(r"Search your library for <a> (.+?), (reveal it, )?put (?:it|that card) "
          r"(into your hand|onto the battlefield tapped|onto the battlefield), then shuffle your library")
def _search_then_shuffle(m: re.Match[str], out: Compiled) -> None:
    """M11's wording: "search your library for a basic land card, reveal it, put it into your
    hand, then shuffle your library" (Sylvan Ranger, Solemn Simulacrum, Rune-Scarred Demon)."""
    what = m.group(1)
    dest = "hand" if m.group(3) == "into your hand" else "battlefield"
    out.steps.append(Search(card_phrase(what), "a " + what, dest, tapped=m.group(3).endswith("tapped"),
                            reveal=bool(m.group(2))))
    out.steps.append(Shuffle(You()))


@template(r"Have (it|~) deal (\w+) damage to (.+)")
def _have_it_deal(m: re.Match[str], out: Compiled) -> None:
    """"you may have it deal 1 damage to any target" (Goblin Arsonist): the source deals it."""
    compile_sentence(f"~ deals {m.group(2)} damage to {m.group(3)}", out)


@template(r"Search your library for a card, then shuffle your library and put that card on top of it")
def _search_top(m: re.Match[str], out: Compiled) -> None:
    test = card_phrase("card")
    out.steps.append(Search(test, "a card", "top"))


@template(r"Search (that player's|target player's|target opponent's) library for <a> <card>(?:, then <sentence>)?")
def _search_their_library(m: re.Match[str], out: Compiled) -> None:
    """Sphinx Ambassador: the controller searches another player's library; the card found
    stays there for now ("it" afterwards)."""
    who = players(m.group(1)[:-2], out)
    test = card_phrase(m.group(2))
    out.steps.append(SearchLibraryOf(who, test, "a " + m.group(2)))
    out.refs["it"] = Remembered("searched")
    if m.group(3):
        compile_sentence(m.group(3)[0].upper() + m.group(3)[1:], out)


@template(r"<players> (?:chooses|choose) a card name")
def _choose_name(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(ChooseName(players(m.group(1), out)))
    out.refs["that name"] = Remembered("named")


@template(r"If you searched for <a> <card> that doesn't have that name, <sentence>")
def _if_searched_not_named(m: re.Match[str], out: Compiled) -> None:
    if "that name" not in out.refs or not isinstance(out.refs.get("it"), Remembered):
        raise Unsupported(m.group(0))
    sub = out.child()
    compile_sentence(m.group(2)[0].upper() + m.group(2)[1:], sub)
    out.steps.append(If(RememberedCardIs("searched", card_phrase(m.group(1)), not_named="named"), sub.body()))


@template(r"(?:Then )?(that player|target player) shuffles their library")
def _they_shuffle(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(Shuffle(players(m.group(1), out)))


@template(r"(?:Then |If you do, )?[Ss]huffle your library")
def _shuffle(m: re.Match[str], out: Compiled) -> None:
    last = out.steps[-1] if out.steps else None
    if isinstance(last, MayPay) and m.group(0).startswith("Then"):  # "If you do, search ... Then shuffle"
        out.steps[-1] = MayPay(last.cost, last.body + (Shuffle(You()),))
        return
    out.steps.append(Shuffle(You()))



@template(r"Choose up to <number> face-up exiled cards you own")
def _choose_exiled(m: re.Match[str], out: Compiled) -> None:
    """Mirror of Fate (every exiled card is face up here)."""
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    out.steps.append(ChooseExiled(n))
    out.refs["the chosen cards"] = Remembered("chosen")


@template(r"Exile all the cards from your library(?:, then <sentence>)?")
def _exile_library(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(ExileLibrary(You()))
    if m.group(1):
        compile_sentence(m.group(1)[0].upper() + m.group(1)[1:], out)


@template(r"Put (the chosen cards) on top of your library")
def _chosen_on_top(m: re.Match[str], out: Compiled) -> None:
    if m.group(1) not in out.refs:
        raise Unsupported(m.group(0))
    out.steps.append(PutOnTopOfLibrary(out.refs[m.group(1)]))


@template(r"Each player shuffles all permanents they owns? into their library, then reveals that many cards "
          r"from the top of their library")
def _warp(m: re.Match[str], out: Compiled) -> None:
    """Warp World, first sentence."""
    out.steps.append(ShufflePermanentsIn())


@template(r"Each player puts all (.+?) cards revealed this way onto the battlefield, then does the same for "
          r"(.+?) cards, then puts all cards revealed this way that weren't put onto the battlefield on the "
          r"bottom of their library")
def _put_revealed(m: re.Match[str], out: Compiled) -> None:
    """Warp World, second sentence: two batches, then the rest on the bottom."""
    if not any(isinstance(s, ShufflePermanentsIn) for s in out.steps):
        raise Unsupported(m.group(0))
    batches = []
    for words in (m.group(1), m.group(2)):
        tests = [card_phrase(w + " card") for w in re.split(r",? and |, ", words)]
        batches.append(tests[0] if len(tests) == 1 else AnyOf(tuple(tests)))
    out.steps.append(PutRevealedOntoBattlefield(tuple(batches)))


@template(r"[Rr]eveal the top card of your library and put that card into your hand")
def _reveal_top_to_hand(m: re.Match[str], out: Compiled) -> None:
    """Dark Tutelage: the card, remembered, is "it" afterwards."""
    out.steps.append(RevealTop(You()))
    out.steps.append(PutIntoHand(Remembered("revealed")))
    out.refs.update({"it": Remembered("revealed"), "that card": Remembered("revealed")})


@template(r"Reveal the top card of your library")
def _reveal_top(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(RevealTop(You()))
    out.refs.update({"it": Remembered("revealed"), "that card": Remembered("revealed")})


@template(r"If it's an? <card> card, (.+)")
def _if_card(m: re.Match[str], out: Compiled) -> None:
    """"If it's a creature card, put it onto the battlefield": about the card revealed."""
    if out.refs.get("it") != Remembered("revealed"):
        raise Unsupported(m.group(0))
    sub = out.child()
    rest = m.group(2)
    compile_sentence(rest[0].upper() + rest[1:], sub)
    out.steps.append(If(RememberedCardIs("revealed", card_phrase(m.group(1) + " card")), sub.body()))


@template(r"Otherwise, (.+)")
def _otherwise(m: re.Match[str], out: Compiled) -> None:
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, If) or last.orelse:
        raise Unsupported(m.group(0))
    sub = out.child()
    rest = m.group(1)
    compile_sentence(rest[0].upper() + rest[1:], sub)
    out.steps[-1] = If(last.condition, last.body, sub.body())


@template(r"You may play (it|that card) without paying its mana cost")
def _play_free(m: re.Match[str], out: Compiled) -> None:
    ref = out.refs.get(m.group(1))
    if ref is None:
        raise Unsupported(m.group(0))
    out.steps.append(PlayWithoutPaying(ref))


@template(r"If you don't, (.+)")
def _if_you_dont(m: re.Match[str], out: Compiled) -> None:
    """Completes "You may play that card ...": what happens when the player doesn't."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, PlayWithoutPaying) or last.otherwise:
        raise Unsupported(m.group(0))
    sub = out.child()
    rest = m.group(1)
    compile_sentence(rest[0].upper() + rest[1:], sub)
    out.steps[-1] = dataclasses.replace(last, otherwise=sub.body())


@template(r"Put (it|that card) onto the battlefield(?: under your control)?")
def _put_it(m: re.Match[str], out: Compiled) -> None:
    """A card remembered ("it", "that card"), under the effect's controller's control."""
    ref = out.refs.get(m.group(1))
    if ref is None:
        raise Unsupported(m.group(0))
    out.steps.append(PutOntoBattlefield(ref))


@template(r"Put (it|that card) on the bottom of your library")
def _put_bottom(m: re.Match[str], out: Compiled) -> None:
    if m.group(1) not in out.refs:
        raise Unsupported(m.group(0))
    out.steps.append(PutOnBottomOfLibrary(out.refs[m.group(1)]))


@template(r"Exile all cards from (target player|target opponent|each player|that player)'s graveyard"
          r"(?: other than <card> cards)?")
def _exile_graveyard(m: re.Match[str], out: Compiled) -> None:
    """Haunting Echoes: "other than basic land cards"."""
    who = players(m.group(1), out)
    test = Not(card_phrase(m.group(2) + " card")) if m.group(2) else card_phrase("card")
    out.steps.append(ExileFromGraveyard(who, test))


@template(r"For each card exiled this way, search (that player|your)'?s? library for all cards with the same name "
          r"as that card and exile them")
def _exile_namesakes(m: re.Match[str], out: Compiled) -> None:
    if not any(isinstance(s, ExileFromGraveyard) for s in out.steps):
        raise Unsupported(m.group(0))
    out.steps.append(ExileNamesakes(players("you" if m.group(1) == "your" else m.group(1), out)))


@template(r"[Pp]ut <a> <card> from your hand onto the battlefield")
def _from_hand(m: re.Match[str], out: Compiled) -> None:
    test = card_phrase(m.group(1))
    out.steps.append(PutFromHand(test, "a " + m.group(1)))


@template(r"Put (target .+? from (?:a|your|an opponent's) graveyard) onto the battlefield under your control")
def _reanimate(m: re.Match[str], out: Compiled) -> None:
    """Rise from the Grave: the card becomes a permanent, "that creature" afterwards."""
    out.steps.append(PutOntoBattlefield(objects(m.group(1), out)))
    out.refs["that creature"] = Remembered("put")


@template(r"Return (target .+? from your graveyard) to the battlefield")
def _return_to_battlefield(m: re.Match[str], out: Compiled) -> None:
    """Sun Titan: a card from your own graveyard returns under its owner's (your) control."""
    out.steps.append(PutOntoBattlefield(objects(m.group(1), out)))


@template(r"Put (target .+? from your graveyard) on top of your library")
def _graveyard_to_top(m: re.Match[str], out: Compiled) -> None:
    """Reclaim."""
    out.steps.append(PutOnTopOfLibrary(objects(m.group(1), out)))


@template(r"Search your library for up to <number> (.+?) cards, put them onto the battlefield tapped, "
          r"then shuffle your library")
def _search_several_tapped(m: re.Match[str], out: Compiled) -> None:
    """Primeval Titan: each card found is chosen in turn; the player may stop after each."""
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    what = m.group(2) + " card"
    out.steps.append(SearchSeveral(card_phrase(what), what, n, tapped=True))
    out.steps.append(Shuffle(You()))


@template(r"That creature is (?:an? )?(.+?) in addition to its other colors and types")
def _is_also(m: re.Match[str], out: Compiled) -> None:
    colors, subtypes = _colors_and_subtypes(m.group(1), m.group(0))
    out.steps.append(IsAlso(objects("that creature", out), colors, subtypes))


@template(r"Put all <card> cards from all graveyards onto the battlefield under your control")
def _reanimate_all(m: re.Match[str], out: Compiled) -> None:
    test = card_phrase(m.group(1) + " card")
    out.steps.append(ReturnAllFromGraveyards(test))


@template(r"Return all (.+?) cards from all graveyards to the battlefield under their owners' control")
def _return_all_to_owners(m: re.Match[str], out: Compiled) -> None:
    """Open the Vaults: "artifact and enchantment cards" are cards of either type."""
    words = re.split(r",? and |, ", m.group(1))
    tests = [card_phrase(w + " card") for w in words]
    out.steps.append(ReturnAllFromGraveyards(tests[0] if len(tests) == 1 else AnyOf(tuple(tests)), owners=True))


@template(r"Its controller reveals cards from the top of their library until they reveals? <a> <card>")
def _reveal_until(m: re.Match[str], out: Compiled) -> None:
    who = players("its controller", out)
    test = card_phrase(m.group(1))
    out.steps.append(RevealUntil(who, test, "a " + m.group(1)))
    expect(out, "The player puts that card onto the battlefield, then shuffles all other cards revealed this way "
                "into their library")


@template(r"Look at the top <number> cards of your library, then put them back in any order")
def _reorder_top(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(ReorderTop(amount(m.group(1), out)))


@template(r"[Ss]cry <number>(?:, then <sentence>)?")
def _scry(m: re.Match[str], out: Compiled) -> None:
    """"Scry 2", "Scry 2, then draw a card" (Preordain, Foresee)."""
    out.steps.append(Scry(amount(m.group(1), out)))
    if m.group(2):
        compile_sentence(m.group(2)[0].upper() + m.group(2)[1:], out)


object_template(r"Gain control of <objects> until end of turn", GainControl)


@template(r"(.+) for as long as you control ~")
def _while_you_control(m: re.Match[str], out: Compiled) -> None:
    """Master Thief, Aegis Angel: 611.2b / 418.3a."""
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:] + " until end of turn", sub)
    out.steps.append(ForAsLongAs(sub.body(), "control"))


@template(r"(.+) for as long as (that creature) is enchanted")
def _while_enchanted(m: re.Match[str], out: Compiled) -> None:
    """Rootwater Matriarch: 611.2b / 418.3a."""
    sub = out.child()
    body = m.group(1)
    compile_sentence(body[0].upper() + body[1:] + " until end of turn", sub)
    out.steps.append(ForAsLongAs(sub.body(), "enchanted", objects(m.group(2), out)))


@template(r"Gain control of (target .+|that creature)")
def _gain_control_forever(m: re.Match[str], out: Compiled) -> None:
    """No duration: for the rest of the game (611.2a / 418.3a)."""
    out.steps.append(GainControl(objects(m.group(1), out), "forever"))


@template(r"<sentence> instead if you control artifacts named (.+) and (.+)")
def _instead_if_named(m: re.Match[str], out: Compiled) -> None:
    """Crown, Scepter and Throne of Empires: this sentence's effect replaces the previous
    sentence's if the condition holds as the ability resolves."""
    if not out.steps:
        raise Unsupported(m.group(0))
    previous = out.steps[-1]
    sub = out.child()
    tokens = re.fullmatch(r"Create (\w+) of those tokens", m.group(1))
    if tokens and isinstance(previous, CreateTokens):
        sub.steps.append(CreateTokens(previous.token, amount(tokens.group(1), out)))
    else:
        compile_sentence(m.group(1), sub)
    out.steps[-1] = If(ControlsArtifactsNamed((m.group(2), m.group(3))), sub.body(), (previous,))


@template(r"(It|That creature) becomes an? ([A-Z]\w+) in addition to its other types")
def _becomes_subtype(m: re.Match[str], out: Compiled) -> None:
    """Captivating Vampire: "It becomes a Vampire in addition to its other types"."""
    out.steps.append(IsAlso(objects(m.group(1).lower(), out), (), (m.group(2),)))


@template(r"[Ss]earch your library for <a> (.+?), exile it, then shuffle your library")
def _search_exile(m: re.Match[str], out: Compiled) -> None:
    """Hoarding Dragon: the card exiled is "the exiled card" of its other ability."""
    what = m.group(1)
    out.steps.append(Search(card_phrase(what), "a " + what, "exile"))
    out.steps.append(Link(EventValue("found")))
    out.steps.append(Shuffle(You()))


@template(r"[Rr]eturn (the exiled card|it) to the battlefield( tapped)? under its owner's control")
def _return_under_owner(m: re.Match[str], out: Compiled) -> None:
    ref = LinkedCards() if m.group(1) == "the exiled card" else out.refs.get("it")
    if ref is None:
        raise Unsupported(m.group(0))
    out.steps.append(ReturnUnderOwner(ref, tapped=bool(m.group(2))))


@template(r"[Pp]ut the exiled card into its owner's hand")
def _exiled_to_hand(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(PutIntoHand(LinkedCards()))


@template(r"[Pp]ut <a> (Aura card) from your hand onto the battlefield attached to ~")
def _aura_from_hand_onto_self(m: re.Match[str], out: Compiled) -> None:
    """Academy Researchers (303.4f / 212.4j)."""
    out.steps.append(PutAuraAttached(None, SourceRef()))


@template(r"Put (target Aura card from (?:a|your) graveyard) onto the battlefield under your control attached to "
          r"<a> (.+? you control)")
def _aura_from_graveyard(m: re.Match[str], out: Compiled) -> None:
    """Nomad Mythmaker: the creature is chosen as the Aura enters (303.4f / 212.4j)."""
    _, test = object_phrase(m.group(2))
    out.steps.append(PutAuraAttached(objects(m.group(1), out), None, test))


@template(r"[Ii]ts controller chooses (target creature) one of their opponents controls")
def _its_controller_chooses(m: re.Match[str], out: Compiled) -> None:
    """Necrotic Plague ("When enchanted creature dies, ..."): the dead creature's controller
    chooses the target, among creatures their opponents control."""
    spec = target_spec(m.group(1))
    spec = dataclasses.replace(spec, text=m.group(1) + " one of their opponents controls", chosen_by="old_controller",
                               test=all_of(spec.test, Not(ControlledByEventPlayer("old_controller"))))
    out.specs.append(spec)
    ref = TargetRef(len(out.specs) - 1, spec.count)
    out.refs.update({"it": ref, "that creature": ref})


@template(r"Return ~ from its owner's graveyard to the battlefield attached to (that creature)")
def _return_aura_attached(m: re.Match[str], out: Compiled) -> None:
    """Necrotic Plague: the Aura enters attached to the creature, under its owner's control
    (303.4f / 212.4j)."""
    if "that creature" not in out.refs:
        raise Unsupported(m.group(0))
    out.steps.append(PutAuraAttached(objects("~", out), out.refs["that creature"], under_owner=True))


@template(r"Gain control of (target Aura that's attached to a permanent)")
def _gain_control_of_aura(m: re.Match[str], out: Compiled) -> None:
    """Aura Graft: every Aura of these sets enchants a permanent (none enchants a player), so
    "that's attached to a permanent" holds of any Aura on the battlefield."""
    out.steps.append(GainControl(objects("target Aura", out), "forever"))


@template(r"Attach it to another permanent it can enchant")
def _attach_elsewhere(m: re.Match[str], out: Compiled) -> None:
    """Aura Graft (701.3b / 212.4m)."""
    if "it" not in out.refs:
        raise Unsupported(m.group(0))
    out.steps.append(AttachElsewhere(out.refs["it"]))


def _colors_and_subtypes(words: str, sentence: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """"green Treefolk", "black Zombie": color words and capitalised subtypes."""
    colors: list[str] = []
    subtypes: list[str] = []
    for word in words.split():
        if word in NAME_TO_COLOR:
            colors.append(NAME_TO_COLOR[word])
        elif word[:1].isupper():
            subtypes.append(word)
        else:
            raise Unsupported(sentence)
    return tuple(colors), tuple(subtypes)


@template(r"<objects> becomes an? (\d+|X)/(\d+|X) (.+?) creature(?: with ([a-z ,]+?))?"
          r"( for as long as ~ remains on the battlefield| until end of turn)")
def _becomes(m: re.Match[str], out: Compiled) -> None:
    """"becomes a 4/5 green Treefolk creature": a land that is a creature too ("It's still a
    land." follows); "... Faerie creature with flying" gains the keywords too; "becomes an
    X/X Construct artifact creature" (Chimeric Staff)."""
    if (m.group(2) == "X") != (m.group(3) == "X"):
        raise Unsupported(m.group(0))
    words = m.group(4)
    types: tuple[str, ...] = ("Creature",)
    if words.endswith(" artifact"):
        words, types = words[: -len(" artifact")], ("Artifact", "Creature")
    colors, subtypes = _colors_and_subtypes(words, m.group(0))
    x_pt = m.group(2) == "X"
    grants: tuple[Keyword, ...] = ()
    if m.group(5):
        kws = keyword_list(m.group(5))
        if kws is None:
            raise Unsupported(m.group(0))
        grants = tuple(kws)
    power, toughness = (0, 0) if x_pt else (int(m.group(2)), int(m.group(3)))
    out.steps.append(Becomes(objects(m.group(1), out), power, toughness, types,
                             subtypes, colors, while_source=m.group(6).startswith(" for as long"), grants=grants,
                             x_pt=x_pt))
    if types == ("Creature",):  # a land that becomes a creature says it's still a land
        expect(out, "It's still a land")


@template(r"<objects> (?:has base power and toughness|becomes) (\d+)/(\d+) until end of turn")
def _becomes_pt(m: re.Match[str], out: Compiled) -> None:
    """"Target creature becomes 0/1 until end of turn": its P/T set (7b / 6b)."""
    out.steps.append(Becomes(objects(m.group(1), out), int(m.group(2)), int(m.group(3))))


@template(r"Your opponents can't cast spells this turn")
def _silence(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(OpponentsCantCast())


@template(r"<players> takes (an extra turn|two extra turns|three extra turns) after this one")
def _extra_turns(m: re.Match[str], out: Compiled) -> None:
    """Time Warp; Time Stretch: one extra turn after another (500.7 / 300.7)."""
    who = players(m.group(1), out)
    out.steps += [ExtraTurn(who)] * (num(m.group(2).split()[0]) or 1)


@template(r"Untap <objects> and gain control of it until end of turn")
def _untap_and_steal(m: re.Match[str], out: Compiled) -> None:
    """Threaten: untap it, then gain control of it until end of turn."""
    it = objects(m.group(1), out)
    out.steps += [Tap(it, untap=True), GainControl(it)]


# ---- continuous effects from resolution
@template(r"Until end of turn, <objects> gain (.+?) and get \+X/\+X")
def _pump_x(m: re.Match[str], out: Compiled) -> None:
    """Overwhelming Stampede: X is counted as it resolves, then locked in (608.2h)."""
    if out.x is None:
        raise Unsupported(m.group(0))
    out.steps.append(PumpBy(objects(m.group(1), out), out.x, _keywords(m.group(2))))


@template(r"Until end of turn, <objects> loses (.+?) and gains (.+)")
def _lose_and_gain(m: re.Match[str], out: Compiled) -> None:
    """Gargoyle Sentinel."""
    out.steps.append(LoseAndGain(objects(m.group(1), out), _keywords(m.group(2)), _keywords(m.group(3))))


@template(r"<objects> gets? <pt change>(?: and gains? (.+?))? until end of turn")
def _pump(m: re.Match[str], out: Compiled) -> None:
    which = objects(m.group(1), out)
    grants = _keywords(m.group(4)) if m.group(4) else ()
    out.steps.append(Pump(which, int(m.group(2)), int(m.group(3)), grants))


@template(r"<objects> gains? (.+?) until end of turn")
def _gains(m: re.Match[str], out: Compiled) -> None:
    which = objects(m.group(1), out)
    out.steps.append(Pump(which, 0, 0, _keywords(m.group(2))))


@template(r"<objects> can't block this turn")
def _cant_block(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(Restrict(objects(m.group(1), out), Restriction.CANT_BLOCK, "can't block this turn"))


@template(r"<objects> attacks (you) this turn if able")
def _attacks_if_able(m: re.Match[str], out: Compiled) -> None:
    """Alluring Siren: an attack requirement naming the player to attack (508.1d / 500.2)."""
    out.steps.append(AttacksIfAble(objects(m.group(1), out), players(m.group(2), out)))


@template(r"During (target opponent)'s next turn, creatures that player controls attack (~) if able")
def _attack_next_turn(m: re.Match[str], out: Compiled) -> None:
    """Gideon Jura's +2 (508.1d / 500.2)."""
    out.steps.append(AttackNextTurnIfAble(players(m.group(1), out), objects(m.group(2), out)))


@template(r"Until end of turn, <objects> becomes an? (\d+)/(\d+) ((?:[A-Z][a-z]+ )*)creature that's still an? "
          r"(planeswalker|land|artifact)")
def _becomes_creature_still(m: re.Match[str], out: Compiled) -> None:
    """Gideon Jura's 0: "becomes a 6/6 Human Soldier creature that's still a planeswalker"
    (it keeps its other types; layers 4 and 7b / 6b)."""
    colors, subtypes = _colors_and_subtypes(m.group(4).strip(), m.group(0))
    out.steps.append(Becomes(objects(m.group(1), out), int(m.group(2)), int(m.group(3)), ("Creature",), subtypes,
                             colors))
    out.refs.setdefault("him", objects(m.group(1), out))
    out.refs.setdefault("her", objects(m.group(1), out))


@template(r"Prevent all damage that would be dealt to (him|her|it|~) this turn")
def _prevent_all_to(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(PreventAllDamageTo(objects(m.group(1), out)))


@template(r"End the turn")
def _end_the_turn(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(EndTheTurn())


@template(r"Untap all creatures that attacked this turn")
def _untap_attackers(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(UntapAttackedThisTurn())


@template(r"After this main phase, there is an additional combat phase followed by an additional main phase")
def _additional_combat(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(AdditionalCombatPhase())



@template(r"Whenever (that creature) (deals combat damage to a player or planeswalker) this turn, <sentence>")
def _whenever_this_turn(m: re.Match[str], out: Compiled) -> None:
    """A delayed triggered ability until end of turn (603.7 / 404.4)."""
    which = objects(m.group(1), out)
    sub = out.child()
    sub.refs = dict(out.refs)
    compile_sentence(m.group(3)[0].upper() + m.group(3)[1:], sub)
    out.steps.append(WheneverThisTurn(which, m.group(2), sub.body(), m.group(0) + "."))


@template(r"Draw that many cards")
def _draw_that_many(m: re.Match[str], out: Compiled) -> None:
    """What the triggering event's amount says ("draw that many cards", Hunter's Insight)."""
    out.steps.append(Draw(You(), ThatMuch()))


@template(r"(Destroy .+?), then (put ~ on top of your library)")
def _destroy_then(m: re.Match[str], out: Compiled) -> None:
    """Vengeful Pharaoh: "destroy target attacking creature, then put ~ on top of your
    library": two instructions in the order written (608.2c)."""
    compile_sentence(m.group(1), out)
    compile_sentence(m.group(2)[0].upper() + m.group(2)[1:], out)


@template(r"Put ~ on top of your library")
def _put_self_on_top(m: re.Match[str], out: Compiled) -> None:
    """A card's ability that moves the card itself (from your graveyard) to your library."""
    out.steps.append(PutOnTopOfLibrary(SourceRef()))


@template(r"<objects> becomes (<color>(?:(?:,| and) <color>)*) until end of turn(?: and (.+))?")
def _becomes_color(m: re.Match[str], out: Compiled) -> None:
    """Incite: "Target creature becomes red until end of turn and attacks this turn if able":
    its colors set (layer 5); the rest of the sentence is about the same object."""
    which = objects(m.group(1), out)
    colors = tuple(NAME_TO_COLOR[w] for w in re.findall(PHRASES["color"], m.group(2)))
    out.steps.append(SetColor(which, colors))
    if m.group(3):
        out.refs["it"] = which
        compile_sentence("It " + m.group(3), out)


@template(r"<objects> attacks this turn if able")
def _must_attack_this_turn(m: re.Match[str], out: Compiled) -> None:
    """An attack requirement until end of turn, naming no player (508.1d / 500.2)."""
    out.steps.append(Restrict(objects(m.group(1), out), Restriction.MUST_ATTACK, "attacks this turn if able"))


@template(r"<objects> can't be blocked this turn")
def _unblockable(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(Restrict(objects(m.group(1), out), Restriction.UNBLOCKABLE, "can't be blocked this turn"))


@template(r"~ doesn't untap during your next untap step")
def _self_dont_untap(m: re.Match[str], out: Compiled) -> None:
    """Arbalest Elite."""
    out.steps.append(DontUntap(SourceRef(), None))


@template(r"<objects> (?:doesn't|don't) untap during (its controller's|that player's|their controller's) "
          r"next untap step")
def _dont_untap(m: re.Match[str], out: Compiled) -> None:
    last = out.steps[-1] if out.steps else None
    if m.group(1) == "Those creatures" and "those creatures" not in out.refs and isinstance(last, Tap) \
            and isinstance(last.objects, TargetRef):
        out.refs["those creatures"] = last.objects  # Frost Breath: "Tap up to two target creatures. Those ..."
    which = objects(m.group(1), out)
    whose = players("that player", out) if m.group(2) == "that player's" else None
    out.steps.append(DontUntap(which, whose))


@template(r"Double the number of ([+\-/\w]+) counters on <objects>")
def _double_counters(m: re.Match[str], out: Compiled) -> None:
    """Primordial Hydra."""
    out.steps.append(DoubleCounters(objects(m.group(2), out), m.group(1)))


@template(r"Put <number> \+1/\+1 counters? on <objects>", re.I)
def _counters(m: re.Match[str], out: Compiled) -> None:
    n = num(m.group(1))
    if n is None:
        raise Unsupported(m.group(0))
    out.steps.append(AddCounters(objects(m.group(2), out), "+1/+1", n))


# ---- tokens
_TOKEN = re.compile(
    r"Create (\w+) (?:(\d+)/(\d+) )?((?:white|blue|black|red|green|colorless)(?:(?:,| and) (?:white|blue|black|red|"
    r"green))*) ((?:[A-Z][a-z]+ )+)(artifact )?creature tokens?(?: with (.+?))?(?: that has \"(.+)\")?"
    r"(?: for each (.+))?(?: named ([A-Z]\w+))?")


@template(_TOKEN.pattern)
def _tokens(m: re.Match[str], out: Compiled) -> None:
    n = amount(m.group(1), out)
    if m.group(9):
        n = times(n, count_phrase(m.group(9)))
    keywords = _keywords(m.group(7)) if m.group(7) else ()
    token = TokenSpec(m.group(5).strip(), m.group(4), m.group(2), m.group(3), keywords,
                         artifact=bool(m.group(6)), text=m.group(8) or "", name=m.group(10) or "")
    out.steps.append(CreateTokens(token, n))


def _keywords(text: str) -> tuple[Keyword, ...]:
    kws = keyword_list(text)
    if kws is None:
        raise Unsupported(text)
    return kws


# ---- two clauses joined by "and" (tried after every other template)
@template(r"(.+?) and (you (?:gain|lose|draw)s? .+)")
def _and_you(m: re.Match[str], out: Compiled) -> None:
    """"target opponent loses 2 life and you gain 2 life", "you draw a card and you lose 1
    life": two instructions done in the order written (608.2c)."""
    first = m.group(1)
    compile_sentence(first[:1].upper() + first[1:], out)
    compile_sentence(m.group(2), out)


# ---- a permanent each player chooses, a card from a graveyard, "if you can't"
@template(r"<players> (?:return|returns) <a> (.+?) (?:you|they) controls? to its owner's hand")
def _return_chosen(m: re.Match[str], out: Compiled) -> None:
    """"return a green creature you control to its owner's hand" (chosen as it resolves)."""
    who = players(m.group(1), out)
    _, test = object_phrase(m.group(2))
    out.steps.append(ReturnChosen(who, test, "a " + m.group(2)))


@template(r"Return a (.+?) you control to its owner's hand")
def _return_chosen_yours(m: re.Match[str], out: Compiled) -> None:
    _, test = object_phrase(m.group(1))
    out.steps.append(ReturnChosen(You(), test, "a " + m.group(1)))



@template(r"[Ss]acrifice <a> (.+?) other than ~")
def _sacrifice_other(m: re.Match[str], out: Compiled) -> None:
    _, test = object_phrase(m.group(1))
    out.steps.append(SacrificeChosen(You(), test, "a " + m.group(1), other_than_source=True))


@template(r"If you can't, <sentence>")
def _if_you_cant(m: re.Match[str], out: Compiled) -> None:
    """Lord of the Pit: "If you can't" follows a sacrifice; nothing sacrificed, it happens."""
    if not out.steps or not isinstance(out.steps[-1], SacrificeChosen):
        raise Unsupported(m.group(0))
    sub = out.child()
    compile_sentence(m.group(1)[:1].upper() + m.group(1)[1:], sub)
    out.steps.append(If(NothingSacrificed(), sub.body()))


@template(r"<players> reveals the top card of their library")
def _they_reveal_top(m: re.Match[str], out: Compiled) -> None:
    """Aven Windreader: "Target player reveals the top card of their library"."""
    out.steps.append(RevealTop(players(m.group(1), out)))


@template(r"Destroy (that creature|it) and ~")
def _destroy_both(m: re.Match[str], out: Compiled) -> None:
    """Loyal Sentry: "destroy that creature and ~" (both at once)."""
    out.steps.append(Destroy(Both((objects(m.group(1), out), SourceRef()))))


@template(r"[Tt]ap or untap <objects>")
def _tap_or_untap(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(TapOrUntap(objects(m.group(1), out)))


@template(r"Change the text of <objects> by replacing all instances of one color word with another or one basic land "
          r"type with another")
def _change_text(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(ChangeText(objects(m.group(1), out)))


@template(r"<players> shuffles their graveyard into their library")
def _shuffle_graveyard(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(ShuffleGraveyardIntoLibrary(players(m.group(1), out)))


@template(r"Shuffle ~ into its owner's library")
def _shuffle_self(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(ShuffleSourceIntoLibrary())


@template(r"You control <target player> during that player's next turn")
def _control_player(m: re.Match[str], out: Compiled) -> None:
    """Sorin Markov (712 / 507)."""
    out.steps.append(ControlPlayerNextTurn(players(m.group(1), out)))


@template(r"<players>'s life total becomes <number>")
def _life_total_becomes(m: re.Match[str], out: Compiled) -> None:
    """Sorin Markov (118.5 / 215.5)."""
    out.steps.append(SetLifeTotal(players(m.group(1), out), amount(m.group(2), out)))


@template(r"Double <players>'s life total")
def _double_life(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(DoubleLife(players(m.group(1), out)))



@template(r"[Ss]acrifice (~|it) unless you discard <a> (.*?card)")
def _unless_discard(m: re.Match[str], out: Compiled) -> None:
    """Hidden Horror, Razormane Masticore: "sacrifice ~ unless you discard a creature card"."""
    out.steps.append(UnlessDiscard(card_phrase(m.group(2)), "a " + m.group(2), (SacrificeSource(),)))



@template(r"([Tt]arget opponent|[Tt]arget player) gains control of (it|~)")
def _give_control(m: re.Match[str], out: Compiled) -> None:
    """Sleeper Agent: "target opponent gains control of it"."""
    who = players(m.group(1), out)
    out.steps.append(GiveControl(objects(m.group(2), out), who))


@template(r"<players> (?:lose|loses) <number> life for each (.+?) they controls?")
def _lose_per_controlled(m: re.Match[str], out: Compiled) -> None:
    """Stronghold Discipline: "Each player loses 1 life for each creature they control"."""
    kind, test = object_phrase(m.group(3))
    each = times(amount(m.group(2), out), CountPlayerControls(kind, test))
    out.steps.append(LoseLife(players(m.group(1), out), each))



@template(r"<players> (lose|loses|win|wins) the game")
def _game_result(m: re.Match[str], out: Compiled) -> None:
    """Phage the Untouchable ("that player loses the game"), Mortal Combat ("you win the game")."""
    who = players(m.group(1), out)
    out.steps.append(LoseGame(who) if m.group(2).startswith("lose") else WinGame(who))


@template(r"<objects> gets? ([+-])X/([+-])X until end of turn")
def _pump_x_too(m: re.Match[str], out: Compiled) -> None:
    """Flowstone Slide: "All creatures get +X/-X until end of turn"."""
    sign = {"+": 1, "-": -1}
    out.steps.append(Pump(objects(m.group(1), out), sign[m.group(2)], sign[m.group(3)], scale=out.x or XValue()))


@template(r"<objects> gets? <pt change> until end of turn for each creature blocking it")
def _pump_per_blocker(m: re.Match[str], out: Compiled) -> None:
    """Elvish Berserker: "it gets +1/+1 until end of turn for each creature blocking it"."""
    out.steps.append(Pump(objects(m.group(1), out), int(m.group(2)), int(m.group(3)), scale=BlockingSourceCount()))


@template(r"A creature dealt damage this way can't be regenerated this turn")
def _no_regen_if_dealt(m: re.Match[str], out: Compiled) -> None:
    """Incinerate: follows a damage step; its recipients that were dealt damage."""
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, DealDamage):
        raise Unsupported(m.group(0))
    out.steps.append(NoRegenerationIfDealtDamage(last.to))


@template(r"[Ff]lip a coin")
def _flip(m: re.Match[str], out: Compiled) -> None:
    out.steps.append(FlipCoin())


@template(r"If you lose the flip, <sentence>")
def _if_lost_flip(m: re.Match[str], out: Compiled) -> None:
    if not any(isinstance(s, FlipCoin) for s in out.steps):
        raise Unsupported(m.group(0))
    sub = out.child()
    compile_sentence(m.group(1)[:1].upper() + m.group(1)[1:], sub)
    out.steps.append(If(LostFlip(), sub.body()))


@template(r"([Ee]ach other player|[Ee]ach player|[Ee]ach opponent) may put <a> (.+?card) from their hand "
          r"onto the battlefield")
def _each_may_put_from_hand(m: re.Match[str], out: Compiled) -> None:
    """Hunted Wumpus."""
    out.steps.append(EachMayPutFromHand(players(m.group(1), out), card_phrase(m.group(2)), "a " + m.group(2)))


@template(r"You may pay ((?:\{[0-9WUBRGCX]\})+)")  # an {X} is chosen as it resolves (Flameblast Dragon)
def _may_pay(m: re.Match[str], out: Compiled) -> None:
    """Llanowar Sentinel: "you may pay {1}{G}. If you do, ..." (the next sentence)."""
    out.steps.append(MayPay(m.group(1)))
    expect(out, "If you do, .+")


@completion(r"If you do, <sentence>")
def _if_you_paid(m: re.Match[str], out: Compiled) -> None:
    last = out.steps[-1] if out.steps else None
    if not isinstance(last, MayPay) or last.body:
        raise Unsupported(m.group(0))
    sub = out.child()
    compile_sentence(m.group(1)[:1].upper() + m.group(1)[1:], sub)
    out.steps[-1] = MayPay(last.cost, sub.body())


@template(r"Return to your hand all <card> cards in your graveyard that were put there from the battlefield this turn")
def _return_died_this_turn(m: re.Match[str], out: Compiled) -> None:
    """No Rest for the Wicked."""
    out.steps.append(ReturnDiedThisTurn(card_phrase(m.group(1) + " card")))


# hidden information (rules.cards.library_templates): whole, specific sentences, tried first
_TEMPLATES[0:0] = [(Wording(expand_phrases(pattern)), fn) for pattern, fn in LIBRARY_TEMPLATES]
