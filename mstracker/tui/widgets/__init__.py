"""Reusable widgets (the only place DEFAULT_CSS is used)."""
