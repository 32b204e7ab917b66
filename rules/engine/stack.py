"""Playing lands, casting spells, activating abilities, paying costs and resolving
(2014: 305, 601, 602, 605, 608; 2009: 212.6, 409, 411, 413)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generator, Optional

from . import actions as A
from ..cards.model import ActivatedAbility, SpellAbility, TargetSpec, TriggeredAbility
from .decisions import Decision
from ..cards.mana import COLOR_NAMES, NAME_TO_COLOR, ManaCost, Payment, Source, mana_symbols, solve_payment
from .objects import Obj, StackItem
from .replacement import player_rules

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Gen = Generator[Decision, Any, Any]
MAIN_STEPS = ("main1", "main2")


@dataclass
class EffectContext:
    """What an effect knows while it resolves: its controller, source, targets and X."""

    game: "Game"
    controller: str
    source: Obj  # the source object, or its last known information
    targets: list[Any] = field(default_factory=list)  # None where a target became illegal
    x: int = 0
    item: Optional[StackItem] = None
    data: dict = field(default_factory=dict)

    def target(self, i: int = 0) -> Any:
        return self.targets[i] if i < len(self.targets) else None


class StackMixin:
    def _init_stack(self: "Game") -> None:
        self._spell_ids: list[int] = []

    # ------------------------------------------------------------ lands
    def _check_play_land(self: "Game", a: A.PlayLand) -> None:
        o = self.objects.get(a.card)
        p = self._players[a.player]
        if o is None or o.zone != "hand" or o.owner != a.player:
            raise A.IllegalAction("that card is not in your hand", self.rules.cite("play_land"))
        if not o.card.is_type("Land"):
            raise A.IllegalAction(f"{o.name} is not a land: cast it instead", self.rules.cite("play_land"))
        if self.active != a.player or self.step not in MAIN_STEPS or self.stack:
            raise A.IllegalAction(
                "a land can be played only in your main phase, with priority, when the stack is empty",
                self.rules.cite("play_land"))
        if p.lands_played >= 1:
            raise A.IllegalAction("you have already played a land this turn", self.rules.cite("land_per_turn"))

    def _play_land(self: "Game", a: A.PlayLand) -> None:
        name = self.objects[a.card].name
        self.move(a.card, "battlefield", controller=a.player)
        self._players[a.player].lands_played += 1
        self._log(f"{a.player} plays {name} (a special action)", "land_special_action", player=a.player)
        self._flush()

    # ------------------------------------------------------------ casting
    def spell_ability(self: "Game", o: Obj) -> Optional[SpellAbility]:
        for ab in o.card.abilities:
            if isinstance(ab, SpellAbility):
                return ab
        return None

    def spell_targets(self: "Game", o: Obj) -> tuple[TargetSpec, ...]:
        ab = self.spell_ability(o)
        if ab is not None:
            return ab.targets
        aura = self.aura_target_spec(o)
        return (aura,) if aura else ()

    def _timing_concept(self: "Game", o: Obj) -> str:
        for t in ("Creature", "Sorcery", "Artifact", "Enchantment", "Planeswalker"):
            if o.card.is_type(t):
                return "timing_" + t.lower()
        return "timing_sorcery"

    def can_cast_now(self: "Game", player: str, o: Obj) -> Optional[A.IllegalAction]:
        if o.card.is_type("Land"):
            return A.IllegalAction(f"{o.name} is a land: lands are played, not cast", self.rules.cite("play_land"))
        if "cant_cast" in player_rules(self, player):  # "Your opponents can't cast spells this turn"
            return A.IllegalAction(f"{player} can't cast spells this turn", self.rules.cite("cant"))
        instant = o.card.is_type("Instant") or "flash" in self.chars(o).keywords
        if not instant and (self.active != player or self.step not in MAIN_STEPS or self.stack):
            return A.IllegalAction(
                f"{o.name} can be {self.rules.word('be_cast')} only in your main phase when the stack is empty",
                self.rules.cite(self._timing_concept(o)))
        return None

    def _check_cast(self: "Game", a: A.Cast) -> Payment:
        o = self.objects.get(a.card)
        if o is None or o.zone != "hand" or o.owner != a.player:
            raise A.IllegalAction("that card is not in your hand", self.rules.cite("cast_announce"))
        err = self.can_cast_now(a.player, o)
        if err:
            raise err
        cost = o.card.mana_cost or ManaCost()
        x = self._check_x(cost, a.x, o.name)
        if a.modes:
            raise A.IllegalAction(f"{o.name} has no modes to choose", self.rules.cite("cast_modes"))
        # a player checks what it costs before what it targets: a spell nobody can pay for is
        # refused for its cost, whatever its targets
        payment = self.plan_payment(a.player, cost.with_x(x), a.paying, exclude=(), casting=o.id)
        self.check_targets(self.spell_targets(o), a.targets, a.player, o)
        return payment

    def _check_x(self: "Game", cost: ManaCost, x: Optional[int], name: str) -> int:
        if cost.x_count:
            if x is None:
                raise A.IllegalAction(f"{name} has {{X}} in its cost: choose X (x=N)", self.rules.cite("cast_modes"))
            if x < 0:
                raise A.IllegalAction("X can't be negative", self.rules.cite("cast_modes"))
            return x
        if x not in (None, 0):
            raise A.IllegalAction(f"{name} has no X to choose", self.rules.cite("cast_modes"))
        return 0

    def _cast(self: "Game", a: A.Cast, payment: Payment) -> None:
        o = self.objects[a.card]
        name = o.name
        new_id = self.move(a.card, "stack", controller=a.player)  # 601.2a
        if (o.card.mana_cost or ManaCost()).x_count:
            self._log(f"{a.player} chooses X={a.x or 0} for {name}", "cast_modes", player=a.player)
        self._pay_mana(a.player, payment, (o.card.mana_cost or ManaCost()).with_x(a.x or 0))
        item = StackItem(self.new_id(), "spell", a.player, new_id, name, ability=self.spell_ability(o),
                         targets=list(a.targets), x=a.x or 0, modes=a.modes)
        self.stack.append(item)
        self._log(f"{a.player} {self.rules.word('cast')} {name}{self._targets_text(item.targets)}",
                  "cast_done", player=a.player)
        self._emit_event("cast", {"item": item, "player": a.player})

    def _targets_text(self: "Game", targets: list[Any]) -> str:
        if not targets:
            return ""
        return " targeting " + ", ".join(self.name_of(t) for t in targets)

    # ------------------------------------------------------------ activating
    def activated_abilities(self: "Game", o: Obj) -> list[ActivatedAbility]:
        return [ab for ab in self.chars(o).abilities if isinstance(ab, ActivatedAbility)]

    def _check_activate(self: "Game", a: A.Activate) -> Payment:
        o = self.objects.get(a.source)
        if o is None or o.zone != "battlefield":
            raise A.IllegalAction("that is not a permanent on the battlefield", self.rules.cite("activate"))
        if o.controller != a.player:
            raise A.IllegalAction(f"you don't control {o.name}", self.rules.cite("activate"))
        abilities = self.activated_abilities(o)
        if not 1 <= a.index <= len(abilities):
            raise A.IllegalAction(f"{o.name} has no activated ability {a.index}", self.rules.cite("activate"))
        ab = abilities[a.index - 1]
        cost = ab.cost
        if ab.sorcery_speed or cost.loyalty is not None:
            if self.active != a.player or self.step not in MAIN_STEPS or self.stack:
                concept = "loyalty_once" if cost.loyalty is not None else "sorcery_speed_ability"
                w = self.rules.word
                raise A.IllegalAction(f"this ability can be {w('be_activated')} only any time you could "
                                      f"{w('be_cast').replace('played', 'play')} a sorcery",
                                      self.rules.cite(concept))
        if cost.loyalty is not None:
            used = o.loyalty_activated if self.rules.name == "2014" else o.activated_this_turn
            if used:
                raise A.IllegalAction(f"{self.rules.word('loyalty_limited')} of {o.name} has already been "
                                      f"{self.rules.word('be_activated')} this turn",
                                      self.rules.cite("loyalty_once"))
            remove = (a.x or 0) if cost.loyalty_x else -cost.loyalty
            if cost.loyalty_x and (a.x is None or a.x < 0):
                raise A.IllegalAction(f"choose X for {o.name}'s ability (x=N)", self.rules.cite("cast_modes"))
            if remove > 0 and o.counters.get("loyalty", 0) < remove:
                raise A.IllegalAction(f"{o.name} doesn't have {remove} loyalty to remove",
                                      self.rules.cite("cost_unpayable"))
        if cost.tap or cost.untap:
            if cost.tap and o.tapped:
                raise A.IllegalAction(f"{o.name} is already tapped", self.rules.cite("cost_unpayable"))
            if cost.untap and not o.tapped:
                raise A.IllegalAction(f"{o.name} is untapped", self.rules.cite("cost_unpayable"))
            if self.is_summoning_sick(o):
                raise A.IllegalAction(
                    f"{o.name} hasn't been under your control since your most recent turn began "
                    "and has no haste", self.rules.cite("summoning_sickness"))
        mana = cost.mana or ManaCost()
        x = a.x or 0 if cost.loyalty_x else self._check_x(mana, a.x, o.name)
        if a.color is not None and not ab.is_mana:
            raise A.IllegalAction("only mana abilities choose a color", self.rules.cite("activate"))
        if ab.is_mana and a.color is not None:
            col = NAME_TO_COLOR.get(a.color.lower(), a.color.upper())
            if col not in ab.mana_colors:
                raise A.IllegalAction(f"{o.name} can't make {a.color} mana", self.rules.cite("mana_ability"))
        if cost.sacrifice and not self.sacrifice_candidates(a.player, cost.sacrifice.test, o):
            raise A.IllegalAction(f"you control no {cost.sacrifice.what} to sacrifice", self.rules.cite("cost_unpayable"))
        exclude = (o.id,) if cost.tap or cost.sacrifice_self else ()
        payment = self.plan_payment(a.player, mana.with_x(x), a.paying, exclude=exclude)
        self.check_targets(ab.targets, a.targets, a.player, o)  # cost first, as for spells
        return payment

    def _activate(self: "Game", a: A.Activate, payment: Payment) -> Gen:
        o = self.objects[a.source]
        ab = self.activated_abilities(o)[a.index - 1]
        cost = ab.cost
        if cost.loyalty_x or (cost.mana is not None and cost.mana.x_count):
            self._log(f"{a.player} chooses X={a.x or 0} for {o.name}'s ability", "cast_modes", player=a.player)
        self._pay_mana(a.player, payment, (cost.mana or ManaCost()).with_x(a.x or 0))
        if cost.tap:
            o.tapped = True
        if cost.untap:
            o.tapped = False
        if cost.loyalty is not None:
            change = -(a.x or 0) if cost.loyalty_x else cost.loyalty
            o.counters["loyalty"] += change
            o.counters["loyalty"] = max(o.counters["loyalty"], 0)
            o.loyalty_activated += 1
            self._dirty()
            verb = f"puts {change} loyalty counter{'s' if change != 1 else ''} on" if change >= 0 else \
                f"removes {-change} loyalty counter{'s' if change != -1 else ''} from"
            self._log(f"{a.player} {verb} {o.name} to activate its loyalty ability", "loyalty_cost",
                      player=a.player)
        o.activated_this_turn += 1
        source_lki = o
        if cost.sacrifice_self:
            self.move(o.id, "graveyard")
            self._log(f"{a.player} sacrifices {o.name}", "sacrifice", player=a.player)
        if cost.sacrifice:  # "Sacrifice a Goblin": chosen as the cost is paid (602.2b / 409.1f)
            from .effects import choose_object
            victim = yield from choose_object(self, a.player, f"choose {cost.sacrifice.what} to sacrifice for {o.name}",
                                              self.sacrifice_candidates(a.player, cost.sacrifice.test, o),
                                              concept="sacrifice")
            name = self.objects[victim].name
            self.move(victim, "graveyard")
            self._log(f"{a.player} sacrifices {name}", "sacrifice", player=a.player)
        if ab.is_mana:
            # 605.3b: a mana ability resolves immediately, without using the stack
            color = a.color
            if len(ab.mana_colors) > 1 and color is None:
                ans, _ = yield Decision("choose", a.player, f"choose a color of mana for {o.name}",
                                        options=[A.Choose(a.player, (COLOR_NAMES[c],)) for c in sorted(ab.mana_colors)],
                                        data={"kind": "color", "colors": sorted(ab.mana_colors)})
                color = ans.words[0]
            col = NAME_TO_COLOR.get((color or "").lower(), (color or "").upper()) if color else sorted(ab.mana_colors)[0]
            amount = self._mana_amount(ab, source_lki)
            self._players[a.player].pool[col] += amount
            self._log(f"{a.player} taps {o.name} for {mana_symbols([col] * amount)}", "mana_ability", player=a.player)
            self._flush()
            return
        item = StackItem(self.new_id(), "ability", a.player, o.id, o.name, ability=ab,
                         targets=list(a.targets), x=a.x or 0, data={"lki": source_lki})
        self.stack.append(item)
        self._log(f"{a.player} {self.rules.word('activate')} an ability of {o.name}{self._targets_text(item.targets)}",
                  "activate", player=a.player)
        self._flush()

    def sacrifice_candidates(self: "Game", player: str, test: Any, source: Obj) -> list[int]:
        """Permanents `player` could sacrifice to pay a "Sacrifice a ..." cost."""
        return [p.id for p in self.permanents(player) if self.matches(test, p, self.chars(p), player, source)]

    def _mana_amount(self: "Game", ab: ActivatedAbility, source: Obj) -> int:
        from .interpret import mana_amount
        return mana_amount(self, ab.mana_amount, source)

    # ------------------------------------------------------------ targets
    def check_targets(self: "Game", specs: tuple[TargetSpec, ...], targets: tuple[Any, ...],
                      controller: str, source: Obj) -> None:
        need = sum(s.count for s in specs)
        least = sum(0 if s.up_to else s.count for s in specs)
        if not least <= len(targets) <= need:
            if not specs:
                raise A.IllegalAction(f"{source.name} has no targets", self.rules.cite("cast_targets"))
            what = ", ".join(s.text for s in specs)
            raise A.IllegalAction(f"{source.name} needs {need} target{'s' if need != 1 else ''}: {what}",
                                  self.rules.cite("cast_targets"))
        i = 0
        for spec in specs:
            chosen = list(targets[i:i + spec.count])
            i += spec.count
            if len(set(map(str, chosen))) != len(chosen):
                raise A.IllegalAction("the same object or player can't be chosen twice for one \"target\"",
                                      self.rules.cite("target_distinct"))
            for t in chosen:
                why = self.target_illegal(spec, t, controller, source)
                if why:
                    msg = f"{self.name_of(t)} is not a legal target for {spec.text}: {why[0]}"
                    raise A.IllegalAction(msg.replace("~", source.name), why[1])

    def target_illegal(self: "Game", spec: TargetSpec, t: Any, controller: str,
                       source: Obj) -> Optional[tuple[str, str]]:
        """Why `t` can't be chosen for `spec` (message, rule), or None when it can."""
        legal = self.rules.cite("target_legal")
        if isinstance(t, str):
            if spec.kind not in ("player", "any", "opponent", "player_or_planeswalker"):
                return ("it must be " + spec.text.removeprefix("target "), legal)
            if t not in self._players or self._players[t].lost:
                return ("no such player in the game", legal)
            if spec.kind == "opponent" and t == controller:
                return ("it must be an opponent", legal)
            return None
        if spec.kind == "spell":
            item = self.stack_item(t)
            if item is None or item.kind != "spell":
                return ("it must be a spell on the stack", legal)
            card = self.objects[item.source_id]
            if not self.matches(spec.test, card, self.chars(card), controller, source):
                return ("it doesn't match " + spec.text, legal)
            return None
        o = self.objects.get(t)
        if spec.kind == "card_graveyard":
            if o is None or o.zone != "graveyard":
                return ("it must be a card in a graveyard", legal)
            if not self.matches_card(spec.test, o, controller, source):
                return ("it doesn't match " + spec.text, legal)
            return None
        if o is None or o.zone != "battlefield":
            return ("it must be a permanent on the battlefield", legal)
        ch = self.chars(o)
        if spec.kind in ("creature", "any") and not ch.is_type("Creature"):
            return ("it is not a creature", legal)
        if spec.kind == "land" and not ch.is_type("Land"):
            return ("it is not a land", legal)

        if spec.kind == "player_or_planeswalker" and not ch.is_type("Planeswalker"):
            return ("it is not a player or planeswalker", legal)
        if spec.kind in ("player", "opponent", "spell"):
            return ("it must be " + spec.text.removeprefix("target "), legal)
        if "shroud" in ch.keywords:
            return ("it has shroud", self.rules.cite("shroud"))
        if "hexproof" in ch.keywords and o.controller != controller:
            return ("it has hexproof", self.rules.cite("hexproof"))
        if self.protected_from(o, source):
            return ("it has protection from that source", self.rules.cite("protection"))
        if not self.matches(spec.test, o, ch, controller, source):
            return ("it doesn't match " + spec.text, legal)
        return None

    def legal_targets(self: "Game", spec: TargetSpec, controller: str, source: Obj) -> list[Any]:
        cands: list[Any] = []
        if spec.kind in ("player", "any", "opponent", "player_or_planeswalker"):
            cands += [p.name for p in self.live_players()]
        if spec.kind == "spell":
            cands += [it.id for it in self.stack if it.kind == "spell"]
        elif spec.kind == "card_graveyard":
            for p in self.players:
                cands += list(p.graveyard)
        elif spec.kind not in ("player", "opponent"):
            cands += list(self.battlefield)
        return [c for c in cands if self.target_illegal(spec, c, controller, source) is None]

    def stack_item(self: "Game", sid: Any) -> Optional[StackItem]:
        for it in self.stack:
            if it.id == sid:
                return it
        return None

    # ------------------------------------------------------------ mana payment
    def mana_sources(self: "Game", player: str, exclude: tuple[int, ...] = ()) -> list[tuple[Obj, int, ActivatedAbility]]:
        """Untapped permanents with a mana ability whose only cost is {T}."""
        out = []
        for o in self.permanents(player):
            if o.tapped or o.id in exclude:
                continue
            for i, ab in enumerate(self.activated_abilities(o), 1):
                c = ab.cost
                if ab.is_mana and c.tap and not c.mana and not c.sacrifice_self and c.loyalty is None:
                    if self.is_summoning_sick(o):
                        continue
                    out.append((o, i, ab))
                    break
        return out

    def plan_payment(self: "Game", player: str, cost: ManaCost, paying: Optional[tuple[int, ...]],
                     exclude: tuple[int, ...] = (), casting: Optional[int] = None) -> Payment:
        pool = self._players[player].pool
        if cost.is_free():
            return Payment()
        found = {o.id: (o, i, ab) for o, i, ab in self.mana_sources(player, exclude)}
        if paying is not None:
            for sid in paying:
                if sid not in found:
                    o = self.known(sid)
                    raise A.IllegalAction(f"{o.name if o else sid} can't be tapped for mana now",
                                          self.rules.cite("cast_mana_abilities"))
            chosen = [found[s] for s in paying]
        else:
            chosen = list(found.values())
        # automatic payment keeps the colors the player's other cards in hand will want
        wanted: Counter = Counter()
        for hid in self._players[player].hand:
            hc = self.objects[hid].card.mana_cost
            if hid != casting and hc is not None:
                for sym in hc.colored:
                    wanted.update(sym)
        sources = [Source(o.id, ab.mana_colors, self._mana_amount(ab, o),
                          cost=(2 if self.chars(o).is_type("Creature") else 0) + (1 if ab.choose_one else 0),
                          keep=sum(wanted[c] for c in ab.mana_colors))
                   for o, _, ab in chosen]
        plan = solve_payment(cost, pool, sources, require_all_sources=paying is not None)
        if plan is None:
            raise A.IllegalAction(f"{player} can't pay {cost}", self.rules.cite("cost_unpayable"))
        return plan

    def _pay_mana(self: "Game", player: str, plan: Payment, cost: ManaCost) -> None:
        p = self._players[player]
        abilities = {o.id: ab for o, _, ab in self.mana_sources(player)}
        for sid, color in plan.activations:
            o = self.objects[sid]
            ab = abilities[sid]
            o.tapped = True
            amount = self._mana_amount(ab, o)
            p.pool[color] += amount
            self._log(f"{player} taps {o.name} for {mana_symbols([color] * amount)}", "cast_mana_abilities",
                      player=player)
        if cost.is_free():
            return
        spend = solve_payment(cost, p.pool, [])
        if spend is None:  # the plan guaranteed this; a failure is an engine bug
            raise RuntimeError(f"payment plan for {cost} failed")
        p.pool.subtract(spend.from_pool)
        p.pool += Counter()  # drop zeros
        self._log(f"{player} pays {cost}", "cast_pay", player=player)

    # ------------------------------------------------------------ resolving
    def _resolve_top(self: "Game") -> Gen:
        item = self.stack[-1]
        if item.kind == "combat_damage":
            self.stack.pop()
            self._resolve_combat_damage(item)
            return
        ab = item.ability
        specs = self._item_specs(item)
        source = self._item_source(item)
        live_targets: list[Any] = []
        if specs:
            flat = [s for s in specs for _ in range(s.count)]
            for spec, t in zip(flat, item.targets):
                ok = self._still_legal(spec, t, item.controller, source)
                live_targets.append(t if ok else None)
            if item.targets and all(t is None for t in live_targets):
                # 608.2b: every target illegal, so the spell or ability doesn't resolve
                self._remove_from_stack(item, countered=True)
                self._log(f"{item.name} is countered on resolution: all its targets are illegal",
                          "resolve_targets")
                self._flush()
                return
        kind = "triggered" if item.kind == "trigger" else "activated"
        what = item.name if item.kind == "spell" else f"{item.name}'s {kind} ability"
        self._log(f"{what} resolves", "resolve")
        ctx = EffectContext(self, item.controller, source, live_targets, item.x, item, dict(item.data))
        if isinstance(ab, TriggeredAbility) and ab.optional:
            ans, _ = yield Decision("yesno", item.controller, f"{item.text or item.name}: do you want to?",
                                    options=[A.YesNo(item.controller, True), A.YesNo(item.controller, False)])
            if not ans.yes:
                self._remove_from_stack(item)
                self._log(f"{item.controller} chooses not to use {item.name}'s \"may\" ability", "trigger_may")
                return
            self._log(f"{item.controller} chooses to use {item.name}'s \"may\" ability", "trigger_may")
        if ab is not None:  # a permanent spell has no spell ability
            if isinstance(ab, TriggeredAbility) and ab.remembers:  # a delayed trigger: what its effect knew
                ctx = ctx.data["snapshot"]
            from .interpret import run_effects
            yield from run_effects(self, ctx, ab.effect)
            self._flush()
        if item.kind == "spell":
            self._finish_spell(item, live_targets)
        else:
            self._remove_from_stack(item)
        self._flush()

    def _item_specs(self: "Game", item: StackItem) -> tuple[TargetSpec, ...]:
        if item.kind == "spell":
            o = self.objects.get(item.source_id)
            return self.spell_targets(o) if o else ()
        return getattr(item.ability, "targets", ()) or ()

    def _item_source(self: "Game", item: StackItem) -> Obj:
        if item.kind == "spell":
            return self.objects[item.source_id]
        return item.data.get("lki") or self.known(item.source_id)

    def _still_legal(self: "Game", spec: TargetSpec, t: Any, controller: str, source: Obj) -> bool:
        return t is not None and self.target_illegal(spec, t, controller, source) is None

    def _remove_from_stack(self: "Game", item: StackItem, countered: bool = False) -> None:
        self.stack.remove(item)
        if item.kind == "spell" and item.source_id in self.objects:
            self.move(item.source_id, "graveyard")

    def _finish_spell(self: "Game", item: StackItem, live_targets: list[Any]) -> None:
        o = self.objects[item.source_id]
        self.stack.remove(item)
        if any(o.card.is_type(t) for t in ("Creature", "Artifact", "Enchantment", "Planeswalker", "Land")):
            new_id = self.move(o.id, "battlefield", controller=item.controller)
            if self.aura_target_spec(o) and live_targets:
                self.objects[new_id].attached_to = live_targets[0]
            self._log(f"{o.name} {self.rules.word('enters')} under {item.controller}'s control",
                      "resolve_permanent")
        else:
            self.move(o.id, "graveyard")
            self._log(f"{o.name} is put into its owner's graveyard", "resolve_instant")

    def counter_item(self: "Game", item: StackItem) -> None:
        """Counter a spell or ability (701.5 / 414.1)."""
        if item in self.stack:
            self._remove_from_stack(item, countered=True)
            self._log(f"{item.name} is countered", "counter")
