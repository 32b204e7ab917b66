"""The board the player at the keyboard sees, and the selection on it: the zone and each zone's
cursor, where the cursor starts for a new decision, moving it, what the card panel says of the
selected card or step, the picker's letters on the board, and the stops on the phase bar.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.engine.api.view_types import CardView, PlayerView
from rules.engine.core import actions as A
from rules.engine.loop.turn import STEPS
from rules.play.assist import (
    relevant_actions,
)

from ..board import ZONES, Board, build_board, card_facts
from ..grouping import STEP_NAMES, CardFacts, target_names
from ..picking import assign_labels
from ..session import Session
from .state import ControllerState


class BoardSelection(ControllerState):
    """The board as its viewer sees it (built once per decision) and the selection on it."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.folded = True  # the log's routine lines left out
        self.zone = "hand"  # the selection: a zone of the board (ZONES) and a cursor in each
        self.cursor: dict[str, int] = dict.fromkeys(ZONES, 0)
        self.cursor["phases"] = STEPS.index("main1")
        # which set of stops the phase bar shows and toggles while it is the zone: the viewer's
        # own turns' (True) or the opponent's turns' (False); None: the turn being played
        self.stops_own: bool | None = None
        self.placed: tuple[object, ...] = ()  # the decision_context the cursor was last placed for
        self._board: Board | None = None
        self._board_key: tuple[object, ...] = ()

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
        used_groups: set[object] = set()
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

    def decision_context(self) -> tuple[object, ...]:
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

            def in_hand(ids: set[int]) -> int | None:
                return next((i for i, c in enumerate(b.hand) if c.id in ids), None)

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
