"""One home per decision kind (issue 27): everything the engine knows about a kind of decision
lives in its home under rules/engine/loop/kinds, registered by class; the rest of the code asks
the home (`home_of`) instead of dispatching on the decision's class.  A new kind is then one
home plus its flow in the client.

The scan below finds every `match` with a decision-class pattern, every `isinstance` naming a
decision class and every `type(x) is SomeDecision` under rules/ and mtg_tui/: each must be in a
home or in a module listed in `ALLOWED` with the reason it may."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest

from rules.engine.core import decisions
from rules.engine.core.decisions import DECISION_TYPES, Decision
from rules.engine.loop.kinds import HOMES, Home, home_of

from decision_positions import POSITIONS, VARIANTS, DecisionPosition
from paths import ROOT

HOMES_DIR = "rules/engine/loop/kinds/"
# every decision class but the base: the kinds and the family of choices (ChooseDecision)
DECISION_NAMES = frozenset(name for name, obj in vars(decisions).items()
                           if inspect.isclass(obj) and issubclass(obj, Decision) and obj is not Decision)

# modules that may tell decision kinds apart themselves, and why
ALLOWED: dict[str, str] = {
    "mtg_tui/decision_dialogs.py": "the client's dialog per kind, headless: its title, its options and the "
                                   "answer each builds (the screen only shows it)",
    "mtg_tui/controller/card_use.py": "the client's flow per kind, headless: the kinds answered by letters "
                                     "(board_picker: their picker)",
    "mtg_tui/screens/passing.py": "the client's F-keys: passing is for priority, 'attack with all' for attackers",
    "rules/play/pilot.py": "the pilot's own strategy for the kinds it has an opinion on (the rest: the home's least)",
    "rules/play/players/easy.py": "the easy player's strategy (blocks, a trigger's targets) on top of the pilot's",
    "rules/play/players/search.py": "the kinds a search compares answers for (priority, attacks, blocks, targets)",
    "rules/play/scenario.py": "the scenario language's `resolve` and `go to` pass priority and declare nothing: "
                              "those three questions are what the words mean; any other one stops them",
    "rules/play/assist.py": "the client's question of how much damage a trigger's targets still divide",
    "rules/engine/loop/turn.py": "the priority loop resuming its own question (a type assertion)",
}


def _decision_names(node: ast.AST) -> list[str]:
    """The decision classes an isinstance's second argument or a comparison names."""
    out = []
    for sub in ast.walk(node):
        name = sub.id if isinstance(sub, ast.Name) else sub.attr if isinstance(sub, ast.Attribute) else None
        if name in DECISION_NAMES:
            out.append(name)
    return out


def dispatches(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for each place `tree` tells decision classes apart."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Match):
            names = [n for case in node.cases for p in ast.walk(case.pattern) if isinstance(p, ast.MatchClass)
                     for n in _decision_names(p.cls)]
            if names:
                found.append((node.lineno, "match on " + ", ".join(dict.fromkeys(names))))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                and len(node.args) == 2 and (names := _decision_names(node.args[1])):
            found.append((node.lineno, "isinstance(..., " + ", ".join(names) + ")"))
        elif isinstance(node, ast.Compare) and any(isinstance(op, ast.Is | ast.IsNot) for op in node.ops) \
                and (names := [n for c in node.comparators for n in _decision_names(c)]):
            found.append((node.lineno, "type(...) is " + ", ".join(names)))
    return found


def test_the_scan_finds_what_it_looks_for() -> None:
    code = ("match d:\n    case PriorityDecision(): pass\n    case x.ChooseDecision(): pass\n"
            "isinstance(d, (YesNoDecision, int))\nisinstance(d, AttackersDecision | BlockersDecision)\n"
            "type(d) is MulliganDecision\nisinstance(d, Decision)\n")
    found = [what for _, what in dispatches(ast.parse(code))]
    assert found == ["match on PriorityDecision, ChooseDecision", "isinstance(..., YesNoDecision)",
                     "isinstance(..., AttackersDecision, BlockersDecision)", "type(...) is MulliganDecision"]


def test_no_decision_class_is_told_apart_outside_its_home_and_the_allowed_modules() -> None:
    offenders = []
    for top in ("rules", "mtg_tui"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(HOMES_DIR) or rel in ALLOWED:
                continue
            offenders += [f"{rel}:{line}: {what}" for line, what in dispatches(ast.parse(path.read_text()))]
    assert not offenders, ("decision kinds told apart outside their homes (put it in the kind's home under "
                           f"{HOMES_DIR}, or list the module in ALLOWED with a reason):\n" + "\n".join(offenders))


def test_every_allowed_module_still_needs_it() -> None:
    """An entry in ALLOWED whose module no longer tells kinds apart goes (the list only shrinks)."""
    idle = [rel for rel in ALLOWED if not (ROOT / rel).exists() or not dispatches(ast.parse((ROOT / rel).read_text()))]
    assert not idle, "ALLOWED entries with nothing to allow: " + ", ".join(idle)


def test_every_decision_class_has_a_home_with_every_handler() -> None:
    assert set(HOMES) == set(DECISION_TYPES), "decision classes without a home, or homes of no decision class"
    handlers = [name for name, value in vars(Home).get("__dataclass_fields__", {}).items() if name != "decision"
                and name != "listed_legal"]
    assert {"candidates", "check", "random_answer", "least", "offered", "view", "read", "write"} <= set(handlers)
    for cls in DECISION_TYPES:
        home = HOMES[cls]
        assert home.decision is cls, f"{cls.__name__} is registered under another kind's home"
        missing = [h for h in handlers if not callable(getattr(home, h))]
        assert not missing, f"the home of {cls.__name__} lacks {missing}"


def test_a_decision_of_no_kind_has_no_home() -> None:
    class Unheard(Decision):
        pass

    try:
        home_of(Unheard("alice", "?"))
    except TypeError as e:
        assert "no home" in str(e)
    else:
        raise AssertionError("a decision class with no home was given one")


def test_the_homes_live_in_their_folder() -> None:
    folder = Path(inspect.getfile(home_of)).parent  # where the package is installed, not the checkout
    for home in HOMES.values():
        module = Path(inspect.getfile(home.check))
        assert module.parent == folder, f"{home.decision.__name__}'s check is in {module}, not in its home"


@pytest.mark.parametrize("position", POSITIONS + VARIANTS, ids=lambda p: f"{p.shape}: {p.about}")
def test_each_homes_answers_are_legal_and_what_it_offers_is_what_the_view_shows(position: DecisionPosition) -> None:
    """At a position of every shape: the answer that does the least is legal and reads back from
    its notation, random answers are legal, and the view's options are what the home offers."""
    game = position.game()
    d = game.decision
    assert d is not None
    home = home_of(d)
    least = home.least(game.state, d)
    assert least in game.actions, f"{least!r}, the least answer, is refused: {game.check(least)}"
    assert game.parse(game.notation(least), d.player) == least
    rng = random.Random(11)
    for _ in range(5):
        answer = home.random_answer(game.state, d, rng)
        assert answer in game.actions, f"{answer!r}, a random answer, is refused: {game.check(answer)}"
    view = game.view(d.player).decision
    assert view is not None
    assert view.options == tuple(game.name_of(o) if isinstance(o, int) else str(o) for o in home.offered(d))
