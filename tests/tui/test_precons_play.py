"""The bundled precons open as they were sold (issue 28): a 40- or 41-card precon is below the
60-card minimum (2014 CR 100.2a, 2009 CR 100.2) yet plays without --allow-illegal, and the CLI
and the client say so; a player's own 40-card file still needs --allow-illegal.  A precon is
named by its deck name or its product name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import SIZE, game_screen
from textual.widgets import Input

import mtg_tui.cli.launch as launch
from mtg_tui.app import MtgApp
from mtg_tui.cli.commands import main
from mtg_tui.config import GameConfig, IllegalDeck
from mtg_tui.persistence import decklists
from mtg_tui.persistence.decklists import bundled_decks, load_deck
from mtg_tui.persistence.precons import PRODUCT_LINES
from mtg_tui.screens.menu import NewGameScreen
from rules.play.decklist import DeckError
from rules.play.simulate import round_robin, scheduled_decks

NOTICE = "Arcanis's Guile is a 40-card Tenth Edition theme deck: played as sold, below the 60-card minimum (100.2a)"


def run(*args: str) -> Any:
    r = CliRunner().invoke(main, list(args))
    assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit)), r.output
    return r


@pytest.mark.parametrize("ref", ["arcaniss-guile", "Arcanis's Guile", "ARCANIS'S GUILE", "arcaniss guile",
                                 "Arcanis Guile", "Arcanis\u2019s Guile"])
def test_a_precon_is_named_by_its_deck_or_its_product_name(ref: str) -> None:
    deck = load_deck(ref)
    assert deck.name == "arcaniss-guile" and deck.cards == load_deck("arcaniss-guile").cards


def test_an_unknown_name_is_one_line_naming_the_closest_decks_and_where_they_are_listed() -> None:
    with pytest.raises(DeckError) as e:
        load_deck("Arcanis's Guild")
    assert str(e.value) == ("no deck called \"Arcanis's Guild\" (did you mean arcaniss-guile?): `mtg-tui decks` "
                            "lists the bundled decks by group (the new-game form too), or give the path of a deck file")
    with pytest.raises(DeckError, match=r"^no deck called 'zzz': `mtg-tui decks` lists"):
        load_deck("zzz")


@pytest.mark.parametrize("ruleset, rule", [("2014", "100.2a"), ("2009", "100.2")])
def test_a_40_card_precon_is_legal_as_sold_and_says_so(ruleset: str, rule: str) -> None:
    cfg = GameConfig("hotseat", ("Arcanis's Guile", "we-are-legion"), ruleset=ruleset).checked()
    assert [len(cards) for cards in cfg.cards.values()] == [40, 41]
    assert cfg.notices == (NOTICE.replace("100.2a", rule),
                           f"We Are Legion is a 41-card Magic 2010 Intro Pack: played as sold, below the 60-card "
                           f"minimum ({rule})")
    assert GameConfig("goldfish", ("blades-of-victory",)).checked().notices == ()  # 60 cards: nothing to say


def test_a_players_own_40_card_file_still_needs_allow_illegal(tmp_path: Path) -> None:
    mine = tmp_path / "arcaniss-guile.txt"
    mine.write_text(bundled_decks()["arcaniss-guile"], encoding="utf-8")
    with pytest.raises(IllegalDeck, match="40 cards, at least 60"):
        GameConfig("goldfish", (str(mine),)).checked()
    assert GameConfig("goldfish", (str(mine),), allow_illegal=True).checked().notices == ()


def test_the_copy_limit_still_holds_for_a_precon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bundled precon file with five of a card is refused: only the size is as sold (100.2a)."""
    (tmp_path / "arcaniss-guile.txt").write_text("5 Boomerang\n35 Island\n", encoding="utf-8")
    monkeypatch.setattr(decklists, "decks_dir", lambda: tmp_path)
    with pytest.raises(IllegalDeck, match="5 Boomerang"):
        GameConfig("goldfish", ("arcaniss-guile",)).checked()


def test_the_commands_open_a_precon_without_allow_illegal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started: list[GameConfig] = []
    monkeypatch.setattr(launch, "run_app", lambda config=None: started.append(config))
    r = run("goldfish", "arcaniss-guile", "--seed", "1")
    assert r.exit_code == 0 and f"note: {NOTICE}" in r.output
    assert started[0].notices == (NOTICE,)
    r = run("simulate", "Arcanis's Guile", "firebomber", "--games", "1", "--check")
    assert r.exit_code == 0 and "errors: 0" in r.output and NOTICE in r.output
    r = run("goldfish", "kamahls-temper", "--games", "2", "--json")
    assert r.exit_code == 0 and "Kamahl's Temper is a 40-card" in r.output
    mine = tmp_path / "mine.txt"
    mine.write_text(bundled_decks()["arcaniss-guile"], encoding="utf-8")
    r = run("simulate", str(mine), "firebomber", "--games", "1")
    assert r.exit_code == 1 and "40 cards, at least 60 are needed; --allow-illegal plays it anyway" in r.output


def test_deck_check_says_a_precon_is_legal_as_sold() -> None:
    r = run("deck", "check", "arcaniss-guile", "--rules", "2009")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == NOTICE.replace("100.2a", "100.2")
    assert "legal as sold under the 2009 rules: 40 cards" in r.output
    r = run("deck", "check", "Blades of Victory")
    assert r.exit_code == 0 and "legal under the 2014 rules (rule 100.2a)" in r.output


@pytest.mark.asyncio
async def test_the_form_says_what_a_precon_is_and_the_game_says_it_again() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#deck1", Input).value = "Arcanis's Guile"
        await pilot.pause()
        assert NOTICE in str(form.query_one("#deck-notice").render())
        await pilot.press("enter")
        await pilot.pause()
        assert len(game_screen(app).session.game.player("alice").library) == 33  # 40, 7 drawn
        assert any(NOTICE in str(n.message) for n in app._notifications)


def test_decks_lists_the_bundled_decks_grouped_by_product_line() -> None:
    r = run("decks")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    headings = [line for line in lines if line and not line.startswith(" ")]
    assert headings == ["Decks of this project", "Tenth Edition theme decks", "Magic 2010 Intro Packs",
                        "Magic 2011 Intro Packs", "Magic 2012 Intro Packs"]
    line_of = {line.split()[0]: line for line in lines if line.startswith("  ")}
    assert len(line_of) == len(bundled_decks())
    assert line_of["arcaniss-guile"].split()[1:] == ["U", "40", "cards", "Arcanis's", "Guile"]
    assert line_of["we-are-legion"].split()[1:3] == ["WR", "41"]
    assert line_of["red-green"].split()[1:3] == ["RG", "60"]
    after = lines[lines.index("Magic 2011 Intro Packs") + 1:lines.index("Magic 2011 Intro Packs") + 6]
    assert [line.split()[0] for line in after] == ["blades-of-victory", "breath-of-fire", "power-of-prophecy",
                                                   "reign-of-vampirism", "stampede-of-beasts"]


def test_decks_json_has_each_groups_decks_with_product_colours_and_size() -> None:
    r = run("decks", "--json")
    assert r.exit_code == 0
    groups = json.loads(r.output)["groups"]
    assert [(g["title"], g["precons"], len(g["decks"])) for g in groups][1:] == [
        ("Tenth Edition theme decks", True, 5), ("Magic 2010 Intro Packs", True, 5),
        ("Magic 2011 Intro Packs", True, 5), ("Magic 2012 Intro Packs", True, 5)]
    assert groups[0]["precons"] is False and all(d["product"] == "" for d in groups[0]["decks"])
    firebomber = next(d for d in groups[2]["decks"] if d["name"] == "firebomber")
    assert firebomber["product"] == "Firebomber" and firebomber["colours"] == "UR" and firebomber["cards"] == 41
    assert firebomber["description"].startswith("Magic 2010 Intro Pack, red with blue")


@pytest.mark.asyncio
async def test_the_forms_deck_list_is_grouped_by_product_line() -> None:
    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        text = str(app.screen.query_one("#deck-choices").render())
        starts = [text.index(title + ": ") for title in
                  ("Decks of this project", "10E theme decks", "M10 Intro Packs", "M11 Intro Packs", "M12 Intro Packs")]
        assert starts == sorted(starts)
        assert "10E theme decks: arcaniss-guile, cho-mannos-resolve, evincars-tyranny, kamahls-temper, molimos-might" \
            in text.replace("\n", " ")
        assert text.index("red-green") < starts[1]  # the project's own decks first
        await pilot.press("tab")  # the keys are as they were: Tab to deck 2, Esc back
        assert app.focused is not None and app.focused.id == "deck2"


@pytest.mark.parametrize("ruleset, seed", [("2014", 0), ("2009", 10)])
def test_every_precon_plays_a_game_with_the_invariants_checked(ruleset: str, seed: int) -> None:
    """One round of the round robin (`simulate --precons`): ten games, every precon in one of
    them, each of the two rulesets a different round; no engine error, no broken invariant."""
    r = run("simulate", "--precons", "--games", "10", "--seed", str(seed), "--rules", ruleset, "--check", "--json")
    assert r.exit_code == 0, r.output
    result = json.loads(r.output)
    assert result["games"] == 10 and result["errors"] == 0 and result["error_details"] == []
    assert sum(result["wins"].values()) + result["draws"] == 10
    played = {name for line in PRODUCT_LINES for name in line.decks}
    assert set(result["wins"]) <= played


def test_the_precon_round_robin_seats_every_precon_in_its_first_ten_seeds() -> None:
    names = [name for line in PRODUCT_LINES for name in line.decks]
    schedule, decks = round_robin(names), {name: [] for name in names}
    for first in (0, 10):
        seated = [name for seed in range(first, first + 10) for name in scheduled_decks(schedule, decks, seed)]
        assert sorted(seated) == sorted(names)


def test_a_tournament_takes_precons_by_product_name_and_reports_their_deck_names() -> None:
    r = run("tournament", "--players", "random,easy", "--decks", "Arcanis's Guile", "We Are Legion", "--games", "2",
            "--check")
    assert r.exit_code == 0, r.output
    assert "arcaniss-guile vs we-are-legion: " in r.output and "errors: 0" in r.output
    assert "note: Arcanis's Guile is a 40-card Tenth Edition theme deck" in r.output
