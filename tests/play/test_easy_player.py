"""The `easy` computer player's policy (rules/play/players/easy.py), one rule at a time, on
positions built as scenarios."""

from __future__ import annotations

from typing import Any

from rules import Game
from rules.engine.core import actions as A
from rules.play.autopilot import goldfish_answer
from rules.play.players import LEVELS, make_player
from rules.play.players.easy import EasyPlayer
from rules.play.scenario import build_game, parse_scenario


def doc(alice: dict[str, Any], bob: dict[str, Any], **start: Any) -> dict[str, Any]:
    """A scenario document: alice (the easy player) and bob, turn 3, alice active by default."""
    return {"name": "easy", "start": {"turn": 3, "active": "alice", **start},
            "players": {"alice": {"library": ["Island"] * 5, **alice}, "bob": {"library": ["Plains"] * 5, **bob}}}


def position(alice: dict[str, Any], bob: dict[str, Any], **start: Any) -> Game:
    return build_game(parse_scenario(doc(alice, bob, **start)))


def easy_answer(game: Game) -> A.Action:
    action = EasyPlayer("alice").answer(game, game.decision)
    assert game.check(action) is None
    return action


def attackers(game: Game, action: A.Action) -> list[str]:
    assert isinstance(action, A.DeclareAttackers)
    return sorted(game.objects[a].name for a, _ in action.attacks)


def blocks(game: Game, action: A.Action) -> list[tuple[str, str]]:
    assert isinstance(action, A.DeclareBlockers)
    return sorted((game.objects[b].name, game.objects[a].name) for b, a in action.blocks)


def bob_attacks(alice: dict[str, Any], bob: dict[str, Any], attack: str, life: int = 20) -> Game:
    """Bob's turn: bob has declared `attack`; alice (at `life`) is asked for blockers."""
    game = position({**alice, "life": life}, bob, active="bob", step="declare_attackers")
    game.act(game.parse(f"bob: {attack}", "bob"))
    pass_until(game, "blockers")
    return game


def pass_until(game: Game, kind: str) -> None:
    """Both players pass priority until the engine asks for a decision of `kind`."""
    while game.decision.kind != kind:
        assert game.decision.kind == "priority", game.decision
        game.act(A.Pass(game.decision.player))


def cast_name(game: Game, action: A.Action) -> str:
    assert isinstance(action, A.Cast), game.notation(action)
    return game.objects[action.card].name


def target_names(game: Game, action: A.Action) -> list[str]:
    assert isinstance(action, A.Cast)
    return [t if isinstance(t, str) else game.objects[t].name for t in action.targets]


# ------------------------------------------------------------ the level


def test_easy_is_a_level() -> None:
    assert isinstance(make_player("easy", "bob", 3), EasyPlayer) and LEVELS["easy"]("bob", 3).seat == "bob"


# ------------------------------------------------------------ attacks


def test_it_attacks_when_the_attacker_survives_every_block() -> None:
    game = position({"battlefield": ["Centaur Courser"]}, {"battlefield": ["Runeclaw Bear"]}, step="declare_attackers")
    assert attackers(game, easy_answer(game)) == ["Centaur Courser"]


def test_it_does_not_attack_into_a_blocker_that_kills_it_and_lives() -> None:
    game = position({"battlefield": ["Runeclaw Bear"]}, {"battlefield": ["Centaur Courser"]}, step="declare_attackers")
    assert attackers(game, easy_answer(game)) == []


def test_it_attacks_when_the_only_block_is_an_even_trade() -> None:
    """Runeclaw Bear into Grizzly Bears (both 2/2, the same value): a block trades even."""
    game = position({"battlefield": ["Runeclaw Bear"]}, {"battlefield": ["Grizzly Bears"]}, step="declare_attackers")
    assert attackers(game, easy_answer(game)) == ["Runeclaw Bear"]


def test_it_does_not_attack_into_a_trade_down() -> None:
    """Hill Giant (3/3, mana value 4) into Centaur Courser (3/3, mana value 3): a block trades
    the Giant for a cheaper creature."""
    game = position({"battlefield": ["Hill Giant"]}, {"battlefield": ["Centaur Courser"]}, step="declare_attackers")
    assert attackers(game, easy_answer(game)) == []


def test_a_creature_that_survives_every_single_block_attacks() -> None:
    """Craw Wurm (6/4) against two Hill Giants (3/3): neither kills it alone."""
    game = position({"battlefield": ["Craw Wurm"]}, {"battlefield": ["Hill Giant", "Hill Giant"]},
                    step="declare_attackers")
    assert attackers(game, easy_answer(game)) == ["Craw Wurm"]


def test_everything_attacks_when_the_damage_is_lethal_through_any_blocks() -> None:
    """Three Bears against one Centaur Courser and 4 life: the Courser stops one Bear, the
    other two deal 4."""
    game = position({"battlefield": ["Runeclaw Bear"] * 3}, {"battlefield": ["Centaur Courser"], "life": 4},
                    step="declare_attackers")
    assert attackers(game, easy_answer(game)) == ["Runeclaw Bear"] * 3


def test_not_lethal_the_bears_stay_home() -> None:
    game = position({"battlefield": ["Runeclaw Bear"] * 3}, {"battlefield": ["Centaur Courser"], "life": 5},
                    step="declare_attackers")
    assert attackers(game, easy_answer(game)) == []


def test_it_keeps_a_blocker_home_when_the_swing_back_would_be_lethal() -> None:
    """The Courser is safe to attack with (bob's Bears can't punish it), but with it away
    bob's two Bears would swing back for alice's last 4 life: it stays home.  At 5 life it
    attacks."""
    game = position({"battlefield": ["Centaur Courser"], "life": 4},
                    {"battlefield": ["Runeclaw Bear", "Runeclaw Bear"]}, step="declare_attackers")
    assert attackers(game, easy_answer(game)) == []
    game = position({"battlefield": ["Centaur Courser"], "life": 5},
                    {"battlefield": ["Runeclaw Bear", "Runeclaw Bear"]}, step="declare_attackers")
    assert attackers(game, easy_answer(game)) == ["Centaur Courser"]


# ------------------------------------------------------------ blocks


def test_it_blocks_to_kill_an_attacker_without_losing_the_blocker() -> None:
    game = bob_attacks({"battlefield": ["Centaur Courser", "Runeclaw Bear"]}, {"battlefield": ["Runeclaw Bear"]},
                       "attack Runeclaw Bear")
    assert blocks(game, easy_answer(game)) == [("Centaur Courser", "Runeclaw Bear")]


def test_it_trades_with_an_attacker_worth_as_much() -> None:
    game = bob_attacks({"battlefield": ["Centaur Courser"]}, {"battlefield": ["Centaur Courser"]},
                       "attack Centaur Courser")
    assert blocks(game, easy_answer(game)) == [("Centaur Courser", "Centaur Courser")]


def test_it_never_blocks_only_to_lose_a_creature() -> None:
    game = bob_attacks({"battlefield": ["Runeclaw Bear"]}, {"battlefield": ["Centaur Courser"]},
                       "attack Centaur Courser")
    assert blocks(game, easy_answer(game)) == []


def test_it_chump_blocks_only_when_the_damage_would_be_lethal() -> None:
    game = bob_attacks({"battlefield": ["Runeclaw Bear"]}, {"battlefield": ["Centaur Courser"]},
                       "attack Centaur Courser", life=3)
    assert blocks(game, easy_answer(game)) == [("Runeclaw Bear", "Centaur Courser")]


# ------------------------------------------------------------ removal and burn


def test_removal_goes_on_the_opponents_most_valuable_creature() -> None:
    game = position({"hand": ["Doom Blade"], "battlefield": ["Swamp", "Swamp", "Serra Angel"]},
                    {"battlefield": ["Runeclaw Bear", "Serra Angel", "Centaur Courser"]})
    action = easy_answer(game)
    assert cast_name(game, action) == "Doom Blade" and action.targets == (
        next(o.id for o in game.permanents("bob") if o.name == "Serra Angel"),)


def test_removal_is_never_aimed_at_its_own_creatures() -> None:
    """Bob has only a black creature (Doom Blade can't target it): the Doom Blade stays in
    hand rather than destroy alice's own Angel."""
    game = position({"hand": ["Doom Blade"], "battlefield": ["Swamp", "Swamp", "Serra Angel"]},
                    {"battlefield": ["Vampire Aristocrat"]})
    action = easy_answer(game)
    assert not isinstance(action, A.Cast)


def test_burn_goes_to_the_face_when_it_is_lethal() -> None:
    game = position({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                    {"battlefield": ["Runeclaw Bear"], "life": 3})
    assert target_names(game, easy_answer(game)) == ["bob"]


def test_burn_kills_the_best_creature_it_can() -> None:
    game = position({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                    {"battlefield": ["Runeclaw Bear", "Centaur Courser", "Craw Wurm"]})
    assert target_names(game, easy_answer(game)) == ["Centaur Courser"]


def test_burn_goes_to_the_face_when_no_creature_dies_to_it() -> None:
    game = position({"hand": ["Shock"], "battlefield": ["Mountain"]}, {"battlefield": ["Centaur Courser"]})
    assert target_names(game, easy_answer(game)) == ["bob"]


# ------------------------------------------------------------ tricks


def until_alice_acts(game: Game, player: EasyPlayer) -> A.Action:
    """Pass for bob (and alice's passes) until alice does something else; that action."""
    for _ in range(50):
        d = game.decision
        if d.player == "alice":
            action = player.answer(game, d)
            if not isinstance(action, A.Pass):
                return action
        else:
            action = A.Pass("bob") if d.kind == "priority" else goldfish_answer(game, d)
        game.act(action)
    raise AssertionError("alice never acted")


def test_a_pump_wins_a_combat_on_the_opponents_turn() -> None:
    """Bob's Centaur Courser attacks; alice blocks with Runeclaw Bear (her choice here, for the
    position) and Giant Growth makes the Bear 5/5: it lives and kills."""
    game = bob_attacks({"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]},
                       {"battlefield": ["Centaur Courser"]}, "attack Centaur Courser")
    game.act(game.parse("alice: block Runeclaw Bear -> Centaur Courser", "alice"))
    action = until_alice_acts(game, EasyPlayer("alice"))
    assert cast_name(game, action) == "Giant Growth" and target_names(game, action) == ["Runeclaw Bear"]


def test_a_pump_that_changes_no_combat_is_held() -> None:
    """Bob's Bear is blocked by alice's Courser, which already kills it and lives."""
    game = bob_attacks({"hand": ["Giant Growth"], "battlefield": ["Forest", "Centaur Courser"]},
                       {"battlefield": ["Runeclaw Bear"]}, "attack Runeclaw Bear")
    game.act(game.parse("alice: block Centaur Courser -> Runeclaw Bear", "alice"))
    player = EasyPlayer("alice")
    while game.step == "declare_blockers":
        d = game.decision
        action = player.answer(game, d) if d.player == "alice" else A.Pass("bob")
        assert isinstance(action, A.Pass)
        game.act(action)


def test_a_pump_on_its_own_blocked_attacker() -> None:
    game = position({"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]},
                    {"battlefield": ["Centaur Courser"]}, step="declare_attackers")
    game.act(game.parse("alice: attack Runeclaw Bear", "alice"))
    pass_until(game, "blockers")
    game.act(game.parse("bob: block Centaur Courser -> Runeclaw Bear", "bob"))
    action = until_alice_acts(game, EasyPlayer("alice"))
    assert cast_name(game, action) == "Giant Growth" and target_names(game, action) == ["Runeclaw Bear"]


# ------------------------------------------------------------ counterspells


def test_holding_a_counterspell_it_keeps_its_mana_open() -> None:
    game = position({"hand": ["Cancel", "Wind Drake"], "battlefield": ["Island"] * 3}, {})
    assert not isinstance(easy_answer(game), A.Cast)
    game = position({"hand": ["Cancel", "Wind Drake"], "battlefield": ["Island"] * 6}, {})
    assert cast_name(game, easy_answer(game)) == "Wind Drake"


def test_it_counters_a_spell_worth_countering_and_lets_a_small_one_resolve() -> None:
    game = position({"hand": ["Cancel"], "battlefield": ["Island"] * 3},
                    {"hand": ["Craw Wurm", "Runeclaw Bear"], "battlefield": ["Forest"] * 8}, active="bob")
    game.act(game.parse("bob: cast Runeclaw Bear", "bob"))
    game.act(A.Pass("bob"))
    assert isinstance(easy_answer(game), A.Pass)
    game.act(A.Pass("alice"))  # the Bear resolves; bob has priority again
    game.act(game.parse("bob: cast Craw Wurm", "bob"))
    game.act(A.Pass("bob"))
    action = easy_answer(game)
    assert cast_name(game, action) == "Cancel"
    assert action.targets == (game.stack[-1].id,) and game.stack[-1].name == "Craw Wurm"


# ------------------------------------------------------------ hidden information


def alice_turn(document: dict[str, Any]) -> list[str]:
    """Alice's actions (not passes) over her turn, bob doing nothing, under seed 7."""
    game = build_game(parse_scenario(document))
    player = EasyPlayer("alice", seed=7)
    out = []
    while game.turn == 3 and game.decision is not None:
        d = game.decision
        action = player.answer(game, d) if d.player == "alice" else goldfish_answer(game, d)
        if d.player == "alice" and not isinstance(action, A.Pass):
            out.append(game.notation(action))
        game.act(action)
    return out


def test_the_opponents_hand_and_both_libraries_never_change_a_decision() -> None:
    alice = {"hand": ["Lightning Bolt", "Runeclaw Bear", "Mountain", "Giant Growth"],
             "battlefield": ["Mountain", "Forest", "Forest", "Centaur Courser"]}
    bob = {"battlefield": ["Runeclaw Bear", "Grizzly Bears", "Plains"]}
    seen = doc({**alice, "library": ["Forest", "Mountain", "Craw Wurm"]},
               {**bob, "hand": ["Pacifism", "Plains"], "library": ["Plains", "Serra Angel"]}, seed=7)
    other = doc({**alice, "library": ["Craw Wurm", "Forest", "Mountain"]},
                {**bob, "hand": ["Serra Angel", "Doom Blade", "Island"], "library": ["Serra Angel", "Plains"]},
                seed=7)
    first = alice_turn(seen)
    assert first == alice_turn(other)
    assert len(first) >= 3  # it did things: a land, spells, an attack


def test_an_effect_on_what_a_target_player_controls_goes_at_the_opponent() -> None:
    """Sleep taps the creatures of its target player: bob, never alice herself."""
    game = position({"hand": ["Sleep"], "battlefield": ["Island"] * 4 + ["Runeclaw Bear"]},
                    {"battlefield": ["Centaur Courser"]})
    action = easy_answer(game)
    assert cast_name(game, action) == "Sleep" and target_names(game, action) == ["bob"]


def test_a_chosen_discard_goes_at_the_opponent() -> None:
    game = position({"hand": ["Distress"], "battlefield": ["Swamp"] * 2}, {"hand": ["Serra Angel"]})
    action = easy_answer(game)
    assert cast_name(game, action) == "Distress" and target_names(game, action) == ["bob"]


def test_a_life_loss_that_would_kill_goes_at_the_opponent_never_at_itself() -> None:
    """Sign in Blood (target player draws two and loses 2 life): at the opponent when it ends
    the game, and never at alice when it would end hers."""
    game = position({"hand": ["Sign in Blood"], "battlefield": ["Swamp"] * 2}, {"life": 2})
    assert target_names(game, easy_answer(game)) == ["bob"]
    game = position({"hand": ["Sign in Blood"], "battlefield": ["Swamp"] * 2, "life": 2}, {})
    assert target_names(game, easy_answer(game)) == ["bob"]


def test_a_counter_unless_its_controller_pays_is_a_counterspell_too() -> None:
    game = position({"hand": ["Mana Leak"], "battlefield": ["Island"] * 2},
                    {"hand": ["Craw Wurm"], "battlefield": ["Forest"] * 6}, active="bob")
    game.act(game.parse("bob: cast Craw Wurm", "bob"))
    game.act(A.Pass("bob"))
    action = easy_answer(game)
    assert cast_name(game, action) == "Mana Leak" and action.targets == (game.stack[-1].id,)


# ------------------------------------------------------------ always legal


def test_an_answer_the_engine_refuses_becomes_a_legal_one() -> None:
    """Whatever the policy proposes is checked with the engine: a refused priority action
    becomes a pass, a refused declaration a legal random one."""

    class Confused(EasyPlayer):
        def _choose(self, game: Game, state: Any, d: Any) -> A.Action | None:
            return A.PlayLand("alice", 9999) if d.kind == "priority" else A.DeclareBlockers("alice", ((9999, 1),))

    game = position({"battlefield": ["Forest"]}, {})
    assert easy_answer_of(Confused("alice"), game) == A.Pass("alice")
    game = bob_attacks({"battlefield": ["Runeclaw Bear"]}, {"battlefield": ["Centaur Courser"]},
                       "attack Centaur Courser")
    assert isinstance(easy_answer_of(Confused("alice"), game), A.DeclareBlockers)


def easy_answer_of(player: EasyPlayer, game: Game) -> A.Action:
    action = player.answer(game, game.decision)
    assert game.check(action) is None
    return action
