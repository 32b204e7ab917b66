"""The game screen's dialogs and flows described headless (mtg_tui/decision_dialogs.py and
GameController, issue 27): for every decision answered in a dialog, the description's answer
is one the engine takes; damage divided among targets, mana paid by hand, letters on the
board, the prompt line, conceding, saving, the deck lab and the command bar, all without an
App (the Pilot tests in tests/tui/ show the same on screen)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import position

from mtg_tui.config import GameConfig
from mtg_tui.decision_dialogs import Assign, Cards, Choice, Dialog, Division, Names, Order, lettered
from mtg_tui.game_controller import DIALOG_TYPES, KEYS_PICK, GameController, LabSetup, PickTargets, Send
from mtg_tui.session import Session
from rules import Game
from rules.engine.core import actions as A

from decision_positions import POSITIONS, VARIANTS, DecisionPosition

DIALOGS = [p for p in POSITIONS + VARIANTS if isinstance(p.game().decision, DIALOG_TYPES)]


def on(game: Game) -> GameController:
    """A controller caught up with `game` (its decision's player at the keyboard)."""
    c = GameController(Session(game))
    c.catch_up()
    return c


def an_answer(dialog: Dialog) -> A.Action:
    """What a player who takes what the dialog offers first sends: the last option (as the
    Pilot tests press it), the first name, the first cards it asks for, the order as listed,
    the damage as it starts."""
    value: Any
    match dialog:
        case Choice():
            value = dialog.options[-1][2]
        case Names():
            value = (list(dialog.suggested) or list(dialog.names))[0]
        case Cards():
            value = [i for i, _ in dialog.cards][:dialog.count or 0]
        case Order():
            value = [v for _, v in dialog.items]
        case Assign():
            value = tuple((n, r) for n, (r, _, _) in zip(dialog.start, dialog.recipients, strict=True))
        case _:
            raise AssertionError(f"no answer for {dialog}")
    return dialog.build(value)


@pytest.mark.parametrize("where", DIALOGS, ids=lambda p: p.shape)
def test_every_dialog_decision_is_described_and_its_answer_taken(where: DecisionPosition) -> None:
    game = where.game()
    c = on(game)
    d = game.decision
    dialog = c.dialog()
    assert dialog is not None and dialog.title.startswith(f"{d.player}: {d.prompt}")
    assert c.in_dialog() and c.enter() == "dialog"
    at = len(game.record)
    assert c.act(an_answer(dialog)) is None, c.said
    assert len(game.record) > at


def test_the_mulligan_names_the_hand_and_sends_keep_or_mulligan() -> None:
    where = next(p for p in POSITIONS if p.shape == "mulligan")
    c = on(where.game())
    dialog = c.dialog()
    player = c.game.decision.player
    assert isinstance(dialog, Choice)
    assert dialog.options == [("k", "keep", A.Keep(player)), ("m", "mulligan", A.Mulligan(player))]
    assert dialog.intro == tuple(card.name for card in c.board().hand) and len(dialog.intro) == 7


def test_lettered_gives_each_option_a_letter_past_the_reserved_ones() -> None:
    assert lettered([("one", 1), ("two", 2)]) == [("a", "one", 1), ("b", "two", 2)]
    assert lettered([("one", 1)], reserved="a") == [("b", "one", 1)]


def divided_trigger() -> GameController:
    """Bogardan Hellkite's trigger on the stack asking its targets (603.3d: 5 damage divided)."""
    where = next(p for p in POSITIONS if p.shape == "targets:permanent+player:divided")
    return on(where.game())


def letter(c: GameController, ref: Any) -> str:
    """The letter `ref` has on the board now."""
    return c.letters(c.board())[0][ref]


def test_damage_divided_is_checked_then_sent_with_its_division_601_2d() -> None:
    c = divided_trigger()
    bear = next(o.id for o in c.game.permanents("bob"))
    assert c.picker is not None and c.prompt({}, []).keys == KEYS_PICK
    assert c.picker_key(letter(c, bear), letter(c, bear)) == "redraw"
    assert c.picker_key(letter(c, "bob"), letter(c, "bob")) == "redraw"  # any number of targets: Enter ends
    assert c.picker_key("enter", None) == "finish"
    division = c.picked()
    assert isinstance(division, Division) and division.total == 5
    assert division.title.endswith("divide 5 damage") and division.start == [3, 2]
    assert [r for r, _, _ in division.recipients] == [bear, "bob"]
    assert division.divided(((5, bear), (0, "bob"))) == "each target must be dealt at least 1"
    assert division.divided(((2, bear), (2, "bob"))) == "divide all 5 damage"
    action = division.divided(((2, bear), (3, "bob")))
    assert isinstance(action, A.ChooseTargets) and action.targets == (bear, "bob") and action.division == (2, 3)
    assert c.act(action) is None


def test_escape_clears_a_decisions_letters_and_drops_the_players_own() -> None:
    c = divided_trigger()
    letters, _ = c.letters(c.board())
    c.picker_key(next(iter(letters.values())), next(iter(letters.values())))
    assert c.picker_key("escape", None) == "redraw" and c.said == ("choices cleared", "dim")
    assert c.picker is not None and not c.picker.complete()  # the decision's picker, started again
    c.player_picker = True  # a picker the player started (casting): Escape ends it
    c.drop_picking("choices cleared")
    assert c.picker is None and not c.player_picker and c.said == ("cancelled", "dim")


def bolt_in_hand() -> GameController:
    game = position({"alice": {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain", "Island"]},
                     "goldfish": {}}, goldfish=("goldfish",))
    return on(game)


def test_enter_uses_the_selected_card_or_says_to_select_one() -> None:
    c = bolt_in_hand()
    c.zone = "theirs"
    assert c.enter() is None and c.said[0].startswith("select a card in your hand")
    c.zone, c.cursor["hand"] = "hand", [card.name for card in c.board().hand].index("Mountain")
    step = c.enter()
    assert isinstance(step, Send) and isinstance(step.action, A.PlayLand)
    c.cursor["hand"] = [card.name for card in c.board().hand].index("Lightning Bolt")
    step = c.enter()
    assert isinstance(step, PickTargets)
    c.picker, c.player_picker = step.picker, True
    assert c.picker_key("enter", None) == "redraw" and c.said == ("choose any target first", "$text-warning")
    assert c.picker_key(letter(c, "goldfish"), letter(c, "goldfish")) == "finish"
    cast = c.picked()
    assert isinstance(cast, A.Cast) and cast.targets == ("goldfish",)


def test_paying_by_hand_lists_the_mana_sources_and_sends_the_ones_picked() -> None:
    c = bolt_in_hand()
    bolt = next(card.id for card in c.board().hand if card.name == "Lightning Bolt")
    cast = A.Cast("alice", bolt, targets=("goldfish",))
    dialog = c.pay_by_hand(cast)
    assert c.picker is None and dialog.title.endswith("tap which mana sources?") and dialog.count is None
    names = dict(dialog.cards)
    assert sorted(names.values()) == ["Island", "Mountain"]
    mountain = next(i for i, n in names.items() if n == "Mountain")
    island = next(i for i, n in names.items() if n == "Island")
    assert c.act(dialog.build([island])) is not None  # an Island can't pay {R}
    assert c.act(dialog.build([mountain])) is None and c.game.player("goldfish").life == 17


def test_the_prompt_says_the_result_the_step_the_picker_or_the_decision() -> None:
    c = bolt_in_hand()
    assert c.prompt({}, []).kind == "ask" and c.prompt({}, []).ask == c.game.decision.prompt
    c.zone = "phases"
    assert c.prompt({}, []).ask.startswith("stops on your turns")
    assert c.concession() == ("alice", "goldfish wins")
    c.zone = "hand"
    c.act(A.Concede("alice"))
    c.catch_up()
    assert c.prompt({}, []).kind == "over" and c.prompt({}, []).ask == "goldfish wins"
    assert c.concession() is None and c.enter() is None


def test_mana_in_the_pool_is_warned_of_in_2009() -> None:
    game = position({"alice": {"battlefield": ["Mountain"]}, "goldfish": {}}, goldfish=("goldfish",), rules="2009")
    c = on(game)
    mountain = c.board().mine[0].ids[0]
    assert c.act(A.Activate("alice", mountain, 1)) is None
    c.catch_up()
    assert "passing now burns 1 life" in c.prompt({}, []).warning


def test_the_deck_lab_opens_on_the_games_deck_not_on_a_position(tmp_path: Path) -> None:
    cfg = GameConfig("goldfish", ("red-green",), seed=4).checked()
    c = GameController(Session(cfg.new_game(), cfg))
    c.catch_up()
    lab = c.lab_setup()
    assert isinstance(lab, LabSetup) and lab.name == "red-green" and len(lab.deck) >= 40
    assert (lab.ruleset, lab.mulligan) == (c.game.setup.ruleset, c.game.setup.mulligan)
    assert bolt_in_hand().lab_setup() is None


def test_saving_says_where_or_why_not(tmp_path: Path) -> None:
    c = bolt_in_hand()
    assert c.save_path().endswith(".json")
    assert c.save(str(tmp_path / "g.json")) is None and (tmp_path / "g.json").is_file()
    assert c.said == (f"saved to {tmp_path / 'g.json'}", "$text-success")
    refusal = c.save(str(tmp_path / "g.json" / "inside.json"))  # under a file: no folder there
    assert refusal is not None and refusal.startswith("can't save to")


def test_the_command_bar_sends_what_is_typed_and_completes_only_what_is_seen() -> None:
    game = position({"alice": {"hand": ["Mountain"]}, "bob": {"hand": ["Craw Wurm"], "battlefield": ["Forest"]}})
    c = on(game)
    names = c.completion_names()
    assert {"alice", "bob", "Mountain", "Forest"} <= set(names) and "Craw Wurm" not in names  # bob's hand: hidden
    assert c.command("  ") == "empty"
    assert c.command("cast Nothing At All") == "refused" and c.said[0].startswith("refused: ")
    assert c.command("play Mountain") == "sent" and [o.name for o in game.permanents("alice")] == ["Mountain"]
