"""Forge puzzle files (.pzl) translated into puzzles: the samples in forge_samples/ are solved
(and failed) with PuzzleRun, card options are parsed, unknown cards are named, and broken files
give one line naming the file, the line and the problem."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from rules.play.forge_puzzle import ForgePuzzleError, UnknownForgeCards, load_forge_puzzle, parse_forge_puzzle
from rules.play.puzzle import FAILED, PLAYING, SOLVED, PuzzleRun
from rules.play.scenario import ScenarioFailure

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
    run.play(["human: cast Lightning Bolt targeting Grizzly Bears", "resolve", "go to main1 turn 2"])
    assert run.status()[0] == PLAYING  # the ai's turn is not over yet
    run.play(["go to upkeep turn 3"])
    assert run.status()[0] == SOLVED
    # the ai acts (the easy computer player): left alone, its Grizzly Bears attack for the last 2 life
    idle = PuzzleRun(puzzle)
    with contextlib.suppress(ScenarioFailure):  # the game ends first
        idle.play(["go to upkeep turn 3"])
    status, why = idle.status()
    assert status == FAILED and "did not survive" in why, why
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

def assert_refused_in_one_line(tmp_path: Path, text: str, line: int, problem: str) -> None:
    """The puzzle `text` is refused with one line naming the file, the line and the problem."""
    path = tmp_path / "broken.pzl"
    path.write_text(text)
    with pytest.raises(ForgePuzzleError) as e:
        load_forge_puzzle(path)
    message = str(e.value)
    assert "\n" not in message
    assert message.startswith(f"{path}, line {line}: ") and problem in message, message


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
    assert_refused_in_one_line(tmp_path, text, line, problem)


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


# Forge's newer files: p0 / p1 for the sides, in any case; Id / AttachedTo; Attacking.

ARMED = SAMPLES / "armed_p0_p1.pzl"
HOLD = SAMPLES / "hold_the_line.pzl"


def test_the_p0_p1_family_reads_as_human_and_ai() -> None:
    puzzle = load_forge_puzzle(ARMED)
    assert (puzzle.title, puzzle.difficulty, puzzle.player, puzzle.turns) == ("Armed and ready", "medium", "human", 1)
    g = PuzzleRun(puzzle).game
    assert (g.turn, g.step, g.active) == (5, "main1", "human")
    assert (g.player("human").life, g.player("ai").life, g.player("human").poison) == (20, 6, 2)
    assert [g.objects[i].name for i in g.player("human").hand] == ["Lightning Bolt"]
    assert [g.objects[i].name for i in g.player("human").library] == ["Mountain", "Forest"]
    assert [g.objects[i].name for i in g.player("human").graveyard] == ["Shock"]
    assert [g.objects[i].name for i in g.player("ai").exile] == ["Giant Growth"]
    assert [o.name for o in g.permanents("ai") if o.tapped] == ["Forest", "Llanowar Elves"]
    perms = {o.name: o for o in g.permanents("human")}
    assert perms["Runeclaw Bear"].tapped and perms["Runeclaw Bear"].counters.get("+1/+1") == 1
    # Id:1 / AttachedTo:1: the Armor is on the Bears (+1/+1 for the one Forest: a 3/3)
    assert perms["Blanchwood Armor"].attached_to == perms["Grizzly Bears"].id
    assert g.chars(perms["Grizzly Bears"]).power == 3
    # removesummoningsickness=true: even the Courser marked SummonSick is not
    spec = {p.card: p for p in puzzle.scenario.setup.players[0].battlefield}
    assert not spec["Centaur Courser"].sick


def test_the_p0_p1_puzzle_is_solved_by_its_line() -> None:
    run = PuzzleRun(load_forge_puzzle(ARMED))
    run.play(["human: cast Lightning Bolt targeting ai", "resolve", "go to declare_attackers",
              "human: attack Grizzly Bears"])
    pass_until_over(run)
    assert run.status()[0] == SOLVED and run.game.winner == "human"


def test_attacking_cards_are_declared_attackers_and_the_blockers_step_begins() -> None:
    puzzle = load_forge_puzzle(HOLD)
    assert puzzle.setup_actions == ["ai: attack Grizzly Bears#1; Centaur Courser#1 -> Garruk Wildspeaker#1",
                                    "go to declare_blockers"]
    assert "Survive its turn." in puzzle.goal
    run = PuzzleRun(puzzle)
    g = run.game
    assert (g.turn, g.step, g.active, g.decision.player) == (2, "declare_blockers", "ai", "human")
    perms = {o.name: o for o in g.permanents()}
    assert perms["Grizzly Bears"].attacking == "human"
    assert perms["Centaur Courser"].attacking == perms["Garruk Wildspeaker"].id
    assert perms["Holy Strength"].attached_to == perms["Centaur Courser"].id  # Attaching: older files' word
    run.play(["human: block Runeclaw Bear -> Grizzly Bears", "go to upkeep turn 3"])
    assert run.status()[0] == SOLVED
    lost = PuzzleRun(puzzle)
    lost.act("human: block none")
    pass_until_over(lost)
    assert lost.status()[0] == FAILED and lost.game.player("human").life <= 0


def test_attacking_at_the_declare_attackers_step_leaves_the_declaration_made() -> None:
    text = ("[metadata]\nGoal:Win\n[state]\nactiveplayer=p0\nactivephase=COMBAT_DECLARE_ATTACKERS\np1life=2\n"
            "p0battlefield=Grizzly Bears|Attacking;Runeclaw Bear\n")
    run = PuzzleRun(parse_forge_puzzle(text))
    g = run.game
    assert g.step == "declare_attackers" and g.decision.kind == "priority"
    assert [o.name for o in g.permanents("human") if o.attacking] == ["Grizzly Bears"]


@pytest.mark.parametrize("text, line, problem", [
    ("[metadata]\nGoal:Win\n[state]\np0battlefield=Holy Strength|AttachedTo:4;Grizzly Bears\n", 4,
     "Holy Strength: AttachedTo:4, but no card on the battlefield has Id:4"),
    ("[metadata]\nGoal:Win\n[state]\np0battlefield=Grizzly Bears|Id:4\np1exile=Shock|Id:4\n", 5,
     "Id:4 is given to two cards"),
    ("[metadata]\nGoal:Win\n[state]\nactivephase=MAIN1\np0battlefield=Grizzly Bears|Attacking\n", 5,
     "Grizzly Bears is Attacking, but the puzzle doesn't start in combat"),
    ("[metadata]\nGoal:Win\n[state]\nactiveplayer=p0\nactivephase=COMBAT_DECLARE_ATTACKERS\n"
     "p1battlefield=Grizzly Bears|Attacking\n", 6, "Grizzly Bears is Attacking, but ai is not the active player"),
    ("[metadata]\nGoal:Win\n[state]\np0landsplayed=1\n", 4, "p0landsplayed= is not supported"),
    ("[metadata]\nGoal:Win\n[state]\np0command=Shock\n", 4, "p0command= is not supported"),
    ("[metadata]\nGoal:Win\n[state]\np1precast=Lightning Bolt\n", 4, "p1precast= is not supported"),
    ("[metadata]\nGoal:Win\n[state]\np2life=20\n", 4, "p2life= is not supported"),
    ("[metadata]\nGoal:Win\n[state]\np0counters=ENERGY=3\n", 4, "only POISON=N counters"),
    ("[metadata]\nGoal:Win\n[state]\nActivePlayer=p2\n", 4, "activeplayer must be human or ai (p0 or p1)"),
    ("[metadata]\nGoal:Win\n[state]\np0battlefield=Grizzly Bears|Id:x\n", 4,
     "Grizzly Bears: Id must be a whole number"),
    ("[metadata]\nGoal:Win\n[state]\np0hand=Holy Strength|AttachedTo:1\n", 4, "only for cards on the battlefield"),
])
def test_what_the_translation_cannot_carry_out_is_one_line(tmp_path: Path, text: str, line: int,
                                                           problem: str) -> None:
    assert_refused_in_one_line(tmp_path, text, line, problem)
