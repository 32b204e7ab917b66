"""What a player may see (400.2, 402.3): hands are hidden, unless an effect reveals them
(Telepathy: "Your opponents play with their hands revealed")."""

from __future__ import annotations

from rules.play.scenario import build_game, parse_scenario, run_scenario


def _game(alice_battlefield: list[str]):  # noqa: ANN202
    return build_game(parse_scenario({
        "name": "hands", "start": {"turn": 3},
        "players": {"alice": {"hand": ["Lightning Bolt"], "battlefield": alice_battlefield, "library": ["Island"]},
                    "bob": {"hand": ["Giant Growth", "Forest"], "library": ["Island"]}}}))


def _hand_seen(game, viewer: str, player: str):  # noqa: ANN001, ANN202
    hand = game.view(viewer).player(player).hand
    return [c.name for c in hand] if hand is not None else None


def test_an_opponents_hand_is_hidden_402_3() -> None:
    game = _game([])
    assert _hand_seen(game, "alice", "bob") is None
    assert _hand_seen(game, "alice", "alice") == ["Lightning Bolt"]


def test_telepathy_reveals_the_opponents_hand_not_its_controllers() -> None:
    game = _game(["Telepathy"])
    assert sorted(_hand_seen(game, "alice", "bob") or []) == ["Forest", "Giant Growth"]
    assert _hand_seen(game, "bob", "alice") is None  # only alice's opponents play with hands revealed


def _top_seen(game, viewer: str, player: str):  # noqa: ANN001, ANN202
    top = game.view(viewer).player(player).library_top
    return top.name if top is not None else None


def test_a_library_top_is_hidden_unless_played_revealed() -> None:
    game = _game([])
    assert _top_seen(game, "alice", "alice") is None
    assert _top_seen(game, "bob", "alice") is None


def test_vampire_nocturnus_reveals_its_controllers_top_card_to_everyone() -> None:
    game = _game(["Vampire Nocturnus"])  # "Play with the top card of your library revealed."
    assert _top_seen(game, "alice", "alice") == "Island"
    assert _top_seen(game, "bob", "alice") == "Island"
    assert _top_seen(game, None, "alice") == "Island"  # an observer too
    assert _top_seen(game, "alice", "bob") is None


def _log_seen(game, viewer: str | None) -> list[str]:  # noqa: ANN001
    return [e.text for e in game.view(viewer).log or ()]


def test_a_look_at_a_hand_is_shown_to_the_looker_alone() -> None:
    """Peek: "Look at target player's hand": everyone learns that alice looked; the cards are
    in a log line only alice sees (the view and the client's board both leave it out)."""
    result = run_scenario(parse_scenario({
        "name": "peek", "actions": ["alice: cast Peek targeting bob", "resolve"], "start": {"turn": 3},
        "players": {"alice": {"hand": ["Peek"], "battlefield": ["Island"], "library": ["Island"]},
                    "bob": {"hand": ["Giant Growth", "Forest"], "library": ["Island"]}}}))
    assert result.passed, result.line()
    game = result.game
    assert "alice looks at bob's hand (2 cards)" in _log_seen(game, "bob")
    assert "bob's hand: Giant Growth, Forest" in _log_seen(game, "alice")
    assert not any("Giant Growth" in t for t in _log_seen(game, "bob"))
    assert not any("Giant Growth" in t for t in _log_seen(game, None))  # an observer doesn't see it either
