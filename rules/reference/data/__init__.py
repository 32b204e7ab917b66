"""Package data of the rules reference: the project's own rules index (rules_index.toml)."""
