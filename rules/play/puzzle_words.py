"""Why a puzzle failed, in its player's words.

The scenario runner reports a failed expectation the way a test does
(`players.alice.battlefield: expected [...], found [...]`); someone practising the rules
wants to read "your Runeclaw Bear died".  The sentences here are built from the structured
differences (`rules.play.scenario.expectation_differences`) and from the game itself: the cards
missing from or extra in each zone and where those cards are now (and were: last known
information, 400.7), life totals, the winner, the turn and step, the stack, a permanent's
attributes.  The solver is "you"; anyone else is named.  Pure code, like the rest of the core.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from ..engine.api.game import Game
from ..engine.core import actions as A
from ..engine.core.objects import Obj
from ..engine.loop.turn import STEP_TITLES
from .scenario import Difference

# sentences come in this order, whatever order the expectations were checked in: who won
# and life totals first, then cards, then details of permanents, then when and the stack
_RANK = {"missing": 0, "winner": 1, "life": 2, "poison": 2, "cards": 3, "library_count": 4,
         "hand_count": 4, "mana_pool": 4, "permanent": 5, "stack": 6, "turn": 7, "step": 7, "active": 7,
         "priority": 7, "log_cites": 8, "log_contains": 8, "alive": 1}

_ZONE_ORDER = ("battlefield", "graveyard", "exile", "hand")


class Voice:
    """Names players as the solver reads them: "you"/"your" for the solver, names for the others."""

    def __init__(self, player: str) -> None:
        self.player = player

    def who(self, name: str | None) -> str:
        return "no one" if name is None else "you" if name == self.player else name

    def poss(self, name: str) -> str:
        return "your" if name == self.player else f"{name}'s"

    def does(self, name: str | None, verb: str, third: str = "") -> str:
        """`who` with a verb that agrees: does("bob", "have", "has") -> "bob has"."""
        you = name == self.player
        return f"{self.who(name)} {verb if you else third or verb + 's'}"

    def be(self, name: str) -> str:
        return self.does(name, "are", "is")

    def have(self, name: str | None) -> str:
        return self.does(name, "have", "has")


def _count(n: int, noun: str) -> str:
    return f"no {noun}s" if n == 0 else f"{n} {noun}" + ("" if n == 1 else "s")


def _and(words: list[str]) -> str:
    """["a", "b", "c"] -> "a, b and c"."""
    return " and ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else ""


# ------------------------------------------------------------------ where cards are and were
def _same_card(a: Obj, b: Obj) -> bool:
    """The same physical card (or token) in another zone: 400.7 makes it a new object."""
    return a.card.name == b.card.name and a.card_no == b.card_no and a.owner == b.owner


def _history(game: Game, o: Obj) -> list[Obj]:
    """The card's earlier objects, oldest first: the zones it has left."""
    return [x for x in game.state.lki.values() if _same_card(x, o) and x.id != o.id]


def _holder(o: Obj) -> str:
    """Who a card belongs to where it is: its controller on the battlefield or the stack."""
    return o.controller if o.zone in ("battlefield", "stack") else o.owner


def _tells(game: Game, v: Voice, o: Obj, expected: tuple[str, str] | None = None) -> str:
    """Where the card is now, in words, and how it got there when the game remembers.
    `expected` is the (player, zone) the goal wanted it in, when that makes a difference."""
    past = _history(game, o)
    if o.id not in game.objects:  # gone from the game: a token that left the battlefield
        return _tells_gone_token(v, o, past)
    prev = past[-1] if past else None  # the object it was before it came here
    name, owner = o.name, o.owner
    if o.zone == "battlefield":
        return _tells_on_battlefield(v, o, prev, expected)
    if o.zone == "stack":
        return f"{v.poss(o.controller)} {name} is still on the stack"
    if o.zone == "graveyard":
        return _tells_in_graveyard(v, o, prev)
    if o.zone == "hand":
        return _tells_in_hand(v, o, prev)
    if o.zone == "exile":
        if prev is None:
            return f"{name} is still in exile"
        return f"{v.poss(prev.controller if prev.zone == 'battlefield' else owner)} {name} was exiled"
    # the library
    return f"{name} is {'still ' if prev is None else 'back '}in {v.poss(owner)} library"


def _tells_gone_token(v: Voice, o: Obj, past: list[Obj]) -> str:
    """A token that left the battlefield (and so the game): it died if it was a creature there."""
    was_creature = any(x.zone == "battlefield" for x in past + [o]) and o.card.is_type("Creature")
    last = next((x for x in reversed(past + [o]) if x.zone == "battlefield"), o)
    return f"{v.poss(last.controller)} {o.name} token " + ("died" if was_creature else "is gone")


def _tells_on_battlefield(v: Voice, o: Obj, prev: Obj | None, expected: tuple[str, str] | None) -> str:
    """A permanent: who controls it, when the goal wanted it on someone else's battlefield."""
    name, owner, ctrl = o.name, o.owner, o.controller
    if expected and expected[1] == "battlefield" and expected[0] != ctrl:
        if owner != ctrl:
            return f"{v.does(ctrl, 'control')} {v.poss(owner)} {name} now"
        return f"{v.does(ctrl, 'still control')} {name}"
    return f"{v.poss(ctrl)} {name} is {'still ' if prev is None else ''}on the battlefield"


def _tells_in_graveyard(v: Voice, o: Obj, prev: Obj | None) -> str:
    """A card in a graveyard, by where it came from: it died, was put there, was cast or
    countered, or was discarded."""
    name, owner = o.name, o.owner
    if prev is not None and prev.zone == "battlefield":
        if o.card.is_type("Creature"):
            return f"{v.poss(prev.controller)} {name} died"
        return f"{v.poss(prev.controller)} {name} was put into {v.poss(owner)} graveyard"
    if prev is not None and prev.zone == "stack":
        if o.card.is_type("Instant") or o.card.is_type("Sorcery"):
            return f"{v.who(prev.controller)} cast {name}"
        return f"{v.poss(prev.controller)} {name} was countered"
    if prev is not None and prev.zone == "hand":
        return f"{v.who(owner)} discarded {name}"
    return f"{name} is {'still ' if prev is None else ''}in {v.poss(owner)} graveyard"


def _tells_in_hand(v: Voice, o: Obj, prev: Obj | None) -> str:
    """A card in a hand: still there, bounced back, drawn, or otherwise put there."""
    name, owner = o.name, o.owner
    if prev is None:
        return (f"you still have {name} in your hand" if owner == v.player
                else f"{owner} still has {name} in hand")
    if prev.zone == "battlefield":
        return f"{v.poss(prev.controller)} {name} went back to {v.poss(owner)} hand"
    if prev.zone == "library":
        return f"{v.who(owner)} drew {name}"
    return f"{v.have(owner)} {name} in " + ("your hand" if owner == v.player else "hand")


def _nowhere(v: Voice, player: str, zone: str, name: str) -> str:
    """A card the goal names that is in none of the places it could be."""
    if zone == "battlefield":
        return f"{v.does(player, 'control')} no {name}"
    if zone == "exile":
        return f"{name} is not in exile"
    return f"there is no {name} in {v.poss(player)} {zone}"


# ------------------------------------------------------------------ cards in zones
def _zone_objects(game: Game, player: str, zone: str) -> list[Obj]:
    if zone == "battlefield":
        return game.permanents(player)
    return [game.objects[i] for i in game.player(player).zone(zone)]


def _card_sentences(game: Game, v: Voice, diffs: list[Difference]) -> list[str]:
    """The multisets compared: a card missing from a zone is looked for elsewhere (first
    among the cards extra in some zone, then anywhere, then among tokens that left the
    game), and each card is told once, where it is now."""
    extra: list[list[Obj]] = []  # per difference: the objects not wanted where they are
    for d in diffs:
        here = _zone_objects(game, d.subject, d.field)
        extra.append([o for name, n in (d.got - d.want).items()
                      for o in sorted((o for o in here if o.name == name), key=lambda o: o.id)[-n:]])
    every_extra = [o for objs in extra for o in objs]
    used: set[int] = set()
    told: list[list[str]] = []
    for d in diffs:
        place = (d.subject, d.field)
        told.append([])
        for name in sorted((d.want - d.got).elements()):
            o = _locate(game, place, name, every_extra, used)
            if o is None:
                told[-1].append(_nowhere(v, *place, name))
            else:
                used.add(o.id)
                told[-1].append(_tells(game, v, o, place))
    for k, objs in enumerate(extra):  # extra cards no missing one explained
        told[k] += [_tells(game, v, o) for o in objs if o.id not in used]
    return [s for group in told for s in group]


def _locate(game: Game, place: tuple[str, str], name: str, extra: list[Obj], used: set[int]) -> Obj | None:
    """Where a card the goal wanted in `place` is instead."""
    player, zone = place

    def theirs(o: Obj) -> bool:
        return o.owner == player or o.controller == player

    def elsewhere(o: Obj) -> bool:
        return o.id not in used and o.name == name and not (o.zone == zone and _holder(o) == player)

    pools = ([o for o in extra if theirs(o)], extra,
             [o for o in game.objects.values() if theirs(o)], list(game.objects.values()))
    for pool in pools:
        hit = [o for o in pool if elsewhere(o)]
        if hit:
            return max(hit, key=lambda o: o.id)  # the most recent arrival
    gone = [o for o in game.state.lki.values() if elsewhere(o) and theirs(o) and o.token
            and not any(_same_card(o, x) for x in game.objects.values())]
    return max(gone, key=lambda o: o.id) if gone else None


# ------------------------------------------------------------------ the rest
def _how_lost(game: Game, v: Voice, name: str) -> str:
    """Why a player lost, from the state they lost in (704.5a-c, 104.3a); "" when it shows no reason."""
    p = game.player(name)
    if p.conceded:
        return f"{v.who(name)} conceded"
    if p.life <= 0:
        return f"{v.be(name)} at {p.life} life"
    if p.poison >= 10:
        return f"{v.have(name)} {p.poison} poison counters"
    if p.drew_from_empty:
        return f"{v.who(name)} drew from an empty library"
    return ""


def _winner(game: Game, v: Voice, d: Difference, told_life: set[str]) -> str:
    """Who won (and how the others lost), or who is still in the game, against the goal's winner."""
    want, got = d.want, d.got
    if got == "none":  # the game goes on
        if want == v.player:
            others = [p for p in game.players if p.name != v.player and not p.lost]
            return "; ".join(f"{v.be(p.name)} at {p.life} life, not 0" for p in others) or "you haven't won"
        if want == "draw":
            return "the game is not over, the goal was a draw"
        return f"{v.who(want)} {'have' if want == v.player else 'has'}n't won"
    if got == "draw":
        return "the game is a draw"
    if want == "none" and got == v.player:
        return "you won, but the goal was for the game to go on"
    losers = [p.name for p in game.players if p.lost]
    how = "; ".join(h for h in (_how_lost(game, v, n) for n in losers) if h)
    told_life.update(n for n in losers if game.player(n).life <= 0)  # said here: not again as a life total
    return f"{v.who(got)} won" + (f": {how}" if how else "")


def _stack(d: Difference) -> list[str]:
    """The stack as a multiset against the goal's (or its order, when only that differs)."""
    want, got = list(d.want), list(d.got)  # top first
    if Counter(want) == Counter(got):
        return [f"the stack is in the wrong order: {got[0]} is on top, the goal was {want[0]}"]
    missing, extra = Counter(want) - Counter(got), Counter(got) - Counter(want)
    out = [f"{name} is not on the stack" for name in missing.elements()]
    out += [f"{name} is still on the stack" for name in extra.elements()]
    return out


def _permanent_gone(game: Game, v: Voice, ref: str) -> str:
    """A permanent the goal names that is not on the battlefield: where it is."""
    try:
        oid = game.resolve_ref(ref, zones=("graveyard", "exile", "hand", "library"))
        return _tells(game, v, game.objects[oid])
    except A.IllegalAction:
        pass
    wanted = ref.strip().lower()
    spell = next((game.objects[it.source_id] for it in game.stack
                  if it.kind == "spell" and it.name.lower() == wanted and it.source_id in game.objects), None)
    if spell is not None:
        return _tells(game, v, spell)
    return f"{ref} is not on the battlefield"


def _permanent(game: Game, v: Voice, ref: str, diffs: list[Difference]) -> list[str]:
    """A permanent's attributes that differ from the goal's."""
    if any(d.kind == "missing" for d in diffs):
        return [_permanent_gone(game, v, ref)]
    o = game.objects[game.resolve_ref(ref, zones=("battlefield",))]  # it was there when compared
    it = f"{v.poss(o.controller)} {o.name}"
    by = {d.field: d for d in diffs if d.field in ("power", "toughness")}
    out: list[str] = []
    if len(by) == 2:
        ch = game.chars(o)
        out.append(f"{it} is {ch.power}/{ch.toughness}, not {by['power'].want}/{by['toughness'].want}")
    for d in diffs:
        if d.field in ("power", "toughness"):
            if len(by) == 1:
                out.append(f"{it} has {d.field} {d.got}, not {d.want}")
            continue
        say = _PERMANENT_SAYS.get(d.field)
        if say is not None:
            out.append(say(game, v, o, it, d))
    return out


def _attached_to(game: Game, v: Voice, o: Obj, it: str, d: Difference) -> str:
    """What the permanent is attached to (a player in the voice's words), or that it is attached
    to nothing."""
    host = v.who(d.got) if d.got is not None and game.has_player(d.got) else d.got
    return (f"{it} is not attached to anything, the goal was {d.want}" if host is None
            else f"{it} is attached to {host}, not {d.want}")


# the sentence for a difference of one field of a permanent (`it`: "your Grizzly Bears"), but its
# power and toughness (said together when both differ)
_PERMANENT_SAYS: dict[str, Callable[[Game, Voice, Obj, str, Difference], str]] = {
    "tapped": lambda game, v, o, it, d: f"{it} is {'tapped' if d.got else 'untapped'}",
    "controller": lambda game, v, o, it, d: f"{v.does(d.got, 'control')} {o.name}, not {v.who(d.want)}",
    "owner": lambda game, v, o, it, d: f"{v.does(d.got, 'own')} {o.name}, not {v.who(d.want)}",
    "types": lambda game, v, o, it, d: f"{it} has {_kinds(d.got, 'card type')}, not {_kinds(d.want, 'card type')}",
    "subtypes": lambda game, v, o, it, d: f"{it} has {_kinds(d.got, 'subtype')}, not {_kinds(d.want, 'subtype')}",
    "colors": lambda game, v, o, it, d: f"{it} is {_and(d.got) or 'colorless'}, not {_and(d.want) or 'colorless'}",
    "damage": lambda game, v, o, it, d: f"{it} has {'no' if d.got == 0 else d.got} damage marked on it, not {d.want}",
    "counters": lambda game, v, o, it, d: f"{it} has {_count(d.got, d.detail + ' counter')}, not {d.want}",
    "attached_to": _attached_to,
    "has": lambda game, v, o, it, d: f"{it} doesn't have {d.want.lower()}",
    "lacks": lambda game, v, o, it, d: f"{it} still has {d.want.lower()}",
}


def _kinds(words: list[str], noun: str) -> str:
    """A permanent's card types or subtypes in words: "the card types Land and Creature"."""
    return f"no {noun}" if not words else f"the {noun}{'s' if len(words) > 1 else ''} {_and(words)}"


def _when(game: Game, v: Voice, d: Difference) -> str:
    """The turn, step, active player or priority, against the goal's."""
    if d.field == "turn":
        return f"it is {v.poss(game.active)} turn {d.got} now, the goal was to finish on turn {d.want}"
    if d.field == "step":
        return (f"it is the {STEP_TITLES.get(d.got, d.got)} now, "
                f"the goal was to finish in the {STEP_TITLES.get(d.want, d.want)}")
    if d.field == "active":
        return f"it is {v.poss(d.got)} turn, the goal was {v.poss(d.want)} turn"
    if d.want is None:  # priority
        return f"{v.have(d.got)} priority now, the goal was for no one to have it"
    return f"{v.have(d.got)} priority now, not {v.who(d.want)}"


# the sentence for a difference of one field of a player or of the game, the field being the whole story
_SAYS: dict[str, Callable[[Voice, Difference], str]] = {
    "poison": lambda v, d: f"{v.have(d.subject)} {_count(d.got, 'poison counter')}, not {d.want}",
    "library_count": lambda v, d: f"{v.poss(d.subject)} library has {_count(d.got, 'card')}, not {d.want}",
    "hand_count": lambda v, d: f"{v.have(d.subject)} {_count(d.got, 'card')} in hand, not {d.want}",
    "mana_pool": lambda v, d: f"{v.poss(d.subject)} mana pool is {d.got or 'empty'}, not {d.want or 'empty'}",
    "alive": lambda v, d: f"{v.who(d.want)} did not survive",
    "log_cites": lambda v, d: f"rule {d.want} never came up in this game",
    "log_contains": lambda v, d: f"the game log never says \"{d.want}\"",
}


def failure_sentences(game: Game, player: str, differences: list[Difference]) -> list[str]:
    """What in a goal does not hold, as sentences for `player` (the solver): "your Runeclaw
    Bear died", "bob is at 3 life, not 0", "you still have Giant Growth in your hand"."""
    v = Voice(player)
    told_life: set[str] = set()
    indexed = list(enumerate(differences))
    said: list[tuple[int, int, str]] = [  # (rank, difference index, sentence)
        (_RANK["winner"], i, _winner(game, v, d, told_life)) for i, d in indexed if d.field == "winner"]
    said += _cards_said(game, v, indexed)
    refs: dict[str, tuple[int, list[Difference]]] = {}  # a permanent's differences, told together
    for i, d in indexed:
        if d.section == "permanents":
            refs.setdefault(d.subject, (i, []))[1].append(d)
        elif d.section == "players" and d.kind == "missing":
            said.append((_RANK["missing"], i, f"there is no player called {d.subject}"))
        else:
            said += [(_RANK[d.field], i, s) for s in _field_sentences(game, v, d, told_life)]
    for ref, (i, diffs) in refs.items():
        said += [(_RANK["permanent"], i, s) for s in _permanent(game, v, ref, diffs)]
    return _merge(s for _, _, s in sorted(said, key=lambda t: (t[0], t[1])))


def _cards_said(game: Game, v: Voice, indexed: list[tuple[int, Difference]]) -> list[tuple[int, int, str]]:
    """The zones' cards, the battlefield first: what died or survived matters more than what is
    left in hand."""
    cards = sorted(((i, d) for i, d in indexed if d.kind == "cards"), key=lambda t: _ZONE_ORDER.index(t[1].field))
    return [(_RANK["cards"], i, s) for i, s in enumerate(_card_sentences(game, v, [d for _, d in cards]))]


def _field_sentences(game: Game, v: Voice, d: Difference, told_life: set[str]) -> list[str]:
    """The sentences a difference of a player's or the game's field makes; none for the winner
    and the cards (told apart) and for a life total the winner's sentence already gave."""
    if d.field == "life":
        return [] if d.subject in told_life else [f"{v.be(d.subject)} at {d.got} life, not {d.want}"]
    if d.field == "stack":
        return _stack(d)
    if d.field in ("turn", "step", "active", "priority"):
        return [_when(game, v, d)]
    say = _SAYS.get(d.field)
    return [say(v, d)] if say is not None else []


def _merge(sentences: Iterable[str]) -> list[str]:
    """The same sentence twice (two Grizzly Bears died) is said once, with how many."""
    counts = Counter(sentences)
    return [s if n == 1 else f"{s} (×{n})" for s, n in counts.items()]
