"""Modal dialogs, one per module."""
