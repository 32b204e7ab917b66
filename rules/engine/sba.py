"""State-based actions: the complete list of each ruleset (2014: 704.5a-r; 2009: 420.5a-q),
performed simultaneously and repeated until none apply."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Generator

from . import actions as A
from .decisions import Decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Gen = Generator[Decision, Any, Any]

# concept key for each SBA, by what it does (the ruleset maps it to its letter)
_PLAYER_SBAS = ("sba_life", "sba_draw_empty", "sba_poison")


class SBAMixin:
    def _sba_pending(self: "Game") -> bool:
        """Would any state-based action apply now?  (No choices, no changes.)"""
        return bool(self._find_sbas(choices={}))

    def _find_sbas(self: "Game", choices: dict) -> list[tuple[str, str, Any, str]]:
        """Every state-based action that applies: (concept, verb, subject, text).

        Legend and planeswalker rules under 2014 need the player's choice of which to keep;
        `choices` maps a group key to the kept object's id (missing: not chosen yet)."""
        out: list[tuple[str, str, Any, str]] = []
        rs = self.rules
        for p in self.players:
            if p.lost:
                continue
            if p.life <= 0:
                out.append(("sba_life", "lose", p.name, f"{p.name} has {p.life} life and loses the game"))
            elif p.drew_from_empty:
                out.append(("sba_draw_empty", "lose", p.name,
                            f"{p.name} drew from an empty library and loses the game"))
            elif p.poison >= 10:
                out.append(("sba_poison", "lose", p.name, f"{p.name} has {p.poison} poison counters and loses the game"))
        for p in self.players:
            for z in ("hand", "library", "graveyard", "exile"):
                for oid in p.zone(z):
                    if self.objects[oid].token:
                        out.append(("sba_token", "cease", oid, f"a {self.objects[oid].name} token ceases to exist"))
        for oid in self._spell_ids:
            if self.objects[oid].token:
                out.append(("sba_token", "cease", oid, f"a {self.objects[oid].name} token ceases to exist"))
        legends: dict[tuple, list[int]] = defaultdict(list)
        walkers: dict[tuple, list[int]] = defaultdict(list)
        worlds: list[int] = []
        for oid in self.battlefield:
            o = self.objects[oid]
            ch = self.chars(o)
            if ch.is_type("Creature") and ch.toughness is not None:
                if ch.toughness <= 0:
                    out.append(("sba_toughness", "graveyard", oid, f"{o.name} has toughness {ch.toughness}"))
                elif "indestructible" in ch.keywords:
                    pass  # "destroy" doesn't apply to it, so these SBAs do nothing (702.12b)
                elif o.damage >= ch.toughness and o.damage > 0:
                    out.append(("sba_lethal_damage", "destroy", oid, f"{o.name} has lethal damage"))
                elif o.deathtouched and not rs.deathtouch_is_trigger:
                    out.append(("sba_deathtouch", "destroy", oid, f"{o.name} was dealt damage by deathtouch"))
            if ch.is_type("Planeswalker"):
                if o.counters.get("loyalty", 0) <= 0:
                    out.append(("sba_loyalty", "graveyard", oid, f"{o.name} has no loyalty"))
                for sub in ch.subtypes:
                    key = (o.controller, sub) if rs.planeswalker_rule_keeps_one else (sub,)
                    walkers[key].append(oid)
            if "Legendary" in ch.supertypes:
                key = (o.controller, ch.name) if rs.legend_rule_keeps_one else (ch.name,)
                legends[key].append(oid)
            if "World" in ch.supertypes:
                worlds.append(oid)
            if o.attached_to is not None:
                kind = self._attachment_kind(o)
                if not self._attachment_legal(o):
                    if kind == "Aura":
                        out.append(("sba_aura", "graveyard", oid, f"{o.name} is attached to nothing legal"))
                    elif kind == "Equipment":
                        out.append(("sba_equipment", "unattach", oid, f"{o.name} is attached to an illegal permanent"))
                    else:
                        out.append(("sba_unattach", "unattach", oid, f"{o.name} can't be attached"))
            elif self._attachment_kind(o) == "Aura":
                out.append(("sba_aura", "graveyard", oid, f"{o.name} is not attached to anything"))
            if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
                out.append(("sba_counters", "annihilate", oid, f"+1/+1 and -1/-1 counters on {o.name} cancel"))
        for group, label, concept in ((legends, "legend rule", "sba_legend"),
                                      (walkers, "planeswalker uniqueness rule", "sba_planeswalker_unique")):
            for key, ids in group.items():
                if len(ids) < 2:
                    continue
                if len(key) == 2:  # 2014: its controller keeps one of their choice
                    kept = choices.get((concept, key))
                    if kept is None:
                        out.append((concept, "choose", (key, ids), f"{label}: choose one to keep"))
                        continue
                    doomed = [i for i in ids if i != kept]
                else:
                    doomed = ids
                for oid in doomed:
                    out.append((concept, "graveyard", oid, f"{self.objects[oid].name} ({label})"))
        if len(worlds) > 1:
            newest = max(worlds, key=lambda i: self.objects[i].timestamp)
            for oid in worlds:
                if oid != newest:
                    out.append(("sba_world", "graveyard", oid, f"{self.objects[oid].name} (world rule)"))
        return [s for s in out if self.rules.cite(s[0])]

    def _run_sbas(self: "Game") -> Gen:
        """Perform all applicable state-based actions at once; repeat until none apply."""
        while True:
            choices: dict = {}
            while True:
                found = self._find_sbas(choices)
                asks = [s for s in found if s[1] == "choose"]
                if not asks:
                    break
                concept, _, (key, ids), text = asks[0]
                ans, _ = yield Decision(
                    "choose", key[0], f"{text}: {', '.join(self.name_of(i) for i in ids)}",
                    options=[A.Choose(key[0], (i,)) for i in ids],
                    data={"kind": "keep", "ids": ids, "concept": concept})
                kept = ans.words[0] if isinstance(ans.words[0], int) else \
                    self.resolve_ref(ans.words[0], zones=("battlefield",))
                choices[(concept, key)] = kept
                self._log(f"{key[0]} chooses to keep {self.name_of(kept)}", concept, player=key[0])
            if not found:
                return
            self._apply_sbas(found)
            self._check_game_over()

    def _apply_sbas(self: "Game", found: list[tuple[str, str, Any, str]]) -> None:
        moved: set[int] = set()
        for concept, verb, subject, text in found:
            self._log(text, concept)
            if verb == "lose":
                self._players[subject].lost = True
            elif verb == "cease":
                o = self.objects.pop(subject)
                self._zone_list(o).remove(subject)
                self.lki[subject] = o
            elif verb in ("graveyard", "destroy"):
                if subject in moved or subject not in self.objects:
                    continue
                moved.add(subject)
                if verb == "destroy":
                    self.destroy(subject, log=False)
                else:
                    self.move(subject, "graveyard")
            elif verb in ("unattach", "annihilate") and subject not in self.objects:
                continue  # it left the battlefield in this same event
            elif verb == "unattach":
                self.objects[subject].attached_to = None
                self._dirty()
            elif verb == "annihilate":
                c = self.objects[subject].counters
                n = min(c["+1/+1"], c["-1/-1"])
                c["+1/+1"] -= n
                c["-1/-1"] -= n
                self._dirty()
        self._flush()

    def destroy(self: "Game", oid: int, log: bool = True, regenerate: bool = True) -> bool:
        """Destroy a permanent (701.6): it goes to its owner's graveyard, unless a
        regeneration shield or indestructibility stops it."""
        o = self.objects.get(oid)
        if o is None or o.zone != "battlefield":
            return False
        if "indestructible" in self.chars(o).keywords:
            self._log(f"{o.name} is indestructible: it isn't destroyed", "indestructible")
            return False
        if regenerate and self.use_regeneration_shield(o):
            return False
        self.move(oid, "graveyard")
        if log:
            self._log(f"{o.name} is destroyed", "destroy")
        return True

    def add_regeneration_shield(self: "Game", oid: int) -> None:
        """"Regenerate [permanent]": the next time it would be destroyed this turn, instead
        tap it, remove all damage from it and remove it from combat (701.12a / 501.5a)."""
        o = self.objects.get(oid)
        if o is None or o.zone != "battlefield":
            return
        o.regen_shields += 1
        self._log(f"{o.name} gets a regeneration shield", "regenerate")

    def use_regeneration_shield(self: "Game", o: Any) -> bool:
        if o.regen_shields <= 0:
            return False
        o.regen_shields -= 1
        o.tapped = True
        o.damage = 0
        o.deathtouched = False
        in_combat = o.attacking is not None or bool(o.blocking)
        self._leave_combat(o)
        self._log(f"{o.name} regenerates: it is tapped, its damage is removed"
                  + (" and it is removed from combat" if in_combat else ""), "regenerate")
        return True
