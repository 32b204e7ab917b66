"""Priority actions one source at a time (rules.engine.loop.priority_moves): the cheap tests that
skip most sources are necessary conditions of legality (timing 117.1a / 307.1, mana 601.2g-h
and 602.2b, {T} costs 302.6, land plays 305.2), so listing, sampling and "can this player do
anything that matters" find exactly what the full check allows; and the kept characteristics
always agree with the layers."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import Game
from rules.engine.continuous.abilities import activated_abilities
from rules.engine.continuous.characteristics import stale_characteristics
from rules.engine.core import actions as A
from rules.engine.core.decisions import PriorityDecision
from rules.engine.core.setup import GameSetup
from rules.engine.loop.legal import random_answer
from rules.engine.loop.priority_moves import has_action, prefilter_misses, priority_options, sample_priority
from rules.play.decklist import parse_deck
from rules.play.random_decks import random_deck
from rules.play.scenario import parse_scenario

from paths import DECKS


def _bundled(name: str) -> list[str]:
    return parse_deck((DECKS / f"{name}.txt").read_text(), name).cards


def _games() -> list[tuple[str, Game]]:
    out = []
    for ruleset in ("2014", "2009"):
        decks = {"p1": _bundled("red-green"), "p2": _bundled("white-blue")}
        out.append((f"bundled {ruleset}", Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=3))))
        for seed in (5, 8):
            decks = {"p1": random_deck(2 * seed), "p2": random_deck(2 * seed + 1)}
            out.append((f"random {seed} {ruleset}",
                        Game(GameSetup.from_decks(decks, ruleset=ruleset, seed=seed))))
    return out


@pytest.mark.parametrize(("label", "game"), _games(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_cheap_tests_leave_out_no_legal_action_and_kept_characteristics_stay_true(label: str,
                                                                                    game: Game) -> None:
    """At every priority of a random game, every action the full check allows is among those
    the sources that pass the cheap tests give; and at every decision the characteristics
    kept between changes equal freshly computed ones (613: the layers, applied now)."""
    rng = random.Random(11)
    for _ in range(1500):
        d = game.decision
        if d is None:
            break
        if isinstance(d, PriorityDecision):
            assert prefilter_misses(game.state, d.player) == [], f"{label}, turn {game.turn}, {game.step}"
            mattering = [a for a in priority_options(game.state, d.player) if not isinstance(a, A.Pass)
                         and not (isinstance(a, A.Activate)
                                  and activated_abilities(game.state, game.objects[a.source])[a.index - 1].is_mana)]
            assert has_action(game.state, d.player) == bool(mattering)
        assert stale_characteristics(game.state) == [], f"{label}, turn {game.turn}"
        game.act(random_answer(game.state, d, rng))


def _position(hand: list[str], battlefield: list[str], step: str = "main1") -> Game:
    doc = {"name": "position", "start": {"turn": 3, "step": step},
           "players": {"alice": {"hand": hand, "battlefield": battlefield, "library": ["Island"] * 5},
                       "bob": {"library": ["Island"] * 5, "battlefield": ["Grizzly Bears"]}}}
    return Game(parse_scenario(doc).setup)


def test_sampling_gives_only_legal_actions_and_reaches_every_kind() -> None:
    """A sampled action is always one the engine accepts (117.3a: the player with priority may
    cast, activate, play a land or pass), and over many draws each legal source turns up."""
    game = _position(["Lightning Bolt", "Mountain", "Craw Wurm"], ["Mountain", "Prodigal Pyromancer"])
    state, rng = game.state, random.Random(2)
    legal = priority_options(state, "alice")
    kinds: Counter[str] = Counter()
    for _ in range(400):
        a = sample_priority(state, "alice", rng)
        assert a in legal
        assert game.check(a) is None
        kinds[type(a).__name__] += 1
    assert set(kinds) == {"Pass", "Cast", "PlayLand", "Activate"}
    # Craw Wurm (6 mana) can't be paid with one Mountain: never cast, never listed
    craw = next(i for i in state.player("alice").hand if state.objects[i].name == "Craw Wurm")
    assert not any(isinstance(a, A.Cast) and a.card == craw for a in legal)


def test_outside_the_main_phase_only_instants_and_abilities_are_offered() -> None:
    """A creature or sorcery card waits for its controller's main phase with an empty stack
    (307.1 / 302.1); an instant may be cast whenever its controller has priority (304.1)."""
    game = _position(["Lightning Bolt", "Grizzly Bears", "Mountain"], ["Mountain", "Forest"], step="upkeep")
    options = priority_options(game.state, "alice")
    names = {game.state.objects[a.card].name for a in options if isinstance(a, A.Cast)}
    assert names == {"Lightning Bolt"}
    assert not any(isinstance(a, A.PlayLand) for a in options)
    assert prefilter_misses(game.state, "alice") == []


def test_a_sample_is_the_same_for_the_same_seed() -> None:
    game = _position(["Lightning Bolt", "Shock", "Mountain"], ["Mountain", "Mountain"])
    first = [sample_priority(game.state, "alice", random.Random(s)) for s in range(20)]
    again = [sample_priority(game.state, "alice", random.Random(s)) for s in range(20)]
    assert first == again

