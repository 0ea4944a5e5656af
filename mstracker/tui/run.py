"""`mstracker` with no arguments: run the terminal app."""

from __future__ import annotations


def run_tui() -> int:
    """Run the app until the user quits; returns the process exit code (0 normally)."""
    from ..app_factory import build_app

    app = build_app()
    app.run()
    if app.terminal_closed:
        import sys

        try:  # for a log, when stderr was redirected; a dead terminal takes nothing
            sys.stderr.write(f"mstracker: the terminal went away ({app.terminal_closed}); every action is saved\n")
            sys.stderr.flush()
        except OSError:
            pass
    return app.return_code or 0
