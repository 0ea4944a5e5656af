"""Command line: `mstracker` starts the TUI; subcommands script everything else.

Each subcommand lives in its own module with `register(subparsers)`. Only the module of the
command being run is imported: the others get a placeholder with their one-line help, so
`mstracker --version` and `--help` import neither Rich nor pydantic. Errors from the core are
mapped here, in one place, to one line on stderr and exit code 2; a closed stdout (`| head`)
ends the command quietly with the exit code of what it did.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module

from .. import __version__
from .errors import CliError, told_warnings

DESCRIPTION = (
    "Tableside companion for micro-scale Lego space wargames (spook, lukas, pz8, cal). "
    "Without a command it starts the terminal app."
)

#: command -> (module under mstracker.cli that registers it, one-line help), in --help order.
COMMANDS: dict[str, tuple[str, str]] = {
    "rules": ("rules_cmd", "the four rulesets as data: stats, tables, phases, settings"),
    "roll": ("dice_cmd", "roll dice: each die and the total"),
    "odds": ("dice_cmd", "exact odds of a dice expression, or of one attack under a ruleset"),
    "fleet": ("fleet_cmd", "fleet rosters: start one, check it, print its sheet"),
    "game": ("game_cmd", "games: set up, show, act, undo/redo, report, export, import"),
    "watch": ("watch_cmd", "follow a game live, read-only, in a second terminal"),
    "serve": ("watch_cmd", "serve the read-only live view of a game to a browser"),
    "completion": ("completion_cmd", "print a shell completion script (bash, zsh or fish)"),
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        sys.stderr.write(f"mstracker: {message}\n")
        raise SystemExit(2)


def build_parser(command: str | None = None, *, full: bool = False) -> argparse.ArgumentParser:
    """The parser: every command in full when `full` (completion), else only `command` in full."""
    parser = _Parser(prog="mstracker", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"mstracker {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    registered: set[str] = set()
    chosen = COMMANDS.get(command or "", ("", ""))[0]
    for name, (module_name, help_text) in COMMANDS.items():
        if name in registered:
            continue
        if full or module_name == chosen:
            before = set(sub.choices)
            import_module(f"mstracker.cli.{module_name}").register(sub)
            registered |= set(sub.choices) - before
        else:
            sub.add_parser(name, help=help_text, add_help=False)
            registered.add(name)
    return parser


def _command_word(argv: Sequence[str]) -> str | None:
    """The first word that is not an option: the command argparse will dispatch on."""
    for word in argv:
        if not word.startswith("-"):
            return word
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["__complete"]:  # the shell scripts' completer: on every <TAB>, so before any parser
        from .completion_words import complete_words

        return complete_words(argv[1:])
    parser = build_parser(_command_word(argv))
    args = parser.parse_args(argv)
    told_warnings.clear()  # main() may run many commands in one process (tests, scripts)
    try:
        from .environment import check_environment

        check_environment()
        if args.command is None:
            from ..tui.run import run_tui

            return run_tui()
        return int(args.handler(args) or 0)
    except CliError as exc:
        from .output import one_line

        sys.stderr.write(f"mstracker: {one_line(str(exc))}\n")
        return exc.code


def entry() -> None:
    """The console script: main() with a quiet exit on a closed pipe or ctrl+c."""
    if sys.stdout is None:  # started with stdout closed: work as usual, print nowhere
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    try:
        code = main()
        _flush()
    except OSError as exc:
        # The reader went away (`| head`, `| true`): EPIPE on POSIX, EINVAL on Windows. Commands
        # write only after their work is done, so the work stands: exit 0, so that a script does
        # not repeat a committed action. Any other OSError is a bug, and says so.
        if not _closed_pipe(exc):
            raise
        code = _quiet_stdout()
    except KeyboardInterrupt:
        code = 130
    except SystemExit as exc:  # --help / --version / usage errors
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        _flush()
    raise SystemExit(code)


def _closed_pipe(exc: OSError) -> bool:
    """A write to a pipe whose reader is gone: EPIPE (POSIX); on Windows EINVAL or EPIPE, when stdout
    indeed cannot take what it holds (an EINVAL from anything else is not hidden)."""
    import errno

    if isinstance(exc, BrokenPipeError):
        return True
    if os.name != "nt" or exc.errno not in (errno.EINVAL, errno.EPIPE):
        return False
    try:
        sys.stdout.flush()
    except OSError:
        return True
    return False


def _flush() -> None:
    """Flush stdout; a reader that went away or a terminal that hung up (EIO) is not an error here."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            if stream is sys.stdout:
                _quiet_stdout()
            else:
                _quiet(stream)


def _quiet(stream: object) -> None:
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        pass


def _quiet_stdout() -> int:
    """Point stdout at the null device so the interpreter's final flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 0
