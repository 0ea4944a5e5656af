"""`mstracker watch GAME` and `mstracker serve GAME`: the read-only live view, in a terminal or a browser.

Both only read: no game lock is taken, so the players keep playing in the TUI or with `game act`.
`serve` (mstracker.serve) starts one `mstracker watch --served` per browser tab, up to
--max-viewers at once; it binds to 127.0.0.1 unless --host says otherwise, and prints the address
to open once the port is bound.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .errors import CliError

DEFAULT_PORT = 8000
DEFAULT_VIEWERS = 4
"""Tabs served at once: each is a watcher process of its own (about 60 MB)."""


def register(sub: argparse._SubParsersAction) -> None:
    watch = sub.add_parser("watch", help="follow a game live, read-only, in a second terminal")
    watch.add_argument("game", help="game id or name")
    watch.add_argument("--db", type=Path, help="use this games database instead of the user's one")
    # A tab of `serve`: no quit key (closing the tab ends it) and words for a spectator.
    watch.add_argument("--served", action="store_true", help=argparse.SUPPRESS)
    watch.set_defaults(handler=watch_game)

    serve = sub.add_parser("serve", help="serve the read-only live view of a game to a browser")
    serve.add_argument("game", help="game id or name")
    serve.add_argument("--db", type=Path, help="use this games database instead of the user's one")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--max-viewers", type=int, default=DEFAULT_VIEWERS, metavar="N",
                       help=f"browser tabs served at once, each a watcher process (default {DEFAULT_VIEWERS})")
    serve.set_defaults(handler=serve_game)


def _open(args: argparse.Namespace):  # noqa: ANN202 - (store, reader)
    from .game_cmd import _errors, open_reading_store

    store = open_reading_store(args)
    try:
        with _errors():
            reader = store.open_reader(store.find_game(args.game).id)
    except BaseException:
        store.close()
        raise
    return store, reader


def watch_game(args: argparse.Namespace) -> int:
    from ..paths import app_dirs
    from ..store.settings import load_settings
    from textual.theme import BUILTIN_THEMES

    from ..tui.app import THEMES, textual_theme
    from ..tui.watch import WatchApp

    store, reader = _open(args)
    theme = textual_theme(load_settings(app_dirs()).settings.theme)
    theme = theme if theme in BUILTIN_THEMES else THEMES["dark"]  # the TUI reports an unknown one
    app = WatchApp(store, reader, theme, served=args.served)
    app.run()
    if app.gone is not None:
        raise CliError(app.gone, code=1)
    return app.return_code or 0


def serve_game(args: argparse.Namespace) -> int:
    from ..serve.server import ServeOptions, ViewServer, serve_forever
    from ..serve.watcher import watcher_argv
    from .output import clean

    if not 0 < args.port < 65536:
        raise CliError(f"--port: expected 1 to 65535, got {args.port}")
    if not 0 < args.max_viewers <= 64:
        raise CliError(f"--max-viewers: expected 1 to 64, got {args.max_viewers}")
    store, reader = _open(args)  # refuse an unknown or damaged game before serving anything
    game_id, name = reader.id, clean(reader.name)
    store.close()
    host = args.host
    url = f"http://{'[' + host + ']' if ':' in host else host}:{args.port}"
    options = ServeOptions(watcher_argv(game_id, str(args.db.resolve()) if args.db else None), host, args.port,
                           f"mstracker: {name}", args.max_viewers, say=_say)

    def started(server: ViewServer) -> None:
        _say(f"Serving {name!r} read-only at {url}\n(ctrl+c stops; up to {args.max_viewers} viewers at once)")

    try:
        serve_forever(options, started)
    except OSError as exc:  # asyncio words it "error while attempting to bind on address ...": say only why
        why = os.strerror(exc.errno).lower() if exc.errno else str(exc)
        raise CliError(f"cannot serve on {host}:{args.port}: {why} (try another --port)") from None
    return 0


def _say(line: str) -> None:
    """One line for the serving terminal; a closed stdout (`| head -1`) is not an error here."""
    try:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
