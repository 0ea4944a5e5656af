"""One watcher process behind one browser tab, spoken to through Textual's web-driver protocol.

The process is `mstracker watch GAME --served` with Textual's web driver. It announces itself with
a `__GANGLION__` line, then writes packets (a type byte, a 4-byte big-endian length, the payload):
`D` terminal output for the page, `M` JSON meta (`exit` when the app ends). It reads the same
packets on stdin: `D` keys and mouse from the page, `M` resize/focus/blur/quit.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable, Sequence
from importlib.metadata import PackageNotFoundError, version

READY_LINE = b"__GANGLION__\n"
QUIT_GRACE_SECONDS = 0.5
"""How long a watcher told to quit may take before it is killed (one stuck writing to a stalled tab
would not end on SIGTERM either: Textual's web driver handles SIGTERM as the same quit)."""


def watcher_argv(game_id: int, db: str | None = None) -> list[str]:
    """The command of one served watcher, as an argument list: no shell parses it, on any system."""
    argv = [sys.executable, "-m", "mstracker", "watch", str(game_id), "--served"]
    if db:
        argv += ["--db", db]
    return argv


def command_line(argv: Sequence[str]) -> str:
    """`argv` as the system's shell would read it (for messages): cmd.exe quoting on Windows."""
    if os.name == "nt":
        return subprocess.list2cmdline(list(argv))
    import shlex

    return shlex.join(argv)


def watcher_environment(width: int, height: int) -> dict[str, str]:
    """The environment Textual's web driver expects (as textual-serve sets it)."""
    try:
        serve_version = version("textual-serve")
    except PackageNotFoundError:
        serve_version = "0"
    return {
        **os.environ,
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
        "TEXTUAL_FPS": "60",
        "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "TERM_PROGRAM": "textual",
        "TERM_PROGRAM_VERSION": serve_version,
        "COLUMNS": str(width),
        "ROWS": str(height),
    }


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class WatcherProcess:
    """A started watcher: `pump()` forwards its screen, `send_*` its input, `stop()` ends it."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.errors = bytearray()  # what the watcher wrote on stderr (its last words, if it failed)
        self._stderr_task = asyncio.create_task(self._read_stderr())

    @classmethod
    async def start(cls, argv: Sequence[str], width: int = 80, height: int = 24) -> WatcherProcess:
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=watcher_environment(width, height),
        )
        return cls(process)

    async def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        while chunk := await self.process.stderr.read(4096):
            if len(self.errors) < 65536:
                self.errors += chunk

    async def pump(self, screen: Callable[[bytes], Awaitable[None]]) -> None:
        """Forward the watcher's terminal output to `screen` until the watcher ends."""
        stdout = self.process.stdout
        assert stdout is not None
        try:
            for _ in range(10):  # Python may print a line or two before the app starts
                line = await stdout.readline()
                if not line or line == READY_LINE:
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await screen(payload)
                elif kind == b"M" and json.loads(payload).get("type") == "exit":
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            return  # the watcher ended

    def failure(self) -> str | None:
        """The last line the watcher wrote on stderr when it ended with an error (it says why), else None."""
        if self.process.returncode in (None, 0) or self.process.returncode < 0:
            return None  # still running, ended normally, or ended by a signal (stop() kills a stuck one)
        lines = [line for line in self.errors.decode("utf-8", "replace").splitlines() if line.strip()]
        return lines[-1].strip() if lines else f"the watcher exited with code {self.process.returncode}"

    async def send_keys(self, text: str) -> None:
        await self._send(packet(b"D", text.encode("utf-8")))

    async def send_meta(self, meta: dict[str, object]) -> None:
        await self._send(packet(b"M", json.dumps(meta).encode("utf-8")))

    async def _send(self, data: bytes) -> None:
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing():
            return
        try:
            stdin.write(data)
            await asyncio.wait_for(stdin.drain(), QUIT_GRACE_SECONDS)
        except (ConnectionError, RuntimeError, asyncio.TimeoutError):
            pass  # the watcher is gone or not reading: stop() ends it

    async def stop(self) -> None:
        """Ask the watcher to quit; kill it if it has not ended within QUIT_GRACE_SECONDS."""
        if self.process.returncode is None:
            await self.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(self.process.wait(), QUIT_GRACE_SECONDS)
            except asyncio.TimeoutError:
                try:
                    self.process.kill()
                except ProcessLookupError:
                    pass
                await self.process.wait()
        self._stderr_task.cancel()
