"""The Oracle-text compiler: templates turn sentences into abilities; what doesn't compile
is listed, never dropped."""

from __future__ import annotations

import pytest

from rules.cards import UnknownCard, card_names, compile_card, get_card
from rules.cards.compiler import normalise, target_spec
from rules.cards.ir import ANY_NUMBER, DeckLimit
from rules.cards.model import ActivatedAbility, KeywordAbility, SpellAbility, TriggeredAbility


def kinds(name: str) -> list[str]:
    return [type(a).__name__ for a in get_card(name).abilities]


def test_basic_lands_have_their_mana_ability() -> None:
    forest = get_card("Forest")
    (ab,) = forest.abilities
    assert isinstance(ab, ActivatedAbility) and ab.is_mana and ab.mana_colors == frozenset("G")


def test_keyword_lines() -> None:
    assert [a.keyword for a in get_card("Serra Angel").abilities] == ["flying", "vigilance"]
    assert [a.keyword for a in get_card("Mirri, Cat Warrior").abilities] == ["first strike", "forestwalk", "vigilance"]
    assert get_card("Black Knight").abilities[1].keyword == "protection from white"


def test_mana_abilities() -> None:
    birds = [a for a in get_card("Birds of Paradise").abilities if isinstance(a, ActivatedAbility)][0]
    assert birds.is_mana and birds.mana_colors == frozenset("WUBRG") and birds.choose_one


def test_spells_compile_to_a_spell_ability_with_targets() -> None:
    (bolt,) = get_card("Lightning Bolt").abilities
    assert isinstance(bolt, SpellAbility)
    assert [t.kind for t in bolt.targets] == ["any"]
    (sib,) = get_card("Sign in Blood").abilities
    assert [t.kind for t in sib.targets] == ["player"]


def test_triggered_and_static_abilities() -> None:
    assert kinds("Soul Warden") == ["TriggeredAbility"]
    gd = get_card("Gravedigger").abilities[0]
    assert isinstance(gd, TriggeredAbility) and gd.optional and gd.targets[0].kind == "card_graveyard"
    assert kinds("Honor of the Pure") == ["StaticAbility"]
    fg = get_card("Festering Goblin").abilities[0]
    assert isinstance(fg, TriggeredAbility) and fg.leaves_battlefield


def test_both_eras_wordings_compile_the_same() -> None:
    assert normalise("When Foo comes into play, draw a card.", "Foo") == \
        normalise("When Foo enters the battlefield, draw a card.", "Foo")
    assert "any target" in normalise("Foo deals 3 damage to target creature or player.", "Foo")
    assert "exile" in normalise("Remove target creature from the game.", "Foo").lower()


def test_unsupported_sentences_are_listed_not_dropped() -> None:
    card = compile_card({"name": "Odd Card", "cost": "{1}", "type": "Artifact",
                         "text": "Flying\nWhenever the moon is full, you win the game."})
    assert card.status == "partial"
    assert card.unsupported == ["Whenever the moon is full, you win the game."]
    assert [a.keyword for a in card.abilities if isinstance(a, KeywordAbility)] == ["flying"]


def test_every_bundled_card_compiles_or_lists_its_gaps() -> None:
    for name in card_names():
        card = get_card(name)
        assert card.status in ("supported", "partial")
        assert card.supported == (not card.unsupported)


def test_target_phrases() -> None:
    assert target_spec("target nonblack creature").kind == "creature"
    assert target_spec("two target lands").count == 2
    assert target_spec("target creature spell").kind == "spell"
    assert target_spec("target artifact or enchantment").kind == "permanent"


def test_unknown_card_names_suggest_close_ones() -> None:
    with pytest.raises(UnknownCard) as e:
        get_card("Lightning Blot")
    assert "Lightning Bolt" in str(e.value)


def test_object_phrases_with_lists_and_subtypes() -> None:
    assert target_spec("target artifact, enchantment, or land").kind == "permanent"
    assert target_spec("target Skeleton, Vampire, or Zombie").kind == "permanent"
    assert target_spec("target Forest").kind == "land"
    assert target_spec("target creature card from a graveyard").kind == "card_graveyard"
    assert target_spec("up to three target creatures").up_to
    assert target_spec("target player or planeswalker").kind == "player_or_planeswalker"


def test_keyword_lists_split_protections() -> None:
    from rules.cards.wording import keyword_list
    assert keyword_list("flying, first strike, lifelink, protection from demons and from dragons") == (
        "flying", "first strike", "lifelink", "protection from demons", "protection from dragons")
    assert keyword_list("protection from elves") is None  # an irregular plural the engine wouldn't match
    assert keyword_list("flying and banding") is None


def test_era_wordings_of_players() -> None:
    t = normalise("Target player puts the top five cards of his or her library into his or her graveyard.", "X")
    assert t == "Target player puts the top five cards of their library into their graveyard."


def test_a_card_named_like_its_own_text_compiles() -> None:
    assert get_card("Regenerate").supported  # "Regenerate target creature." is not "~ target creature."


def test_tokens_with_abilities_compile_them() -> None:
    from rules.cards.ir import DefinePT, LifeTotalCDA, TokenSpec
    from rules.cards.tokens import token_card
    avatar = token_card(TokenSpec("Avatar", "white", None, None, (),
                                  text="This creature's power and toughness are each equal to your life total."))
    assert [type(a).__name__ for a in avatar.abilities] == ["StaticAbility"]
    assert avatar.effects_of(DefinePT) == (DefinePT(LifeTotalCDA()),)


def test_sentences_the_engine_does_not_enforce_stay_unsupported() -> None:
    text = "Spend only purple mana on X.\nAs Odd Trinket enters the battlefield, choose a song."
    trinket = compile_card({"name": "Odd Trinket", "cost": "{X}{1}", "type": "Artifact", "text": text})
    assert trinket.unsupported == ["Spend only purple mana on X.",
                                   "As Odd Trinket enters the battlefield, choose a song."]


def test_a_deck_construction_sentence_compiles_to_a_static_ability_100_2a() -> None:
    """"A deck can have any number of cards named Relentless Rats" does nothing in a game; the
    deck checks read it from the compiled card."""
    rats = get_card("Relentless Rats")
    assert rats.supported
    assert rats.effects_of(DeckLimit) == (DeckLimit(ANY_NUMBER),)
