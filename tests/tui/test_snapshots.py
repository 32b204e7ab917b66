"""How the client looks at 120x40 (pytest-textual-snapshot; `pytest --snapshot-update`
re-records after a deliberate change, to be looked at before committing)."""

from __future__ import annotations

from conftest import SIZE, position

from mtg_tui.app import MtgApp
from mtg_tui.session import Session
from rules import Game


def midgame() -> Game:
    """Bob's Lightning Bolt on the stack at alice's Centaur Courser; alice may respond."""
    game = position({
        "alice": {"hand": ["Giant Growth", "Craw Wurm", "Forest", "Shock"],
                  "battlefield": ["Forest", "Forest", {"card": "Forest", "tapped": True}, "Mountain", "Mountain",
                                  {"card": "Llanowar Elves", "tapped": True}, {"card": "Centaur Courser", "damage": 1},
                                  "Runeclaw Bear", {"card": "Prodigal Pyromancer", "sick": True}],
                  "graveyard": ["Lightning Bolt"]},
        "bob": {"hand": ["Lightning Bolt", "Cancel", "Island"],
                "battlefield": ["Mountain", "Plains", "Plains", "Island", "Island", "Serra Angel",
                                {"card": "Wind Drake", "counters": {"+1/+1": 1}},
                                {"card": "Pacifism", "attached_to": "Runeclaw Bear"}]},
    }, turn=6, active="bob", step="main1")
    game.act("bob: cast Lightning Bolt targeting Centaur Courser")
    game.act("bob: pass")
    return game


def app_at(game: Game, open_hands: bool) -> MtgApp:
    return MtgApp(session=Session(game, open_hands=open_hands))


def test_game_screen(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_at(midgame(), open_hands=False), press=["enter"], terminal_size=SIZE)


def test_cover_screen(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_at(midgame(), open_hands=False), terminal_size=SIZE)


def test_help(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_at(midgame(), open_hands=True), press=["question_mark"], terminal_size=SIZE)


def test_damage_assignment_dialog(snap_compare) -> None:  # noqa: ANN001
    game = position({"alice": {"battlefield": ["Craw Wurm"]},
                     "bob": {"battlefield": ["Runeclaw Bear", "Elite Vanguard"]}}, step="declare_attackers")
    game.act("alice: attack Craw Wurm")
    game.act("alice: pass")
    game.act("bob: pass")
    game.act("bob: block Runeclaw Bear -> Craw Wurm, Elite Vanguard -> Craw Wurm")
    game.act("alice: order Runeclaw Bear, Elite Vanguard")
    game.act("alice: pass")
    game.act("bob: pass")
    assert game.decision.kind == "assign_damage"
    assert snap_compare(app_at(game, open_hands=True), terminal_size=SIZE)


def busy_app() -> MtgApp:
    """The busy midgame of test_board_look (Auras on creatures on both sides, an attack with
    blocks, counters, a regeneration shield, two spells with targets on the stack), bob to
    answer behind the hotseat cover."""
    from test_board_look import busy_midgame
    return app_at(busy_midgame(), open_hands=False)


def test_busy_game_100x30(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(busy_app(), press=["enter"], terminal_size=(100, 30))


def test_busy_game_120x40(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(busy_app(), press=["enter"], terminal_size=(120, 40))


def test_busy_game_200x60(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(busy_app(), press=["enter"], terminal_size=(200, 60))


def test_busy_game_120x40_light_theme(snap_compare) -> None:  # noqa: ANN001
    async def light(pilot) -> None:  # noqa: ANN001
        pilot.app.theme = "textual-light"
        await pilot.pause()

    assert snap_compare(busy_app(), press=["enter"], terminal_size=(120, 40), run_before=light)


def test_busy_game_stack_target_marked(snap_compare) -> None:  # noqa: ANN001
    """The stack selected (Tab to it): Giant Growth's target, the Wurm, is marked."""
    assert snap_compare(busy_app(), press=["enter", "tab", "tab", "tab"], terminal_size=(120, 40))


def test_command_palette(snap_compare) -> None:  # noqa: ANN001
    async def open_palette(pilot) -> None:  # noqa: ANN001
        # with a query the hits are sorted by score (without one, the providers' lists come in any order)
        await pilot.press("ctrl+p", "n", "e", "w", "space", "g", "a", "m", "e")
        await pilot.pause(1.0)  # the commands are listed once the providers have answered
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        pilot.app.screen.query_one("CommandInput").cursor_blink = False

    assert snap_compare(app_at(midgame(), open_hands=True), run_before=open_palette, terminal_size=SIZE)
