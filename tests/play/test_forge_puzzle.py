"""Forge puzzle files (.pzl) translated into puzzles: the samples in forge_samples/ are solved
(and failed) with PuzzleRun, card options are parsed, unknown cards are named, and broken files
give one line naming the file, the line and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.play.forge_puzzle import ForgePuzzleError, UnknownForgeCards, load_forge_puzzle, parse_forge_puzzle
from rules.play.puzzle import FAILED, PLAYING, SOLVED, PuzzleRun

SAMPLES = Path(__file__).parent / "forge_samples"
WIN = SAMPLES / "win_bolt_and_bears.pzl"
SURVIVE = SAMPLES / "survive_the_turn.pzl"


def pass_until_over(run: PuzzleRun, limit: int = 200) -> None:
    for _ in range(limit):
        if run.status()[0] != PLAYING or run.game.decision is None:
            return
        d = run.game.decision
        if d.kind == "priority":
            run.act(f"{d.player}: pass")
        else:
            run.play([f"go to {run.game.step}"])  # declare nothing
            if run.game.decision is d:
                return


def test_the_win_puzzle_is_solved_by_its_line() -> None:
    puzzle = load_forge_puzzle(WIN)
    assert (puzzle.title, puzzle.difficulty, puzzle.player, puzzle.opponent) == ("Burn them out", "easy", "human", "ai")
    assert puzzle.turns == 1 and puzzle.check == "any time"  # turn=3, Turns:3: this turn only
    assert "Win this turn." in puzzle.goal
    run = PuzzleRun(puzzle)
    assert (run.game.turn, run.game.step, run.game.active) == (3, "main1", "human")
    run.play(["human: cast Lightning Bolt targeting ai", "resolve", "go to declare_attackers",
              "human: attack Grizzly Bears"])  # 3 + a 3/3 with its +1/+1 counter: 6 > 5
    pass_until_over(run)
    assert run.status()[0] == SOLVED and run.game.winner == "human"


def test_the_win_puzzle_fails_when_the_turn_ends_without_a_win() -> None:
    run = PuzzleRun(load_forge_puzzle(WIN))
    run.play(["go to end"])
    pass_until_over(run)
    status, why = run.status()
    assert status == FAILED and "turn ended" in why


def test_the_survive_puzzle_is_solved_when_the_last_turn_ends_and_failed_by_losing() -> None:
    puzzle = load_forge_puzzle(SURVIVE)
    assert puzzle.check == "end of turn" and puzzle.turns == 2
    assert "Don't lose before the ai's turn ends." in puzzle.goal  # a description over two lines
    run = PuzzleRun(puzzle)
    assert run.game.step == "main2"
    run.play(["go to main1 turn 2"])
    assert run.status()[0] == PLAYING  # the ai's turn is not over yet
    run.play(["go to upkeep turn 3"])
    assert run.status()[0] == SOLVED
    lost = PuzzleRun(puzzle)
    lost.act("human: concede")
    status, why = lost.status()
    assert status == FAILED and "did not survive" in why


def test_card_options_and_zones_are_parsed() -> None:
    run = PuzzleRun(load_forge_puzzle(WIN))
    g = run.game
    perms = {o.name: o for o in g.permanents("human")}
    assert perms["Runeclaw Bear"].tapped and not perms["Mountain"].tapped
    assert perms["Grizzly Bears"].counters.get("+1/+1") == 1 and g.chars(perms["Grizzly Bears"]).power == 3
    assert [o.name for o in g.permanents("ai") if o.tapped] == ["Llanowar Elves"]
    assert g.player("ai").life == 5 and g.player("human").life == 20
    assert sorted(g.objects[i].name for i in g.player("human").hand) == ["Giant Growth", "Lightning Bolt"]
    assert [g.objects[i].name for i in g.player("human").graveyard] == ["Shock"]
    assert [g.objects[i].name for i in g.player("human").library] == ["Mountain", "Forest"]  # top first
    # summoning sick only where the file says so: the Courser can't attack, the Bears can
    run.play(["go to declare_attackers"])
    with pytest.raises(Exception, match="(?i)sick|since|control"):
        run.act("human: attack Centaur Courser")
    spec = {p.card: p for p in run.puzzle.scenario.setup.players[0].battlefield}
    assert spec["Centaur Courser"].sick and not spec["Grizzly Bears"].sick
    survive = PuzzleRun(load_forge_puzzle(SURVIVE)).game
    bears = next(o for o in survive.permanents("ai"))
    assert bears.damage == 1
    assert [survive.objects[i].name for i in survive.player("ai").exile] == ["Shock"]


def test_counter_kinds() -> None:
    text = ("[metadata]\nGoal:Win\n[state]\nhumanbattlefield=Grizzly Bears|Counters:P1P1=2,M1M1=1\n"
            "aibattlefield=Runeclaw Bear|Counters:LOYALTY=3\n")
    puzzle = parse_forge_puzzle(text)
    human, ai = puzzle.scenario.setup.players
    assert human.battlefield[0].counters == (("+1/+1", 2), ("-1/-1", 1))
    assert ai.battlefield[0].counters == (("loyalty", 3),)


def test_unknown_cards_are_named_in_one_line() -> None:
    with pytest.raises(UnknownForgeCards) as e:
        load_forge_puzzle(SAMPLES / "unknown_cards.pzl")
    message = str(e.value)
    assert "\n" not in message and message.startswith(str(SAMPLES / "unknown_cards.pzl"))
    assert "Black Lotus Prime" in message and "Lightnin Bolt (did you mean Lightning Bolt" in message
    assert e.value.names == ["Black Lotus Prime", "Lightnin Bolt"]


@pytest.mark.parametrize("text, line, problem", [
    ("[metadata]\nGoal:Win\n[state]\nhumanlife=lots\n", 4, "humanlife must be a whole number"),
    ("[metadata]\nGoal:Destroy specified permanents\n[state]\nhumanlife=3\n", 2, "goal 'Destroy specified"),
    ("[metadata]\nGoal:Win\n[state]\nactivephase=MAIN3\n", 4, "unknown phase 'MAIN3'"),
    ("[metadata]\nGoal:Win\n[state]\nhumanprecast=Lightning Bolt\n", 4, "humanprecast= is not supported"),
    ("[metadata]\nGoal:Win\n[state]\nhumanbattlefield=Grizzly Bears|Flying\n", 4, "card option 'Flying'"),
    ("[metadata]\nGoal:Win\n[state]\nhumanhand=Grizzly Bears|Tapped\n", 4, "only for cards on the battlefield"),
    ("[metadata]\nGoal:Win\n[state]\nhumanbattlefield=Grizzly Bears|Counters:P1P1\n", 4, "KIND=N"),
    ("[metadata]\nGoal:Win\n[state]\nhumanbattlefield=t:Soldier\n", 4, "tokens"),
    ("[metadata]\nGoal:Win\nTurns:1\n[state]\nturn=4\n", 3, "before the puzzle's first turn"),
    ("[metadata]\nGoal:Win\n[state]\nhumanlife 20\n", 4, "expected key=value"),
    ("[metadata]\nGoal:Win\n[board]\n", 3, "unknown section [board]"),
    ("humanlife=20\n", 1, "text before [metadata]"),
    ("[metadata]\nGoal:Win\n[state]\nactiveplayer=bob\n", 4, "activeplayer must be human or ai"),
])
def test_broken_files_are_one_line_naming_file_line_and_problem(tmp_path: Path, text: str, line: int,
                                                                 problem: str) -> None:
    path = tmp_path / "broken.pzl"
    path.write_text(text)
    with pytest.raises(ForgePuzzleError) as e:
        load_forge_puzzle(path)
    message = str(e.value)
    assert "\n" not in message
    assert message.startswith(f"{path}, line {line}: ") and problem in message


def test_files_that_are_not_puzzles(tmp_path: Path) -> None:
    with pytest.raises(ForgePuzzleError, match="no puzzle file"):
        load_forge_puzzle(tmp_path / "missing.pzl")
    (tmp_path / "empty.pzl").write_text("[metadata]\nName:x\n")
    with pytest.raises(ForgePuzzleError, match="no \\[state\\] section"):
        load_forge_puzzle(tmp_path / "empty.pzl")
    (tmp_path / "binary.pzl").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(ForgePuzzleError, match="can't read"):
        load_forge_puzzle(tmp_path / "binary.pzl")


def test_the_alive_expectation_in_a_scenario() -> None:
    from rules.play.scenario import check_expectations

    run = PuzzleRun(load_forge_puzzle(SURVIVE))
    assert check_expectations(run.game, {"alive": ["human", "ai"]}) == []
    run.act("human: concede")
    assert check_expectations(run.game, {"alive": ["human"]}) == ["alive: human has lost (result: ai)"]
