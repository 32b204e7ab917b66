"""Every shape of decision the engine asks is answered from the keyboard through the real
client.  The positions come from `decision_positions` (one per `Decision.shape`); the
answers are key presses only, read off what the screen offers.  A decision kind added to
the engine without a client flow, or a shape without a position, fails here."""

from __future__ import annotations

import pytest
from conftest import SIZE, app_for, game_screen, press_until
from textual.pilot import Pilot

from mtg_tui.app import MtgApp
from mtg_tui.picking import AttackPicker, BlockPicker, TargetPicker
from mtg_tui.screens.game import FLOWS
from mtg_tui.screens.modals import AssignDialog, ChoiceDialog, NameDialog, OrderDialog, PickCardsDialog
from rules.engine.core.decisions import DECISION_TYPES, SHAPES

from decision_positions import POSITIONS, VARIANTS, DecisionPosition

ALL = POSITIONS + VARIANTS


def test_every_decision_kind_has_a_client_flow() -> None:
    assert set(FLOWS) == set(DECISION_TYPES), "decision classes without a client flow (or flows for no class)"


def test_every_shape_has_a_position() -> None:
    assert {p.shape for p in POSITIONS} == set(SHAPES)


async def answer_by_keys(pilot: Pilot, app: MtgApp) -> str:
    """Answer the decision on screen with keys only; returns the flow used."""
    flow = await _answer_dialog(pilot, app.screen)
    if flow is not None:
        return flow
    screen = game_screen(app)
    labels = sorted(screen.labels(screen.current_board())[0].values())
    picker = screen.picker
    if isinstance(picker, AttackPicker):
        await pilot.press(labels[0], "enter")
        return "attack letters"
    if isinstance(picker, BlockPicker):
        await pilot.press(labels[0])
        second = screen.labels(screen.current_board())[0]
        await pilot.press(next(iter(second.values())), "enter")
        return "block letters"
    if isinstance(picker, TargetPicker):
        return await _answer_targets(pilot, app, picker, labels)
    if screen.session.decision is not None and screen.session.decision.kind == "priority":
        await pilot.press("space")
        return "pass key"
    raise AssertionError(f"no keyboard flow on screen for {screen.session.decision}")


async def _answer_dialog(pilot: Pilot, top: object) -> str | None:
    """The flow when a dialog is on top (the last choice, a name typed in part, the first
    cards, an order, an assignment); None when the game screen is."""
    if isinstance(top, ChoiceDialog):
        await pilot.press(top.options[-1][0])
        return "choice dialog"
    if isinstance(top, NameDialog):  # type part of a name, then Enter picks the first that fits
        await pilot.press(*top.names[0][:3].lower(), "enter")
        return "name dialog"
    if isinstance(top, PickCardsDialog):
        for letter in "abcdefg"[: top.count or 1]:
            await pilot.press(letter)
        await pilot.press("enter")
        return "pick cards dialog"
    if isinstance(top, OrderDialog):
        await pilot.press("b", "enter")
        return "order dialog"
    if isinstance(top, AssignDialog):
        await pilot.press("enter")
        return "assign dialog"
    return None


async def _answer_targets(pilot: Pilot, app: MtgApp, picker: TargetPicker, labels: list[str]) -> str:
    """The last letter; for "any number of targets" the first too; then the divide dialog if
    the damage is divided among them (601.2d)."""
    await pilot.press(labels[-1])
    if not picker.complete():
        await pilot.press(labels[0], "enter")
    if isinstance(app.screen, AssignDialog):
        await pilot.press("enter")
        return "target letters, then the divide dialog"
    return "target letters"


@pytest.mark.asyncio
@pytest.mark.parametrize("position", ALL, ids=[f"{p.shape}-{p.rules}" for p in ALL])
async def test_each_decision_shape_is_answered_by_keys(position: DecisionPosition) -> None:
    game = position.game()
    d = game.decision
    assert d is not None
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game_screen(app).game.decision is d, f"the client answered {d.shape} without asking"
        before = len(game.record)
        flow = await answer_by_keys(pilot, app)
        await pilot.pause()
        game = game_screen(app).game
        assert len(game.record) > before, f"{d.shape}: the {flow} sent nothing"
        first = game.record[before]
        assert first.player == d.player and d.answered_by(first), f"{d.shape}: the {flow} sent {first}"


# ------------------------------------------------------------------ the two sequences players hit
def _letter(app: MtgApp, name: str, player: str) -> str:
    screen = game_screen(app)
    labels, _ = screen.labels(screen.current_board())
    for ref, letter in labels.items():
        o = screen.game.objects.get(ref) if isinstance(ref, int) else None
        if o is not None and o.name == name and o.controller == player:
            return letter
    raise AssertionError(f"no letter for {player}'s {name} in {labels}")


async def _select_mine(pilot: Pilot, app: MtgApp, name: str) -> None:
    screen = game_screen(app)
    # (responding, the cursor starts on the stack: left goes to the board)
    await press_until(pilot, lambda: "left" if screen.zone in ("stack", "log") else "up",
                      lambda: screen.zone == "mine", "your battlefield")
    items = screen.current_board().items("mine")
    index = next(i for i, item in enumerate(items) if item.card.name == name)
    await press_until(pilot, "right", lambda: screen.cursor["mine"] == index, name)


@pytest.mark.asyncio
async def test_puzzle_12_by_keys_sacrifices_a_goblin_in_the_choose_dialog_2009(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Block with both Goblins, let damage go on the stack (310.1), activate Siege-Gang
    Commander at the Craw Wurm and pick the Goblin to sacrifice (a choice of an object on
    the battlefield, 602.2b): this sequence used to crash the client."""
    from mtg_tui.practice import find_puzzle
    from mtg_tui.practice_app import PracticeApp
    from mtg_tui.screens.practice import VerdictScreen
    from rules.play.puzzle import SOLVED

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = PracticeApp(find_puzzle("12"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = game_screen(app).game
        assert game.decision.kind == "blockers"
        goblins = [o.id for o in game.permanents("alice") if o.name == "Raging Goblin"]
        labels = game_screen(app).labels(game_screen(app).current_board())[0]
        for goblin in goblins:
            await pilot.press(labels[goblin])  # a blocker, then the attacker it blocks
            await pilot.press(_letter(app, "Craw Wurm", "bob"))
        await pilot.press("enter")
        for _ in range(4):  # pass until bob's combat damage is on the stack (2009: 310.1)
            if any(it.kind == "combat_damage" for it in game_screen(app).game.stack):
                break
            await pilot.press("space")
        game = game_screen(app).game
        assert [it.kind for it in game.stack] == ["combat_damage"] and game.decision.player == "alice"
        await _select_mine(pilot, app, "Siege-Gang Commander")
        await pilot.press("enter")
        await pilot.press(_letter(app, "Craw Wurm", "bob"))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog), f"no choose dialog: {game.decision}"
        key = next(k for k, label, _ in dialog.options if "Raging Goblin" in label)
        await pilot.press(key)
        await pilot.pause()
        for _ in range(6):
            if isinstance(app.screen, VerdictScreen):
                break
            await pilot.press("space")
            await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and app.screen.status == SOLVED


@pytest.mark.asyncio
async def test_rampant_growth_fetches_the_chosen_land_by_keys_701_16a() -> None:
    from conftest import position

    game = position({"alice": {"hand": ["Rampant Growth"], "battlefield": ["Forest", "Forest"],
                               "library": ["Plains", "Forest", "Island"]}, "bob": {"battlefield": []}})
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # cast the only card in hand; nobody can respond: it resolves
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [label for _, label, _ in dialog.options][-1] == "find nothing"  # a basic land card: 701.16b
        assert sorted(label for _, label, _ in dialog.options[:-1]) == ["Forest", "Island", "Plains"]
        await pilot.press(next(k for k, label, _ in dialog.options if label == "Island"))
        await pilot.pause()
        assert sorted(o.name for o in game_screen(app).game.permanents("alice")) == ["Forest", "Forest", "Island"]
