"""The game screen's session logic without Textual: which decision is on screen and for whom,
the board as that player sees it (the other hands hidden), turning a chosen action into the
answer sent (and the engine's refusal into the message line), passing, undo, and the
computer's turn-taking and pacing.

The screen (mtg_tui/screens/game.py) keeps the widgets and the keys: a key calls the
controller, and the screen draws what the controller says.  Nothing here imports Textual or
Rich, so the whole loop is driven headless in tests (tests/tui/test_game_controller.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from rules import Game, IllegalAction
from rules.engine.api.view_types import CardView, PlayerView
from rules.engine.core import actions as A
from rules.engine.core.decisions import (
    AttackersDecision,
    BlockerOrderDecision,
    BlockersDecision,
    BottomDecision,
    CastFreeDecision,
    ChooseCardsDecision,
    ChooseColorDecision,
    ChooseKeepDecision,
    ChooseNameDecision,
    ChooseObjectDecision,
    ChooseWordDecision,
    DamageAssignmentDecision,
    Decision,
    DiscardDecision,
    MulliganDecision,
    TargetsDecision,
    TriggerOrderDecision,
    YesNoDecision,
)
from rules.engine.loop.turn import STEPS
from rules.play.assist import (
    ability_texts,
    block_options,
    damage_to_divide,
    first_ability_index,
    mana_burn_if_passed,
    mana_source_ids,
    mode_texts,
    relevant_actions,
    target_choices,
    trigger_target_choices,
)

from .board import ZONES, Board, build_board, card_facts, labelled_log
from .decision_dialogs import Cards, Dialog, Division, decision_dialog, division, mana_sources
from .grouping import STEP_NAMES, CardFacts, on_the_stack, scrub, target_names
from .picking import AttackPicker, BlockPicker, Picker, TargetPicker, assign_labels
from .session import Session

# the decisions answered in a dialog (the others: keys on the board, or letters on it)
DIALOG_TYPES: tuple[type[Decision], ...] = (
    MulliganDecision, YesNoDecision, ChooseObjectDecision, ChooseKeepDecision, ChooseColorDecision, ChooseWordDecision,
    ChooseNameDecision, DiscardDecision, BottomDecision, BlockerOrderDecision, TriggerOrderDecision,
    DamageAssignmentDecision, ChooseCardsDecision)
# seconds the screen waits after each action of the computer's (not its passes) before its next
# one, so that a person can follow its turn; Space goes on at once
COMPUTER_PAUSE = 0.45


class Stoppable(Protocol):
    """The pause after the computer's action, as the screen runs it (a Textual timer)."""

    def stop(self) -> None: ...


@dataclass(frozen=True)
class CatchUp:
    """What the screen does to catch up with the game (`GameController.catch_up`): `kind` is
    "over" (the game ended; `announce` the first time), "computer" (its seat decides: it
    thinks), "cover" (the keyboard changes hands behind a cover) or "decision" (a human's
    decision on the board).  `new`: a decision not shown before; `held`: why keys pressed
    before now are dropped (the computer played on), or ""; `handover`: another player took
    the keyboard (no cover); `dialog`: the new decision is answered in a dialog."""

    kind: Literal["over", "computer", "cover", "decision"]
    new: bool
    announce: bool = False
    held: str = ""
    handover: bool = False
    dialog: bool = False


# what became of the computer's answer (`GameController.computer_answered`)
Answered = Literal["dropped", "stale", "paced", "played"]
# a spell cast or an ability activated from the board: its modes, X, targets and mana are chosen on the way
Announced = A.Cast | A.Activate


@dataclass(frozen=True)
class Send:
    """The action is complete: send it.  `announced`: a spell or ability whose choices were
    made here (`p` then has its mana sources chosen by hand)."""

    action: A.Action
    announced: bool = False


@dataclass(frozen=True)
class Ask:
    """A question the client asks before it can send an action (which ability, which modes,
    which X): `options` as (words, value); `then(value)` is the next step."""

    title: str
    options: list[tuple[str, Any]]
    then: Callable[[Any], Step]


@dataclass(frozen=True)
class PickTargets:
    """The spell's or ability's targets, by letters on the board."""

    picker: TargetPicker


# the next step of using a card (`GameController.use_card`)
Step = Send | Ask | PickTargets
# what the screen does after a key while letters are on the board (`GameController.picker_key`)
PickerKey = Literal["redraw", "finish"]
# what became of a line typed in the command bar (`GameController.command`)
Command = Literal["empty", "refused", "sent"]
# what the player at the keyboard is asked while the picker is under way (the keys: the Footer's)
KEYS_PICK = "press a letter on the board to choose"


@dataclass(frozen=True)
class Prompt:
    """What the prompt line says (`GameController.prompt`): `kind` "over" (`ask`: the result),
    "computer" (its seat `who` decides: the screen says it thinks) or "ask" (`who` is asked
    `ask`, with `keys`); `warning`: the mana burn passing costs now, when nothing else is
    said; `off_board`: (letter, name) of the choices not on the board (cards in a graveyard)."""

    kind: Literal["over", "computer", "ask"]
    who: str = ""
    ask: str = ""
    keys: str = ""
    warning: str = ""
    off_board: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class LabSetup:
    """What the deck lab opens with (`d` in a goldfish game): the deck's name and list, the
    rules and the mulligan rule of the game."""

    name: str
    deck: Sequence[str]
    ruleset: str
    mulligan: str | None


def said_once(lines: list[str], subject: str) -> list[str]:
    """`lines` with `subject` left out of each line that follows one it began, as a person
    would say them in one breath."""
    out = []
    for i, line in enumerate(lines):
        again = i > 0 and line.startswith(subject) and lines[i - 1].startswith(subject)
        out.append(line[len(subject):] if again else line)
    return out


class GameController:
    """One game screen's state and decisions, headless.  `say` keeps the message line as text
    and a style of the theme's `$names`; the screen turns it into Rich text when it draws."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.viewer: str | None = session.humans[0] if (session.goldfish or session.open_hands
                                                        or session.computers) else None
        self.picker: Picker | None = None
        self.player_picker = False  # a picker the player started (casting): Escape drops it
        self.said: tuple[str, str] = ("", "")  # the message line: text and style with $names
        self.serial: tuple = ()  # (game, record length) of the decision last caught up with
        self.game_over_shown = False
        self._legal: tuple[tuple, list[A.Action]] = ((), [])
        self._burn_confirmed: tuple = ()  # (decision serial, key) of a mana burn warning shown
        self._moment: tuple[int, str] | None = None  # (turn, step) of the last decision shown
        self.computer_pause = COMPUTER_PAUSE
        self.thinking: object | None = None  # the computer's answer being worked out (a token)
        self.searched: tuple[int, int] | None = None  # its search's (playouts done, budget), once it searches
        self.wait: Stoppable | None = None  # the pause after the computer's last action
        self.computer_acted = False  # since the human's last decision: the board changed under them
        self.folded = True  # the log's routine lines left out
        self.zone = "hand"  # the selection: a zone of the board (ZONES) and a cursor in each
        self.cursor: dict[str, int] = dict.fromkeys(ZONES, 0)
        self.cursor["phases"] = STEPS.index("main1")
        # which set of stops the phase bar shows and toggles while it is the zone: the viewer's
        # own turns' (True) or the opponent's turns' (False); None: the turn being played
        self.stops_own: bool | None = None
        self.placed: tuple = ()  # the decision_context the cursor was last placed for
        self._board: Board | None = None
        self._board_key: tuple = ()

    @property
    def game(self) -> Game:
        """The session's game (undo swaps in a replayed one)."""
        return self.session.game

    def say(self, text: str = "", style: str = "") -> None:
        self.said = (text, style)

    # ------------------------------------------------------------ the decision on screen
    def catch_up(self) -> CatchUp:
        """Note the decision now (a new one drops the picker and sets up its flow) and say
        what the screen must do for it."""
        g = self.game
        d = g.decision
        serial = (id(g), len(g.record))
        new = serial != self.serial
        if new:
            self.serial = serial
            self.picker = None
            self.player_picker = False
        if d is None:
            self.viewer = self.viewer or self.session.humans[0]
            announce = not self.game_over_shown
            self.game_over_shown = True
            return CatchUp("over", new, announce=announce)
        if self.session.computer_deciding() is not None:
            self.picker = None  # the computer's decision: no picker, no dialog, its hand stays hidden
            return CatchUp("computer", new)
        held = ""
        if self.computer_acted and new:
            # the computer played on: keys pressed before this board was on screen (a Space
            # meant to hurry the computer) must not act on the human's decision (key_guard)
            self.computer_acted = False
            held = f"{self.session.label(self.computer_seat())} acted"
        handover = d.player != self.viewer
        if handover:
            self.viewer = d.player
        if handover and self.hides_hands():
            self.picker = self.board_picker()
            self._moment = (g.turn, g.step)  # the cover holds keys itself
            return CatchUp("cover", new, held=held, handover=True)
        if new:
            self.picker = self.board_picker()
        return CatchUp("decision", new, held=held, handover=handover, dialog=new and isinstance(d, DIALOG_TYPES))

    def hides_hands(self) -> bool:
        """Hotseat with hidden hands: the keyboard changes hands behind a cover."""
        s = self.session
        return not (s.goldfish or s.open_hands or s.computers or not s.humans)

    def handing_over(self, covering: bool) -> bool:
        """The next decision is another player's, and their cover isn't up yet."""
        d = self.game.decision
        return d is not None and d.player != self.viewer and not covering and self.hides_hands()

    def cover_decider(self) -> str:
        """Who takes the keyboard behind the cover: the decider (a controlled player's
        decisions are made by the player controlling them, 712 / 507: Sorin Markov)."""
        d = self.game.decision
        return self.session.decider or (d.player if d is not None else "")

    def cover_ask(self) -> tuple[str, str]:
        """Who takes the keyboard behind the cover, and what the cover says they are asked
        ("Your priority: bob's Lightning Bolt is on the stack.")."""
        g = self.game
        d = g.decision
        assert d is not None
        decider = self.cover_decider()
        whose = f" for {d.player}" if decider != d.player else ""
        ask = "Your priority." if d.kind == "priority" and not whose else f"You decide{whose}: {d.prompt}"
        if d.kind == "priority" and g.stack:
            ask = f"Your priority: {on_the_stack(g.stack[-1])} is on the stack."
        return decider, ask

    def uncovered(self) -> None:
        """The cover is gone: the board shows for the decision's player, as a new moment."""
        d = self.game.decision
        self.viewer = d.player if d is not None else self.viewer
        self.serial = ()

    def new_moment(self) -> Literal["turn", "step", None]:
        """Whether the decision shown is in a new turn or a new step since the last one (the
        client played on for the player: keys they pressed before it was on screen were meant
        for what they saw), or neither."""
        g = self.game
        moment = (g.turn, g.step)
        last, self._moment = self._moment, moment
        if last is None or moment == last:
            return None
        return "turn" if g.turn != last[0] else "step"

    def moment_hold(self) -> tuple[str, bool] | None:
        """Why keys pressed before the decision now was on screen are dropped (`new_moment`:
        the client played on for its player), and whether keys are held a moment longer too
        (a new turn: an `e` typed a moment late would end it too); None when nothing moved."""
        g = self.game
        moved = self.new_moment()
        if moved == "turn":
            return f"turn {g.turn} began", True
        if moved == "step":
            return f"the game moved on to {STEP_NAMES.get(g.step, g.step)}", False
        return None

    def start_picking(self, picker: TargetPicker) -> bool:
        """A spell's or ability's targets by letters on the board, a picker of the player's own
        (Escape drops it); whether it is complete already (every phrase "up to", nothing to choose)."""
        self.picker, self.player_picker = picker, True
        self.say()
        return picker.complete()

    def board_picker(self) -> Picker | None:
        """The letters-on-the-board flow of the decision now, if it has one."""
        g = self.game
        d = g.decision
        name = g.name_of
        match d:
            case AttackersDecision():
                return AttackPicker(d.player, list(d.able), list(d.defenders), name)
            case BlockersDecision():
                return BlockPicker(d.player, block_options(g, d), name)
            case TargetsDecision():
                player = d.player
                return TargetPicker(trigger_target_choices(d), lambda t: A.ChooseTargets(player, t),
                                    d.prompt.split(":")[0], name)
            case CastFreeDecision():  # a spell cast while an effect resolves: its targets by letters
                base = A.Cast(d.player, d.card)
                return TargetPicker(target_choices(g, base), lambda t: replace(base, targets=t), name(d.card), name)
        return None

    def board(self) -> Board:
        """The board the player at the keyboard sees (built once per decision, viewer and
        fold): their own hand, the others' hidden unless hands are open or revealed.  While
        a picker is under way each creature has a letter of its own: none fold."""
        picking = self.picker is not None
        key = (self.serial, self.viewer, self.folded, id(self.game), picking)
        if self._board is None or key != self._board_key:
            self._board = build_board(self.game, self.viewer or self.session.humans[0], folded=self.folded,
                                      open_hands=self.session.open_hands, fold_alike=not picking,
                                      labels=self.computer_labels())
            self._board_key = key
        return self._board

    def keep_cursors_on(self, b: Board) -> None:
        """Each zone's cursor on one of its cards (the board may have lost some since)."""
        for z in ("hand", "mine", "theirs", "stack", "log"):
            self.cursor[z] = min(self.cursor[z], max(len(b.items(z)) - 1, 0))

    def named(self, p: PlayerView) -> PlayerView:
        """A player's view with the name the client shows ("bob (computer)")."""
        label = self.session.label(p.name)
        return p if label == p.name else replace(p, name=label)

    def letters(self, b: Board) -> tuple[dict[Any, str], list[Any]]:
        """Letters for the picker's choices (one per group of identical lands), and the
        choices that are not on the board (cards in a graveyard)."""
        if self.picker is None:
            return {}, []
        choices = set(self.picker.choices)
        groups = b.group_of()
        order: list[Any] = []
        used_groups: set = set()
        shown = set(b.display_order())
        for ref in b.display_order():
            if ref in choices:
                g = groups.get(ref) if isinstance(ref, int) else None
                if g is not None:
                    if g in used_groups:
                        continue
                    used_groups.add(g)
                order.append(ref)
        off_board = [c for c in self.picker.choices if c not in shown]
        letters = assign_labels(order + off_board)
        return {ref: letter for letter, ref in letters.items()}, off_board

    def playable_names(self, board: Board) -> set[str]:
        """The names of the cards in hand the player at the keyboard can play or use now."""
        d = self.game.decision
        if d is None or d.kind != "priority" or d.player != self.viewer:
            return set()
        names = {c.id: c.name for c in board.hand}
        return {names[a.card] for a in self.legal() if isinstance(a, (A.PlayLand, A.Cast)) and a.card in names} | \
            {names[a.source] for a in self.legal() if isinstance(a, A.Activate) and a.source in names}

    def result(self) -> str:
        """How the game ended, in words."""
        g = self.game
        return "a draw" if g.is_draw else f"{g.winner} wins"

    def legal(self) -> list[A.Action]:
        """The legal actions now, listed once per decision."""
        if self._legal[0] != self.serial:
            self._legal = (self.serial, self.game.legal_actions())
        return self._legal[1]

    def my_priority(self) -> bool:
        """A priority decision of the player at the keyboard, with no picker under way."""
        d = self.game.decision
        return d is not None and d.kind == "priority" and d.player == self.viewer and self.picker is None

    def conceder(self) -> str | None:
        """Who would concede now: the player at the keyboard (the one answering the decision, or
        controlling its player), never another, nor the computer while it decides; None once the
        game is over."""
        if self.game.decision is None:
            return None
        who = self.session.decider or self.viewer
        return self.viewer if who in self.session.computers else who

    def key_state(self, action: str, *, phases: bool, own_card: Callable[[], bool]) -> bool | None:
        """Whether a key of the board's own flows applies now: True, None (shown greyed: it
        would be refused, say why) or False (hidden).  `phases`: the phase bar is selected;
        `own_card()`: the selection is a card the player at the keyboard may use."""
        d = self.game.decision
        over = d is None
        picking = self.picker is not None
        dialog = isinstance(d, DIALOG_TYPES)
        match action:
            case "confirm":
                return picking and not phases and not over
            case "toggle_stop" | "switch_stops":
                return phases and not over
            case "open_dialog":
                return not over and not phases and not picking and dialog
            case "summary":
                return over
            case "play" | "pay_by_hand" | "pass_priority" | "pass_to_end_of_turn":
                return self.acting_key_state(action, phases=phases, own_card=own_card)
            case "cancel":
                return picking and not over
            case "clear_message":
                return not picking
            case "undo":
                return self.undo_key_state()
            case "deck_lab":
                return self.session.goldfish
            case "concede":
                return self.conceder() is not None
        return True

    def acting_key_state(self, action: str, *, phases: bool, own_card: Callable[[], bool]) -> bool | None:
        """The keys that play or pass (`key_state`): hidden in a dialog's decision or once the
        game is over (playing, with letters on the board too), greyed while they would be refused."""
        d = self.game.decision
        if d is None or isinstance(d, DIALOG_TYPES):
            return False
        match action:
            case "play":
                if phases or self.picker is not None:
                    return False
                return True if self.my_priority() and own_card() else None
            case "pay_by_hand":
                if self.picker is not None:
                    return False
                castable = self.my_priority() and any(isinstance(a, (A.Cast, A.Activate)) for a in self.legal())
                return True if castable and own_card() else None
        return True if self.my_priority() else None

    def undo_key_state(self) -> bool:
        """Ctrl+Z: hidden with nothing to take back; shown when refused, so the key says why."""
        if not self.session.checkpoints:
            return False
        why = self.session.undo_refusal(self.session.decider or self.viewer)
        return why is not None or self.session.can_undo()  # can_undo: False where undo isn't offered

    # ------------------------------------------------------------ the selection
    def decision_context(self) -> tuple:
        """What makes a decision new for the cursor: its player, kind, turn and step, and the
        top of the stack (a new spell to respond to)."""
        g = self.game
        d = g.decision
        if d is None:
            return ()
        return (d.player, d.kind, g.turn, g.step, g.stack[-1].id if g.stack else None)

    def cursor_needs_placing(self) -> bool:
        """Whether the player at the keyboard got a decision of a new kind or in a new step
        since the cursor was placed (the client may have passed for them in between), or the
        cursor sits on an empty zone.  Dialog decisions (targets, modes ...) don't count."""
        d = self.game.decision
        if d is None or d.kind not in ("priority", "attackers", "blockers"):
            return False
        empty = self.zone != "phases" and not self.board().items(self.zone)
        return empty or self.decision_context() != self.placed

    def set_cursor(self) -> bool:
        """Where the card cursor starts when a player gets a new decision (a handoff, a new step
        or a new kind of decision after the client passed for them): the stack's top when
        responding; at their priority with an empty stack, the first card in hand they can
        usefully play, else the first permanent of theirs with a useful ability (a regenerating
        Troll), else the first playable card, else the hand's first card; declaring attackers
        or blockers, the first creature of theirs that may attack or block.  Never an empty
        zone."""
        d = self.game.decision
        self.placed = self.decision_context()
        if d is None:
            return False
        b = self.board()
        if d.kind == "priority" and self.game.stack:
            self.zone, self.cursor["stack"] = "stack", 0
        elif d.kind == "priority":
            useful = list(relevant_actions(self.game, d.player)) if d.player == self.viewer else []
            cards = {a.card for a in useful if isinstance(a, (A.PlayLand, A.Cast))}
            sources = {a.source for a in useful if isinstance(a, A.Activate)}
            playable = {a.card for a in self.legal() if isinstance(a, (A.PlayLand, A.Cast))}
            in_hand = lambda ids: next((i for i, c in enumerate(b.hand) if c.id in ids), None)  # noqa: E731
            mine = next((i for i, g in enumerate(b.mine) if sources & set(g.ids)), None)
            if in_hand(cards) is not None:
                self.zone, self.cursor["hand"] = "hand", in_hand(cards) or 0
            elif mine is not None:
                self.zone, self.cursor["mine"] = "mine", mine
            elif b.hand or not b.mine:
                self.zone, self.cursor["hand"] = "hand", in_hand(playable) or 0
            else:
                self.zone, self.cursor["mine"] = "mine", 0
        elif d.kind in ("attackers", "blockers") and b.mine:
            able = set(getattr(d, "able", ()))
            self.zone = "mine"
            self.cursor["mine"] = next((i for i, g in enumerate(b.mine) if able & set(g.ids)), 0)
        elif self.zone != "phases" and not b.items(self.zone):  # never an empty zone
            self.zone = "hand" if b.hand or not b.mine else "mine"
        else:
            return False
        return True

    def own_card_selected(self) -> bool:
        """Whether the selection is a card the player at the keyboard may use: in their hand,
        on their battlefield, or their Aura or Equipment drawn on its host on the other
        player's side (their Pacifism on the opponent's creature)."""
        z = self.zone
        if z not in ("hand", "mine", "theirs"):
            return False
        items = self.board().items(z)
        if not items:
            return False
        if z != "theirs":
            return True
        item = items[min(self.cursor[z], len(items) - 1)]
        return bool(item.foreign) and item.card.controller == self.viewer

    def selected_card(self, b: Board) -> tuple[CardView | CardFacts | None, list[str]]:
        z = self.zone
        if z == "phases":
            return self.step_facts()
        items = b.items(z)
        if not items:
            return None, []
        item = items[min(self.cursor[z], len(items) - 1)]
        if z == "hand":
            return item, []
        if z in ("mine", "theirs"):
            extra = [f"{item.count} of them"] if item.count > 1 else []
            if item.host:
                extra.append(f"attached to {item.host}" + (f" ({item.foreign}'s)" if item.foreign else ""))
            on_it = [g for g in items if g.host_id in item.ids]
            if on_it:
                extra.append("with " + ", ".join(g.card.name + (f" ({g.foreign}'s)" if g.foreign else "")
                                                 for g in on_it))
            if item.blocked_by:
                extra.append(f"blocked by {item.blocked_by}")
            if item.blocks:
                extra.append(f"blocking {item.blocks}")
            return item.card, extra
        if z == "stack":
            facts = card_facts(item.name)
            kind = {"spell": "spell", "ability": "activated ability", "trigger": "triggered ability"}.get(
                item.kind, item.kind)
            extra = [f"on the stack: {kind} controlled by {item.controller}"]
            targets = target_names(item, b.names or {})
            if targets:
                extra.append("targeting " + ", ".join(targets))
            return facts, extra
        if z == "log":
            return CardFacts(f"rule {item.rule or '-'}", type=f"turn {item.turn}, {item.step}", text=item.text), []
        return None, []

    def step_facts(self) -> tuple[CardFacts, list[str]]:
        """The card panel while the phase bar is selected: the selected step and its stop."""
        step = STEPS[self.cursor["phases"]]
        whose = self.whose_turn()
        stop = step in self.stops_shown()
        text = ("A stop: the client gives you priority in this step on "
                f"{whose} turns. Elsewhere it passes for you unless a spell needs an answer. Enter toggles it.")
        return CardFacts(STEP_NAMES[step], type=f"a step of {whose} turns", text=text), [
            "stop set" if stop else "no stop"]

    def prompt(self, labels: dict[Any, str], off_board: list[Any]) -> Prompt:
        """What the prompt line says now (`labels`, `off_board`: the picker's letters)."""
        g = self.game
        d = g.decision
        if d is None:
            return Prompt("over", ask=self.result())
        seat = self.session.computer_deciding()
        if seat is not None:  # never its prompt: that may name what its hand holds
            return Prompt("computer", who=seat)
        off = tuple((labels.get(ref, "?"), g.name_of(ref)) for ref in off_board)
        if self.zone == "phases":
            # short, so the prompt keeps its height: the card panel explains the selected step's stop
            ask = f"stops on {self.whose_turn()} turns: ←→ pick a step, Enter toggles its stop, t the other turns"
            return Prompt("ask", d.player, ask, off_board=off)
        if self.picker is not None:
            return Prompt("ask", d.player, self.picker.prompt, KEYS_PICK, off_board=off)
        if self.in_dialog():
            return Prompt("ask", d.player, d.prompt, off_board=off)
        burn = mana_burn_if_passed(g, d.player)
        warning = f"mana in your pool: passing now burns {burn} life ({g.rules.cite('mana_burn')})" if burn else ""
        return Prompt("ask", d.player, d.prompt, warning=warning, off_board=off)

    def stops_shown(self) -> set[str]:
        viewer = self.viewer
        if viewer is None or viewer not in self.session.stops:
            return set()
        s = self.session.stops[viewer]
        return set(s.own if self.editing_own_turns() else s.theirs)

    def editing_own_turns(self) -> bool:
        """Whether the phase bar shows (and Enter toggles) the stops of the viewer's own turns:
        the turn being played's set, unless `t` on the phase bar switched to the other."""
        if self.zone == "phases" and self.stops_own is not None:
            return self.stops_own
        return self.game.active == self.viewer

    def whose_turn(self) -> str:
        return "your" if self.editing_own_turns() else "their"

    def move(self, where: str) -> None:
        """An arrow, Tab, Home or End: the selection moves in its zone, or to another zone."""
        b = self.board()
        z = self.zone
        if where in ("tab", "shift+tab"):
            i = ZONES.index(z) + (1 if where == "tab" else -1)
            self.zone = ZONES[i % len(ZONES)]
        elif where in ("home", "end"):
            n = len(STEPS) if z == "phases" else len(b.items(z))
            self.cursor[z] = 0 if where == "home" else max(n - 1, 0)
        elif z == "phases":
            if where in ("left", "right"):
                step = 1 if where == "right" else -1
                self.cursor["phases"] = (self.cursor["phases"] + step) % len(STEPS)
        elif z in ("stack", "log") and where in ("up", "down"):
            n = len(b.items(z))
            self.cursor[z] = max(0, min(self.cursor[z] + (1 if where == "down" else -1), n - 1))
        elif z in ("stack", "log"):
            self.zone = "mine" if where == "left" else z
        elif where in ("left", "right"):
            n = len(b.items(z))
            if n:
                self.cursor[z] = (self.cursor[z] + (1 if where == "right" else -1)) % n
        else:  # up/down between the rows of the table: theirs, mine, hand
            column = ["theirs", "mine", "hand"]
            i = column.index(z) + (1 if where == "down" else -1)
            self.zone = column[max(0, min(i, 2))]
        if self.zone != "phases":  # back on the phase bar, it shows the turn being played's stops again
            self.stops_own = None

    def toggle_stop(self) -> None:
        """Enter on the phase bar: the viewer's stop on the selected step, on or off."""
        if self.viewer in self.session.stops:
            step = STEPS[self.cursor["phases"]]
            on = self.session.stops[self.viewer].toggle(self.editing_own_turns(), step)
            self.say(f"stop {'set' if on else 'removed'} on {self.whose_turn()} turns: {STEP_NAMES[step]}",
                     "$text-success")

    # ------------------------------------------------------------ using a card
    def use_card(self, zone: str, item: Any) -> Step:
        """Enter on a card of the player with priority: `item` is the selected card of the
        board's `zone` (a card dict in "hand", which holds graveyard cards that can be used
        too; a Group on a battlefield).  Playing a land, casting a spell, or activating an
        ability; what the engine doesn't list is sent as it is, for its refusal to say why."""
        d = self.game.decision
        assert d is not None
        legal = self.legal()
        if zone == "hand" and item.zone == "graveyard" and "Land" in item.type:
            return Send(A.PlayLand(d.player, item.id))  # a land played from the graveyard (Crucible of Worlds)
        if zone == "hand" and item.zone == "graveyard":  # an ability that works from the graveyard
            return self.use_abilities(item.id, item.name)
        if zone != "hand":
            return self.use_abilities(item.ids, item.card.name)
        names = {c.id: c.name for c in self.board().hand}
        acts = [a for a in legal if isinstance(a, (A.PlayLand, A.Cast)) and names.get(a.card) == item.name]
        if not acts:
            return Send(A.PlayLand(d.player, item.id) if "Land" in item.type else A.Cast(d.player, item.id))
        if isinstance(acts[0], A.PlayLand):
            return Send(acts[0])
        return self.announce([a for a in acts if isinstance(a, A.Cast)])  # a card's actions are of one kind

    def use_abilities(self, ids: Any, name: str) -> Step:
        """Activate an ability of the permanent (or graveyard card) `ids`: which one, when
        several can be activated."""
        d = self.game.decision
        assert d is not None
        ids = tuple(ids) if isinstance(ids, (tuple, list)) else (ids,)
        acts = [a for a in self.legal() if isinstance(a, A.Activate) and a.source in ids]
        if not acts:
            return Send(A.Activate(d.player, ids[0], first_ability_index(self.game, ids[0])))
        indices = sorted({a.index for a in acts})
        if len(indices) == 1:
            return self.announce(acts)
        texts = ability_texts(self.game, acts[0].source)
        options = [(texts[i - 1] if i - 1 < len(texts) else f"ability {i}", i) for i in indices]
        return Ask(f"{name}: which ability?", options,
                   lambda index: self.announce([a for a in acts if a.index == index]))

    def announce(self, acts: Sequence[Announced]) -> Step:
        """Cast or activate: its modes and X first when the engine lists several, then its
        targets (then, with `p`, its mana sources)."""
        modes = sorted({a.modes for a in acts})
        if len(modes) > 1:  # a modal spell or ability: the engine lists each legal choice of modes
            return Ask(f"{self.title(acts[0])}: choose", [(self.modes_label(acts[0], m), m) for m in modes],
                       lambda m: self.announce([a for a in acts if a.modes == m]))
        xs = sorted({a.x for a in acts if a.x is not None})
        if len(xs) > 1:
            return Ask(f"{self.title(acts[0])}: choose X", [(f"X = {x}", x) for x in xs],
                       lambda x: self.announce([a for a in acts if a.x == x]))
        base = acts[0]
        specs = target_choices(self.game, base)
        if not specs:
            return Send(base, announced=True)
        return PickTargets(TargetPicker(specs, lambda t: replace(base, targets=t), self.title(base),
                                        self.game.name_of))

    def modes_label(self, a: A.Action, modes: tuple[int, ...]) -> str:
        """A choice of modes as the menu shows it: the mode's words when it is one mode of an
        ability, else their numbers."""
        texts = mode_texts(self.game, a)
        if len(modes) == 1 and 1 <= modes[0] <= len(texts):
            return texts[modes[0] - 1]
        return "modes " + ", ".join(map(str, modes)) if modes else "no mode"

    def title(self, a: Announced) -> str:
        """The card's name without the `#N` that tells copies apart."""
        source = a.card if isinstance(a, A.Cast) else a.source
        return re.sub(r"#\d+$", "", self.game.name_of(source))

    def enter(self) -> Step | Literal["dialog"] | None:
        """Enter (or `p`): the decision's dialog again, or the next step of using the selected
        card; None when there is nothing to do (the message may say why)."""
        d = self.game.decision
        if d is None:  # the game is over (Enter and p are hidden then)
            return None
        if isinstance(d, DIALOG_TYPES):
            return "dialog"
        if d.kind != "priority":
            return None
        if not self.own_card_selected():
            self.say("select a card in your hand or on your battlefield (Tab / arrows)", "$text-warning")
            return None
        z = self.zone
        return self.use_card(z, self.board().items(z)[self.cursor[z]])

    def pay_by_hand(self, action: Announced) -> Cards:
        """`p`: the dialog choosing the mana sources the spell or ability is paid with."""
        self.picker = None
        names = {i: g.card.name for g in self.board().mine for i in g.ids}
        return mana_sources(self.game, action, mana_source_ids(self.game, action.player), names)

    # ------------------------------------------------------------ letters on the board
    def picker_key(self, key: str, ch: str | None) -> PickerKey:
        """A key while letters are on the board: Escape steps back (a blocker's choice) or
        drops the choices, Enter finishes, a letter chooses; "finish" when the picker's answer
        is to be sent (`picked`), else the board is drawn again."""
        p = self.picker
        assert p is not None
        if key == "escape":
            if not (isinstance(p, BlockPicker) and p.back()):
                self.drop_picking("choices cleared")
            return "redraw"
        if key == "enter":
            if isinstance(p, TargetPicker) and not p.complete():
                p.finish_spec()
                if not p.complete():
                    self.say(f"choose {p.spec.text if p.spec else 'a target'} first", "$text-warning")
                    return "redraw"
            return "finish"
        labels, _ = self.letters(self.board())
        by_letter = {v: r for r, v in labels.items()}
        if ch in by_letter:
            p.press(by_letter[ch])
            self.say()
            if isinstance(p, TargetPicker) and p.complete():
                return "finish"
        return "redraw"

    def drop_picking(self, said: str) -> None:
        """The choices made by letters are dropped: the player's own (casting) ends, a
        decision's starts again (`said` then)."""
        if self.player_picker:
            self.picker, self.player_picker = None, False
            self.say("cancelled", "dim")
        else:
            self.picker = self.board_picker()
            self.say(said, "dim")

    def picked(self) -> A.Action | Division | None:
        """The picker's answer: the action, or first the dialog dividing its damage among its
        targets (601.2d); None while it is incomplete (the message says what is missing)."""
        p = self.picker
        if p is None:
            return None
        if not p.complete():
            self.say(p.prompt, "$text-warning")
            return None
        action = p.answer()
        if action is None:
            return None
        total = damage_to_divide(self.game, action)
        if total and isinstance(action, (A.Cast, A.Activate, A.ChooseTargets)):  # only these divide damage
            return division(self.game, action, total)
        return action

    # ------------------------------------------------------------ the screen's dialogs
    def dialog(self) -> Dialog | None:
        """The dialog the decision now is answered in (mtg_tui.decision_dialogs), if any."""
        return decision_dialog(self.game, self.board().hand)

    def in_dialog(self) -> bool:
        """Whether the decision now is answered in a dialog."""
        return isinstance(self.game.decision, DIALOG_TYPES)

    def concession(self) -> tuple[str, str] | None:
        """Who would concede now and what follows ("bob wins"), or None (104.3a / 2009 102.3a)."""
        who = self.conceder()
        if who is None:
            return None
        rest = [p.name for p in self.game.players if p.name != who and not p.lost]
        return who, f"{rest[0]} wins" if len(rest) == 1 else "the game goes on without them"

    def save_path(self) -> str:
        """Where the game is saved unless the player types another path."""
        from .persistence.saves import default_path

        return default_path(self.session)

    def save(self, path: str) -> str | None:
        """Save the game to `path` (empty: `save_path`): why not, or None (the message says where)."""
        from .persistence.saves import SaveError, save

        try:
            where = save(self.session, path or self.save_path())
        except SaveError as e:
            return str(e)
        self.say(f"saved to {where}", "$text-success")
        return None

    def lab_setup(self) -> LabSetup | None:
        """The deck lab for this goldfish game's deck, rules and mulligan rule, or None (the
        message says why: a game begun from a position has no deck list)."""
        g = self.game
        human = self.session.humans[0]
        spec = next(p for p in g.setup.players if p.name == human)
        if not spec.deck:
            self.say("the deck lab needs a deck list: this game began from a position", "$text-warning")
            return None
        cfg = self.session.config
        name = cfg.decks[0] if cfg is not None and cfg.decks else f"{human}'s deck"
        return LabSetup(name, spec.deck, g.setup.ruleset, g.setup.mulligan)

    def command(self, text: str) -> Command:
        """A line typed in the command bar, in notation: nothing typed, refused (the message
        says why) or sent."""
        text = text.strip()
        if not text:
            return "empty"
        return "refused" if self.act(text) is not None else "sent"

    def completion_names(self) -> list[str]:
        """The names the command bar completes: the players and every card they can see."""
        b = self.board()
        names = {p.name for p in b.view.players}
        for p in b.view.players:
            names |= {c.name for c in p.battlefield + p.graveyard + p.exile + (p.hand or ())}
        names |= {it.name for it in b.stack}
        return sorted(names)

    # ------------------------------------------------------------ answering
    def act(self, action: A.Action | str) -> str | None:
        """Send an answer for the player at the keyboard: the engine's refusal (also on the
        message line), or None, the message then saying where the game went."""
        turn = self.game.turn
        try:
            self.session.act(action, self.viewer)
        except IllegalAction as e:
            self.say("refused: " + str(e), "bold $text-error")
            return str(e)
        self.say(*self.news(turn))
        self.picker = None
        return None

    def news(self, turn: int) -> tuple[str, str]:
        """After the client passed for the players across turns: where the game is now
        (a message and its style), or nothing."""
        g = self.game
        if g.over or g.turn == turn:
            return "", ""
        return (f"now turn {g.turn}, {g.active}'s turn (the client passed where nobody could act; "
                "the log says what happened)", "$text-success")

    def burn_unconfirmed(self, key: str) -> bool:
        """2009 rules: passing with mana in the pool at the end of a phase costs life (mana
        burn, 300.3).  The first press only warns; the same key again passes."""
        d = self.game.decision
        if d is None:
            return False
        burn = mana_burn_if_passed(self.game, d.player)
        if not burn or self._burn_confirmed == (self.serial, key):
            return False
        self._burn_confirmed = (self.serial, key)
        self.say(f"{d.player} has {burn} unused mana: if the phase ends now, {d.player} loses {burn} "
                 f"life to mana burn ({self.game.rules.cite('mana_burn')}). Use it, or press {key} "
                 "again to pass anyway", "bold $text-warning")
        return True

    def pass_priority(self, key: str = "Space") -> bool:
        """Pass once; returns whether the game moved (else the message says why not)."""
        d = self.game.decision
        if d is None:
            return False
        if d.kind != "priority":
            self.say(f"the engine is waiting for {d.kind.replace('_', ' ')}, not a pass", "$text-warning")
            return False
        if self.burn_unconfirmed(key):
            return False
        return self.act(A.Pass(d.player)) is None

    def pass_with(self, mode: str, key: str) -> bool:
        """Pass priority now and keep passing in `mode` (Session.pass_until); returns whether
        the game moved."""
        d = self.game.decision
        if d is None or d.kind != "priority" or self.burn_unconfirmed(key):
            return False
        turn = self.game.turn
        self.session.pass_until(d.player, mode)
        self.say(*self.news(turn))
        return True

    def pass_to_end_of_turn(self) -> bool:
        """e: pass to end of turn (Session.pass_until "eot"), or once when the decision is no
        priority (the message then says what the engine waits for); whether the game moved."""
        d = self.game.decision
        if d is None:
            return False
        if d.kind != "priority":
            return self.pass_priority()
        return self.pass_with("eot", "e")

    def undo(self) -> bool:
        """Take back the player's last decision (Session.undo_refusal says when not, and why,
        on the message line); the computer's answer in progress is dropped."""
        who = self.session.decider or self.viewer
        why = self.session.undo_refusal(who)
        if why is None and not self.session.can_undo():  # a session without undo (practice: Ctrl+R retries)
            why = "undo isn't offered here"
        if why is not None:
            self.say(f"can't undo: {why}", "$text-warning")
            return False
        self.stop_computer()
        self.session.undo(who)
        self.serial = ()
        self.say("undone", "$text-success")
        return True

    def dialog_closed(self, accepted: bool) -> bool:
        """A dialog answered, or closed with Escape: Escape on a cost or a choice made while
        casting a spell or activating an ability cancels the whole action.  Returns whether
        the game moved (the screen catches up) rather than only needing a redraw."""
        said = self.session.cancel_announcement() if not accepted and self.game.decision is not None else None
        if said:
            self.say(said, "$text-success")
            self.serial = ()
            return True
        return accepted

    # ------------------------------------------------------------ the computer's seat
    def computer_seat(self) -> str:
        return next(iter(self.session.computers), "")

    def computer_labels(self) -> dict[str, str]:
        """The computer's seats with the names the client shows them by ("bob (computer)")."""
        return {seat: self.session.label(seat) for seat in self.session.computers}

    def computer_news(self, seat: str, since: int) -> str:
        """What the computer's action did, from the log, its seat named as the client names it,
        once for the lines in a row it begins: "bob (computer) taps Island for {U}; pays {U};
        casts ..."."""
        entries = [e for e in self.game.log[since:] if not e.minor] or self.game.log[since:]
        named = [scrub(e.text) for e in labelled_log(self.game, entries, self.computer_labels())]
        label = self.session.label(seat)
        return "; ".join(said_once(named, label + " ")) or f"{label} acted"

    def computer_ask(self) -> tuple[str, tuple[int, int] | None]:
        """What the prompt line says while the computer decides, and its search's progress
        (done, budget) to draw after it: its last action on show (Space goes on at once), or
        thinking, with a bar once it searches."""
        if self.wait is not None:
            return "is deciding (Space: go on at once)", None
        if self.searched is not None:
            return "is thinking… ", self.searched
        return "is thinking…", None

    def computer_busy(self) -> bool:
        """Whether the computer is deciding or its last action is being shown."""
        return self.thinking is not None or self.wait is not None

    def start_thinking(self) -> tuple[object, Callable[[Callable[[int, int], None] | None], A.Action | None]] | None:
        """The computer must decide: a token for its answer, and the function working it out
        for the game as it is now (the screen runs it in a thread: a search may take seconds);
        None when it is already thinking or pausing."""
        if self.computer_busy():
            return None
        token = self.thinking = object()
        self.searched = None
        session = self.session
        return token, lambda progress: session.computer_answer(progress)

    def search_progress(self, token: object, done: int, budget: int) -> bool:
        """The computer's search got on: whether it is still the answer awaited (the prompt
        line then shows how far it is)."""
        if token is not self.thinking:
            return False  # an answer dropped (undo) or already given
        self.searched = (done, budget)
        return self.session.computer_deciding() is not None

    def computer_answered(self, token: object, game: Game, at: int, action: A.Action | Exception | None) -> Answered:
        """The computer's answer, worked out for `game` at `at` actions: "dropped" (not the
        answer awaited), "stale" (the game moved since: undo, a concession), else played (the
        message line says what it did): "paced" when the screen is to wait `computer_pause`
        before its next decision, "played" when it goes on at once."""
        if token is not self.thinking:
            return "dropped"
        self.thinking = None
        self.searched = None
        if game is not self.game or len(game.record) != at or action is None:
            return "stale"
        if isinstance(action, Exception):
            raise action  # the computer's player failed on a game nobody touched: a bug
        seat = self.session.computer_deciding() or self.computer_seat()
        since = len(game.log)
        self.session.act_for_computer(action)
        shown = not isinstance(action, A.Pass)
        if shown:
            self.computer_acted = True
            self.say(self.computer_news(seat, since), "$text-accent")
        if shown and self.computer_pause > 0 and self.session.computer_deciding() is not None:
            return "paced"
        return "played"

    def end_pause(self) -> None:
        if self.wait is not None:
            self.wait.stop()
        self.wait = None

    def stop_computer(self) -> None:
        """Drop the computer's answer in progress and its pause (undo: the game went back)."""
        self.thinking = None
        self.searched = None
        self.end_pause()
