"""The Windows branches, run here with `os.name` / `sys.platform` patched as far as they can run on POSIX.

Covered: the served watcher's command (an argument list, so no shell parses it; cmd.exe quoting when
it is shown), a closed pipe on Windows (EINVAL) ending a command quietly, the terminal driver choice,
and the game lock going through filelock (its Windows lock is msvcrt's, which cannot run here).
"""

from __future__ import annotations

import errno
import io
import os
import sys
import types

import pytest

from mstracker.serve.watcher import command_line, watcher_argv


def _on(system: str, monkeypatch: pytest.MonkeyPatch, *modules: object) -> None:
    """`os.name` reads `system` in these modules only (patching os itself would break pathlib under pytest)."""
    seen_as = types.SimpleNamespace(**{**vars(os), "name": system})
    for module in modules:
        monkeypatch.setattr(module, "os", seen_as)


def test_the_served_watcher_is_an_argument_list_that_keeps_spaces_in_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", r"C:\Program Files\Python 3.12\python.exe")
    argv = watcher_argv(3, r"C:\Users\Ann Lee\games.sqlite3")
    assert argv == [r"C:\Program Files\Python 3.12\python.exe", "-m", "mstracker", "watch", "3", "--served",
                    "--db", r"C:\Users\Ann Lee\games.sqlite3"]
    import mstracker.serve.watcher as watcher

    _on("nt", monkeypatch, watcher)
    assert command_line(argv) == (
        r'"C:\Program Files\Python 3.12\python.exe" -m mstracker watch 3 --served --db "C:\Users\Ann Lee\games.sqlite3"'
    )
    _on("posix", monkeypatch, watcher)
    assert command_line(["/opt/my python/bin/python", "-m", "mstracker"]) == "'/opt/my python/bin/python' -m mstracker"


class _ClosedPipe(io.StringIO):
    """stdout whose reader went away, as Windows reports it: every write and flush fails with EINVAL."""

    def write(self, text: str) -> int:
        raise OSError(errno.EINVAL, "Invalid argument")

    def flush(self) -> None:
        raise OSError(errno.EINVAL, "Invalid argument")

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no file descriptor")


def _entry(monkeypatch: pytest.MonkeyPatch, stdout: io.StringIO, *argv: str) -> object:
    from mstracker.cli import entry

    monkeypatch.setattr(sys, "argv", ["mstracker", *argv])
    monkeypatch.setattr(sys, "stdout", stdout)
    with pytest.raises(SystemExit) as ended:
        entry()
    return ended.value.code


def test_a_closed_pipe_on_windows_ends_a_command_quietly_with_its_work_done(monkeypatch: pytest.MonkeyPatch) -> None:
    import mstracker.cli as cli

    _on("nt", monkeypatch, cli)
    assert _entry(monkeypatch, _ClosedPipe(), "rules", "list") == 0  # `mstracker rules list | more`, reader gone


def test_an_einval_that_is_not_a_closed_pipe_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """On POSIX an EINVAL is never a closed pipe; on Windows only when stdout indeed cannot take output."""
    import mstracker.cli as cli

    def fails(argv: object = None) -> int:
        raise OSError(errno.EINVAL, "Invalid argument: not about stdout")

    monkeypatch.setattr(cli, "main", fails)
    for system in ("posix", "nt"):
        _on(system, monkeypatch, cli)
        with pytest.raises(OSError, match="not about stdout"):
            _entry(monkeypatch, io.StringIO(), "rules", "list")


def test_windows_keeps_textuals_own_terminal_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual import constants

    import mstracker.tui.lifeline as lifeline
    from mstracker.tui.lifeline import driver_class

    class Default:  # stands for the driver Textual picks itself (its Windows driver on Windows)
        pass

    monkeypatch.setattr(constants, "DRIVER", None)
    _on("nt", monkeypatch, lifeline)
    assert driver_class(Default) is Default  # type: ignore[arg-type]
    _on("posix", monkeypatch, lifeline)
    assert driver_class(Default).__name__ == "EofAwareDriver"  # type: ignore[arg-type]


def test_the_game_lock_is_filelocks_which_is_msvcrt_on_windows() -> None:
    """GameLock holds a filelock.FileLock: on win32 filelock makes that its msvcrt lock, on POSIX flock;
    no mstracker module imports fcntl (tests/store checks that too)."""
    import filelock

    from mstracker.store import gamelock

    assert gamelock.FileLock is filelock.FileLock
    assert filelock.FileLock is (filelock.WindowsFileLock if sys.platform == "win32" else filelock.UnixFileLock)
