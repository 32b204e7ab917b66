"""Two board flows: Enter on your own Aura drawn on the other player's creature acts on
it (the board draws an attachment on its host, so it sits on their side), and the phase
bar edits either set of stops, your turns' or their turns' (Session stops, `t` switches)."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, press_until, screen_text
from textual.pilot import Pilot

from mtg_tui.screens.game import GameScreen
from rules.engine.core import actions as A


def bear_power(screen: GameScreen) -> int:
    bob = screen.game.view().player("bob")
    return next(c.power for c in bob.battlefield if c.name == "Runeclaw Bear")


async def select(pilot: Pilot, screen: GameScreen, zone: str, name: str) -> None:
    await press_until(pilot, "up", lambda: screen.zone == zone, f"the {zone} zone")
    items = screen.current_board().items(zone)
    index = next(i for i, g in enumerate(items) if g.card.name == name)
    await press_until(pilot, "right", lambda: screen.cursor[zone] == index, name)


@pytest.mark.asyncio
async def test_enter_on_your_aura_on_their_creature_activates_it_602_2() -> None:
    """Alice's Firebreathing enchants bob's Runeclaw Bear: it is drawn on bob's side, and
    Enter there activates its {R} ability (602.2: its controller activates it)."""
    game = position({"alice": {"hand": ["Lightning Bolt"],
                               "battlefield": ["Mountain", "Mountain",
                                              {"card": "Firebreathing", "attached_to": "Runeclaw Bear"}]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.viewer == "alice"
        await select(pilot, screen, "theirs", "Firebreathing")
        assert screen.current_board().items("theirs")[screen.cursor["theirs"]].foreign == "alice"
        assert screen.check_action("play", ()) is True  # the Footer offers Enter on it
        await pilot.press("enter")
        await pilot.pause()
        aura = next(o.id for o in screen.game.permanents("alice") if o.name == "Firebreathing")
        assert [(a.player, a.source) for a in screen.game.record if isinstance(a, A.Activate)] == [("alice", aura)]
        assert sorted(o.tapped for o in screen.game.permanents("alice") if o.name == "Mountain") == [False, True]
        for _ in range(4):  # bob can't respond: the client passes for him, alice passes
            if not screen.game.stack:
                break
            await pilot.press("space")
            await pilot.pause()
        assert not screen.game.stack and bear_power(screen) == 3


@pytest.mark.asyncio
async def test_their_own_permanent_on_their_side_stays_theirs() -> None:
    """Bob's own Runeclaw Bear on his side is not alice's to use: Enter is greyed there."""
    game = position({"alice": {"hand": ["Lightning Bolt"],
                               "battlefield": ["Mountain", {"card": "Firebreathing", "attached_to": "Runeclaw Bear"}]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.viewer == "alice"
        await select(pilot, screen, "theirs", "Runeclaw Bear")
        assert screen.check_action("play", ()) is None
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.game.stack


def bar_text(screen: GameScreen) -> str:
    from mtg_tui.widgets.phase_bar import PhaseBar

    return screen.query_one("#phase", PhaseBar).render().plain


@pytest.mark.asyncio
async def test_t_on_the_phase_bar_switches_to_the_other_turns_stops() -> None:
    """On alice's own turn the phase bar shows her own turns' stops; `t` (a key only on the
    phase bar) shows the stops of bob's turns, and Enter toggles a stop there only."""
    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}}, turn=3)
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.game.active == "alice" and screen.check_action("switch_stops", ()) is False
        assert "your/their turns" not in screen_text(app)  # not in the Footer away from the phase bar
        await press_until(pilot, "tab", lambda: screen.zone == "phases", "the phase bar")
        assert "•your turns" in bar_text(screen) and "your/their turns" in screen_text(app)
        stops = screen.session.stops["alice"]
        own, theirs = set(stops.own), set(stops.theirs)
        await pilot.press("t")
        assert "•their turns" in bar_text(screen)
        assert screen._stops_shown() == theirs  # the dots are bob's turns' stops now
        await pilot.press("home", "right", "enter")  # upkeep
        assert stops.theirs == theirs | {"upkeep"} and stops.own == own
        assert "stop set on their turns: upkeep" in screen_text(app)
        await pilot.press("enter")
        assert stops.theirs == theirs
        await pilot.press("t", "enter")  # back to her own turns' set
        assert "•your turns" in bar_text(screen)
        assert stops.own == own | {"upkeep"} and stops.theirs == theirs
        await pilot.press("t", "tab", "shift+tab")  # leaving the bar: it shows this turn's set again
        assert screen.zone == "phases" and "•your turns" in bar_text(screen)
