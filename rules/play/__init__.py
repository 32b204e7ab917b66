"""Playing games with the engine: scenario files, puzzles, the simulator, the autopilot,
deck lists and construction rules, and the questions a client asks."""
