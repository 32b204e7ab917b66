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
