"""Package data of the rules core: the project's own rules index (rules_index.toml)."""
