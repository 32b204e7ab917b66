"""`mtg-tui`, `mtg-tui play`, `mtg-tui goldfish`: bad input is one clear line, never a
traceback; a terminal below 100x30 says how big it must be."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import screen_text

import mtg_tui.cli.launch as launch
from mtg_tui.app import MtgApp
from mtg_tui.cli.commands import main


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list:
    calls: list = []
    monkeypatch.setattr(launch, "run_app", lambda config=None: calls.append(config))
    return calls


def test_play_starts_a_checked_hotseat_game(started: list) -> None:
    r = CliRunner().invoke(main, ["play", "red-green", "white-blue", "--names", "ann,ben", "--seed", "4",
                                  "--rules", "2009", "--open"])
    assert r.exit_code == 0, r.output
    cfg = started[0]
    assert cfg.names == ("ann", "ben") and cfg.seed == 4 and cfg.ruleset == "2009" and cfg.open_hands
    assert cfg.cards["ann"] and cfg.cards["ben"]


def test_goldfish_and_the_bare_command(started: list) -> None:
    assert CliRunner().invoke(main, ["goldfish", "mono-black", "--mulligan", "london"]).exit_code == 0
    assert started[0].mode == "goldfish" and started[0].mulligan == "london"
    assert CliRunner().invoke(main, []).exit_code == 0
    assert started[1] is None  # the main menu


@pytest.mark.parametrize("args, message", [
    (["play", "no-such-deck", "red-green"], "no deck called 'no-such-deck'"),
    (["goldfish", "red-green", "--name", "two words"], "single words"),
    (["play", "red-green", "red-green", "--names", "al,al"], "different names"),
    # names are never silently dropped or cut: too many for the mode, or an empty one, is refused
    (["play", "red-green", "red-green", "--names", "a,b,c"],
     "a hotseat game has 2 players, so at most 2 names, not 3 (names are separated by commas): 'a', 'b', 'c'"),
    (["play", "red-green", "red-green", "--names", ",x"], "a player name can't be empty (names given: '', 'x')"),
    (["play", "red-green", "red-green", "--names", "ann,"], "a player name can't be empty (names given: 'ann', '')"),
    (["goldfish", "red-green", "--name", "ann,ben"],
     "a goldfish game has 1 player, so at most 1 name, not 2 (names are separated by commas): 'ann', 'ben'"),
    (["goldfish", "red-green", "--name", ""], "a player name can't be empty (names given: '')"),
    (["goldfish", "red-green", "--name", " "], "a player name can't be empty (names given: '')"),
])
def test_bad_input_is_one_clear_line(started: list, args: list[str], message: str) -> None:
    r = CliRunner().invoke(main, args)
    assert r.exit_code != 0 and message in r.output and "Traceback" not in r.output
    assert r.output.count("\n") == 1
    assert not started


@pytest.fixture
def small_deck(tmp_path: Path) -> Path:
    """A 40-card practice deck: too small for constructed play (100.2a)."""
    path = tmp_path / "practice.txt"
    path.write_text("36 Forest\n4 Runeclaw Bear\n")
    return path


@pytest.mark.parametrize("rules, rule", [("2014", "100.2a"), ("2009", "100.2")])
def test_play_and_goldfish_refuse_an_illegal_deck_naming_the_rule_100_2a_100_2(
        started: list, small_deck: Path, rules: str, rule: str) -> None:
    expected = (f"Error: practice is not a legal constructed deck (rule {rule}): 40 cards, at least 60 are needed; "
                "--allow-illegal plays it anyway\n")
    for args in (["play", "red-green", str(small_deck)], ["goldfish", str(small_deck)]):
        r = CliRunner().invoke(main, args + ["--rules", rules])
        assert r.exit_code == 1 and r.output == expected
    assert not started


def test_allow_illegal_plays_a_practice_deck_100_2a(started: list, small_deck: Path) -> None:
    assert CliRunner().invoke(main, ["play", "red-green", str(small_deck), "--allow-illegal"]).exit_code == 0
    assert CliRunner().invoke(main, ["goldfish", str(small_deck), "--allow-illegal"]).exit_code == 0
    hotseat, goldfish = started
    assert hotseat.allow_illegal and len(hotseat.cards["alice"]) == 60 and len(hotseat.cards["bob"]) == 40
    assert goldfish.allow_illegal and sorted(set(goldfish.cards["alice"])) == ["Forest", "Runeclaw Bear"]


def test_play_and_goldfish_refuse_a_deck_with_partial_cards_unless_allowed(started: list, tmp_path: Path,
                                                                          partial_card: Any) -> None:
    card = partial_card
    deck = tmp_path / "odd.txt"
    deck.write_text(f"56 Swamp\n4 {card.name}\n")
    sentences = " / ".join(f'"{s}"' for s in card.unsupported)
    for args in (["play", "red-green", str(deck)], ["goldfish", str(deck)]):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 1
        assert r.output == (f"Error: odd has 1 partial card whose sentences the engine doesn't carry out: "
                            f"{card.name}: {sentences}; "
                            "--allow-partial plays it anyway, those sentences done by hand (manual actions)\n")
    assert not started
    assert CliRunner().invoke(main, ["goldfish", str(deck), "--allow-partial"]).exit_code == 0
    (goldfish,) = started
    assert goldfish.allow_partial


def test_a_file_that_is_not_a_deck_is_summed_up(started: list, tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("\n".join(f"line {i}" for i in range(40)))
    r = CliRunner().invoke(main, ["goldfish", str(bad)])
    assert r.exit_code == 1 and "more problems" in r.output and r.output.count("\n") == 1


@pytest.mark.asyncio
async def test_a_small_terminal_says_how_big_it_must_be() -> None:
    app = MtgApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "needs a terminal of at least 100x30" in screen_text(app) and "This one is 80x24" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "New hotseat game" in screen_text(app)


@pytest.mark.asyncio
async def test_the_main_menu_opens_the_rules_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    from mtg_tui.screens.menu import MenuScreen
    from mtg_tui.screens.rules_ref import RulesScreen

    monkeypatch.delenv("MTG_TUI_CR_FILE", raising=False)
    app = MtgApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        for ch in "704.5g":
            await pilot.press(ch)
        await pilot.pause()
        assert "lethal" in screen_text(app) or "toughness" in screen_text(app)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.asyncio
async def test_the_new_game_form_refuses_an_illegal_deck_until_allowed_100_2a(small_deck: Path) -> None:
    from conftest import game_screen

    from mtg_tui.screens.menu import NewGameScreen

    app = MtgApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#deck1").value = str(small_deck)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form  # refused: still on the form, the reason in its error line
        text = screen_text(app)
        assert "practice is not a legal constructed deck (rule 100.2a): 40 cards, at least" in text
        error = " ".join(str(form.query_one("#form-error").render()).split())  # as shown, wrapped at the form's width
        assert "tick 'allow illegal decks' to play it anyway" in error
        for _ in range(10):  # Tab to the toggle
            if app.focused is not None and app.focused.id == "allow-illegal":
                break
            await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "allow-illegal"
        await pilot.press("space", "shift+tab", "enter")  # tick it, back to the seed field, start
        await pilot.pause()
        session = game_screen(app).session
        assert session.config is not None and session.config.allow_illegal
        assert sorted(set(session.config.cards["alice"])) == ["Forest", "Runeclaw Bear"]
