"""The board's text: lands folded, attachments beside their host, chips never split."""

from __future__ import annotations

from conftest import position
from rich.text import Text

from mtg_tui.grouping import CardFacts, group_battlefield
from mtg_tui.render import card_detail, wrap_chips
from mtg_tui.widgets.phase_bar import phase_text


def test_identical_untouched_lands_fold_into_one_chip() -> None:
    game = position({"alice": {"battlefield": ["Forest", "Forest", {"card": "Forest", "tapped": True},
                                               "Mountain", "Runeclaw Bear"]}, "bob": {}})
    cards = game.view("alice").players[0].battlefield
    groups = group_battlefield(cards, {c.id: c.name for c in cards})
    assert [(g.card.name, g.count, g.row) for g in groups] == [
        ("Runeclaw Bear", 1, "creature"), ("Forest", 2, "land"), ("Forest", 1, "land"), ("Mountain", 1, "land")]


def test_an_aura_follows_what_it_enchants_and_names_it() -> None:
    game = position({"alice": {"battlefield": ["Runeclaw Bear", "Elite Vanguard",
                                               {"card": "Holy Strength", "attached_to": "Runeclaw Bear"}]},
                     "bob": {}})
    cards = game.view("alice").players[0].battlefield
    groups = group_battlefield(cards, {c.id: c.name for c in cards})
    assert [(g.card.name, g.host) for g in groups] == [
        ("Runeclaw Bear", ""), ("Holy Strength", "Runeclaw Bear"), ("Elite Vanguard", "")]


def test_chips_wrap_as_whole_units() -> None:
    chips = [Text("Centaur Courser 3/3"), Text("Runeclaw Bear 2/2"), Text("Llanowar Elves 1/1")]
    lines = wrap_chips(chips, 40)
    assert [line.plain for line in lines] == ["Centaur Courser 3/3  Runeclaw Bear 2/2", "Llanowar Elves 1/1"]


def test_the_detail_lists_what_the_engine_does_not_enforce() -> None:
    text = card_detail(CardFacts("Clone", "{3}{U}", "Creature — Shapeshifter", "...", ("You may have Clone enter ...",),
                                 "0", "0")).plain
    assert "not enforced by the engine" in text and "You may have Clone" in text


def test_the_phase_bar_fits_100_columns_and_marks_stops() -> None:
    t = phase_text(turn=12, active="alice", step="declare_blockers", priority="bob", stops={"main1", "end"},
                   own_turn=True, cursor=None, width=100)
    assert t.cell_len <= 100 and "•main1" in t.plain and "◆ bob" in t.plain


def test_rulings_under_a_card_fill_the_room_and_cut_the_last_one_short() -> None:
    from rich.console import Console

    from mtg_tui.render import rulings_text
    from rules.cards.card_files import Ruling

    notes = [Ruling("2010-01-01", "word " * 30), Ruling("2011-01-01", "A short one."),
             Ruling("2012-01-01", "Another.", "scryfall")]
    console = Console(width=30)
    def rows(room: int) -> list[str]:  # the rows under the card's last line
        return rulings_text([("M12.json", notes)], room, 30, console).plain.split("\n")[1:]

    whole = rows(20)
    assert whole[:2] == ["", "Rulings (from M12.json): 3"]
    assert whole[-2:] == ["2011-01-01 A short one.", "2012-01-01 (scryfall) Another."]
    cut = rows(6)
    assert len(cut) == 6 and cut[1] == "Rulings (from M12.json): 3"
    assert cut[-2].endswith("…") and len(cut[-2]) <= 30 and cut[-1] == "… 2 more: mtg-tui cards show"
    assert rows(3) == ["", "Rulings (from M12.json): 3", "… 3 more: mtg-tui cards show"]
