"""Escape on a cost or a choice made while casting a spell or activating an ability reverses
the whole action: the spell goes back to the hand, the mana and every other cost paid come
back (2014 717.1 / 2009 422.1: "the entire action is reversed and any payments already made
are canceled")."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, position, screen_text

from mtg_tui.screens.game import GameScreen
from mtg_tui.screens.modals import ChoiceDialog, PickCardsDialog
from rules.engine.core import actions as A

pytestmark = pytest.mark.asyncio


def zone_names(game, player: str, zone: str) -> list[str]:  # noqa: ANN001
    if zone == "battlefield":
        return sorted(o.name for o in game.permanents(player))
    return sorted(game.objects[i].name for i in game.player(player).zone(zone))


@pytest.mark.parametrize("rules", ["2014", "2009"])
async def test_escape_on_flings_sacrifice_gives_the_mana_back(rules: str) -> None:
    game = position({"alice": {"hand": ["Fling"], "battlefield": ["Mountain", "Mountain", "Runeclaw Bear",
                                                                  "Craw Wurm"]},
                     "bob": {}}, rules=rules)
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = game.digest()
        fling = next(i for i in game.player("alice").hand)
        game_screen(app).try_act(A.Cast("alice", fling, targets=("bob",)))
        await pilot.pause()
        # paid, on the stack, asking which creature to sacrifice (two: a real choice)
        assert isinstance(app.screen, ChoiceDialog) and "sacrifice" in game.decision.prompt
        assert "Esc: don't cast it after all" in screen_text(app)
        assert game.announced_at is not None and all(o.tapped for o in game.permanents("alice")
                                                      if o.name == "Mountain")
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert game.decision.kind == "priority" and game.decision.player == "alice" and not game.stack
        assert zone_names(game, "alice", "hand") == ["Fling"]
        assert not any(o.tapped for o in game.permanents("alice")) and not any(game.player("alice").pool.values())
        assert game.digest() == before  # exactly as before the cast
        cite = game.rules.cite("illegal_action")
        assert "alice stops casting Fling" in screen_text(app) and cite in screen_text(app)
        assert cite == ("717.1" if rules == "2014" else "422.1")
        # and the spell can be cast again, this time sacrificing the Bear
        game_screen(app).try_act(A.Cast("alice", fling, targets=("bob",)))
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        bear = next(o.id for o in game.permanents("alice") if o.name == "Runeclaw Bear")
        app.screen.send(A.Choose("alice", (bear,)))
        await pilot.pause()
        assert game.announced_at is None and "Runeclaw Bear" in zone_names(game, "alice", "graveyard")
        assert game.player("bob").life == 18  # (the client passed for both: it resolved)


async def test_escape_on_an_activation_cost_untaps_the_source_and_refunds_it() -> None:
    """Phyrexian Vault ({2}, {T}, Sacrifice a creature: Draw a card): Escape on the sacrifice
    untaps the Vault and the lands (602.2 / 717.1)."""
    game = position({"alice": {"battlefield": ["Phyrexian Vault", "Swamp", "Swamp", "Runeclaw Bear",
                                               "Craw Wurm"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = game.digest()
        vault = next(o.id for o in game.permanents("alice") if o.name == "Phyrexian Vault")
        game_screen(app).try_act(A.Activate("alice", vault, 1))
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and game.objects[vault].tapped
        await pilot.press("escape")
        assert game.digest() == before and not game.objects[vault].tapped
        assert "alice stops activating Phyrexian Vault's ability" in screen_text(app)


async def test_escape_on_a_discard_cost_keeps_the_hand() -> None:
    """Zombie Infestation (Discard two cards: ...): Escape in the discard dialog."""
    game = position({"alice": {"hand": ["Forest", "Island", "Swamp"], "battlefield": ["Zombie Infestation"]},
                     "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = game.digest()
        source = next(o.id for o in game.permanents("alice"))
        game_screen(app).try_act(A.Activate("alice", source, 1))
        await pilot.pause()
        assert isinstance(app.screen, PickCardsDialog)
        await pilot.press("escape")
        assert game.digest() == before and len(game.player("alice").hand) == 3


async def test_escape_on_a_dialog_that_is_no_part_of_casting_changes_nothing() -> None:
    """A "may" question while a spell resolves is no announcement: Escape only closes it (the
    dialog comes back with its key), as before."""
    game = position({"alice": {"hand": ["Rampant Growth"], "battlefield": ["Forest", "Forest"],
                               "library": ["Forest", "Island", "Swamp"]}, "bob": {}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        growth = next(i for i in game.player("alice").hand)
        screen = game_screen(app)
        screen.try_act(A.Cast("alice", growth))  # the client passes for both: it resolves
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and game.announced_at is None
        record = len(game.record)
        await pilot.press("escape")
        assert len(game.record) == record and game.decision.kind == "choose"
