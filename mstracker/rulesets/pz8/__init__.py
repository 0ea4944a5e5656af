"""The pz8 ruleset: schema model and mechanics."""
