"""How the battlefield, the stack and the log read: identical permanents folded, Auras and
Equipment on their host whichever side it is, attackers beside their blockers, sickness
only where it matters (302.6), no internal names, routine log lines folded, and the
screen used at 100x30, 120x40 and 200x60."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import app_for, game_screen, position, screen_text

from mtg_tui.board import build_board, routine
from mtg_tui.grouping import NOT_ON_THE_BATTLEFIELD, display_names, group_battlefield, state_of
from mtg_tui.render import group_chip, stack_line
from mtg_tui.widgets.battlefield import battlefield_lines
from rules import Game
from rules.engine.api.view_types import CardView


def busy_midgame() -> Game:
    """Alice attacks with Craw Wurm (her Holy Strength on it) and Centaur Courser (a +1/+1
    counter, her Gorgon Flail); bob blocks the Wurm with Serra Angel (alice's Weakness on it)
    and Wind Drake, the Courser with one of two Grizzly Bears; alice's Runeclaw Bear wears
    bob's Pacifism, his Drudge Skeletons have a regeneration shield.  Bob's Lightning Bolt
    at the Courser and alice's Giant Growth on the Wurm are on the stack: bob to answer."""
    game = position({
        "alice": {"hand": ["Giant Growth", "Craw Wurm", "Forest", "Shock"],
                  "battlefield": ["Forest", "Forest", "Forest", "Forest", "Plains", "Plains",
                                  "Craw Wurm", {"card": "Holy Strength", "attached_to": "Craw Wurm"},
                                  {"card": "Centaur Courser", "counters": {"+1/+1": 1}},
                                  {"card": "Gorgon Flail", "attached_to": "Centaur Courser"},
                                  "Runeclaw Bear", "Llanowar Elves", {"card": "Weakness", "attached_to": "Serra Angel"},
                                  "Honor of the Pure", "Honor of the Pure"],
                  "graveyard": ["Lightning Bolt"]},
        "bob": {"hand": ["Lightning Bolt", "Cancel", "Island"],
                "battlefield": ["Mountain", "Mountain", "Island", "Island", "Island", "Plains", "Plains", "Swamp",
                                "Serra Angel", "Wind Drake", "Grizzly Bears", "Grizzly Bears", "Drudge Skeletons",
                                {"card": "Pacifism", "attached_to": "Runeclaw Bear"}]},
    }, turn=7, active="alice", step="main1")
    for a in ["alice: pass", "bob: activate Drudge Skeletons", "bob: pass", "alice: pass",
              "alice: pass", "bob: pass", "alice: pass", "bob: pass",
              "alice: attack Craw Wurm, Centaur Courser", "alice: pass", "bob: pass",
              "bob: block Serra Angel -> Craw Wurm, Wind Drake -> Craw Wurm, Grizzly Bears -> Centaur Courser",
              "alice: order Serra Angel, Wind Drake", "alice: pass",
              "bob: cast Lightning Bolt targeting Centaur Courser", "bob: pass",
              "alice: cast Giant Growth targeting Craw Wurm", "alice: pass"]:
        game.act(a)
    return game


def groups_of(game: Game, player: str, viewer: str = "alice") -> list:
    view = game.view(viewer)
    everyone = [c for p in view.players for c in p.battlefield]
    mine = view.player(player).battlefield
    return group_battlefield(mine, {c.id: c.name for c in everyone}, everyone=everyone, active=game.active)


def chips(groups: list, width: int = 95) -> str:
    lines, _ = battlefield_lines(groups, width, selected=None, labels={}, notes={}, lands_first=False)
    return "\n".join(line.plain for line in lines)


def test_identical_permanents_fold_whatever_their_type_and_differences_keep_them_apart() -> None:
    game = position({"alice": {"battlefield": ["Honor of the Pure", "Honor of the Pure", "Grizzly Bears",
                                               "Grizzly Bears", {"card": "Grizzly Bears", "tapped": True},
                                               {"card": "Grizzly Bears", "damage": 1}]}, "bob": {}})
    groups = groups_of(game, "alice")
    assert sorted((g.card.name, g.count, state_of(g.card).tapped, state_of(g.card).damage) for g in groups) == [
        ("Grizzly Bears", 1, False, 1), ("Grizzly Bears", 1, True, 0), ("Grizzly Bears", 2, False, 0),
        ("Honor of the Pure", 2, False, 0)]
    assert "Honor of the Pure ×2" in chips(groups)


def test_an_aura_is_drawn_on_its_host_on_the_hosts_side_marked_with_whose_it_is() -> None:
    game = busy_midgame()
    alice, bob = groups_of(game, "alice"), groups_of(game, "bob")
    assert "Pacifism" not in [g.card.name for g in bob]  # bob's Aura sits on alice's bear
    pacifism = next(g for g in alice if g.card.name == "Pacifism")
    bear = next(g for g in alice if g.card.name == "Runeclaw Bear")
    assert pacifism.host_id == bear.ids[0] and pacifism.foreign == "bob"
    text = chips(alice)
    assert "Runeclaw Bear 2/2 [Pacifism (bob's)]" in text
    assert "[Holy Strength]" in text and "Holy Strength (" not in text  # her own Aura: no mark
    assert "Serra Angel 2/3 [Weakness (alice's)]" in chips(bob)


def test_attackers_come_first_beside_their_blockers_and_blockers_name_what_they_block() -> None:
    game = busy_midgame()
    alice, bob = chips(groups_of(game, "alice")), chips(groups_of(game, "bob"))
    assert "⚔ attacking ◀ Serra Angel 2/3, Wind Drake 2/2" in alice
    assert "⚔ attacking ◀ Grizzly Bears 2/2" in alice
    assert alice.index("Craw Wurm") < alice.index("Runeclaw Bear")  # attackers first
    assert "Serra Angel 2/3 [Weakness (alice's)] ◈ blocking Craw Wurm" in bob
    # the two Grizzly Bears differ (one blocks): two chips, the blocker first
    assert "Grizzly Bears 2/2 ◈ blocking Centaur Courser  Grizzly Bears 2/2\n" in bob


def test_sick_shows_only_on_the_active_players_creatures_that_are_not_blocking_302_6() -> None:
    game = position({"alice": {"battlefield": [{"card": "Grizzly Bears", "sick": True}]},
                     "bob": {"battlefield": [{"card": "Runeclaw Bear", "sick": True}]}}, turn=3, active="alice")
    assert "sick" in chips(groups_of(game, "alice"))
    assert "sick" not in chips(groups_of(game, "bob"))  # bob's creature can't attack on alice's turn anyway


def test_keywords_gained_this_turn_and_regeneration_shields_show() -> None:
    game = position({"alice": {"hand": ["Jump"], "battlefield": ["Island", "Runeclaw Bear"]},
                     "bob": {"battlefield": ["Swamp", "Drudge Skeletons"]}}, turn=3, active="alice")
    game.act("alice: cast Jump targeting Runeclaw Bear")
    game.act("alice: pass")
    game.act("bob: activate Drudge Skeletons")
    game.act("bob: pass")
    game.act("alice: pass")  # the shield
    game.act("alice: pass")
    game.act("bob: pass")  # Jump
    assert "Runeclaw Bear 2/2 +flying" in chips(groups_of(game, "alice"))
    assert "Drudge Skeletons 1/1 regen shield" in chips(groups_of(game, "bob"))


def test_no_internal_names_on_the_stack_or_in_the_log_and_duplicates_told_apart() -> None:
    game = busy_midgame()
    b = build_board(game, "bob", folded=True)
    assert b.names is not None
    lines = [stack_line(it, i + 1, names=b.names).plain for i, it in enumerate(b.stack)]
    assert lines == ["1. Giant Growth  alice's → Craw Wurm", "2. Lightning Bolt  bob's → Centaur Courser"]
    names = display_names([c for p in b.view.players for c in p.battlefield])
    bears = sorted(v for v in names.values() if v.startswith("Grizzly Bears"))
    assert len(set(bears)) == 2 and all("#" not in v for v in names.values())


@pytest.mark.asyncio
async def test_the_screen_never_shows_an_internal_name() -> None:
    app = app_for(busy_midgame(), open_hands=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "#" not in screen_text(app)


def test_routine_lines_fold_nothing_untapped_and_no_possible_attacker() -> None:
    game = position({"alice": {"battlefield": []}, "bob": {"battlefield": []}}, turn=1, active="alice")
    while game.turn < 2 or game.step != "main1":
        game.act(f"{game.decision.player}: pass")
    texts = [e.text for e in game.log]
    assert "alice has no creature able to attack" in texts and "bob untaps 0 permanents" in texts
    folded = [e.text for e in build_board(game, "alice", folded=True).log]
    shown = [e.text for e in build_board(game, "alice", folded=False).log]
    assert "alice has no creature able to attack" in shown and "alice has no creature able to attack" not in folded
    assert "bob untaps 0 permanents" not in folded
    assert all(not routine(e) for e in build_board(game, "alice", folded=True).log)


def test_a_wide_battlefield_draws_card_boxes_in_columns_and_a_narrow_one_chips() -> None:
    groups = groups_of(busy_midgame(), "alice")
    wide, _ = battlefield_lines(groups, 120, selected=None, labels={}, notes={}, lands_first=False)
    narrow, _ = battlefield_lines(groups, 56, selected=None, labels={}, notes={}, lands_first=False)
    assert all(line.cell_len <= 120 for line in wide) and all(line.cell_len <= 56 for line in narrow)
    top = next(line.plain for line in wide if "Craw Wurm" in line.plain)
    assert "Centaur Courser" in top  # side by side
    assert any(line.plain.startswith("▸ Holy Strength") for line in wide)  # the Aura in the Wurm's box


def test_a_chip_marks_a_target() -> None:
    g = groups_of(busy_midgame(), "alice")[0]
    assert "◎target" in group_chip(g, mark=True).plain and "◎target" not in group_chip(g).plain


@pytest.mark.asyncio
async def test_the_selected_stack_objects_targets_are_marked_on_the_board() -> None:
    app = app_for(busy_midgame(), open_hands=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        if screen.zone == "stack":  # responding, the cursor starts on the stack's top: leave it first
            await pilot.press("tab")
        assert screen.zone != "stack" and "◎target" not in screen_text(app)
        for _ in range(6):
            if screen.zone == "stack":
                break
            await pilot.press("tab")
        assert screen.zone == "stack"
        lines = screen_text(app).splitlines()
        assert [line for line in lines if "◎target" in line and "Craw Wurm 7/6" in line]  # Giant Growth's target
        await pilot.press("down")  # Lightning Bolt, at the Courser
        lines = screen_text(app).splitlines()
        assert [line for line in lines if "◎target" in line and "Centaur Courser" in line]
        assert not [line for line in lines if "◎target" in line and "Craw Wurm 7/6" in line]


@pytest.mark.asyncio
async def test_every_size_shows_every_creature_and_the_open_hand_in_its_own_panel() -> None:
    for size in ((100, 30), (120, 40), (200, 60)):
        app = app_for(busy_midgame(), open_hands=True)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            text = screen_text(app)
            for name in ("Craw Wurm", "Centaur Courser", "Runeclaw Bear", "Llanowar Elves", "Serra Angel",
                         "Wind Drake", "Drudge Skeletons", "Pacifism", "Weakness", "Holy Strength", "Gorgon Flail"):
                assert name in text, (size, name)
            log_width = game_screen(app).query_one("#log").content_size.width
            assert log_width >= (46 if size[0] >= 120 else 36), (size, log_width)


def test_log_and_prompt_texts_lose_the_notations_copy_numbers() -> None:
    from types import SimpleNamespace

    from mtg_tui.grouping import scrub
    from mtg_tui.render import log_line
    entry = SimpleNamespace(turn=3, rule="601.2h", text="alice casts Giant Growth targeting Runeclaw Bear#3",
                            minor=False)
    assert log_line(entry).plain.endswith("targeting Runeclaw Bear")
    assert scrub("order the creatures blocking Craw Wurm#2") == "order the creatures blocking Craw Wurm"


@pytest.mark.asyncio
async def test_a_theme_change_recolours_the_board() -> None:
    from mtg_tui import colours
    from mtg_tui.widgets.battlefield import Battlefield
    app = app_for(busy_midgame(), open_hands=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = game_screen(app).query_one("#mine", Battlefield)
        dark = {str(span.style) for line in panel.render().split("\n") for span in line.spans}
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.pause()
        light = {str(span.style) for line in panel.render().split("\n") for span in line.spans}
        assert colours.colour("mtg-pt") == colours.ROLES["mtg-pt"][1]
        assert any(colours.ROLES["mtg-pt"][1] in s for s in light) and not any(
            colours.ROLES["mtg-pt"][1] in s for s in dark)


def test_a_spell_targeting_a_spell_names_it_and_marks_it_on_the_stack() -> None:
    game = position({"alice": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]},
                     "bob": {"hand": ["Cancel"], "battlefield": ["Island"] * 3}}, turn=3, active="alice")
    game.act("alice: cast Giant Growth targeting Runeclaw Bear")
    game.act("alice: pass")
    game.act("bob: cast Cancel targeting Giant Growth")
    b = build_board(game, "bob", folded=True)
    top = b.stack[0]
    assert stack_line(top, 1, names=b.names or {}).plain == "1. Cancel  bob's → Giant Growth"
    growth = b.stack[1].id
    assert b.targets_of(0) == {growth}
    assert "◎target" in stack_line(b.stack[1], 2, names=b.names or {}, mark=True).plain


def test_sick_shows_on_the_other_players_creature_with_a_tap_ability_302_6() -> None:
    game = position({"alice": {"battlefield": []},
                     "bob": {"battlefield": [{"card": "Prodigal Pyromancer", "sick": True},
                                             {"card": "Runeclaw Bear", "sick": True}]}}, turn=3, active="alice")
    text = chips(groups_of(game, "bob"))
    assert "Prodigal Pyromancer 1/1 sick" in text and "Runeclaw Bear 2/2 sick" not in text


def test_while_picking_each_creature_keeps_its_own_chip_and_lands_still_fold() -> None:
    game = position({"alice": {"battlefield": ["Grizzly Bears", "Grizzly Bears", "Forest", "Forest"]}, "bob": {}})
    cards = game.view("alice").players[0].battlefield
    names = {c.id: c.name for c in cards}
    assert [g.count for g in group_battlefield(cards, names)] == [2, 2]
    assert [g.count for g in group_battlefield(cards, names, fold_alike=False)] == [1, 1, 2]


def test_copies_that_look_alike_are_told_apart_by_state_then_position() -> None:
    game = position({"alice": {"battlefield": ["Grizzly Bears", "Grizzly Bears", {"card": "Grizzly Bears",
                                                                                  "tapped": True}]}, "bob": {}})
    cards = game.view("alice").players[0].battlefield
    assert sorted(display_names(cards).values()) == [
        "Grizzly Bears 2/2 (1st)", "Grizzly Bears 2/2 (2nd)", "Grizzly Bears 2/2 tapped"]


def test_a_pump_this_turn_shows_on_the_chip() -> None:
    game = position({"alice": {"hand": ["Giant Growth"], "battlefield": ["Forest", "Runeclaw Bear"]}, "bob": {}},
                    turn=3, active="alice")
    game.act("alice: cast Giant Growth targeting Runeclaw Bear")
    game.act("alice: pass")
    game.act("bob: pass")
    assert "Runeclaw Bear 5/5 +3/+3 this turn" in chips(groups_of(game, "alice"))


@pytest.mark.asyncio
async def test_at_100_columns_the_player_lines_fit_in_short_words() -> None:
    app = app_for(busy_midgame(), open_hands=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "bob life 20 lib 5 hand 2 gy 0 exile 0 ◆ priority" in text
        assert "alice life 20 lib 5 hand 3 gy 1 exile 0" in text


def test_something_attached_to_a_player_names_the_player() -> None:
    curse = CardView(1, "Some Curse", "Some Curse", "alice", "alice", "", "Enchantment — Aura Curse", "", "supported",
                     (), False, "battlefield", replace(NOT_ON_THE_BATTLEFIELD, attached_to="bob"))
    (g,) = group_battlefield([curse], {1: "Some Curse"})
    assert g.host == "bob" and g.host_id is None and "Some Curse → bob" in group_chip(g).plain
