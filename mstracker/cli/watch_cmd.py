"""`mstracker watch GAME` and `mstracker serve GAME`: the read-only live view, in a terminal or a browser.

Both only read: no game lock is taken, so the players keep playing in the TUI or with `game act`.
`serve` runs textual-serve, which starts one `mstracker watch` per browser tab; it binds to
127.0.0.1 unless --host says otherwise, and prints the address to open.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from .errors import CliError

DEFAULT_PORT = 8000


def register(sub: argparse._SubParsersAction) -> None:
    watch = sub.add_parser("watch", help="follow a game live, read-only, in a second terminal")
    watch.add_argument("game", help="game id or name")
    watch.add_argument("--db", type=Path, help="use this games database instead of the user's one")
    watch.set_defaults(handler=watch_game)

    serve = sub.add_parser("serve", help="serve the read-only live view of a game to a browser")
    serve.add_argument("game", help="game id or name")
    serve.add_argument("--db", type=Path, help="use this games database instead of the user's one")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
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
    app = WatchApp(store, reader, theme)
    app.run()
    return app.return_code or 0


def serve_game(args: argparse.Namespace) -> int:
    from textual_serve.server import Server

    from .output import clean

    if not 0 < args.port < 65536:
        raise CliError(f"--port: expected 1 to 65535, got {args.port}")
    store, reader = _open(args)  # refuse an unknown or damaged game before serving anything
    game_id, name = reader.id, reader.name
    store.close()
    command = [sys.executable, "-m", "mstracker", "watch", str(game_id)]
    if args.db:
        command += ["--db", str(args.db.resolve())]
    host = args.host
    url = f"http://{'[' + host + ']' if ':' in host else host}:{args.port}"

    class _Server(Server):
        async def on_startup(self, app: object) -> None:
            sys.stdout.write(f"Serving {clean(name)!r} read-only at {url}\n(ctrl+c stops)\n")
            sys.stdout.flush()

    try:
        _Server(shlex.join(command), host=host, port=args.port, title=f"mstracker: {clean(name)}", public_url=url).serve()
    except OSError as exc:
        raise CliError(f"cannot serve on {host}:{args.port} ({exc.strerror or exc})") from None
    return 0
