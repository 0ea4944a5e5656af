"""`mstracker` with no arguments: run the terminal app."""

from __future__ import annotations


def run_tui() -> int:
    """Run the app until the user quits; returns the process exit code (0 normally)."""
    from ..app_factory import build_app

    app = build_app()
    app.run()
    return app.return_code or 0
