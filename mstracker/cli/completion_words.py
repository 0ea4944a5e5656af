"""`mstracker __complete games`: the hidden completer the shell scripts call on <TAB>, one word a line.

It runs on every <TAB>, so it is dispatched before the argument parser is built and imports only
sqlite3 (mstracker.store.quickread) and the app's paths: no Rich, no pydantic, no game core. It only
reads, without a lock (a game being played meanwhile is neither waited on nor blocked). Any problem
prints nothing: a completion must never print an error into the line being typed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

KINDS = ("games",)
"""What the completer can list. Ruleset ids, sections and actions are written into the script itself."""


def complete_words(argv: Sequence[str]) -> int:
    """`__complete KIND`: print the words; exit 2 with one line for an unknown kind."""
    if len(argv) != 1 or argv[0] not in KINDS:
        sys.stderr.write(f"mstracker: __complete takes one of: {', '.join(KINDS)}\n")
        return 2
    import sqlite3

    from ..paths import app_dirs
    from ..store.quickread import game_names

    try:
        names = game_names(app_dirs().games_db)
    except (sqlite3.Error, OSError):
        return 0
    sys.stdout.write("".join(f"{name}\n" for name in names))
    return 0
