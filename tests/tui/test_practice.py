"""Rules practice in the client, driven by keys only: solving a puzzle, failing one, hints,
retry, the explaining log, and the rules reference opened from a log line and searched.
Every bundled puzzle is also solved from the keyboard (its solution typed in the command bar)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SIZE, press_until, screen_text
from textual.pilot import Pilot
from textual.screen import ModalScreen

from mtg_tui.practice import Progress, bundled_paths, find_puzzle
from mtg_tui.practice_app import PracticeApp
from mtg_tui.screens.modals import ChoiceDialog
from mtg_tui.screens.practice import PracticeScreen, VerdictScreen
from mtg_tui.screens.rules_ref import RulesScreen
from rules.engine.loop.turn import STEPS
from rules.play.puzzle import PLAYING, SOLVED, load_puzzle
from rules.play.scenario import step_position

from paths import SEEDS

pytestmark = pytest.mark.asyncio
SEEDS = SEEDS


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("MTG_TUI_CR_FILE", raising=False)
    import mtg_tui.persistence.userfiles as userfiles
    monkeypatch.setattr(userfiles, "_REFERENCES", {})
    return tmp_path


def practice(app: PracticeApp) -> PracticeScreen:
    return next(s for s in app.screen_stack if isinstance(s, PracticeScreen))


def label_of(screen: PracticeScreen, player: str, name: str) -> str:
    labels, _ = screen.labels(screen.current_board())
    oid = next(o.id for o in screen.game.permanents(player) if o.name == name)
    return labels[oid]


async def test_solving_a_puzzle_with_the_keys_and_the_progress_is_remembered(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "progress.json")
    app = PracticeApp(find_puzzle("1"), progress)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        assert "goal: Bob has cast Lightning Bolt at your Runeclaw Bear" in screen_text(app)
        await pilot.press("enter")  # Giant Growth, the only card in hand
        await pilot.press(label_of(screen, "alice", "Runeclaw Bear"))
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and app.screen.status == SOLVED
        text = screen_text(app)
        assert "Solved!" in text and "(405.5)" in text  # the explanation, with its rule numbers
        await pilot.press("escape")
        assert "SOLVED" in screen_text(app)
    assert Progress.load(tmp_path / "progress.json").solved("01_respond_to_the_bolt")


async def test_failing_a_puzzle_then_retrying_it(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "progress.json")
    app = PracticeApp(find_puzzle("1"), progress)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        for _ in range(10):  # pass, and keep passing: the Bolt resolves and the turn ends
            if isinstance(app.screen, VerdictScreen):
                break
            await pilot.press("space")
            await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and app.screen.status == "failed"
        assert "Failed." in screen_text(app) and "the turn ended" in screen_text(app)
        await pilot.press("r")  # retry: back to the start, the Bolt on the stack again
        assert not isinstance(app.screen, VerdictScreen)
        assert screen.verdict()[0] == PLAYING and screen.game.stack and screen.game.turn == 4
        assert any(o.name == "Runeclaw Bear" for o in screen.game.permanents("alice"))
    entry = Progress.load(tmp_path / "progress.json").entry("01_respond_to_the_bolt")
    assert entry["attempts"] == 1 and not entry["solved"]


async def test_a_failed_puzzle_says_why_in_the_players_words() -> None:
    app = PracticeApp(find_puzzle("2"))  # Bob blocked the Bear with the Courser; Alice just passes
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(10):
            if isinstance(app.screen, VerdictScreen):
                break
            await pilot.press("space")
            await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and app.screen.status == "failed"
        text = screen_text(app)
        assert "The turn ended: your Runeclaw Bear died; bob's Centaur Courser is" in text  # wrapped
        assert "still on the battlefield." in text
        assert "expected" not in text and "players." not in text
        await pilot.press("escape")  # the board, with the verdict in the panel above it
        assert "FAILED: the turn ended: your Runeclaw Bear died;" in screen_text(app)


async def test_the_hint_key_shows_one_hint_more_each_time() -> None:
    puzzle = find_puzzle("6")
    app = PracticeApp(puzzle)
    async with app.run_test(size=SIZE) as pilot:
        assert "hint 1/" not in screen_text(app)
        await pilot.press("H")
        assert f"hint 1/{len(puzzle.hints)}: {puzzle.hints[0][:40]}" in screen_text(app)
        for _ in range(len(puzzle.hints)):
            await pilot.press("H")
        assert f"hint {len(puzzle.hints)}/{len(puzzle.hints)}" in screen_text(app)
        assert "that was the last hint" in screen_text(app)


async def test_ctrl_r_retries_in_the_middle_of_an_attempt() -> None:
    app = PracticeApp(find_puzzle("2"))
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("enter")  # Giant Growth: choosing its target
        assert screen.picker is not None
        await pilot.press("ctrl+r")
        assert screen.picker is None and not screen.game.stack and len(screen.game.player("alice").hand) == 2


async def test_explain_expands_each_log_line_with_its_rule_summary() -> None:
    app = PracticeApp(find_puzzle("1"))
    async with app.run_test(size=SIZE) as pilot:
        assert "↳" not in screen_text(app)
        await pilot.press("L")
        text = screen_text(app)
        assert "log, explained" in text and "↳" in text
        await pilot.press("L")
        assert "↳" not in screen_text(app)


async def select_log_line(pilot: Pilot, screen: PracticeScreen, rule: str) -> None:
    await press_until(pilot, "tab", lambda: screen.zone == "log", "the log")
    lines = screen.current_board().log
    index = next(i for i, e in enumerate(lines) if e.rule == rule)
    screen.cursor["log"] = 0
    for _ in range(index):
        await pilot.press("down")
    assert lines[screen.cursor["log"]].rule == rule


async def test_enter_on_a_log_line_opens_the_rules_reference_at_its_rule() -> None:
    app = PracticeApp(find_puzzle("1"))
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await select_log_line(pilot, screen, "601.2h")  # "bob casts Lightning Bolt"
        await pilot.press("enter")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.query_text == "601.2h" and rules.selected.number == "601.2h"
        assert "2009 rules: 409.1i" in screen_text(app)  # the same rule in the other numbering
        await pilot.press("escape")
        assert app.screen is screen


async def test_searching_the_rules_screen_as_you_type_and_the_glossary() -> None:
    app = PracticeApp(find_puzzle("1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("/")
        rules = app.screen
        assert isinstance(rules, RulesScreen) and not rules.browsing
        assert rules.results and rules.results[0].kind == "glossary"  # an empty search shows the glossary
        for ch in "regen":
            await pilot.press(ch)
        assert rules.query_text == "regen"
        assert "701.12a" in [e.number for e in rules.results]
        assert "701.12a" in screen_text(app)
        await pilot.press("down")  # into the results
        assert rules.browsing
        await pilot.press("g")
        assert all(e.kind == "glossary" for e in rules.results)
        await pilot.press("escape")  # closes: nothing was followed
        assert isinstance(app.screen, PracticeScreen)


async def test_the_rules_screen_follows_see_rule_references_in_a_rules_file(monkeypatch: pytest.MonkeyPatch) -> None:
    found = sorted(SEEDS.glob("003_*.txt"))
    if not found:
        pytest.skip("seed documents not present")
    monkeypatch.setenv("MTG_TUI_CR_FILE", str(found[0]))
    app = PracticeApp(find_puzzle("13"))  # a 2009 puzzle: the file's numbering
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("/")
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.ref.from_file
        for ch in "101.6a":
            await pilot.press(ch)
        await pilot.press("enter")  # to the results
        assert rules.selected.number == "101.6a" and rules.refs() == ["304"]
        assert "[1] 304" in screen_text(app)
        await pilot.press("1")  # follow "see rule 304"
        assert rules.query_text == "304" and rules.results[0].number == "304"
        await pilot.press("escape")  # back to where we were
        assert rules.query_text == "101.6a"


async def test_slash_on_the_phase_bar_opens_the_steps_rules() -> None:
    app = PracticeApp(find_puzzle("2"))  # declare blockers step, 2014
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await press_until(pilot, "tab", lambda: screen.zone == "phases", "the phase bar")
        screen.cursor["phases"] = STEPS.index("declare_blockers")
        await pilot.press("/")
        assert isinstance(app.screen, RulesScreen) and app.screen.query_text == "509"


# ------------------------------------------------------------------ every puzzle, by keys
async def type_action(pilot: Pilot, app: PracticeApp, text: str) -> None:
    if isinstance(app.screen, ChoiceDialog):  # the client asks this in a dialog: its letter answers
        screen = practice(app)
        action = screen.game.parse(f"{screen.puzzle.player}: {text}", screen.puzzle.player)
        letter = next((key for key, _, value in app.screen.options if value == action), None)
        if letter is not None:
            await pilot.press(letter)
            await pilot.pause()
            return
    # a dialog the client opened for this decision
    await press_until(pilot, "escape", lambda: not isinstance(app.screen, ModalScreen), "no dialog open")
    await pilot.press(":")
    for ch in text:
        await pilot.press(ch if ch != " " else "space")
    await pilot.press("enter")
    await pilot.pause()


async def pass_once(pilot: Pilot, app: PracticeApp, screen: PracticeScreen) -> None:
    d = screen.game.decision
    if isinstance(app.screen, ModalScreen):
        await pilot.press("escape")
    if d.kind in ("attackers", "blockers"):
        await pilot.press("enter")  # confirm an empty declaration
    else:
        await pilot.press("space")
    await pilot.pause()


async def play_by_keys(pilot: Pilot, app: PracticeApp, screen: PracticeScreen, solution: list[str]) -> None:
    me = screen.puzzle.player
    resolved_already = False  # the solver's spell or ability that the client let resolve by itself
    for text in solution:
        if isinstance(app.screen, VerdictScreen) or screen.verdict()[0] != PLAYING:
            return
        skip, resolved_already = resolved_already, False
        who, sep, what = text.partition(":")
        if sep and who.strip() == screen.puzzle.opponent:
            resolved_already = skip  # the opponent's part: passed over
            continue  # the opponent answers from its script
        if sep and who.strip() == me:
            before = len(screen.game.stack)
            await type_action(pilot, app, what.strip())
            # the client passes for a player whose own spell is on top (nobody answered): the
            # `resolve` after it in the solution is done, and must not resolve what lies below
            resolved_already = what.split()[0] in ("cast", "activate") and len(screen.game.stack) <= before
            continue
        if text == "resolve" and skip:
            continue
        if text == "resolve":
            top = screen.game.stack[-1] if screen.game.stack else None
            for _ in range(20):
                if top is None or not any(it is top for it in screen.game.stack) or screen.verdict()[0] != PLAYING:
                    break
                await pass_once(pilot, app, screen)
        elif text.startswith("go to "):
            words = text[6:].split()
            goal = step_position(int(words[2]) if len(words) == 3 else screen.game.turn, words[0])
            for _ in range(40):
                g = screen.game
                if g.decision is None or step_position(g.turn, g.step) >= goal or screen.verdict()[0] != PLAYING:
                    break
                await pass_once(pilot, app, screen)


@pytest.mark.parametrize("path", bundled_paths(), ids=[p.stem for p in bundled_paths()])
async def test_every_puzzle_is_solvable_from_the_keyboard(path: Path) -> None:
    puzzle = load_puzzle(path)
    app = PracticeApp(puzzle)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await play_by_keys(pilot, app, screen, puzzle.solution)
        for _ in range(10):  # whatever is left is passing
            if screen.verdict()[0] != PLAYING:
                break
            await pass_once(pilot, app, screen)
        assert screen.verdict() == (SOLVED, "the goal holds"), screen.game.log[-5:]
        assert isinstance(app.screen, VerdictScreen)


async def test_a_normal_game_has_the_explaining_log_and_the_rules_reference() -> None:
    from conftest import app_for, position

    game = position({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                     "bob": {"battlefield": ["Runeclaw Bear"]}}, rules="2009")
    game.act("alice: cast Lightning Bolt targeting Runeclaw Bear")
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("L")
        assert "↳" in screen_text(app)  # each line with its 2009 rule, explained
        await pilot.press("/")
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.ref.era == "2009"


async def test_after_solving_n_opens_the_next_bundled_puzzle() -> None:
    app = PracticeApp(find_puzzle("1"))
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("enter")
        await pilot.press(label_of(screen, "alice", "Runeclaw Bear"))
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and "n: next puzzle" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen) and app.screen.puzzle.title == find_puzzle("2").title



async def test_a_forge_puzzle_file_opens_and_is_solved_in_the_client(tmp_path: Path) -> None:
    """`mtg-tui practice FILE.pzl`: the Forge puzzle opens on the practice screen and is solved by keys."""
    sample = Path(__file__).parents[1] / "play" / "forge_samples" / "win_bolt_and_bears.pzl"
    progress = Progress(tmp_path / "progress.json")
    app = PracticeApp(find_puzzle(str(sample)), progress)
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        assert "Win this turn." in screen_text(app)
        await play_by_keys(pilot, app, screen, ["human: cast Lightning Bolt targeting ai", "resolve",
                                                "go to declare_attackers", "human: attack Grizzly Bears"])
        for _ in range(10):
            if screen.verdict()[0] != PLAYING:
                break
            await pass_once(pilot, app, screen)
        assert screen.verdict() == (SOLVED, "the goal holds")
        assert isinstance(app.screen, VerdictScreen)
    assert Progress.load(tmp_path / "progress.json").solved("win_bolt_and_bears")


async def test_the_practice_list_in_the_menu_marks_a_puzzle_solved_after_solving_it() -> None:
    from mtg_tui.app import MtgApp
    from mtg_tui.screens.practice import PracticeListScreen

    app = MtgApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        listed = app.screen
        assert isinstance(listed, PracticeListScreen)
        first = find_puzzle("1")
        row = next(line for line in screen_text(app).splitlines() if first.title in line)
        assert "solved" not in row
        await pilot.press("enter")  # the first puzzle
        screen = practice(app)  # type: ignore[arg-type]
        assert screen.puzzle.title == first.title
        await pilot.press("enter")  # Giant Growth on the Bear
        await pilot.press(label_of(screen, "alice", "Runeclaw Bear"))
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and app.screen.status == SOLVED
        await pilot.press("escape")  # look at the board: solved now, not "before"; q says where it goes
        text = screen_text(app)
        assert "(solved before)" not in text and "q back to the puzzle list" in text and "q quit" not in text
        assert "q puzzle list" in text  # the Footer's word for q
        await pilot.press("q")  # leave the puzzle: back to the list
        await pilot.pause()
        assert app.screen is listed and app.is_running
        row = next(line for line in screen_text(app).splitlines() if first.title in line)
        assert "✓ solved" in row and "1 of " in screen_text(app)
    assert Progress.load().solved(first.key)  # remembered in the user's data folder


async def test_after_the_verdict_keys_a_decided_puzzle_refuses_more_actions() -> None:
    app = PracticeApp(find_puzzle("1"))
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.press("enter")
        await pilot.press(label_of(screen, "alice", "Runeclaw Bear"))
        await pilot.pause()
        await pilot.press("escape")  # look at the board
        before = len(screen.game.record)
        assert screen.check_action("pass_priority", ()) is False  # the acting keys are gone from the Footer
        assert "space pass" not in screen_text(app)
        await pilot.press("space", "enter", "f6")
        assert len(screen.game.record) == before
        assert screen.check_action("retry_over", ()) is True
        await pilot.press("r")
        assert screen.verdict()[0] == PLAYING
        assert screen.check_action("retry_over", ()) is False  # r alone retries only a decided attempt



async def test_after_blocking_the_cursor_goes_to_the_troll_whose_ability_is_all_there_is_to_do() -> None:
    """Puzzle 6: alice blocks with the Troll; back at her priority in the declare blockers step
    (a new kind of decision, no cover) the only useful action is the Troll's regeneration, so
    the cursor is on the Troll, not on her Forest (Enter there would only tap it for mana)."""
    app = PracticeApp(find_puzzle("6"))
    async with app.run_test(size=SIZE) as pilot:
        screen = practice(app)
        await pilot.pause()
        assert screen.game.decision.kind == "blockers"
        screen.session.act("alice: block Cudgel Troll -> Craw Wurm")
        screen.sync()
        await pilot.pause()
        assert screen.game.decision.kind == "priority" and screen.game.decision.player == "alice"
        group = screen.current_board().mine[screen.cursor["mine"]]
        assert screen.zone == "mine" and screen.game.objects[group.ids[0]].name == "Cudgel Troll"
        await pilot.press("enter")  # the Troll's {G}: regenerate
        await pilot.pause()
        assert any(it.name.startswith("Cudgel Troll") for it in screen.game.stack) or \
            "regenerat" in screen_text(app).lower()


async def test_q_quits_a_puzzle_opened_by_mtg_tui_practice_and_says_so(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "progress.json")
    progress.record(find_puzzle("1").key, True, 0)
    app = PracticeApp(find_puzzle("1"), progress)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "(solved before)" in text and "q quit" in text and "puzzle list" not in text
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_the_practice_list_groups_the_puzzles_by_topic_and_the_cursor_steps_over_the_topic_rows() -> None:
    """A row per topic (TOPICS order) with its solved/total, its puzzles under it; the arrows
    go from puzzle to puzzle, over the topic rows, and Enter opens the puzzle under the cursor."""
    from mtg_tui.app import MtgApp
    from mtg_tui.practice import bundled_puzzles
    from mtg_tui.screens.practice import PracticeListScreen
    from rules.play.puzzle import TOPICS

    Progress.load().record(find_puzzle("2").key, solved=True)  # "Win the fight": combat
    counts = {t: sum(p.topic == t for p in bundled_puzzles()) for t in TOPICS}
    app = MtgApp()
    async with app.run_test(size=(120, 100)) as pilot:  # tall enough for all 60 puzzles and 10 topics
        await pilot.press("p")
        listed = app.screen
        assert isinstance(listed, PracticeListScreen)
        text = screen_text(app)
        heads = [m.groups() for m in re.finditer(r"^ +(\d+)/(\d+) +(\S.*?) *$", text, re.M)]
        assert [topic for _, _, topic in heads] == [t for t in TOPICS if counts[t]]
        assert ("1", str(counts["combat"]), "combat") in heads
        assert heads[0] == ("0", str(counts["the stack"]), "the stack")
        table = listed.query_one("#puzzles")
        first_combat = listed.rows.index(None, 1) + 1  # the row after the second topic row
        assert listed.rows[table.cursor_row].title == find_puzzle("1").title  # type: ignore[attr-defined,union-attr]
        await pilot.press("up")  # the topic row above: the cursor stays on the first puzzle
        assert table.cursor_row == 1  # type: ignore[attr-defined]
        await pilot.press(*["down"] * (first_combat - 2))  # the last puzzle of the stack, then over "combat"
        assert table.cursor_row == first_combat  # type: ignore[attr-defined]
        await pilot.press("up")
        assert table.cursor_row == first_combat - 2  # type: ignore[attr-defined]
        await pilot.press("down", "enter")
        assert isinstance(app.screen, PracticeScreen) and app.screen.puzzle.topic == "combat"
        assert app.screen.puzzle.title == find_puzzle("2").title
