"""One-shot effect primitives: what the interpreter (`rules.engine.interpret`) does once it
has worked out which objects, players and amounts an effect of a card means.

Every primitive has the shape `fn(game, ctx, ...values)` and is a generator, because some
effects ask questions as they resolve (a player choosing cards to discard, 608.2c)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator, Iterable

from ..cards.ir import TokenSpec
from ..cards.tokens import token_card
from . import actions as A
from .continuous import ContinuousEffect
from .decisions import Decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .stack import EffectContext

Gen = Generator[Decision, Any, Any]
Ids = Iterable[Any]  # object ids (None where a target became illegal)
Names = Iterable[Any]  # player names


def deal_damage(game: "Game", ctx: "EffectContext", n: int, recipients: Ids) -> Gen:
    for r in list(recipients):
        if r is not None:
            yield from game.noncombat_damage(ctx.source, r, n, ctx.controller)


def destroy(game: "Game", ctx: "EffectContext", which: Ids, regenerate: bool = True) -> None:
    for oid in list(which):
        if oid is not None:
            game.destroy(oid, regenerate=regenerate)


def regenerate(game: "Game", ctx: "EffectContext", which: Ids) -> None:
    for oid in list(which):
        if oid is not None:
            game.add_regeneration_shield(oid)


def move_each(game: "Game", which: Ids, zone: str, says: str, concept: str) -> None:
    """Move each named object that still exists to `zone`, logging "NAME {says}"."""
    for oid in list(which):
        if oid is not None and oid in game.objects:
            name = game.objects[oid].name
            game.move(oid, zone)
            game._log(f"{name} {says}", concept)


def exile(game: "Game", ctx: "EffectContext", which: Ids) -> None:
    move_each(game, which, "exile", f"is {game.rules.word('exiled')}", "exile")


def bounce(game: "Game", ctx: "EffectContext", which: Ids) -> None:
    move_each(game, which, "hand", "is returned to its owner's hand", "resolve")


def draw(game: "Game", ctx: "EffectContext", who: Names, n: int) -> None:
    for p in list(who):
        if p is not None:
            game._draw(p, n)


def gain_life(game: "Game", ctx: "EffectContext", who: Names, n: int) -> None:
    for p in list(who):
        if p is not None:
            game.gain_life(p, n, ctx.source.name)


def lose_life(game: "Game", ctx: "EffectContext", who: Names, n: int) -> None:
    for p in list(who):
        if p is not None:
            game.lose_life(p, n, ctx.source.name)


def discard(game: "Game", ctx: "EffectContext", who: Names, n: int, random: bool = False) -> Gen:
    """The player discards N cards of their choice (or at random)."""
    for p in list(who):
        if p is None:
            continue
        hand = game.player(p).hand
        k = min(n, len(hand))
        if k == 0:
            continue
        if random:
            chosen = game.rng.sample(list(hand), k)
        elif k == len(hand):
            chosen = list(hand)
        else:
            ans, _ = yield Decision("discard", p, f"{ctx.source.name}: discard {k} card{'s' if k > 1 else ''}",
                                    options=list(hand), data={"count": k})
            chosen = list(ans.cards)
        for oid in chosen:
            discard_card(game, p, oid)


def discard_card(game: "Game", player: str, oid: int) -> None:
    """`player` discards a card from their hand (701.7a / 217.4): an event abilities see."""
    name = game.objects[oid].name
    new = game.move(oid, "graveyard")
    game._log(f"{player} discards {name}", "discard", player=player)
    game._emit_event("discard", {"player": player, "card": new})


def counter(game: "Game", ctx: "EffectContext", which: Ids) -> None:
    for sid in list(which):
        item = game.stack_item(sid)
        if item is None:
            continue
        card = game.objects.get(item.source_id) if item.kind == "spell" else None
        if card is not None and "uncounterable" in game.chars(card).restrictions:
            game._log(f"{item.name} can't be countered", "uncounterable")
            continue
        game.counter_item(item)


def pump(game: "Game", ctx: "EffectContext", which: Ids, power: int = 0, toughness: int = 0,
         grants: tuple[str, ...] = ()) -> None:
    """"gets +N/+N" / "gains flying" until end of turn: locked to the objects it affected."""
    ids = frozenset(i for i in which if i is not None and i in game.objects)
    if ids:
        game.add_effect(ContinuousEffect(game.new_timestamp(), ids, ctx.source.name, "eot",
                                         power, toughness, grants=grants))
        names = ", ".join(game.objects[i].name for i in ids)
        bits = []
        if power or toughness:
            bits.append(f"{power:+d}/{toughness:+d}")
        if grants:
            bits.append("gains " + ", ".join(grants))
        game._log(f"{names} {' and '.join(bits) or 'is affected'} until end of turn", "continuous")


def tap(game: "Game", ctx: "EffectContext", which: Ids, untap: bool = False) -> None:
    for oid in which:
        if oid is not None and oid in game.objects:
            game.objects[oid].tapped = not untap
            game._log(f"{game.objects[oid].name} {'untaps' if untap else 'becomes tapped'}", "resolve")


def sacrifice(game: "Game", ctx: "EffectContext", which: Ids) -> None:
    for oid in list(which):
        if oid is not None and oid in game.objects and game.objects[oid].zone == "battlefield":
            o = game.objects[oid]
            game.move(oid, "graveyard")
            game._log(f"{o.controller} sacrifices {o.name}", "sacrifice", player=o.controller)


def choose_object(game: "Game", player: str, prompt: str, ids: list[Any], zones: tuple[str, ...] = ("battlefield",),
                  concept: str = "", hidden: bool = False) -> Gen:
    """Ask `player` to choose one of `ids` (returns it; None when there is none).  The engine
    asks only when there is a real choice: one candidate, or identical cards in a hidden
    zone, are chosen without asking."""
    if not ids:
        return None
    options = list(ids)
    if hidden:
        by_name: dict[str, Any] = {}
        for i in ids:
            by_name.setdefault(game.objects[i].name, i)
        options = list(by_name.values())
    if len(options) == 1:
        return options[0]
    ans, _ = yield Decision("choose", player, prompt, options=[A.Choose(player, (i,)) for i in options],
                            data={"kind": "object", "ids": options, "zones": zones, "concept": concept})
    choice = ans.words[0]
    if isinstance(choice, str) and not game.has_player(choice):
        choice = game.resolve_ref(choice, zones=zones, controller=player)
    return choice


def sacrifice_chosen(game: "Game", ctx: "EffectContext", chooser_candidates: list[tuple[str, list[int]]],
                     what: str) -> Gen:
    """Each player chooses a permanent of theirs among its candidates and sacrifices it
    (701.14a / 217.4); in APNAP order, then all at once.  What was sacrificed is remembered
    in ctx.data["sacrificed"] (last known information)."""
    chosen: list[int] = []
    for p, cands in chooser_candidates:
        oid = yield from choose_object(game, p, f"{ctx.source.name}: choose {what} to sacrifice", cands,
                                       concept="sacrifice")
        if oid is not None:
            chosen.append(oid)
    ctx.data["sacrificed"] = [game.objects[i] for i in chosen]
    for oid in chosen:
        o = game.objects[oid]
        game.move(oid, "graveyard")
        game._log(f"{o.controller} sacrifices {o.name}", "sacrifice", player=o.controller)


def create_tokens(game: "Game", ctx: "EffectContext", spec: TokenSpec, n: int) -> None:
    token = token_card(spec)
    # 2014 110.5a: owned by the player under whose control it entered; 2009 216.1: by the
    # controller of the effect that created it.  With one controller here both are ctx.controller.
    for _ in range(n):
        oid = game._create_card(token.name, ctx.controller, "battlefield", token=True, card=token)
        o = game.objects[oid]
        o.since_turn = game.turn
        game._zone_changes.append((_phantom(o), o))
        game._log(f"a {token.name} token {game.rules.word('enters')} under {ctx.controller}'s control",
                  "tokens_owner")
    game._dirty()


def _phantom(o: Any) -> Any:
    """A stand-in 'previous object' for a token that came from nowhere (for ETB events)."""
    from .objects import Obj
    return Obj(0, o.card, o.owner, o.controller, "none")


def add_counters(game: "Game", ctx: "EffectContext", which: Ids, kind: str, n: int) -> None:
    for oid in which:
        if oid is not None and oid in game.objects:
            game.objects[oid].counters[kind] += n
            game._log(f"{n} {kind} counter{'s' if n != 1 else ''} on {game.objects[oid].name}", "counters")
    game._dirty()


def restrict(game: "Game", ctx: "EffectContext", which: Ids, restriction: str, text: str) -> None:
    """"can't block this turn", "can't be blocked this turn": a restriction on each object."""
    ids = frozenset(i for i in which if i is not None and i in game.objects)
    if ids:
        game.add_effect(ContinuousEffect(game.new_timestamp(), ids, ctx.source.name, "eot", restriction=restriction))
        game._log(f"{', '.join(game.objects[i].name for i in ids)} {text}", "continuous")


def dont_untap(game: "Game", ctx: "EffectContext", which: Ids, players: list[str]) -> None:
    """"doesn't untap during its controller's next untap step": lasts until that untap step
    is over (502.2 / 302.2).  `players` names the player whose untap step it is, when the
    text says ("that player's next untap step"); otherwise each object's controller."""
    for oid in which:
        if oid is None or oid not in game.objects:
            continue
        o = game.objects[oid]
        p = players[0] if players else o.controller
        game.add_effect(ContinuousEffect(game.new_timestamp(), frozenset({oid}), ctx.source.name,
                                         f"untap:{p}", restriction="doesnt_untap"))
        game._log(f"{o.name} doesn't untap during {p}'s next untap step", "doesnt_untap")


@dataclass
class ControlEffect(ContinuousEffect):
    """"Gain control of target creature until end of turn" (layer 2): the new controller is
    set at once and the old one restored when the effect ends, unless control changed again."""

    obj: int = 0
    old: str = ""
    new: str = ""

    def on_end(self, game: "Game") -> None:
        o = game.objects.get(self.obj)
        if o is not None and o.zone == "battlefield" and o.controller == self.new:
            set_controller(game, o, self.old)


def set_controller(game: "Game", o: Any, player: str) -> None:
    """`player` gains control of permanent `o`: it leaves combat (506.4) and has not been
    under its new controller's control since their turn began (302.6)."""
    if o.controller == player:
        return
    game._leave_combat(o)
    o.controller = player
    o.since_turn = game.turn
    game._dirty()
    game._log(f"{player} gains control of {o.name}", "control_change", player=player)


def gain_control(game: "Game", ctx: "EffectContext", which: Ids, duration: str = "eot") -> None:
    for oid in which:
        o = game.objects.get(oid) if oid is not None else None
        if o is None or o.zone != "battlefield" or o.controller == ctx.controller:
            continue
        game.add_effect(ControlEffect(game.new_timestamp(), frozenset(), ctx.source.name, duration,
                                      obj=oid, old=o.controller, new=ctx.controller))
        set_controller(game, o, ctx.controller)


def extra_turn(game: "Game", ctx: "EffectContext", who: Names) -> None:
    """"takes an extra turn after this one" (500.7 / 300.6): the newest is taken first."""
    for p in who:
        if p is not None:
            game.extra_turns.append(p)
            game._log(f"{p} will take an extra turn after this one", "extra_turn", player=p)


def ask_may(game: "Game", ctx: "EffectContext", prompt: str) -> Gen:
    """"You may ...": the controller chooses as the effect resolves (608.2d)."""
    ans, _ = yield Decision("yesno", ctx.controller, f"{ctx.source.name}: {prompt}?",
                            options=[A.YesNo(ctx.controller, True), A.YesNo(ctx.controller, False)])
    return ans.yes
