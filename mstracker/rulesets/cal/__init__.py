"""The cal ruleset: schema model and mechanics."""
