"""Combat: attackers, blockers, damage assignment and damage
(2014: 506-511, 702 evasion keywords; 2009: 306-311, 502).

The engine asks only where there is a real choice: no attack question without a creature
able to attack, no block question without a possible block, no assignment question when
only one assignment is legal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Optional

from . import actions as A
from .cards.model import TriggeredAbility
from .decisions import Decision
from .objects import Obj, StackItem

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Gen = Generator[Decision, Any, Any]
LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
            "mountainwalk": "Mountain", "forestwalk": "Forest"}


class CombatMixin:
    def _init_combat(self: "Game") -> None:
        self._combat_happened = False
        self._dealt_first_strike: set[int] = set()

    # ------------------------------------------------------------ who can do what
    def is_summoning_sick(self: "Game", o: Obj) -> bool:
        """A creature that hasn't been under its controller's control continuously since their
        most recent turn began can't attack or use {T} abilities, unless it has haste (302.6)."""
        if not self.chars(o).is_type("Creature"):
            return False
        if "haste" in self.chars(o).keywords:
            return False
        if o.since_turn == -1:
            return False
        return o.since_turn >= self._players[o.controller].last_turn

    def can_attack(self: "Game", o: Obj) -> Optional[str]:
        """None if `o` can attack now, else why not."""
        ch = self.chars(o)
        if not ch.is_type("Creature"):
            return "it is not a creature"
        if o.controller != self.active:
            return "you don't control it"
        if o.tapped:
            return "it is tapped"
        if self.is_summoning_sick(o):
            return "it has summoning sickness (no haste)"
        if "defender" in ch.keywords:
            return "it has defender"
        if "cant_attack" in ch.restrictions or "cant_attack_or_block" in ch.restrictions:
            return "it can't attack"
        return None

    def attack_defenders(self: "Game") -> list[Any]:
        out: list[Any] = []
        for name in self.opponents(self.active):
            out.append(name)
            out += [o.id for o in self.permanents(name) if self.chars(o).is_type("Planeswalker")]
        return out

    def can_block(self: "Game", b: Obj, attacker: Optional[Obj] = None) -> Optional[str]:
        ch = self.chars(b)
        if not ch.is_type("Creature"):
            return "it is not a creature"
        if b.tapped:
            return "it is tapped"
        if "cant_block" in ch.restrictions or "cant_attack_or_block" in ch.restrictions:
            return "it can't block"
        if attacker is None:
            return None
        ach = self.chars(attacker)
        if attacker.attacking is None:
            return f"{attacker.name} is not attacking"
        if "flying" in ach.keywords and not ({"flying", "reach"} & ch.keywords):
            return f"{attacker.name} has flying"
        for kw, land in LANDWALK.items():
            if kw in ach.keywords and any(land in self.chars(l).subtypes for l in self.permanents(b.controller)):
                return f"{attacker.name} has {kw}"
        if "fear" in ach.keywords and not (ch.is_type("Artifact") or "B" in ch.colors):
            return f"{attacker.name} has fear"
        if "intimidate" in ach.keywords and not (ch.is_type("Artifact") or ch.colors & ach.colors):
            return f"{attacker.name} has intimidate"
        if "unblockable" in ach.restrictions:
            return f"{attacker.name} can't be blocked"
        if self.protected_from(attacker, b):
            return f"{attacker.name} has protection from it"
        return None

    def _attackers(self: "Game") -> list[Obj]:
        return [self.objects[i] for i in self.battlefield if self.objects[i].attacking is not None]

    def _blockers_of(self: "Game", attacker: Obj) -> list[Obj]:
        ids = attacker.blockers_order or [i for i in self.battlefield if attacker.id in self.objects[i].blocking]
        return [self.objects[i] for i in ids if i in self.objects and attacker.id in self.objects[i].blocking]

    def _in_combat(self: "Game") -> list[Obj]:
        return [self.objects[i] for i in self.battlefield
                if self.objects[i].attacking is not None or self.objects[i].blocking]

    def _first_strike_in_combat(self: "Game") -> bool:
        return any({"first strike", "double strike"} & self.chars(o).keywords for o in self._in_combat())

    # ------------------------------------------------------------ declare attackers
    def _declare_attackers_step(self: "Game") -> Gen:
        self._combat_happened = True
        self._dealt_first_strike = set()
        able = [o.id for o in self.permanents(self.active) if self.can_attack(o) is None]
        if not able:
            self._log(f"{self.active} has no creature able to attack", "declare_attackers")
            return
        ans, _ = yield Decision("attackers", self.active, "declare attackers (or none)",
                                options=[], data={"able": able, "defenders": self.attack_defenders()})
        if not ans.attacks:
            self._log(f"{self.active} declares no attackers", "declare_attackers")
            return
        for aid, defender in ans.attacks:
            o = self.objects[aid]
            o.attacking = defender
            if "vigilance" not in self.chars(o).keywords:
                o.tapped = True
            self._log(f"{o.name} attacks {self.name_of(defender)}", "declare_attackers", player=self.active)
        for aid, defender in ans.attacks:
            self._emit_event("attacks", {"attacker": aid, "defender": defender})

    def _check_attackers(self: "Game", d: Decision, a: A.DeclareAttackers) -> None:
        seen: set[int] = set()
        for aid, defender in a.attacks:
            o = self.objects.get(aid)
            if o is None or o.zone != "battlefield":
                raise A.IllegalAction("only creatures on the battlefield can attack", self.rules.cite("declare_attackers"))
            if aid in seen:
                raise A.IllegalAction(f"{o.name} is declared twice", self.rules.cite("declare_attackers"))
            seen.add(aid)
            why = self.can_attack(o)
            if why:
                concept = "summoning_sickness" if "sickness" in why else "defender" if "defender" in why \
                    else "declare_attackers"
                raise A.IllegalAction(f"{o.name} can't attack: {why}", self.rules.cite(concept))
            if defender not in d.data["defenders"]:
                raise A.IllegalAction(f"{self.name_of(defender)} can't be attacked",
                                      self.rules.cite("declare_attackers"))

    # ------------------------------------------------------------ declare blockers
    def _declare_blockers_step(self: "Game") -> Gen:
        attackers = self._attackers()
        defender = self.nonactive
        able = [b.id for b in self.creatures(defender)
                if self.can_block(b) is None and any(self.can_block(b, a) is None for a in attackers)]
        if able and not self._players[defender].goldfish:
            ans, _ = yield Decision("blockers", defender, "declare blockers (or none)",
                                    data={"able": able, "attackers": [a.id for a in attackers]})
            for bid, aid in ans.blocks:
                b, att = self.objects[bid], self.objects[aid]
                b.blocking = [aid]
                att.blocked = True
                self._log(f"{b.name} blocks {att.name}", "declare_blockers", player=defender)
            if not ans.blocks:
                self._log(f"{defender} declares no blockers", "declare_blockers", player=defender)
            for bid, aid in ans.blocks:
                self._emit_event("blocks", {"blocker": bid, "attacker": aid})
        # 509.2: the attacking player orders the blockers of each multiply-blocked attacker
        if self.rules.damage_assignment_order:
            for att in attackers:
                blockers = self._blockers_of(att)
                if len(blockers) > 1:
                    ans, _ = yield Decision(
                        "order_blockers", self.active,
                        f"order the creatures blocking {att.name} for damage assignment",
                        options=[b.id for b in blockers], data={"attacker": att.id})
                    att.blockers_order = list(ans.items)
                    self._log(f"damage assignment order for {att.name}: "
                              + ", ".join(self.name_of(i) for i in ans.items), "damage_order")

    def _check_blockers(self: "Game", d: Decision, a: A.DeclareBlockers) -> None:
        seen: set[int] = set()
        for bid, aid in a.blocks:
            b = self.objects.get(bid)
            att = self.objects.get(aid)
            if b is None or b.zone != "battlefield" or b.controller != d.player:
                raise A.IllegalAction("blockers must be creatures you control", self.rules.cite("declare_blockers"))
            if att is None or att.attacking is None:
                raise A.IllegalAction("that creature is not attacking", self.rules.cite("declare_blockers"))
            if bid in seen:
                raise A.IllegalAction(f"{b.name} can block only one creature", self.rules.cite("declare_blockers"))
            seen.add(bid)
            why = self.can_block(b) or self.can_block(b, att)
            if why:
                concept = "flying" if "flying" in why else "landwalk" if "walk" in why \
                    else "protection_block" if "protection" in why else "declare_blockers"
                raise A.IllegalAction(f"{b.name} can't block {att.name}: {why}", self.rules.cite(concept))

    # ------------------------------------------------------------ combat damage
    def lethal_damage(self: "Game", o: Obj, source: Optional[Obj] = None) -> int:
        """Damage needed to be lethal, counting damage already marked (702.2c: deathtouch)."""
        if source is not None and "deathtouch" in self.chars(source).keywords and not self.rules.deathtouch_is_trigger:
            return 0 if o.damage > 0 or o.deathtouched else 1
        t = self.chars(o).toughness or 0
        return max(t - o.damage, 0)

    def _deals_damage_now(self: "Game", o: Obj, first: bool) -> bool:
        kws = self.chars(o).keywords
        if first:
            return bool({"first strike", "double strike"} & kws)
        return o.id not in self._dealt_first_strike or "double strike" in kws

    def _combat_damage_step(self: "Game", first: bool) -> Gen:
        if first:
            self._log("first-strike combat damage step: only creatures with first strike or double strike "
                      "deal combat damage now", "first_strike_step")
        assignments: list[tuple[Obj, Any, int]] = []
        attackers = self._attackers()
        for att in attackers:
            if not self._deals_damage_now(att, first):
                continue
            power = self.chars(att).power or 0
            if power <= 0:
                continue
            if not att.blocked:
                assignments.append((att, att.attacking, power))
                continue
            blockers = self._blockers_of(att)
            trample = "trample" in self.chars(att).keywords
            if not blockers:
                if trample:
                    assignments.append((att, att.attacking, power))
                continue
            recipients: list[Any] = [b.id for b in blockers] + ([att.attacking] if trample else [])
            only = self._only_assignment(att, blockers, power, trample)
            if only is not None:
                assignments += [(att, r, n) for n, r in only if n]
                continue
            ans, _ = yield Decision(
                "assign_damage", self.active, f"assign {att.name}'s {power} combat damage",
                options=recipients, data={"attacker": att.id, "amount": power, "recipients": recipients,
                                          "trample": trample})
            assignments += [(att, r, n) for n, r in ans.assignments if n]
        for att in attackers:
            for b in self._blockers_of(att):
                if self._deals_damage_now(b, first):
                    p = self.chars(b).power or 0
                    if p > 0:
                        assignments.append((b, att.id, p))
        if first:
            self._dealt_first_strike = {o.id for o, _, _ in assignments}
            self._dealt_first_strike |= {o.id for o in self._in_combat()
                                         if {"first strike", "double strike"} & self.chars(o).keywords}
        if not assignments:
            return
        if self.rules.combat_damage_uses_stack:
            # 2009 310.1: the assignment goes on the stack as one object; players get priority
            item = StackItem(self.new_id(), "combat_damage", self.active, 0, "combat damage",
                             data={"assignments": [(o.id, o, r, n) for o, r, n in assignments]})
            self.stack.append(item)
            self._log("combat damage is assigned and put on the stack: "
                      + "; ".join(f"{o.name} {n} to {self.name_of(r)}" for o, r, n in assignments),
                      "combat_damage_stack")
            return
        self._deal_all_combat_damage([(o, r, n) for o, r, n in assignments])

    def _only_assignment(self: "Game", att: Obj, blockers: list[Obj], power: int,
                         trample: bool) -> Optional[list[tuple[int, Any]]]:
        """The single legal assignment, or None when the attacking player has a choice."""
        if len(blockers) == 1 and not trample:
            return [(power, blockers[0].id)]
        if self.rules.damage_assignment_order and not trample:
            if power <= self.lethal_damage(blockers[0], att):
                return [(power, blockers[0].id)]
        return None

    def _check_assign(self: "Game", d: Decision, a: A.Assign) -> None:
        amount = d.data["amount"]
        recipients = d.data["recipients"]
        att = self.objects[d.data["attacker"]]
        rule = self.rules.cite("combat_damage")
        total = 0
        given: dict[Any, int] = {}
        for n, r in a.assignments:
            if r not in recipients:
                raise A.IllegalAction(f"{self.name_of(r)} can't be assigned {att.name}'s damage", rule)
            if n < 0:
                raise A.IllegalAction("damage can't be negative", rule)
            given[r] = given.get(r, 0) + n
            total += n
        if total != amount:
            raise A.IllegalAction(f"{att.name} must assign exactly {amount} damage (assigned {total})", rule)
        blockers = [r for r in recipients if isinstance(r, int) and r != att.attacking]
        player = [r for r in recipients if r not in blockers]
        if self.rules.damage_assignment_order:
            # 510.1c: lethal damage to each creature in order before any to the next
            for i, b in enumerate(blockers[:-1]):
                later = sum(given.get(x, 0) for x in blockers[i + 1:]) + sum(given.get(x, 0) for x in player)
                if later and given.get(b, 0) < self.lethal_damage(self.objects[b], att):
                    raise A.IllegalAction(
                        f"{self.name_of(b)} must be assigned lethal damage before damage goes further "
                        "in the damage assignment order", "510.1c")
        if player and given.get(player[0], 0):
            for b in blockers:
                if given.get(b, 0) < self.lethal_damage(self.objects[b], att):
                    raise A.IllegalAction(
                        f"trample: every blocker must be assigned lethal damage before the rest goes to "
                        f"{self.name_of(player[0])}", "702.19b" if self.rules.name == "2014" else "502.9b")

    def _resolve_combat_damage(self: "Game", item: StackItem) -> None:
        """2009 310.4: dealt as assigned, even by creatures that have left play."""
        self._log("combat damage resolves", "combat_damage")
        deals = []
        for sid, lki, r, n in item.data["assignments"]:
            src = self.objects.get(sid) or lki
            deals.append((src, r, n))
        self._deal_all_combat_damage(deals)

    def _deal_all_combat_damage(self: "Game", deals: list[tuple[Obj, Any, int]]) -> None:
        for src, r, n in deals:
            if isinstance(r, int) and r not in self.objects:
                continue  # the creature it was assigned to is gone
            self.deal_damage(src, r, n, combat=True)
        self._log("combat damage is dealt", "combat_damage")

    def _end_combat(self: "Game") -> None:
        for o in self.permanents():
            self._leave_combat(o)
        self._combat_happened = False

    def _leave_combat(self: "Game", o: Obj) -> None:
        o.attacking = None
        o.blocking = []
        o.blocked = False
        o.blockers_order = []

    # ------------------------------------------------------------ damage
    def deal_damage(self: "Game", source: Obj, target: Any, amount: int, combat: bool = False) -> int:
        """Deal damage (120 / 419.2-ish): life loss to players, damage marked on creatures,
        loyalty removed from planeswalkers.  Returns the damage actually dealt."""
        if amount <= 0:
            return 0
        src_ch = self.chars(source)
        word = "combat damage" if combat else "damage"
        if isinstance(target, str):
            self._players[target].life -= amount
            self._log(f"{source.name} deals {amount} {word} to {target}", "damage_player", player=target)
        else:
            o = self.objects.get(target)
            if o is None or o.zone != "battlefield":
                return 0
            if self.protected_from(o, source):
                self._log(f"damage from {source.name} to {o.name} is prevented (protection)", "protection_damage")
                return 0
            ch = self.chars(o)
            if ch.is_type("Planeswalker") and not ch.is_type("Creature"):
                o.counters["loyalty"] -= min(amount, o.counters.get("loyalty", 0))
                self._dirty()
            else:
                o.damage += amount
                if "deathtouch" in src_ch.keywords and not self.rules.deathtouch_is_trigger:
                    o.deathtouched = True
            self._log(f"{source.name} deals {amount} {word} to {o.name}", "damage")
        if "lifelink" in src_ch.keywords:
            if self.rules.lifelink_is_trigger:
                self._keyword_trigger(source, "lifelink", {"amount": amount})
            else:
                self.gain_life(source.controller, amount, "lifelink")
        if "deathtouch" in src_ch.keywords and self.rules.deathtouch_is_trigger and isinstance(target, int) \
                and self.chars(self.objects[target]).is_type("Creature"):
            self._keyword_trigger(source, "deathtouch", {"victim": target})
        self._emit_event("damage", {"source": source.id, "target": target, "amount": amount, "combat": combat,
                                    "controller": source.controller})
        return amount

    def _keyword_trigger(self: "Game", source: Obj, keyword: str, data: dict) -> None:
        """2009 lifelink (502.68a) and deathtouch (502.63a) are triggered abilities."""
        from .triggers import PendingTrigger

        def effect(game: "Game", ctx: Any) -> Gen:
            if keyword == "lifelink":
                game.gain_life(ctx.controller, ctx.data["amount"], "lifelink")
            else:
                victim = ctx.data["victim"]
                if victim in game.objects:
                    game.destroy(victim)
            return
            yield  # pragma: no cover

        text = {"lifelink": "Whenever this deals damage, you gain that much life.",
                "deathtouch": "Whenever this deals damage to a creature, destroy that creature."}[keyword]
        ab = TriggeredAbility(text, event="damage", matches=lambda *a: False, effect=effect)
        self.pending_triggers.append(PendingTrigger(ab, source, source.controller, data))
        self._log(f"{source.name}'s {keyword} triggers", "trigger")
