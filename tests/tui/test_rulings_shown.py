"""Official rulings kept from the player's imported files, in the client: under the card in the
card panel (the count always, the rulings as the panel's height allows), and at the end of a
puzzle's explanation.  The ruling texts are samples in our own words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import app_for, game_screen, position, screen_text

from mtg_tui.persistence.card_pool import import_file
from mtg_tui.practice import find_puzzle, puzzle_cards
from mtg_tui.practice_app import PracticeApp
from mtg_tui.screens.practice import PracticeScreen, VerdictScreen
from rules.play.puzzle import SOLVED

pytestmark = pytest.mark.asyncio

BEAR_NOTES = [{"date": "2010-06-01", "text": "The later sample note on the bear."},
              {"date": "2009-07-01", "text": "The earlier sample note on the bear."}]


def import_notes(tmp_path: Path, notes: dict[str, list[dict[str, str]]]) -> None:
    """An MTGJSON set file of bundled cards carrying our rulings, imported."""
    cards: list[dict[str, Any]] = [{"name": name, "type": "Creature — Bear", "manaCost": "{1}{G}", "power": "2",
                                    "toughness": "2", "setCode": "M10", "rulings": rulings}
                                   for name, rulings in notes.items()]
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"meta": {}, "data": {"code": "M10", "cards": cards}}), encoding="utf-8")
    import_file(path)


def detail_text(app: Any) -> str:
    return game_screen(app).query_one("#detail").render().plain  # type: ignore[no-any-return, union-attr]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_card_panel_shows_the_selected_cards_rulings(tmp_path: Path, size: tuple[int, int]) -> None:
    import_notes(tmp_path, {"Runeclaw Bear": BEAR_NOTES})
    game = position({"alice": {"hand": ["Runeclaw Bear", "Forest"]}, "bob": {}}, active="alice")
    app = app_for(game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Rulings (from notes.json): 2" in text and "2 rulings ─╯" in text  # the count on its border
        if size == (120, 40):  # room for both, oldest first
            assert text.index("2009-07-01 The earlier sample note") < text.index("2010-06-01 The later sample note")
        await pilot.press("l")  # the Forest: no rulings
        await pilot.pause()
        assert "Forest" in detail_text(app) and "Rulings" not in screen_text(app)
        assert "rulings ─╯" not in screen_text(app)


async def test_a_small_panel_keeps_the_count_and_says_how_many_more(tmp_path: Path) -> None:
    notes = [{"date": f"2010-01-{d:02}", "text": f"Sample note number {d} " + "on the bear " * 6} for d in range(1, 9)]
    import_notes(tmp_path, {"Runeclaw Bear": notes})
    app = app_for(position({"alice": {"hand": ["Runeclaw Bear", "Forest"]}, "bob": {}}, active="alice"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Rulings (from notes.json): 8" in text
        assert "more: mtg-tui cards show" in text and "Sample note number 8" not in text
        assert "8 rulings ─╯" in text


async def test_a_puzzles_explanation_ends_with_its_cards_rulings(tmp_path: Path) -> None:
    puzzle = find_puzzle("1")  # Giant Growth on a Runeclaw Bear, in answer to a Lightning Bolt
    assert "Runeclaw Bear" in puzzle_cards(puzzle)
    import_notes(tmp_path, {"Runeclaw Bear": BEAR_NOTES, "Craw Wurm": [{"date": "2011-01-01",
                                                                        "text": "A note on a card not in it."}]})
    app = PracticeApp(puzzle)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, PracticeScreen))
        await pilot.press("enter")  # Giant Growth, the only card in hand
        labels, _ = screen.labels(screen.current_board())
        bear = next(o.id for o in screen.game.permanents("alice") if o.name == "Runeclaw Bear")
        await pilot.press(labels[bear])
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and app.screen.status == SOLVED
        text = screen_text(app)
        why = text.index("Why:")
        heading = text.index("Rulings (from notes.json)")
        assert why < heading < text.index("Runeclaw Bear 2009-07-01 The earlier sample note") \
            < text.index("Runeclaw Bear 2010-06-01 The later sample note")
        assert "A note on a card not in it." not in text
