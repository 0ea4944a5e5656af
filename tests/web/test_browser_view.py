"""`mstracker serve`: the watcher in a real headless browser (Debian's chromium through chromedriver).

The page shows the ships, and an action committed from the CLI while the page is open appears on
it. In CI (MSTRACKER_REQUIRE_BROWSER=1, set by .ci/run) a missing chromium fails the test; on a
laptop without chromium it is skipped with the reason.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser import Browser, free_port, missing

REPO = Path(__file__).resolve().parents[2]
FLEETS = [str(REPO / "data/fleets/pz8/razor-squadron.toml"), str(REPO / "data/fleets/pz8/anchor-flight.toml")]

pytestmark = pytest.mark.slow


def _mstracker(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mstracker", *argv], capture_output=True, text=True, timeout=120)


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return out


def _wait_for(check, seconds: float, every: float = 0.25) -> bool:  # noqa: ANN001
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(every)
    return check()


def test_served_page_shows_the_ships_and_follows_a_cli_action() -> None:
    why = missing()
    if why:
        if os.environ.get("MSTRACKER_REQUIRE_BROWSER"):
            pytest.fail(f"the browser test must run here: {why}")
        pytest.skip(why)
    created = _mstracker("game", "new", "--ruleset", "pz8", "--fleet", FLEETS[0], "--fleet", FLEETS[1], "--name", "Table", "--json")
    assert created.returncode == 0, created.stderr
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mstracker", "serve", "Table", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    browser = None
    watchers: list[int] = []
    try:
        assert server.stdout is not None
        assert server.stdout.readline() == f"Serving 'Table' read-only at http://127.0.0.1:{port}\n"
        browser = Browser()
        browser.open(f"http://127.0.0.1:{port}/")
        assert _wait_for(lambda: "Razor Leader" in browser.received() and "Wall Anchor" in browser.received(), 60)
        print(f"served first frame: {browser.first_seen('Wall Anchor'):.2f} s from opening the page")  # page clock
        loaded = browser.run("return performance.getEntriesByType('resource').map(e => e.name);")
        assert loaded and all(url.startswith(f"http://127.0.0.1:{port}/") or url.startswith(f"ws://127.0.0.1:{port}/")
                              for url in loaded), loaded  # nothing from the internet (an offline table)
        watchers = _children(server.pid)  # one `mstracker watch` per tab
        acted = _mstracker("game", "act", "Table", "note", "seen-in-the-browser", "--json")
        assert acted.returncode == 0, acted.stderr  # the served game stays writable: the watcher holds no lock
        assert json.loads(acted.stdout)["events"][0]["kind"] == "noted"
        assert _wait_for(lambda: "seen-in-the-browser" in browser.received(), 30)
    finally:
        if browser is not None:
            browser.close()
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        for pid in watchers:
            try:
                os.kill(pid, signal.SIGKILL)  # normally gone with the server already
            except ProcessLookupError:
                pass


def test_serve_binds_to_this_machine_only_unless_told(cli_help: str = "") -> None:
    out = _mstracker("serve", "--help")
    assert "default 127.0.0.1" in out.stdout
    refused = _mstracker("serve", "Nope", "--port", "8123")
    assert refused.returncode == 2 and refused.stderr.startswith("mstracker: no game 'Nope'")
