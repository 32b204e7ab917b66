"""Combat: attackers, blockers, damage assignment and damage
(2014: 506-511, 702 evasion keywords; 2009: 306-311, 502).

The engine asks only where there is a real choice: no attack question without a creature
able to attack, no block question without a possible block, no assignment question when
only one assignment is legal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Optional

from . import actions as A
from ..cards import ir
from ..cards.model import TriggeredAbility
from .decisions import Decision
from .flow import max_flow
from .objects import Obj, StackItem
from .replacement import prevent_damage

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
        for r in ach.restrictions:
            if isinstance(r, ir.BlockedOnlyBy) and not self.matches(r.test, b, ch, b.controller, attacker):
                return f"{attacker.name} can't be blocked except by {r.text}"
            if isinstance(r, ir.NotBlockedBy) and self.matches(r.test, b, ch, b.controller, attacker):
                return f"{attacker.name} can't be blocked by {r.text}"
        if self.protected_from(attacker, b):
            return f"{attacker.name} has protection from it"
        return None

    def max_blocks(self: "Game", b: Obj) -> int:
        """How many attackers `b` may block (509.1a; "can block any number of creatures")."""
        r = self.chars(b).restrictions
        if "block_any_number" in r:
            return 1_000_000
        return 2 if "block_additional" in r else 1

    def _attackers(self: "Game") -> list[Obj]:
        return [self.objects[i] for i in self.battlefield if self.objects[i].attacking is not None]

    def _blockers_of(self: "Game", attacker: Obj) -> list[Obj]:
        ids = attacker.blockers_order or [i for i in self.battlefield if attacker.id in self.objects[i].blocking]
        return [self.objects[i] for i in ids if i in self.objects and attacker.id in self.objects[i].blocking]

    def _blocked_by(self: "Game", blocker: Obj) -> list[Obj]:
        """The attackers `blocker` blocks, in its damage assignment order."""
        return [self.objects[i] for i in blocker.blocking
                if i in self.objects and self.objects[i].attacking is not None]

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
        defenders = self.attack_defenders()
        required = [i for i in able if "must_attack" in self.chars(self.objects[i]).restrictions]
        if len(defenders) == 1 and set(required) == set(able) and                 self._attack_problem({i: defenders[0] for i in able}) is None:
            # every able creature must attack the only defender: no real choice (508.1d)
            ans = A.DeclareAttackers(self.active, tuple((i, defenders[0]) for i in able))
        else:
            ans, _ = yield Decision("attackers", self.active, "declare attackers (or none)",
                                    options=[], data={"able": able, "defenders": defenders,
                                                      "required": required})
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

    def _attack_problem(self: "Game", attacks: dict[int, Any]) -> Optional[str]:
        """Why a set of attackers breaks a restriction ("can't attack alone"), or None."""
        if len(attacks) == 1:
            (aid,) = attacks
            r = self.chars(self.objects[aid]).restrictions
            if "cant_attack_alone" in r or "cant_attack_or_block_alone" in r:
                return f"{self.objects[aid].name} can't attack alone"
        return None

    def _check_attackers(self: "Game", d: Decision, a: A.DeclareAttackers) -> None:
        seen: set[int] = set()
        rule = self.rules.cite("declare_attackers")
        for aid, defender in a.attacks:
            o = self.objects.get(aid)
            if o is None or o.zone != "battlefield":
                raise A.IllegalAction("only creatures on the battlefield can attack", rule)
            if aid in seen:
                raise A.IllegalAction(f"{o.name} is declared twice", rule)
            seen.add(aid)
            why = self.can_attack(o)
            if why:
                concept = "summoning_sickness" if "sickness" in why else "defender" if "defender" in why \
                    else "declare_attackers"
                raise A.IllegalAction(f"{o.name} can't attack: {why}", self.rules.cite(concept))
            if defender not in d.data["defenders"]:
                raise A.IllegalAction(f"{self.name_of(defender)} can't be attacked", rule)
        attacks = dict(a.attacks)
        problem = self._attack_problem(attacks)
        if problem:
            raise A.IllegalAction(problem, self.rules.cite("attack_restriction"))
        # requirements: as many as possible are obeyed without breaking a restriction (508.1d)
        for aid in d.data.get("required", ()):
            if aid not in attacks and self._attack_problem({**attacks, aid: d.data["defenders"][0]}) is None:
                raise A.IllegalAction(f"{self.objects[aid].name} attacks each combat if able",
                                      self.rules.cite("attack_requirement"))

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
                b.blocking.append(aid)
                att.blocked = True
                self._log(f"{b.name} blocks {att.name}", "declare_blockers", player=defender)
            if not ans.blocks:
                self._log(f"{defender} declares no blockers", "declare_blockers", player=defender)
            for bid, aid in ans.blocks:
                self._emit_event("blocks", {"blocker": bid, "attacker": aid})
        if not self.rules.damage_assignment_order:
            return
        # 509.2: the attacking player orders the blockers of each multiply-blocked attacker
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
        # 509.3: then the defending player orders the attackers of each blocker blocking several
        for b in self.creatures(defender):
            if len(b.blocking) > 1:
                ans, _ = yield Decision(
                    "order_blockers", defender, f"order the creatures {b.name} blocks for damage assignment",
                    options=list(b.blocking), data={"blocker": b.id})
                b.blocking = list(ans.items)
                self._log(f"damage assignment order for {b.name}: "
                          + ", ".join(self.name_of(i) for i in ans.items), "damage_order_blocker")

    def _check_blockers(self: "Game", d: Decision, a: A.DeclareBlockers) -> None:
        rule = self.rules.cite("declare_blockers")
        count: dict[int, int] = {}
        per_attacker: dict[int, int] = {}
        pairs: set[tuple[int, int]] = set()
        for bid, aid in a.blocks:
            b = self.objects.get(bid)
            att = self.objects.get(aid)
            if b is None or b.zone != "battlefield" or b.controller != d.player:
                raise A.IllegalAction("blockers must be creatures you control", rule)
            if att is None or att.attacking is None:
                raise A.IllegalAction("that creature is not attacking", rule)
            if (bid, aid) in pairs:
                raise A.IllegalAction(f"{b.name} is declared blocking {att.name} twice", rule)
            pairs.add((bid, aid))
            count[bid] = count.get(bid, 0) + 1
            per_attacker[aid] = per_attacker.get(aid, 0) + 1
            if count[bid] > self.max_blocks(b):
                n = self.max_blocks(b)
                raise A.IllegalAction(f"{b.name} can block only {n} creature{'s' if n > 1 else ''}",
                                      self.rules.cite("block_restriction"))
            why = self.can_block(b) or self.can_block(b, att)
            if why:
                concept = "flying" if "flying" in why else "landwalk" if "walk" in why \
                    else "protection_block" if "protection" in why else "block_restriction"
                raise A.IllegalAction(f"{b.name} can't block {att.name}: {why}", self.rules.cite(concept))
        for aid, n in per_attacker.items():
            for r in self.chars(self.objects[aid]).restrictions:
                if isinstance(r, ir.MaxBlockers) and n > r.n:
                    raise A.IllegalAction(f"{self.objects[aid].name} can't be blocked by {r.text}",
                                          self.rules.cite("block_restriction"))
        if len(count) == 1:
            (bid,) = count
            r = self.chars(self.objects[bid]).restrictions
            if "cant_block_alone" in r or "cant_attack_or_block_alone" in r:
                raise A.IllegalAction(f"{self.objects[bid].name} can't block alone",
                                      self.rules.cite("block_restriction"))
        # requirements ("all creatures able to block it do so"): the declaration must obey as
        # many as possible without breaking a restriction (509.1c / 500.3)
        most, _ = self.most_block_requirements(d.data["able"])
        obeyed = sum(1 for bid, aid in pairs if "lure" in self.chars(self.objects[aid]).restrictions)
        if obeyed < most:
            raise A.IllegalAction(
                f"blocks must obey as many requirements as possible: {most} blocks of creatures that all "
                f"creatures able to block must block are possible, this declaration has {obeyed}",
                self.rules.cite("block_requirement"))

    def most_block_requirements(self: "Game", able: list[int]) -> tuple[int, list[tuple[int, int]]]:
        """The largest number of "must be blocked by all able creatures" requirements that can be
        obeyed at once, and blocks that obey them: a matching in which each blocker blocks at
        most `max_blocks` creatures and each attacker takes at most its blocker limit."""
        lures = [a for a in self._attackers() if "lure" in self.chars(a).restrictions]
        if not lures:
            return 0, []

        def limit(att: Obj) -> int:
            caps = [r.n for r in self.chars(att).restrictions if isinstance(r, ir.MaxBlockers)]
            return min(caps) if caps else len(able)

        # flow network: source -> blocker (its block limit) -> attacker (1) -> sink (its limit)
        cap: dict[tuple[Any, Any], int] = {}
        for b in able:
            cap[("s", b)] = self.max_blocks(self.objects[b])
            for a in lures:
                if self.can_block(self.objects[b], a) is None:
                    cap[(b, ("a", a.id))] = 1
        for a in lures:
            cap[(("a", a.id), "t")] = limit(a)
        flow = max_flow(cap, "s", "t")
        pairs = sorted((u, v[1]) for (u, v), f in flow.items() if f > 0 and isinstance(v, tuple) and v[0] == "a")
        return len(pairs), pairs

    # ------------------------------------------------------------ combat damage
    def lethal_damage(self: "Game", o: Obj, source: Optional[Obj] = None) -> int:
        """Damage needed to be lethal, counting damage already marked (702.2c: deathtouch)."""
        t = self.chars(o).toughness or 0
        if source is not None and "deathtouch" in self.chars(source).keywords and not self.rules.deathtouch_is_trigger:
            # any nonzero damage from it is lethal, unless the creature already has lethal damage
            return 0 if o.deathtouched or t - o.damage <= 0 else 1
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
        # 510.1a-c: each attacking creature assigns its damage (the attacking player chooses)
        for att in attackers:
            if not self._deals_damage_now(att, first):
                continue
            power = self.chars(att).power or 0
            if power <= 0:
                continue
            if not att.blocked:
                if isinstance(att.attacking, int) and att.attacking not in self.objects:
                    # 506.4c / 306.4c: the planeswalker it attacked has left; it attacks nothing now
                    self._log(f"{att.name} is attacking nothing (the planeswalker it attacked is gone): "
                              "it assigns no combat damage", "assign_unblocked")
                    continue
                assignments.append((att, att.attacking, power))
                continue
            trample = "trample" in self.chars(att).keywords
            targets = [b.id for b in self._blockers_of(att)]
            if not targets:
                # 509.1h / 309.2f: it stays blocked; it assigns no damage, unless it has trample
                # (702.19c / 502.9c: then all of it goes to the player or planeswalker)
                if trample:
                    assignments.append((att, att.attacking, power))
                    self._log(f"{att.name} is blocked but no creature blocks it now: with trample it assigns "
                              f"all its damage to {self.name_of(att.attacking)}", "trample_no_blockers")
                else:
                    self._log(f"{att.name} is blocked but no creature blocks it now: it assigns no combat damage",
                              "assign_blocked")
                continue
            recipients = targets + ([att.attacking] if trample else [])
            before = len(assignments)
            yield from self._assign(att, recipients, power, trample, self.active, assignments)
            over = sum(n for _, r, n in assignments[before:] if r == att.attacking)
            if trample and over:
                self._log(f"{att.name} has trample: lethal damage is assigned to its blockers and {over} "
                          f"to {self.name_of(att.attacking)}", "trample")
        # 510.1d: then each blocking creature assigns its damage (the defending player chooses)
        for b in self.creatures(self.nonactive):
            if not b.blocking or not self._deals_damage_now(b, first):
                continue
            power = self.chars(b).power or 0
            targets = [att.id for att in self._blocked_by(b)]
            if power > 0 and targets:
                yield from self._assign(b, targets, power, False, b.controller, assignments)
        for o in {o.id: o for o, _, _ in assignments}.values():
            kws = self.chars(o).keywords
            if "double strike" in kws:
                self._log(f"{o.name} has double strike: it deals combat damage in "
                          + ("the first-strike" if first else "the second") + " combat damage step", "double_strike")
            elif first and "first strike" in kws:
                self._log(f"{o.name} has first strike: it deals combat damage before creatures without it",
                          "first_strike")
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

    def _assign(self: "Game", source: Obj, recipients: list[Any], power: int, trample: bool, chooser: str,
                out: list[tuple[Obj, Any, int]]) -> Gen:
        """One creature's damage assignment: made for the player when only one is legal."""
        only = self._only_assignment(source, recipients, power, trample)
        if only is not None:
            out += [(source, r, n) for n, r in only if n]
            return
        ans, _ = yield Decision(
            "assign_damage", chooser, f"assign {source.name}'s {power} combat damage",
            options=recipients, data={"source": source.id, "amount": power, "recipients": recipients,
                                      "trample": trample})
        out += [(source, r, n) for n, r in ans.assignments if n]

    def _only_assignment(self: "Game", source: Obj, recipients: list[Any], power: int,
                         trample: bool) -> Optional[list[tuple[int, Any]]]:
        """The single legal assignment, or None when the player has a choice."""
        if len(recipients) == 1:
            return [(power, recipients[0])]
        creatures = recipients[:-1] if trample else recipients
        if trample and power <= sum(self.lethal_damage(self.objects[c], source) for c in creatures):
            # no damage can be left over for the player: as if it had no trample
            if len(creatures) == 1:
                return [(power, creatures[0])]
        if self.rules.damage_assignment_order:
            if power <= self.lethal_damage(self.objects[creatures[0]], source):
                return [(power, creatures[0])]
        return None

    def _check_assign(self: "Game", d: Decision, a: A.Assign) -> None:
        amount = d.data["amount"]
        recipients = d.data["recipients"]
        src = self.objects[d.data["source"]]
        rule = self.rules.cite("combat_damage")
        total = 0
        given: dict[Any, int] = {}
        for n, r in a.assignments:
            if r not in recipients:
                raise A.IllegalAction(f"{self.name_of(r)} can't be assigned {src.name}'s damage", rule)
            if n < 0:
                raise A.IllegalAction("damage can't be negative", rule)
            given[r] = given.get(r, 0) + n
            total += n
        if total != amount:
            raise A.IllegalAction(f"{src.name} must assign exactly {amount} damage (assigned {total})", rule)
        trample = d.data["trample"]
        creatures = recipients[:-1] if trample else recipients
        player = recipients[-1:] if trample else []
        if self.rules.damage_assignment_order:
            # 510.1c: lethal damage to each creature in order before any to the next
            for i, c in enumerate(creatures[:-1]):
                later = sum(given.get(x, 0) for x in creatures[i + 1:]) + sum(given.get(x, 0) for x in player)
                if later and given.get(c, 0) < self.lethal_damage(self.objects[c], src):
                    raise A.IllegalAction(
                        f"{self.name_of(c)} must be assigned lethal damage before damage goes further "
                        "in the damage assignment order", self.rules.cite("assign_in_order"))
        if player and given.get(player[0], 0):
            for c in creatures:
                if given.get(c, 0) < self.lethal_damage(self.objects[c], src):
                    raise A.IllegalAction(
                        f"trample: every blocker must be assigned lethal damage before the rest goes to "
                        f"{self.name_of(player[0])}", self.rules.cite("trample"))

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
        """511.3 / 311.2: as the end of combat step ends, everything is removed from combat."""
        if any(o.attacking is not None or o.blocking for o in self.permanents()):
            self._log("combat ends: all creatures and planeswalkers are removed from combat", "end_of_combat")
        for o in self.permanents():
            self._leave_combat(o)
        self._combat_happened = False

    def _leave_combat(self: "Game", o: Obj) -> None:
        o.attacking = None
        o.blocking = []
        o.blocked = False
        o.blockers_order = []

    # ------------------------------------------------------------ damage
    def noncombat_damage(self: "Game", source: Obj, target: Any, amount: int, controller: str) -> Gen:
        """Noncombat damage from an effect.  Damage an opponent's source would deal to a player
        may be dealt to a planeswalker that player controls instead; the source's controller
        chooses (306.7 / 212.9g)."""
        if isinstance(target, str) and target != controller and amount > 0:
            walkers = [o.id for o in self.permanents(target) if self.chars(o).is_type("Planeswalker")]
            if walkers:
                ids: list[Any] = [target, *walkers]
                ans, _ = yield Decision(
                    "choose", controller,
                    f"{source.name} deals {amount} damage to {target}: choose {target} or a planeswalker "
                    f"{target} controls", options=[A.Choose(controller, (i,)) for i in ids],
                    data={"kind": "object", "ids": ids})
                choice = ans.words[0]
                if choice != target:
                    self._log(f"{controller} has {source.name}'s damage dealt to {self.name_of(choice)} "
                              f"instead of {target}", "redirect_to_planeswalker", player=controller)
                    target = choice
        self.deal_damage(source, target, amount)

    def deal_damage(self: "Game", source: Obj, target: Any, amount: int, combat: bool = False) -> int:
        """Deal damage (120 / 419.2-ish): life loss to players, damage marked on creatures,
        loyalty removed from planeswalkers.  Returns the damage actually dealt."""
        amount = prevent_damage(self, source, target, amount, combat)  # 615 / 419.7
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
                self.gain_life(source.controller, amount, f"{source.name}'s lifelink", concept="lifelink")
        if "deathtouch" in src_ch.keywords and self.rules.deathtouch_is_trigger and isinstance(target, int) \
                and self.chars(self.objects[target]).is_type("Creature"):
            self._keyword_trigger(source, "deathtouch", {"victim": target})
        self._emit_event("damage", {"source": source.id, "target": target, "amount": amount, "combat": combat,
                                    "controller": source.controller})
        return amount

    def _keyword_trigger(self: "Game", source: Obj, keyword: str, data: dict) -> None:
        """2009 lifelink (502.68a) and deathtouch (502.63a) are triggered abilities."""
        from .triggers import PendingTrigger

        ab = _KEYWORD_TRIGGERS[keyword]
        self.pending_triggers.append(PendingTrigger(ab, source, source.controller, data))
        self._log(f"{source.name}'s {keyword} triggers", "trigger")


_KEYWORD_TRIGGERS = {
    "lifelink": TriggeredAbility("Whenever this deals damage, you gain that much life.", event="damage",
                                 effect=(ir.LifelinkGain(),)),
    "deathtouch": TriggeredAbility("Whenever this deals damage to a creature, destroy that creature.", event="damage",
                                   effect=(ir.DeathtouchDestroy(),)),
}
