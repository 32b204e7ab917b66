"""How a game begins: from two decks (a real game) or from a position (a scenario).

A `GameSetup` plus the list of actions taken is the whole game record: replaying the
actions on a fresh game built from the setup gives the same game (undo, save, load).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class PermanentSpec:
    """A battlefield entry of a position."""

    card: str
    tapped: bool = False
    sick: bool = False
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None  # a reference, resolved after every card exists
    token: bool = False


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    deck: tuple[str, ...] = ()  # a real game: the deck, shuffled at the start
    life: int = 20
    poison: int = 0
    hand: tuple[str, ...] = ()
    battlefield: tuple[PermanentSpec, ...] = ()
    library: tuple[str, ...] = ()  # top first
    graveyard: tuple[str, ...] = ()  # top first
    exile: tuple[str, ...] = ()
    zone_order: tuple[str, ...] = ("hand", "battlefield", "library", "graveyard", "exile")
    goldfish: bool = False


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start a game, and nothing that happens after."""

    players: tuple[PlayerSpec, ...]
    ruleset: str = "2014"
    seed: int = 0
    mulligan: str | None = None  # default: the ruleset's
    starting_player: str | None = None  # None: chosen at random from the seed (103.2)
    # a position: start at the beginning of `step` of `turn` with `active` the active player
    position: bool = False
    turn: int = 1
    active: str | None = None
    step: str = "main1"
    turn_cap: int | None = None  # the game is a draw when this turn would begin
    manual: bool = True  # manual actions allowed (a scenario file opts in with `manual = true`)
    # every search for a card with a stated quality asks, even about the one card that has it,
    # so the player may find nothing (701.16b); the client's games for people turn it on
    ask_every_search: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def from_decks(
        cls,
        decks: dict[str, list[str]],
        *,
        ruleset: str = "2014",
        seed: int = 0,
        mulligan: str | None = None,
        starting_player: str | None = None,
        turn_cap: int | None = None,
        goldfish: tuple[str, ...] = (),
        ask_every_search: bool = False,
    ) -> GameSetup:
        """A real game: each deck shuffled with the seed, seven cards, mulligans."""
        players = tuple(
            PlayerSpec(name=name, deck=tuple(cards), goldfish=name in goldfish)
            for name, cards in decks.items()
        )
        return cls(players, ruleset=ruleset, seed=seed, mulligan=mulligan,
                   starting_player=starting_player, turn_cap=turn_cap, ask_every_search=ask_every_search)


def setup_to_dict(setup: GameSetup) -> dict[str, Any]:
    """A JSON-ready form of a setup (for saved games)."""
    d = asdict(setup)
    d.pop("extra", None)
    return d


def setup_from_dict(d: dict[str, Any]) -> GameSetup:
    """The inverse of `setup_to_dict`; raises ValueError on a malformed record."""
    try:
        players = []
        for p in d["players"]:
            p = dict(p)
            p["battlefield"] = tuple(
                PermanentSpec(**{**b, "counters": tuple(tuple(c) for c in b.get("counters", ()))})
                for b in p.get("battlefield", ()))
            for key in ("deck", "hand", "library", "graveyard", "exile", "zone_order"):
                if key in p:
                    p[key] = tuple(p[key])
            players.append(PlayerSpec(**p))
        known = {f.name for f in fields(GameSetup)} - {"players", "extra"}
        rest = {k: v for k, v in d.items() if k in known}
        return GameSetup(tuple(players), **rest)
    except (KeyError, TypeError) as e:
        raise ValueError(f"malformed game record: {e}") from None
