"""The game: its state, the `Game` façade, and the systems that run it (turn structure,
priority, casting and resolving, combat, state-based actions, triggers, continuous and
replacement effects), decisions and actions, notation, views and the game record.

Its subpackages, each importing only those before it (tests/test_purity.py checks it):
core (the state and its nouns) <- continuous (characteristics, layers) <- changes (events,
replacement, zones, damage) <- combat and resolution (effects, targets, costs) <- loop (turn,
priority, the stack, the action space) <- api (the Game façade, notation, view)."""
