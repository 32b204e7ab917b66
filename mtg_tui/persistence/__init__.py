"""What the client keeps on disk: the user's files (settings, saves, the autosave, imported
cards) and the decks it reads, each written atomically and read without trusting it."""
