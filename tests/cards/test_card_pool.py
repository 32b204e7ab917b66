"""The card pool: data files without duplicates, Magic 2010 complete, the required cards fully
supported and each tested by a scenario, the bundled decks playable."""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter

from click.testing import CliRunner

from mtg_tui.cli.commands import main
from mtg_tui.persistence.decklists import bundled_decks
from mtg_tui.persistence.precons import precon_of
from rules.cards import card_names, card_set, data_files, get_card
from rules.cards.model import CardDef
from rules.play.decklist import parse_deck

from paths import REFERENCE_JSON, SCENARIOS as SCENARIOS_DIR

SCENARIOS = SCENARIOS_DIR
REFERENCE = REFERENCE_JSON

# issue 4: these must be fully supported, each with a behaviour test
REQUIRED = """Plains, Island, Swamp, Mountain, Forest, Lightning Bolt, Giant Growth, Unsummon, Divination,
Cancel, Essence Scatter, Negate, Doom Blade, Sign in Blood, Lava Axe, Pyroclasm, Earthquake,
Overrun, Howl of the Night Pack, Might of Oaks, Mind Rot, Naturalize, Angel's Mercy, Assassinate,
Centaur Courser, Runeclaw Bear, Silvercoat Lion, Elite Vanguard, Goblin Piker, Siege Mastodon,
Craw Wurm, Horned Turtle, Zombie Goliath, Coral Merfolk, Raging Goblin, Serra Angel, Wind Drake,
Giant Spider, Stampeding Rhino, Viashino Spearhunter, Deadly Recluse, Child of Night, Bog Wraith,
White Knight, Black Knight, Mist Leopard, Phantom Warrior, Wall of Bone, Palace Guard,
Great Sable Stag, Ball Lightning, Llanowar Elves, Birds of Paradise, Prodigal Pyromancer,
Royal Assassin, Cudgel Troll, Drudge Skeletons, Shivan Dragon, Elvish Visionary, Sparkmage
Apprentice, Soul Warden, Gravedigger, Howling Banshee, Goblin Chieftain, Elvish Archdruid,
Honor of the Pure, Pacifism, Weakness, Holy Strength, Unholy Strength, Gorgon Flail,
Whispersilk Cloak, Garruk Wildspeaker, Chandra Nalaar, Nightmare"""
REQUIRED_CARDS = [n.strip() for n in " ".join(REQUIRED.split()).split(",")]


def test_every_card_name_appears_once_across_the_data_files() -> None:
    names = Counter(raw["name"] for _, doc in data_files() for raw in doc.get("cards", []))
    assert [n for n, k in names.items() if k > 1] == []


def test_magic_2010_is_complete() -> None:
    m10 = {n for n in card_names() if "M10" in get_card(n).sets}
    assert len(m10) == 234
    if REFERENCE.is_file():
        ref = {c["name"] for c in json.loads(REFERENCE.read_text())["cards"] if "M10" in c["sets"]}
        assert m10 == ref


def test_required_cards_are_fully_supported() -> None:
    assert len(REQUIRED_CARDS) == 75
    partial = {n: get_card(n).unsupported for n in REQUIRED_CARDS if not get_card(n).supported}
    assert partial == {}


def test_at_least_150_magic_2010_cards_are_fully_supported() -> None:
    m10 = [get_card(n) for n in card_names() if "M10" in get_card(n).sets]
    assert sum(c.supported for c in m10) >= 150


def test_each_required_card_has_a_scenario_named_after_it() -> None:
    names = [tomllib.loads(p.read_text())["name"] for p in sorted(SCENARIOS.glob("card_*.toml"))]
    untested = [c for c in REQUIRED_CARDS
                if not any(re.search(rf"(^|[ ,(]){re.escape(c)}([ ,:)]|$)", n) for n in names)]
    assert untested == []


def test_bundled_decks_are_sixty_fully_supported_cards() -> None:
    """Sixty each, but an official precon: the size it was sold at (40 or 41)."""
    decks = bundled_decks()
    assert len(decks) >= 4
    assert {"red-green", "white-blue", "mono-black"} <= set(decks)
    for name, text in decks.items():
        deck = parse_deck(text, name)
        found = precon_of(name)
        assert len(deck) == (found[0].size if found else 60), name
        assert [c for c in set(deck.cards) if not get_card(c).supported] == [], name
        assert all(k <= 4 for c, k in Counter(deck.cards).items() if not get_card(c).is_type("Land")), name


def _a_partial_card(card: CardDef) -> tuple[str, str, str]:
    """(set, name, first unsupported sentence) of a partial card of the pool."""
    return card_set(card.name), card.name, card.unsupported[0]


def test_cards_command_reports_a_set_as_json(partial_card: CardDef) -> None:
    r = CliRunner().invoke(main, ["cards", "--set", "M10", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert {"total", "supported", "partial", "cards"} <= set(data)
    assert data["total"] == 234 == data["supported"] + data["partial"]
    assert data["partial"] == 0  # every card of Magic 2010 is fully supported
    where, name, _ = _a_partial_card(partial_card)
    data = json.loads(CliRunner().invoke(main, ["cards", "--set", where, "--json"]).output)
    card = next(c for c in data["imported"]["cards"] if c["status"] == "partial")
    assert set(card) == {"name", "set", "sets", "status", "unsupported"}
    assert card["set"] == where and card["unsupported"]


def test_cards_command_lists_partial_cards_and_their_sentences(partial_card: CardDef) -> None:
    r = CliRunner().invoke(main, ["cards", "--set", "M10"])
    assert r.exit_code == 0
    assert r.output.startswith("M10: 234 cards, 234 fully supported, 0 partial")
    whole = CliRunner().invoke(main, ["cards"]).output
    assert "all: 782 cards, 782 fully supported, 0 partial" in whole  # the bundled pool, every card
    where, name, sentence = _a_partial_card(partial_card)
    r = CliRunner().invoke(main, ["cards", "--set", where])
    assert f"  {name} ({where})\n    - {sentence}" in r.output
    assert CliRunner().invoke(main, ["cards", "--set", "XYZ"]).exit_code != 0
