"""The per-game writer lock: `<db>.locks/game-<id>.lock`, held through filelock (flock on POSIX,
msvcrt on Windows), so the operating system releases it when the holder exits or dies.

Beside it, `game-<id>.pid` names the holder while it holds the lock and is removed on release.
Finding that file when the lock itself was free means the last holder died without releasing
(kill -9, a crash, power loss): the lock is taken over and `took_over` says so. A lock held by a
live process is never taken. Readers take no lock at all (see mstracker.store.games).
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from filelock import FileLock, Timeout

from .gamesdb import GameLocked, StoreError


class GameLock:
    """The writer lock of one game. GameLocked when another process (or handle) holds it."""

    def __init__(self, db: Path, game_id: int, game_name: str) -> None:
        folder = db.parent / f"{db.name}.locks"
        if folder.exists() and not folder.is_dir():
            raise StoreError(f"{folder}: is not a folder, so the game locks cannot be kept there; move it aside", db)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{folder}: cannot hold the game locks ({exc.strerror or exc}); move it aside", db) from None
        self.path = folder / f"game-{game_id}.lock"
        self.pid_path = folder / f"game-{game_id}.pid"
        self._lock = FileLock(str(self.path), timeout=0, thread_local=False, is_singleton=False)
        try:
            self._lock.acquire()
        except Timeout:
            holder = _read_pid(self.pid_path)
            who = f" (pid {holder})" if holder else ""
            raise GameLocked(
                f"game {game_name!r} (id {game_id}) is already open in another mstracker{who}; close it there first",
                db,
            ) from None
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot be locked ({exc.strerror or exc})", db) from None
        previous = _read_pid(self.pid_path)
        self.took_over: str | None = None
        if previous is not None and previous != os.getpid():
            self.took_over = (
                f"game {game_name!r}: took over the lock left by mstracker pid {previous}, "
                "which is no longer running; every action it committed is kept"
            )
        _write_pid(self.pid_path)
        self.held = True
        self._finalizer = weakref.finalize(self, _release, self._lock, self.pid_path)

    def release(self, remove: bool = False) -> None:
        if not self.held:
            return
        self.held = False
        self._finalizer()
        if remove:
            self.path.unlink(missing_ok=True)


def _release(lock: FileLock, pid_path: Path) -> None:
    try:
        pid_path.unlink(missing_ok=True)
    finally:
        lock.release(force=True)


def _read_pid(path: Path) -> int | None:
    try:
        with open(path, "rb") as fh:
            text = fh.read(32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else None


def _write_pid(path: Path) -> None:
    try:
        path.write_text(str(os.getpid()), encoding="ascii")
    except OSError:
        pass  # the pid is a courtesy for the message; the lock itself is what counts
