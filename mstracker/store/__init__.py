"""I/O adapters: ruleset and house-rule files, fleet files, the SQLite game store, settings."""
