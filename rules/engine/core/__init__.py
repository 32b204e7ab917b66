"""The state of a game and its nouns: objects, players and stack items (objects), GameState and its
small kernel (state), actions and decisions, references to objects by name (refs), how a game begins
(setup) and the two rulesets (ruleset).  Imports nothing else in the engine."""
