"""Never stuck: started the way `make run` starts it, in a terminal that then goes away, the app ends
itself, releases the game's lock and keeps every action; the game opens again at once."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mstracker.paths import app_dirs
from mstracker.store.games import GameStore

REPO = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX")]


def _read_until(fd: int, marker: bytes, seconds: float) -> bytes:
    """Read the terminal until `marker` shows (bounded: a start-up on a busy machine can be slow)."""
    seen = b""
    end = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped counts as gone)."""
    stat = Path(f"/proc/{pid}/stat")
    if Path("/proc/self/stat").exists():
        try:
            return stat.read_text(encoding="ascii").rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False
    try:  # no /proc (macOS): the pid exists or not
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _gone_within(pid: int, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return not _alive(pid)


def _committed(actions: int, fd: int) -> bool:
    """Wait (reading the screen meanwhile) until the game has `actions` live actions."""
    for _ in range(200):
        with GameStore.default(readonly=True) as store:
            if store.game(1).actions >= actions:
                return True
        _read_until(fd, b"\x00", 0.1)
    return False


def _start(argv: list[str]) -> tuple[int, int]:
    import pty
    import termios

    env = {**os.environ, "TERM": "xterm-256color"}
    pid, fd = pty.fork()
    if pid == 0:  # the child: exactly what a user types in a terminal
        os.execvpe(argv[0], argv, env)
    termios.tcsetwinsize(fd, (36, 120))
    return pid, fd


@pytest.mark.parametrize(
    "argv",
    [
        ["make", "-s", "-C", str(REPO), "run"],  # a closed window or killed tmux session under make
        [sys.executable, "-m", "mstracker"],  # the app as the terminal's own process (a dropped SSH session)
    ],
    ids=["make-run", "session-leader"],
)
def test_closing_the_terminal_ends_the_app_and_frees_the_game(argv: list[str]) -> None:
    pid, fd = _start(argv)
    app_pid = None
    try:
        assert b"Demo" in _read_until(fd, b"Demo", 90), "the home screen never showed"
        os.write(fd, b"b")  # the demo battle: creates a game and holds its lock
        assert b"Log" in _read_until(fd, b"Log", 60), "the battle screen never showed"
        locks = app_dirs().games_db.parent / "games.sqlite3.locks"
        app_pid = int((locks / "game-1.pid").read_text())
        # Let the battle settle first: a key typed in the first half second, while the attack dialog is
        # built ahead, is sometimes lost (about 1 in 7 here; issue 16, keys lost under load, still open).
        # This test is about the terminal going away, not about that loss.
        _read_until(fd, b"\x00", 2.5)
        os.write(fd, b"o")  # one more action, committed before the terminal goes: a note in the log
        assert b"note" in _read_until(fd, b"note", 30), "the note form never showed"
        os.write(fd, b"hi\r")
        assert _committed(2, fd), "the note was never committed"
    finally:
        os.close(fd)  # the window closes / the tmux session is killed
    assert app_pid is not None
    gone = _gone_within(app_pid, 30)
    if not gone:
        os.kill(app_pid, 9)
    os.waitpid(pid, 0)
    assert gone, "the app kept running after its terminal went away"
    assert not (locks / "game-1.pid").exists()  # released, not left for a takeover
    with GameStore.default() as store:
        handle = store.open_game(1)  # opens again at once: no GameLocked
        assert handle.took_over is None
        assert [row.action.kind for row in handle.log()][:2] == ["new-game", "note"]
        handle.close()


def test_input_at_end_of_file_ends_the_app_cleanly() -> None:
    """stdin at EOF from the start (a pipe whose writer is gone): exit 0 with a one-line note."""
    import pty

    master, slave = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "mstracker"], stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE,
            timeout=60, env={**os.environ, "TERM": "xterm-256color"},
        )
    finally:
        os.close(slave)
        os.close(master)
    assert done.returncode == 0
    assert b"the terminal went away (input at end of file); every action is saved" in done.stderr
