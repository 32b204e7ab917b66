"""Rules for players are typed effects of static abilities (2014 613.10 / 2009 418.5k): a
`PlayerRule` and whom it is for (`RuleFor`), read by rules.engine.continuous.player_rules."""

from __future__ import annotations

import pytest

from rules import Game, GameSetup
from rules.cards import get_card, ir
from rules.cards.ir import PlayerRule, RuleFor, RuleForPlayers
from rules.engine.continuous.player_rules import land_plays, player_rules
from rules.engine.core.setup import PermanentSpec, PlayerSpec


@pytest.mark.parametrize(("card", "rules"), [
    ("Platinum Angel", (RuleForPlayers(PlayerRule.CANT_LOSE), RuleForPlayers(PlayerRule.CANT_WIN, RuleFor.OPPONENTS))),
    ("Telepathy", (RuleForPlayers(PlayerRule.HAND_REVEALED, RuleFor.OPPONENTS),)),
    ("Rites of Flourishing", (RuleForPlayers(PlayerRule.ADDITIONAL_LAND, RuleFor.EVERYONE),)),
    ("Spellbook", (RuleForPlayers(PlayerRule.NO_MAX_HAND_SIZE),)),
])
def test_each_rule_sentence_compiles_to_typed_rules(card: str, rules: tuple[ir.RuleForPlayers, ...]) -> None:
    assert get_card(card).player_rule_effects == rules


def game(alice: tuple[str, ...], bob: tuple[str, ...] = ()) -> Game:
    players = (PlayerSpec("alice", library=("Island",) * 3, battlefield=tuple(PermanentSpec(c) for c in alice)),
               PlayerSpec("bob", library=("Plains",) * 3, battlefield=tuple(PermanentSpec(c) for c in bob)))
    return Game(GameSetup(players, position=True, turn=3, active="alice", step="main1"))


def test_a_rule_applies_to_the_players_it_names() -> None:
    """Platinum Angel: its controller can't lose, the opponents can't win (104.3b); Telepathy:
    the opponents' hands are revealed; Rites of Flourishing: everyone plays one more land."""
    state = game(("Platinum Angel", "Telepathy", "Rites of Flourishing")).state
    assert player_rules(state, "alice") == {PlayerRule.CANT_LOSE, PlayerRule.ADDITIONAL_LAND}
    assert player_rules(state, "bob") == {PlayerRule.CANT_WIN, PlayerRule.HAND_REVEALED, PlayerRule.ADDITIONAL_LAND}
    assert land_plays(state, "alice") == land_plays(state, "bob") == 2


def test_without_rule_changing_permanents_the_usual_rules_hold() -> None:
    state = game(("Grizzly Bears",)).state
    assert player_rules(state, "alice") == player_rules(state, "bob") == set()
    assert land_plays(state, "alice") == 1
