"""`mtg-tui deck convert` and `mtg-tui deck check`, and decks of every format where a deck is
named on the command line (`mtg-tui play deck.dck other.cod`)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mtg_tui.cli.launch as launch
from mtg_tui.cli.commands import main
from mtg_tui.persistence.decklists import load_deck
from rules.play.deck_formats import read_deck, read_deck_file

from paths import SHARED

SAMPLES = Path(__file__).resolve().parent.parent / "play" / "deck_samples"
PRECON = SHARED / "data" / "precons" / "cockatrice" / "ArcanisSGuile_10E.cod"


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args))
    assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit)), r.output
    return r.exit_code, r.output


@pytest.mark.parametrize("fmt, ext", [("txt", ".txt"), ("arena", ".txt"), ("mtgo", ".txt"), ("dek", ".dek"),
                                      ("forge", ".dck"), ("xmage", ".dck"), ("cod", ".cod")])
def test_convert_prints_the_deck_in_the_format_asked(fmt: str, ext: str) -> None:
    code, out = run("deck", "convert", str(SAMPLES / "forge.dck"), "--to", fmt)
    assert code == 0
    deck, start = read_deck(out, "out" + ext), read_deck_file(SAMPLES / "forge.dck")
    assert Counter(deck.cards) == Counter(start.cards) and Counter(deck.sideboard) == Counter(start.sideboard)


def test_convert_writes_a_file_whole_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "beats.cod"
    out.write_text("an older file\n")
    code, output = run("deck", "convert", str(SAMPLES / "mtgo.txt"), "--to", "cod", "-o", str(out))
    assert code == 0 and f"wrote {out} (cod: main deck 60, sideboard 15)" in output
    assert out.read_text().startswith('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">')
    assert len(read_deck_file(out).sideboard) == 15
    assert sorted(p.name for p in tmp_path.iterdir()) == ["beats.cod"]


def test_convert_never_overwrites_its_input(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    text = (SAMPLES / "plain.txt").read_text()
    deck.write_text(text)
    code, out = run("deck", "convert", str(deck), "--to", "mtgo", "-o", str(deck))
    assert code == 1 and "that is the file being converted" in out
    assert deck.read_text() == text


def test_convert_of_a_broken_file_is_one_error_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cod"
    bad.write_text('<cockatrice_deck version="1">\n<zone name="main">\n<card number="x" name="Shock"/>')
    code, out = run("deck", "convert", str(bad), "--to", "txt")
    assert code == 1 and out.count("\n") == 1
    assert out.startswith(f"Error: {bad}: line 3: not well-formed XML")
    code, out = run("deck", "convert", str(tmp_path / "missing.dck"), "--to", "txt")
    assert code == 1 and "can't read the file" in out


def test_check_a_legal_deck_exits_0_and_shows_counts_curve_and_sources() -> None:
    code, out = run("deck", "check", str(SAMPLES / "xmage.dck"))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Red-Green Beats: main deck 60 cards, sideboard 15 cards"
    assert lines[1] == "legal under the 2014 rules (rule 100.2a)"
    assert "every card is fully supported" in lines
    assert "mana curve (non-land cards by mana value): 0:0  1:11  2:4  3:10  4:5  5:3  6:3  7+:0" in lines
    assert "lands: 24; colour sources (lands making each colour): R:14  G:14" in lines


def test_check_a_40_card_precon_is_not_legal_exit_1() -> None:
    if not PRECON.is_file():
        pytest.skip("../shared/data/precons is absent")
    code, out = run("deck", "check", str(PRECON), "--rules", "2009")
    assert code == 1
    assert out.splitlines()[1] == "NOT legal under the 2009 rules (rule 100.2): 40 cards, at least 60 are needed"


def test_check_the_sideboard_rules_differ_by_era_100_4a(tmp_path: Path) -> None:
    deck = tmp_path / "big.txt"
    deck.write_text("56 Mountain\n4 Lightning Bolt\n\nSideboard\n1 Lightning Bolt\n15 Shock\n")
    code, out = run("deck", "check", str(deck))
    assert code == 1
    assert out.splitlines()[1] == ("NOT legal under the 2014 rules (rule 100.2a): too many copies: 5 Lightning Bolt "
                                   "(at most 4), 15 Shock (at most 4) counting the sideboard (100.4a); "
                                   "a sideboard of 16 cards, at most 15 (100.4a)")
    code, out = run("deck", "check", str(deck), "--rules", "2009")  # no sideboard rule in Feb 2009
    assert code == 0, out


def test_check_lists_every_unknown_card_with_suggestions_and_partial_cards(tmp_path: Path, partial_card: Any) -> None:
    partial = partial_card
    deck = tmp_path / "typos.dck"
    deck.write_text(f"[Main]\n4 Lightning Blot|M10\n52 Mountain|M10\n4 {partial.name}\n[Sideboard]\n2 Shockk\n")
    code, out = run("deck", "check", str(deck))
    assert code == 1
    assert "2 unknown cards" in out.splitlines()[1]
    assert "  line 2: 4 Lightning Blot: unknown card 'Lightning Blot' (did you mean Lightning Bolt" in out
    assert "  line 6: 2 Shockk: unknown card 'Shockk' (did you mean Shock?)" in out
    assert f"  {partial.name}: \"{partial.unsupported[0]}\"" in out


def test_check_reads_forge_and_xmage_files_as_they_write_them_and_says_what_it_read_past() -> None:
    code, out = run("deck", "check", str(SAMPLES / "forge_duel.dck"))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[:3] == ["Red-Green Beats: main deck 60 cards, sideboard 15 cards",
                         "legal under the 2014 rules (rule 100.2a)",
                         "read past: [Planes] (2 cards: a planar deck, which no game here uses)"]
    for name in ("forge_quest.dck", "xmage_mage.dck"):
        code, out = run("deck", "check", str(SAMPLES / name))
        assert code == 0 and out.startswith("Red-Green Beats: main deck 60 cards, sideboard 15 cards\n"), out
        assert "read past" not in out


def test_load_deck_reads_every_format_so_play_and_goldfish_take_them(tmp_path: Path) -> None:
    for name in ("arena.txt", "mtgo.txt", "mtgo.dek", "forge.dck", "xmage.dck", "cockatrice.cod", "magarena.dec"):
        deck = load_deck(str(SAMPLES / name))
        assert len(deck.cards) == 60, name
    code, out = run("goldfish", str(SAMPLES / "cockatrice.cod"), "--games", "2", "--json")
    assert code == 0, out


def test_play_takes_a_forge_and_a_cockatrice_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list = []
    monkeypatch.setattr(launch, "run_app", lambda config=None: started.append(config))
    code, out = run("play", str(SAMPLES / "forge.dck"), str(SAMPLES / "cockatrice.cod"), "--names", "ann,ben")
    assert code == 0, out
    assert Counter(started[0].cards["ann"]) == Counter(read_deck_file(SAMPLES / "forge.dck").cards)
    assert len(started[0].cards["ben"]) == 60  # the main deck: the sideboard stays out of the library
