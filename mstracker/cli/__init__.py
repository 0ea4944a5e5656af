"""Command line: `mstracker` starts the TUI; subcommands script everything else.

Each subcommand lives in its own module with `register(subparsers)`; errors from the core are
mapped here, in one place, to one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from .. import __version__
from .output import CliError

COMMAND_MODULES = ("rules_cmd", "dice_cmd", "fleet_cmd", "game_cmd")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        sys.stderr.write(f"mstracker: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="mstracker",
        description="Tableside companion for micro-scale Lego space wargames (spook, lukas, pz8, cal). "
        "Without a command it starts the terminal app.",
    )
    parser.add_argument("--version", action="version", version=f"mstracker {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        try:
            module = import_module(f"mstracker.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mstracker.cli.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from ..tui.run import run_tui

        return run_tui()
    try:
        return int(args.handler(args) or 0)
    except CliError as exc:
        sys.stderr.write(f"mstracker: {exc}\n")
        return exc.code


def entry() -> None:
    raise SystemExit(main())
