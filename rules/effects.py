"""One-shot effect primitives that compiled abilities are built from.

Every primitive has the shape `fn(game, ctx, **params)` and is a generator, because some
effects ask questions as they resolve (a player choosing cards to discard, 608.2c)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable

from . import actions as A
from .continuous import ContinuousEffect
from .decisions import Decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .stack import EffectContext

Gen = Generator[Decision, Any, Any]
Amount = Callable[["Game", "EffectContext"], int]


def fixed(n: int) -> Amount:
    return lambda game, ctx: n


def x_value(game: "Game", ctx: "EffectContext") -> int:
    return ctx.x


def deal_damage(game: "Game", ctx: "EffectContext", amount: Amount, recipients: Callable[..., Iterable[Any]]) -> Gen:
    n = amount(game, ctx)
    for r in list(recipients(game, ctx)):
        if r is not None:
            yield from game.noncombat_damage(ctx.source, r, n, ctx.controller)


def destroy(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]],
            regenerate: bool = True) -> Gen:
    for oid in list(which(game, ctx)):
        if oid is not None:
            game.destroy(oid, regenerate=regenerate)
    return
    yield  # pragma: no cover


def regenerate(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]]) -> Gen:
    for oid in list(which(game, ctx)):
        if oid is not None:
            game.add_regeneration_shield(oid)
    return
    yield  # pragma: no cover


def exile(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]]) -> Gen:
    for oid in list(which(game, ctx)):
        if oid is not None and oid in game.objects:
            name = game.objects[oid].name
            game.move(oid, "exile")
            game._log(f"{name} is {game.rules.word('exiled')}", "exile")
    return
    yield  # pragma: no cover


def bounce(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]]) -> Gen:
    for oid in list(which(game, ctx)):
        if oid is not None and oid in game.objects:
            name = game.objects[oid].name
            game.move(oid, "hand")
            game._log(f"{name} is returned to its owner's hand", "resolve")
    return
    yield  # pragma: no cover


def to_hand_from_graveyard(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]]) -> Gen:
    yield from bounce(game, ctx, which)


def draw(game: "Game", ctx: "EffectContext", who: Callable[..., Iterable[str]], amount: Amount) -> Gen:
    n = amount(game, ctx)
    for p in list(who(game, ctx)):
        if p is not None:
            game._draw(p, n)
    return
    yield  # pragma: no cover


def gain_life(game: "Game", ctx: "EffectContext", who: Callable[..., Iterable[str]], amount: Amount) -> Gen:
    n = amount(game, ctx)
    for p in list(who(game, ctx)):
        if p is not None:
            game.gain_life(p, n, ctx.source.name)
    return
    yield  # pragma: no cover


def lose_life(game: "Game", ctx: "EffectContext", who: Callable[..., Iterable[str]], amount: Amount) -> Gen:
    n = amount(game, ctx)
    for p in list(who(game, ctx)):
        if p is not None:
            game.lose_life(p, n, ctx.source.name)
    return
    yield  # pragma: no cover


def discard(game: "Game", ctx: "EffectContext", who: Callable[..., Iterable[str]], amount: Amount,
            random: bool = False) -> Gen:
    """The player discards N cards of their choice (or at random)."""
    n = amount(game, ctx)
    for p in list(who(game, ctx)):
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
            name = game.objects[oid].name
            game.move(oid, "graveyard")
            game._log(f"{p} discards {name}", "discard", player=p)


def counter(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]]) -> Gen:
    for sid in list(which(game, ctx)):
        item = game.stack_item(sid)
        if item is not None:
            game.counter_item(item)
    return
    yield  # pragma: no cover


def pump(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]], power: int = 0,
         toughness: int = 0, grants: tuple[str, ...] = (), duration: str = "eot",
         restriction: str = "") -> Gen:
    """"gets +N/+N" / "gains flying" until end of turn: locked to the objects it affected."""
    ids = frozenset(i for i in which(game, ctx) if i is not None and i in game.objects)
    if ids:
        game.add_effect(ContinuousEffect(game.new_timestamp(), ids, ctx.source.name, duration,
                                         power, toughness, grants=grants, restriction=restriction))
        names = ", ".join(game.objects[i].name for i in ids)
        bits = []
        if power or toughness:
            bits.append(f"{power:+d}/{toughness:+d}")
        if grants:
            bits.append("gains " + ", ".join(grants))
        game._log(f"{names} {' and '.join(bits) or 'is affected'} until end of turn", "continuous")
    return
    yield  # pragma: no cover


def tap(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]], untap: bool = False) -> Gen:
    for oid in which(game, ctx):
        if oid is not None and oid in game.objects:
            game.objects[oid].tapped = not untap
            game._log(f"{game.objects[oid].name} {'untaps' if untap else 'becomes tapped'}", "resolve")
    return
    yield  # pragma: no cover


def sacrifice(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]]) -> Gen:
    for oid in list(which(game, ctx)):
        if oid is not None and oid in game.objects and game.objects[oid].zone == "battlefield":
            name = game.objects[oid].name
            game.move(oid, "graveyard")
            game._log(f"{ctx.controller} sacrifices {name}", "sacrifice", player=ctx.controller)
    return
    yield  # pragma: no cover


def create_tokens(game: "Game", ctx: "EffectContext", token: Any, amount: Amount) -> Gen:
    n = amount(game, ctx)
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
    return
    yield  # pragma: no cover


def _phantom(o: Any) -> Any:
    """A stand-in 'previous object' for a token that came from nowhere (for ETB events)."""
    from .objects import Obj
    return Obj(0, o.card, o.owner, o.controller, "none")


def add_counters(game: "Game", ctx: "EffectContext", which: Callable[..., Iterable[Any]], kind: str, n: int) -> Gen:
    for oid in which(game, ctx):
        if oid is not None and oid in game.objects:
            game.objects[oid].counters[kind] += n
            game._log(f"{n} {kind} counter(s) on {game.objects[oid].name}", "resolve")
    game._dirty()
    return
    yield  # pragma: no cover


def delayed(game: "Game", ctx: "EffectContext", ability: Any, **data: Any) -> Gen:
    """Create a delayed triggered ability (603.7), remembering what "that creature" means."""
    remembered = {k: v(game, ctx) if callable(v) else v for k, v in data.items()}
    game.add_delayed(ability, ctx.source, ctx.controller, **remembered)
    return
    yield  # pragma: no cover


def sequence(*steps: Callable[..., Gen]) -> Callable[..., Gen]:
    """Run effect steps in the order written (608.2c)."""

    def run(game: "Game", ctx: "EffectContext") -> Gen:
        for step in steps:
            yield from step(game, ctx)
            game._flush()

    return run
