"""The Game façade and what it shows: the `Game` class (game), action notation (notation), what a
player may see (view), the state digest (digest) and copies of the state for undo points (snapshot)."""
