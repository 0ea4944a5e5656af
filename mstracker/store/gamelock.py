"""The per-game lock: an exclusive flock on `<db>.locks/game-<id>.lock`, released on close or process death."""

from __future__ import annotations

import fcntl
import os
import weakref
from pathlib import Path

from .gamesdb import GameLocked


class GameLock:
    """An exclusive flock on `<db>.locks/game-<id>.lock`, released on close or process death."""

    def __init__(self, db: Path, game_id: int, game_name: str) -> None:
        folder = db.parent / f"{db.name}.locks"
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / f"game-{game_id}.lock"
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            os.close(fd)
            who = f" (pid {holder})" if holder.isdigit() else ""
            raise GameLocked(
                f"game {game_name!r} (id {game_id}) is already open in another mstracker{who}; "
                "close it there first",
                db,
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        self.fd: int | None = fd
        self._finalizer = weakref.finalize(self, _close_fd, fd)

    def release(self, remove: bool = False) -> None:
        if self.fd is None:
            return
        if remove:
            self.path.unlink(missing_ok=True)
        self._finalizer()
        self.fd = None


def _close_fd(fd: int) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
