"""Using the selected card, and letters on the board: what Enter (or `p`) on a card sends and
what is asked on the way (which ability, which modes, which X, its targets), and the pickers of
the decisions answered by letters (attackers, blockers, a trigger's targets, a spell cast while
an effect resolves): a key while they are under way, and their answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from rules.engine.core import actions as A
from rules.engine.core.decisions import (
    AttackersDecision,
    BlockersDecision,
    CastFreeDecision,
    TargetsDecision,
)
from rules.play.assist import (
    ability_texts,
    block_options,
    damage_to_divide,
    first_ability_index,
    mana_source_ids,
    mode_texts,
    target_choices,
    trigger_target_choices,
)

from ..decision_dialogs import Cards, Division, division, mana_sources
from ..picking import AttackPicker, BlockPicker, Picker, TargetPicker
from .selection import BoardSelection
from .state import DIALOG_TYPES

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


class CardUse(BoardSelection):
    """Enter on a card, step by step, and the letters on the board."""

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

    def start_picking(self, picker: TargetPicker) -> bool:
        """A spell's or ability's targets by letters on the board, a picker of the player's own
        (Escape drops it); whether it is complete already (every phrase "up to", nothing to choose)."""
        self.picker, self.player_picker = picker, True
        self.say()
        return picker.complete()

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
