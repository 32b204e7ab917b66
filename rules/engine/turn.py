"""Turn structure: phases, steps, turn-based actions, priority and mulligans
(2014: 103.4, 116, 500-514; 2009: 101.4, 300-314, 408)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from . import actions as A
from .decisions import Decision
from ..cards.mana import pool_text
from .replacement import max_hand_size

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Gen = Generator[Decision, Any, Any]

STEPS = (
    "untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_combat", "main2",
    "end", "cleanup",
)
PHASE = {
    "untap": "beginning", "upkeep": "beginning", "draw": "beginning",
    "main1": "precombat main", "begin_combat": "combat", "declare_attackers": "combat",
    "declare_blockers": "combat", "first_strike_damage": "combat", "combat_damage": "combat",
    "end_combat": "combat", "main2": "postcombat main", "end": "ending", "cleanup": "ending",
}
STEP_TITLES = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "main1": "precombat main phase", "begin_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "first_strike_damage": "first-strike combat damage step", "combat_damage": "combat damage step",
    "end_combat": "end of combat step", "main2": "postcombat main phase", "end": "end step",
    "cleanup": "cleanup step",
}
MAX_HAND = 7


class TurnMixin:
    # ------------------------------------------------------------ mulligans
    def _mulligans(self: "Game") -> Gen:
        rule = self.mulligan_rule
        order = self._apnap()  # the starting player is active now
        if rule == "sequential":
            # 2009 101.4: the starting player takes all mulligans, then each other player
            for p in order:
                while p.hand:
                    ans, _ = yield self._mulligan_decision(p.name)
                    if isinstance(ans, A.Keep):
                        self._log(f"{p.name} keeps {len(p.hand)} cards", "mulligan", player=p.name)
                        break
                    self._take_mulligan(p.name, len(p.hand) - 1)
            return
        # paris (2014 103.4) and london: rounds of declarations, then simultaneous mulligans
        keeping: set[str] = set()
        while True:
            choosing = [p for p in order if p.name not in keeping and p.hand]
            if not choosing:
                break
            takers = []
            for p in choosing:
                ans, _ = yield self._mulligan_decision(p.name)
                if isinstance(ans, A.Keep):
                    keeping.add(p.name)
                    self._log(f"{p.name} keeps {len(p.hand)} cards", "mulligan", player=p.name)
                else:
                    takers.append(p)
            if not takers:
                break
            for p in takers:
                size = 7 if rule == "london" else len(p.hand) - 1
                self._take_mulligan(p.name, size)
                if rule == "london" and p.mulligans >= 7:
                    keeping.add(p.name)  # nothing left to bottom from
        if rule == "london":
            for p in order:
                n = min(p.mulligans, len(p.hand))
                if n:
                    ans, _ = yield Decision(
                        "bottom", p.name,
                        f"put {n} card{'s' if n > 1 else ''} from your hand on the bottom of your library",
                        options=list(p.hand), data={"count": n})
                    for oid in self._choose_cards(ans, p.hand):
                        self.move(oid, "library", bottom=True, log=False)
                    self._log(f"{p.name} puts {n} card(s) on the bottom of their library", "mulligan",
                              player=p.name)

    def _choose_cards(self: "Game", ans: A.Choose, zone: list[int]) -> list[int]:
        """The cards a `choose` answer names (ids, or references to cards in `zone`)."""
        out: list[int] = []
        for w in ans.words:
            if isinstance(w, int):
                oid = w
            else:
                from .notation import candidates
                ids = [i for i in candidates(self, w, ("hand",)) if i in zone and i not in out]
                oid = ids[0] if ids else self.resolve_ref(w, zones=("hand",))
            out.append(oid)
        return out

    def _mulligan_decision(self: "Game", name: str) -> Decision:
        n = len(self._players[name].hand)
        return Decision("mulligan", name, f"keep this hand of {n} or take a mulligan",
                        options=[A.Keep(name), A.Mulligan(name)])

    def _take_mulligan(self: "Game", name: str, size: int) -> None:
        p = self._players[name]
        for oid in list(p.hand):
            self.move(oid, "library", log=False)
        self.rng.shuffle(p.library)
        p.mulligans += 1
        self._log(f"{name} takes a mulligan", "mulligan", player=name)
        self._draw(name, max(size, 0), log_rule="mulligan")

    # ------------------------------------------------------------ turns
    def _next_turn(self: "Game") -> None:
        self._end_turn_cleanup()
        self.turn += 1
        if self.extra_turns:  # 500.7 / 300.6: the most recently created extra turn comes first
            self.active = self.extra_turns.pop()
        else:
            self.active = self.next_player(self.active)
        if self.setup.turn_cap is not None and self.turn > self.setup.turn_cap:
            self.end_as_draw(f"the turn limit of {self.setup.turn_cap} was reached")
            from .game import GameOver
            raise GameOver()
        for p in self.players:
            p.lands_played = 0
        for o in self.permanents():
            o.activated_this_turn = 0
            o.loyalty_activated = 0
        self._log(f"turn {self.turn}: {self.active}'s turn", "new_turn")

    def _run_turn(self: "Game", first_step: str) -> Gen:
        self._combat_happened = False
        self._players[self.active].last_turn = self.turn
        for step in STEPS[STEPS.index(first_step):]:
            if self._skip_step(step):
                continue
            self.step = step
            yield from self._do_step(step)
            self._end_of_step(step)

    def _skip_step(self: "Game", step: str) -> bool:
        if step == "draw" and self.turn == 1 and self.first_turn_player == self.active:
            self._log(f"{self.active} skips the draw step of the first turn", "skip_first_draw")
            return True
        if step in ("declare_blockers", "first_strike_damage", "combat_damage"):
            if not self._attackers():
                return True  # 508.8: no attackers, no blockers or damage steps
            if step == "first_strike_damage" and not self._first_strike_in_combat():
                return True
        return False

    def _do_step(self: "Game", step: str) -> Gen:
        if step == "untap":
            self._untap_step()
            return  # no player receives priority (502.3 / 302.3)
        if step == "draw":
            self._draw(self.active, 1, log_rule="draw_step")
        elif step == "declare_attackers":
            yield from self._declare_attackers_step()
        elif step == "declare_blockers":
            yield from self._declare_blockers_step()
        elif step in ("first_strike_damage", "combat_damage"):
            yield from self._combat_damage_step(first=(step == "first_strike_damage"))
        elif step == "cleanup":
            yield from self._cleanup_step()
            return
        self._fire_step_triggers(step)
        yield from self._priority_loop()

    def _untap_step(self: "Game") -> None:
        n = 0
        for o in self.permanents(self.active):
            if o.tapped and "doesnt_untap" in self.chars(o).restrictions:
                self._log(f"{o.name} doesn't untap", "doesnt_untap", player=self.active)
            elif o.tapped:
                o.tapped = False
                n += 1
        self._log(f"{self.active} untaps {n} permanent{'s' if n != 1 else ''}", "untap",
                  player=self.active)
        self._end_effects(f"untap:{self.active}")  # "during its controller's next untap step"

    def _cleanup_step(self: "Game") -> Gen:
        while True:
            p = self._players[self.active]
            limit = max_hand_size(self, p.name)  # 402.2 / 217.3b
            excess = len(p.hand) - limit if limit is not None else 0
            if excess > 0:
                ans, _ = yield Decision(
                    "discard", p.name, f"discard {excess} card{'s' if excess > 1 else ''} (hand size is {limit})",
                    options=list(p.hand), data={"count": excess})
                for oid in ans.cards:
                    self.move(oid, "graveyard")
                    self._log(f"{p.name} discards {self.known_name(oid)}", "cleanup_discard", player=p.name)
                    self._emit_event("discard", {"player": p.name, "card": oid})
            # 514.2 / 314.2: damage wears off and "until end of turn" effects end, together
            for o in self.permanents():
                o.damage = 0
                o.deathtouched = False
                o.regen_shields = 0  # "this turn" shields end with the turn's effects
            self._end_effects("eot")
            self._log("damage is removed and \"until end of turn\" effects end", "cleanup_damage")
            self._flush()
            if not self._sba_pending() and not self.pending_triggers:
                return
            # 514.3a: players get priority, then another cleanup step follows
            self._log("state-based actions or triggers in cleanup: players get priority", "cleanup_priority")
            yield from self._priority_loop()

    def _end_of_step(self: "Game", step: str) -> None:
        self._end_effects(f"step:{step}")
        if step == "end_combat":
            self._end_combat()
        if self.rules.pool_empties_each_step:
            self._empty_pools(burn=False)
        else:
            nxt = STEPS.index(step) + 1
            if nxt >= len(STEPS) or PHASE[STEPS[nxt]] != PHASE[step]:
                self._empty_pools(burn=self.rules.mana_burn)

    def _empty_pools(self: "Game", burn: bool) -> None:
        for p in self.players:
            n = sum(p.pool.values())
            if not n:
                continue
            text = pool_text(p.pool)
            p.pool.clear()
            if burn:
                self._log(f"{p.name}'s unused mana ({text}) empties from the pool: mana burn", "mana_burn",
                          player=p.name)
                self.lose_life(p.name, n, "mana burn", rule="mana_burn")
            else:
                self._log(f"{p.name}'s mana pool empties ({text})", "mana_empties", player=p.name)

    def _end_turn_cleanup(self: "Game") -> None:
        self._empty_pools(burn=self.rules.mana_burn and not self.rules.pool_empties_each_step)

    # ------------------------------------------------------------ priority
    def _priority_loop(self: "Game") -> Gen:
        """Players receive priority until all pass in succession with an empty stack (500.2)."""
        self.priority = self.active
        passes = 0
        while True:
            yield from self._settle()
            who = self.priority
            action, plan = yield Decision("priority", who, self._priority_prompt(who))
            if isinstance(action, A.Pass):
                passes += 1
                self._log(f"{who} passes", "priority_pass", player=who)
                if passes >= len(self.live_players()):
                    if not self.stack:
                        self.priority = None
                        self._log(f"all players passed in succession with an empty stack: "
                                  f"the {self.step_title()} ends", "step_ends")
                        return
                    self._log("all players passed in succession: the top object of the stack resolves",
                              "all_passed")
                    yield from self._resolve_top()
                    self.priority = self.active
                    passes = 0
                else:
                    self.priority = self.next_player(who)
                continue
            passes = 0
            if isinstance(action, A.PlayLand):
                self._play_land(action)
            elif isinstance(action, A.Cast):
                self._cast(action, plan)
            elif isinstance(action, A.Activate):
                yield from self._activate(action, plan)
            self.priority = who  # 116.3c: the player who acted receives priority again
            self._log(f"{who} receives priority again", "priority_after_cast", player=who)

    def _priority_prompt(self: "Game", who: str) -> str:
        if self.stack:
            return f"{self.name_of(self.stack[-1].id)} is on top of the stack: respond or pass"
        return f"{self.step_title()}: take an action or pass"

    def step_title(self: "Game", step: str | None = None) -> str:
        """The step's name as players of the game's era called it."""
        step = step or self.step
        return self.rules.word("end_step") if step == "end" else STEP_TITLES[step]

    def _settle(self: "Game") -> Gen:
        """Before a player receives priority: state-based actions until none apply, then
        triggered abilities onto the stack, repeated until neither happens (704.3 / 420.3)."""
        while True:
            self._flush()
            yield from self._run_sbas()
            self._flush()
            if not self.pending_triggers:
                return
            yield from self._stack_triggers()

    def known_name(self: "Game", oid: int) -> str:
        o = self.known(oid)
        return o.name if o else "?"
