"""The spook ruleset: schema model and mechanics."""
