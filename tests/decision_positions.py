"""Small positions that reach every shape of decision the engine asks (`Decision.shape`).

Each position is a scenario document plus the actions that lead to the decision; the
engine tests fuzz each one and the client tests answer each one from the keyboard, so a
shape without a position (or a position that doesn't reach its shape) fails both."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules import Game
from rules.play.scenario import build_game, parse_scenario, play_actions

LIB = ["Island"] * 5  # every player has a library, so nobody loses by drawing


@dataclass(frozen=True)
class DecisionPosition:
    shape: str
    about: str  # what happens, with the rule that asks the question
    players: dict[str, dict[str, Any]]
    actions: tuple[str, ...] = ()
    start: dict[str, Any] = field(default_factory=dict)
    rules: str = "2014"
    mulligan: str | None = None

    def game(self) -> Game:
        doc: dict[str, Any] = {"name": self.shape, "rules": self.rules, "start": dict(self.start),
                               "players": {n: ({"library": LIB, **z} if self.start.get("step") != "mulligan" else z)
                                           for n, z in self.players.items()}}
        if self.mulligan:
            doc["mulligan"] = self.mulligan
        game = build_game(parse_scenario(doc))
        play_actions(game, list(self.actions))
        assert game.decision is not None and game.decision.shape == self.shape, \
            f"{self.shape}: reached {game.decision.shape if game.decision else 'the end of the game'}"
        return game


def _p(shape: str, about: str, alice: dict[str, Any], bob: dict[str, Any], *actions: str,
       **kw: Any) -> DecisionPosition:
    return DecisionPosition(shape, about, {"alice": alice, "bob": bob}, tuple(actions), **kw)


DECK = ["Forest", "Runeclaw Bear", "Island", "Giant Growth", "Mountain", "Lightning Bolt", "Plains", "Swamp",
        "Craw Wurm", "Forest"]

POSITIONS: list[DecisionPosition] = [
    _p("priority", "a player with priority (116.3)",
       {"hand": ["Lightning Bolt", "Mountain"], "battlefield": ["Mountain"]}, {"battlefield": ["Runeclaw Bear"]}),
    _p("mulligan", "keep or mulligan (103.4)", {"library": DECK}, {"library": DECK}, start={"step": "mulligan"}),
    _p("bottom", "the London mulligan puts a card on the bottom", {"library": DECK}, {"library": DECK},
       "alice: mulligan", "bob: keep", "alice: keep", start={"step": "mulligan"}, mulligan="london"),
    _p("attackers", "declare attackers (508.1)", {"battlefield": ["Runeclaw Bear", "Grizzly Bears"]}, {},
       start={"step": "declare_attackers", "turn": 3}),
    _p("blockers", "declare blockers (509.1)", {"battlefield": ["Runeclaw Bear"]},
       {"battlefield": ["Grizzly Bears"]}, "alice: attack Runeclaw Bear", "go to declare_blockers",
       start={"step": "declare_attackers", "turn": 3}),
    _p("order_blockers:attacker", "the attacker orders its blockers (509.2)", {"battlefield": ["Craw Wurm"]},
       {"battlefield": ["Runeclaw Bear", "Runeclaw Bear"]}, "alice: attack Craw Wurm", "go to declare_blockers",
       "bob: block Runeclaw Bear#1 -> Craw Wurm, Runeclaw Bear#2 -> Craw Wurm",
       start={"step": "declare_attackers", "turn": 3}),
    _p("order_blockers:blocker", "a blocker of several attackers orders them (509.3)",
       {"battlefield": ["Runeclaw Bear", "Grizzly Bears"]}, {"battlefield": ["Palace Guard"]},
       "alice: attack Runeclaw Bear, Grizzly Bears", "go to declare_blockers",
       "bob: block Palace Guard -> Runeclaw Bear, Palace Guard -> Grizzly Bears",
       start={"step": "declare_attackers", "turn": 3}),
    _p("assign_damage:creatures", "an attacker divides its damage among its blockers (510.1c)",
       {"battlefield": ["Craw Wurm"]}, {"battlefield": ["Runeclaw Bear", "Runeclaw Bear"]}, "alice: attack Craw Wurm",
       "go to declare_blockers",
       "bob: block Runeclaw Bear#1 -> Craw Wurm, Runeclaw Bear#2 -> Craw Wurm",
       "alice: order Runeclaw Bear#1, Runeclaw Bear#2", "go to combat_damage",
       start={"step": "declare_attackers", "turn": 3}),
    _p("assign_damage:with_player", "trample: lethal damage to the blocker, the rest may go on (702.19b)",
       {"battlefield": ["Stampeding Rhino"]}, {"battlefield": ["Runeclaw Bear"]}, "alice: attack Stampeding Rhino",
       "go to declare_blockers",
       "bob: block Runeclaw Bear -> Stampeding Rhino", "go to combat_damage",
       start={"step": "declare_attackers", "turn": 3}),
    _p("discard", "a spell makes a player discard two of three cards (701.7a)",
       {"hand": ["Mind Rot"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
       {"hand": ["Forest", "Giant Growth", "Craw Wurm"]}, "alice: cast Mind Rot targeting bob", "resolve"),
    _p("order_triggers", "two of a player's abilities trigger at once (603.3b)",
       {"hand": ["Pacifism"], "battlefield": ["Angel's Feather", "Mesa Enchantress", "Plains", "Plains"]},
       {"battlefield": ["Runeclaw Bear"]}, "alice: cast Pacifism targeting Runeclaw Bear"),
    _p("targets:permanent+player", "an enters-the-battlefield ability targets as it goes on the stack (603.3d)",
       {"hand": ["Sparkmage Apprentice"], "battlefield": ["Mountain", "Mountain"]},
       {"battlefield": ["Runeclaw Bear"]}, "alice: cast Sparkmage Apprentice", "resolve"),
    _p("targets:permanent+player:divided", "Bogardan Hellkite divides 5 damage as its ability goes on the stack "
       "(601.2d, 603.3d)",
       {"hand": ["Bogardan Hellkite"], "battlefield": ["Mountain"] * 8},
       {"battlefield": ["Runeclaw Bear"]}, "alice: cast Bogardan Hellkite", "resolve"),
    _p("targets:permanent", "Acidic Slime's ability targets a permanent (603.3d)",
       {"hand": ["Acidic Slime"], "battlefield": ["Forest"] * 5}, {"battlefield": ["Forest", "Angel's Feather"]},
       "alice: cast Acidic Slime", "resolve"),
    _p("targets:card", "Gravedigger targets a card in a graveyard (603.3d)",
       {"hand": ["Gravedigger"], "battlefield": ["Swamp"] * 4, "graveyard": ["Runeclaw Bear", "Craw Wurm"]},
       {}, "alice: cast Gravedigger", "resolve"),
    _p("targets:player", "Sanguine Bond targets an opponent (603.3d)",
       {"battlefield": ["Sanguine Bond", "Ajani Goldmane"]}, {}, "alice: activate Ajani Goldmane", "resolve"),
    _p("yesno", "a \"may\" ability asks as it resolves (603.5)",
       {"hand": ["Gravedigger"], "battlefield": ["Swamp"] * 4, "graveyard": ["Runeclaw Bear"]}, {},
       "alice: cast Gravedigger", "resolve", "alice: target Runeclaw Bear", "resolve"),
    _p("choose:object:battlefield", "sacrificing a Goblin to pay a cost (602.2b)",
       {"battlefield": ["Siege-Gang Commander", "Raging Goblin", "Raging Goblin", "Mountain", "Mountain"]},
       {"battlefield": ["Craw Wurm"]}, "alice: activate Siege-Gang Commander targeting Craw Wurm", start={"turn": 3}),
    _p("choose:object:library", "searching a library for a basic land (701.16a)",
       {"hand": ["Rampant Growth"], "battlefield": ["Forest", "Forest"], "library": ["Plains", "Forest", "Island"]},
       {}, "alice: cast Rampant Growth", "resolve"),
    _p("choose:object:hand", "choosing a card from a revealed hand (Duress)",
       {"hand": ["Duress"], "battlefield": ["Swamp"]}, {"hand": ["Giant Growth", "Lightning Bolt", "Forest"]},
       "alice: cast Duress targeting bob", "resolve"),
    _p("choose:object:graveyard", "exiling cards from your graveyard to pay a cost (Grim Lavamancer, 602.2b)",
       {"battlefield": ["Grim Lavamancer", "Mountain"], "graveyard": ["Shock", "Forest", "Giant Growth"]},
       {}, "alice: activate Grim Lavamancer targeting bob", start={"turn": 3}),
    _p("choose:object:player", "new targets for a copy of a spell, players among them (706.10c)",
       {"hand": ["Twincast"], "battlefield": ["Island", "Island"]},
       {"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Runeclaw Bear"]},
       "bob: cast Lightning Bolt targeting alice", "bob: pass", "alice: cast Twincast targeting Lightning Bolt",
       "resolve", "alice: yes", start={"turn": 3, "active": "bob"}),
    _p("cast_free", "a spell cast without paying its mana cost while Djinn of Wishes's ability resolves (608.2g)",
       {"battlefield": [{"card": "Djinn of Wishes", "counters": {"wish": 1}}, "Island", "Island", "Island",
                        "Island"], "library": ["Lightning Bolt", "Island"]},
       {"battlefield": ["Runeclaw Bear"]},
       "alice: activate Djinn of Wishes", "resolve", "alice: yes", start={"turn": 3}),
    _p("choose:keep", "a player with two Ajani Goldmanes keeps one (704.5j)",
       {"hand": ["Ajani Goldmane"], "battlefield": ["Ajani Goldmane", "Plains", "Plains", "Plains", "Plains"]},
       {}, "alice: cast Ajani Goldmane", "resolve"),
    _p("choose:word", "a basic land type chosen as Convincing Mirage enters (614.12)",
       {"hand": ["Convincing Mirage"], "battlefield": ["Island", "Island"]}, {"battlefield": ["Forest"]},
       "alice: cast Convincing Mirage targeting Forest", "resolve"),
    _p("choose:name", "a card name chosen as Pithing Needle enters (201.3, 614.12)",
       {"hand": ["Pithing Needle"], "battlefield": ["Island"]}, {"battlefield": ["Prodigal Pyromancer"]},
       "alice: cast Pithing Needle", "resolve"),
    _p("choose:cards:exile", "Mirror of Fate: up to seven exiled cards its controller owns (406.1)",
       {"battlefield": ["Mirror of Fate"], "exile": ["Lightning Bolt", "Craw Wurm"]}, {},
       "alice: activate Mirror of Fate", "resolve", start={"turn": 3}),
    _p("choose:cards:library", "Sphinx of Uthuun: an opponent separates the revealed cards into two piles (701.13a)",
       {"hand": ["Sphinx of Uthuun"], "battlefield": ["Island"] * 7, "library": ["Lightning Bolt", "Craw Wurm"]},
       {}, "alice: cast Sphinx of Uthuun", "resolve", "resolve", start={"turn": 3}),
    _p("choose:cards:graveyard", "Sutured Ghoul: any number of creature cards exiled from the graveyard as it enters "
       "(614.12)",
       {"hand": ["Sutured Ghoul"], "battlefield": ["Swamp"] * 7, "graveyard": ["Craw Wurm", "Grizzly Bears"]}, {},
       "alice: cast Sutured Ghoul", "resolve", start={"turn": 3}),
    _p("choose:color", "a mana ability that makes one mana of any color (605.3b)",
       {"battlefield": ["Birds of Paradise"]}, {}, "alice: activate Birds of Paradise", start={"turn": 3}),
]

# a variant of a shape already listed: a blocker divides its damage (2009: free division, 310.2c)
VARIANTS: list[DecisionPosition] = [
    replace(_p("assign_damage:creatures", "a blocker divides its damage among the attackers it blocks (310.2c)",
               {"battlefield": ["Runeclaw Bear", "Grizzly Bears"]}, {"battlefield": ["Palace Guard"]},
               "alice: attack Runeclaw Bear, Grizzly Bears", "go to declare_blockers",
               "bob: block Palace Guard -> Runeclaw Bear, Palace Guard -> Grizzly Bears", "go to combat_damage",
               start={"step": "declare_attackers", "turn": 3}), rules="2009"),
]


def by_shape() -> dict[str, DecisionPosition]:
    return {p.shape: p for p in POSITIONS}
