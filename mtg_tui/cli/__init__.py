"""The `mtg-tui` command: its entry point, the click commands, and what only they use (options
checked into a GameConfig, Ctrl+C and SIGTERM, the client's benchmark)."""
