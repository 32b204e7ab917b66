"""Every decision has one keyboard flow: each test drives one from the first key, then
checks what the engine recorded (rule numbers in the names are the rules each flow answers)."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, press_until, screen_text

from mtg_tui.screens.game import GameScreen
from mtg_tui.screens.modals import AssignDialog, ChoiceDialog, NameDialog, OrderDialog, PickCardsDialog
from rules import Game, GameSetup
from rules.engine.core import actions as A

pytestmark = pytest.mark.asyncio


def zone_names(game: Game, player: str, zone: str) -> list[str]:
    if zone == "battlefield":
        return sorted(o.name for o in game.permanents(player))
    return sorted(game.objects[i].name for i in game.player(player).zone(zone))


def labels(app) -> dict:  # noqa: ANN001
    screen = game_screen(app)
    return screen.labels(screen.current_board())[0]


async def test_enter_plays_a_land_then_casts_a_creature_305_601() -> None:
    game = position({"alice": {"hand": ["Forest", "Llanowar Elves"], "battlefield": []},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the hand is selected first: Forest
        assert zone_names(game, "alice", "battlefield") == ["Forest"]
        await pilot.press("enter")  # Llanowar Elves, now the only card
        # nobody can respond, so the client passes for both and the spell resolves (auto-pass)
        assert zone_names(game, "alice", "battlefield") == ["Forest", "Llanowar Elves"]
        assert "Pass(player='bob')" in map(str, game.record)


async def test_a_target_is_one_letter_and_escape_changes_nothing_601_2c() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        screen = game_screen(app)
        assert screen.picker is not None and "Lightning Bolt: choose" in screen_text(app)
        await pilot.press("escape")
        assert screen.picker is None and game.record == [] and not game.stack
        await pilot.press("enter")
        bear = next(o.id for o in game.permanents("bob"))
        await pilot.press(labels(app)[bear])
        assert zone_names(game, "bob", "graveyard") == ["Runeclaw Bear"]


async def test_x_is_chosen_in_a_dialog_then_the_target_107_3() -> None:
    game = position({"alice": {"hand": ["Blaze"], "battlefield": ["Mountain", "Mountain", "Mountain"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [label for _, label, _ in dialog.options] == ["X = 0", "X = 1", "X = 2"]
        await pilot.press(dialog.options[2][0])
        await pilot.press(labels(app)["bob"])
        assert game.player("bob").life == 18


async def test_the_x_dialog_offers_only_what_black_mana_pays_for_601_2g() -> None:
    """Consume Spirit: "Spend only black mana on X", so two Swamps and two Mountains make X at most 1."""
    game = position({"alice": {"hand": ["Consume Spirit"], "battlefield": ["Swamp", "Swamp", "Mountain", "Mountain"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [label for _, label, _ in dialog.options] == ["X = 0", "X = 1"]


async def test_a_card_name_is_typed_filtered_and_picked_201_3() -> None:
    """Pithing Needle: the name dialog lists hundreds of names; typing narrows the list,
    arrows move, Enter picks, and a filter that fits nothing says so."""
    game = position({"alice": {"hand": ["Pithing Needle"], "battlefield": ["Island"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # cast it; nobody responds, so it resolves and asks for a name
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NameDialog) and len(dialog.names) > 200
        assert dialog.matching()[0] == "Island"  # the cards in this game come first
        await pilot.press(*"zzq")
        assert dialog.matching() == [] and "no card name contains" in screen_text(app)
        await pilot.press("backspace", "backspace", "backspace", *"goblin")
        assert all("goblin" in n.lower() for n in dialog.matching()) and len(dialog.matching()) > 1
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace", "backspace", *"pyro")
        assert dialog.matching() == ["Pyroclasm", "Prodigal Pyromancer"]  # those starting with it first
        await pilot.press("down", "enter")
        await pilot.pause()
        needle = next(o for o in game.permanents("alice") if o.name == "Pithing Needle")
        assert needle.chosen == "Prodigal Pyromancer"
        assert A.Choose("alice", ("Prodigal Pyromancer",)) in game.record


async def test_several_abilities_open_a_menu_606() -> None:
    game = position({"alice": {"battlefield": ["Garruk Wildspeaker", "Forest", "Forest"], "library": ["Forest"] * 3},
                     "bob": {"battlefield": [], "library": ["Forest"] * 3}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)  # an empty hand: the cursor starts on Garruk (never on an empty zone)
        assert screen.zone == "mine"
        await pilot.press("enter")
        menu = app.screen
        assert isinstance(menu, ChoiceDialog) and len(menu.options) >= 2
        token = next(k for k, label, _ in menu.options if "Beast" in label)
        await pilot.press(token)
        assert "Beast" in zone_names(game, "alice", "battlefield")


async def test_p_chooses_the_mana_sources_by_hand_601_2g() -> None:
    # (Lightning Bolt, not Giant Growth: pumping a creature outside combat with nothing on the
    # stack can't matter, so the client wouldn't stop for it: rules.play.assist.can_act)
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Mountain", "Runeclaw Bear"]},
                     "bob": {"battlefield": []}})
    forests = [o.id for o in game.permanents("alice") if o.name == "Mountain"]
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        bear = next(o.id for o in game.permanents("alice") if o.name == "Runeclaw Bear")
        await pilot.press(labels(app)[bear])
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog)
        await pilot.press("b", "enter")  # the second Mountain
        assert game.objects[forests[1]].tapped and not game.objects[forests[0]].tapped


async def test_a_color_of_mana_is_a_choice_dialog_605() -> None:
    game = position({"alice": {"hand": ["Forest"], "battlefield": ["Birds of Paradise"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("up", "enter")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        blue = next(k for k, label, _ in dialog.options if label == "blue")
        await pilot.press(blue)
        assert game.player("alice").pool["U"] == 1


async def test_attackers_blockers_order_and_damage_division_508_509_510() -> None:
    game = position({"alice": {"battlefield": ["Craw Wurm", "Runeclaw Bear"]},
                     "bob": {"battlefield": ["Runeclaw Bear", "Elite Vanguard"]}},
                    step="begin_combat", rules="2014")
    app = app_for(game)
    wurm = next(o.id for o in game.permanents("alice") if o.name == "Craw Wurm")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game.decision.kind == "attackers"
        await pilot.press(labels(app)[wurm])
        assert "attacks bob" in screen_text(app)
        await pilot.press("enter")
        assert game.decision.kind == "blockers" and game.decision.player == "bob"
        for blocker in [o.id for o in game.permanents("bob")]:
            await pilot.press(labels(app)[blocker])
            await pilot.press(labels(app)[wurm])
        await pilot.press("enter")
        assert game.decision.kind == "order_blockers"
        assert isinstance(app.screen, OrderDialog)
        await pilot.press("b", "enter")  # Elite Vanguard first
        assert game.decision.kind == "assign_damage"
        dialog = app.screen
        assert isinstance(dialog, AssignDialog) and sum(dialog.given) == 6
        await pilot.press("enter")  # the suggested division: lethal in order, the rest to the last
        assert zone_names(game, "bob", "battlefield") == []


async def test_a_player_orders_their_simultaneous_triggers_603_3b() -> None:
    game = position({"alice": {"hand": ["Elvish Visionary"], "battlefield": ["Soul Warden", "Forest", "Forest"],
                               "library": ["Forest"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "space")
        assert game.decision.kind == "order_triggers"
        dialog = app.screen
        assert isinstance(dialog, OrderDialog)
        warden = next(letter for letter, (label, _) in zip("abc", dialog.items, strict=False) if "Soul Warden" in label)
        await pilot.press(warden, "enter")  # Soul Warden's trigger resolves first...
        order = [e.text.split("'")[0] for e in game.log if "goes on the stack" in e.text]
        assert order == ["Elvish Visionary", "Soul Warden"]  # ...so it goes on the stack last
        assert game.player("alice").life == 21


async def test_trigger_targets_off_the_board_then_may_603_3d_603_5() -> None:
    game = position({"alice": {"hand": ["Gravedigger"], "battlefield": ["Swamp"] * 4,
                               "graveyard": ["Runeclaw Bear"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "space")
        assert game.decision.kind == "targets"
        prompt = screen_text(app).split("Gravedigger: choose")[-1]
        assert "Runeclaw Bear" in prompt  # a card in a graveyard: listed in the prompt with its letter
        bear = game.decision.legal[0][0]
        await pilot.press(labels(app)[bear])
        await pilot.press("space")
        assert game.decision.kind == "yesno" and isinstance(app.screen, ChoiceDialog)
        await pilot.press("y")
        assert zone_names(game, "alice", "hand") == ["Runeclaw Bear"]


async def test_discard_to_hand_size_in_cleanup_514_1() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"] * 8, "battlefield": []}, "bob": {"battlefield": []}},
                    step="end")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game.decision.kind == "discard"
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog)
        await pilot.press("enter")  # none chosen yet: refused inside the dialog
        assert app.screen is dialog and "exactly 1" in dialog.error
        await pilot.press("a", "enter")
        assert len(game.player("alice").hand) == 7


async def test_space_toggles_the_selected_card_of_a_pick_dialog() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"] * 7 + ["Forest"], "battlefield": []},
                     "bob": {"battlefield": []}}, step="end")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog)
        forest = next(i for i, (value, _) in enumerate(dialog.cards) if game.objects[value].name == "Forest")
        await pilot.press(*["down"] * forest, "space", "space")  # on, then off again
        assert dialog.picked == []
        await pilot.press("space", "enter")
        assert [game.objects[i].name for i in game.player("alice").graveyard] == ["Forest"]


async def test_mulligan_then_bottom_a_card_london_103_4() -> None:
    deck = ["Forest"] * 20 + ["Runeclaw Bear"] * 20
    game = Game(GameSetup.from_decks({"alice": deck, "bob": deck}, seed=3, mulligan="london",
                                     starting_player="alice"))
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("m")  # alice
        await pilot.press("k")  # bob keeps
        await pilot.press("k")  # alice keeps her new seven
        assert game.decision.kind == "bottom"
        await pilot.press("a", "enter")
        assert len(game.player("alice").hand) == 6


async def test_the_legend_rule_asks_which_to_keep_704_5j() -> None:
    game = position({"alice": {"hand": ["Mirri, Cat Warrior"],
                               "battlefield": ["Mirri, Cat Warrior", "Forest", "Forest", "Forest"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "space")
        assert game.decision.kind == "choose"
        await pilot.press("b")
        assert zone_names(game, "alice", "graveyard") == ["Mirri, Cat Warrior"]


async def test_command_bar_takes_notation_and_shows_refusals_inline() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(":")
        await pilot.press(*"cast Shock")
        await pilot.press("enter")
        assert "refused" in screen_text(app) and not game.stack
        bar = app.screen.query_one("#command")
        bar.value = "cast Light"
        bar.cursor_position = len(bar.value)
        await pilot.press("tab")
        assert bar.value == "cast Lightning Bolt "
        await pilot.press(*"targeting Rune", "tab", "enter")
        assert zone_names(game, "bob", "graveyard") == ["Runeclaw Bear"]
        assert not bar.has_focus


async def test_undo_in_goldfish_and_in_hotseat() -> None:
    game = position({"alice": {"hand": ["Forest", "Forest"], "battlefield": []}, "goldfish": {}},
                    goldfish=("goldfish",))
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        screen = game_screen(app)
        assert zone_names(screen.game, "alice", "battlefield") == ["Forest"]
        await pilot.press("ctrl+z")
        assert zone_names(screen.game, "alice", "battlefield") == []
        assert len(screen.game.player("alice").hand) == 2
    hot = position({"alice": {"hand": ["Mountain", "Lightning Bolt"], "battlefield": []}, "bob": {}})
    app = app_for(hot)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the Mountain: alice may Bolt now, so she keeps the keyboard
        assert zone_names(hot, "alice", "battlefield") == ["Mountain"]
        screen = game_screen(app)
        assert screen.check_action("undo", ()) is True
        await pilot.press("ctrl+z")  # her own decision, nothing hidden seen since: taken back
        assert zone_names(screen.game, "alice", "battlefield") == []
        assert screen.check_action("undo", ()) is False  # hidden: nothing left this player may take back
        assert "^z undo" not in screen_text(app)


async def test_the_cover_screen_hides_the_next_players_hand() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}})
    app = app_for(game, open_hands=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Pass the keyboard to alice" in screen_text(app)
        await pilot.press("enter")
        bear = next(o.id for o in game.permanents("bob") if o.name == "Runeclaw Bear")
        await pilot.press("enter")
        await pilot.press(labels(app)[bear])  # alice casts Lightning Bolt: bob may respond with Giant Growth
        text = screen_text(app)
        assert "Pass the keyboard to bob" in text and "Giant Growth" not in text
        first_cover = app.screen
        await pilot.press("enter")
        assert "Giant Growth" in screen_text(app)
        # the app's one cover screen, kept for the next cover (removing a screen costs the board
        # below two more repaints)
        assert app.get_screen("cover") is first_cover and app.screen is not first_cover


async def test_stops_toggle_on_the_phase_bar_and_e_passes_the_turn() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt", "Runeclaw Bear"], "battlefield": ["Mountain", "Forest"]},
                     "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("shift+tab")  # the phase bar is the last stop of the Tab cycle
        assert screen.zone == "phases"
        before = "end" in screen.session.stops["alice"].own
        await press_until(pilot, "right", lambda: screen.cursor["phases"] == 11, "the end step")
        await pilot.press("enter")
        assert ("end" in screen.session.stops["alice"].own) != before
        await pilot.press("tab", "e")
        # alice could still cast her Bear in main 2 (sorcery timing): passing to end of turn stops there
        assert game.turn == 1 and game.step == "main2" and game.decision.player == "alice"
        await pilot.press("e")
        assert game.turn == 2 or game.active == "bob"


async def test_help_graveyards_and_quit_are_one_key_each() -> None:
    game = position({"alice": {"hand": ["Forest"], "graveyard": ["Shock"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("?")
        assert "pass priority" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("g")
        assert "alice's graveyard (1)" in screen_text(app) and "Shock" in screen_text(app)
        await pilot.press("escape", "q")
        assert "Leave the game?" in screen_text(app)
        await pilot.press("c")
        assert app.is_running and isinstance(app.screen, GameScreen)
        await pilot.press("q", "q")
    assert not app.is_running


async def test_save_then_load_from_the_main_menu(tmp_path) -> None:  # noqa: ANN001
    from mtg_tui.app import MtgApp
    game = position({"alice": {"hand": ["Forest", "Lightning Bolt"]}, "bob": {}})
    app = app_for(game)
    path = tmp_path / "saved.json"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "ctrl+s")
        app.screen.query_one("#dialog-input").value = str(path)
        await pilot.press("enter")
        assert f"saved to {path}" in screen_text(app)
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # the game left unfinished is offered first: not now
        await pilot.press("l", "o")  # the load list, then a path typed
        await pilot.press(*"nowhere.json", "enter")
        assert "no file nowhere.json" in screen_text(app)
        app.screen.query_one("#dialog-input").value = str(path)
        await pilot.press("enter")
        loaded = game_screen(app).game
        assert zone_names(loaded, "alice", "battlefield") == ["Forest"]
        assert zone_names(loaded, "alice", "hand") == ["Lightning Bolt"]


async def test_space_warns_before_passing_into_mana_burn_300_3() -> None:
    game = position({"alice": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]},
                     "bob": {"battlefield": []}}, rules="2009")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(":", *"activate", "space", *"Mountain", "enter")  # tap it for {R}
        assert game.player("alice").pool["R"] == 1
        await pilot.press("space")
        assert game.step == "main1" and "mana burn (300.3)" in screen_text(app)
        await pilot.press("space")  # the same key again: pass anyway
        await pilot.pause()
        assert game.player("alice").life == 19


async def test_divided_damage_is_split_in_a_dialog_after_the_targets_601_2d() -> None:
    game = position({"alice": {"hand": ["Ignite Disorder"], "battlefield": ["Mountain", "Mountain"]},
                     "bob": {"battlefield": ["Elite Vanguard", "Serra Angel", "Wall of Frost"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert "up to 3 more" in screen_text(app)
        vanguard, angel = (next(o.id for o in game.permanents("bob") if o.name == n)
                           for n in ("Elite Vanguard", "Serra Angel"))
        await pilot.press(labels(app)[vanguard])
        await pilot.press(labels(app)[angel], "enter")  # two of the three, then done
        dialog = app.screen
        assert isinstance(dialog, AssignDialog) and dialog.given == [2, 1]  # an even start, each at least 1
        await pilot.press("down", "right")  # one more to Serra Angel: 1 and 2
        await pilot.press("enter")
        cast = game.record[0]
        assert cast.targets == (vanguard, angel) and cast.division == (1, 2)
        assert "Elite Vanguard (1), Serra Angel (2)" in "\n".join(e.text for e in game.log)


async def test_a_triggered_ability_divides_its_damage_by_letters_then_the_dialog_603_3d() -> None:
    game = position({"alice": {"hand": ["Bogardan Hellkite"], "battlefield": ["Mountain"] * 8},
                     "bob": {"battlefield": ["Runeclaw Bear"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # cast it; nobody can respond, so it resolves and its ability triggers
        assert game.decision.kind == "targets" and game.decision.divide == 5
        bear = next(o.id for o in game.permanents("bob"))
        await pilot.press(labels(app)[bear])
        await pilot.press(labels(app)["bob"], "enter")
        dialog = app.screen
        assert isinstance(dialog, AssignDialog) and dialog.given == [3, 2]
        await pilot.press("left", "enter")  # 2 and 2: not all of it, so the dialog stays
        assert isinstance(app.screen, AssignDialog) and "divide all 5" in screen_text(app)
        await pilot.press("down", "right", "enter")  # Runeclaw Bear 2, bob 3
        answer = next(a for a in game.record if isinstance(a, A.ChooseTargets))
        assert answer.targets == (bear, "bob") and answer.division == (2, 3)


async def test_telepathy_shows_the_opponents_hand_above_yours() -> None:
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Telepathy", "Mountain"]},
                     "bob": {"hand": ["Giant Growth"], "battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        top = next(i for i, line in enumerate(lines) if "bob's hand (1)" in line)  # a panel of its own
        assert "Giant Growth" in lines[top + 1] and "alice's hand (1)" not in lines[top]


async def test_a_graveyard_ability_is_listed_beside_the_hand_and_activated_by_enter_112_6k() -> None:
    """Magma Phoenix's "Return ~ from your graveyard to your hand" functions only in the
    graveyard: the client shows the card after the hand, marked, and Enter activates it."""
    game = position({"alice": {"hand": [], "graveyard": ["Magma Phoenix"], "battlefield": ["Mountain"] * 5},
                     "bob": {"battlefield": []}}, turn=3)
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        assert "Magma Phoenix (graveyard)" in screen_text(app)
        await pilot.press("enter")
        # nobody can respond, so the client passes for both and the ability resolves
        assert zone_names(game, "alice", "hand") == ["Magma Phoenix"]
        assert any(isinstance(a, A.Activate) for a in game.record)


async def test_manual_actions_from_the_command_bar_are_logged_as_by_hand() -> None:
    """What a partial card says is done by hand: the command bar takes manual actions."""
    from dataclasses import replace

    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Runeclaw Bear", "Mountain"]}, "bob": {}})
    game = Game(replace(game.setup, manual=True))
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(":", *"manual life bob -3", "enter")
        await pilot.press(":", *"manual counters Runeclaw Bear +1/+1 +1", "enter")
        game = game_screen(app).game
        assert game.player("bob").life == 17
        assert next(o for o in game.permanents("alice") if o.name == "Runeclaw Bear").counters["+1/+1"] == 1
        assert "alice (by hand): bob's life -3" in screen_text(app)


async def test_a_modal_ability_asks_its_mode_by_its_words_then_is_once_a_turn_700_2a() -> None:
    game = position({"alice": {"battlefield": ["Skinshifter", "Forest", "Forest"]},
                     "bob": {"battlefield": []}}, turn=3)
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.cursor[screen.zone] = next(i for i, item in enumerate(screen.current_board().items(screen.zone))
                                          if item.card.name == "Skinshifter")
        await pilot.press("enter")
        menu = app.screen
        assert isinstance(menu, ChoiceDialog)
        assert [label.split(" becomes ")[-1] for _, label, _ in menu.options] == [
            "a Rhino with base power and toughness 4/4 and gains trample.",
            "a Bird with base power and toughness 2/2 and gains flying.",
            "a Plant with base power and toughness 0/8."]
        await pilot.press(menu.options[1][0])
        await pilot.pause()
        shifter = next(o for o in game.permanents("alice") if o.name == "Skinshifter")
        assert set(game.chars(shifter).subtypes) == {"Bird"}
        assert [a for a in game.legal_actions("alice") if isinstance(a, A.Activate) and a.source == shifter.id] == []
