"""`mstracker serve` without a browser: the port, the page, the cap on viewers, the quiet log and the stop.

Each test runs the real command in a subprocess and speaks to it as a browser's page script does
(an HTTP GET, then a websocket to /ws), so every served tab here is a real `mstracker watch --served`.
"""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import subprocess
import threading
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from browser import free_port
from test_browser_view import FLEETS, _children, _mstracker, _wait_for

pytestmark = pytest.mark.slow

UPGRADE = (
    "GET /ws?width=160&height=50 HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def _table() -> None:
    created = _mstracker("game", "new", "--ruleset", "pz8", "--fleet", FLEETS[0], "--fleet", FLEETS[1], "--name", "Table")
    assert created.returncode == 0, created.stderr


def _serve(port: int, *extra: str) -> subprocess.Popen[str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "mstracker", "serve", "Table", "--port", str(port), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    assert first == f"Serving 'Table' read-only at http://127.0.0.1:{port}\n", server.stderr.read() if server.stderr else ""
    return server


def _lines_until(server: subprocess.Popen[str], end: str, timeout: float) -> list[str]:
    """The lines the server writes up to the first that holds `end` (read in a thread, so that a server that
    never writes it cannot hang the test): the server logs a viewer leaving just after its watcher ends."""
    assert server.stdout is not None
    stdout, got = server.stdout, []

    def read() -> None:
        for line in stdout:
            got.append(line)
            if end in line:
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    return got


def _stop(server: subprocess.Popen[str], how: int = signal.SIGINT) -> tuple[str, str]:
    server.send_signal(how)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
        pytest.fail(f"serve did not stop on signal {how}")
    assert server.stdout is not None and server.stderr is not None
    return server.stdout.read(), server.stderr.read()  # the rest, after the first line _serve read


async def _first_screen(port: int) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse, bytes]:
    """A websocket as the page opens it, read until the watcher's screen shows the ships."""
    session = aiohttp.ClientSession()
    websocket = await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=120&height=36")
    received = b""
    while b"Razor Leader" not in received:
        message = await asyncio.wait_for(websocket.receive(), 120)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        received += message.data
    return session, websocket, received


def test_a_port_in_use_is_one_line_and_exit_2_before_any_address_is_printed() -> None:
    _table()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _mstracker("serve", "Table", "--port", str(port))
    assert result.returncode == 2
    assert result.stdout == ""  # no "Serving ... at" for an address that serves nothing
    assert result.stderr == f"mstracker: cannot serve on 127.0.0.1:{port}: address already in use (try another --port)\n"
    refused = _mstracker("serve", "Table", "--max-viewers", "0")
    assert (refused.returncode, refused.stderr) == (2, "mstracker: --max-viewers: expected 1 to 64, got 0\n")


def test_the_page_loads_nothing_from_the_internet() -> None:
    _table()
    port = free_port()
    server = _serve(port)
    try:
        async def fetch() -> tuple[str, dict[str, int]]:
            async with aiohttp.ClientSession() as session:
                async with session.get(f"http://127.0.0.1:{port}/") as page:
                    html = await page.text()
                statuses = {}
                for link in re.findall(r'(?:src|href)="([^"]+)"', html) + re.findall(r'url\("([^"]+)"\)', html):
                    async with session.get(f"http://127.0.0.1:{port}{link}") as asset:
                        statuses[link] = asset.status
                return html, statuses

        html, statuses = asyncio.run(fetch())
    finally:
        _stop(server)
    assert "googleapis" not in html and "http://" not in html.replace(f"ws://127.0.0.1:{port}/ws", "")
    assert statuses == {"/static/css/xterm.css": 200, "/static/js/textual.js": 200, "/": 200,
                        "/static/fonts/RobotoMono-VariableFont_wght.ttf": 200}


def test_viewers_are_capped_and_each_gets_one_quiet_line() -> None:
    _table()
    port = free_port()
    server = _serve(port, "--max-viewers", "1")
    assert _wait_for(lambda: len(_children(server.pid)) == 1, 60)  # the watcher started ahead for the first tab
    (ready,) = _children(server.pid)
    try:
        async def visit() -> dict[str, object]:
            seen: dict[str, object] = {}
            session, websocket, screen = await _first_screen(port)
            seen["screen"] = b"Wall Anchor" in screen or b"Blue" in screen
            async with aiohttp.ClientSession() as other:
                async with other.get(f"http://127.0.0.1:{port}/") as page:
                    seen["full_page"] = (page.status, "already has 1 viewer" in await page.text())
                try:
                    await other.ws_connect(f"http://127.0.0.1:{port}/ws")
                    seen["second_tab"] = "accepted"
                except aiohttp.WSServerHandshakeError as refused:
                    seen["second_tab"] = refused.status
            await websocket.close()
            await session.close()
            return seen

        seen = asyncio.run(visit())
        assert _wait_for(lambda: ready not in _children(server.pid), 30)  # the tab took it, and it ended with the tab
    finally:
        out, err = _stop(server)
    assert seen == {"screen": True, "full_page": (503, True), "second_tab": 503}
    assert out.splitlines() == [
        "(ctrl+c stops; up to 1 viewers at once)",
        "viewer from 127.0.0.1 joined (1 of 1 watching)",
        "viewer from 127.0.0.1 left (0 of 1 watching)",
    ]  # no access log: not one line per request
    assert err == ""


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_stopping_closes_a_tab_whose_browser_does_not_read(how: int) -> None:
    """A stalled tab (the page never reads) no longer holds the server up: its watcher is ended and
    its connection is closed by the server. The time taken is printed for the record."""
    _table()
    port = free_port()
    server = _serve(port)
    stalled = socket.create_connection(("127.0.0.1", port))
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    try:
        stalled.sendall(UPGRADE.encode())
        assert _wait_for(lambda: _children(server.pid), 60)
        time.sleep(3)  # let the watcher draw into the stalled connection until it backs up
        watchers = _children(server.pid)  # the tab's, and the one started ahead for the next tab
        started = time.perf_counter()
        out, err = _stop(server, how)
        print(f"serve stopped {time.perf_counter() - started:.2f} s after signal {how} with a stalled tab")
    finally:
        stalled.close()
    assert server.returncode == 0
    assert all(not Path(f"/proc/{pid}").exists() for pid in watchers)
    assert "viewer from 127.0.0.1 joined (1 of 4 watching)" in out
    assert "Traceback" not in err and "Event loop is closed" not in err


def _reaped(pid: int, seconds: float) -> int:
    """The wait status of child `pid`, once it has ended (killed, and the test failed, if it does not)."""
    import os

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return status
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail("the watcher did not end after its game was deleted")


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="pseudo-terminals are POSIX")
def test_watch_in_a_terminal_ends_with_one_line_when_its_game_is_deleted() -> None:
    import os
    import pty
    import select

    _table()
    pid, fd = pty.fork()
    if pid == 0:  # the child: `mstracker watch Table` in a terminal of its own
        os.execv(sys.executable, [sys.executable, "-m", "mstracker", "watch", "Table"])
    seen = b""

    def read(marker: bytes, seconds: float) -> bool:
        nonlocal seen
        end = time.monotonic() + seconds
        while marker not in seen and time.monotonic() < end:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        return marker in seen

    try:
        assert read(b"Razor Leader", 60)
        deleted = _mstracker("game", "delete", "Table", "--yes")
        assert deleted.returncode == 0, deleted.stderr
        assert read(b"the watcher stopped", 60)
        status = _reaped(pid, 30)
    finally:
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 1
    assert b"mstracker: game 'Table' (id 1) was deleted; the watcher stopped" in seen
    assert b"Traceback" not in seen


def test_a_tab_of_a_deleted_game_says_so() -> None:
    """The watcher started ahead either had loaded the game before the delete (the tab then shows that
    it was deleted) or had not (it ends, and the server says why in one line); which one is timing."""
    _table()
    port = free_port()
    server = _serve(port, "--max-viewers", "1")
    try:
        assert _wait_for(lambda: len(_children(server.pid)) == 1, 60)  # the watcher started ahead
        assert _mstracker("game", "delete", "Table", "--yes").returncode == 0

        async def visit() -> tuple[bool, bytes]:
            received = b""
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(f"http://127.0.0.1:{port}/ws?width=120&height=36") as websocket:
                    while b"was deleted" not in received:
                        message = await asyncio.wait_for(websocket.receive(), 120)
                        if message.type != aiohttp.WSMsgType.BINARY:
                            return True, received
                        received += message.data
            return False, received

        closed, screen = asyncio.run(visit())
        assert _wait_for(lambda: not _children(server.pid), 60)
        logged = _lines_until(server, "left (0 of 1 watching)", 60)  # logged just after the watcher ends
    finally:
        out, err = _stop(server)
    lines = "".join([*logged, out]).splitlines()
    assert lines[1] == "viewer from 127.0.0.1 joined (1 of 1 watching)"
    if closed:  # it had not loaded the game: it ended, and the server gives its reason
        # gone before its look-up, or between the look-up of its row and the read of its log
        assert lines[2] in ("viewer from 127.0.0.1: the view ended: mstracker: no game '1'; games: none yet",
                            "viewer from 127.0.0.1: the view ended: mstracker: game 'Table' (id 1) was deleted")
        assert lines[3:] == ["viewer from 127.0.0.1 left (0 of 1 watching)"]
    else:  # it had: the tab says so, in the watcher's own words
        assert b"game 'Table' (id 1) was deleted; the watcher stopped" in screen
        assert lines[2:] == ["viewer from 127.0.0.1 left (0 of 1 watching)"]
    assert err == ""
