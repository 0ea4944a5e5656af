"""The lukas ruleset: schema model and mechanics."""
