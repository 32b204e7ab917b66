"""The decision API: decisions, legal actions, refusals that change nothing, determinism,
undo and replay of the game record, and views that hide what a player may not see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules import Game, GameSetup, IllegalAction
from rules.engine.core.setup import PermanentSpec, PlayerSpec
from rules.play.scenario import fingerprint

DECK_A = ["Forest"] * 8 + ["Mountain"] * 8 + ["Runeclaw Bear"] * 4 + ["Lightning Bolt"] * 4
DECK_B = ["Plains"] * 8 + ["Island"] * 8 + ["Elite Vanguard"] * 4 + ["Cancel"] * 4


def new_game(seed: int = 3, ruleset: str = "2014") -> Game:
    return Game(GameSetup.from_decks({"alice": DECK_A, "bob": DECK_B}, seed=seed, ruleset=ruleset))


def play_random(game: Game, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if game.decision is None:
            return
        game.act(game.actions.sample(rng))


def test_a_game_starts_with_mulligan_decisions() -> None:
    g = new_game()
    assert g.decision.kind == "mulligan"
    assert g.decision.player == g.active
    assert all(len(p.hand) == 7 and p.life == 20 for p in g.players)  # 103.3, 103.4


def test_same_seed_and_actions_give_the_same_game() -> None:
    a, b = new_game(seed=9), new_game(seed=9)
    play_random(a, 200)
    play_random(b, 200)
    assert fingerprint(a) == fingerprint(b)
    assert [e.text for e in a.log] == [e.text for e in b.log]


def test_undo_replays_the_record_minus_the_last_decision() -> None:
    g = new_game()
    play_random(g, 60)
    before = fingerprint(g)
    decision = g.decision
    g.act(g.actions.sample(random.Random(5)))
    g.undo()
    assert fingerprint(g) == before
    assert g.decision.kind == decision.kind and g.decision.player == decision.player


def test_the_record_replays_from_its_notation() -> None:
    g = new_game()
    texts: list[str] = []
    rng = random.Random(2)
    for _ in range(120):
        if g.decision is None:
            break
        action = g.actions.sample(rng)
        texts.append(g.notation(action))
        g.act(action)
    replay = Game(g.setup)
    for text in texts:
        replay.act(text)
    assert fingerprint(replay) == fingerprint(g)


def position(**kw: object) -> Game:
    alice = PlayerSpec("alice", hand=("Lightning Bolt", "Forest", "Runeclaw Bear"),
                       battlefield=(PermanentSpec("Mountain"),), library=("Island",) * 3)
    bob = PlayerSpec("bob", hand=("Cancel",), battlefield=(PermanentSpec("Centaur Courser"),), library=("Plains",) * 3)
    return Game(GameSetup((alice, bob), position=True, turn=3, active="alice", step="main1", **kw))


def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing() -> None:
    g = position()
    before = fingerprint(g)
    with pytest.raises(IllegalAction) as e:
        g.act("alice: cast Runeclaw Bear")  # {1}{G} with one Mountain
    assert e.value.rule == "601.2g"
    assert fingerprint(g) == before
    with pytest.raises(IllegalAction) as e:
        g.act("bob: pass")  # alice has priority (116.3)
    assert fingerprint(g) == before


def test_legal_actions_are_all_accepted() -> None:
    g = position()
    options = g.legal_actions()
    texts = {g.notation(a) for a in options}
    assert "alice: pass" in texts
    assert "alice: play Forest" in texts
    assert "alice: cast Lightning Bolt targeting bob" in texts
    assert not any("Runeclaw Bear" in t for t in texts)
    for a in options:
        copy = Game(g.setup)
        copy.act(a)


def test_view_hides_the_opponents_hand_and_libraries() -> None:
    g = position()
    view = g.view("alice")
    alice, bob = view.players
    assert alice.hand is not None and [c.name for c in alice.hand] == ["Lightning Bolt", "Forest", "Runeclaw Bear"]
    assert bob.hand is None and bob.hand_count == 1
    assert isinstance(alice.library, int)
    assert view.decision is not None and view.decision.player == "alice"


def test_a_view_without_the_log_is_the_same_view_less_its_log() -> None:
    """`view(player, log=False)`: everything else as in the full view, at every point of a game,
    for each player and an observer (hands still hidden, 402.3)."""
    g = position()
    for action in [None, "alice: play Forest", "alice: cast Lightning Bolt targeting bob", "alice: pass", "bob: pass"]:
        if action is not None:
            g.act(action)
        for viewer in ("alice", "bob", None):
            full, short = g.view(viewer), g.view(viewer, log=False)
            assert short.log is None and full.log is not None
            assert short == replace(full, log=None)
    assert g.view("alice").log  # the bolt's lines: a log there was to leave out


def test_concession_ends_the_game() -> None:
    g = position()
    g.act("bob: concede")  # 104.3a: at any time
    assert g.over and g.winner == "alice" and g.decision is None
    assert "104.3a" in g.cited()


def test_the_turn_cap_ends_the_game_as_a_draw() -> None:
    g = Game(GameSetup.from_decks({"alice": DECK_A, "bob": DECK_B}, seed=1, turn_cap=3))
    while g.decision is not None:
        d = g.decision
        if d.kind == "mulligan":
            g.act(f"{d.player}: keep")
        elif d.kind == "discard":
            g.act(g.actions.sample(random.Random(0)))
        elif d.kind in ("attackers", "blockers"):
            g.act(f"{d.player}: {'attack' if d.kind == 'attackers' else 'block'} none")
        else:
            g.act(f"{d.player}: pass")
    assert g.is_draw and g.turn == 4


def test_2009_vocabulary_in_the_log() -> None:
    g = position(ruleset="2009")
    g.act("alice: play Forest")
    g.act("alice: cast Runeclaw Bear")
    g.act("alice: pass")
    g.act("bob: pass")
    texts = " ".join(e.text for e in g.log)
    assert "comes into play" in texts and "enters the battlefield" not in texts
    assert "plays Runeclaw Bear" in texts


def test_a_saved_record_loads_to_the_same_game() -> None:
    import json
    g = new_game(seed=4)
    play_random(g, 150, seed=8)
    record = json.loads(json.dumps(g.to_record()))
    loaded = Game.from_record(record)
    assert fingerprint(loaded) == fingerprint(g)
    p = position()
    p.act("alice: play Forest")
    assert fingerprint(Game.from_record(json.loads(json.dumps(p.to_record())))) == fingerprint(p)


def test_after_undo_the_loop_runs_on_the_same_game_305_1() -> None:
    """Undo used to leave the game loop on a replayed copy: turn and step stopped changing
    and a legal land play in the main phase was refused as if it were still the upkeep."""
    alice = PlayerSpec("alice", hand=("Forest",), library=("Island",) * 3)
    bob = PlayerSpec("bob", library=("Plains",) * 3)
    g = Game(GameSetup((alice, bob), position=True, turn=3, active="alice", step="upkeep"))
    g.act("alice: pass")
    g.act("bob: pass")  # the upkeep ends; alice draws
    assert g.step == "draw"
    g.undo()
    assert g.step == "upkeep"
    g.act("bob: pass")
    assert g.step == "draw"
    g.act("alice: pass")
    g.act("bob: pass")
    assert (g.turn, g.step) == (3, "main1")
    g.act("alice: play Forest")  # legal in the main phase (305.1)
    assert [o.name for o in g.permanents("alice")] == ["Forest"]


def test_a_card_with_an_apostrophe_and_a_number_reads_back() -> None:
    alice = PlayerSpec("alice", battlefield=(PermanentSpec("Angel's Feather"), PermanentSpec("Angel's Feather")),
                       hand=("Pacifism",), library=("Island",) * 3)
    bob = PlayerSpec("bob", battlefield=(PermanentSpec("Runeclaw Bear"),), library=("Plains",) * 3)
    g = Game(GameSetup((alice, bob), position=True, turn=3, active="alice", step="main1"))
    second = g.permanents("alice")[1].id
    assert g.name_of(second) == "Angel's Feather#2"
    assert g.resolve_ref("Angel's Feather#2") == second
    assert g.resolve_ref("alice's Angel's Feather#2") == second


def test_a_spell_nobody_can_pay_for_is_refused_for_its_cost_601_2g() -> None:
    """A player checks timing, then cost, then targets: Lightning Bolt with no land is
    refused because it can't be paid for, not for its missing target."""
    alice = PlayerSpec("alice", hand=("Lightning Bolt",), library=("Island",) * 3)
    bob = PlayerSpec("bob", library=("Plains",) * 3)
    g = Game(GameSetup((alice, bob), position=True, turn=3, active="alice", step="main1"))
    with pytest.raises(IllegalAction) as e:
        g.act("alice: cast Lightning Bolt")
    assert e.value.rule == "601.2g" and "can't pay {R}" in e.value.message
    sorcery = PlayerSpec("alice", hand=("Mind Rot",), library=("Island",) * 3)
    g = Game(GameSetup((sorcery, bob), position=True, turn=3, active="alice", step="upkeep"))
    with pytest.raises(IllegalAction) as e:
        g.act("alice: cast Mind Rot")  # timing first: a sorcery in the upkeep (307.1)
    assert e.value.rule == "307.1"


def test_a_record_of_another_format_is_refused() -> None:
    g = position()
    record = g.to_record()
    assert record["format"] == "mtg-tui game record 1"
    for bad in ({**record, "format": "mtg-tui game record 99"}, {k: v for k, v in record.items() if k != "format"}):
        with pytest.raises(ValueError, match="format"):
            Game.from_record(bad)
    with pytest.raises(IllegalAction, match="action 1 of 1"):
        Game.from_record({**record, "actions": ["alice: cast Nothing At All"]})
