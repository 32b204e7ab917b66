"""`mtg-tui rules` and `mtg-tui practice`: output, where the rules file comes from, and clear
errors (never a traceback) for missing files and damaged progress."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.cli.commands import main
from mtg_tui.practice import Progress, find_puzzle

from paths import SEEDS

SEEDS = SEEDS


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("MTG_TUI_CR_FILE", raising=False)
    return tmp_path


def seed_file(prefix: str) -> str:
    found = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if not found:
        pytest.skip("seed documents not present")
    return str(found[0])


def seed_003() -> str:
    return seed_file("003")


def run(*args: str):  # noqa: ANN201
    r = CliRunner().invoke(main, list(args))
    assert "Traceback" not in r.output
    return r


# ------------------------------------------------------------------ rules
def test_rules_704_5g_from_the_projects_index() -> None:
    r = run("rules", "704.5g")
    assert r.exit_code == 0
    assert "704. State-Based Actions" in r.output
    assert "704.5g" in r.output and "= 420.5c in the 2009 rules" in r.output


def test_rules_mana_burn_from_seed_003() -> None:
    r = run("rules", "mana burn", "--cr-file", seed_003())
    assert r.exit_code == 0, r.output
    assert "(2009 numbering)" in r.output
    assert "300.3    When a phase ends (but not a step), any unused mana" in r.output
    assert "glossary: Mana Burn:" in r.output


def test_rules_704_5g_in_the_2009_file_is_translated_to_420_5c() -> None:
    r = run("rules", "704.5g", "--cr-file", seed_003())
    assert r.exit_code == 0, r.output
    assert "note: 704.5g (2014 numbering) is 420.5c in this file's 2009 numbering" in r.output
    assert "420. State-Based Effects" in r.output and "\n420.5c   " in r.output


def test_rules_704_5g_in_a_file_without_it_answers_from_the_index() -> None:
    r = run("rules", "704.5g", "--cr-file", seed_file("002"))  # seed 002: section 1 only
    assert r.exit_code == 0, r.output
    assert "note: this file has no rule 704.5g: from the project's index of the 2014 rules" in r.output
    assert "\n704.5g   " in r.output and "= 420.5c in the 2009 rules" in r.output


def test_rules_neither_the_file_nor_the_index_knows_exits_1() -> None:
    r = run("rules", "999.1", "--cr-file", seed_file("002"))
    assert r.exit_code == 1 and "nothing found for '999.1'" in r.output


def test_rules_game_action_is_its_own_glossary_entry_in_the_one_line_file() -> None:
    r = run("rules", "game action", "--cr-file", seed_003())
    assert r.exit_code == 0, r.output
    glossary = [line for line in r.output.splitlines() if line.startswith("glossary: ")]
    assert glossary[0].startswith("glossary: Game Action: ")
    assert not any(line.startswith("glossary: Free-for-All:") for line in glossary)


def test_rules_file_from_the_environment_or_the_settings(user_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_TUI_CR_FILE", seed_003())
    assert "420.5c" in run("rules", "704.5g", "--rules", "2014").output  # translated into the file's numbering
    monkeypatch.delenv("MTG_TUI_CR_FILE")
    settings = user_dirs / "config" / "mtg-tui" / "config.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text(f'cr_file = "{seed_003()}"\n')
    assert "(2009 numbering)" in run("rules", "regenerate").output


def test_rules_with_a_missing_file_is_a_clear_error(user_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = run("rules", "704.5g", "--cr-file", str(user_dirs / "nope.txt"))
    assert r.exit_code == 1 and "no rules file at" in r.output and "--cr-file" in r.output
    monkeypatch.setenv("MTG_TUI_CR_FILE", str(user_dirs / "gone.txt"))
    r = run("rules", "704.5g")
    assert r.exit_code == 1 and "MTG_TUI_CR_FILE" in r.output


def test_rules_with_a_damaged_settings_file_warns_and_goes_on(user_dirs: Path) -> None:
    settings = user_dirs / "config" / "mtg-tui" / "config.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text("cr_file = [unclosed\n")
    r = run("rules", "704.5g")
    assert r.exit_code == 0 and "not valid TOML" in r.output and "704.5g" in r.output


def test_rules_finding_nothing_exits_non_zero() -> None:
    r = run("rules", "xyzzy")
    assert r.exit_code == 1 and "nothing found" in r.output


# ------------------------------------------------------------------ practice
def test_practice_lists_the_puzzles_with_difficulty_rules_and_progress(user_dirs: Path) -> None:
    r = run("practice")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0].split() == ["#", "solved", "puzzle", "level", "rules", "teaches"]
    assert "Respond before it resolves" in lines[2] and "easy" in lines[2] and "the stack" in lines[2]
    assert lines[2].split()[1] == "no"
    Progress.load().record("01_respond_to_the_bolt", solved=True)
    again = run("practice").output.splitlines()
    assert again[2].split()[1] == "yes" and again[-1].startswith("1 of ")


TOPIC_LINE = re.compile(r"^([a-z0-9 -]+): (\d+) of (\d+) solved$")


def test_practice_groups_the_puzzles_by_topic_with_each_topics_progress(user_dirs: Path) -> None:
    """Under each topic (in TOPICS order) its puzzles, headed by "combat: 0 of N solved"; a
    puzzle's number in the list still opens it."""
    from rules.play.puzzle import TOPICS

    lines = run("practice").output.splitlines()[1:-1]
    heads = [i for i, line in enumerate(lines) if TOPIC_LINE.match(line)]
    topics = [lines[i].split(":")[0] for i in heads]
    assert heads[0] == 0 and "combat" in topics and topics == [t for t in TOPICS if t in topics]
    for start, end in zip(heads, heads[1:] + [len(lines)], strict=True):
        topic, solved, total = TOPIC_LINE.match(lines[start]).groups()  # type: ignore[union-attr]
        rows = lines[start + 1:end]
        assert (solved, int(total)) == ("0", len(rows))
        for row in rows:
            puzzle = find_puzzle(row.split()[0])
            assert puzzle.topic == topic and puzzle.title in row
    Progress.load().record(find_puzzle("2").key, solved=True)  # "Win the fight", a combat puzzle
    again = run("practice").output.splitlines()
    assert any(re.fullmatch(r"combat: 1 of \d+ solved", line) for line in again)
    assert any(re.fullmatch(r"the stack: 0 of \d+ solved", line) for line in again)


def test_practice_with_a_damaged_progress_file_sets_it_aside(user_dirs: Path) -> None:
    path = user_dirs / "data" / "mtg-tui" / "practice.json"
    path.parent.mkdir(parents=True)
    path.write_text("{ not json")
    r = run("practice")
    assert r.exit_code == 0 and "damaged" in r.output
    assert (path.parent / "practice.json.damaged").read_text() == "{ not json"
    Progress.load().record("02_combat_trick", solved=False, hints=2)
    doc = json.loads(path.read_text())
    assert doc["puzzles"]["02_combat_trick"] == {"solved": False, "attempts": 1, "hints": 2}


def test_practice_with_an_unknown_or_broken_puzzle_is_a_clear_error(tmp_path: Path) -> None:
    r = run("practice", str(tmp_path / "missing.toml"))
    assert r.exit_code == 1 and "no puzzle file" in r.output
    broken = tmp_path / "broken.toml"
    broken.write_text("title = [")
    r = run("practice", str(broken))
    assert r.exit_code == 1 and "not valid TOML" in r.output
    r = run("practice", "999")
    assert r.exit_code == 1 and "no puzzle '999'" in r.output


def test_a_puzzle_is_found_by_number_name_or_path() -> None:
    first = find_puzzle("1")
    assert find_puzzle("respond_to_the_bolt").title == first.title
    assert find_puzzle(str(first.path)).title == first.title


def test_practice_with_a_forge_puzzle_with_unknown_cards_names_them_in_one_line() -> None:
    sample = Path(__file__).parents[1] / "play" / "forge_samples" / "unknown_cards.pzl"
    r = run("practice", str(sample))
    assert r.exit_code == 1
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "unknown cards: Black Lotus Prime" in lines[0]
    assert "Traceback" not in r.output


def test_practice_with_a_broken_forge_puzzle_names_the_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pzl"
    broken.write_text("[metadata]\nGoal:Win\n[state]\nailife=many\n")
    r = run("practice", str(broken))
    assert r.exit_code == 1 and f"{broken}, line 4: ailife must be a whole number" in r.output


def test_practice_opens_a_puzzle_by_its_shown_title(monkeypatch: pytest.MonkeyPatch) -> None:
    import mtg_tui.practice_app as practice_app

    opened: list = []
    monkeypatch.setattr(practice_app, "run_practice", lambda puzzle, progress=None: opened.append(puzzle))
    r = run("practice", "Mana burn (2009)")
    assert r.exit_code == 0, r.output
    assert [p.title for p in opened] == ["Mana burn (2009)"] and opened[0].key == "13_mana_burn_2009"
    assert run("practice", "mana BURN (2009)").exit_code == 0 and opened[1].title == "Mana burn (2009)"
    listed = run("practice")
    assert 'mtg-tui practice "TITLE"' in listed.output and "Mana burn (2009)" in listed.output


def test_an_unknown_title_is_a_clear_error_naming_close_titles(monkeypatch: pytest.MonkeyPatch) -> None:
    r = run("practice", "Mana brun (2009)")
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "no puzzle 'Mana brun (2009)'" in r.output and "did you mean 'Mana burn (2009)'" in r.output
    r = run("practice", "Mana burn")  # part of a title
    assert r.exit_code == 1 and "did you mean 'Mana burn (2009)'" in r.output


def test_practice_ai_plays_the_solvers_side_and_says_whether_it_solved_it() -> None:
    one = CliRunner().invoke(main, ["practice", "1", "--ai", "random", "--seed", "3"])
    assert one.exit_code == 0 and one.output.startswith("solved: Respond before it resolves"), one.output
    folder = CliRunner().invoke(main, ["practice", str(Path(__file__).parents[2] / "puzzles"), "--ai", "random",
                                       "--seed", "3"])
    lines = folder.output.splitlines()
    assert folder.exit_code == 1 and lines[-1].endswith("solved by the computer (random)"), folder.output
    assert all(line.startswith(("solved: ", "failed: ")) for line in lines[:-1])


def test_practice_ai_hard_on_one_puzzle_prints_the_line_it_played() -> None:
    """Before the Nekrataal strikes: the hard player finds Giant Growth, then Fling, and the
    output lists the moves played (passes left out), to learn from."""
    r = CliRunner().invoke(main, ["practice", "Before the Nekrataal strikes", "--ai", "hard"])
    lines = r.output.splitlines()
    assert r.exit_code == 0 and lines[0] == "solved: Before the Nekrataal strikes", r.output
    growth, fling = "  alice: cast Giant Growth targeting Cudgel Troll", "  alice: cast Fling targeting bob"
    assert growth in lines and lines.index(growth) < lines.index(fling)
    assert all(line.startswith(("  alice: ", "  bob: ")) and not line.endswith(": pass") for line in lines[1:])


def test_practice_ai_refuses_an_unknown_level_or_no_puzzle_in_one_line() -> None:
    unknown = CliRunner().invoke(main, ["practice", "1", "--ai", "grandmaster"])
    assert unknown.exit_code == 1 and "no computer player 'grandmaster'" in unknown.output
    assert "Traceback" not in unknown.output
    alone = CliRunner().invoke(main, ["practice", "--ai", "random"])
    assert alone.exit_code == 2 and "--ai needs a PUZZLE" in alone.output
