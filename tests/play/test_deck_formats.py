"""Deck files in the formats players have: every reader on real-shaped samples
(tests/play/deck_samples/), the MTGO blank-line sideboard, round trips between every pair of
formats, broken files (one clear line each), and the real precons in ../shared/data/precons."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rules.cards import get_card
from rules.play.deck_formats import EXTENSIONS, WRITERS, detect_format, read_deck, read_deck_file, write_deck
from rules.play.decklist import MAX_CHARS, DeckError, DeckList, UnknownEntry, parse_deck

from paths import SHARED

SAMPLES = Path(__file__).parent / "deck_samples"
PRECONS = SHARED / "data" / "precons"

MAIN = Counter({"Forest": 10, "Mountain": 10, "Rootbound Crag": 4, "Llanowar Elves": 4, "Runeclaw Bear": 4,
                "Centaur Courser": 4, "Prodigal Pyromancer": 2, "Fiery Hellhound": 2, "Giant Spider": 2,
                "Cudgel Troll": 2, "Stampeding Rhino": 2, "Craw Wurm": 2, "Shivan Dragon": 1,
                "Garruk Wildspeaker": 1, "Lightning Bolt": 4, "Giant Growth": 3, "Seismic Strike": 2, "Overrun": 1})
SIDE = Counter({"Naturalize": 3, "Pyroclasm": 3, "Plummet": 3, "Act of Treason": 2, "Shock": 4})

# each writer's format -> the sample written in it
SAMPLE_OF = {"txt": "plain.txt", "mtgo": "mtgo.txt", "arena": "arena.txt", "dek": "mtgo.dek", "forge": "forge.dck",
             "xmage": "xmage.dck", "cod": "cockatrice.cod"}
CARRIES_SET = {"arena", "forge", "xmage", "cod"}
CARRIES_NUMBER = {"arena", "xmage", "cod"}


def sample(name: str) -> DeckList:
    return read_deck_file(SAMPLES / name)


@pytest.mark.parametrize("name, fmt, deck_name", [
    ("plain.txt", "txt", "plain"), ("mtgo.txt", "txt", "mtgo"), ("arena.txt", "arena", "Red-Green Beats"),
    ("mtgo.dek", "dek", "mtgo"), ("forge.dck", "forge", "Red-Green Beats"), ("xmage.dck", "xmage", "Red-Green Beats"),
    ("cockatrice.cod", "cod", "Red-Green Beats"),
    # as the peers write them for themselves: Forge's quest precons ([shop]) and duels ([duel],
    # a [Planes] section), XMage's `//` comment and AUTHOR:, newer Cockatrice's extra elements
    ("forge_quest.dck", "forge", "Red-Green Beats"), ("forge_duel.dck", "forge", "Red-Green Beats"),
    ("xmage_mage.dck", "xmage", "Red-Green Beats"), ("cockatrice_new.cod", "cod", "Red-Green Beats"),
])
def test_every_sample_reads_to_the_same_main_deck_and_a_sideboard_apart(name: str, fmt: str, deck_name: str) -> None:
    path = SAMPLES / name
    assert detect_format(path.read_text(encoding="utf-8"), name) == fmt
    deck = read_deck_file(path)
    assert Counter(deck.cards) == MAIN and len(deck.cards) == 60
    assert Counter(deck.sideboard) == SIDE and len(deck.sideboard) == 15
    assert deck.name == deck_name


def test_magarena_reads_its_groups_as_one_main_deck_and_its_description() -> None:
    deck = sample("magarena.dec")
    assert Counter(deck.cards) == MAIN and deck.sideboard == []
    assert deck.description.startswith("Red-Green Beats: mana elves")


def test_printings_are_kept_where_the_format_gives_them() -> None:
    arena = {(e.name, e.section): e for e in sample("arena.txt").entries}
    assert (arena["Lightning Bolt", "main"].set, arena["Lightning Bolt", "main"].number) == ("M10", "146")
    assert (arena["Plummet", "side"].set, arena["Plummet", "side"].number) == ("M11", "194")
    xmage = {(e.name, e.section): e for e in sample("xmage.dck").entries}
    assert (xmage["Shock", "side"].set, xmage["Shock", "side"].number) == ("M12", "156")
    forge = {(e.name, e.section): e for e in sample("forge.dck").entries}
    assert forge["Shivan Dragon", "main"].foil and forge["Shivan Dragon", "main"].set == "M10"
    assert forge["Forest", "main"].art == "1" and forge["Mountain", "main"].art == "2"
    assert sample("forge.dck").description == "Mana elves into big green creatures, burn to clear the way."
    assert sample("cockatrice.cod").description == "Mana elves into big green creatures, burn to clear the way."
    dek = {(e.name, e.section): e for e in sample("mtgo.dek").entries}
    assert dek["Forest", "main"].cat_id == "31000"


def test_forge_reads_past_what_forge_keeps_for_itself_and_says_what_it_left_out() -> None:
    quest = sample("forge_quest.dck")
    assert quest.description.startswith('The "Red-Green Beats" deck') and quest.skipped == []
    duel = sample("forge_duel.dck")
    assert duel.description == "RG beatdown"
    assert duel.skipped == ["[Planes] (2 cards: a planar deck, which no game here uses)"]
    assert "Naya" not in duel.cards + duel.sideboard
    # the section names are Forge's, in any case; an empty [Schemes] is no news
    deck = read_deck("[metadata]\nName=x\n[SCHEMES]\n[Main]\n60 Mountain|M10\n[avatar]\n1 Some Avatar\n", "x.dck")
    assert len(deck.cards) == 60 and deck.skipped == ["[Avatar] (1 card: a Vanguard avatar, which no game here uses)"]


def test_a_dck_without_forge_sections_is_read_as_xmage_writes_it() -> None:
    text = "// a list for XMage\nNAME:Burn\n56 Mountain\n4 [M10:146] Lightning Bolt\nSB: 4 Shock\n"
    assert detect_format(text, "burn.dck") == "xmage"
    deck = read_deck(text, "burn.dck")
    assert (deck.name, len(deck.cards), deck.sideboard) == ("Burn", 60, ["Shock"] * 4)


def test_xmage_header_lines_are_read_past_but_keep_the_name() -> None:
    deck = sample("xmage_mage.dck")
    entries = {(e.name, e.section): e for e in deck.entries}
    assert (entries["Giant Growth", "main"].set, entries["Lightning Bolt", "main"].number) == ("", "146")
    deck = read_deck("//Created with Mage\nDESCRIPTION:x\nAUTHOR:y\nNAME:Z\n60 [M10:242] Mountain\n", "z.dck")
    assert deck.name == "Z" and len(deck.cards) == 60


def test_newer_cockatrice_elements_are_read_past_and_printings_kept() -> None:
    deck = sample("cockatrice_new.cod")
    shock = next(e for e in deck.entries if e.name == "Shock")
    assert (shock.set, shock.number, shock.section) == ("M12", "156", "side")
    assert deck.description == "Mana elves into big green creatures, burn to clear the way."


# The MTGO .txt: a blank line, no header, then the sideboard.  It used to be merged silently.

def test_mtgo_blank_line_starts_the_sideboard() -> None:
    deck = parse_deck("4 Lightning Bolt\n56 Mountain\n\n3 Shock\n")
    assert Counter(deck.cards) == {"Lightning Bolt": 4, "Mountain": 56}
    assert deck.sideboard == ["Shock"] * 3


def test_more_blank_lines_and_crlf_are_still_one_separator() -> None:
    deck = parse_deck("4 Lightning Bolt\r\n56 Mountain\r\n\r\n\r\n3 Shock\r\n\r\n")
    assert deck.sideboard == ["Shock"] * 3 and len(deck.cards) == 60


@pytest.mark.parametrize("text", [
    "# lands\n20 Mountain\n\n# spells\n4 Lightning Bolt\n",  # groups under comment headers
    "20 Mountain\n\n4 Lightning Bolt\n\n4 Shock\n",  # more than two blocks: a grouped list
    "20 Mountain\n\nSideboard\n4 Lightning Bolt\n\n4 Shock\n",  # an explicit header decides
])
def test_grouped_lists_are_not_mistaken_for_a_sideboard(text: str) -> None:
    deck = parse_deck(text)
    if "Sideboard" in text:
        assert deck.cards == ["Mountain"] * 20 and len(deck.sideboard) == 8
    else:
        total = sum(int(line.split()[0]) for line in text.splitlines() if line[:1].isdigit())
        assert len(deck.cards) == total and deck.sideboard == []


def test_sb_lines_companion_and_commander_sections() -> None:
    deck = parse_deck("Companion\n1 Shock (M12) 156\n\nDeck\n56 Mountain\n4 Lightning Bolt\nSB: 1 Shock\n")
    assert deck.companion == "Shock" and deck.sideboard == ["Shock"] and len(deck.cards) == 60
    deck = parse_deck("Commander\n1 Shivan Dragon\n\nDeck\n59 Mountain\n")
    assert deck.commander == ["Shivan Dragon"] and deck.cards == ["Mountain"] * 59


@pytest.mark.parametrize("spelling", ["AEther Adept", "Æther Adept", "aether adept", "AETHER ADEPT"])
def test_old_spellings_read_as_the_pools_name(spelling: str) -> None:
    for text, name in ((f"4 {spelling}\n", "a.txt"), (f"[Main]\n4 {spelling}|M11\n", "a.dck"),
                       (f'<cockatrice_deck version="1"><zone name="main"><card number="4" name="{spelling}"/></zone>'
                        "</cockatrice_deck>", "a.cod")):
        assert read_deck(text, name).cards == ["Aether Adept"] * 4


# Round trips: A -> B -> A gives the same deck, for every pair of formats.

def _printings(deck: DeckList) -> dict[tuple[str, str], tuple[str, str]]:
    return {(e.name, e.section): (e.set, e.number) for e in deck.listed()}


@pytest.mark.parametrize("a", list(WRITERS))
@pytest.mark.parametrize("b", list(WRITERS))
def test_round_trip_between_every_pair_of_formats(a: str, b: str) -> None:
    start = sample(SAMPLE_OF[a])
    there = read_deck(write_deck(start, b), "deck" + EXTENSIONS[b])
    back = read_deck(write_deck(there, a), "deck" + EXTENSIONS[a])
    assert Counter(back.cards) == Counter(start.cards) == MAIN
    assert Counter(back.sideboard) == Counter(start.sideboard) == SIDE
    before, after = _printings(start), _printings(back)
    for key, (set_code, number) in before.items():
        if set_code and a in CARRIES_SET and b in CARRIES_SET:
            assert after[key][0] == set_code, key
        if number and a in CARRIES_NUMBER and b in CARRIES_NUMBER:
            assert after[key][1] == number, key
    if a in {"arena", "forge", "xmage", "cod"} and b in {"arena", "forge", "xmage", "cod"}:
        assert back.name == start.name


def test_a_writer_that_needs_a_set_takes_it_from_the_card_data() -> None:
    deck = parse_deck("4 Centaur Courser\n4 Shock\n52 Forest\n")
    arena = write_deck(deck, "arena")
    assert "4 Centaur Courser (M10)" in arena and "4 Shock (M12)" in arena
    assert "4 Centaur Courser|M10" in write_deck(deck, "forge")
    assert "4 [M10:] Centaur Courser" in write_deck(deck, "xmage")
    assert get_card("Shock").sets[-1] == "M12"


def test_forge_keeps_foil_and_art_index_through_its_own_round_trip() -> None:
    text = write_deck(sample("forge.dck"), "forge")
    assert "1 Shivan Dragon+|M10" in text and "10 Forest|M10|1" in text
    assert read_deck(text, "x.dck").entries == sample("forge.dck").entries


def test_names_with_markup_survive_the_xml_formats() -> None:
    deck = DeckList("Gilt & <Greed> \"quoted\"", ["Mountain"] * 60, description="a & b < c")
    for fmt in ("cod", "dek"):
        back = read_deck(write_deck(deck, fmt), "x" + EXTENSIONS[fmt])
        assert back.cards == deck.cards
    assert read_deck(write_deck(deck, "cod"), "x.cod").name == deck.name


# Broken files: one clear line naming the file, the line and the problem; never a traceback.

BROKEN = [
    ("bad.cod", '<?xml version="1.0"?>\n<cockatrice_deck version="1">\n<zone name="main">\n'
                '<card number="2" name="Shock">\n</zone>\n</cockatrice_deck>\n',
     r"bad\.cod: line 5: not well-formed XML \(mismatched tag"),
    ("bad.dek", "<Deck>\n  <Cards Quantity=4 Name=\"Shock\"/>\n</Deck>\n",
     r"bad\.dek: line 2: not well-formed XML \(invalid token, column 19\)"),
    ("count.txt", "4 Lightning Bolt\nfour Mountain\n", r"count\.txt: line 2: 'four' is not a card count"),
    ("count.dck", "[Main]\nx Shock|M12\n", r"count\.dck: line 2: 'x' is not a card count"),
    ("count2.dck", "NAME:x\n4 [M10:1] Shock\nSB: two [M10:12] Shock\n",
     r"count2\.dck: line 3: 'two' is not a card count"),
    ("count.cod", '<cockatrice_deck version="1">\n<zone name="main">\n<card number="lots" name="Shock"/>\n</zone>\n'
                  "</cockatrice_deck>", r"count\.cod: line 3: 'lots' is not a card count"),
    ("count.dek", '<Deck>\n<Cards Quantity="-1" Sideboard="false" Name="Shock"/>\n</Deck>',
     r"count\.dek: line 2: '-1' is not a card count"),
    ("section.dck", "[metadata]\nName=x\n[Maybeboard]\n1 Shock|M12\n[Main]\n4 Shock|M12\n",
     r"section\.dck: line 3: unknown section '\[Maybeboard\]'"),
    ("metadata.dck", "[metadata]\nName=x\nno equals sign\n[Main]\n4 Shock|M12\n",
     r"metadata\.dck: line 3: expected 'Key=value' in \[metadata\]"),
    ("header.dck", "NAME:x\n4 [M10:146] Lightning Bolt\nSideboard: 2 Shock\n",
     r"header\.dck: line 3: 'Sideboard:' is not a card count"),
    ("zone.cod", '<cockatrice_deck version="1">\n<zone name="maybe">\n<card number="1" name="Shock"/>\n</zone>\n'
                 "</cockatrice_deck>", r"zone\.cod: line 2: unknown zone 'maybe'"),
    ("element.dek", "<Deck>\n<Card Quantity=\"1\" Name=\"Shock\"/>\n</Deck>",
     r"element\.dek: line 2: unknown element <Card>"),
    ("unknown.txt", "4 Lightning Blot\n", r"unknown\.txt: line 1: unknown card 'Lightning Blot'.*Lightning Bolt"),
    ("unknown.dck", "[Main]\n4 Lightning Blot|M10\n", r"unknown\.dck: line 2: unknown card 'Lightning Blot'"),
    ("unknown2.dck", "4 [M10:146] Lightning Blot\n", r"unknown2\.dck: line 1: unknown card 'Lightning Blot'"),
    ("unknown.cod", '<cockatrice_deck version="1"><zone name="main"><card number="1" name="Shockk"/></zone>'
                    "</cockatrice_deck>", r"unknown\.cod: line 1: unknown card 'Shockk'"),
    ("unknown.dec", ">A deck\n4 Shockk\n", r"unknown\.dec: line 2: unknown card 'Shockk'"),
    ("empty.txt", "", r"empty\.txt: the file is empty"),
    ("blank.dck", "\n  \n", r"blank\.dck: the file is empty"),
    ("nocards.cod", '<cockatrice_deck version="1"><deckname>x</deckname></cockatrice_deck>',
     r"nocards\.cod: the deck has no cards"),
    ("sideonly.txt", "Sideboard\n4 Shock\n", r"sideonly\.txt: the deck has no main deck, only a sideboard"),
    ("other.xml", "<html><body/></html>", r"other\.xml: line 1: XML but no deck file: found <html>"),
    ("bomb.cod", '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n'
                 '<cockatrice_deck><deckname>&lol2;</deckname></cockatrice_deck>', r"bomb\.cod: XML with a DTD"),
    ("junk.txt", "\x00\x01\x02garbage\x00", r"junk\.txt: binary data"),
    ("huge.txt", "1 Forest\n" * 30_000, r"huge\.txt: 270,000 characters is no deck list"),
    ("huge.cod", "<a>" + " " * MAX_CHARS + "</a>", r"huge\.cod: 200,007 characters is no deck list"),
    ("absurd.dck", "[Main]\n999999999 Forest|M10\n", r"absurd\.dck: line 2 .* brings the deck past 500 cards"),
    ("bool.dek", '<Deck><Cards Quantity="1" Sideboard="maybe" Name="Shock"/></Deck>',
     r"bool\.dek: line 1: Sideboard='maybe'"),
]


@pytest.mark.parametrize("name, text, message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_file_is_one_clear_line(name: str, text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message) as e:
        read_deck(text, name)
    assert "\n" not in str(e.value) and str(e.value).startswith(name)


def test_binary_and_non_utf8_files_are_refused_unparsed(tmp_path: Path) -> None:
    junk = tmp_path / "junk.cod"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(DeckError, match=r"junk\.cod: binary data, not a deck file"):
        read_deck_file(junk)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("4 \xc6ther Adept\n".encode("latin-1"))
    with pytest.raises(DeckError, match=r"latin\.txt: not UTF-8 text \(byte 2\)"):
        read_deck_file(latin)
    with pytest.raises(DeckError, match=r"nowhere\.dck: can't read the file"):
        read_deck_file(tmp_path / "nowhere.dck")


def test_unknown_cards_can_be_collected_instead_of_refused() -> None:
    unknown: list[UnknownEntry] = []
    deck = read_deck("[Main]\n4 Lightning Blot|M10\n56 Mountain|M10\n[Sideboard]\n1 Shockk\n", "x.dck", unknown)
    assert deck.cards == ["Mountain"] * 56
    assert unknown == [UnknownEntry(4, "Lightning Blot", 2, "main"), UnknownEntry(1, "Shockk", 5, "side")]


# The real files: official precons as Cockatrice and Magarena wrote them.

def _precon_files() -> list[Path]:
    return sorted(PRECONS.glob("*/*")) if PRECONS.is_dir() else []


@pytest.mark.skipif(not PRECONS.is_dir(), reason="../shared/data/precons is absent")
def test_every_real_precon_reads_to_40_41_or_60_known_cards() -> None:
    files = _precon_files()
    assert len(files) >= 22
    for path in files:
        deck = read_deck_file(path)
        assert len(deck.cards) in (40, 41, 60), path.name
        assert all(get_card(name).name == name for name in deck.cards)
        assert deck.sideboard == []
        if path.suffix == ".dec":
            assert deck.description.startswith(("Kamahl", "Cho-Manno")), path.name
        else:
            assert deck.name and deck.name != path.stem, path.name


@pytest.mark.skipif(not PRECONS.is_dir(), reason="../shared/data/precons is absent")
def test_a_precon_with_an_old_spelling_reads_as_the_pools_name() -> None:
    texts = {p: p.read_text(encoding="utf-8") for p in _precon_files()}
    old = [p for p, t in texts.items() if "AEther" in t]
    for path in old:
        deck = read_deck_file(path)
        assert any(name.startswith("Aether") for name in deck.cards)


def test_a_companion_listed_in_the_sideboard_too_is_not_doubled_where_it_has_no_section() -> None:
    deck = read_deck("Companion\n1 Shock (M12) 156\n\nDeck\n60 Mountain (M10) 242\n\nSideboard\n1 Shock (M12) 156\n",
                     "arena.txt")
    assert deck.companion == "Shock" and deck.sideboard == ["Shock"]
    for fmt in ("mtgo", "dek", "xmage", "cod"):
        assert read_deck(write_deck(deck, fmt), "x" + EXTENSIONS[fmt]).sideboard == ["Shock"], fmt
    only = read_deck("Companion\n1 Shock\n\nDeck\n60 Mountain\n", "arena.txt")
    assert read_deck(write_deck(only, "xmage"), "x.dck").sideboard == ["Shock"]
    assert read_deck(write_deck(only, "txt"), "x.txt").companion == "Shock"


COCKATRICE_PRECONS = PRECONS / "cockatrice"
MAGARENA_PRECONS = PRECONS / "magarena"


@pytest.mark.skipif(not COCKATRICE_PRECONS.is_dir(), reason="../shared/data/precons is absent")
@pytest.mark.parametrize("fmt", list(WRITERS))
def test_every_real_precon_converted_to_any_format_reads_back_its_main_deck(fmt: str) -> None:
    """`deck check` on an official precon in any format: the 20 Cockatrice precons, written in
    each format and read back, keep their 40, 41 or 60 cards and no sideboard."""
    files = sorted(COCKATRICE_PRECONS.glob("*.cod"))
    assert len(files) == 20
    for path in files:
        deck = read_deck_file(path)
        back = read_deck(write_deck(deck, fmt), path.stem + EXTENSIONS[fmt])
        assert len(back.cards) == len(deck.cards) and len(back.cards) in (40, 41, 60), (path.name, fmt)
        assert Counter(back.cards) == Counter(deck.cards) and back.sideboard == [], (path.name, fmt)


@pytest.mark.skipif(not MAGARENA_PRECONS.is_dir(), reason="../shared/data/precons is absent")
def test_the_magarena_precons_read_directly_to_40_cards() -> None:
    files = sorted(MAGARENA_PRECONS.glob("*.dec"))
    assert len(files) == 2
    for path in files:
        assert detect_format(path.read_text(encoding="utf-8"), path.name) == "dec"
        deck = read_deck_file(path)
        assert len(deck.cards) == 40 and deck.sideboard == [], path.name
