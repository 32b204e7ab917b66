"""The game: its state, the `Game` façade, and the systems that run it (turn structure,
priority, casting and resolving, combat, state-based actions, triggers, continuous and
replacement effects), decisions and actions, notation, views and the game record."""
