"""Keys land where they were meant: a key typed for one player's screen never dismisses the
next player's cover (hotseat secrets), and a key typed a moment late never acts in a turn the
player hasn't seen yet (goldfish, or the client passing for them).

These tests send keys the way fast fingers do: several in one `pilot.press`, each following the
previous one as soon as the app has handled it, far sooner than the guard's hold
(`mtg_tui.key_guard.HOLD`): they keep its real length."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text
from textual import events

from mtg_tui import key_guard
from mtg_tui.app import MtgApp
from mtg_tui.config import GameConfig
from mtg_tui.screens.cover import CoverScreen
from mtg_tui.session import Session
from rules import Game

pytestmark = [pytest.mark.asyncio, pytest.mark.key_hold]


def hand_names(game, player: str) -> list[str]:  # noqa: ANN001
    return [game.objects[i].name for i in game.player(player).hand]


def shows_hand(app: MtgApp, game, player: str) -> bool:  # noqa: ANN001
    """Whether the screen shows `player`'s hand: no cover is up, and the game screen (on top or
    behind a dialog) draws it."""
    if isinstance(app.screen, CoverScreen) or game_screen(app).viewer != player:
        return False
    text = screen_text(app)
    return all(name in text for name in set(hand_names(game, player)))


async def reveal(pilot, app: MtgApp) -> None:  # noqa: ANN001
    """Press Enter on the cover as a player would: after it has been up a moment; then look at
    the board a moment."""
    assert isinstance(app.screen, CoverScreen)
    await pilot.pause(key_guard.HOLD + 0.1)
    await pilot.press("enter")
    assert not isinstance(app.screen, CoverScreen)
    await pilot.pause(key_guard.HOLD + 0.1)  # and looks at the board before pressing anything


def hotseat_game() -> tuple[MtgApp, Game]:
    """A hotseat game of the bundled decks, at the mulligans, covers between the players."""
    config = GameConfig("hotseat", ("red-green", "white-blue"), seed=1).checked()
    session = Session(config.new_game(), config)
    return MtgApp(session=session), session.game


async def test_keep_then_enter_typed_together_never_reveals_the_next_hand() -> None:
    """alice keeps (`k`) and her Enter follows at once: the Enter was meant for her screen, and
    must not dismiss bob's cover."""
    app, game = hotseat_game()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await reveal(pilot, app)
        other = next(p.name for p in game.players if p.name != game.decision.player)
        await pilot.press("k", "enter")
        assert game.decision.player == other
        assert isinstance(app.screen, CoverScreen) and not shows_hand(app, game, other)
        await pilot.press("enter", "enter", "space")  # more keys, still too soon
        assert isinstance(app.screen, CoverScreen)
        await reveal(pilot, app)  # after a moment, Enter reveals bob's board as before
        assert shows_hand(app, game, other)


async def handed_over(pilot, app: MtgApp, keys: tuple[str, ...], game, to: str) -> None:  # noqa: ANN001
    """`keys` (the last of them an Enter typed ahead) hand the keyboard to `to`: their cover
    is up and their hand is not on screen."""
    await pilot.press(*keys)
    assert game.decision is not None and game.decision.player == to
    assert isinstance(app.screen, CoverScreen) and not shows_hand(app, game, to)


async def test_casting_a_spell_that_hands_priority_over_then_enter() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Llanowar Elves"]}})
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await reveal(pilot, app)
        screen = game_screen(app)
        screen.zone, screen.cursor["hand"] = "hand", 0
        # Enter casts the Bolt, `b` targets bob (the picker's letter), Enter confirms: bob's
        # priority; the last Enter was typed ahead
        labels, _ = screen.labels(screen.current_board())
        await pilot.press("enter")
        labels, _ = screen.labels(screen.current_board())
        letter = labels["bob"]
        await handed_over(pilot, app, (letter, "enter", "enter"), game, "bob")
        assert game.stack and game.stack[-1].name == "Lightning Bolt"


async def test_declaring_attackers_then_enter() -> None:
    game = position({"alice": {"battlefield": ["Runeclaw Bear", "Forest"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Llanowar Elves"]}},
                    step="begin_combat")
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await reveal(pilot, app)
        assert game.decision.kind == "attackers"
        # `*` attacks with all; bob gets priority in the declare attackers step (or his blockers)
        await handed_over(pilot, app, ("asterisk", "enter"), game, "bob")


async def test_the_last_blocker_then_enter() -> None:
    game = position({"alice": {"hand": ["Giant Growth"], "battlefield": ["Runeclaw Bear", "Forest"]},
                     "bob": {"battlefield": ["Llanowar Elves"]}},
                    step="begin_combat")
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await reveal(pilot, app)
        await pilot.press("asterisk")
        while game.decision.player == "bob" and game.decision.kind != "blockers":
            await reveal(pilot, app) if isinstance(app.screen, CoverScreen) else None
            await pilot.press("space")
        assert game.decision.kind == "blockers" and game.decision.player == "bob"
        if isinstance(app.screen, CoverScreen):
            await reveal(pilot, app)
        screen = game_screen(app)
        labels, _ = screen.labels(screen.current_board())
        elves = next(o.id for o in game.permanents("bob"))
        bear = next(o.id for o in game.permanents("alice") if o.name == "Runeclaw Bear")
        # the blocker's letter, the attacker's letter, Enter declares; the last Enter typed ahead
        await pilot.press(labels[elves])
        labels, _ = screen.labels(screen.current_board())
        await handed_over(pilot, app, (labels[bear], "enter", "enter"), game, "alice")


async def test_a_key_typed_a_moment_late_does_not_act_in_the_next_turn_goldfish() -> None:
    """`e` ends alice's turn; the client plays the goldfish's turn by itself and stops at her
    next main phase; a second `e` right behind the first (a double tap) must not end that turn
    too, unseen."""
    game = position({"alice": {"hand": ["Forest"]}, "bob": {}}, goldfish=("bob",), step="main2")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert (game.turn, game.step, game.decision.player) == (1, "main2", "alice")
        await pilot.press("e", "e")
        assert (game.turn, game.step, game.decision.player) == (3, "main1", "alice")
        assert "e ignored: turn 3 began just now" in screen_text(app)
        await pilot.pause(key_guard.HOLD + 0.1)
        await pilot.press("e")  # a moment later the key acts as usual (a land to play: it stops at main 2)
        assert (game.turn, game.step) == (3, "main2")


async def test_keys_typed_while_the_client_plays_on_are_dropped() -> None:
    """Keys stamped before a stop the client played on to was on screen are dropped, even with
    no hold at all (the hold's length is taken away here): they were typed for the screen the
    player saw."""
    game = position({"alice": {"hand": ["Forest"]}, "bob": {}}, goldfish=("bob",), step="main2")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = key_guard.now()  # a key typed now, handled only after `e` has played on
        screen = game_screen(app)
        screen.pass_to_end_of_turn()
        assert (game.turn, game.step) == (3, "main1")
        assert not app.key_hold.admits(before)


async def test_keys_arriving_together_as_from_a_terminal_never_reveal_the_next_hand() -> None:
    """In a terminal, keys typed together arrive together: the Enter is queued behind the `k`
    before the app has handled either (unlike `pilot.press`, which waits between keys), and
    may be handled between the mulligan dialog closing and the cover coming up."""
    app, game = hotseat_game()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await reveal(pilot, app)
        other = next(p.name for p in game.players if p.name != game.decision.player)
        app.post_message(events.Key("k", "k"))
        app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert game.decision.player == other
        assert isinstance(app.screen, CoverScreen) and not shows_hand(app, game, other)


async def test_keys_typed_before_a_cover_are_held_from_the_moment_it_is_pushed() -> None:
    """The cover learns it is up only when it handles its ScreenResume, and a key queued behind
    the one that handed over can reach it first (seen in a terminal: `k` and Enter sent
    together revealed bob's hand): keys are held from the moment the cover is pushed."""
    app, _ = hotseat_game()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await reveal(pilot, app)
        typed = key_guard.now()  # an Enter typed with the `k`
        admitted: list[bool] = []
        push = app.push_screen

        def spy(screen, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
            if isinstance(screen, CoverScreen):
                admitted.append(app.key_hold.admits(typed))
            return push(screen, *args, **kwargs)
        app.push_screen = spy  # type: ignore[method-assign]
        await pilot.press("k")
        assert admitted == [False]


async def test_a_double_tap_on_the_cover_never_acts_on_the_board_it_reveals() -> None:
    """The first Enter reveals the board, the second (right behind it) would play the selected
    card on a board its player hasn't seen yet: it is dropped."""
    game = position({"alice": {"hand": ["Forest", "Runeclaw Bear"]},
                     "bob": {"hand": ["Island"]}})
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(key_guard.HOLD + 0.1)
        await pilot.press("enter", "enter")
        assert not isinstance(app.screen, CoverScreen)
        assert len(game.record) == 0 and sorted(hand_names(game, "alice")) == ["Forest", "Runeclaw Bear"]
        assert "enter ignored: alice's board came up just now" in screen_text(app)
