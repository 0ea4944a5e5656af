"""The web server of `mstracker serve`: the page, its static files, and one watcher per tab.

Binds first and only then reports the address (a port in use is one line, before anything is
printed). Each tab's websocket gets a watcher process of its own, up to `max_viewers` at once;
beyond that the page says the view is full. One watcher is kept started ahead of the next tab
(while there is room for one): a tab then waits only for a redraw at its size, not for Python,
Textual and the game to load (seconds on a busy laptop). On SIGINT/SIGTERM every watcher is told to quit and
every connection is closed (aborted when the browser does not read), so the server is gone within
about two seconds even with a stalled tab.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSMsgType, web

from .page import full_page, view_page
from .watcher import WatcherProcess

CLOSE_SECONDS = 0.5
"""How long a closing connection may wait for the browser's reply before it is cut."""


def static_folder() -> Path:
    """textual-serve's page script, xterm.js's stylesheet and the Roboto Mono font."""
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


@dataclass
class ServeOptions:
    argv: Sequence[str]
    """The watcher's command (an argument list)."""
    host: str
    port: int
    title: str
    max_viewers: int = 4
    say: Callable[[str], None] = print
    """Where the one-line notices go (the address, each viewer coming and going)."""


@dataclass(eq=False)  # one per connection, kept in a set by identity
class _Tab:
    peer: str
    websocket: web.WebSocketResponse
    request: web.Request
    watcher: WatcherProcess | None = None
    tasks: list[asyncio.Task] = field(default_factory=list)


class ViewServer:
    """One served game: `run()` until `stop()` (or a signal)."""

    def __init__(self, options: ServeOptions) -> None:
        self.options = options
        self.tabs: set[_Tab] = set()
        self.stopping = asyncio.Event()
        self.spare: WatcherProcess | None = None
        """A watcher started ahead, at 80x24, for the next tab (sized to the page when taken)."""
        self._spare_task: asyncio.Task | None = None

    # ---- lifetime ------------------------------------------------------------------------------
    async def run(self, started: Callable[[ViewServer], None] | None = None) -> None:
        """Bind (OSError when the port is taken), call `started`, serve until stopped, then clean up."""
        app = web.Application()
        app.add_routes([
            web.get("/", self.index),
            web.get("/ws", self.websocket),
            web.static("/static", static_folder(), show_index=False, follow_symlinks=False),
        ])
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.options.host, self.options.port, shutdown_timeout=CLOSE_SECONDS)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._on_signals()
        self._prepare_spare()
        if started is not None:
            started(self)
        try:
            await self.stopping.wait()
        finally:
            await self._close_tabs()
            await runner.cleanup()

    def _prepare_spare(self) -> None:
        """Start the next tab's watcher now, unless one is ready or no tab could take it."""
        if self.spare is not None or self._spare_task is not None or self.stopping.is_set():
            return
        if len(self.tabs) >= self.options.max_viewers:
            return

        async def start() -> None:
            try:
                self.spare = await WatcherProcess.start(self.options.argv)
            except OSError:
                self.spare = None  # a tab then starts its own watcher, and says why if it cannot
            finally:
                self._spare_task = None

        self._spare_task = asyncio.create_task(start())

    async def _watcher_for(self, width: int, height: int) -> WatcherProcess:
        """The spare watcher, sized to the page, or (none ready) a new one; then prepare the next."""
        spare, self.spare = self.spare, None
        if spare is not None and spare.process.returncode is None:
            await spare.send_meta({"type": "resize", "width": width, "height": height})
            watcher = spare
        else:
            watcher = await WatcherProcess.start(self.options.argv, width, height)
        self._prepare_spare()
        return watcher

    def stop(self) -> None:
        self.stopping.set()

    def _on_signals(self) -> None:
        loop = asyncio.get_running_loop()
        for name in ("SIGINT", "SIGTERM"):
            try:
                loop.add_signal_handler(getattr(signal, name), self.stop)
            except (NotImplementedError, RuntimeError, ValueError):
                pass  # Windows, or not the main thread: ctrl+c arrives as KeyboardInterrupt instead

    async def _close_tabs(self) -> None:
        if self._spare_task is not None:
            self._spare_task.cancel()
        ending = [self._close(tab) for tab in list(self.tabs)]
        if self.spare is not None:
            ending.append(self.spare.stop())
        await asyncio.gather(*ending, return_exceptions=True)

    async def _close(self, tab: _Tab) -> None:
        """End one tab: its watcher quits, its connection closes (or is cut if the browser is stuck)."""
        ending = [_quietly(tab.websocket.close())]
        if tab.watcher is not None:
            ending.append(tab.watcher.stop())
        await asyncio.gather(*ending)
        transport = tab.request.transport
        if transport is not None and not tab.websocket.closed:
            transport.abort()
        for task in tab.tasks:
            task.cancel()

    # ---- requests ------------------------------------------------------------------------------
    def full(self) -> bool:
        return len(self.tabs) >= self.options.max_viewers

    async def index(self, request: web.Request) -> web.Response:
        if self.full():
            return web.Response(text=full_page(self.options.title, len(self.tabs)), content_type="text/html", status=503)
        scheme = "wss" if request.secure else "ws"
        size = _whole(request.query.get("fontsize"), 16, 8, 48)
        page = view_page(self.options.title, f"{scheme}://{request.host}/ws", size)
        return web.Response(text=page, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        if self.full() or self.stopping.is_set():
            return web.Response(text="this view is full or closing\n", status=503)
        websocket = web.WebSocketResponse(heartbeat=15, timeout=CLOSE_SECONDS, max_msg_size=1 << 16)
        await websocket.prepare(request)
        tab = _Tab(_peer(request), websocket, request)
        self.tabs.add(tab)
        self._say(f"viewer from {tab.peer} joined ({len(self.tabs)} of {self.options.max_viewers} watching)")
        try:
            width = _whole(request.query.get("width"), 80, 20, 500)
            height = _whole(request.query.get("height"), 24, 5, 300)
            tab.watcher = await self._watcher_for(width, height)
            pump = asyncio.create_task(tab.watcher.pump(websocket.send_bytes))
            pump.add_done_callback(lambda _: asyncio.ensure_future(_quietly(websocket.close())))
            tab.tasks.append(pump)
            await self._read_page(websocket, tab.watcher)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.tabs.discard(tab)
            await self._close(tab)
            self._prepare_spare()  # room for a tab again
            if not self.stopping.is_set():
                failed = tab.watcher.failure() if tab.watcher is not None else None
                if failed:
                    self._say(f"viewer from {tab.peer}: the view ended: {failed}")
                self._say(f"viewer from {tab.peer} left ({len(self.tabs)} of {self.options.max_viewers} watching)")
        return websocket

    async def _read_page(self, websocket: web.WebSocketResponse, watcher: WatcherProcess) -> None:
        """The page's keys, mouse and size go to the watcher; its pings are answered."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, *rest = message.json()
            except (ValueError, TypeError):
                continue
            if kind == "stdin" and rest and isinstance(rest[0], str):
                await watcher.send_keys(rest[0])
            elif kind == "resize" and rest and isinstance(rest[0], dict):
                width, height = _whole(rest[0].get("width"), 80, 20, 500), _whole(rest[0].get("height"), 24, 5, 300)
                await watcher.send_meta({"type": "resize", "width": width, "height": height})
            elif kind in ("focus", "blur"):
                await watcher.send_meta({"type": kind})
            elif kind == "ping" and rest:
                await websocket.send_json(["pong", rest[0]])

    def _say(self, line: str) -> None:
        try:
            self.options.say(line)
        except (OSError, ValueError):
            pass  # the serving terminal went away: keep serving the table


async def _quietly(closing: object) -> None:
    try:
        await asyncio.wait_for(closing, CLOSE_SECONDS)  # type: ignore[arg-type]
    except (asyncio.TimeoutError, ConnectionError, RuntimeError):
        pass


def _peer(request: web.Request) -> str:
    peer = request.transport.get_extra_info("peername") if request.transport else None
    return str(peer[0]) if peer else "?"


def _whole(value: object, default: int, low: int, high: int) -> int:
    """A size from the page: a whole number clamped to [low, high], else `default`."""
    try:
        number = int(str(value))
    except ValueError:
        return default
    return min(max(number, low), high)


def serve_forever(options: ServeOptions, started: Callable[[ViewServer], None]) -> None:
    """Run a ViewServer in a fresh event loop until SIGINT/SIGTERM (or ctrl+c on Windows)."""
    async def main() -> None:
        await ViewServer(options).run(started)

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass  # ctrl+c where the loop has no signal handlers (Windows): the tabs ended with the loop
