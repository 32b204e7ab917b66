"""Hotseat from the keyboard: the passing keys (MTGO's F-keys), covers that say what
happened, the key that reveals the board never acting, where the cursor starts, stops on the
phase bar, undo, and how often the keyboard changes hands (tests/tui/handoffs.py)."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text, uncover
from handoffs import handoffs

from mtg_tui.config import GameConfig
from mtg_tui.screens.cover import CoverScreen, cover_text, news_since, on_the_stack
from mtg_tui.screens.game import GameScreen
from mtg_tui.session import Session
from rules.engine.core.objects import StackItem

pytestmark = pytest.mark.asyncio


def names(game, player: str, zone: str) -> list[str]:  # noqa: ANN001
    if zone == "battlefield":
        return sorted(o.name for o in game.permanents(player))
    return sorted(game.objects[i].name for i in game.player(player).zone(zone))


async def test_f6_passes_to_my_next_turn_and_escape_ends_it() -> None:
    """alice passes to her next turn (F6); bob attacks her on his turn; she has nothing to do
    at priority, so the client passes for her, but she declares blockers herself, with her
    passing mode shown, and Escape ends it (before the block picker's Escape)."""
    game = position({"alice": {"hand": ["Forest"], "battlefield": [{"card": "Runeclaw Bear", "sick": True}]},
                     "bob": {"hand": ["Mountain"], "battlefield": ["Craw Wurm"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        assert (game.turn, game.step, game.decision.player) == (2, "main1", "bob")
        assert "alice passes to their next turn" in screen_text(app)
        screen = game_screen(app)
        screen.session.act("bob: pass")  # bob's main phase: on to his attack
        screen.sync()
        await pilot.pause()
        assert game.decision.kind == "attackers"
        await pilot.press("asterisk")  # attack with all: the Craw Wurm
        await pilot.pause()
        assert game.decision.kind == "blockers" and game.decision.player == "alice"
        assert "passing to your next turn (Esc)" in screen_text(app)
        await pilot.press("escape")
        assert "alice" not in screen.session.yields and "stopped passing" in screen_text(app)


async def test_f4_passes_to_end_of_turn_but_stops_at_main_2_and_f3_at_the_next_step() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt", "Runeclaw Bear"], "battlefield": ["Mountain", "Forest"]},
                     "bob": {"hand": ["Island"]}})  # (the Bear stops F4 at main 2; the Bolt alone wouldn't)
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        assert (game.step, game.decision.player) == ("begin_combat", "alice")
        await pilot.press("f4")
        assert (game.turn, game.step, game.decision.player) == (1, "main2", "alice")
        await pilot.press("f4")
        assert game.turn == 2 and game.decision.player == "bob"


async def test_f8_passes_until_an_opponent_casts_something() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")  # alice: until something happens
        screen = game_screen(app)
        assert screen.session.yields["alice"].mode == "event"
        while game.decision.player == "bob" and game.active == "alice":
            await pilot.press("f2")  # bob passes at his stops on alice's turn
        assert game.active == "bob"
        screen.session.act("bob: cast Lightning Bolt targeting alice")
        screen.sync()
        await pilot.pause()
        assert game.decision.player == "alice" and game.stack and "alice" not in screen.session.yields
        assert game_screen(app).zone == "stack"  # responding: the cursor is on the stack's top


async def test_attack_with_all_is_one_key_508_1() -> None:
    game = position({"alice": {"battlefield": ["Runeclaw Bear", "Craw Wurm", "Forest"]}, "bob": {}},
                    step="begin_combat")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game.decision.kind == "attackers"
        screen = game_screen(app)
        screen.place_cursor()  # (as when a player takes the keyboard): on the first creature able to attack
        group = screen.current_board().mine[screen.cursor["mine"]]
        assert screen.zone == "mine" and game.objects[group.ids[0]].name in ("Runeclaw Bear", "Craw Wurm")
        await pilot.press("asterisk")
        assert game.player("bob").life == 20 - 2 - 6


async def test_a_cover_says_what_happened_and_enter_only_reveals() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}})
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await uncover(pilot)  # the cover for alice
        bear = next(o.id for o in game.permanents("bob"))
        assert bear
        game_screen(app).session.act("alice: cast Lightning Bolt targeting Runeclaw Bear")
        game_screen(app).sync()
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen)
        text = screen_text(app)
        assert "Turn 1, alice's turn (main 1): alice casts Lightning Bolt targeting Runeclaw Bear." in text
        assert "Your priority: alice's Lightning Bolt is on the stack." in text
        before = len(game.record)
        await uncover(pilot)
        assert isinstance(app.screen, GameScreen) and len(game.record) == before  # revealed, nothing cast
        assert game_screen(app).zone == "stack" and game_screen(app).cursor["stack"] == 0


async def test_the_cursor_starts_on_a_playable_card_in_your_main_phase() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Craw Wurm", "Serra Angel", "Island"]}})
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await uncover(pilot)
        game_screen(app).session.act("alice: pass")  # nothing more: bob's turn (his Island)
        game_screen(app).sync()
        await pilot.pause()
        await pilot.press("space")  # alice passes main 2 too: bob's turn, behind a cover
        await uncover(pilot, "space")  # space reveals too, and only reveals
        screen = game_screen(app)
        assert game.decision.player == "bob" and game.step == "main1" and game.turn == 2
        hand = screen.current_board().hand
        assert screen.zone == "hand" and hand[screen.cursor["hand"]].name == "Island"


async def test_the_phase_bar_spells_out_both_kinds_of_stops() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "your stops ▸ own turn: main1 blk main2 · their turn: atk blk end" in text
    async with app_for(position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}})
                       ).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "•main1" in screen_text(pilot.app) and "•your turn" in screen_text(pilot.app)


async def test_news_since_puts_the_most_important_first() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}})
    since = len(game.log)
    game.act("alice: cast Lightning Bolt targeting bob")
    game.act("alice: pass")
    game.act("bob: pass")
    news = news_since(game, "bob", since)
    assert news[0] == "alice casts Lightning Bolt targeting bob" and len(news) <= 3
    assert not any("passes" in n for n in news)


async def test_handoffs_per_turn_are_measured() -> None:
    """The measure behind the report's numbers runs (two short games here)."""
    h = handoffs(games=2, turns=4)
    assert h.turns >= 6 and h.decisions > 0 and 0 < h.average < 4


async def test_keeping_the_keyboard_into_your_turn_places_the_cursor_on_a_playable_card() -> None:
    """Issue 15: alice has priority at bob's end step with her cursor on the (empty) stack,
    passes, and keeps the keyboard into her own turn (no cover): the cursor goes to a land
    she can play, not the empty stack; Enter plays it."""
    game = position({"alice": {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}},
                    active="bob", step="end")
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await uncover(pilot)  # alice's cover at bob's end step
        screen = game_screen(app)
        assert game.decision.player == "alice" and game.step == "end"
        for _ in range(10):  # bounded: a key lost here fails the test instead of hanging the suite
            if screen.zone == "stack":
                break
            await pilot.press("tab")
        assert screen.zone == "stack"
        await pilot.press("space")  # bob's turn ends; her turn, no cover
        await pilot.pause()
        assert (game.active, game.step, game.decision.player) == ("alice", "main1", "alice")
        assert not isinstance(app.screen, CoverScreen)
        hand = screen.current_board().hand
        land = hand[screen.cursor["hand"]].name
        assert screen.zone == "hand" and land in ("Mountain", "Island")  # (she drew an Island)
        assert "no card selected" not in screen_text(app)
        await pilot.press("enter")
        assert sorted(o.name for o in game.permanents("alice")) == sorted(["Mountain", land])



async def test_cover_news_is_oldest_first_keeps_what_matters_and_has_no_internal_names() -> None:
    """Issue 15: the Bolt that killed bob's Wind Drake and its death are both told, in the
    order they happened, the copies' internal names (`Wind Drake#2`) scrubbed."""
    game = position({"alice": {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Wind Drake", "Wind Drake"]}})
    since = len(game.log)
    game.act("alice: play Mountain")
    game.act("alice: cast Lightning Bolt targeting Wind Drake#2")
    game.act("alice: pass")
    game.act("bob: pass")
    news = news_since(game, "bob", since)
    assert not any("#" in n for n in news), news
    cast = next(i for i, n in enumerate(news) if n.startswith("alice casts Lightning Bolt targeting Wind Drake"))
    dead = next(i for i, n in enumerate(news) if "Wind Drake" in n and ("destroyed" in n or "lethal" in n))
    assert cast < dead  # oldest first
    assert not any("is put into its owner's graveyard" in n or "taps" in n for n in news)


async def test_a_mulligan_cover_says_who_kept_before_the_game() -> None:
    config = GameConfig("hotseat", ("red-green", "white-blue"), (), "2014", None, 7).checked()
    session = Session(config.new_game(), config)
    session.advance()
    first = session.game.decision.player
    session.act(f"{first}: keep")
    other = session.game.decision.player
    text = cover_text(session.game, other, session.seen.get(other), "You decide: keep or mulligan")
    assert text.startswith("Before the game: ") and f"{first} keeps 7 cards." in text, text
    assert "shuffles" not in text and "Turn 1" not in text


async def test_a_cover_names_an_ability_on_the_stack_as_an_ability() -> None:
    item = StackItem(id=9, kind="ability", controller="bob", source_id=3, source_name="Royal Assassin")
    assert on_the_stack(item) == "bob's Royal Assassin ability"
    spell = StackItem(id=9, kind="spell", controller="bob", source_id=3, source_name="Doom Blade")
    assert on_the_stack(spell) == "bob's Doom Blade"


async def test_q_on_a_cover_offers_the_games_leave_choices_without_showing_the_board() -> None:
    from mtg_tui.screens.menu import MenuScreen
    from mtg_tui.screens.modals import LeaveDialog

    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": ["Forest"]}})
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen)
        await pilot.press("q")
        assert isinstance(app.screen, LeaveDialog)
        text = screen_text(app)
        assert "Leave the game?" in text and "back to the menu" in text
        assert "Lightning Bolt" not in text and "Giant Growth" not in text  # the cover still hides the board
        await pilot.press("c")
        assert isinstance(app.screen, CoverScreen)
        await pilot.press("ctrl+q")  # Textual's quit key asks the same
        assert isinstance(app.screen, LeaveDialog)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.is_running
        await pilot.press("ctrl+q")  # elsewhere: a confirmation, not an immediate exit
        await pilot.pause()
        assert app.is_running and "Quit mtg-tui?" in screen_text(app)


async def test_ctrl_q_in_a_game_opens_the_leave_dialog() -> None:
    from mtg_tui.screens.modals import LeaveDialog

    app = app_for(position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, LeaveDialog) and app.is_running
        await pilot.press("c")
        assert isinstance(app.screen, GameScreen)


async def test_f7_holds_priority_over_your_own_spell_117_3c() -> None:
    """After casting a spell its caster gets priority (117.3c); the client passes for them
    there (their own spell on top), unless they hold priority with F7: then they act again
    with their spell on the stack (here a second Bolt in answer to the first), once."""
    bob = {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}  # he can answer: a stop for him
    game = position({"alice": {"hand": ["Lightning Bolt", "Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]},
                     "bob": bob})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("f7")
        await pilot.pause()
        assert "holding priority" in screen_text(app) and screen.session.holding == {"alice"}
        assert screen.try_act("alice: cast Lightning Bolt#1 targeting bob") is None
        await pilot.pause()
        assert game.decision.player == "alice" and [it.name for it in game.stack] == ["Lightning Bolt"]
        assert screen.session.holding == set()  # held once
        assert screen.try_act("alice: cast Lightning Bolt#2 targeting bob") is None
        await pilot.pause()
        assert game.decision.player == "bob"  # not holding: the client passed for alice
        assert [it.name for it in game.stack] == ["Lightning Bolt", "Lightning Bolt"]


async def test_f7_again_stops_holding() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("f7")
        await pilot.press("f7")
        await pilot.pause()
        assert screen.session.holding == set() and "not holding priority" in screen_text(app)
        assert screen.try_act("alice: cast Lightning Bolt targeting bob") is None
        await pilot.pause()
        assert game.decision.player == "bob" and game.stack  # the client passed for alice
