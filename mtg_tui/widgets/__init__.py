"""Small single-purpose widgets the game screen composes."""
